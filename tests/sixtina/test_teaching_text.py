"""Issue 10: what the sixtina teaching says -- plurals in every generated text, the
figures' labels, and the notebooks' corrected sentences (read from the stored JSON)."""

from __future__ import annotations

import json
import re
from html import escape
from xml.sax.saxutils import quoteattr
from pathlib import Path

import pytest

from fresco_kit.core import Rng, random_playout
from fresco_kit.sixtina import new_game, rules, teach
from fresco_kit.core.text import plural
from fresco_kit.sixtina.examples import EXAMPLES, chapel_chain, example

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks" / "sixtina"
BAD_PLURAL = re.compile(
    r"\b1 (points|coins|thalers|cards|technique cards|servants|materials|extra materials|black materials|"
    r"technique spaces|spaces|objectives|frescoes|new frescoes|restorations)\b|\((s|es)\)"
)


def notebook_text(name: str, kind: str | None = None) -> str:
    cells = json.loads((NOTEBOOKS / name).read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if kind is None or c["cell_type"] == kind)


def notebook_html(name: str) -> str:
    cells = json.loads((NOTEBOOKS / name).read_text())["cells"]
    return "\n".join("".join(o.get("data", {}).get("text/html", "")) for c in cells if c["cell_type"] == "code"
                     for o in c["outputs"])


def notebook_outputs(name: str) -> str:
    cells = json.loads((NOTEBOOKS / name).read_text())["cells"]
    return "\n".join("".join(o.get("text", "")) for c in cells if c["cell_type"] == "code" for o in c["outputs"])


def test_plural():
    assert [plural(n, "point") for n in (-1, 0, 1, 2)] == ["-1 point", "0 points", "1 point", "2 points"]
    assert plural(1, "fresco", "frescoes") == "1 fresco" and plural(3, "fresco", "frescoes") == "3 frescoes"


@pytest.mark.parametrize("players", [["Red", "White"], ["Red", "White", "Blue"], ["Red", "White", "Blue", "Yellow"]])
def test_no_singular_count_with_a_plural_noun_in_random_games(players):
    for seed in range(4):
        game = new_game(players, seed=seed)
        random_playout(game, Rng(seed))
        texts = [str(e) for turn in game.history for e in turn.events] + [str(game.scores())]
        for text in texts:
            assert not BAD_PLURAL.search(text), text


def test_no_bad_plural_in_refusals_and_teaching_texts():
    game, cards = chapel_chain()
    wrong = rules.Restore("G1", "repainting", (cards["red_repainting"][0], cards["red_other"][0]), 3)
    texts = [str(game.explain(wrong)), teach.setup_summary(2, seed=0).to_text()]
    texts.append(teach.completion("moses_5", [("correct", "Red"), ("correct", "Blue"), None], {"Red": 2}).to_text())
    for text in texts:
        assert not BAD_PLURAL.search(text), text
    assert "Infrared 1 (card 42) is not a Repainting card" in texts[0]


@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_no_bad_plural_in_stored_notebook_outputs(name):
    assert not BAD_PLURAL.search(notebook_outputs(name))


# -- the "rulebook" column holds only figures the rulebook prints ------------------------
CONSTRUCTED_ROWS = {
    "Excellent restoration": {
        "an objective met, this restoration counting (constructed)",
        "highest free scoring space taken (constructed: the 2nd)",
        "Blue's supply after the claim (constructed)",
    },
    "Prudent restoration": {"black materials left in the supply (constructed)", "White's play area after (constructed)"},
    "Gianluigi's restoration": {
        "black materials left in the supply (constructed)",
        "next to play once Blue's turn is over (constructed)",
    },
}


@pytest.mark.parametrize("name", sorted(CONSTRUCTED_ROWS))
def test_rows_the_rulebook_does_not_print_are_labelled_constructed(name):
    quantities = {c.quantity for c in example(name).run()}
    assert CONSTRUCTED_ROWS[name] <= quantities
    assert not {"black materials in the supply", "White's play area after", "black material used",
                "Blue's turn is over", "claim material from the supply"} & quantities
    assert all(ex.kind in ("rulebook example", "constructed") for ex in EXAMPLES)


# -- the notebooks say what issue 10 asked ----------------------------------------------
def flat(text: str) -> str:
    return " ".join(text.split())


