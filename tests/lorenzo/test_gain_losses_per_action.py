"""The third reading of the "gain 1 less" excommunications (readings "gain losses", switch
``gain_losses``): 'per_action' takes 1 of each listed resource only the first time one action
receives it.  Constructed positions where one action receives a listed resource several times,
played under the three values with hand-computed results; the record of the losses taken
(``State.losses``) across the steps of an action, in saves, views and loaded saves; random
games played with the switch on."""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game, Rng, SaveError
from fresco_kit.lorenzo import INFO, new_game, rules
from fresco_kit.lorenzo.actions import Choose, Place
from fresco_kit.lorenzo.data import load

from .helpers import P2, P3, game_at, position, res

READINGS = ("per_gain", "per_unit", "per_action")
REACH = {s.name: s.reach for s in INFO.switches}


def _options(reading):
    return {"switches": {"gain_losses": reading}} if reading else {}


def council_then_privilege(reading):
    """Tile 2 (1 coin less each time coins are received); Red places on the Council Palace
    (1 coin and a privilege) and takes the coins privilege (2 coins): two receipts of coins
    in one action, in two steps."""
    g = game_at(position(P2, round=3, tiles=(2, 13, 15), excomms={"Red": [2]}, dice={"white": 1},
                         options=_options(reading)))
    return g, [Place("Red", "white", "council"), Choose("Red", "coins")]


def floor_bonus_then_card(reading):
    """Tile 4 (1 wood and 1 stone less); Red takes the Woods (immediate: 1 wood) from floor 4
    of the territory tower (bonus: 2 wood): two receipts of wood in one step."""
    g = game_at(position(P2, round=3, tiles=(4, 13, 15), excomms={"Red": [4]}, dice={"white": 6},
                         towers={"territory": [9, 10, 11, 2]}, options=_options(reading)))
    return g, [Place("Red", "white", "territory-4", 1)]


def extra_action(reading):
    """Tile 4; Red takes the Abbess from floor 3 of the character tower (bonus: 1 stone), then
    with her extra action (any card at value 4, +3 servants) the Knight from floor 4 (bonus:
    2 stone; immediate: a privilege), and takes the wood+stone privilege: stone received three
    times in one action -- the placement, its extra action and a privilege -- in three steps."""
    g = game_at(position(P2, round=3, tiles=(4, 13, 15), excomms={"Red": [4]}, dice={"white": 6},
                         res={"Red": {"coins": 20}}, towers={"character": [50, 53, 56, 52]},
                         options=_options(reading)))
    return g, [Place("Red", "white", "character-3"), Choose("Red", "character-4", 3), Choose("Red", "wood+stone")]


#: position -> the resource received several times -> what Red ends the action with more of
#: it, by reading (worked out by hand in the comments)
CASES = [
    # coins: council 1 and privilege 2.  per gain: 0 + 1; per unit: 0 + 0; per action: 0 + 2
    (council_then_privilege, "coins", {"per_gain": 1, "per_unit": 0, "per_action": 2}),
    # wood: floor bonus 2 and card 1.  per gain: 1 + 0; per unit: 0 + 0; per action: 1 + 1
    (floor_bonus_then_card, "wood", {"per_gain": 1, "per_unit": 0, "per_action": 2}),
    # stone: floor 3 bonus 1, floor 4 bonus 2, privilege 1.  per gain: 0 + 1 + 0; per unit: 0;
    # per action: 0 + 2 + 1
    (extra_action, "stone", {"per_gain": 1, "per_unit": 0, "per_action": 3}),
]


@pytest.mark.rule("lorenzo excomm.kinds")
@pytest.mark.parametrize(("make", "key", "expected"), CASES, ids=[c[0].__name__ for c in CASES])
def test_one_action_receiving_a_listed_resource_several_times(make, key, expected):
    """The three readings give three different results, the default that of 'per_gain'."""
    got = {}
    for reading in (None, *READINGS):
        g, moves = make(reading)
        before = res(g, "Red", key)
        for move in moves:
            g.play(move)
        assert g.state.pending == () and g.state.current == "Blue"   # the action is over
        assert g.state.losses is None                                # and its record gone
        got[reading] = res(g, "Red", key) - before
    assert got == {None: expected["per_gain"], **expected}
    assert len(set(expected.values())) == 3


@pytest.mark.rule("lorenzo excomm.kinds")
def test_the_record_lasts_one_action_and_says_why_nothing_is_lost():
    """Under 'per_action' the loss taken by the council's coin is remembered while the
    privilege is pending, the privilege's coins come whole (an event says why), and Red's
    next action takes the loss again (the market's 5 coins give 4)."""
    g, moves = council_then_privilege("per_action")
    coins = res(g, "Red", "coins")
    g.play(moves[0])
    assert g.state.losses == ("coins",) and res(g, "Red", "coins") == coins    # 1 coin, 1 less
    assert [e.text for e in g.history[-1].events][-1] == "Red gains 1 coin less: an excommunication"
    g.play(moves[1])
    assert g.state.losses is None and res(g, "Red", "coins") == coins + 2
    texts = [e.text for e in g.history[-1].events]
    assert texts == ["Red loses no coins this time: the excommunication took its loss earlier in this action "
                     "(switch gain_losses='per_action')", "Red gains 2 coins (privilege coins)"]
    assert g.history[-1].events[0].rule.id == "excomm.kinds"
    g.play(Place("Blue", "white", "council"))
    g.play(Choose("Blue", "faith"))
    step = (g.state, Place("Red", "black", "market-1"))
    g.play(step[1])                                                           # a new action: 5 coins, 1 less
    assert res(g, "Red", "coins") == coins + 2 + 4 and g.state.losses is None
    assert REACH["gain_losses"].test(step[0], step[1], g.state)


