"""The switches of the Fresco readings of issue 19 (item 2): each plays a reading's
alternative (``fresco_kit.fresco.readings``), defaults to the kit's reading, declares
the situation it decides (``Switch.reach``), and changes the result of a constructed
position played both ways -- so each test fails if its switch is ignored."""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game
from fresco_kit.fresco import RULESET_SWITCHES, rules
from fresco_kit.fresco.actions import Studio, Theater, Wake
from fresco_kit.fresco.exercises import at_cathedral, at_location, start
from fresco_kit.fresco.readings import READING
from fresco_kit.fresco.rulesets import switches_for
from fresco_kit.fresco.scoring import altar_readings

from .helpers import P4, at, edit, finish_round, game, plans, play_round_start, times, wake_all
from .test_round_end import down_to

SWITCH = {s.name: s for s in RULESET_SWITCHES}


def switched(g: Game, **switches) -> Game:
    """``g`` with rule switches set (the overrides saved, the switches in force derived)."""
    s = g.state
    overrides = s.overrides.evolve(**switches)
    return g.with_state(s.evolve(overrides=overrides, switches=switches_for(s.ruleset, overrides)))


def reached(name: str, *args) -> bool:
    """Whether switch ``name``'s situation is found by its ``reach`` test (``args`` as its
    ``when`` asks: a state; before, action, after; or a state and its score sheet)."""
    reach = SWITCH[name].reach
    assert reach is not None
    return bool(reach.test(*args))


@pytest.mark.parametrize(
    "reading,name",
    [
        ("tie_for_the_win", "tie_break"),
        ("altar_substitutes", "altar_own_primary"),
        ("bank_runs_short", "unlimited_coins"),
        ("track_spaces", "track_behind"),
        ("theater_mood_and_the_column_ends", "theater_after_getup"),
    ],
)
def test_each_new_switch_is_named_by_its_reading_and_defaults_to_the_kits_reading(reading, name):
    r, s = READING[reading], SWITCH[name]
    assert r.switch == name and s.rule == r.rule
    default = s.default_for("base")
    assert s.default_for("bigbox") == default and default in s.choices
    assert s.reach is not None and s.reach.situation
    # a game that leaves the switch alone saves no trace of it; one that sets it keeps it
    plain = game(seed=4).state.to_dict()
    assert name not in plain["switches"]
    other = next(c for c in s.choices if c != default)
    setd = game(seed=4, **{name: other})
    assert setd.state.to_dict()["switches"][name] == other
    assert Game.from_json(setd.to_json()).state == setd.state


# --- tie_for_the_win: switch tie_break ------------------------------------------------


def _tied_at_the_end(tie_break: str, thalers: dict[str, int]) -> Game:
    """A game whose final round ends with every painter on 0 VP (none restores, none has
    2 thalers): Red gets up first in the final round; ``thalers`` left at the end."""
    g = game("base", **({"tie_break": tie_break} if tie_break != "shared" else {}))
    g = down_to(g, 6)
    play_round_start(g, times(g), plans(g))
    g = g.with_state(edit(g.state, players={nm: {"thalers": thalers[nm], "vp": 0} for nm in P4}))
    play_round_start(g, times(g, Red=5), plans(g))
    assert g.is_over and {p.vp for p in g.state.players} == {0}
    return g


@pytest.mark.rule("fresco end.tie")
def test_switch_tie_break_decides_a_tie_for_the_most_vp():
    """Reading tie_for_the_win: shared (default); 'getup': the earliest riser of the final
    round wins; 'thalers': the most thalers left (a tie there stays shared)."""
    thalers = {"Red": 0, "White": 1, "Blue": 1, "Yellow": 0}
    won = {how: _tied_at_the_end(how, thalers).scores().winners for how in ("shared", "getup", "thalers")}
    assert won == {"shared": P4, "getup": ["Red"], "thalers": ["White", "Blue"]}
    g = _tied_at_the_end("getup", thalers)
    assert "get-up order" in " ".join(g.scores().notes)
    assert reached("tie_break", g.state, g.scores())
    last = g.history[-1].events
    assert any(e.rule is not None and e.rule.checklist_id == "fresco end.tie" and "Red" in e.text for e in last)
    # a clear winner: the situation does not arise, and every reading names the same winner
    g = _tied_at_the_end("thalers", thalers)
    s = g.state.evolve(players=(g.state.players[0].evolve(vp=3),) + g.state.players[1:])
    assert not reached("tie_break", s, rules.scores(s)) and rules.scores(s).winners == ["Red"]