def test_setup_notebook_gives_no_reasons_the_rulebook_does_not_and_teaches_components_and_step_5():
    text = flat(notebook_text("01_setup.ipynb", "markdown"))
    assert "Why does the number of materials go" not in text and "keeps prudent restorations available" not in text
    assert "without giving reasons" in text
    assert "## Components and Know the Cards" in text and "five technique cards" in text
    assert "hand == {5}" in notebook_text("01_setup.ipynb", "code") or "hands == {5}" in notebook_text("01_setup.ipynb")
    assert "fresco cards 26" in notebook_outputs("01_setup.ipynb")


def test_actions_notebook_spells_out_the_bonuses_and_explains_the_prudent_refusal():
    text = flat(notebook_text("02_actions.ipynb", "markdown"))
    for bonus in ("**Refined Technique**", "**Additional Material**", "**Objective**"):
        assert bonus in text
    assert "holding 7 cards draws only one" in text
    assert "Why does the second refusal cite *C. Prudent Restoration*?" in text and "2 + 1 = 3" in text
    outputs = notebook_outputs("02_actions.ipynb")
    assert "bonus refined: Blue takes Refined Technique: draws 2 cards" in outputs
    assert "black materials left in the supply (constructed)" in outputs


@pytest.mark.parametrize(
    "name,reading",
    [
        ("01_setup.ipynb", "chapel layout"),
        ("02_actions.ipynb", "preparation always allowed"),
        ("02_actions.ipynb", "acquire needs a card"),
        ("05_two_players.ipynb", "two-player turn order"),
        ("03_completing_a_fresco.ipynb", "uncover next to restored frescoes"),
        ("03_completing_a_fresco.ipynb", "objectives count the board"),
        ("04_end_and_final_scoring.ipynb", "leftover counts"),
        ("04_end_and_final_scoring.ipynb", "last fresco halved"),
        ("04_end_and_final_scoring.ipynb", "prudent lead tie"),
        ("04_end_and_final_scoring.ipynb", "winner tie-break reserve"),
        ("04_end_and_final_scoring.ipynb", "final contribution needs a restored fresco"),
        ("05_two_players.ipynb", "Gianluigi's own material"),
        ("06_objectives_variant_and_readings.ipynb", "three ongoing restorations"),
        ("06_objectives_variant_and_readings.ipynb", "adjacent restored frescoes"),
        ("06_objectives_variant_and_readings.ipynb", "fresco types"),
        ("06_objectives_variant_and_readings.ipynb", "objective technique lists"),
        ("03_completing_a_fresco.ipynb", "negative shares rounded down"),
        ("05_two_players.ipynb", "Gianluigi can win"),
        ("05_two_players.ipynb", "Gianluigi takes no bonus"),
    ],
)
def test_notebooks_flag_the_readings_where_they_apply(name, reading):
    from fresco_kit.sixtina.readings import READING

    assert reading in READING
    text = flat(notebook_text(name, "markdown"))
    assert f"(the kit's reading: {reading}, listed in notebook 6)" in text and "This is a reading of the kit" in text


def test_final_scoring_cell_labels_illustrative_card_values():
    code = notebook_text("04_end_and_final_scoring.ipynb", "code")
    assert code.count("illustrative card values") == 3
    assert "**illustrative card values**" in notebook_text("04_end_and_final_scoring.ipynb", "markdown")


def test_two_player_notebook_no_longer_claims_the_whole_rulebook():
    text = flat(notebook_text("05_two_players.ipynb", "markdown"))
    assert "That is the whole rulebook" not in text
    assert "06_objectives_variant_and_readings.ipynb" in text


def test_objectives_notebook_teaches_objectives_variant_and_lists_the_readings():
    from fresco_kit.sixtina.readings import READINGS as ALL

    md = flat(notebook_text("06_objectives_variant_and_readings.ipynb", "markdown"))
    for words in ("## The twelve objectives", "*Footnote*", "one side serves 2 and 3 players",
                  "**highest free** scoring space", "never place more than one", "## Variant: Sheets with History",
                  "### A sheet's reward (constructed)", "## The kit's readings", "hold no rule"):
        assert words in md, words
    out = notebook_outputs("06_objectives_variant_and_readings.ipynb")
    html = notebook_html("06_objectives_variant_and_readings.ipynb")
    for reading in ALL:       # a short table, each reading opening on its detail (<details>)
        assert f"<b title={quoteattr(reading.rule)}>{escape(reading.id)}</b>" in html
        assert f"<details><summary>{escape(reading.kit)}</summary>" in html
    assert "Blue again: ['Blue already has a material on the objective “At least 3 (2 with 4 players)" in out
    for words in ("portrait (7)", "narrative (8)", "architecture (4)", "nature (7)"):   # the four fresco types
        assert words in out, words
    assert "Sheets with History (constructed; Variant: Sheets with History)" in out


