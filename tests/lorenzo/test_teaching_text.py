"""Issue 10 for Lorenzo: what the notebooks teach and the words the engine writes.

The notebooks are read as JSON (their sources and stored outputs), so that a sentence
or label put back the old way fails here; the engine's texts are checked over random
games (no "1 coins")."""
from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

import pytest

from fresco_kit.core import Rng
from fresco_kit.lorenzo import new_game, readings, rules
from fresco_kit.lorenzo.positions import game_at, position
from fresco_kit.lorenzo.refs import RULES, amount
from fresco_kit.lorenzo.teach import GLOSSARY
from fresco_kit.core.text import plural

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "lorenzo"

#: a number 1 (or +1, -1; not a space name such as "market-1") followed by a plural unit
BAD_PLURAL = re.compile(
    r"(?<![\w.-])[+-]?1 (points|coins|thalers|cards|servants|privileges|members|spaces|military points|"
    r"faith points|victory points|turns|rounds|players|tiles|familiari)\b"
)


def notebook(name: str) -> dict:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))


def sources(name: str) -> str:
    return "\n".join("".join(c["source"]) for c in notebook(name)["cells"])


def outputs(name: str) -> str:
    out = []
    for c in notebook(name)["cells"]:
        for o in c.get("outputs", []):
            data = o.get("data", {})
            text = o.get("text") or data.get("text/plain", "")
            out.append("".join(text) + "".join(data.get("text/html", "")))
    return "\n".join(out)


def test_plural_helpers():
    assert amount(1, "coins") == "1 coin" and amount(2, "coins") == "2 coins"
    assert amount(1, "servants") == "1 servant" and amount(1, "privileges") == "1 privilege"
    assert amount(1, "wood") == "1 wood" and amount(1, "vp") == "1 vp"
    assert plural(1, "card") == "1 card" and plural(0, "card") == "0 cards"


@pytest.mark.parametrize("seed", range(6))
def test_no_singular_number_with_a_plural_word_in_any_event(seed):
    """Random games, 2-4 players, advanced tiles on odd seeds: every event text and every
    refusal the engine writes uses the singular after 1."""
    names = ["Red", "White", "Blue", "Yellow"][: 2 + seed % 3]
    g = new_game(names, seed=seed, bonus_tiles="advanced" if seed % 2 else "standard")
    rng = Rng(seed)
    seen = 0
    while not g.is_over:
        action = rules.sample_action(g.state, rng)
        for event in g.play(action):
            assert not BAD_PLURAL.search(event.text), event.text
            seen += 1
        for name in names:
            for m in ("white", "neutral"):
                for space in ("territory-4", "market-1", "harvest-small", "council"):
                    for reason, _ in g.explain(f"place {name} {m} {space}").reasons:
                        assert not BAD_PLURAL.search(reason), reason
    assert seen > 100


@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_no_singular_number_with_a_plural_word_in_notebooks(name):
    for text in (sources(name), outputs(name)):
        assert not BAD_PLURAL.search(text), BAD_PLURAL.search(text)


def test_facts_file_is_not_cited():
    root = Path(__file__).resolve().parents[2]
    files = [*root.joinpath("fresco_kit", "lorenzo").glob("*.py"), root / "seeds" / "lorenzo.toml",
             *NOTEBOOKS.glob("*.ipynb"), *root.joinpath("tests", "lorenzo").glob("*.py")]
    for f in files:
        if f.name != Path(__file__).name:
            assert "FACTS" not in f.read_text(encoding="utf-8"), f


# ---- item 1: the published setup ----------------------------------------------------
def test_setup_notebook_teaches_the_random_first_order_and_the_advanced_tiles():
    src, out = sources("01_setup_and_dice.ipynb"), outputs("01_setup_and_dice.ipynb")
    assert "**The first turn order is drawn at random.**" in src
    assert "(the kit's reading: initial order, listed in notebook 5)" in src and 'initial_order="as_given"' in src
    assert "### The advanced personal bonus tiles" in src and 'bonus_tiles="advanced"' in src
    assert "First turn order (drawn at random): " in out
    assert "Advanced bonus tiles dealt in turn order: " in out
    assert "same seed, same game: True" in out