def test_tie_break_round_trips_in_a_save():
    g = _tied_at_the_end("thalers", {"Red": 0, "White": 1, "Blue": 1, "Yellow": 0})
    again = rules.state_from_dict(json.loads(json.dumps(g.state.to_dict())))
    assert again == g.state and rules.scores(again).winners == ["White", "Blue"]


# --- altar_substitutes: switch altar_own_primary ---------------------------------------


@pytest.mark.rule("fresco altar.basic")
def test_switch_altar_own_primary_lets_a_blend_fill_only_its_own_primaries_slot():
    """Reading altar_substitutes: any blend fills any primary's slot (default), so yellow +
    red + orange scores 3; under the switch orange (yellow + red) cannot fill blue's slot and
    the restoration is refused, while yellow + red + purple (purple for blue) still scores 3."""
    paints = {"yellow": 1, "red": 1, "blue": 0, "orange": 1, "purple": 1}
    vp = {}
    for on in (False, True):
        g = switched(at_cathedral(paints), altar_own_primary=on)
        legal = {str(a) for a in g.legal_actions()}
        assert ("altar Red yellow,red,orange" in legal) is (not on)
        assert "altar Red yellow,red,purple" in legal
        verdict = g.explain("altar Red yellow,red,orange")
        assert verdict.ok is (not on)
        if on:
            assert [ref.id for _, ref in verdict.reasons] == ["altar.basic"]
            assert "mixed from" in verdict.reasons[0][0]
        before = g.state
        action = g.rules.parse_action("altar Red yellow,red,orange" if not on else "altar Red yellow,red,purple")
        g.play(action)
        vp[on] = g.state.player("Red").vp
        assert reached("altar_own_primary", before, action, g.state)  # Red holds yellow + red + orange
    assert vp == {False: 3, True: 3}
    # holding only what both readings allow, the situation does not arise
    g = at_cathedral({"yellow": 1, "red": 1, "blue": 1, "green": 1, "orange": 1})  # yellow + red + orange
    assert reached("altar_own_primary", g.state, g.rules.parse_action("done Red"), g.state)
    g = at_cathedral({"yellow": 1, "red": 1, "blue": 1})
    before, action = g.state, g.rules.parse_action("altar Red yellow,red,blue")
    g.play(action)
    assert not reached("altar_own_primary", before, action, g.state)
    # the three blends: 6 either way (the blended restoration), never refused
    assert altar_readings(["orange", "green", "purple"], own_primary=True) == {"basic": 5, "blended": 6}
    assert altar_readings(["yellow", "red", "orange"], own_primary=True) == {}
    assert altar_readings(["blue", "orange", "orange"], own_primary=True) == {"basic": 4}


# --- bank_runs_short: switch unlimited_coins -------------------------------------------


@pytest.mark.rule("fresco supply.coins", "fresco studio")
def test_switch_unlimited_coins_pays_a_portrait_in_full_and_notes_the_rest_on_paper():
    """Reading bank_runs_short: the bank pays only what it holds (default), so with 1 thaler
    left a portrait pays 1; under the switch it pays 3 and notes the 2 it lacks on paper,
    which a save keeps and the bank's conservation counts."""
    red = 12 + start().state.bank - 1  # Red holds all the thalers but the bank's last one
    got = {}
    for on in (False, True):
        g = switched(at_location("studio", (0, 0, 1, 0, 0), {}, thalers=red), unlimited_coins=on)
        assert g.state.bank == 1
        before = g.state
        events = g.play(Studio("Red"))
        got[on] = (g.state.player("Red").thalers - red, g.state.bank, g.state.bank_paper)
        assert reached("unlimited_coins", before, Studio("Red"), g.state)
        assert any(e.rule is not None and e.rule.id == "supply.coins" for e in events)
        assert not rules.invariants(g.state)
        again = rules.state_from_dict(json.loads(json.dumps(g.state.to_dict())))
        assert again == g.state and again.bank_paper == got[on][2]
    assert got == {False: (1, 0, 0), True: (3, 0, 2)}
    # with enough in the bank the situation does not arise
    g = at_location("studio", (0, 0, 1, 0, 0), {})
    before = g.state
    g.play(Studio("Red"))
    assert not reached("unlimited_coins", before, Studio("Red"), g.state) and g.state.bank == before.bank - 3
    # thalers on paper without the switch are refused as unsound
    bad = json.loads(json.dumps(g.state.to_dict()))
    bad["bank_paper"], bad["bank"] = 2, bad["bank"] + 2
    with pytest.raises(ValueError, match="bank"):
        rules.state_from_dict(bad)