def test_no_sixtina_file_cites_facts_md():
    files = list((ROOT / "fresco_kit" / "sixtina").glob("*.py")) + list(NOTEBOOKS.glob("*.ipynb"))
    files += [ROOT / "seeds" / "sixtina.toml"]
    for path in files:
        assert "FACTS" not in path.read_text(), path


def test_no_bad_plural_in_widget_texts():
    from fresco_kit.sixtina import widgets as W

    panels = [
        W.setup_selector(draw=False),
        W.restoration_explorer(draw=False),
        W.restoration_explorer(values="1", technique="washi_paper", draw=False),
        W.completion_calculator(draw=False),
        W.chapel_explorer(draw=False),
        W.objectives_explorer(draw=False),
        W.final_scoring_sheet(draw=False),
        W.gianluigi_reply_widget(draw=False),
        W.gianluigi_reply_widget(values="1", draw=False),
    ]
    for box in panels:
        text = W.output_text(box.out)
        assert text and not BAD_PLURAL.search(text), text


def test_next_links_walk_the_notebooks_in_order_and_resolve():
    names = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    assert names[5:] == ["06_objectives_variant_and_readings.ipynb", "07_play_a_game.ipynb", "08_exercises.ipynb"]
    for name, following in zip(names, names[1:]):
        last = json.loads((NOTEBOOKS / name).read_text())["cells"][-1]
        text = "".join(last["source"])
        assert f"**Next:** [{following[:-6]}]({following})" in text, name
    for name in names:
        for target in re.findall(r"\]\(([^)#]+\.ipynb)\)", flat(notebook_text(name, "markdown"))):
            assert (NOTEBOOKS / target).resolve().is_file(), (name, target)


def test_widget_cells_are_tagged_and_their_state_is_stored():
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = json.loads(path.read_text())
        widget_cells = [c for c in nb["cells"] if c["cell_type"] == "code"
                        and re.search(r"banner\(\)|widget|table\(|exercise_sheet\(|_selector\(|_explorer\(|"
                                      r"_calculator\(|_sheet\(\)", "".join(c["source"]))]
        for cell in widget_cells:
            assert "nbval-ignore-output" in cell["metadata"].get("tags", []), (path.name, cell["source"][:2])
        if widget_cells:
            state = nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
            assert state, path.name                       # widgets render before the notebook is run


def test_every_reading_is_flagged_in_some_lesson():
    from fresco_kit.sixtina.readings import READINGS

    text = flat("\n".join(notebook_text(p.name, "markdown") for p in sorted(NOTEBOOKS.glob("0*.ipynb"))))
    flagged = " ".join(re.findall(r"\(the kit's readings?: ([^)]*?), listed in notebook 6", text))
    missing = [r.id for r in READINGS if r.id not in flagged]
    assert not missing, missing


def test_lessons_link_to_the_classroom_page_not_the_developers_start_page():
    for path in sorted(NOTEBOOKS.glob("0*.ipynb")):
        text = notebook_text(path.name, "markdown")
        assert "../00_classroom.ipynb" in text and "00_start_here" not in text, path.name


def test_the_game_opens_with_what_it_is_about_and_how_you_win():
    cells = json.loads((NOTEBOOKS / "01_setup.ipynb").read_text())["cells"]
    second = "".join(cells[1]["source"])
    assert second.startswith("## What the game is about, and how you win") and "**How you win:**" in second
    text = flat(notebook_text("01_setup.ipynb", "markdown"))
    assert "chosen **at random**" in text and "**clockwise**" in text
    assert "networkx" not in text and "**graph**" not in text
    actions = flat(notebook_text("02_actions.ipynb", "markdown"))
    assert "at least one material there" in actions and "*C. Prudent Restoration*" in actions


def test_no_checklist_ids_or_internal_objective_ids_in_learner_outputs():
    ids = re.compile(r"\[sixtina [a-z]|\b(materials8|three6|one5|exc2|cor2|ec3|adjacent3|sametype2|difftype3|prudent_same3|"
                     r"prudent5|prudent_diff3)\b")
    for name in ("01_setup.ipynb", "02_actions.ipynb", "03_completing_a_fresco.ipynb", "04_end_and_final_scoring.ipynb",
                 "05_two_players.ipynb", "06_objectives_variant_and_readings.ipynb", "07_play_a_game.ipynb"):
        out = re.sub(r"\b(bonus objective|claim) \w+", "", notebook_outputs(name))   # the action grammar's text
        assert not ids.search(out), (name, ids.search(out))
