"""The greedy and persona bots: they beat random play, they never peek, personas parse."""

from __future__ import annotations

import pytest

from fresco_kit import game_info, games
from fresco_kit.core import Rng
from fresco_kit.sim.bots import EVALUATIONS, GreedyBot, PersonaBot, make_bot
from fresco_kit.sim.mcts import MonteCarloBot
from fresco_kit.sim.metrics import wilson
from fresco_kit.sim.runner import simulate
from tests.games import apply_fast

#: games per test, 1 greedy seat against random seats (each test takes a few seconds; the
#: greedy seat won every one of 12 such games with 3 players in each game of the kit)
SAMPLE = 6
GAMES = [info.name for info in games()]


def seats(info) -> int:
    """The players of the bot tests: three, or the count nearest three that the game takes."""
    return min(info.player_counts, key=lambda n: (abs(n - 3), n))


@pytest.mark.parametrize("game", GAMES)
def test_greedy_beats_random_by_a_clear_margin(game):
    n = game_info(game).bench_players  # the count a study uses by default (where bots differ)
    result = simulate(game, ["greedy"] + ["random"] * (n - 1), SAMPLE, seed=1000, workers=1, progress=False)
    assert result.games["finished"].all()
    seat = result.players[result.players["seat"] == 0]
    low, _ = wilson(seat["win_share"].sum(), SAMPLE)
    assert low > 1 / n, f"greedy won {seat['win_share'].sum()} of {SAMPLE}"


def _position(game: str, moves: int, seed: int = 4):
    """A state after ``moves`` of the game's own random play, at a decision with a choice
    (of 3 actions or more); in a game over sooner, its last such decision."""
    info = game_info(game)
    g = info.new_game(info.players(seats(info)), seed=seed)
    rules, state, rng = g.rules, g.state, Rng(seed)
    step = apply_fast(rules)
    done, chosen = 0, None
    while not rules.is_over(state):
        if len(rules.legal_actions(state, player=rules.actor(state)[0])) >= 3:
            chosen = state
            if done >= moves:
                break
        state = step(state, rules.sample_action(state, rng))
        done += 1
    assert chosen is not None, f"{game}: no decision with 3 choices in a whole random game"
    return rules, chosen


def persona(info) -> str:
    """A persona of the game: one that weights its first scoring category."""
    return "persona:" + info.categories[0].replace(" ", "-")


@pytest.mark.parametrize("game, bot", [(g, b) for g in GAMES for b in ("greedy", persona(game_info(g)))])
@pytest.mark.parametrize("moves", [5, 40])
def test_a_bot_chooses_from_its_view_alone(game, bot, moves):
    rules, state = _position(game, moves)
    me = rules.actor(state)[0]
    # two whole states that differ in what ``me`` cannot see (if anything), alike in what it can
    one, two = (rules.determinize(state.view(me), Rng(k)) for k in (11, 12))
    assert one.view(me).to_dict() == two.view(me).to_dict() == state.view(me).to_dict()
    hides = state.view(me).to_dict() != state.to_dict()
    assert (one.to_dict() != two.to_dict()) == hides
    for s in (one, two, state):
        assert rules.legal_actions(s, player=me) == rules.legal_actions(state, player=me)
    chosen = {str(make_bot(bot).choose(rules, s, me, Rng(99))) for s in (one, two, state)}
    assert len(chosen) == 1


def test_greedy_plays_legal_moves_and_finds_the_best_one():
    rules, state = _position("sixtina", 30)
    me = rules.actor(state)[0]
    action = GreedyBot().choose(rules, state, me, Rng(1))
    assert not rules.checks(state, action)


def test_personas_parse_and_weigh_one_key():
    bot = make_bot("persona:altar")
    assert isinstance(bot, PersonaBot) and bot.weight == 3.0
    assert bot.weights_for("fresco") == {"altar": 3.0}
    assert make_bot("persona:fresco-tiles:5").weights_for("fresco") == {"fresco tiles": 5.0}
    assert make_bot("persona:prudent_restorations").weights_for("sixtina") == {"Prudent restorations": 3.0}
    with pytest.raises(ValueError, match="sixtina has no weight 'altar'"):
        bot.weights_for("sixtina")
    with pytest.raises(ValueError, match="names no category"):
        make_bot("persona:")
    with pytest.raises(ValueError, match="persona:<category>"):
        make_bot("clever")
    assert make_bot("persona:military-points").weights_for("lorenzo") == {"military points": 3.0}
    assert make_bot("persona:Military").weights_for("lorenzo") == {"Military": 3.0}
    assert isinstance(make_bot("greedy"), GreedyBot)


def test_every_game_has_an_evaluation_whose_weights_name_its_categories():
    assert set(EVALUATIONS) == {info.name for info in games()}
    for info in games():
        evaluate, weights = EVALUATIONS[info.name]
        assert set(info.categories) <= set(weights)
        assert len({k.lower().replace("_", " ").replace("-", " ") for k in weights}) == len(weights)
        rules, state = _position(info.name, 20)
        me = rules.actor(state)[0]
        plain = evaluate(state, me)
        assert isinstance(plain, float) and evaluate(state, me, dict(weights)) == pytest.approx(plain)


def test_a_persona_plays_a_whole_game():
    result = simulate("lorenzo", ["persona:military", "random"], 1, seed=2, workers=1, progress=False)
    assert result.games["finished"].all()


def test_mcts_with_a_budget_is_named_in_one_word():
    bot = make_bot("mcts:7")
    assert isinstance(bot, MonteCarloBot) and bot.simulations == 7
    for bad in ("mcts:", "mcts:0", "mcts:x"):
        with pytest.raises(ValueError, match="mcts:<simulations>"):
            make_bot(bad)
