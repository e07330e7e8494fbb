"""The turn table of ``flow.py``, driven by the core's flow engine: every phase a state
can be in is a waiting step of the table, and seeded random games (every player count,
both variants) change phase only along the table's arrows, their states sound."""

from __future__ import annotations

from typing import get_args

import pytest

from fresco_kit.core import Game, Rng, random_playout
from fresco_kit.core.flow import Flow
from fresco_kit.sixtina import flow, new_game, rules
from fresco_kit.sixtina.pending import DECISION_TYPES
from fresco_kit.sixtina.refs import RULES
from fresco_kit.sixtina.saved import DecisionKind

NAMES = ["Red", "White", "Blue", "Yellow"]


def test_the_table_is_a_core_flow_whose_waiting_steps_are_the_phases():
    assert isinstance(flow.FLOW, Flow)
    kinds = get_args(DecisionKind)
    assert set(DECISION_TYPES) == set(flow.DECISION_KINDS) == {"initial", "bonus", "reveal", "gianluigi", "claim"}
    assert all(k in kinds for k in DECISION_TYPES)  # the save names every kind
    assert set(flow.FLOW.waiting) == {"action", "over"} | set(DECISION_TYPES)
    for step in flow.STEPS:
        assert step.section and step.doc and RULES[step.rule], step.name
    assert flow.STEP["over"].next == ()


def play_following_the_table(n: int, variant: str, seed: int) -> set[str]:
    """A seeded random game; every move changes phase along a waiting arrow of the
    table and leaves a sound state. Returns the phases seen."""
    arrows = flow.FLOW.waiting_arrows()
    game = new_game(NAMES[:n], seed=seed, variant=variant)
    before = [flow.phase(game.state)]
    seen = {before[0]}
    assert before[0] == "initial"

    def step(g: Game, action, count: int) -> None:
        now = flow.phase(g.state)
        assert (before[0], now) in arrows, f"{before[0]} -> {now} after {action}"
        assert not rules.invariants(g.state), rules.invariants(g.state)
        before[0] = now
        seen.add(now)

    random_playout(game, Rng(seed * 10 + n), after_each=step)
    assert before[0] == "over"
    return seen


@pytest.mark.rule("sixtina two.turns", "sixtina complete.new", "sixtina end.trigger")
@pytest.mark.parametrize("variant", ["basic", "history"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_move_only_along_the_tables_arrows(n, variant):
    seen: set[str] = set()
    for seed in (11, 12):
        seen |= play_following_the_table(n, variant, seed)
    assert {"initial", "action", "over"} <= seen


def test_random_games_visit_every_waiting_step():
    seen: set[str] = set()
    for n in (2, 3, 4):
        for variant in ("basic", "history"):
            seen |= play_following_the_table(n, variant, 11 + n)
    assert seen == set(flow.FLOW.waiting)


def test_the_engine_follows_the_table_order():
    """Completion comes before Gianluigi and the new frescoes (the new frescoes first only with
    the switch two_player_order); the turn ends last (or, with the switch setup_completion, a
    completion at setup goes on to the first turn); a turn action begins the step of its kind."""
    ways = flow.STEP["completion"].next
    assert [t for _, t in ways] == ["reveal", "gianluigi", "reveal", "first_turn", "end_turn"]
    assert ways[0][0] == "a new fresco is owed before Gianluigi restores"
    assert ways[3][0] == "the setup's completions are done"           # switch setup_completion only
    assert [t for _, t in flow.STEP["initial"].next] == ["initial", "next_initial", "setup_completion", "first_turn"]
    assert flow.STEP["action"].acts == ("preparation", "restoration")
    after_action = {b for a, b in flow.FLOW.waiting_arrows() if a == "action"}
    assert after_action >= {"bonus", "gianluigi", "reveal", "action", "over"}
    assert ("reveal", "claim") in flow.FLOW.waiting_arrows()
    assert RULES["turn.pending"]


def test_a_table_with_a_typo_cannot_be_declared():
    bad = flow.STEPS + (flow.STEP["action"].__class__("x", "s", "r", "d", True, (), acts=("nowhere",)),)
    with pytest.raises(ValueError, match="unknown step 'nowhere'"):
        Flow(bad, flow.CONDITIONS, phase_field=None)
    with pytest.raises(ValueError, match="derived"):
        flow.FLOW.advance(new_game(NAMES[:3], seed=1).state.evolve(), [], {})
