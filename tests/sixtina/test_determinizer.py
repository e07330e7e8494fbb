"""The fast determinizer gives exactly the states ``determinize`` gives, and they are
consistent positions, at 2-4 players over whole random games."""

from __future__ import annotations

import pytest

from fresco_kit.core import Rng
from fresco_kit.sixtina import new_game, rules


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_fast_determinizer_draws_what_determinize_draws(n):
    g = new_game(["Red", "White", "Blue", "Yellow"][:n], seed=n)
    state, rng, checked = g.state, Rng(5), 0
    for i in range(400):
        if rules.is_over(state):
            break
        if i % 9 == 0:
            player = rules.actor(state)[0]
            view = state.view(player)
            draw = rules.determinizer(view)
            for k in range(3):
                fast, slow = draw(Rng(k)), rules.determinize(view, Rng(k))
                assert fast.to_dict() == slow.to_dict()
                assert not rules.invariants(fast) and fast.view(player) == view
                checked += 1
        state = rules.apply_fast(state, rules.sample_action(state, rng))
    assert checked > 20
