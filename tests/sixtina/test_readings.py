"""The kit's readings of ambiguous rulebook text (``readings.py``): each documented once,
naming its rule and the function that plays it; a few pinned here, the rest by the
tests of their sections."""

from __future__ import annotations

import importlib

import pytest

from fresco_kit import sixtina
from fresco_kit.core.readings import Reading
from fresco_kit.sixtina import readings
from fresco_kit.sixtina.refs import RULES
from fresco_kit.sixtina.completion import contribution_awards
from fresco_kit.sixtina.scoring import leftover_points, prudent_technique_points, restored_fresco_points


def test_every_reading_names_its_rule_and_the_function_that_plays_it():
    assert len({r.id for r in readings.READINGS}) == len(readings.READINGS) == len(readings.READING)
    for r in readings.READINGS:
        assert RULES[r.rule].game == "sixtina"
        module, function = r.where.split(".")
        assert callable(getattr(importlib.import_module(f"fresco_kit.sixtina.{module}"), function)), r.where
        assert r.kit and readings.READING[r.id] is r
        assert isinstance(r, Reading) and isinstance(r.alternatives, tuple)


def test_every_reading_names_an_alternative_and_no_text_claims_there_is_none():
    for r in readings.READINGS:
        assert r.alternatives, r.id
        assert "no plausible" not in readings.describe(r).lower(), r.id


def test_the_package_docstring_points_to_the_readings():
    assert "readings" in sixtina.__doc__ and "Readings where" not in sixtina.__doc__


def test_final_contribution_needs_a_restored_fresco():
    assert restored_fresco_points({"Red": 2, "White": 0}) == {"Red": 10, "White": 0}


def test_leftover_counts_cards_in_hand_and_materials_only():
    assert leftover_points(1, 2) == 1  # Blue in the Final Scoring Example, prudent cards not counted


def test_every_reading_says_what_it_reads_why_and_its_switch():
    for r in readings.READINGS:
        assert r.reads and r.argument, r.id
        switch = r.switch or readings.NO_SWITCH
        assert f"switch:      {switch}" in readings.describe(r)
        if r.switch is not None:                    # a switch plays the reading's alternative
            found = [sw for sw in readings.SWITCHES if sw.name == r.switch]
            assert found and found[0].rule == r.rule and found[0].default == found[0].choices[0]
        text = readings.describe(r)
        for part in ("reads:", "kit:", "alternative:", "argument:", "switch:"):
            assert part in text


def test_the_readings_issue_10_asked_for_are_there():
    for name in ("prudent lead tie", "last fresco halved", "Gianluigi's own material",
                 "winner tie-break reserve", "uncover next to restored frescoes"):
        assert readings.READING[name].alternatives, name
    assert "supply" in readings.READING["winner tie-break reserve"].alternatives[0]


def test_no_reading_cites_a_file_users_do_not_have():
    for r in readings.READINGS:
        assert "FACTS" not in readings.describe(r)


def test_prudent_lead_tie_pays_the_tied_leaders_only():
    assert prudent_technique_points({"A": [1, 2], "B": [3, 4], "C": [5]}) == {"A": 4, "B": 4, "C": 0}


def test_last_fresco_splits_then_halves():
    # tied for first on 9 and 3: (9 + 3) // 2 = 6, halved to 3; halving first would give (4 + 1) // 2 = 2
    assert contribution_awards({"A": 5, "B": 5, "C": 1}, (9, 3, 1), half=True) == {"A": 3, "B": 3, "C": 0}


def test_the_readings_issue_19_asked_for_are_there():
    for name in ("fresco types", "Gianluigi can win", "negative shares rounded down", "Gianluigi takes no bonus",
                 "objective technique lists"):
        assert readings.READING[name].alternatives, name
    for name in ("two-player turn order", "objectives count the board", "preparation always allowed",
                 "setup placements are no restoration", "acquire needs a card", "chapel layout"):
        assert readings.READING[name].alternatives, name   # once "no alternative", now each has one


def test_fresco_types_are_the_kits_own_four_groups():
    from collections import Counter

    from fresco_kit.sixtina.codes import D, FRESCO_TYPE

    assert D.fresco_types == ("portrait", "narrative", "architecture", "nature")
    assert Counter(FRESCO_TYPE.values()) == {"portrait": 7, "narrative": 8, "architecture": 4, "nature": 7}
    decks = {f.deck for f in D.frescoes if f.type == "portrait"}
    assert len(decks) > 1                      # a type is not a deck: the alternative reading would differ
    text = readings.READING["fresco types"].kit
    assert "7, 8, 4 and 7" in text and "illustrative" in text


def test_negative_shares_are_rounded_down_not_toward_zero():
    # tied for first on -1 and -2: (-1 - 2) / 2 = -1.5, rounded down to -2 (toward zero would give -1)
    assert contribution_awards({"A": 4, "B": 4, "C": 1}, (-1, -2, -3)) == {"A": -2, "B": -2, "C": -3}


def test_gianluigi_can_win():
    from fresco_kit.sixtina import new_game
    from fresco_kit.sixtina.final import winners

    state = new_game(["Red", "White"], seed=0).state
    assert winners(state, {"Red": 60, "White": 55, "Gianluigi": 70})[0] == ["Gianluigi"]
    # a tie on points goes to objectives: his three setup materials count as three, Red has none
    assert winners(state, {"Red": 70, "White": 55, "Gianluigi": 70})[0] == ["Gianluigi"]


