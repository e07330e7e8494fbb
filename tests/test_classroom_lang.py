"""The classroom's pages wholly in Spanish and Italian, read in a browser through Voilà.

``test_a_classroom_page_reads_without_english``: in headless Chromium, through the classroom's
Voilà server (:class:`tests.test_classroom.VoilaServer`), each game's table page (3 players, after
one move), each game's exercise page (after one checked answer) and the landing page are opened
with ``?lang=es`` and with ``?lang=it``.  Everything the page shows (its visible text, and the
tooltips, labels and alt texts of what is visible, ``tests.catalogs.english_sentences``) holds no
English sentence.  Left in English on purpose, as the other pages tests do: the players' names,
Lorenzo's card and tile names, the citations of a rule whose rulebook has no edition in the
language, and whatever is marked ``lang="en"`` (the lessons' titles on the landing page, a
teacher's section).  The page's ``<html lang>`` is the link's, and no JupyterLab-only text shows.
A screenshot of each page at 390×844 and 1440×900 goes to ``FRESCO_KIT_SHOTS`` (as in
``tests/test_classroom_access.py``).

Skips without Chromium, except under ``CI=true`` (as the other browser tests).
"""
from __future__ import annotations

import pytest

from fresco_kit.classroom.i18n import citation
from fresco_kit.core.registry import game_info
from tests.catalogs import english_sentences
from tests.classroom.test_exercises_translated import proper_names
from tests.test_browser import browser  # noqa: F401  (the browser fixture, shared)
from tests.test_classroom import TIMEOUT_MS, click_next, shot, voila  # noqa: F401  (the server fixture, shared)
from tests.test_classroom_access import JS_READY, look, page  # noqa: F401  (the 1440x900 page fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAMES = ("sixtina", "fresco", "lorenzo")
EXERCISES = {"sixtina": "sixtina/08_exercises.ipynb", "fresco": "fresco/07_exercises.ipynb",
             "lorenzo": "lorenzo/08_exercises.ipynb"}
#: (name in the screenshots, notebook, what shows once it has run, the game whose names it shows)
PAGES = [
    *[(f"lang_table_{g}", f"tables/{g}_3p.ipynb", ".fk-table-board svg", g) for g in GAMES],
    *[(f"lang_exercise_{g}", EXERCISES[g], ".fk-exercise .fk-board-view svg", g) for g in GAMES],
    ("lang_landing", "00_classroom.ipynb", ".fk-classroom", None),
]

#: the page as a reader meets it: the body's HTML without what is not shown (hidden cells, closed
#: menus' panels, noscript, scripts); the options of a visible list are kept
JS_SHOWN = """() => {
  const hidden = [];
  for (const e of document.body.querySelectorAll('*')) {
    const inList = e.closest('select') && e.closest('select').checkVisibility();
    if (!inList && !e.checkVisibility({visibilityProperty: true})) { e.setAttribute('data-fk-unseen', ''); hidden.push(e); }
  }
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll('[data-fk-unseen], script, style, noscript, template').forEach(e => e.remove());
  hidden.forEach(e => e.removeAttribute('data-fk-unseen'));
  return copy.innerHTML;
}"""


def left_in_english(game: str | None, lang: str) -> tuple[tuple[str, ...], set[str]]:
    """The names a page of ``game`` may show in English (players', Lorenzo's cards), and the
    citations of its rules that stay English in ``lang`` (no rulebook in that language)."""
    if game is None:
        return (), set()
    info = game_info(game)
    players = tuple(info.players(3))
    cited = {citation(ref, lang) for ref in info.refs.RULES.values()}
    return players + proper_names(game), cited


def act(page, notebook: str) -> None:
    """What a student does first: a move at a table, a checked answer on an exercise page."""
    if notebook.startswith("tables/"):
        log = page.locator(".fk-table-log")
        before = log.inner_text()
        for _ in range(12):                          # the steps of one move, then its log line
            click_next(page)
            if log.inner_text() != before:
                return
        raise AssertionError("no move was played")
    if "exercises" in notebook:
        answer = page.locator(".fk-exercise-answer button:visible, .fk-exercise-answer input:visible").first
        if answer.evaluate("e => e.tagName") == "INPUT":
            answer.fill("3")
        else:
            answer.click()
        page.locator(".fk-exercise-check").first.click()
        page.wait_for_function("s => document.querySelector(s).innerText.trim() !== ''", arg=".fk-exercise-feedback")


@pytest.mark.parametrize("lang", ["es", "it"])
@pytest.mark.parametrize(("name", "notebook", "ready", "game"), PAGES, ids=[p[0] for p in PAGES])
def test_a_classroom_page_reads_without_english(page, voila, name, notebook, ready, game, lang):
    try:
        page.goto(f"{voila.url(notebook)}?lang={lang}", wait_until="domcontentloaded")
        page.wait_for_function(JS_READY, arg=ready, timeout=TIMEOUT_MS)
        act(page, notebook)
        assert page.evaluate("() => document.documentElement.lang") == lang
        text = page.locator("body").inner_text()
        assert "Run the notebook" not in text and "Run All Cells" not in text       # JupyterLab's only
        names, cited = left_in_english(game, lang)
        found = [t for t in english_sentences(page.evaluate(JS_SHOWN), names=names) if t not in cited]
        assert not found, "\n".join(dict.fromkeys(found))
        if notebook.startswith("tables/") or "exercises" in notebook:   # the way back keeps the language
            assert page.locator(f'.fk-page-head a[href="../00_classroom.ipynb?lang={lang}"]').count() == 1
        for size in ("390x844", "1440x900"):          # screenshots, named page-lang-size.png
            look(page, name, lang, size)
    except BaseException as exc:
        shot(page, f"{name}_{lang}", exc)
        exc.add_note("Voila log (tail):\n" + voila.log_tail())
        raise