# --- track_spaces: switch track_behind ---------------------------------------------------

PRIMARIES = {"yellow": 1, "red": 1, "blue": 1}


def _altar_stops(vp: dict[str, int], how: str) -> tuple[set[str], Game]:
    """Red at the cathedral with yellow + red + blue (an altar for 2 VP) and painters on
    the track spaces ``vp``: the legal altar restorations' track choices, and the game."""
    g = at_cathedral(PRIMARIES)
    g = switched(g.with_state(edit(g.state, players={nm: {"vp": n} for nm, n in vp.items()})), track_behind=how)
    return {str(a).rsplit(" ", 1)[-1] for a in g.legal_actions() if str(a).startswith("altar")}, g


@pytest.mark.rule("fresco cath.track")
def test_switch_track_behind_own_taken_counts_the_movers_own_space_as_taken():
    """Reading track_spaces: Red on 1, White on 2, Blue on 3; Red's 2 altar points reach the
    taken space 3.  By default the next free space behind is Red's own space 1 (left, so
    free); with 'own_taken' it is taken, so only 'ahead' is offered."""
    vp = {"Red": 1, "White": 2, "Blue": 3, "Yellow": 10}
    stops = {how: _altar_stops(vp, how)[0] for how in ("track", "own_taken", "start_space")}
    assert stops == {"track": {"behind", "ahead"}, "own_taken": {"ahead"}, "start_space": {"behind", "ahead"}}
    _, g = _altar_stops(vp, "own_taken")
    refused = g.explain("altar Red yellow,red,blue track behind")
    assert not refused.ok and [ref.id for _, ref in refused.reasons] == ["cath.track"]
    before, action = g.state, g.rules.parse_action("altar Red yellow,red,blue track ahead")
    g.play(action)
    assert g.state.player("Red").vp == 4 and reached("track_behind", before, action, g.state)
    _, g = _altar_stops(vp, "track")
    before, action = g.state, g.rules.parse_action("altar Red yellow,red,blue track behind")
    g.play(action)
    assert g.state.player("Red").vp == 1 and reached("track_behind", before, action, g.state)


@pytest.mark.rule("fresco cath.track", "fresco p1.order")
def test_switch_track_behind_start_space_lets_a_painter_fall_back_off_the_track():
    """Red on a start space, White on 1, Blue on 2; Red's 2 altar points reach the taken
    space 2 and no track space behind it is free.  By default only 'ahead' (space 3) is
    offered; with 'start_space' 'behind' puts Red back on a start space (0 VP), the free one
    nearest the track, S4."""
    vp = {"Red": 0, "White": 1, "Blue": 2, "Yellow": 10}
    stops = {how: _altar_stops(vp, how)[0] for how in ("track", "own_taken", "start_space")}
    assert stops == {"track": {"ahead"}, "own_taken": {"ahead"}, "start_space": {"behind", "ahead"}}
    _, g = _altar_stops(vp, "start_space")
    before, action = g.state, g.rules.parse_action("altar Red yellow,red,blue track behind")
    events = g.play(action)
    red = g.state.player("Red")
    assert (red.vp, red.start, sum(red.points)) == (0, 4, 0)
    assert any("start space S4" in e.text for e in events)
    assert reached("track_behind", before, action, g.state) and not rules.invariants(g.state)
    # a free target: no choice, nothing for the switch to decide
    _, g = _altar_stops({"Red": 0, "White": 1, "Blue": 5, "Yellow": 10}, "start_space")
    before, action = g.state, g.rules.parse_action("altar Red yellow,red,blue")
    g.play(action)
    assert g.state.player("Red").vp == 2 and not reached("track_behind", before, action, g.state)


