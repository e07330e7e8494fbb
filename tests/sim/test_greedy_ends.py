"""All-greedy games end, within a few times the length of the game's own random player's
games on the same seeds (greedy once stalled 1980 Sixtina to the action cap, with full
hands it never discarded, and dragged Fresco to 80-145 rounds, hoarding thalers)."""

from __future__ import annotations

import pytest

from fresco_kit import game_info, games
from fresco_kit.sim.runner import play_one

GAMES = [info.name for info in games()]
SEEDS = (0, 1, 2)


@pytest.mark.parametrize("game", GAMES)
def test_all_greedy_games_end_within_a_few_times_a_kit_game(game):
    """Every seat greedy, 3 seeds at the player counts the game takes (3 where it can)."""
    info = game_info(game)
    for n in sorted(set(info.player_counts))[:3]:
        kit = [play_one(info, ["kit"] * n, s, {}, 20_000)["game"] for s in SEEDS]
        greedy = [play_one(info, ["greedy"] * n, s, {}, 20_000)["game"] for s in SEEDS]
        assert all(g["finished"] for g in greedy), (n, greedy)
        longest = max(g["actions"] for g in kit)
        assert max(g["actions"] for g in greedy) <= 3 * longest, (n, [g["actions"] for g in greedy], longest)
