"""Sixtina's own property tests (the random-play invariants, saves and replay of every
game are ``tests/test_properties.py``, registry-wide; ``rules.invariants`` holds all
that Sixtina conserves: 84 cards, every colour's materials, the black materials, nothing
negative, the decision owed and that it can be answered, the end of the game).

Here: random illegal actions along random games are refused with a RuleRef and leave
the state unchanged, and the invariants notice a broken state.
"""
from __future__ import annotations

import pytest

from fresco_kit.core import Game, Rng, RuleError, RuleRef, random_playout
from fresco_kit.sixtina import new_game
from fresco_kit.sixtina.actions import (Acquire, Bonus, ClaimObjective, GianluigiChoice, InitialRestoration, Prepare,
                                        Restore, Reveal)
from fresco_kit.sixtina.data import TECHNIQUES

from .helpers import PLACES, rules
from .helpers import owed

NAMES = ["Red", "White", "Blue", "Yellow"]
CASES = [(n, v) for n in (2, 3, 4) for v in ("basic", "history")]


def random_candidates(state, rng: Rng) -> list:
    """A few random actions, most of them illegal."""
    hand = state.hands[state.acting_seat]
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


@pytest.mark.rule("sixtina setup.materials", "sixtina setup.black", "sixtina end.trigger", "sixtina two.turns")
@pytest.mark.parametrize("n,variant", CASES)
def test_random_illegal_actions_are_refused_with_a_rule_and_change_nothing(n, variant):
    """Along a seeded random game (the shared playout of ``tests/test_properties.py``
    checks the invariants, saves and replay): random illegal actions are refused."""
    game = new_game(NAMES[:n], seed=n, variant=variant)
    rng = Rng(n * 31)
    refused = []

    def try_illegal(g: Game, action, count: int) -> None:
        if count % 3 == 0:
            refused.append(check_illegal(g, rng))

    random_playout(game, Rng(n), after_each=try_illegal)
    assert game.is_over and sum(refused) > 0


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
    bad = s.evolve(pending=owed(s, "bonus", s.current))
    assert rules.invariants(bad)[0].startswith("pending: the initial restorations of Setup, step 9, come first")
