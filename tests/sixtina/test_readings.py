"""The kit's readings of ambiguous rulebook text (``readings.py``): each documented once,
naming its rule and the function that plays it; a few pinned here, the rest by the
tests of their sections."""

from __future__ import annotations

import importlib

from fresco_kit import sixtina
from fresco_kit.sixtina import readings
from fresco_kit.sixtina.refs import RULES
from fresco_kit.sixtina.scoring import leftover_points, restored_fresco_points


def test_every_reading_names_its_rule_and_the_function_that_plays_it():
    assert len({r.name for r in readings.ALL}) == len(readings.ALL) == len(readings.READINGS)
    for r in readings.ALL:
        assert RULES[r.rule].game == "sixtina"
        module, function = r.where.split(".")
        assert callable(getattr(importlib.import_module(f"fresco_kit.sixtina.{module}"), function)), r.where
        assert r.text and readings.READINGS[r.name].startswith(r.text)


def test_the_package_docstring_points_to_the_readings():
    assert "readings" in sixtina.__doc__ and "Readings where" not in sixtina.__doc__


def test_final_contribution_needs_a_restored_fresco():
    assert restored_fresco_points({"Red": 2, "White": 0}) == {"Red": 10, "White": 0}


def test_leftover_counts_cards_in_hand_and_materials_only():
    assert leftover_points(1, 2) == 1  # Blue in the Final Scoring Example, prudent cards not counted
