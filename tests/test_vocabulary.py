"""One vocabulary across the games: the same names for the same things (issue: one game interface)."""

from __future__ import annotations

import pytest

import fresco_kit
from fresco_kit.core.flow import Flow
from fresco_kit.core.readings import Reading
from fresco_kit.core.registry import Switch

GAMES = [info.name for info in fresco_kit.games()]


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_module_names_the_same_things_alike(game):
    rules = fresco_kit.game_info(game).rules
    for name in ("actor", "phase", "counters", "determinize", "scores", "problems", "invariants", "legal_actions"):
        assert callable(getattr(rules, name, None)), f"{game}.rules has no {name}"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_flow_readings_and_switches_with_the_core_types(game):
    info = fresco_kit.game_info(game)
    assert isinstance(info.rules.FLOW, Flow)
    assert all(type(s) is Switch for s in info.switches)
    if info.parts.readings is not None:
        readings = info.part("readings")
        assert readings.READINGS and all(type(r) is Reading for r in readings.READINGS)
        assert readings.READING == {r.id: r for r in readings.READINGS}


@pytest.mark.parametrize("game", GAMES)
def test_problems_of_a_fresh_game_are_none_and_phase_is_a_waiting_step(game):
    info = fresco_kit.game_info(game)
    state = info.new_game(info.players(min(info.player_counts)), seed=1).state
    assert info.rules.problems(state) == [] and info.rules.invariants(state) == []
    assert info.rules.phase(state) in info.rules.FLOW.waiting
