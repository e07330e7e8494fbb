"""Property tests: seeded random games to the end for 2, 3 and 4 players, both variants.

At every step: components conserved and nothing negative (``rules.invariants``: 84
cards, every colour's materials, the black materials), the state survives a JSON round
trip, random illegal actions are refused with a RuleRef and leave the state unchanged.
At the end: replay from seed + actions and a saved game load give the same state.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fresco_kit.core import Game, Rng, RuleError, RuleRef
from fresco_kit.sixtina import new_game
from fresco_kit.sixtina.actions import (Acquire, Bonus, ClaimObjective, GianluigiChoice, InitialRestoration, Prepare,
                                        Restore, Reveal)
from fresco_kit.sixtina.data import TECHNIQUES
from fresco_kit.sixtina.state import state_from_dict

from .helpers import PLACES, rules

NAMES = ["Red", "White", "Blue", "Yellow"]
CASES = [(n, v) for n in (2, 3, 4) for v in ("basic", "history")]


def random_candidates(state, rng: Rng) -> list:
    """A few random actions, most of them illegal."""
    hand = state.hands[state.actor]
    out = [
        Restore(rng.choice(PLACES), rng.choice(TECHNIQUES), (rng.randbelow(84), rng.randbelow(84)), rng.randbelow(4)),
        Acquire((rng.randbelow(84),)),
        Reveal(rng.choice(PLACES)), GianluigiChoice(rng.choice(PLACES)), InitialRestoration(rng.choice(PLACES)),
        Bonus("objective", "one5"), ClaimObjective("exc2"), Prepare(),
    ]
    if hand:
        out.append(Restore(rng.choice(PLACES), rng.choice(TECHNIQUES), (rng.choice(hand),), rng.randbelow(3)))
    return out


def check_illegal(game: Game, rng: Rng) -> int:
    refused = 0
    for action in random_candidates(game.state, rng):
        reasons = rules.checks(game.state, action)
        if not reasons:
            continue
        before, snapshot, n = game.state, game.state.to_dict(), len(game.history)
        with pytest.raises(RuleError) as err:
            game.play(action)
        assert all(isinstance(r, RuleRef) and r.game == "sixtina" for _, r in err.value.reasons)
        assert game.state is before and before.to_dict() == snapshot and len(game.history) == n
        refused += 1
    return refused


def play_checked(n: int, variant: str, seed: int) -> Game:
    game = new_game(NAMES[:n], seed=seed, variant=variant)
    rng = Rng(seed * 31 + n)
    refused = 0
    while not game.is_over:
        assert len(game.history) < 2000, "game does not end"
        legal_sample = rules.sample_action(game.state, rng)
        assert not rules.checks(game.state, legal_sample)
        if len(game.history) % 3 == 0:
            refused += check_illegal(game, rng)
        game.play(legal_sample)
        s = game.state
        assert rules.invariants(s) == []
        assert state_from_dict(json.loads(json.dumps(s.to_dict()))) == s
    assert refused > 0
    return game


@pytest.mark.rule("sixtina setup.materials", "sixtina setup.black", "sixtina end.trigger", "sixtina two.turns")
@pytest.mark.parametrize("n,variant", CASES)
@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_every_invariant(n, variant, seed):
    game = play_checked(n, variant, seed)
    again = Game.replay(rules, game.players, game.seed, game.options, [str(a) for a in game.actions])
    assert again.state == game.state
    assert Game.from_json(game.to_json()).state == game.state
    sheet = game.scores()
    assert sheet.winners and set(sheet.rows) == set(game.state.colours)
    assert game.state.unrestored() == 0 and game.state.over


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**9), n=st.sampled_from([2, 3, 4]))
def test_hypothesis_seeds(seed, n):
    game = new_game(NAMES[:n], seed=seed)
    rng = Rng(seed)
    while not game.is_over:
        game.play(rules.sample_action(game.state, rng))
        assert not rules.invariants(game.state)


def test_invariants_notice_breakage():
    s = new_game(NAMES[:3], seed=1).state
    bad = s.evolve(black=s.black + 1)
    assert any(m.startswith("black: black materials not conserved") for m in rules.invariants(bad))
    bad = s.evolve(play=(s.play[0] - 5,) + s.play[1:])
    assert rules.invariants(bad) == ["players[0].supply: Red has a negative supply or play area"]
    bad = s.evolve(deck=s.deck[1:])
    assert any(m.startswith("deck: technique card") for m in rules.invariants(bad))
    bad = s.evolve(reveals=1)
    assert rules.invariants(bad) == ["reveals: 0 between turns"]
    bad = s.evolve(pending=("bonus", s.current))
    assert rules.invariants(bad)[0].startswith("pending: the initial restorations of Setup, step 9, come first")
