"""One schema per state (issue 16, item 5): the readable records of ``fresco.saved`` are
declared once, each field marked with who sees it; the save form and every player's
view are derived from them, and the engine's compact ``State`` has the same fields
(converted by ``saved.FORMS``).  The state's form is v3's: a save written before this
refactor loads and writes back byte for byte, but for the format number (v4) and the
restorations' squares (counted from 1 since v4, ``tests.core.golden_saves.as_version_4``)."""
from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest

from fresco_kit.core import Game, SaveError
from fresco_kit.core.visibility import view, visibility
from fresco_kit.fresco import rules, saved
from fresco_kit.fresco.state import PlayerState, State

from tests.core.golden_saves import as_version_4

from .helpers import game

SAVES = Path(__file__).parent / "saves"


def names(cls: type) -> list[str]:
    return [f.name for f in fields(cls)]


def test_the_engine_state_and_the_readable_schema_have_the_same_fields():
    engine = [n for n in names(State) if n not in saved.DERIVED]
    assert engine == [saved.ENGINE_NAME.get(n, n) for n in names(saved.SavedState)]
    assert names(PlayerState) == [n for n in names(saved.SavedPlayer) if n != "name"]
    assert set(saved.FORMS) <= set(names(saved.SavedState)) | set(names(saved.SavedPlayer))
    # a view adds only who views, who may act and whether a player has planned
    assert set(names(saved.View)) - set(names(saved.SavedState)) == {"viewer", "to_move"}
    assert set(names(saved.PlayerView)) - set(names(saved.SavedPlayer)) == {"planned"}


@pytest.mark.rule("fresco p2.plan", "fresco setup.player")
def test_what_a_view_hides_is_read_from_the_markers():
    marked = {name: v.who for name, v in visibility(saved.SavedPlayer).items() if v.who != "public"}
    assert marked == {"thalers": "owner", "paints": "owner", "plan": "owner"}
    assert {name for name, v in visibility(saved.SavedState).items() if v.who != "public"} == {"rng"}
    assert visibility(saved.PlayerView)["planned"].who == "public"
    g = game()
    form = g.state.saved_form()
    seen = view(form, "Red")
    for p, q in zip(form.players, seen.players):
        mine = p.name == "Red"
        assert (q.thalers, q.paints) == ((p.thalers, p.paints) if mine else (None, None))
    assert seen.rng is None and form.rng is not None


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
