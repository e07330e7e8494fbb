"""The kit's readings where the Italian rules summary is silent (fresco_kit/lorenzo/readings.py):
each is pinned here, and where a rule switch changes it (``switches={...}``, stored in the
state), the other reading is checked too."""
from __future__ import annotations

import pytest

from fresco_kit.core.readings import Reading
from fresco_kit.core.registry import Switch
from fresco_kit.lorenzo import INFO, new_game, readings
from fresco_kit.lorenzo.data import load
from fresco_kit.lorenzo.final import final_scores
from fresco_kit.lorenzo.scoring import military_points
from fresco_kit.lorenzo.actions import Choose, Place

from .helpers import P2, P3, assert_refused, game_at, position, refused_by, res


@pytest.mark.rule("lorenzo final.military")
def test_military_places_count_players_strictly_ahead():
    # a tie for first: both 5, nobody second (the next player is third)
    assert military_points({"a": 7, "b": 7, "c": 6, "d": 1}) == {"a": 5, "b": 5, "c": 0, "d": 0}
    # a tie for second: all take 2
    assert military_points({"a": 7, "b": 3, "c": 3, "d": 3}) == {"a": 5, "b": 2, "c": 2, "d": 2}


def switched(name, value):
    """The options of a game with one reading switched."""
    return {"switches": {name: value}}


def test_readings_and_switches_are_the_kits_shared_types():
    """One vocabulary (issue 16): the switches are core Switches carrying their defaults,
    the readings core Readings."""
    for s in readings.SWITCHES:
        assert type(s) is Switch and s.default == readings.DEFAULTS[s.name] and s.default in s.choices
    assert all(type(r) is Reading for r in readings.READINGS)
    assert {r.switch for r in readings.READINGS if r.switch} >= {s.name for s in readings.SWITCHES}


def test_switches_are_the_readings_with_their_defaults():
    assert [s.name for s in INFO.switches] == [r.name for r in readings.SWITCHES]
    assert readings.DEFAULTS == {"win_tie_break": "turn_order", "military_zero_competes": True,
                                 "extra_action_floor_bonus": True, "extra_action_pays_occupied": True,
                                 "servants_in_pairs": True, "last_report_scores_excommunicated": True,
                                 "large_space_penalty_after_minimum": True, "colour_rule": "player",
                                 "empty_floor_placement": False, "extra_action_modifiers": True,
                                 "extra_action_optional": True, "forfeit_any_member": False,
                                 "gain_losses": "per_gain", "skipped_placement_returns": "round_end",
                                 "military_ties": "strict", "initial_order": "random"}
    for s in INFO.switches:
        assert readings.DEFAULTS[s.name] in s.choices and s.rule and s.doc
    g = new_game(P2, seed=1, switches={"win_tie_break": "shared"})
    assert g.state.options == {"bonus_tiles": "standard", "switches": {"win_tie_break": "shared"}}
    assert readings.setting(g.state, "win_tie_break") == "shared"
    assert readings.setting(g.state, "servants_in_pairs") is True        # not set: the default
    assert new_game(P2).state.options == {"bonus_tiles": "standard", "switches": {}}
    with pytest.raises(ValueError, match="unknown lorenzo switch 'tie_break'"):
        new_game(P2, switches={"tie_break": "shared"})
    with pytest.raises(ValueError, match="'turn_order', 'shared'"):
        new_game(P2, switches={"win_tie_break": "random"})


@pytest.mark.rule("lorenzo final.military")
def test_players_on_zero_military_compete():
    # the discs start on the zero space, so a player on 0 is still on the track
    assert military_points({"a": 3, "b": 0}) == {"a": 5, "b": 2}
    assert military_points({"a": 0, "b": 0, "c": 0}) == {"a": 5, "b": 5, "c": 5}
    assert military_points({"a": 3, "b": 0}, zero_competes=False) == {"a": 5, "b": 0}
    assert military_points({"a": 0, "b": 0}, zero_competes=False) == {"a": 0, "b": 0}
    sheet = {v: final_scores(position(P2, res={"Red": {"military": 3}}, over=True,
                                      options=switched("military_zero_competes", v)))
             for v in (True, False)}
    assert sheet[True].rows["Blue"]["Military"] == 2 and sheet[False].rows["Blue"]["Military"] == 0


@pytest.mark.rule("lorenzo zones.spaces")
def test_large_space_minus_three_after_the_minimum():
    st = position(P3, dice={"white": 1, "black": 4}, cards={"Red": [1]})
    g = game_at(st)
    assert not refused_by(g, Place("Red", "white", "harvest-large"))       # 1 reaches 1, then -3
    g.play("place Red black harvest-large")                               # 4 - 3 = 1: tile + Hub
    assert res(g, "Red", "wood") == 3 and res(g, "Red", "coins") == 6
    g = game_at(position(P3, dice={"white": 1, "black": 4}, cards={"Red": [1]},
                         options=switched("large_space_penalty_after_minimum", False)))
    assert_refused(g, Place("Red", "white", "harvest-large"), "place.min")    # 1 - 3 < 1
    assert not refused_by(g, Place("Red", "black", "harvest-large"))


@pytest.mark.rule("lorenzo servants", "lorenzo excomm.kinds")
def test_servants_in_pairs_under_the_two_per_plus_one_tile():
    def game(**options):
        return game_at(position(P2, round=3, tiles=(1, 13, 15), excomms={"Red": [13]},
                                towers={"territory": [9, 10, 11, 12]}, res={"Red": {"servants": 3}},
                                options=options))
    g = game()
    assert_refused(g, Place("Red", "neutral", "territory-1", 3), "excomm.kinds")
    assert Place("Red", "neutral", "territory-1", 2) in g.legal_actions()
    g = game(**switched("servants_in_pairs", False))
    assert Place("Red", "neutral", "territory-1", 3) in g.legal_actions()   # the odd servant is wasted
    g.play(Place("Red", "neutral", "territory-1", 3))                       # 3 servants = +1
    assert res(g, "Red", "servants") == 0 and 9 in g.state.player("Red").cards["territory"]


