"""Saves of any position, honest views, and refusals that list the choices.

- A save is the readable form of ``fresco_kit.fresco.saved``; any position built with
  the ``positions`` helpers (or met in a random game) saves and loads back equal.
- A player's view holds only what the rulebooks let that player see.
- A refusal while the game waits on a decision lists the legal choices.
"""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game, Rng, RuleError, SaveError
from fresco_kit.fresco import INFO, new_game, rules, teach
from fresco_kit.fresco.actions import Altar, Plan, Restore, Settle, Studio, Wake, altar
from fresco_kit.fresco.positions import checked
from fresco_kit.fresco.state import SavedState, View

from .helpers import P3, P4, at, data, edit, game, plans, play_round_start, times, wake_all
from .test_round_end import down_to


def saved_and_loaded(state) -> Game:
    """A game started from ``state``, saved to JSON and loaded back."""
    game_ = Game(rules, state=state)
    again = Game.from_json(game_.to_json())
    assert again.state == state and again.players == list(state.names) and again.options == state.options
    return again


# -- saves of constructed positions --------------------------------------------------------
def test_positions_built_by_hand_save_and_load_back_equal():
    g = game()
    positions = [g.state,
                 edit(g.state, players={"Red": {"paints": {"orange": 2, "purple": 1}, "thalers": 3, "vp": 7},
                                        "White": {"mood": 0}}, bishop=(1, 5), restored={"Blue": [(2, 2), (5, 5)]})]
    at(g, "cathedral", "Red", Red=(0, 2, 0, 0, 0))              # play_round_start + skip_to
    positions.append(g.state)
    positions.append(teach.wake_up({"Red": 7, "White": 5, "Blue": 9, "Yellow": 8}, moods={"Red": 1}).state)
    positions.append(teach._final_round_position("base", 3))
    positions.append(teach._final_round_position("bigbox", 4))
    for state in positions:
        again = saved_and_loaded(state)
        if not again.is_over:
            again.play(again.legal_actions()[0])                # and it plays on
            assert Game.from_json(again.to_json()).state == again.state


def test_edit_makes_only_positions_that_save():
    g = game(players=P3)
    with pytest.raises(ValueError, match="state.players\\[0\\].mood: expected a whole number from 0 to 8"):
        edit(g.state, players={"Red": {"mood": 99}})
    for off in ((6, 6), (0, 1), (1, 0), (-1, 2)):  # rows and columns 1-5
        with pytest.raises(ValueError, match="not a fresco segment"):
            edit(g.state, bishop=off)
    with pytest.raises(ValueError, match="not a fresco segment"):
        edit(g.state, restored={"Red": [(3, 0)]})
    with pytest.raises(ValueError, match="unknown paint 'black'"):
        edit(g.state, players={"Red": {"paints": {"black": 1}}})
    with pytest.raises(ValueError, match="two painters share a victory point space"):
        edit(g.state, players={"Red": {"vp": 5}, "White": {"vp": 5}})
    assert checked(g.state) == g.state


@pytest.mark.parametrize("ruleset,n", [("base", 3), ("bigbox", 4)])
def test_a_save_after_any_action_of_a_random_game_loads_back_equal(ruleset, n):
    g = new_game(P4[:n], seed=21, ruleset=ruleset)
    rng = Rng(5)
    step = 0
    while not g.is_over:
        g.play(rules.sample_action(g.state, rng))
        step += 1
        if step % 4 == 0 or g.is_over:
            text = g.to_json()
            assert Game.from_json(text).state == g.state
            assert rules.state_from_dict(json.loads(text)["state"]) == g.state


