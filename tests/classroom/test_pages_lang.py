"""The classroom pages' own words follow the page's language: the landing page, a table page's
and an exercise page's heading and instructions, the exercise list, the illustrative-data note and
the "classroom is full" page (``fresco_kit.classroom.headings``, ``landing``, ``widgets.banner``,
``voila_server.ClassroomFull``); and the notebooks behind those pages show students no English
cell (each markdown cell is tagged ``lab-only`` or ``teacher``, which the classroom's template
leaves out or hides).  The same pages are read in a browser through Voilà in
``tests/test_classroom_lang.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fresco_kit.classroom import headings
from fresco_kit.classroom.exercise_widget import exercise_sheet
from fresco_kit.classroom.i18n import translator
from fresco_kit.classroom.landing import LAB_ONLY, landing_html, table_notebook_name
from fresco_kit.classroom.voila_server import FULL, ClassroomFull
from fresco_kit.classroom.widgets import banner
from fresco_kit.core.registry import game_info
from tests.catalogs import TRANSLATED, english_sentences
from tests.classroom.test_exercises_translated import proper_names
from tests.games import kit_games

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
KIT = [info.name for info in kit_games()]
EXERCISES = [info.name for info in kit_games() if info.parts.exercises is not None]


def english(html: str, game: str | None = None) -> list[str]:
    """The English sentences of ``html`` (the game's proper names, such as Lorenzo's cards, taken out)."""
    return english_sentences(html, names=proper_names(game) if game else ())


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", KIT)
def test_a_table_pages_heading_is_in_the_pages_language(game, lang):
    info = game_info(game)
    for n in info.player_counts:
        shown = headings.table_heading(game, n, lang)
        title = translator(lang)("{game}: a table for {n} players").format(game=info.title, n=n)
        assert re.search(rf"<h1[^>]*>{re.escape(title)}</h1>", shown.html) and repr(shown) == title
        assert f'href="../00_classroom.ipynb?lang={lang}"' in shown.html       # back, in the same language
        assert not english(shown.html), english(shown.html)
    english_page = headings.table_heading(game, info.player_counts[0], "en").html
    assert "a table for" in english_page and 'href="../00_classroom.ipynb"' in english_page


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", EXERCISES)
def test_an_exercise_pages_heading_and_list_are_in_the_pages_language(game, lang):
    info = game_info(game)
    head, listed = headings.exercise_heading(game, lang), headings.exercise_list(game, lang)
    found = english(head.html, game) + english(listed.html, game)
    assert not found, found
    assert head.html.count("<h1") == 1 and "<h2" in head.html and "<h2" in listed.html
    _ = translator(lang)
    assert headings.exercise_title(info, lang) in head.html
    for ex in info.exercises.EXERCISES:               # every exercise, with its kind in words
        assert _.say(ex.title) in repr(listed) and _(headings.KIND_NAMES[ex.kind]) in repr(listed)
    readings = [ex for ex in info.exercises.EXERCISES if ex.reading]
    assert len(re.findall(re.escape(_("{exercise}; it rests on a reading of the kit").split("}")[1]), repr(listed))) == len(readings)


def test_the_exercise_list_in_english_names_each_kind_in_words():
    listed = repr(headings.exercise_list("fresco", "en")).splitlines()
    assert listed[0] == "The exercises on this sheet"
    assert listed[1].startswith("1. ") and "(Is this move legal?)" in listed[1]
    assert any(line.endswith("; it rests on a reading of the kit") for line in listed)
    assert not any(re.search(r"\b(why_not|best|legal)\b\)", line) for line in listed)     # no kind codes


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_landing_page_is_in_the_pages_language_and_its_links_keep_it(lang):
    page = landing_html(NOTEBOOKS, lang)
    assert not english(page, "lorenzo"), english(page, "lorenzo")
    _ = translator(lang)
    assert f"<h1>{_('Classroom')}</h1>" in page
    for info in kit_games():
        for n in info.player_counts:
            assert f'href="{table_notebook_name(info.name, n)}?lang={lang}"' in page
        if info.parts.exercises is not None:
            assert re.search(rf'href="{info.name}/\d\d_exercises.ipynb\?lang={lang}">', page)
    # the lessons stay in English, marked as such, and their links carry no language
    assert page.count('<ol lang="en">') == len(KIT) and _("Lessons in English ({n})").split(" (")[0] in page
    assert not re.search(r'href="[a-z]+/\d\d_(?!exercises)[a-z_]+\.ipynb\?', page)
    # the same page in the other languages, each named in itself
    assert 'lang="en" hreflang="en">English</a>' in page
    assert f'href="00_classroom.ipynb?lang={lang}"' not in page


def test_the_english_landing_page_links_without_a_language():
    page = landing_html(NOTEBOOKS, "en")
    assert "?lang=" not in page.replace('href="00_classroom.ipynb?lang=es"', "").replace(
        'href="00_classroom.ipynb?lang=it"', "")
    assert "<h1>Classroom</h1>" in page and "Lessons (" in page


def test_the_landing_page_follows_the_link_in_the_classroom(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=it")
    assert "<h1>Aula</h1>" in landing_html(NOTEBOOKS)
    assert "Lezioni in inglese" in landing_html(NOTEBOOKS)
    monkeypatch.setenv("QUERY_STRING", "lang=xx")      # not a language of the kit: English
    assert "<h1>Classroom</h1>" in landing_html(NOTEBOOKS)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_illustrative_data_note_and_the_sheet_are_in_the_pages_language(lang, monkeypatch):
    note = banner(lang=lang).value
    assert translator(lang)("Note.") in note and not english(note), english(note)
    monkeypatch.setenv("QUERY_STRING", f"lang={lang}")
    assert banner().value == note                      # the link's language, in the classroom
    sheet = exercise_sheet("fresco")
    menu = sheet.children[1]
    assert menu.description == translator(lang)("Exercise")


def test_a_full_classroom_says_so_in_every_language():
    full = ClassroomFull(24)
    assert full.status_code == 503 and full.reason == FULL == "The classroom is full"
    said = dict(full.messages)
    assert list(said) == ["en", "es", "it"] and all("24" in text for text in said.values())
    assert said["en"].startswith("The classroom is full: 24 pages are open")
    assert said["es"].startswith("El aula está llena") and said["it"].startswith("L'aula è piena")
    assert not english(f'<p>{said["es"]}</p><p>{said["it"]}</p>')


# ---- the notebooks behind the classroom's pages -----------------------------------------------
def classroom_notebooks() -> list[Path]:
    """The landing page, the table notebooks and the exercise notebooks."""
    return [NOTEBOOKS / "00_classroom.ipynb", *sorted((NOTEBOOKS / "tables").glob("*.ipynb")),
            *sorted(NOTEBOOKS.glob("*/[0-9][0-9]_exercises.ipynb"))]


@pytest.mark.parametrize("path", classroom_notebooks(), ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_a_classroom_page_shows_students_no_markdown_of_its_own(path):
    """Its English prose is for JupyterLab readers (``lab-only``) or teachers (``teacher``); what a
    student reads comes from code cells, in the link's language."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    shown = [c for c in cells if c["cell_type"] == "markdown"
             and not {LAB_ONLY, "teacher"} & set(c["metadata"].get("tags", []))]
    assert not shown, ["".join(c["source"])[:80] for c in shown]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    if "exercises" in path.name:
        game = path.parent.name
        assert any(f'exercise_heading("{game}")' in c for c in code) and any(f'exercise_list("{game}")' in c for c in code)
    elif path.parent.name == "tables":
        assert any("table_heading(" in c for c in code)