@pytest.mark.rule("lorenzo kit.extra_action", "lorenzo towers.bonus")
def test_extra_action_floor_bonus_switch():
    def game(**options):
        return game_at(position(P2, dice={"white": 6}, res={"Red": {"coins": 9}}, options=options,
                                towers={"character": [49, 53, 56, 52], "territory": [1, 2, 3, 4]}))
    g = game()
    g.play("place Red white character-3")                   # Abbess: any card at value 4
    g.play(Choose("Red", "territory-3", 1))                 # the default (issue 19): the floor-3 wood too
    assert res(g, "Red", "wood") == 3
    assert any(e.text == "Red gains 1 wood (floor 3 bonus)" for turn in g.history for e in turn.events)
    g = game(**switched("extra_action_floor_bonus", False))
    g.play("place Red white character-3")
    g.play(Choose("Red", "territory-3", 1))                 # the other reading: no member placed, no bonus
    assert res(g, "Red", "wood") == 2
    assert g.state.options["switches"] == {"extra_action_floor_bonus": False, "initial_order": "as_given"}


@pytest.mark.rule("lorenzo kit.extra_action", "lorenzo towers.bonus")
def test_the_preacher_takes_no_floor_bonus_from_an_extra_action_either():
    preacher = next(c.id for c in load().cards.values() if c.name == "Preacher")
    st = position(P2, dice={"white": 6}, res={"Red": {"coins": 9}}, cards={"Red": [preacher]},
                  towers={"character": [49, 53, 56, 52], "territory": [1, 2, 3, 4]})
    g = game_at(st)
    g.play("place Red white character-3")                   # Abbess: any card at value 4
    g.play(Choose("Red", "territory-3", 1))
    assert res(g, "Red", "wood") == 2                       # the Preacher's holder: no bonus either way


@pytest.mark.rule("lorenzo towers.occupied", "lorenzo kit.extra_action")
def test_extra_action_into_an_occupied_tower_switch():
    def game(**options):
        return game_at(position(P2, dice={"white": 6}, res={"Red": {"coins": 9}}, options=options,
                                towers={"character": [49, 53, 56, 52], "territory": [1, 2, 3, 4]},
                                occupants={"territory-1": ["Blue:white"]}))
    for switches, coins in (({}, 9 - 3 - 3), (switched("extra_action_pays_occupied", False), 9 - 3)):
        g = game(**switches)
        g.play("place Red white character-3")               # Abbess costs 3 coins
        g.play(Choose("Red", "territory-2"))                # value 4 reaches 3; the tower is occupied
        assert res(g, "Red", "coins") == coins


@pytest.mark.rule("lorenzo vatican.last")
def test_last_report_switch():
    def game(**options):
        st = position(P2, round=6, tiles=(1, 8, 15), res={"Red": {"faith": 7}, "Blue": {"faith": 4}},
                      home={"Red": [], "Blue": ["white"]}, order=["Red", "Blue"], turn=-1, dice={"white": 3},
                      options=options)
        g = game_at(st)
        g.play("place Blue white market-1")                  # the last placement: the last report
        return g
    assert res(game(), "Blue", "vp") == 4                     # below 5, excommunicated: faith 4 scores 4
    assert res(game(**switched("last_report_scores_excommunicated", False)), "Blue", "vp") == 0


@pytest.mark.rule("lorenzo cards.effects")
def test_faith_stops_at_fifteen():
    g = game_at(position(P2, dice={"white": 6}, towers={"character": [55, 49, 53, 52]},
                         res={"Red": {"faith": 13}}))
    g.play("place Red white character-1")                   # Preacher: 4 faith
    assert res(g, "Red", "faith") == readings.FAITH_MAX == 15


@pytest.mark.rule("lorenzo final.winner")
def test_win_tie_uses_the_order_after_the_last_council_palace():
    st = position(P2, res={"Red": {"vp": 20}, "Blue": {"vp": 20, "coins": 0}}, home={"Red": [], "Blue": ["white"]},
                  dice={"white": 1}, turn=-1, round=6, tiles=(1, 8, 15),
                  order=["Red", "Blue"])
    g = game_at(st)
    g.play("place Blue white council")                      # Blue first next: the final order
    g.play("choose Blue wood+stone")        # 1 coin + 1 wood + 1 stone: 10 resources, as Red's 12 -> 2 VP
    for name in ("Red", "Blue"):
        if g.state.pending and g.state.pending[0].player == name:
            g.play(Choose(name, "support"))
    assert g.is_over and g.state.order == ("Blue", "Red")
    totals = g.scores().totals
    assert totals["Red"] == totals["Blue"] and g.scores().winners == ["Blue"]


@pytest.mark.rule("lorenzo kit.extra_action", "lorenzo cards.effects")
def test_a_characters_bonus_applies_to_an_extra_action_too():
    warlord = next(c.id for c in load().cards.values() if c.name == "Warlord")
    g = game_at(position(P2, dice={"white": 6}, res={"Red": {"coins": 9}}, cards={"Red": [warlord]},
                         towers={"character": [50, 53, 56, 52], "territory": [1, 2, 3, 4]}))
    g.play("place Red white character-3")                   # Abbess: any card at value 4
    assert g.explain("choose Red territory-3").ok           # 4 + Warlord's 2 reaches floor 3 (5)
    assert not g.explain("choose Red territory-4").ok       # but not floor 4 (7)
    assert "extra action modifiers" in readings.READING
