"""The flow table (flow.STEPS) is the engine's sequence: every phase a state can be in
is a step of it, and random games move only along its arrows."""
from __future__ import annotations

import typing

import pytest

from fresco_kit.core import Rng
from fresco_kit.lorenzo import flow, new_game, rules
from fresco_kit.lorenzo.refs import DICE, END, RULES, STRUCT, TOWERS, VATICAN, ZONES
from fresco_kit.lorenzo.state import State

from .helpers import P4

NAMES = P4
SECTIONS = (STRUCT, DICE, TOWERS, ZONES, VATICAN, END)


def _phases() -> set[str]:
    """The values ``State.phase`` may take (its annotation)."""
    return set(typing.get_args(typing.get_type_hints(State)["phase"]))


def _moves() -> set[tuple[str, str]]:
    """(a, b): from the waiting step a, the engine may next wait in b (through steps that
    do not wait), as the table says."""
    out = set()
    for start in (s.name for s in flow.STEPS if s.waits):
        seen, todo = set(), [start]
        while todo:
            for _, target in flow.STEP[todo.pop()].next:
                if flow.STEP[target].waits:
                    out.add((start, target))
                elif target not in seen:
                    seen.add(target)
                    todo.append(target)
    return out


@pytest.mark.rule("lorenzo struct.periods", "lorenzo round.setup", "lorenzo phase.actions")
def test_every_phase_is_a_step_of_the_table():
    assert _phases() == {s.name for s in flow.STEPS if s.waits} == {"actions", "vatican", "over"}
    assert len(flow.STEP) == len(flow.STEPS)
    for step in flow.STEPS:
        assert step.rule in RULES, step
        assert any(step.section.startswith(section) for section in SECTIONS), step
        for condition, target in step.next:
            assert condition in flow.CONDITIONS and target in flow.STEP, (step.name, condition, target)
    assert set(rules.ENTER) == set(flow.STEP)            # the engine knows how to enter every step
    assert flow.STEP["over"].next == ()


#: The event that tells a step was entered (its rule id, and a word of its text).
ENTERED = {"round.setup": ("setup", "Round"), "phase.vatican": ("vatican", "report"),
           "endround.order": ("end", "Turn order"), "struct.periods": ("over", "over")}


@pytest.mark.rule("lorenzo phase.vatican", "lorenzo endround.order")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_follow_the_table(players):
    """After every action the state waits where the table says it stays (or the game is
    over); the steps a game enters (told by their events) follow the table's arrows,
    and the phases it waits in change only along the table's paths."""
    arrows = {(s.name, t) for s in flow.STEPS for _, t in s.next}
    moves = _moves()
    for seed in range(3):
        game = new_game(NAMES[:players], seed=seed, **({"bonus_tiles": "advanced"} if seed % 2 else {}))
        rng = Rng(seed)
        trace = ["actions"]
        reports = []
        while not game.is_over:
            before, rnd = game.state.phase, game.state.round
            for event in game.play(rules.sample_action(game.state, rng)):
                step, word = ENTERED.get(event.rule.id if event.rule else "", (None, ""))
                if step and word in event.text:
                    trace += [step, "actions"] if step == "setup" else [step]
                    if step == "vatican":
                        reports.append(rnd)
            st = game.state
            assert flow.follow(st.phase, st) in (st.phase, None), (st.phase, st.round)
            if st.phase != before:
                assert (before, st.phase) in moves, (before, st.phase, st.round)
        bad = [(a, b) for a, b in zip(trace, trace[1:]) if (a, b) not in arrows]
        assert not bad, (seed, bad)
        assert trace.count("setup") == 5 and trace.count("end") == 6 and trace[-2:] == ["end", "over"]
        assert reports == [2, 4, 6]


def test_the_engine_follows_the_table_not_a_copy(monkeypatch):
    """Changing the table changes the engine: with no Vatican step after even rounds the
    reports are skipped (the engine reads flow.STEPS through flow.follow)."""
    actions = flow.STEP["actions"]
    without = flow.Step(actions.name, actions.section, actions.rule, actions.doc, actions.waits,
                        tuple((c, t) for c, t in actions.next if t != "vatican")
                        + (("the round is even (2, 4, 6)", "end"),))
    monkeypatch.setitem(flow.STEP, "actions", without)
    game = new_game(NAMES[:2], seed=1)
    rng = Rng(1)
    phases = set()
    while not game.is_over:
        game.play(rules.sample_action(game.state, rng))
        phases.add(game.state.phase)
    assert phases == {"actions", "over"}


@pytest.mark.rule("lorenzo kit.turn")
def test_schedule_is_four_passes_in_turn_order():
    st = new_game(NAMES[:3], seed=2).state
    assert st.schedule == flow.schedule(st) == tuple(st.order) * 4
