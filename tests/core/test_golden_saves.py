"""Saves and views of seeded random games against those stored from main (tests/core/golden_saves/,
written by ``python -m tests.core.golden_saves`` as format v3, before the one-schema change).

The kit writes format v4 now.  A v4 save differs from the stored v3 one in exactly two things,
which :func:`tests.core.golden_saves.as_version_4` applies to the stored text: ``"version": 4``
instead of 3, and in a Fresco save each restoration's squares counted from 1 (``restore Red
0,2 bishop 1,2`` becomes ``restore Red 1,3 bishop 2,3``, the same move).  Everything else --
the players, seed, options, the start and end states, every other action, every view -- stays
byte-identical; Sixtina's saves change in their format number only."""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game
from fresco_kit.core.game import SAVE_VERSION
from tests.core.golden_saves import GAMES, GOLDEN, as_version_4, snapshots


def stored(name: str) -> dict:
    """The stored v3 snapshots of ``name``: per player count, the save and views at each step."""
    return json.loads((GOLDEN / f"{name}.json").read_text())


@pytest.mark.parametrize("name", GAMES)
def test_saves_and_views_match_the_stored_ones(name):
    """The same seeded games give the stored saves, as v4 (format number and Fresco squares
    only), and the stored views unchanged."""
    assert SAVE_VERSION == 4
    expected = {count: [{**shot, "save": as_version_4(shot["save"])} for shot in shots]
                for count, shots in stored(name).items()}
    assert snapshots(name) == expected


@pytest.mark.parametrize("name", GAMES)
def test_every_stored_v3_save_loads_replays_to_the_same_state_and_saves_as_v4(name):
    """Each stored v3 save loads (its Fresco squares read counted from 0), replays to the
    state it stored, and writes back as exactly its v4 text."""
    for shots in stored(name).values():
        for shot in shots:
            game = Game.from_json(shot["save"])
            old = json.loads(shot["save"])
            assert game.state == game.rules.state_from_dict(old["state"])
            assert json.loads(game.to_json())["state"] == old["state"]          # the state's form is v3's
            again = game.to_json()
            assert again == as_version_4(shot["save"])
            assert Game.from_json(again).to_json() == again                     # and v4 loads back


def test_the_v4_text_differs_from_v3_only_in_the_format_number_and_fresco_squares():
    """What changed, shown on the stored saves: Sixtina's only in ``version``; Fresco's also in
    the restorations' squares, each row and column one more, and in nothing else."""
    sixtina = stored("sixtina")["3"][-1]["save"]
    assert as_version_4(sixtina) == sixtina.replace('"version": 3', '"version": 4')
    fresco = json.loads(stored("fresco")["3"][-1]["save"])
    new = json.loads(as_version_4(json.dumps(fresco, sort_keys=True)))
    changed = [(a, b) for a, b in zip(fresco["actions"], new["actions"]) if a != b]
    assert changed and all(a.startswith("restore ") for a, _ in changed)
    assert ("restore Red 0,2 bishop 1,2", "restore Red 1,3 bishop 2,3") in changed
    assert {k: v for k, v in new.items() if k not in ("actions", "version")} == \
        {k: v for k, v in fresco.items() if k not in ("actions", "version")}
