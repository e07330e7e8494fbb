"""Shared test set-up: headless matplotlib, the template game, and fixtures every game's tests use.

The ``rule`` marker (the checklist ids a test exercises) is registered in
pyproject.toml, with the other markers.

``--template-game`` (or ``FRESCO_KIT_TEMPLATE_GAME=1``) registers Nim, the template game of
``tests/template_game``, before collection, so every test that reads the registry
(``fresco_kit.games()``) runs on it too, and collects Nim's own tests.  Without it Nim is
neither registered nor collected.  :func:`register_template_game` is the one place that
registers it (``tests/games.py``)."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")

import pytest  # noqa: E402

from fresco_kit import games  # noqa: E402
from tests.games import TEMPLATE_DIR, register_template_game, template_game_registered  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = ROOT / "tests" / "rules_checklist.txt"  # copy of ../shared/reference/rules_checklist.txt


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--template-game", action="store_true", default=False,
                     help="register the template game (tests/template_game, Nim) and run the "
                          "registry-driven tests on it too (also FRESCO_KIT_TEMPLATE_GAME=1)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--template-game") or os.environ.get("FRESCO_KIT_TEMPLATE_GAME") == "1":
        register_template_game()


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The template game's own tests are collected only when it is registered."""
    if collection_path == TEMPLATE_DIR and not template_game_registered():
        return True
    return None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that takes ``game_info`` runs once per registered game (its
    :class:`~fresco_kit.core.registry.GameInfo`), read at collection, so after
    :func:`pytest_configure` may have registered the template game."""
    if "game_info" in metafunc.fixturenames:
        metafunc.parametrize("game_info", games(), ids=lambda info: info.name)
