"""Le altre zone del tabellone: harvest, production, market, Council Palace."""
from __future__ import annotations

import pytest

from fresco_kit.lorenzo.actions import Choose, Place

from .helpers import P2, P3, P4, assert_refused, game_at, position, refused_by, res

DICE = {"white": 6, "black": 6, "orange": 6}


@pytest.mark.rule("lorenzo zones.spaces")
def test_small_space_one_member_large_space_any_at_minus_three():
    g = game_at(position(P3, dice=DICE, cards={"White": [1, 2, 3, 4, 5, 6]}))
    g.play("place Red white harvest-small")
    assert_refused(g, Place("White", "white", "harvest-small"), "zones.spaces")
    g.play("place White white harvest-large")           # 6 - 3 = 3: territories up to 3 fire
    w = g.state.player("White")
    assert w.res["coins"] == 6 + 1 + 1 and w.res["wood"] == 2 + 1 + 1   # Hub, Woods, Village + tile
    g.play("place Blue white harvest-large")            # any number of members
    assert len(g.state.occupants["harvest-large"]) == 2
    low = game_at(position(P3, dice={"white": 1}))
    low.play("place Red white harvest-large")           # value 1 reaches 1; action value -2
    assert low.state.player("Red").res["wood"] == 2     # not even the bonus tile fires
    assert_refused(low, Place("White", "neutral", "harvest-large"), "place.min")


@pytest.mark.rule("lorenzo zones.colour")
def test_one_coloured_member_per_zone():
    g = game_at(position(P3, dice=DICE))
    g.play("place Red white production-small")
    g.play("place White white production-large")
    g.play("place Blue white market-1")
    assert_refused(g, Place("Red", "black", "production-large"), "zones.colour")
    g.play(Place("Red", "neutral", "production-large", 1))
    assert not refused_by(g, Place("White", "black", "harvest-large"))


@pytest.mark.rule("lorenzo zones.two_players")
def test_large_spaces_closed_with_two_players():
    g = game_at(position(P2, dice=DICE))
    assert_refused(g, Place("Red", "white", "harvest-large"), "zones.two_players")
    assert_refused(g, Place("Red", "white", "production-large"), "zones.two_players")
    assert not refused_by(game_at(position(P3, dice=DICE)), Place("Red", "white", "harvest-large"))


@pytest.mark.rule("lorenzo zones.activation")
def test_action_value_fires_cards_up_to_it():
    st = position(P2, dice={"white": 3, "black": 6}, cards={"Red": [1, 2, 3, 4, 30, 25]},
                  res={"Red": {"stone": 0}})
    g = game_at(st)
    g.play("place Red white harvest-small")              # value 3: Hub, Woods, Village; not Gravel Pit
    r = g.state.player("Red")
    assert (r.res["coins"], r.res["wood"], r.res["stone"]) == (5 + 2, 2 + 1 + 1, 0 + 1)
    assert not g.state.pending                            # buildings do not fire on harvest
    g = game_at(st)
    g.play("place Red black production-small")           # value 6: Mint (2 buildings) + tile;
    assert not g.state.pending                            # Stonemason's Shop: no stone to trade
    assert res(g, "Red", "coins") == 5 + 2 + 2 and res(g, "Red", "wood") == 2
    g = game_at(position(P2, dice={"white": 2}, cards={"Red": [25, 26]}))
    g.play("place Red white production-small")           # value 2: only the tile (2 coins + 1 MP)
    assert res(g, "Red", "coins") == 7 and res(g, "Red", "military") == 1


@pytest.mark.rule("lorenzo zones.activation")
def test_extra_harvest_action_with_servants():
    st = position(P2, round=5, dice={"white": 6}, towers={"character": [69, 70, 71, 72]},
                  cards={"Red": [1, 2, 3, 4, 53]}, res={"Red": {"coins": 9, "servants": 3}})
    g = game_at(st)
    g.play("place Red white character-1")               # Cardinal: 2 faith + harvest at value 4
    assert_refused(g, Choose("Red", "production"), "kit.extra_action")
    g.play(Choose("Red", "harvest", 1))                 # 4 + 1 servant + Farmer 2 = 7: all four fire
    r = g.state.player("Red")
    assert r.res["stone"] == 2 + 1 + 2 and r.res["faith"] == 2 and r.res["servants"] == 3 - 1 + 1 + 1


