"""Saves and views of seeded random games stay byte-identical to those stored from main
(tests/core/golden_saves/, written by ``python -m tests.core.golden_saves`` before the
one-schema change), and every stored save loads back to the same save."""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game
from tests.core.golden_saves import GAMES, GOLDEN, snapshots


@pytest.mark.parametrize("name", GAMES)
def test_saves_and_views_match_the_stored_ones(name):
    """The same seeded games give the same saves and views as main did."""
    stored = json.loads((GOLDEN / f"{name}.json").read_text())
    assert snapshots(name) == stored


@pytest.mark.parametrize("name", GAMES)
def test_every_stored_save_loads_back_to_the_same_save(name):
    """Each stored save loads and writes back byte-identical."""
    stored = json.loads((GOLDEN / f"{name}.json").read_text())
    for shots in stored.values():
        for shot in shots:
            assert Game.from_json(shot["save"]).to_json() == shot["save"]
