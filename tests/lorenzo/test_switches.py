"""The rule switches added for issue 19 (a switch for every reading that changes play): for
each, a constructed position where the two readings differ, played both ways, and the
situation the switch decides (``Switch.reach``) seen by its test."""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game, Rng
from fresco_kit.lorenzo import INFO, new_game, rules
from fresco_kit.lorenzo.actions import Choose, Forfeit, Place
from fresco_kit.lorenzo.final import final_scores

from .helpers import P2, P3, assert_refused, game_at, position, refused_by, res

REACH = {s.name: s.reach for s in INFO.switches}


def switched(name, value, **options):
    """The options of a game with the reading ``name`` switched to ``value``."""
    return {**options, "switches": {name: value}}


def stepped(game, action):
    """Play ``action`` in ``game``; the states before and after, and the action."""
    before = game.state
    game.play(action)
    return before, action, game.state


@pytest.mark.rule("lorenzo towers.colour", "lorenzo zones.colour")
def test_colour_rule_switch():
    def game(**options):
        return game_at(position(P3, dice={"white": 6, "orange": 6}, res={"Red": {"coins": 9}}, options=options,
                                towers={"territory": [1, 2, 3, 4], "character": [49, 53, 56, 52]},
                                occupants={"territory-1": ["Red:black"], "character-1": ["Blue:white"],
                                           "harvest-small": ["White:orange"]}))
    g = game()                                              # a player's colour: Red's own black forbids Red's white
    assert_refused(g, Place("Red", "white", "territory-3"), "towers.colour")
    assert not refused_by(g, Place("Red", "white", "character-3"))     # Blue's white does not matter
    assert not refused_by(g, Place("Red", "orange", "harvest-large"))  # nor White's orange
    g = game(**switched("colour_rule", "die"))              # a die's colour: the other way round
    assert not refused_by(g, Place("Red", "white", "territory-3"))
    assert_refused(g, Place("Red", "white", "character-3"), "towers.colour")
    assert_refused(g, Place("Red", "orange", "harvest-large"), "zones.colour")
    assert "Blue's white member already stands in the character tower" in str(
        g.explain(Place("Red", "white", "character-3")).reasons[0][0])
    assert REACH["colour_rule"].test(*stepped(g, Place("Red", "white", "territory-3")))
    assert g.state.options["switches"] == {"colour_rule": "die", "initial_order": "as_given"}


@pytest.mark.rule("lorenzo kit.space", "lorenzo towers.bonus")
def test_empty_floor_placement_switch():
    def game(**options):
        return game_at(position(P2, dice={"white": 6}, options=options, towers={"territory": [1, 2, None, 4]}))
    g = game()
    assert_refused(g, Place("Red", "white", "territory-3"), "kit.space")
    g = game(**switched("empty_floor_placement", True))
    wood = res(g, "Red", "wood")
    step = stepped(g, Place("Red", "white", "territory-3"))  # the floor's bonus alone
    assert res(g, "Red", "wood") == wood + 1 and g.state.player("Red").cards["territory"] == ()
    assert g.state.towers["territory"] == (1, 2, None, 4) and g.state.occupants["territory-3"][0].member == "white"
    assert REACH["empty_floor_placement"].test(*step)
    assert any("floor 3 of the territory tower is empty" in e.text for turn in g.history for e in turn.events)


@pytest.mark.rule("lorenzo kit.extra_action")
def test_extra_action_modifiers_switch():
    def game(**options):                                    # Red holds the Warlord: +2 for territories
        g = game_at(position(P2, dice={"white": 6}, res={"Red": {"coins": 9}}, cards={"Red": [49]},
                             options=options, towers={"character": [50, 53, 56, 52], "territory": [1, 2, 3, 4]}))
        g.play("place Red white character-3")               # the Abbess: any card at value 4
        return g
    g = game()
    step = stepped(g, Choose("Red", "territory-3"))         # 4 + 2 reaches the floor's 5
    assert 3 in g.state.player("Red").cards["territory"]
    assert REACH["extra_action_modifiers"].test(*step)
    g = game(**switched("extra_action_modifiers", False))
    assert_refused(g, Choose("Red", "territory-3"), "place.min")   # the printed 4 only
    assert not refused_by(g, Choose("Red", "territory-3", 1))       # servants still raise it