@pytest.mark.rule("lorenzo excomm.kinds")
def test_a_save_made_mid_action_keeps_the_record_and_loads_back():
    """Saved between the steps of one action, the record is in the state (public: every view
    shows it) and comes back on loading; the game goes on the same; between actions it is
    left out of the save."""
    g, moves = extra_action("per_action")
    g.play(moves[0])
    assert g.state.losses == ("stone",)
    text = g.to_json()
    assert json.loads(text)["state"]["losses"] == ["stone"]
    again = Game.from_json(text)
    assert again.state == g.state and again.to_json() == text
    assert all(g.state.view(who).losses == ("stone",) for who in (None, *P2))
    assert rules.invariants(g.state) == [] and rules.determinize(g.state.view("Blue"), Rng(1)).losses == ("stone",)
    for game in (g, again):
        game.play(moves[1])
    assert again.state == g.state and g.state.losses == ("stone",)     # the privilege is pending
    mid = Game.from_json(g.to_json())
    for game in (g, mid):
        game.play(moves[2])
    assert mid.state == g.state and g.state.losses is None
    assert "losses" not in json.loads(g.to_json())["state"]
    assert "losses" not in json.loads(g.to_json())["start"]


def _refused(data, message):
    with pytest.raises(SaveError) as err:
        rules.state_from_dict(data)
    assert str(err.value).startswith(message), str(err.value)


@pytest.mark.rule("lorenzo excomm.kinds")
def test_a_damaged_record_is_refused_naming_the_field():
    """Bad types, resources the tile does not list, duplicates, the wrong order, an empty
    list, a record between actions or without the switch: each a SaveError on ``state.losses``."""
    g, moves = extra_action("per_action")
    g.play(moves[0])
    g.play(moves[1])                                   # the privilege pending, stone's loss taken
    d = json.loads(json.dumps(g.state.to_dict()))
    assert rules.state_from_dict(d) == g.state
    listed = "expected different resources that Red's 'gain 1 less' excommunication lists (wood, stone)"
    for value, message in [
        ("stone", "state.losses: expected a list"),
        ([1], "state.losses[0]: expected resources"),
        (["gold"], "state.losses[0]: expected resources"),
        ({"stone": 1}, "state.losses: expected a list"),
        (["coins"], f"state.losses: {listed}"),
        (["stone", "stone"], f"state.losses: {listed}"),
        (["stone", "wood"], f"state.losses: {listed}"),
        ([], f"state.losses: {listed}"),
    ]:
        _refused(dict(d, losses=value), message)
    _refused(dict(d, losses=["stone"], switches=dict(d["switches"], gain_losses="per_gain")),
             "state.losses: expected null unless the switch gain_losses is 'per_action'")
    _refused(dict(d, losses=["stone"], switches=dict(d["switches"], gain_losses=None)),
             "state.losses: expected null unless")
    g.play(moves[2])
    between = json.loads(json.dumps(g.state.to_dict()))
    _refused(dict(between, losses=["stone"]), "state.losses: expected null between actions")


def _gain_loss_tiles():
    return [t for t, tile in load().excommunications.items() if tile.kind == "gain_loss"]


@pytest.mark.rule("lorenzo excomm.kinds")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_the_switch_keep_the_invariants_and_replay(players):
    """Random games under 'per_action': from the setup (several seeds), and from round 3 with
    every player under one of the four 'gain 1 less' tiles.  After every action the state is
    sound, ``apply_fast`` agrees with ``apply``, and a save made then loads back equal; the
    record is set somewhere (the switch plays) and always gone when nothing is pending; each
    game replays from its seed and actions."""
    names = ["Red", "White", "Blue", "Yellow"][:players]
    switches = {"gain_losses": "per_action"}
    games = [new_game(names, seed=seed, switches=switches) for seed in range(2)]
    games += [game_at(position(names, seed=tile, round=3, tiles=(tile, 13, 15),
                               excomms={n: [tile] for n in names}, options={"switches": switches}))
              for tile in _gain_loss_tiles()]
    seen = 0
    for i, game in enumerate(games):
        rng = Rng(100 * players + i)
        while not game.is_over:
            state = game.state
            action = rules.sample_action(state, rng)
            game.play(action)
            after = game.state
            assert rules.invariants(after) == [], (i, str(action))
            assert rules.apply_fast(state, action) == after
            if after.losses is not None:
                seen += 1
                assert after.pending and after.phase == "actions"
                assert Game.from_json(game.to_json()).state == after
            elif len(game.history) % 20 == 0:
                assert Game.from_json(game.to_json()).state == after
        replayed = Game(rules, state=game.initial_state)
        for action in game.actions:
            replayed.play(action)
        assert replayed.state == game.state
    assert seen > 0
