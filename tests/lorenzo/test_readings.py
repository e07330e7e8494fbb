"""The kit's readings where the Italian rules summary is silent (fresco_kit/lorenzo/readings.py):
each is pinned here, and where a constant switches it, the other reading is checked too."""
from __future__ import annotations

import pytest

from fresco_kit.lorenzo import readings
from fresco_kit.lorenzo.scoring import military_points
from fresco_kit.lorenzo.state import Choose, Place

from .helpers import P2, P3, assert_refused, game_at, position, refused_by, res


@pytest.mark.rule("lorenzo final.military")
def test_military_places_count_players_strictly_ahead():
    # a tie for first: both 5, nobody second (the next player is third)
    assert military_points({"a": 7, "b": 7, "c": 6, "d": 1}) == {"a": 5, "b": 5, "c": 0, "d": 0}
    # a tie for second: all take 2
    assert military_points({"a": 7, "b": 3, "c": 3, "d": 3}) == {"a": 5, "b": 2, "c": 2, "d": 2}


@pytest.mark.rule("lorenzo final.military")
def test_players_on_zero_military_compete(monkeypatch):
    # the discs start on the zero space, so a player on 0 is still on the track
    assert military_points({"a": 3, "b": 0}) == {"a": 5, "b": 2}
    assert military_points({"a": 0, "b": 0, "c": 0}) == {"a": 5, "b": 5, "c": 5}
    monkeypatch.setattr(readings, "MILITARY_ZERO_COMPETES", False)
    assert military_points({"a": 3, "b": 0}) == {"a": 5, "b": 0}
    assert military_points({"a": 0, "b": 0}) == {"a": 0, "b": 0}


@pytest.mark.rule("lorenzo zones.spaces")
def test_large_space_minus_three_after_the_minimum(monkeypatch):
    st = position(P3, dice={"white": 1, "black": 4}, cards={"Red": [1]})
    g = game_at(st)
    assert not refused_by(g, Place("Red", "white", "harvest-large"))       # 1 reaches 1, then -3
    g.play("Red places black on harvest-large")                           # 4 - 3 = 1: tile + Hub
    assert res(g, "Red", "wood") == 3 and res(g, "Red", "coins") == 6
    monkeypatch.setattr(readings, "LARGE_SPACE_PENALTY_AFTER_MINIMUM", False)
    g = game_at(st)
    assert_refused(g, Place("Red", "white", "harvest-large"), "place.min")    # 1 - 3 < 1
    assert not refused_by(g, Place("Red", "black", "harvest-large"))


@pytest.mark.rule("lorenzo servants", "lorenzo excomm.kinds")
def test_servants_in_pairs_under_the_two_per_plus_one_tile(monkeypatch):
    def game():
        return game_at(position(P2, round=3, tiles=(1, 13, 15), excomms={"Red": [13]},
                                towers={"territory": [9, 10, 11, 12]}, res={"Red": {"servants": 3}}))
    g = game()
    assert_refused(g, Place("Red", "neutral", "territory-1", 3), "excomm.kinds")
    assert Place("Red", "neutral", "territory-1", 2) in g.legal_actions()
    monkeypatch.setattr(readings, "SERVANTS_IN_PAIRS", False)
    g = game()
    assert Place("Red", "neutral", "territory-1", 3) in g.legal_actions()   # the odd servant is wasted
    g.play(Place("Red", "neutral", "territory-1", 3))                       # 3 servants = +1
    assert res(g, "Red", "servants") == 0 and 9 in g.state.player("Red").cards["territory"]


@pytest.mark.rule("lorenzo kit.extra_action", "lorenzo towers.bonus")
def test_extra_action_floor_bonus_switch(monkeypatch):
    st = position(P2, dice={"white": 6}, towers={"character": [49, 53, 56, 52], "territory": [1, 2, 3, 4]},
                  res={"Red": {"coins": 9}})
    g = game_at(st)
    g.play("Red places white on character-3")               # Abbess: any card at value 4
    g.play(Choose("Red", "territory-3", 1))                 # no member placed: no floor-3 wood
    assert res(g, "Red", "wood") == 2
    monkeypatch.setattr(readings, "EXTRA_ACTION_FLOOR_BONUS", True)
    g = game_at(st)
    g.play("Red places white on character-3")
    g.play(Choose("Red", "territory-3", 1))
    assert res(g, "Red", "wood") == 3


@pytest.mark.rule("lorenzo cards.effects")
def test_faith_stops_at_fifteen():
    g = game_at(position(P2, dice={"white": 6}, towers={"character": [55, 49, 53, 52]},
                         res={"Red": {"faith": 13}}))
    g.play("Red places white on character-1")               # Preacher: 4 faith
    assert res(g, "Red", "faith") == readings.FAITH_MAX == 15


@pytest.mark.rule("lorenzo final.winner")
def test_win_tie_uses_the_order_after_the_last_council_palace():
    st = position(P2, res={"Red": {"vp": 20}, "Blue": {"vp": 20, "coins": 0}}, home={"Red": [], "Blue": ["white"]},
                  dice={"white": 1}, turn=-1, round=6, tiles=(1, 8, 15),
                  order=["Red", "Blue"])
    g = game_at(st)
    g.play("Blue places white on council")                  # Blue first next: the final order
    g.play("Blue chooses wood+stone")                       # 1 coin + 1 wood + 1 stone: 10 resources, as Red's 12 -> 2 VP
    for name in ("Red", "Blue"):
        if g.state.pending and g.state.pending[0]["player"] == name:
            g.play(Choose(name, "support"))
    assert g.is_over and g.state.order == ("Blue", "Red")
    totals = g.scores().totals
    assert totals["Red"] == totals["Blue"] and g.scores().winners == ["Blue"]