# ---- item 2: the readings, their shape, the listing and the flags ----------------------
def test_every_reading_has_the_asked_shape():
    for r in readings.READINGS:
        assert r.id and r.rule in RULES and r.reads and r.kit and r.alternatives and r.argument, r.id
        assert all(a and a != r.kit for a in r.alternatives), r.id
    switches = {s.name for s in readings.SWITCHES}
    named = {r.switch for r in readings.READINGS if r.switch}
    assert switches <= named                            # every switch belongs to a reading
    assert named - switches == {"bonus_tiles (an option)"}
    assert len(readings.READING) == len(readings.READINGS)


def test_the_odd_servants_reading():
    r = readings.READING["odd servants"]
    assert r.switch == "servants_in_pairs" and r.rule == "excomm.kinds"
    assert "odd" in r.reads and "refused" in r.kit and "wasted" in r.alternatives[0]
    for rid in ("extra action floor bonus", "military zero", "initial order"):
        assert readings.READING[rid].switch in {s.name for s in readings.SWITCHES}


FLAG = re.compile(r"This is a reading of\s+the kit.*?\(the kit's readings?: ([^)]*?), listed in notebook 5", re.S)


@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("0[1-57]*.ipynb")))
def test_each_notebook_flags_its_readings(name):
    flags = FLAG.findall(sources(name))
    assert flags, name
    for group in flags:
        for rid in re.split(r",\s*", re.sub(r";.*", "", group, flags=re.S)):
            assert " ".join(rid.split()) in readings.READING, (name, rid)  # a markdown line may wrap an id


def _row(rid: str) -> str:
    """How a reading's row opens in the notebooks' readings table (core.readings.readings_html)."""
    r = readings.READING[rid]
    return f'<b title="{r.rule}">{escape(r.id)}</b></td><td style=\'vertical-align:top;text-align:left;padding:2px 6px\'><details><summary>{escape(r.kit)}</summary>'


def test_readings_are_listed_in_a_notebook_as_a_short_table():
    out = outputs("05_final_scoring.ipynb")
    for r in readings.READINGS:
        assert _row(r.id) in out, r.id
    assert "readings_html(READINGS" in sources("05_final_scoring.ipynb")
    for rid in ("gain losses", "odd servants", "last report"):
        assert _row(rid) in outputs("04_vatican_report.ipynb")
    for rid in ("extra action floor bonus", "colour rule"):
        assert _row(rid) in outputs("02_towers.ipynb")


# ---- item 3: fixes ----------------------------------------------------------------------
def test_vatican_notebook_names_the_excommunications():
    out = outputs("04_vatican_report.ipynb")
    assert "(2,)" not in out and "White's excommunication (refused)  Coin losses  Coin losses" in out
    assert "Coin losses (period 1): each time you gain coins, you gain 1 less" in out
    g_events = [e.text for e in _report_events()]
    assert any("is excommunicated: Coin losses (each time you gain coins, you gain 1 less)" in t for t in g_events)


def _report_events():
    """The end of round 2: Blue (0 faith) closes it and is excommunicated."""
    g = game_at(position(["Red", "Blue"], round=2, tiles=(2, 9, 18), home={"Red": [], "Blue": ["neutral"]},
                         turn=-1))
    g.play("place Blue neutral council servants 1")
    return g.play("choose Blue coins")


def test_final_scoring_notebook_explains_the_chart_and_tile_20():
    src = sources("05_final_scoring.ipynb")
    assert "the label above it is\nthe total, written as gains − losses" in src
    assert "matters only with tile 20" in src


# ---- item 5: the Italian terms of the summary -------------------------------------------
def test_glossary_has_the_summary_terms_and_the_notebooks_show_them():
    italian = set(GLOSSARY.values())
    assert {"spazio piccolo", "spazio grande", "valore dell'azione", "forza militare", "risorse"} <= italian
    out = outputs("01_setup_and_dice.ipynb")
    for term in ("spazio piccolo", "spazio grande", "valore dell'azione", "forza militare", "risorse"):
        assert escape(term) in out                                    # in the glossary table (HTML)
    assert "*spazio piccolo*" in sources("03_harvest_production_market_council.ipynb")
    assert "*forza militare*" in sources("05_final_scoring.ipynb") and "*risorse*" in sources("05_final_scoring.ipynb")


# ---- item 6: refusals name the options ------------------------------------------------
def _refusal(game, action) -> str:
    return "; ".join(m for m, _ in game.explain(action).reasons)


