"""One schema per state (issue 16, item 5): each field of Fresco's compact ``State`` and
``PlayerState`` is declared once, its annotation saying how it is saved (``core.forms``)
and who sees it (``core.visibility.Seen``); the save's schema, the conversions both ways
and every player's view are derived from those declarations, and ``saved`` holds only the
readable forms of single values.  The state's form is v3's: a save written before loads and
writes back byte for byte, but for the format number (v4) and the restorations' squares
(counted from 1 since v4, ``tests.core.golden_saves.as_version_4``)."""
from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest

from fresco_kit.core import Game, Record, SaveError
from fresco_kit.core.visibility import visibility
from fresco_kit.fresco import rules, saved
from fresco_kit.fresco.state import PlayerState, PlayerView, SavedPlayer, SavedState, State, View

from tests.core.golden_saves import as_version_4

from .helpers import game

SAVES = Path(__file__).parent / "saves"


def names(cls: type) -> list[str]:
    return [f.name for f in fields(cls)]


def test_the_save_and_the_view_are_derived_from_the_engine_fields():
    # the engine's fields in order: the players' names join their rows, the switches in
    # force are not saved (read from the ruleset), the switches set are saved as "switches"
    engine = [{"overrides": "switches"}.get(n, n) for n in names(State) if n not in ("names", "switches")]
    assert names(SavedState) == engine
    assert names(SavedPlayer) == ["name", *names(PlayerState)]
    # a view adds only who views, who may act and whether a player has planned
    assert names(View) == ["viewer", *names(SavedState), "to_move"]
    player = names(SavedPlayer)
    assert names(PlayerView) == player[: player.index("plan") + 1] + ["planned"] + player[player.index("plan") + 1 :]
    # no second field list: saved.py keeps only the readable forms of single values
    kept = {k for k, v in vars(saved).items() if isinstance(v, type) and issubclass(v, Record) and v.__module__ == saved.__name__}
    assert kept == {"Paints", "Points"}


@pytest.mark.rule("fresco p2.plan", "fresco setup.player")
def test_what_a_view_hides_is_read_from_the_markers_on_the_engine_fields():
    marked = {name: v.who for name, v in visibility(PlayerState).items() if v.who != "public"}
    assert marked == {"thalers": "owner", "paints": "owner", "plan": "owner"}
    assert {name: v.who for name, v in visibility(SavedPlayer).items() if v.who != "public"} == marked
    assert {name for name, v in visibility(State).items() if v.who != "public"} == {"rng"}
    g = game()
    seen = g.state.view("Red")
    for p, q in zip(g.state.players, seen.players):
        mine = q.name == "Red"
        assert (q.thalers, q.paints is None) == ((p.thalers, False) if mine else (None, True))
    assert seen.rng is None and g.state.rng is not None


def test_a_save_must_hold_what_only_views_hide():
    d = game().state.to_dict()
    for path, set_to in (("players", "thalers"), ("players", "paints")):
        bad = json.loads(json.dumps(d))
        bad[path][1][set_to] = None
        with pytest.raises(SaveError, match=rf"state\.players\[1\]\.{set_to}: expected"):
            rules.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["rng"] = None
    with pytest.raises(SaveError, match=r"state\.rng: expected a whole number from 0 to"):
        rules.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["players"][0]["thalers"] = "x"
    with pytest.raises(SaveError, match=r"state\.players\[0\]\.thalers: expected a whole number from 0 to \d+, got 'x'"):
        rules.state_from_dict(bad)


def test_a_version_3_save_from_before_loads_and_writes_back_as_version_4():
    """Only the format number and the restorations' squares (now counted from 1) change."""
    text = (SAVES / "v3_bigbox_3p.json").read_text(encoding="utf-8")
    again = Game.from_json(text)
    assert again.to_json() == as_version_4(text)                               # byte for byte
    assert rules.state_from_dict(json.loads(text)["state"]) == again.state
