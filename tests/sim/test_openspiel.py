"""The OpenSpiel adapter (fresco_kit.sim.openspiel): registration, OpenSpiel's own random
simulation test, the fixed action vocabulary, hidden information, and IS-MCTS playing a game.

Skipped as a whole when OpenSpiel (``pyspiel``, the ``openspiel`` extra) is not installed."""

from __future__ import annotations

import json

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402  (after the skip: numpy comes with OpenSpiel)
from open_spiel.python.algorithms import ismcts  # noqa: E402

import fresco_kit  # noqa: E402
from fresco_kit.core import Rng  # noqa: E402
from fresco_kit.sim import openspiel as osp  # noqa: E402
from fresco_kit.sim.mcts import rewards  # noqa: E402

GAMES = [info.name for info in fresco_kit.games()]


def dealt(name: str, players: int, seed: int = 0, **options: object) -> osp.KitState:
    """A new OpenSpiel game of ``name``, past its deal."""
    state = osp.load(name, players=players, seed=seed, **options).new_initial_state()
    assert state.is_chance_node()
    ((deal, probability),) = state.chance_outcomes()
    assert probability == 1.0
    state.apply_action(deal)
    return state


def kit_ids(state: osp.KitState, actions: int, seed: int = 0) -> list[int]:
    """Enter ``actions`` actions of the game's own random player into ``state``; their ids."""
    bot, ids = osp.KitBot("kit", seed=seed), []
    while actions and not state.is_terminal():
        a = bot.step(state)
        ids.append(a)
        state.apply_action(a)
        if not state.entered:
            actions -= 1
    return ids


# -- registration --------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_each_game_is_registered_with_its_type_and_parameters(name):
    """Each game loads under fresco_kit_<name> with the documented type, sizes and parameters."""
    info = fresco_kit.game_info(name)
    game = pyspiel.load_game(f"fresco_kit_{name}")
    kind = game.get_type()
    assert kind.short_name == f"fresco_kit_{name}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.provides_observation_string and not kind.provides_information_state_string
    assert (kind.min_num_players, kind.max_num_players) == (min(info.player_counts), max(info.player_counts))
    assert game.num_players() == max(info.player_counts)
    assert game.num_distinct_actions() == len(osp.Vocabulary(info.rules.ACTIONS, info.players()))
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    word_options = {o.name for o in info.options if o.name != "data"}
    assert set(game.get_parameters()) == {"players", "seed"} | word_options


def test_parameters_reach_the_engine_and_bad_ones_are_refused():
    """Players and options reach the engine's setup; a bad count, option or game is refused."""
    state = dealt("fresco", 4, ruleset="bigbox")
    assert state.engine_state.options["ruleset"] == "bigbox"
    assert list(state.engine_state.names) == ["Red", "White", "Blue", "Yellow"]
    with pytest.raises(Exception, match="Fresco is for 3, 4 players, not 2"):
        osp.load("fresco", players=2)
    with pytest.raises(Exception, match="must be one of 'base', 'bigbox'"):
        osp.load("fresco", ruleset="deluxe")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        osp.load("chess")


# -- OpenSpiel's own checks ----------------------------------------------------------------
#: a game the kit's random player ends within this many ids is checked from its start;
#: uniform random ids make a longer game far longer (a Fresco game: about 67,000 ids for 3
#: players), so a longer game is checked from a position the kit's random player reached,
#: a tenth of its ids before the end (the opening is checked by the tests below)
SHORT = 800


@pytest.mark.parametrize(("name", "players"), [(info.name, n) for info in fresco_kit.games()
                                               for n in sorted({min(info.player_counts), max(info.player_counts)})])