@pytest.mark.parametrize("seed", range(4))
def test_a_wrong_answer_to_any_pending_decision_lists_the_choices(seed):
    """Random games: whenever a decision is pending (privilege, cost, trade, extra action,
    Vatican report), a wrong answer is refused naming every legal answer, and another
    player's action is refused naming the pending player's legal answers."""
    names = ["Red", "White", "Blue", "Yellow"][: 2 + seed % 3]
    g = new_game(names, seed=seed)
    rng = Rng(seed)
    kinds = set()
    while not g.is_over:
        if g.state.pending:
            d = g.state.pending[0]
            kinds.add(d.kind)
            legal = [a for a in g.legal_actions() if a.player == d.player]
            wrong = "choose {} {}".format(d.player, "production-large" if d.kind != "vatican" else "coins")
            text = _refusal(g, wrong)
            assert text, wrong
            for a in legal:
                assert a.choice in text, (d.kind, a.choice, text)
            other = next(n for n in names if n != d.player)
            blocked = _refusal(g, f"place {other} white council")
            assert all(f"'{a}'" in blocked for a in legal), blocked
        g.play(rules.sample_action(g.state, rng))
    assert {"privilege", "vatican"} <= kinds


def test_refusals_name_the_spaces_members_players_and_answers():
    g = game_at(position(["Red", "Blue"]))
    with pytest.raises(ValueError) as err:
        g.explain("place Red white nowhere")
    assert "market-4, council, got 'nowhere'" in str(err.value) and "more)" not in str(err.value)
    with pytest.raises(ValueError) as err:
        g.explain("choose Red gold")
    assert "a council privilege (wood+stone, servants, coins, military, faith)" in str(err.value)
    assert "more)" not in str(err.value)
    assert _refusal(g, "place Green white council") == "'Green' is not playing; the players are Red, Blue"
    assert _refusal(g, "choose Red coins") == ("there is no pending decision to answer; Red is to place a family "
                                               "member (white, black, orange, neutral at home): "
                                               "'place Red <member> <space>'")
    g.play("place Red white council")
    g.play("choose Red coins")
    g.play("place Blue white council")
    g.play("choose Blue coins")
    assert "Red's white member is not at home this round; at home: black, orange, neutral" in _refusal(
        g, "place Red white market-1")
    assert "the spaces open now are " in _refusal(g, "place Red black harvest-large")


# ---- item 4: the decision flow ---------------------------------------------------------
def test_decisions_notebook_walks_through_every_decision_and_the_tools():
    src, out = sources("07_decisions.ipynb"), outputs("07_decisions.ipynb")
    for heading in ("## Council privileges", "## Choosing a cost", "## Trades in a production",
                    "## Extra actions printed on cards", "## Forfeit: a member that cannot be placed",
                    "## The Vatican report"):
        assert heading in src, heading
    for tool in ("game.legal_actions()", "game.preview(", "game.undo("):
        assert tool in src, tool
    for kind in ("privilege", "cost", "trade", "action", "vatican"):
        assert f"pending: {kind} decision of " in out, kind
    assert "forfeit Red neutral" in out and "Red cannot place the neutral member: the action is lost" in out
    assert "white can still be placed, e.g. 'place Red white council'" in out
    assert "privilege coins is already taken from this effect" in out
    assert "choose Red 1: military 3" in out and "nothing was played: cost" in out
    assert "pending again: trade" in out


# ---- issue 12: the table, the exercises, the links, fast figures ----------------------
ORDER = sorted(p.name for p in NOTEBOOKS.glob("0*.ipynb"))


def test_the_notebooks_follow_one_another_with_next_links():
    assert ORDER[5:] == ["06_play_a_game.ipynb", "07_decisions.ipynb", "08_exercises.ipynb"]
    for i, name in enumerate(ORDER):
        last = notebook(name)["cells"][-1]
        text = "".join(last["source"])
        assert last["cell_type"] == "markdown" and text.startswith("**Next:**"), name
        links = re.findall(r"\]\(([^)]+\.ipynb)\)", text)
        assert "../00_classroom.ipynb" in links and "../00_start_here.ipynb" not in links, name
        for link in links:
            assert (NOTEBOOKS / link).resolve().exists(), (name, link)
        if i + 1 < len(ORDER):
            assert links[0] == ORDER[i + 1], name


def _cell(name: str, needle: str) -> dict:
    return next(c for c in notebook(name)["cells"] if c["cell_type"] == "code" and needle in "".join(c["source"]))


