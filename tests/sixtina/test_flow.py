"""The turn table of ``flow.py``: every phase a state can be in is a step of the table,
and random games move from step to step only as the table allows."""

from __future__ import annotations

from typing import get_args, get_type_hints

import pytest

from fresco_kit.core import Game, Rng, random_playout
from fresco_kit.sixtina import flow, new_game
from fresco_kit.sixtina.refs import RULES
from fresco_kit.sixtina.saved import Decision

NAMES = ["Red", "White", "Blue", "Yellow"]


def test_every_phase_of_a_state_is_a_step_of_the_table():
    kinds = get_args(get_type_hints(Decision)["kind"])
    assert set(flow.DECISION_KINDS) == set(kinds) == {"initial", "bonus", "reveal", "gianluigi", "claim"}
    assert {"action", "over"} | set(flow.DECISION_KINDS) <= set(flow.STEP)
    for step in flow.STEPS:
        assert step.section and (step.waits or step.passes)
        assert all(n in flow.STEP for n in step.next), step.name
    assert flow.STEP["over"].next == ()


def play_following_the_table(n: int, variant: str) -> set[str]:
    """A seeded random game; every move goes to a step the table allows. The steps seen."""
    game = new_game(NAMES[:n], seed=11 + n, variant=variant)
    before = [flow.phase(game.state)]
    seen = {before[0]}
    assert before[0] == "initial"

    def step(g: Game, action, count: int) -> None:
        now = flow.phase(g.state)
        assert now in flow.reachable(before[0]), f"{before[0]} -> {now} after {action}"
        before[0] = now
        seen.add(now)

    random_playout(game, Rng(n), after_each=step)
    assert before[0] == "over"
    return seen


@pytest.mark.rule("sixtina two.turns", "sixtina complete.new", "sixtina end.trigger")
def test_random_games_follow_the_table_and_visit_every_waiting_step():
    seen: set[str] = set()
    for n in (2, 3, 4):
        for variant in ("basic", "history"):
            seen |= play_following_the_table(n, variant)
    assert seen == {s.name for s in flow.STEPS if s.waits}


def test_the_engine_follows_the_table_order():
    """Completion comes before Gianluigi and the new frescoes; the turn ends last."""
    assert flow.STEP["completion"].next == ("gianluigi", "reveal", "end_turn")
    assert flow.reachable("action") >= {"bonus", "gianluigi", "reveal", "action", "over"}
    assert "claim" in flow.reachable("reveal")
    assert RULES["turn.pending"]