def test_options_and_switches_come_back_exactly_as_given():
    for options in ({}, {"ruleset": "bigbox"}, {"switches": {"unlimited_paints": True}},
                    {"ruleset": "bigbox", "switches": {"unlimited_paints": True, "final_collision": "choose"}}):
        g = new_game(P3, seed=2, **options)
        assert g.state.options == INFO.check_options(options) == g.options
        again = Game.from_json(g.to_json())
        assert again.options == g.options and again.state.switches == g.state.switches
    saved = new_game(P3, seed=2, switches={"unlimited_paints": True}).state.to_dict()
    assert saved["ruleset"] == "base" and saved["switches"]["unlimited_paints"] is True
    assert saved["switches"]["final_sheet"] is None                # not set: the ruleset's value


def test_a_save_lists_everything_by_name():
    g = game()
    wake_all(g, Red=5)
    g.play(Plan("Red", (1, 0, 2, 0, 0)))
    d = g.state.to_dict()
    # every field, but those added after save version 3 while at their defaults (core.record.LATER:
    # so an older save writes back unchanged; written once set, see test_readings)
    assert set(d) == set(SavedState.__dataclass_fields__) - {"altar_this_visit", "bishop_this_visit", "bank_paper", "theater_held"}
    assert d["order"][0] == "Red" and sorted(d["order"]) == sorted(P4) and sorted(d["chooser"]) == sorted(P4)
    assert d["players"][0]["plan"] == [1, 0, 2, 0, 0] and d["players"][1]["plan"] is None
    assert all(isinstance(t, str) for row in d["fresco"] for t in row)
    json.dumps(d)


# -- honest views ------------------------------------------------------------------------------
@pytest.mark.rule("fresco setup.player", "fresco p2.plan")
def test_a_view_hides_the_other_screens_and_the_random_generator():
    """Fresco rulebook, *Market*: bought paints go behind the player's large screen; Big
    Box *How to Play*, *Preparation (Setup)* 2: the 12 thalers and the paints start behind
    it; *II. Planning actions*: plans are made behind the small screen and shown only
    when every player has planned.  The random generator would reveal the bag's next
    draws, so no view holds it."""
    g = game()
    g = g.with_state(edit(g.state, players={"White": {"thalers": 17, "paints": {"green": 3}}}))
    wake_all(g, Red=5)
    g.play(Plan("White", (0, 0, 1, 0, 0)))
    for viewer in P4:
        v = g.state.view(viewer)
        assert isinstance(v, View) and v.viewer == viewer and v.rng is None
        for p in v.players:
            mine = p.name == viewer
            real = g.state.player(p.name)
            assert (p.thalers, p.paints) == ((real.thalers, p.paints) if mine else (None, None))
            if mine:
                assert p.paints.counts() == real.paints
            assert p.planned == (real.plan is not None)
            assert p.plan == (real.plan if mine else None)
            assert (p.vp, p.mood, p.time, p.start) == (real.vp, real.mood, real.time, real.start)   # open
        assert View.from_dict(json.loads(json.dumps(v.to_dict()))) == v
        assert ("17" in json.dumps(v.to_dict()["players"])) == (viewer == "White")
    assert g.state.view("Blue").to_move == ("Red", "Blue", "Yellow")
    for nm in ("Red", "Blue", "Yellow"):
        g.play(Plan(nm, (0, 0, 1, 0, 0)))
    v = g.state.view("Red")                                      # screens down: plans are open
    assert all(p.planned and p.plan == (0, 0, 1, 0, 0) for p in v.players)
    assert v.player("White").thalers is None                     # money stays behind the large screen


def test_a_view_shows_what_anyone_can_deduce():
    """The bag's contents are the 14 known market tiles minus the open booths and the
    removed ones (only the order of future draws is secret); the bank and the paint
    supply lie open on the board."""
    g = game(players=P3)
    v = g.state.view("Red")
    in_booths = {t for booth in v.booths for t in booth}
    assert set(v.bag) == {t.id for t in data.MARKET_TILES} - in_booths - set(v.removed)
    assert v.bank == g.state.bank and v.supply.counts() == g.state.supply
    assert v.to_dict()["fresco"] == g.state.to_dict()["fresco"]


