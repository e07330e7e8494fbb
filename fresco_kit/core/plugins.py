"""Which games are registered, and the one loader of their modules.

:data:`GAMES` maps each game's name to its package; :func:`register` adds a package
(also one outside ``fresco_kit``, e.g. a test's template game) and :func:`unregister`
takes it away again.  :func:`load` is the only place in the kit that imports a game
module by a name built at run time: everything else asks a game's
:class:`~fresco_kit.core.registry.GameInfo` for a part (``info.bots``, ``info.draw``...).
This module imports nothing of the kit, so every core module may use it.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

#: game name -> its package, in registration order; ``fresco_kit/__init__.py`` registers
#: the kit's own games (core names none)
GAMES: dict[str, str] = {}


def load(package: str, module: str | None = None) -> ModuleType:
    """The module ``<package>.<module>`` (the package itself when ``module`` is None),
    imported on first use."""
    return importlib.import_module(package if module is None else f"{package}.{module}")


class deferred:  # a lower-case name: used as a function that makes functions
    """A function that calls ``name`` of ``package.module``, imported at its first call (not
    before): a game's ``__init__`` can name a part's function (a rule switch's reach test)
    without loading that part when the games are listed.  :func:`direct` gives the
    function itself, for a caller that calls it often."""

    __slots__ = ("__name__", "_found", "_where")

    def __init__(self, package: str, module: str, name: str) -> None:
        self._where = (package, module, name)
        self._found: Any = None
        self.__name__ = f"{module}.{name}"

    def resolve(self) -> Any:
        """The function named (its module imported now, on first use)."""
        if self._found is None:
            package, module, name = self._where
            self._found = getattr(load(package, module), name)
        return self._found

    def __call__(self, *args: Any) -> Any:
        """Call the function named with ``args``."""
        return self.resolve()(*args)

    def __repr__(self) -> str:
        return f"<deferred {'.'.join(self._where)}>"


def direct(function: Any) -> Any:
    """``function`` itself, or the function a :class:`deferred` one calls (imported now)."""
    return function.resolve() if isinstance(function, deferred) else function


def info_of(name: str) -> Any:
    """The ``INFO`` of registered game ``name`` (its package imported on first use);
    ``ValueError`` lists the games there are."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
    return load(GAMES[name]).INFO


def add(name: str, package: str) -> None:
    """Register game ``name`` as ``package`` (whose ``__init__`` defines ``INFO``);
    ``ValueError`` if the name is taken by another package."""
    if not name or not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"a game's name is one word (a Python identifier), not {name!r}")
    if GAMES.get(name, package) != package:
        raise ValueError(f"game {name!r} is already registered as {GAMES[name]}")
    GAMES[name] = package


def unregister(name: str) -> None:
    """Take game ``name`` out of the registry (``KeyError`` if it is not registered)."""
    del GAMES[name]


@contextmanager
def register(name: str, package: str) -> Iterator[str]:
    """Register ``package`` as game ``name`` for the duration of a ``with`` block::

        with register("nim", "tests.template.nim"):
            game_info("nim").new_game()

    On leaving the block the game is unregistered (if it was not registered before)."""
    known = name in GAMES
    add(name, package)
    try:
        yield name
    finally:
        if not known:
            GAMES.pop(name, None)