def test_gianluigi_takes_no_bonus():
    from fresco_kit.core import Rng, random_playout
    from fresco_kit.sixtina import new_game

    game = new_game(["Red", "White"], seed=11)
    random_playout(game, Rng(11))
    events = [e.text for turn in game.history for e in turn.events]
    assert any(e.startswith("Gianluigi ") for e in events)          # he did restore in this game
    s = game.state
    gian = s.colours.index("Gianluigi")
    held = [k for k, spaces in enumerate(s.claims) if gian in spaces]
    assert all(s.claims[k].index(gian) == 1 for k in held)       # only his setup materials, second spaces
    assert not any(e.startswith("Gianluigi takes") or e.startswith("Gianluigi claims") for e in events)
    # the alternative (he claims an objective he meets) changes nothing: he holds every objective from setup
    # and may hold one material per objective, so no objective can be claimed by him
    from fresco_kit.sixtina.objectives import claim_reasons, claimable

    for state in (new_game(["Red", "White"], seed=11).state, s):
        assert all(gian in spaces for spaces in state.claims) and claimable(state, gian) == []
        assert all("already has a material" in str(claim_reasons(state, gian, o)[0][0]) for o in state.objectives)


def test_every_switch_belongs_to_a_reading_and_is_known_to_the_game_info():
    assert {r.switch for r in readings.READINGS if r.switch} == {s.name for s in readings.SWITCHES}
    assert sixtina.INFO.switches == readings.SWITCHES


@pytest.mark.parametrize("switches", [{}, {"gianluigi_wins": "no"}, {"fresco_types": "decks", "negative_shares": "toward zero"}])
def test_switches_are_kept_in_the_state_and_its_save(switches):
    from fresco_kit.sixtina import new_game
    from fresco_kit.sixtina.state import State

    state = new_game(["Red", "White"], seed=3, switches=switches).state
    assert state.options["switches"] == switches
    again = State.from_dict(state.to_dict())
    assert again == state and again.options["switches"] == switches
    assert state.view("Red").switches == state.switches          # open to every player


@pytest.mark.parametrize("bad", ['{"gianluigi_wins": "maybe"}', '{"nope": "no"}', "not json", "{}",
                                 '{"negative_shares": "down", "fresco_types": "kit"}'])
def test_a_damaged_switches_field_is_a_save_error(bad):
    from fresco_kit.core import SaveError
    from fresco_kit.sixtina import new_game
    from fresco_kit.sixtina.state import State

    data = new_game(["Red", "White", "Blue"], seed=0).state.to_dict()
    data["switches"] = bad
    with pytest.raises(SaveError, match="switches"):
        State.from_dict(data)


def test_unknown_switch_values_are_refused_when_the_game_is_made():
    from fresco_kit.sixtina import new_game

    with pytest.raises(ValueError, match="gianluigi_wins"):
        new_game(["Red", "White"], switches={"gianluigi_wins": "maybe"})
    with pytest.raises(ValueError, match="switch"):
        new_game(["Red", "White"], switches={"leftovers": "all"})


@pytest.mark.rule("sixtina final.winner")
def test_switch_gianluigi_wins_no_lets_only_the_players_compete():
    from fresco_kit.sixtina import new_game
    from fresco_kit.sixtina.final import winners

    state = new_game(["Red", "White"], seed=0, switches={"gianluigi_wins": "no"}).state
    assert winners(state, {"Red": 60, "White": 55, "Gianluigi": 70})[0] == ["Red"]


@pytest.mark.rule("sixtina complete.score", "sixtina end.last_half")
def test_switch_negative_shares_toward_zero():
    keys, points = {"A": 4, "B": 4, "C": 1}, (-1, -2, -3)
    assert contribution_awards(keys, points, toward_zero=True) == {"A": -1, "B": -1, "C": -3}
    assert contribution_awards(keys, (9, 2, 1), toward_zero=True) == contribution_awards(keys, (9, 2, 1))
    assert contribution_awards({"A": 2, "B": 1}, (-3, -5, 0), half=True) == {"A": -2, "B": -3}
    assert contribution_awards({"A": 2, "B": 1}, (-3, -5, 0), half=True, toward_zero=True) == {"A": -1, "B": -2}


@pytest.mark.rule("sixtina complete.score")
def test_switch_negative_shares_reaches_the_completion():
    from dataclasses import replace

    from fresco_kit.sixtina import teach
    from fresco_kit.sixtina.completion import completion_result

    # Creation of Adam 12/5/4 with three prudent restorations: 6/-1/-2; White and Blue tie for second
    # on one extra material each and share -1 - 2 = -3
    occupants = [("correct", "Red"), ("prudent", "Red"), ("prudent", "White"), ("prudent", "Blue"), ("correct", "Red")]
    state, place = teach.completion_position("genesis_4", occupants, {"White": 1, "Blue": 1})
    base = completion_result(state, place)
    other = completion_result(replace(state, switches='{"negative_shares": "toward zero"}'), place)
    assert base.points == other.points == (6, -1, -2)
    assert base.awards == {"Red": 6, "White": -2, "Blue": -2}            # -1.5 rounded down
    assert other.awards == {"Red": 6, "White": -1, "Blue": -1}           # the fraction dropped


@pytest.mark.rule("sixtina obj.sametype2", "sixtina obj.difftype3")
def test_switch_fresco_types_decks_reads_the_deck_as_the_type():
    from dataclasses import replace

    from fresco_kit.sixtina.codes import D
    from fresco_kit.sixtina.objectives import fresco_type
    from fresco_kit.sixtina.positions import constructed_state

    state = constructed_state(("Red", "White", "Blue"))
    decks = replace(state, switches='{"fresco_types": "decks"}')
    for f in D.frescoes:
        assert fresco_type(state, f.id) == f.type and fresco_type(decks, f.id) == f.deck
