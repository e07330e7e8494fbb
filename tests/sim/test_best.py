"""``best`` resolves for every registered game (the template game too), the Monte Carlo
budgets by name (simulations, CPU milliseconds, playout depth), and the leaf rewards."""

from __future__ import annotations

import pytest

from fresco_kit import games
from fresco_kit.core import Rng, game_info
from fresco_kit.sim.bots import BestBot, make_bot
from fresco_kit.sim.mcts import MonteCarloBot, leaf_rewards
from tests.games import apply_fast


def _midgame(name, seed=3, steps=15):
    info = game_info(name)
    game = info.new_game(info.players(min(info.player_counts)), seed=seed)
    rules, state, rng = game.rules, game.state, Rng(seed)
    step = apply_fast(rules)
    chosen = None
    for done in range(400):
        if rules.is_over(state):
            break
        if len(rules.legal_actions(state, player=rules.actor(state)[0])) >= 2:
            chosen = state
            if done >= steps:
                break
        state = step(state, rules.sample_action(state, rng))
    assert chosen is not None
    return rules, chosen


@pytest.mark.parametrize("info", games(), ids=lambda i: i.name)
def test_best_resolves_and_plays_a_legal_move_in_every_game(info):
    """The game's BEST names a bot make_bot knows (a game without one falls back), and
    ``best`` chooses a legal action, the same one for the same seed."""
    rules, state = _midgame(info.name)
    name = BestBot.bot_name(rules)
    make_bot(name)  # a name make_bot knows
    bots = info.bots
    if bots is not None and isinstance(getattr(bots, "BEST", None), str):
        assert name == bots.BEST
    else:
        assert name in ("greedy", "mcts:25", "kit")
    me = rules.actor(state)[0]
    a, b = (make_bot("best").choose(rules, state, me, Rng(8)) for _ in range(2))
    assert str(a) == str(b)
    assert str(a) in {str(x) for x in rules.legal_actions(state, player=me)}


def test_budgets_by_name():
    bot = make_bot("mcts:12:d4")
    assert isinstance(bot, MonteCarloBot) and (bot.simulations, bot.depth, bot.cpu_ms) == (12, 4, None)
    bot = make_bot("mcts:30ms")
    assert isinstance(bot, MonteCarloBot) and bot.cpu_ms == 30 and bot.depth is None
    assert make_bot("mcts:30ms:d0").depth == 0
    bot = make_bot("mcts:9:d6:c1.4")
    assert isinstance(bot, MonteCarloBot) and (bot.depth, bot.exploration) == (6, 1.4)
    assert make_bot("mcts:9:d0").exploration == 0.2 and make_bot("mcts:9").exploration == 1.4
    bot = make_bot("mcts:9:d0:t12.5")
    assert isinstance(bot, MonteCarloBot) and (bot.depth, bot.temperature) == (0, 12.5) and bot.exploration == 0.2
    assert make_bot("mcts:9:d0").temperature is None
    bad_names = ("mcts:0ms", "mcts:5:4", "mcts:5:dx", "mcts:ms", "mcts:5:d-1", "mcts:5:c-1", "mcts:5:cx")
    bad_names += ("mcts:5:d1:d2", "mcts:5:t0", "mcts:5:tx", "mcts:5:t1:t2", "mcts:5:tnan", "mcts:5:tinf", "mcts:5:t-3")
    for bad in bad_names:
        with pytest.raises(ValueError, match="mcts:<simulations>"):
            make_bot(bad)
    with pytest.raises(ValueError):
        MonteCarloBot(cpu_ms=0)
    with pytest.raises(ValueError):
        MonteCarloBot(depth=-1)


@pytest.mark.parametrize("game", ["sixtina", "fresco", "lorenzo"])
def test_a_node_budget_with_a_cut_is_reproducible_and_a_cpu_budget_searches(game):
    rules, state = _midgame(game)
    me = rules.actor(state)[0]
    bot = MonteCarloBot(simulations=10, depth=4)
    a = bot.choose(rules, state, me, Rng(1))
    assert bot.last_iterations == 10
    assert str(a) == str(MonteCarloBot(simulations=10, depth=4).choose(rules, state, me, Rng(1)))
    timed = MonteCarloBot(cpu_ms=1, depth=4)
    timed.choose(rules, state, me, Rng(1))
    assert timed.last_iterations >= 1


def test_leaf_rewards_favour_the_leader_and_stay_between_0_and_1():
    info = game_info("lorenzo")
    rules, state = _midgame("lorenzo", steps=60)
    lead = {name: float(i) * 10 for i, name in enumerate(state.names)}
    out = leaf_rewards(rules, state, lambda s, p, w: lead[p], None)
    assert all(0 < v < 1 for v in out.values())
    ordered = sorted(state.names, key=lead.__getitem__)
    assert [out[p] for p in ordered] == sorted(out.values())
    assert out[ordered[-1]] > 0.5 > out[ordered[0]]
    assert info.name == "lorenzo"


@pytest.mark.parametrize("game", ["sixtina", "fresco", "lorenzo"])
def test_best_gives_the_same_frames_on_one_worker_two_and_dask(game):
    """``best`` (an iteration budget, the tuned weights read in every worker) plays the
    same games in this process, on two worker processes and on a Dask cluster of worker
    processes: same seeds, same frames."""
    pytest.importorskip("dask.distributed")
    import pandas.testing as pdt

    from fresco_kit.sim.runner import simulate

    seats = ["best", "kit", "greedy"]
    study = {"seed": 7, "max_actions": 40, "progress": False}
    one = simulate(game, seats, 2, workers=1, **study)
    two = simulate(game, seats, 2, workers=2, **study)
    dask = simulate(game, seats, 2, workers=2, backend="dask", **study)
    for other in (two, dask):
        pdt.assert_frame_equal(one.games, other.games)
        pdt.assert_frame_equal(one.players, other.players)
    assert one.missing.empty and list(one.games["seed"]) == [7, 8]
