"""Shared test set-up: headless matplotlib, and fixtures every game's tests use.

The ``rule`` marker (the checklist ids a test exercises) is registered in
pyproject.toml, with the other markers."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")

import pytest  # noqa: E402

import fresco_kit  # noqa: E402
from fresco_kit import GameInfo, games  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = ROOT / "tests" / "rules_checklist.txt"  # copy of ../shared/reference/rules_checklist.txt


@pytest.fixture(params=[info.name for info in games()])
def game_info(request: pytest.FixtureRequest) -> GameInfo:
    """Each registered game's :class:`~fresco_kit.core.registry.GameInfo` in turn."""
    return fresco_kit.game_info(request.param)
