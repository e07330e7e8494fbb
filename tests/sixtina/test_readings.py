"""The kit's readings of ambiguous rulebook text (``readings.py``): each documented once,
naming its rule and the function that plays it; a few pinned here, the rest by the
tests of their sections."""

from __future__ import annotations

import importlib

from fresco_kit import sixtina
from fresco_kit.core.readings import Reading
from fresco_kit.sixtina import readings
from fresco_kit.sixtina.refs import RULES
from fresco_kit.sixtina.completion import contribution_awards
from fresco_kit.sixtina.scoring import leftover_points, prudent_technique_points, restored_fresco_points


def test_every_reading_names_its_rule_and_the_function_that_plays_it():
    assert len({r.id for r in readings.ALL}) == len(readings.ALL) == len(readings.READINGS)
    for r in readings.ALL:
        assert RULES[r.rule].game == "sixtina"
        module, function = r.where.split(".")
        assert callable(getattr(importlib.import_module(f"fresco_kit.sixtina.{module}"), function)), r.where
        assert r.kit and readings.READINGS[r.id].startswith(r.kit)
        assert isinstance(r, Reading) and isinstance(r.alternatives, tuple)


def test_the_package_docstring_points_to_the_readings():
    assert "readings" in sixtina.__doc__ and "Readings where" not in sixtina.__doc__


def test_final_contribution_needs_a_restored_fresco():
    assert restored_fresco_points({"Red": 2, "White": 0}) == {"Red": 10, "White": 0}


def test_leftover_counts_cards_in_hand_and_materials_only():
    assert leftover_points(1, 2) == 1  # Blue in the Final Scoring Example, prudent cards not counted


def test_every_reading_says_what_it_reads_why_and_its_switch():
    for r in readings.ALL:
        assert r.reads and r.argument, r.id
        assert r.switch is None      # no switches in this round: documented only
        assert f"switch:      {readings.NO_SWITCH}" in readings.describe(r)
        text = readings.describe(r)
        for part in ("reads:", "kit:", "alternative:", "argument:", "switch:"):
            assert part in text


def test_the_readings_issue_10_asked_for_are_there():
    for name in ("prudent lead tie", "last fresco halved", "Gianluigi's own material",
                 "winner tie-break reserve", "uncover next to restored frescoes"):
        assert readings.READING[name].alternatives, name
    assert "supply" in readings.READING["winner tie-break reserve"].alternatives[0]


def test_no_reading_cites_a_file_users_do_not_have():
    for r in readings.ALL:
        assert "FACTS" not in readings.describe(r)


def test_prudent_lead_tie_pays_the_tied_leaders_only():
    assert prudent_technique_points({"A": [1, 2], "B": [3, 4], "C": [5]}) == {"A": 4, "B": 4, "C": 0}


def test_last_fresco_splits_then_halves():
    # tied for first on 9 and 3: (9 + 3) // 2 = 6, halved to 3; halving first would give (4 + 1) // 2 = 2
    assert contribution_awards({"A": 5, "B": 5, "C": 1}, (9, 3, 1), half=True) == {"A": 3, "B": 3, "C": 0}