def test_openspiel_random_sim_test_passes(name, players):
    """OpenSpiel's own random simulation test (clone, legal ids, masks, returns) passes, from
    the start of a short game or from a late position of a long one (see :data:`SHORT`)."""
    game = osp.load(name, players=players, seed=5)
    full = dealt(name, players, seed=5)
    deal = full.history()[0]
    ids = kit_ids(full, 100_000)
    assert full.is_terminal()
    if len(ids) <= SHORT:
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
        return
    late = game.new_initial_state()
    for a in [deal, *ids[: len(ids) * 9 // 10]]:
        late.apply_action(a)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False, specific_initial_state=late)


# -- action ids ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_vocabulary_is_fixed_and_each_legal_action_is_entered_by_its_own_ids(name):
    """The words do not depend on the state; each legal action has its own prefix-free ids,
    and entering them plays exactly that action."""
    info = fresco_kit.game_info(name)
    players = min(fresco_kit.game_info(name).player_counts)
    state = dealt(name, players, seed=11)
    words = osp.Vocabulary(info.rules.ACTIONS, info.players(players)).words
    assert state._kit.vocabulary.words == words  # the same words for every game with these players
    checked = 0
    for _ in range(12):
        if state.is_terminal():
            break
        engine, mover = state.engine_state, state.mover_name()
        legal = info.rules.legal_actions(engine, player=mover)
        codes = {state._kit.vocabulary.ids(a): a for a in legal}
        assert len(codes) == len(legal)  # one code per action
        for code in codes:  # prefix-free: no action's ids begin another's
            assert not any(other != code and other[: len(code)] == code for other in codes)
        assert state.legal_actions() == sorted({code[0] for code in codes})
        for code, action in list(codes.items())[:: max(1, len(codes) // 25)]:
            entered = state.clone()
            for a in code:
                assert a in entered.legal_actions()
                entered.apply_action(a)
            assert entered.engine_state == info.rules.apply(engine, action)[0]
            assert entered.entered == ()
            checked += 1
        kit_ids(state, 1, seed=checked)
    assert checked > 12


def test_numbers_without_a_small_range_are_written_in_digits():
    """Open-ended numbers are digits then <end>; an absent optional field is <none>."""
    vocabulary = osp.Vocabulary(fresco_kit.game_info("lorenzo").rules.ACTIONS, ["Red", "White"])
    action = fresco_kit.game_info("lorenzo").grammar.parse("place Red white council servants 12")
    assert vocabulary.text(vocabulary.ids(action)) == "place Red white council 1 2 <end>"
    plain = fresco_kit.game_info("lorenzo").grammar.parse("place Red white council")
    assert vocabulary.text(vocabulary.ids(plain)) == "place Red white council 0 <end>"
    fresco = fresco_kit.game_info("fresco")
    vocabulary = osp.Vocabulary(fresco.rules.ACTIONS, ["Red", "White", "Blue"])
    restore = fresco.grammar.parse("restore Red 5,1")  # row 5, column 1: counted from 1, as the board
    assert vocabulary.text(vocabulary.ids(restore)) == "restore Red 5 1 <none> <none>"


def test_an_id_that_cannot_follow_is_refused():
    """An id that begins no legal action is refused with a ValueError."""
    state = dealt("lorenzo", 2)
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match="cannot follow"):
        state.apply_action(illegal)


# -- chance, returns, hidden information -----------------------------------------------------
def test_a_history_of_ids_replays_the_same_game_and_each_new_game_is_another_deal():
    """The deal is in the history, so ids replay a game exactly; new games get new deals."""
    game = osp.load("sixtina", players=3, seed=9)
    first = game.new_initial_state()
    kit_ids_played = [first.chance_outcomes()[0][0]]
    first.apply_action(kit_ids_played[0])
    kit_ids_played += kit_ids(first, 40)
    again = game.new_initial_state()
    for a in kit_ids_played:
        again.apply_action(a)
    assert str(again) == str(first) and again.history() == first.history()
    deals = {game.new_initial_state().chance_outcomes()[0][0] for _ in range(5)}
    assert len(deals) == 5


@pytest.mark.parametrize("name", GAMES)
def test_returns_are_each_players_share_of_the_victory(name):
    """Returns are zero before the end, then the players' shares of the victory."""
    players = min(fresco_kit.game_info(name).player_counts)
    state = dealt(name, players, seed=4)
    assert state.returns() == [0.0] * players
    kit_ids(state, 100_000)
    assert state.is_terminal()
    share = rewards(state._kit.rules, state.engine_state, "win")
    assert state.returns() == [share[p] for p in state._kit.players]
    assert sum(state.returns()) in (0.0, 1.0)


def test_observations_are_the_players_views_and_hide_what_another_player_enters():
    """Observations are the views; what one player enters, and a plan made while planning,
    stay hidden from the others."""
    state = dealt("fresco", 3, seed=2)
    for p, name in enumerate(state._kit.players):
        view = json.loads(state.observation_string(p))
        assert view == json.loads(json.dumps(state.engine_state.view(name).to_dict()))
    kit_ids(state, 3)  # the three wake-up choices: planning is next, all three at once
    assert state.engine_state.phase == "plan" and len(state._kit.rules.actor(state.engine_state)) == 3
    first = state.current_player()
    others_before = [state.observation_string(p) for p in range(3) if p != first]
    state.apply_action(state.legal_actions()[0])  # "plan": one word entered
    assert "entering: plan" in state.observation_string(first)
    assert [state.observation_string(p) for p in range(3) if p != first] == others_before
    kit_ids(state, 1)  # the first plan is complete
    second = state.current_player()
    assert second != first
    seen = json.loads(state.observation_string(second))
    assert seen["players"][first]["plan"] is None and seen["players"][first]["planned"] is True
    own = json.loads(state.observation_string(first))
    assert own["players"][first]["plan"] is not None


def test_information_states_are_not_offered():
    """Asking for a perfect-recall information state says to use observations."""
    state = dealt("lorenzo", 2)
    with pytest.raises(Exception, match="no perfect-recall information state"):
        state.information_state_string(0)


# -- searching and playing -----------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_resampling_keeps_what_the_player_sees(name):
    """The IS-MCTS resampler changes only what the player cannot see."""
    players = min(fresco_kit.game_info(name).player_counts)
    state = dealt(name, players, seed=6)
    kit_ids(state, 7)
    resample = osp.resampler(seed=1)
    p = state.current_player()
    for _ in range(3):
        other = resample(state, p)
        assert other.observation_string(p) == state.observation_string(p)
        assert other.legal_actions() == state.legal_actions()
        assert other.history() == state.history()


def test_playout_evaluator_and_kit_bot_finish_what_is_being_entered():
    """The evaluator plays out from a half-entered action; its prior is uniform over legal ids."""
    state = dealt("sixtina", 2, seed=3)
    kit_ids(state, 5)
    while len(state.legal_actions()) == 1 and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[-1])
    values = osp.PlayoutEvaluator(seed=2, reward="win").evaluate(state)
    assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
    legal = state.legal_actions()
    assert dict(osp.PlayoutEvaluator().prior(state)) == {a: 1 / len(legal) for a in legal}


def test_openspiel_ismcts_plays_a_whole_game_against_the_kit_player():
    """OpenSpiel's Python IS-MCTS (small budget) plays a whole Lorenzo game against the kit player."""
    game = osp.load("lorenzo", players=2, seed=3)
    searcher = ismcts.ISMCTSBot(
        game,
        osp.PlayoutEvaluator(seed=1),
        uct_c=2.0,
        max_simulations=4,
        random_state=np.random.RandomState(1),
        use_observation_string=True,
    )
    searcher.set_resampler(osp.resampler(seed=2))
    bots = [searcher, osp.KitBot("kit", seed=7)]
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        player = state.current_player()
        searched += player == 0 and len(state.legal_actions()) > 1
        state.apply_action(bots[player].step(state))
    assert searched > 20  # the search chose, id by id, for every action of seat 0
    assert state._kit.rules.is_over(state.engine_state)
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


def test_kit_bot_plays_a_kit_bot_choice_id_by_id():
    """KitBot enters, id by id, the action its fresco_kit bot chose."""
    state = dealt("lorenzo", 2, seed=8)
    bot = osp.KitBot("greedy", seed=4)
    engine, mover = state.engine_state, state.mover_name()
    expected = bot.bot.choose(state._kit.rules, engine, mover, Rng(4))
    while state.engine_state is engine:
        state.apply_action(bot.step(state))
    assert state.engine_state == state._kit.rules.apply(engine, expected)[0]