@pytest.mark.rule("lorenzo zones.simultaneous")
def test_outputs_cannot_feed_other_buildings():
    st = position(P2, dice={"white": 6}, cards={"Red": [30, 31]}, res={"Red": {"stone": 1, "coins": 0}})
    g = game_at(st)
    g.play("place Red white production-small")           # Stonemason's Shop asks; Chapel can't (0 coins)
    assert g.state.pending[0].queue[0] == 30
    assert_refused(g, Choose("Red", "2"), "zones.simultaneous")     # 2 stone not held
    g.play("choose Red 1")
    assert res(g, "Red", "coins") == 3 + 2 and res(g, "Red", "faith") == 0
    g = game_at(position(P2, dice={"white": 6}, cards={"Red": [30, 31]}, res={"Red": {"stone": 1, "coins": 1}}))
    g.play("place Red white production-small")
    g.play("choose Red 0")                                # trades are optional
    g.play("choose Red 1")                                # Chapel: the coin held before
    assert res(g, "Red", "faith") == 1 and res(g, "Red", "coins") == 0 + 2


@pytest.mark.rule("lorenzo market.spaces")
def test_market_spaces_by_player_count_one_member_each():
    for players in (P2, P3):
        g = game_at(position(players, dice=DICE))
        assert_refused(g, Place("Red", "white", "market-3"), "market.spaces")
        assert_refused(g, Place("Red", "white", "market-4"), "market.spaces")
    g = game_at(position(P4, dice=DICE))
    g.play("place Red white market-1")
    assert res(g, "Red", "coins") == 10
    assert_refused(g, Place("White", "white", "market-1"), "market.spaces")
    g.play("place White white market-2")
    assert res(g, "White", "servants") == 8
    g.play("place Blue white market-3")
    assert res(g, "Blue", "military") == 3 and res(g, "Blue", "coins") == 9
    g.play("place Yellow white market-4")
    assert g.state.pending[0].count == 2
    g.play("choose Yellow faith")
    assert_refused(g, Choose("Yellow", "faith"), "kit.privileges")     # two different privileges
    g.play("choose Yellow wood+stone")
    assert res(g, "Yellow", "faith") == 1 and res(g, "Yellow", "wood") == 3


@pytest.mark.rule("lorenzo market.colour")
def test_same_player_on_several_market_spaces():
    g = game_at(position(P2, dice=DICE))
    g.play("place Red white market-1")
    g.play("place Blue white council")
    g.play("choose Blue coins")
    g.play("place Red black market-2")
    assert len(g.state.occupants["market-2"]) == 1


@pytest.mark.rule("lorenzo council.space")
def test_council_palace_takes_everyone_coin_and_privilege():
    g = game_at(position(P2, dice=DICE))
    g.play("place Red white council")
    assert res(g, "Red", "coins") == 6
    g.play("choose Red military")
    g.play("place Blue white council")
    g.play("choose Blue coins")
    g.play("place Red black council")                    # the same player again
    g.play("choose Red military")                        # a new privilege: may repeat
    assert res(g, "Red", "military") == 4 and len(g.state.occupants["council"]) == 3


@pytest.mark.rule("lorenzo council.order", "lorenzo endround.order")
def test_council_order_is_next_turn_order():
    st = position(P4, dice=DICE, home={"Red": [], "White": [], "Blue": [], "Yellow": ["neutral"]},
                  occupants={"council": ["Blue:white", "Red:black", "Blue:black"]}, turn=-1,
                  res={"Yellow": {"servants": 0}})
    g = game_at(st)
    g.play("forfeit Yellow neutral")
    assert g.state.order == ("Blue", "Red", "White", "Yellow")     # White, Yellow keep their order
    assert g.state.round == 2
