"""The flow table (flow.FLOW, core's flow engine) is the engine's sequence: every phase a
state can be in is a step of it, and random games move only along its arrows."""
from __future__ import annotations

import typing

import pytest

from fresco_kit.core import Rng
from fresco_kit.core.flow import ALWAYS, Flow, Step
from fresco_kit.lorenzo import INFO, flow, new_game, rules
from fresco_kit.lorenzo.refs import DICE, END, RULES, STRUCT, TOWERS, VATICAN, ZONES
from fresco_kit.lorenzo.state import State

from .helpers import P4

NAMES = P4
SECTIONS = (STRUCT, DICE, TOWERS, ZONES, VATICAN, END)
FLOW = flow.FLOW


def _phases() -> set[str]:
    """The values ``State.phase`` may take (its annotation)."""
    return set(typing.get_args(typing.get_type_hints(State)["phase"]))


@pytest.mark.rule("lorenzo struct.periods", "lorenzo round.setup", "lorenzo phase.actions")
def test_every_phase_is_a_step_of_the_table():
    assert isinstance(FLOW, Flow) and FLOW.steps is flow.STEPS and FLOW.conditions is flow.CONDITIONS
    assert _phases() == set(FLOW.waiting) == {"actions", "vatican", "over"}
    assert len(FLOW.by_name) == len(flow.STEPS)
    for step in flow.STEPS:
        assert step.rule in RULES, step
        assert any(step.section.startswith(section) for section in SECTIONS), step
        for condition, target in step.next:
            assert (condition == ALWAYS or condition in flow.CONDITIONS) and target in FLOW.by_name, (step.name, condition)
    assert set(rules.ENTER) == set(FLOW.by_name)            # the engine knows how to enter every step
    assert FLOW.step("over").next == ()


def test_the_table_validates_and_a_typo_cannot_be_imported():
    """Core's Flow checks the table at definition: Lorenzo's passes; a way out naming an
    unknown step or condition is refused."""
    Flow(flow.STEPS, flow.CONDITIONS)
    broken = flow.STEPS[:-1] + (Step("over", END, "final.total", "final scoring", True, (("always", "ovre"),)),)
    with pytest.raises(ValueError, match="unknown step 'ovre'"):
        Flow(broken, flow.CONDITIONS)
    with pytest.raises(ValueError, match="unknown condition"):
        Flow(flow.STEPS, {k: v for k, v in flow.CONDITIONS.items() if k != "a decision is pending"})


#: The event that tells a step was entered (its rule id, and a word of its text).
ENTERED = {"round.setup": ("setup", "Round"), "phase.vatican": ("vatican", "report"),
           "endround.order": ("end", "Turn order"), "struct.periods": ("over", "over")}


@pytest.mark.rule("lorenzo phase.vatican", "lorenzo endround.order")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_follow_the_table(players):
    """After every action the state waits where the table says it stays (or the game is
    over); the steps a game enters (told by their events) follow the table's arrows,
    and the phases it waits in change only along the table's paths."""
    arrows = FLOW.arrows()
    moves = FLOW.waiting_arrows()
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
            assert FLOW.follow(st.phase, st) in (st.phase, None), (st.phase, st.round)
            if st.phase != before:
                assert (before, st.phase) in moves, (before, st.phase, st.round)
        bad = [(a, b) for a, b in zip(trace, trace[1:]) if (a, b) not in arrows]
        assert not bad, (seed, bad)
        assert trace.count("setup") == 5 and trace.count("end") == 6 and trace[-2:] == ["end", "over"]
        assert reports == [2, 4, 6]


def test_the_engine_follows_the_table_not_a_copy(monkeypatch):
    """Changing the table changes the engine: with no Vatican step after even rounds the
    reports are skipped (the engine reads the table it is given, not a copy of its own)."""
    actions = FLOW.step("actions")
    without = Step(actions.name, actions.section, actions.rule, actions.doc, actions.waits,
                        tuple((c, t) for c, t in actions.next if t != "vatican")
                        + (("the round is even (2, 4, 6)", "end"),))
    changed = Flow(tuple(without if s.name == "actions" else s for s in FLOW.steps), FLOW.conditions)
    monkeypatch.setattr(rules, "FLOW", changed)
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


@pytest.mark.rule("lorenzo phase.actions", "lorenzo phase.vatican", "lorenzo endround.order")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [11, 12])
def test_seeded_random_games_with_switches_change_phase_only_along_the_waiting_arrows(players, seed):
    """Seeded random games of 2-4 players, with random rule switches and bonus tiles,
    change ``phase`` only along ``FLOW.waiting_arrows()``, and every state they reach
    is sound (``consistency.problems`` finds nothing)."""
    pick = Rng(seed * 10 + players)
    switches = {s.name: pick.choice(s.choices) for s in INFO.switches if pick.randbelow(2)}
    game = new_game(NAMES[:players], seed=seed, switches=switches,
                    bonus_tiles=pick.choice(("standard", "advanced")))
    moves = FLOW.waiting_arrows()
    rng = Rng(seed)
    seen = set()
    while not game.is_over:
        before = game.state.phase
        game.play(rules.sample_action(game.state, rng))
        after = game.state.phase
        if after != before:
            assert (before, after) in moves, (before, after, game.state.round)
            seen.add((before, after))
        assert rules.invariants(game.state) == []
    # a report nobody can answer (nobody at the threshold) passes without waiting
    assert seen and seen <= moves and {b for _, b in seen} >= {"over"}