# --- theater_mood_and_the_column_ends: switch theater_after_getup ------------------------


@pytest.mark.rule("fresco theater", "fresco mood.minus")
def test_switch_theater_after_getup_adds_the_spaces_after_the_next_get_up():
    """Red on mood space 1 (a '-1' space) goes to the theater, then gets up at 5 (-2).  The
    kit's reading: up to 3 at the visit, 3 - 2 = 1 at the get-up, still a '-1' space (4
    apprentices).  The switch: the 2 spaces wait; 1 - 2 stops at the bottom, 0, then + 2 = 2,
    off the '-1' spaces (5 apprentices)."""
    got = {}
    for on in (False, True):
        g = game(**({"theater_after_getup": True} if on else {}))
        g = g.with_state(edit(g.state, players={"Red": {"mood": 1}}))
        at(g, "theater", "Red", times(g, Red=8), Red=(0, 0, 0, 0, 1))
        before = g.state
        g.play(Theater("Red"))
        assert g.state.player("Red").mood == (1 if on else 3)
        assert g.state.theater_held == ((2, 0, 0, 0) if on else None)
        # from space 1 a get-up at 5 (-2) would be cut at the bottom: the readings can part
        assert reached("theater_after_getup", before, Theater("Red"), g.state)
        again = rules.state_from_dict(json.loads(json.dumps(g.state.to_dict())))
        assert again == g.state and ("theater_held" in g.state.to_dict()) is on
        finish_round(g)
        while g.state.phase == "wake" and g.state.to_move != ["Red"]:
            g.play(Wake(g.state.to_move[0], times(g, Red=5)[g.state.to_move[0]]))
        before = g.state
        events = g.play(Wake("Red", 5))
        assert any("theater's 2 spaces come now" in e.text for e in events) is on
        red = g.state.player("Red")
        got[on] = (red.mood, red.apprentices)
        assert reached("theater_after_getup", before, Wake("Red", 5), g.state) is on
        assert g.state.theater_held is None
        wake_all(g, Red=5)
    assert got == {False: (1, 4), True: (2, 5)}


@pytest.mark.rule("fresco theater")
def test_the_theater_reach_counts_a_move_cut_at_the_top_but_not_one_in_the_middle():
    top = 8
    for mood, cut in ((top - 1, True), (4, False)):
        g = game()
        g = g.with_state(edit(g.state, players={"Red": {"mood": mood}}))
        at(g, "theater", "Red", times(g, Red=8), Red=(0, 0, 0, 0, 1))
        before = g.state
        g.play(Theater("Red"))
        assert g.state.player("Red").mood == min(top, mood + 2)
        assert reached("theater_after_getup", before, Theater("Red"), g.state) is cut


# --- start_spaces_in_the_choosing_order: the switch start_rotation -------------------------


@pytest.mark.rule("fresco p1.order", "fresco bigbox.rotation")
def test_painters_left_on_start_spaces_choose_in_another_order_with_start_rotation():
    """Reading start_spaces_in_the_choosing_order: in the base game the painter on S1 chooses
    first among the start-space painters in every round (the kit's reading); the switch
    start_rotation (Big Box's rotation, the one other order a text gives) sends it to the end
    of the line before the next round, so another painter chooses first."""
    assert READING["start_spaces_in_the_choosing_order"].switch == "start_rotation"
    first = {}
    for on in (False, True):
        g = game("base", **({"start_rotation": True} if on else {}))
        on_s1 = next(nm for nm in P4 if g.state.player(nm).start == 1)
        assert g.state.to_move == [on_s1]
        play_round_start(g, times(g), plans(g))
        assert g.state.round == 2 and all(p.start for p in g.state.players)
        first[on] = g.state.to_move[0] == on_s1
    assert first == {False: True, True: False}


def test_every_readings_where_names_a_function_of_the_engine():
    import importlib

    from fresco_kit.fresco.readings import READINGS

    for r in READINGS:
        if r.where:
            module, function = r.where.split(".")
            assert callable(getattr(importlib.import_module(f"fresco_kit.fresco.{module}"), function)), r.where
