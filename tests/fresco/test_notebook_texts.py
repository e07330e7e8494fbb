"""What the Fresco notebooks say (issue 10): corrected sentences and labels, the readings
flagged where they apply and listed in notebook 5, and the engine-backed cells for the
market collision, the start-space rotation, the tie rule and the bank sizes."""
from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

import pytest

from fresco_kit.fresco import readings

from .test_plurals import BAD

NOTEBOOKS = Path(__file__).parents[2] / "notebooks" / "fresco"


def cells(name: str) -> list[dict]:
    nb = json.loads(next(NOTEBOOKS.glob(f"{name}_*.ipynb")).read_text(encoding="utf-8"))
    return nb["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def outputs(cell: dict) -> str:
    out = []
    for o in cell.get("outputs", []):
        out.append("".join(o.get("text", "")))
        out.append("".join(o.get("data", {}).get("text/plain", "")))
    return "".join(out)


def everything(name: str) -> str:
    return "\n".join(source(c) + "\n" + outputs(c) for c in cells(name))


ALL = ["01", "02", "03", "04", "05", "06", "07"]
FLAG = re.compile(r"This is a reading of the kit: .*?\(readings:\s*([a-z0-9_,\s]+)\)", re.S)


def test_notebook_5_says_only_what_the_spanish_text_settles():
    text = " ".join(source(cells("05")[0]).split())
    assert "Spanish translation of the base rules settles it" not in text
    assert "settles none of the points the English leaves open" in text


def test_the_7_oclock_case_is_labelled_constructed():
    text = everything("02")
    assert "rulebook example" not in text and "The rulebook's example" not in text
    assert "## A constructed example: getting up at 7 o'clock" in text
    assert "Getting up at 7 o'clock (constructed;" in text


def test_notebook_1_caption_matches_the_drawn_start_spaces():
    text = " ".join(everything("01").split())
    assert "the third player's painter starts on S3" not in text
    assert "S1 leftmost, because S1 counts as the last position" in text


@pytest.mark.parametrize("name", ALL)
def test_no_facts_md_and_no_singular_in_the_plural(name):
    text = re.sub(r"booth \d+ tiles \d", "", everything(name))  # the action grammar: "buy Red booth 1 tiles 1"
    assert "FACTS" not in text
    assert not BAD.search(text), BAD.search(text)


@pytest.mark.parametrize("name", ALL)
def test_each_notebook_flags_readings_that_exist(name):
    flagged = [i.strip() for m in FLAG.finditer(everything(name)) for i in m.group(1).split(",")]
    assert flagged, f"notebook {name} flags no reading"
    assert set(flagged) <= set(readings.READING), set(flagged) - set(readings.READING)


def test_every_reading_is_flagged_in_some_notebook_and_listed_in_notebook_5():
    flagged = {i.strip() for n in ALL for m in FLAG.finditer(everything(n)) for i in m.group(1).split(",")}
    assert flagged == set(readings.READING), set(readings.READING) - flagged
    last = [c for c in cells("05") if c["cell_type"] == "code"][-1]
    assert source(last).startswith("# NBVAL_CHECK_OUTPUT") and "readings.readings_html()" in source(last)
    shown = "".join("".join(o.get("data", {}).get("text/html", "")) for o in last.get("outputs", []))
    assert shown.strip() == readings.readings_html().strip()


def test_the_readings_table_has_every_reading_with_its_detail_behind_details():
    html = readings.readings_html()
    assert html.count("<tr>") == len(readings.READINGS) + 1 and html.count("<details>") == len(readings.READINGS)
    for r in readings.READINGS:
        assert escape(r.kit) in html and escape(r.argument) in html
        assert "one_booth_per_market_visit" not in html


@pytest.mark.parametrize("name", ALL)
def test_learner_text_shows_no_reading_ids_checklist_codes_or_graph_jargon(name):
    for cell in cells(name):
        if cell["cell_type"] != "markdown":
            continue
        visible = re.sub(r"<span title=\"[^\"]*\">", "", source(cell))
        visible = re.sub(r"<details><summary>For teachers.*?</details>", "", visible, flags=re.S)
        assert "(readings:" not in visible, (name, visible[:200])
        assert "networkx" not in visible and "king-move" not in visible
        assert "real games" not in visible


@pytest.mark.parametrize("name", ALL)
def test_lessons_link_to_the_classroom_page(name):
    text = source(cells(name)[-1])
    assert "../00_classroom.ipynb" in text and "00_start_here" not in text


def test_the_game_opens_with_what_it_is_about_and_how_you_win():
    first = [source(c) for c in cells("01")[:3]]
    assert "## What Fresco is about, and how you win" in first[1]
    assert "The most points wins" in first[1] and "## What is in the box" in first[2]


def test_the_bishop_on_a_restored_segment_is_taught_and_played():
    text = everything("03")
    assert "restored already or not" in text and "### The bishop may stand on a restored segment" in text
    assert "Red pays 1 thaler to move the bishop from segment (3, 3) to segment (2, 2)" in text


def test_the_stall_claim_is_a_reading_and_one_seed():
    text = " ".join(everything("05").split())
    assert "blended paints can run out and stall the fresco" not in text
    assert "is not a fact of the rules" in text and "one seeded game of random moves" in text


@pytest.mark.parametrize("widget", ["bishop_widget", "altar_widget", "blending_widget"])
def test_the_three_cathedral_and_workshop_widgets_say_what_to_do(widget):
    md = [source(c) for c in cells("03")]
    i = next(k for k, s in enumerate(md) if s.startswith(widget + "("))
    assert md[i - 1].startswith("**Try it:") and "Choose" in md[i - 1]


@pytest.mark.parametrize(
    "name,example",
    [
        ("01", "The bank and the paint supply"),
        ("02", "Big Box start-space rotation"),
        ("03", "Closing a booth before a later player"),
        ("04", "A tie for the win"),
    ],
)
def test_engine_backed_cells_for_the_new_topics(name, example):
    cell = next(c for c in cells(name) if f"teach.example({example!r})" in source(c))
    assert source(cell).startswith("# NBVAL_CHECK_OUTPUT") and cell["cell_type"] == "code"
    shown = outputs(cell)
    assert shown.startswith(f"{example} (constructed;") and "MISMATCH" not in shown


def test_bank_sizes_are_shown():
    text = everything("01")
    assert "196 thalers in all" in text and "(36, 16, 8)" in text and "78 paint pieces" in text


@pytest.mark.parametrize("name", ALL)
def test_every_notebook_ends_with_a_next_link_that_exists(name):
    last = source(cells(name)[-1])
    links = re.findall(r"\]\(([^)]+\.ipynb)\)", last)
    assert "**Next:**" in last and links
    assert all((NOTEBOOKS / link).resolve().exists() for link in links), links


@pytest.mark.parametrize("name", ["06", "07"])
def test_widget_cells_of_the_classroom_notebooks_ignore_their_output(name):
    for cell in cells(name):
        if cell["cell_type"] == "code" and ("table(" in source(cell) or "exercise_sheet(" in source(cell)):
            assert "nbval-ignore-output" in cell["metadata"].get("tags", [])


def test_the_play_notebook_shows_both_rulesets_and_a_cited_refusal():
    text = everything("06")
    assert 'ruleset="base"' in text and 'ruleset="bigbox"' in text
    assert "Fresco rulebook, Cathedral: Restore the fresco or altar, Moving the bishop" in text
    assert "Fresco rulebook, II. Planning and performing actions, Performing actions" in text
    assert "[fresco " not in text
