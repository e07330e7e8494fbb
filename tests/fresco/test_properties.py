"""Fresco-specific properties of seeded random games.

The shared ``tests/test_properties.py`` plays every game, ruleset and player count to
the end checking ``rules.invariants`` after every action (for Fresco: every component
conserved, nothing negative, one painter per VP space, and the turn bookkeeping), the
JSON round trip and replay; ``tests/test_contract.py`` checks every legal action and
``tests/test_fuzz.py`` mutated actions and saves.  Here: the phases follow the flow
table (``flow.FLOW``, see also ``test_flow.py``), random -- mostly illegal -- Fresco actions are refused with a
Fresco RuleRef and the state unchanged, and base games reach the final count's choice.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import get_type_hints

import pytest

from fresco_kit.core import Game, Rng, RuleError, RuleRef
from fresco_kit.fresco import flow, new_game, rules
from fresco_kit.fresco.actions import Blend, Buy, Close, Done, Plan, Restore, Settle, Studio, Theater, Wake, altar
from fresco_kit.fresco.data import COLOURS, TIMES
from fresco_kit.fresco.state import State

NAMES = ["Red", "White", "Blue", "Yellow"]


def random_action(rng: Rng, names: list[str]):
    """Any action at all, mostly illegal: random verb, player and parameters (a field
    that no action may hold, e.g. a time off the inn, raises ValueError when made)."""
    p = rng.choice(names + ["Nobody"])
    k = rng.randbelow(11)
    sq = (rng.randbelow(7), rng.randbelow(7))  # rows and columns 1-5: 0 and 6 are off the board
    if k == 0:
        return Wake(p, rng.choice(list(TIMES) + [4, 10]))
    if k == 1:
        return Plan(p, tuple(rng.randbelow(5) for _ in range(rng.choice([4, 5, 5, 6]))))
    if k == 2:
        return Buy(p, rng.randbelow(6), tuple(sorted({rng.randbelow(5) for _ in range(rng.randbelow(4) + 1)})))
    if k == 3:
        return Close(p, rng.randbelow(6))
    if k == 4:
        return Restore(p, sq, rng.choice([None, (sq[0] + 1, sq[1])]), rng.choice([None, "behind", "ahead"]))
    if k == 5:
        return altar(p, [rng.choice(COLOURS) for _ in range(3)], rng.choice([None, "ahead"]))
    if k == 6:
        return Studio(p)
    if k == 7:
        return Blend(p, rng.choice(COLOURS))
    if k == 8:
        return Theater(p)
    if k == 9:
        return Settle(p, rng.choice(["behind", "ahead"]))
    return Done(p)


CASES = [(ruleset, n) for ruleset in ("base", "bigbox") for n in (3, 4)]


def random_game(seed: int, ruleset: str, n: int, before: Callable[[Game], None] | None = None) -> Game:
    """A seeded game played to the end by the random player, ``before(game)`` called
    before every action."""
    game = new_game(NAMES[:n], seed=seed, ruleset=ruleset)
    rng = Rng(1000 + seed)
    for _ in range(3000):
        if game.is_over:
            return game
        if before is not None:
            before(game)
        game.play(rules.sample_action(game.state, rng))
    raise AssertionError("game does not end")


def reachable(start: str) -> set[str]:
    """The phases the flow table lets follow ``start`` (in one or more actions), and itself."""
    arrows = flow.FLOW.waiting_arrows()
    found, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for a, b in arrows:
            if a == here and b not in found:
                found.add(b)
                todo.append(b)
    return found


def test_every_phase_of_the_state_is_a_step_of_the_flow_table():
    assert get_type_hints(State)["phase"] == flow.Phase
    assert flow.PHASES == flow.FLOW.waiting and flow.FIRST == flow.PHASES[0]
    assert all(step.section for step in flow.FLOW.steps)
    assert reachable(flow.FIRST) == set(flow.PHASES)          # every step can be reached
    assert new_game(NAMES, seed=0).state.phase == flow.FIRST


@pytest.mark.rule("fresco p2.resolve", "fresco end.final_round", "fresco end.winner")
@pytest.mark.parametrize("ruleset,n", CASES)
def test_random_games_visit_the_phases_in_an_order_the_flow_table_allows(ruleset, n):
    seen: set[str] = set()
    for seed in range(3):
        phases: list[str] = []
        game = random_game(seed, ruleset, n, lambda g: phases.append(g.state.phase))
        phases.append(game.state.phase)
        for a, b in zip(phases, phases[1:]):
            assert b in reachable(a), (seed, a, b)
        assert phases[0] == flow.FIRST and phases[-1] == "over"
        seen.update(phases)
        assert game.scores().winners
    assert seen >= {"wake", "plan", "act", "over"}


@pytest.mark.rule("fresco p2.resolve", "fresco p2.forfeit", "fresco cath.track", "fresco bigbox.paints",
                  "fresco supply.paints")
@pytest.mark.parametrize("ruleset,n", CASES)
def test_random_illegal_actions_are_refused_with_a_fresco_rule(ruleset, n):
    rng = Rng(77 + n)
    refused = 0

    def try_illegal(game: Game) -> None:
        nonlocal refused
        state = game.state
        for _ in range(3):
            try:
                bad = random_action(rng, NAMES[:n])
            except ValueError:
                continue                        # refused when made: never reaches the rules
            if rules.checks(state, bad):
                with pytest.raises(RuleError) as err:
                    game.play(bad)
                assert all(isinstance(ref, RuleRef) and ref.game == "fresco" for _, ref in err.value.reasons)
                assert game.state is state
                refused += 1

    for seed in range(2):
        random_game(seed, ruleset, n, try_illegal)
    assert refused > 100


@pytest.mark.rule("fresco bigbox.final_collision")
def test_base_games_reach_the_behind_or_ahead_choice_in_the_final_count():
    settled = 0
    for seed in range(40):
        game = new_game(NAMES, seed=seed, ruleset="base")
        rng = Rng(seed)
        while not game.is_over:
            action = rules.sample_action(game.state, rng)
            settled += isinstance(action, Settle)
            game.play(action)
        if settled:
            break
    assert settled, "no random base game needed a final-count choice"


#: the switches of the readings of issue 19 (item 2), each set away from its default
READING_SWITCHES = [
    ("tie_break", "getup"),
    ("tie_break", "thalers"),
    ("altar_own_primary", True),
    ("unlimited_coins", True),
    ("track_behind", "start_space"),
    ("track_behind", "own_taken"),
    ("theater_after_getup", True),
]


@pytest.mark.parametrize("name,value", READING_SWITCHES, ids=[f"{n}={v}" for n, v in READING_SWITCHES])
@pytest.mark.parametrize("ruleset,n", [("base", 3), ("bigbox", 4)])
def test_random_games_with_a_reading_switched_keep_the_invariants_and_replay(name, value, ruleset, n):
    """Random play with one reading's switch set the other way: the invariants hold after
    every action, the state survives a JSON round trip, and replay and save give it back."""
    from fresco_kit.core import random_playout

    for seed in (11, 12):
        options = {"ruleset": ruleset, "switches": {name: value}}
        game = new_game(NAMES[:n], seed=seed, **options)
        assert getattr(game.state.switches, name) == value

        def check(g: Game, action, count: int) -> None:
            broken = rules.invariants(g.state)
            assert not broken, f"{name}={value}, after action {count} ({action}): {broken}"
            if count % 25 == 0:
                assert rules.state_from_dict(g.state.to_dict()) == g.state

        random_playout(game, Rng(seed + 1), after_each=check)
        assert game.is_over and game.scores().winners
        assert Game.replay(rules, game.players, seed, options, game.actions).state == game.state
        assert Game.from_json(game.to_json()).state == game.state