def test_play_notebook_opens_a_table_and_reads_a_refusal():
    name = "06_play_a_game.ipynb"
    src, out = sources(name), outputs(name)
    for needle in ('table("lorenzo", seed=1)', 'seats=["human", "greedy", "random"]'):
        cell = _cell(name, needle)
        assert "nbval-ignore-output" in cell["metadata"]["tags"]
        assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in cell["outputs"])
    assert "## How to read a refusal" in src and "pass the device" in src
    for rule in ("place.min", "towers.occupied", "towers.costs"):   # cited by section, the id left to tooltips
        assert f"({RULES[rule].citation})" in out and f"[lorenzo {rule}]" not in out, rule
    assert "Military: The strongest player on the military track scores 5" in out
    assert notebook(name)["metadata"]["widgets"]                     # widget state stored: it shows unrun


def test_exercises_notebook_has_the_sheet_and_a_worked_example_for_teachers():
    name = "08_exercises.ipynb"
    src, out = sources(name), outputs(name)
    assert "nbval-ignore-output" in _cell(name, 'exercise_sheet("lorenzo")')["metadata"]["tags"]
    assert "## How a teacher adds an exercise" in src and "EXERCISES" in src
    # the plain-text feedback cites the rule by its rulebook and section, not by checklist id
    assert "Not quite: the answer is no." in out and "(Lorenzo il Magnifico rules summary, I dadi e i familiari)" in out
    assert "[lorenzo place.min]" not in out
    assert notebook(name)["metadata"]["widgets"]


def test_boards_in_the_notebooks_are_svg_not_matplotlib():
    for name in ORDER:
        assert "draw.draw_board(" not in sources(name), name
    for name in ("01_setup_and_dice.ipynb", "02_towers.ipynb"):
        cell = _cell(name, "reach_svg(")
        # inline SVG in HTML, so its aria-label is the alt text (an SVG output becomes an <img> without alt)
        assert any("<svg" in "".join(o.get("data", {}).get("text/html", "")) for o in cell["outputs"]), name


# ---- issue 19: what the notebooks claim and teach ---------------------------------------
def _markdown(name: str) -> list[str]:
    return ["".join(c["source"]) for c in notebook(name)["cells"] if c["cell_type"] == "markdown"]


def test_the_first_notebook_opens_with_the_game_and_how_to_win_before_setup():
    cells = _markdown("01_setup_and_dice.ipynb")
    about = next(i for i, t in enumerate(cells) if t.startswith("## What the game is about, and how you win"))
    setup = next(i for i, t in enumerate(cells) if t.startswith("## Setup"))
    assert about < setup and "**The most VP wins**" in cells[about]
    src = sources("01_setup_and_dice.ipynb")
    assert "only a member that cannot be placed anywhere may be given up" in src      # the sentence has its verb
    assert "in full" not in src and "all {len(GLOSSARY)} terms" in src
    assert f"The glossary: all {len(GLOSSARY)} terms" in outputs("01_setup_and_dice.ipynb")
    assert "drawn from the top of\n   each of the four decks" in src and "(that part is from public sources)" in src
    assert "reverse turn order" in src                                             # the public quick reference
    assert "networkx" not in src.split("<details>")[0]                             # jargon only for teachers


def test_the_military_zero_reading_shows_its_consequence():
    out = outputs("05_final_scoring.ipynb")
    assert "military_zero_competes=True   Military 5 5 5 5" in out
    assert "military_zero_competes=False  Military 0 0 0 0" in out
    assert "Military 5 5 5 5" in readings.READING["military zero"].kit


def test_rules_from_outside_the_summary_say_so():
    assert "summary does not say it" in RULES["kit.privileges"].summary
    for name in ("03_harvest_production_market_council.ipynb", "07_decisions.ipynb"):
        assert "must all be different (" in sources(name), name
    assert "public sources" in RULES["round.setup"].summary
    assert "reverse turn order" in " ".join(readings.READING["bonus tiles"].alternatives)


def test_the_exercises_notebook_calls_its_positions_constructed():
    src = sources("08_exercises.ipynb")
    assert "real positions" not in src and "constructed positions" in src and "why_not(" in src


def test_the_start_page_contrasts_lorenzos_military_ties_and_does_not_overclaim():
    start = json.loads((NOTEBOOKS.parent / "00_start_here.ipynb").read_text(encoding="utf-8"))
    src = "\n".join("".join(c["source"]) for c in start["cells"])
    assert "knows every rule of its rulebook" not in src and "one-page Italian rules summary" in src
    assert "each take the full award" in src and "military_points(" in src
    out = "\n".join("".join(o.get("text", "")) for c in start["cells"] for o in c.get("outputs", []))
    assert "White   5\nBlue    0" in out
