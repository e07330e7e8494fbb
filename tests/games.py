"""What the registry-driven tests need to know about the registered games, read from the
registry only (no test lists the games by hand), and the template game's registration."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from fresco_kit import GameInfo, games
from fresco_kit.core import registry

#: the template game: its name and package (registered only in the tests, ``--template-game``)
TEMPLATE_GAME = ("nim", "tests.template_game")
TEMPLATE_DIR = Path(__file__).resolve().parent / "template_game"


def register_template_game() -> None:
    """Add the template game to the registry: the one place that does (to become
    ``registry.register(...)``)."""
    registry.GAMES.setdefault(*TEMPLATE_GAME)


def template_game_registered() -> bool:
    """Whether this test run registered the template game."""
    return TEMPLATE_GAME[0] in registry.GAMES


def package(name: str) -> str:
    """The package of registered game ``name`` (``fresco_kit.sixtina``, ``tests.template_game``)."""
    return registry.GAMES[name]


def kit_games() -> tuple[GameInfo, ...]:
    """The registered games that are part of the kit (their package is in ``fresco_kit``):
    the ones the README and the notebooks document."""
    return tuple(info for info in games() if package(info.name).startswith("fresco_kit."))


def option_cases(info: GameInfo) -> list[dict[str, Any]]:
    """One options dict per choice of each option (``[{}]`` for a game without options)."""
    return [{option.name: choice} for option in info.options for choice in option.choices] or [{}]


def apply_fast(rules: Any) -> Any:
    """``rules.apply_fast`` when the game has it (the contract calls it optional), else the
    state that ``rules.apply`` gives: for tests that only need the next state quickly."""
    fast = getattr(rules, "apply_fast", None)
    return fast if fast is not None else (lambda state, action: rules.apply(state, action)[0])


def has_apply_fast(info: GameInfo) -> bool:
    """Whether the game's rules module offers the optional ``apply_fast``."""
    return callable(getattr(info.rules, "apply_fast", None))
