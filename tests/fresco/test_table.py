"""Fresco's parts of the classroom table: readable moves, narrowing steps, the public SVG board."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict

import pytest

from fresco_kit import fresco
from fresco_kit.core import Rng
from fresco_kit.classroom.colours import contrast
from fresco_kit.classroom.svg import MIN_CONTRAST
from fresco_kit.fresco import bots, data, table
from fresco_kit.fresco.positions import edit
from fresco_kit.fresco.svg import board_drawing, board_svg

from .helpers import P4, at, game

#: a data id (F7, M12), a class name or a Python value leaking into a text for players
LEAKS = re.compile(r"\b[FM]\d+\b|\b(Wake|Plan|Buy|Close|Restore|Altar|Studio|Blend|Theater|Done|Settle)\(|None|\(\)")
KINDS = (
    "Choose a get-up time",
    "Plan the action sheet",
    "Buy paints at the market",
    "Close a market booth",
    "Restore a fresco segment",
    "Restore the altar",
    "Paint a portrait",
    "Blend paints",
    "Go to the theater",
    "Give up the remaining actions",
    "Settle the final money count",
)
SVG = "{http://www.w3.org/2000/svg}"


def decisions(ruleset: str, seed: int, limit: int = 400):
    """(state, the actor's legal moves) along a random game, up to ``limit`` decisions."""
    g = fresco.new_game(P4, seed=seed, ruleset=ruleset)
    rng = Rng(seed)
    for _ in range(limit):
        if g.is_over:
            return
        player = g.actor()[0]
        yield g.state, g.rules.legal_actions(g.state, player=player)
        g.play(bots.sample_action(g.state, rng))


def widest_step(steps: list[tuple[str, ...]]) -> int:
    """The most options the table offers at any step of one decision."""
    widest = 0
    for depth in range(max(len(s) for s in steps)):
        options = defaultdict(set)
        for s in steps:
            if len(s) > depth:
                options[s[:depth]].add(s[depth])
        widest = max(widest, *(len(v) for v in options.values()))
    return widest


@pytest.mark.parametrize("ruleset", ["base", "bigbox"])
def test_move_texts_name_pieces_and_steps_narrow_every_decision(ruleset):
    kinds_seen = set()
    for state, moves in decisions(ruleset, seed=5):
        steps = [table.move_steps(state, a) for a in moves]
        assert len(set(steps)) == len(steps), "two moves with the same steps"
        assert widest_step(steps) <= 24
        for a, s in zip(moves, steps):
            assert any(s[0].startswith(k) for k in KINDS), s[0]
            kinds_seen.add(next(k for k in KINDS if s[0].startswith(k)))
            text = table.move_text(state, a)
            assert not LEAKS.search(text), text
            assert text.startswith(f"{a.player}: ")
    assert {"Choose a get-up time", "Plan the action sheet", "Restore a fresco segment"} <= kinds_seen


def test_a_planning_decision_of_hundreds_of_moves_narrows_to_one_column_at_a_time():
    g = game()
    while g.state.phase == "wake":
        g.play(g.legal_actions()[0])
    moves = g.rules.legal_actions(g.state, player="Red")
    steps = [table.move_steps(g.state, a) for a in moves]
    assert len(moves) > 100
    assert widest_step(steps) <= data.SPACES_PER_COLUMN + 1
    assert steps[0][0] == "Plan the action sheet" and steps[0][1].startswith("the market: ")
    # moves that share a choice share its label: every plan with 2 at the market says so
    two = {s[1] for a, s in zip(moves, steps) if a.counts[0] == 2}
    assert two == {"the market: 2 apprentices"}


def test_restoration_steps_name_segment_value_paints_bishop_and_track():
    g = at(game(), "cathedral", "Red", Red=(0, 1, 0, 0, 0))
    g = g.with_state(edit(g.state, players={"Red": {"paints": {"yellow": 2, "red": 1}, "thalers": 3}}))
    steps = {str(a): table.move_steps(g.state, a) for a in g.legal_actions()}
    assert steps["restore Red 2,4"] == (  # typed as the board shows it: row 2, column 4
        "Restore a fresco segment",
        "segment (2, 4), worth 3: yellow + yellow + red",
        "the bishop stays on segment (3, 3)",
    )
    assert steps["restore Red 2,4 bishop 2,3"][2] == "first move the bishop to segment (2, 3) (1 thaler)"
    assert steps["done Red"] == ("Give up the remaining actions at the cathedral",)


def test_status_says_phase_location_and_who_acts():
    g = at(game(), "cathedral", "Red", Red=(0, 1, 0, 0, 0))
    text = table.status(g.state)
    assert "Round 1" in text and "at the cathedral" in text and "Red" in text and "1 action left" in text


def test_private_html_shows_only_the_players_own_screen():
    g = game()
    s = g.state
    html = table.private_html(s, "Red")
    assert "12 thalers" in html and "1 yellow" in html and "Red's screen" in html
    # the same for every world that agrees with Red's view: nothing of the others leaks in
    for k in range(3):
        world = bots.determinize(s.view("Red"), Rng(k))
        assert table.private_html(world, "Red") == html


def test_category_help_explains_every_registry_category_with_a_rule():
    info = fresco.INFO
    assert set(table.CATEGORY_HELP) == set(info.categories)
    for sentence, ref in table.CATEGORY_HELP.values():
        assert sentence.endswith(".") and len(sentence.split()) >= 8
        assert ref.game == "fresco" and ref.citation


def _mid_planning():
    g = game(seed=4)
    rng = Rng(4)
    while not (g.state.phase == "plan" and g.state.round == 2 and len(g.state.to_move) == 2):
        g.play(bots.sample_action(g.state, rng))
    return g.state


def test_board_svg_is_the_same_for_states_that_differ_only_in_hidden_information():
    s = _mid_planning()
    picture = board_svg(s)
    for viewer in ("Red", "Blue"):
        for k in range(3):
            world = bots.determinize(s.view(viewer), Rng(k))
            assert world != s
            assert board_svg(world) == picture


def test_board_svg_is_readable_and_described():
    s = _mid_planning()
    drawing = board_drawing(s)
    root = ET.fromstring(drawing.to_string())
    assert int(root.get("width")) <= 900 and root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert root.get("role") == "img" and "Fresco board" in root.get("aria-label")
    assert root.find(f"{SVG}title").text == root.get("aria-label")
    texts = root.iter(f"{SVG}text")
    sizes = [float(t.get("font-size")) for t in texts]
    assert sizes and min(sizes) >= 12
    assert all(contrast(fg, bg) >= MIN_CONTRAST for fg, bg in drawing.pairs)
    assert len(drawing.pairs) == len(sizes)
    tips = [t.text for t in root.iter(f"{SVG}title")]
    assert any(t.startswith("segment (3, 3): worth 11") for t in tips)
    assert not any(LEAKS.search(t or "") for t in tips)
