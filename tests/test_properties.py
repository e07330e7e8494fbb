"""One random-play property test for every registered game, option and player count.

Seeded random games (the game's own random player, ``random_playout``) are played to
the end.  After every action the game's invariants hold (``rules.invariants``: the
components each game conserves, nothing negative, turn counters in range); every few
actions the state survives a JSON round trip; at the end, replaying the seed and the
actions, and loading the save, give the same state, and the score sheet has the
registry's categories.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fresco_kit import games
from fresco_kit.core import Game, Rng, random_playout
from tests.games import option_cases

#: every registered game, player count and choice of each option (from the registry)
CASES = [(info, n, options) for info in games() for n in info.player_counts for options in option_cases(info)]


def _id(case) -> str:
    info, n, options = case
    return f"{info.name}-{n}p-" + ("-".join(str(v) for v in options.values()) or "default")


@pytest.mark.parametrize("case", CASES, ids=_id)
@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6))
def test_random_games_keep_the_invariants_and_replay(case, seed):
    info, n, options = case
    game = info.new_game(info.players(n), seed=seed, **options)
    rules = game.rules

    def check(g: Game, action, count: int) -> None:
        broken = rules.invariants(g.state)
        assert not broken, f"after action {count} ({action}): {broken}"
        if count % 25 == 0:
            assert rules.state_from_dict(g.state.to_dict()) == g.state

    played = random_playout(game, Rng(seed + 1), after_each=check)
    assert game.is_over and played == len(game.history) > 0
    replayed = Game.replay(rules, game.players, seed, options, game.actions)
    assert replayed.state == game.state
    assert Game.from_json(game.to_json()).state == game.state
    sheet = game.scores()
    assert list(sheet.categories) == list(info.categories) and sheet.winners