@pytest.mark.rule("lorenzo kit.extra_action")
def test_extra_action_optional_switch():
    def game(towers, **options):
        g = game_at(position(P2, dice={"white": 6}, res={"Red": {"coins": 9}}, options=options, towers=towers))
        g.play("place Red white character-3")               # the Abbess: any card at value 4
        return g
    full = {"character": [50, 53, 56, 52], "territory": [1, 2, 3, 4]}
    g = game(full)
    assert Choose("Red", "skip") in g.legal_actions()
    step = stepped(g, Choose("Red", "skip"))
    assert REACH["extra_action_optional"].test(*step)
    g = game(full, **switched("extra_action_optional", False))
    assert_refused(g, Choose("Red", "skip"), "kit.extra_action")
    assert Choose("Red", "skip") not in g.legal_actions() and Choose("Red", "territory-1") in g.legal_actions()
    empty = {t: [None] * 4 for t in ("territory", "building", "venture")} | {"character": [None, None, 56, None]}
    g = game(empty, **switched("extra_action_optional", False))
    assert g.legal_actions() == [Choose("Red", "skip")]     # nothing left to take: declining stays legal


@pytest.mark.rule("lorenzo neutral.lost")
def test_forfeit_any_member_switch():
    def game(**options):
        return game_at(position(P2, dice={"white": 3}, options=options))
    g = game()
    assert_refused(g, Forfeit("Red", "white"), "neutral.lost")      # it can still be placed
    g = game(**switched("forfeit_any_member", True))
    assert Forfeit("Red", "white") in g.legal_actions()
    step = stepped(g, Forfeit("Red", "white"))
    assert "white" not in g.state.player("Red").home and g.state.current == "Blue"
    assert REACH["forfeit_any_member"].test(*step)
    assert any("gives up the white member" in e.text for e in g.history[-1].events)


@pytest.mark.rule("lorenzo excomm.kinds")
def test_gain_losses_switch():
    def game(**options):                                    # tile 2: 1 coin less each time coins are gained
        return game_at(position(P2, round=3, tiles=(2, 13, 15), excomms={"Red": [2]}, dice={"white": 1},
                                options=options))
    g = game()
    coins = res(g, "Red", "coins")
    step = stepped(g, Place("Red", "white", "market-1"))    # the market's 5 coins: one gain, 1 less
    assert res(g, "Red", "coins") == coins + 4
    assert REACH["gain_losses"].test(*step)
    g = game(**switched("gain_losses", "per_unit"))
    g.play(Place("Red", "white", "market-1"))               # 1 less per coin: none received
    assert res(g, "Red", "coins") == coins
    assert any(e.text == "Red gains 5 coins less: an excommunication" for e in g.history[-1].events)


@pytest.mark.rule("lorenzo excomm.kinds", "lorenzo phase.actions")
def test_skipped_placement_returns_switch():
    def game(**options):                                    # tile 14: Red skips the first action of each round
        return game_at(position(P3, round=3, tiles=(1, 14, 15), excomms={"Red": [14]},
                                order=["Red", "White", "Blue"], options=options))
    g = game()
    assert g.state.schedule[:4] == ("White", "Blue", "Red", "White") and g.state.schedule[-1] == "Red"
    step = stepped(g, Place("White", "neutral", "council", 1))
    assert REACH["skipped_placement_returns"].test(*step)
    g = game(**switched("skipped_placement_returns", "first_go_round"))
    assert g.state.schedule[:4] == ("White", "Blue", "Red", "Red") and g.state.schedule[-1] == "Blue"


@pytest.mark.rule("lorenzo final.military")
def test_military_ties_switch():
    def sheet(**options):
        st = position(P3, res={"Red": {"military": 5}, "White": {"military": 5}, "Blue": {"military": 2}},
                      over=True, options=options)
        return st, final_scores(st)
    st, default = sheet()
    assert [default.rows[n]["Military"] for n in P3] == [5, 5, 0]     # the tie took both places
    assert REACH["military_ties"].test(st, default)
    _, other = sheet(**switched("military_ties", "next"))
    assert [other.rows[n]["Military"] for n in P3] == [5, 5, 2]       # the next player is second


#: the switches a save wrote before these were added: one key each, null when not set
OLD_SWITCHES = {"win_tie_break", "military_zero_competes", "extra_action_floor_bonus", "extra_action_pays_occupied",
                "servants_in_pairs", "last_report_scores_excommunicated", "large_space_penalty_after_minimum",
                "initial_order"}


def test_new_switches_leave_the_save_form_alone_until_set():
    """A switch left at its default is not written (core.record.LATER), so saves of games
    without it load and write back byte for byte; one that is set is saved and comes back."""
    g = new_game(P2, seed=3)
    g.play(rules.sample_action(g.state, Rng(3)))
    text = g.to_json()
    assert set(json.loads(text)["state"]["switches"]) == OLD_SWITCHES
    assert Game.from_json(text).to_json() == text
    g = new_game(P2, seed=3, switches={"gain_losses": "per_unit", "colour_rule": "die"})
    g.play(rules.sample_action(g.state, Rng(3)))
    saved = json.loads(g.to_json())
    assert saved["state"]["switches"]["gain_losses"] == "per_unit" and saved["state"]["switches"]["colour_rule"] == "die"
    again = Game.from_json(g.to_json())
    assert again.state == g.state and again.options == g.options and again.to_json() == g.to_json()
