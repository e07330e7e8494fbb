"""Damaged saves and actions are refused by name, never crash (the fuzzers' findings kept).

``fresco_kit.core.fuzz`` damages real saves and actions by the thousand
(``fresco-kit soak sixtina --fuzz N``); the cases here pin what it and the
hypothesis test of ``tests/test_fuzz.py`` found, plus positions that would load but
leave a decision nobody can answer.
"""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game, SaveError, game_info
from fresco_kit.core.fuzz import fuzz_actions, fuzz_saves
from fresco_kit.sixtina.actions import Restore
from fresco_kit.sixtina.rules import state_from_dict

from .helpers import RWB, card_ids, constructed_state, game_of, ready_game
from .helpers import owed


def saved(game: Game) -> dict:
    return json.loads(game.to_json())


@pytest.mark.parametrize("where,key,says", [
    (("places", "G1", "spaces"), ":", r"^state\.places\.G1\.spaces: expected the techniques of \w+ as keys"),
    (("places", "G1", "extras"), "x y", r"^state\.places\.G1\.extras: expected colours as keys: one of Red"),
    (("places", "G1", "extras"), "Gianluigi", r"^state\.places\.G1\.extras: expected colours as keys"),
])
def test_an_unknown_key_is_named_by_its_field(where, key, says):
    d = ready_game(RWB, seed=4).state.to_dict()
    node = d
    for k in where:
        node = node[k]
    node[key] = None if where[-1] == "spaces" else 1
    with pytest.raises(SaveError, match=says):
        state_from_dict(d)


def _owed(kind: str, **changes):
    """A 3-player position where Red owes a ``kind`` decision it cannot answer."""
    s = constructed_state(RWB, status={p: "visible" for p in ("JC1", "JC2", "JC3", "G1", "G2", "G3", "G4",
                                                              "M1", "M2", "M3", "LJ1", "LJ2")})
    return s.evolve(pending=owed(s, kind, 0), **changes)


@pytest.mark.parametrize("state,says", [
    (lambda: _owed("reveal", reveals=1), r"^start\.pending: a reveal decision that Red can answer"),
    (lambda: _owed("reveal"), r"^start\.reveals: at least 1 while a fresco is to be uncovered"),
    (lambda: _owed("claim"), r"^start\.pending: a claim decision that Red can answer"),
    (lambda: _owed("gianluigi"), r"^start\.gianluigi_due: Gianluigi's owed restoration"),
    (lambda: _owed("bonus").evolve(current=1), r"^start\.pending\.player: the player whose turn it is"),
    (lambda: constructed_state(RWB).evolve(initial_left=1), r"^start\.pending: the initial restorations"),
])
def test_a_decision_nobody_can_answer_does_not_load(state, says):
    """Such a position would load and then offer no legal action (the game stuck)."""
    game = game_of(state())
    with pytest.raises(SaveError, match=says):
        Game.from_json(game.to_json())


def test_a_refused_action_text_in_a_save_names_its_index():
    sol = card_ids("solvent_sponge", 2)
    game = game_of(constructed_state(RWB, chapel={"G1": "genesis_4"}, hands={"Red": sol}))
    game.play(Restore("G1", "solvent_sponge", sol, 0))
    data = saved(game)
    data["actions"] = [f"restore G1 solvent_sponge {sol[0]} +1"]          # the old text form
    with pytest.raises(SaveError, match=r"^actions\[0\]: .* cannot be replayed: .*unexpected '\+1'"):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize("seed", [1, 2])
def test_fuzzing_finds_no_crash(seed):
    info = game_info("sixtina")
    for report in (fuzz_saves(info, 150, seed=seed), fuzz_actions(info, 150, seed=seed)):
        assert not report.crashes, str(report)
