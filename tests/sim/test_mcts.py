"""MonteCarloBot: reproducible, blind to hidden information, and stronger than random play."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from fresco_kit import games
from fresco_kit.core import Rng, game_info
from fresco_kit.sim.bots import KitRandomBot
from fresco_kit.sim.mcts import PROPOSALS, MonteCarloBot, edge, game_evaluation, leaf_rewards, rewards
from fresco_kit.sim.metrics import wilson
from tests.games import apply_fast


def _midgame(name, seed=1, steps=12):
    """A state after ``steps`` of the game's own random play, at a decision with a choice;
    in a game over sooner, its last such decision."""
    info = game_info(name)
    game = info.new_game(info.players(min(info.player_counts)), seed=seed)
    rules, state, rng = game.rules, game.state, Rng(seed)
    step = apply_fast(rules)
    done, chosen = 0, None
    while not rules.is_over(state):
        if len(rules.legal_actions(state, player=rules.actor(state)[0])) >= 2:
            chosen = state
            if done >= steps:
                break
        state = step(state, rules.sample_action(state, rng))
        done += 1
    assert chosen is not None, f"{name}: no decision with a choice in a whole random game"
    return rules, chosen


@pytest.mark.parametrize("info", games(), ids=lambda i: i.name)
def test_same_seed_same_choice_and_the_callers_generator_moves_by_one_draw(info):
    """The same position and seed give the same action; the search draws once from the caller."""
    rules, state = _midgame(info.name)
    me = rules.actor(state)[0]
    bot = MonteCarloBot(simulations=8)
    first, second = Rng(42), Rng(42)
    a = bot.choose(rules, state, me, first)
    b = bot.choose(rules, state, me, second)
    assert str(a) == str(b) and first.state == second.state and bot.last_iterations == 8
    assert str(a) in {str(x) for x in rules.legal_actions(state, player=me)}
    marker = Rng(42)
    marker.next64()
    assert first.state == marker.state


@pytest.mark.parametrize("info", games(), ids=lambda i: i.name)
def test_the_choice_depends_only_on_what_the_player_sees(info):
    """Two true states behind the same view (hidden parts redrawn) get the same choice."""
    rules, state = _midgame(info.name, seed=2)
    me = rules.actor(state)[0]
    other = rules.determinize(state.view(me), Rng(99))
    assert other.view(me) == state.view(me)
    bot = MonteCarloBot(simulations=6)
    assert str(bot.choose(rules, state, me, Rng(5))) == str(bot.choose(rules, other, me, Rng(5)))


def test_a_single_legal_action_is_played_without_searching():
    """A forced move costs nothing."""
    info = game_info("sixtina")
    game = info.new_game(info.players(2), seed=0)
    rules, state, rng = game.rules, game.state, Rng(0)
    while True:
        me = rules.actor(state)[0]
        legal = rules.legal_actions(state, player=me)
        if len(legal) == 1:
            break
        state = rules.apply_fast(state, rules.sample_action(state, rng))
    bot = MonteCarloBot(simulations=5)
    assert str(bot.choose(rules, state, me, Rng(1))) == str(legal[0]) and bot.last_iterations == 0


def test_a_budget_in_seconds_runs_at_least_one_iteration():
    """Even a tiny time budget searches once."""
    rules, state = _midgame("lorenzo")
    bot = MonteCarloBot(seconds=1e-6)
    bot.choose(rules, state, rules.actor(state)[0], Rng(3))
    assert bot.last_iterations >= 1


@pytest.mark.parametrize(
    "kwargs",
    [{"simulations": 0}, {"simulations": 2.5}, {"seconds": 0}, {"exploration": -1}, {"max_playout": -1},
     {"reward": "points"}],
)
def test_bad_settings_are_refused(kwargs):
    """Budgets, constants and reward rules out of range raise ValueError."""
    with pytest.raises(ValueError):
        MonteCarloBot(**kwargs)


def test_rewards_are_win_shares_or_nudged_by_the_margin():
    """Win shares sum to one; the margin nudge stays within a tenth."""
    info = game_info("lorenzo")
    game = info.new_game(info.players(2), seed=4)
    rules, state, rng = game.rules, game.state, Rng(4)
    while not rules.is_over(state):
        state = rules.apply_fast(state, rules.sample_action(state, rng))
    share = rewards(rules, state, "win")
    assert sum(share.values()) == pytest.approx(1) and set(share.values()) <= {0.0, 0.5, 1.0}
    margin = rewards(rules, state, "margin")
    for p in share:
        assert 0.9 * share[p] <= margin[p] <= 0.9 * share[p] + 0.1


def test_it_beats_the_kits_random_player_at_lorenzo():
    """A small seeded sample, both seats: the Wilson lower bound is above the fair share."""
    info = game_info("lorenzo")
    wins, n = 0.0, 8
    for seed in range(n):
        players = info.players(2)
        game = info.new_game(players, seed=500 + seed)
        rules, state, rng = game.rules, game.state, Rng(seed)
        me = players[seed % 2]
        seats = {p: (MonteCarloBot(simulations=4) if p == me else KitRandomBot()) for p in players}
        while not rules.is_over(state):
            who = rules.actor(state)[0]
            state = rules.apply_fast(state, seats[who].choose(rules, state, who, rng))
        winners = rules.scores(state).winners
        wins += 1 / len(winners) if me in winners else 0.0
    low, _ = wilson(wins, n)
    assert low > 0.5, f"{wins}/{n} wins"


@pytest.mark.parametrize("info", [i for i in games() if hasattr(i.rules, "determinizer")], ids=lambda i: i.name)
def test_a_fast_determinizer_draws_what_determinize_draws(info):
    """Every game's optional ``determinizer(view)`` gives, for each generator, the state
    ``determinize`` gives (and a sound one, behind the same view), over a random game."""
    rules = info.rules
    for n in sorted({min(info.player_counts), max(info.player_counts)}):
        state, rng, checked = info.new_game(info.players(n), seed=n).state, Rng(5), 0
        for i in range(600):
            if rules.is_over(state):
                break
            if i % 11 == 0:
                player = rules.actor(state)[0]
                view = state.view(player)
                draw = rules.determinizer(view)
                for k in range(2):
                    fast, slow = draw(Rng(k)), rules.determinize(view, Rng(k))
                    assert fast.to_dict() == slow.to_dict() and fast.view(player) == view
                    assert not rules.invariants(fast)
                    checked += 1
            state = rules.apply_fast(state, rules.sample_action(state, rng))
        assert checked > 10


def test_the_root_tries_the_games_own_proposal_first_when_the_heuristic_ties():
    """A Fresco plan changes nothing at once, so the heuristic rates every plan alike: the
    root's order of expansion starts with the plan the game's own player proposes most."""
    info = game_info("fresco")
    rules = info.rules
    state, rng = info.new_game(info.players(3), seed=6).state, Rng(6)
    while state.phase != "plan":
        state = rules.apply_fast(state, rules.sample_action(state, rng))
    me = rules.actor(state)[0]
    world = rules.determinize(state.view(me), Rng(1))
    evaluate, weights = game_evaluation("fresco")
    order = MonteCarloBot._prior(rules, world, me, Rng(2), (evaluate, weights))
    proposals = Counter()
    replay = Rng(2)
    for _ in range(PROPOSALS):
        proposals[edge(rules.sample_action(world, replay))] += 1
    assert order[0] == proposals.most_common(1)[0][0]
    assert {evaluate(rules.apply_fast(world, a), me, weights) for a in order[:5]} == {evaluate(world, me, weights)}
    assert len(order) == len(set(order)) > PROPOSALS


def test_a_temperature_turns_the_values_at_a_cut_into_chances_to_win():
    """With a temperature, the leaf rewards are the softmax of the heuristic values over it
    (hand-computed), and they sum to one like the win shares at a game's end."""
    rules, state = _midgame("lorenzo", steps=20)
    names = list(state.names)
    value = {p: 10.0 * i for i, p in enumerate(names)}
    out = leaf_rewards(rules, state, lambda s, p, w: value[p], None, temperature=10.0)
    total = sum(math.exp(i) for i in range(len(names)))
    for i, p in enumerate(names):
        assert out[p] == pytest.approx(math.exp(i) / total)
    assert sum(out.values()) == pytest.approx(1)
    with pytest.raises(ValueError, match="temperature"):
        MonteCarloBot(temperature=0)