# -- refusals list the choices -------------------------------------------------------------------
@pytest.mark.rule("fresco end.money", "fresco cath.track")
def test_a_pending_final_count_choice_is_named_with_its_choices():
    g = game("base")
    g = down_to(g, 6)
    g = g.with_state(edit(g.state, players={"Red": {"vp": 10}, "White": {"vp": 16}, "Blue": {"vp": 15}}))
    play_round_start(g, times(g), plans(g))
    g = g.with_state(edit(g.state, players={"Red": {"thalers": 12}}))
    play_round_start(g, times(g, Red=5), plans(g))
    assert g.state.phase == "final_count" and g.state.to_move == ["Red"]
    for action in (Studio("Red"), Wake("Red", 5), Plan("Red", (0, 0, 0, 0, 0))):
        with pytest.raises(RuleError) as err:
            g.play(action)
        assert "now Red must settle the final count (behind or ahead); the choices are: settle Red behind, " \
               "settle Red ahead" in str(err.value)
    with pytest.raises(RuleError, match="choices are: settle Red behind, settle Red ahead"):
        g.play(Settle("White", "ahead"))


@pytest.mark.rule("fresco cath.track")
def test_a_missing_track_choice_is_refused_with_the_actions_that_make_it():
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"paints": {"yellow": 1, "red": 1, "blue": 1}, "vp": 4},
                                     "White": {"vp": 6}}))
    at(g, "cathedral", "Red", Red=(0, 1, 0, 0, 0))
    with pytest.raises(RuleError) as err:
        g.play(altar("Red", ["yellow", "red", "blue"]))
    assert ("space 6 is occupied: choose where to stop; the choices are: altar Red yellow,red,blue track behind, "
            "altar Red yellow,red,blue track ahead") in str(err.value)
    g.play("altar Red yellow,red,blue track behind")
    assert g.state.player("Red").vp == 5


def test_out_of_turn_actions_name_who_acts_and_how():
    g = game()
    first = g.state.to_move[0]
    with pytest.raises(RuleError) as err:
        g.play(Restore(first, (1, 1)))
    assert f"now {first} must choose a get-up time; the choices are: wake {first} 5, wake {first} 6" in str(err.value)
    wake_all(g)
    with pytest.raises(RuleError, match="now Red, White, Blue and Yellow must plan|now Red, White, Blue, Yellow must"):
        g.play(Wake("Red", 5))


# -- crash classes the fuzzer found --------------------------------------------------------------
def test_a_plan_of_the_wrong_length_or_odd_counts_is_refused_not_crashed():
    g = game()
    wake_all(g)
    for counts in ((), (1,) * 7, (0, 0, 0, 0, 99)):
        assert rules.checks(g.state, Plan("Red", counts))
    with pytest.raises(ValueError):
        Plan("Red", (1.5, 0, 0, 0, 0))
    with pytest.raises(ValueError):
        Altar("Red", ("yellow", "red", 3))


def test_damaged_saves_are_refused_naming_the_field():
    g = game()
    d = json.loads(g.to_json())
    cases = [(("start", "players", 0, "paints"), [1, 1, 1, 0, 0, 0], "start.players[0].paints: expected an object"),
             (("start", "fresco", 0), None, "start.fresco[0]: expected a list of exactly 5 items, got None"),
             (("start", "chooser"), "Red", "start.chooser: expected a list, got 'Red'"),
             (("start", "switches", "final_sheet"), "side3", "start.switches.final_sheet: expected one of "),
             (("start", "players", 1, "name"), "Red", "start.players[1].name: expected a distinct player name")]
    for path, value, message in cases:
        broken = json.loads(json.dumps(d))
        node = broken
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        with pytest.raises(SaveError) as err:
            Game.from_json(json.dumps(broken))
        assert str(err.value).startswith(message), str(err.value)
