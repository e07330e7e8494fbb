"""A table's settings read from its link: ``?game=…&seed=…&players=A,B&seats=human,greedy&lang=…``.

Voilà puts the page's query string in the kernel's ``QUERY_STRING``; the landing page links
to tables that way (:mod:`.landing`), and :meth:`fresco_kit.classroom.table.Table.from_query`
builds the table from what :func:`link_settings` reads.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import parse_qs

from fresco_kit.core.registry import GAMES, game_info


def link_settings(default: str = "sixtina", query: str | None = None) -> tuple[str, dict[str, Any], list[str]]:
    """The game, the table's keyword settings (``seed``, ``players``, ``seats``, ``lang``) and the
    problems found, from ``query`` (default: the ``QUERY_STRING`` Voilà sets).

    ``players`` is a list of names or a player count (the game's default names).  A bad value
    is left out and named among the problems; an unknown game falls back to ``default``."""
    raw = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    asked = {key: values[-1] for key, values in raw.items()}
    problems: list[str] = []
    game = asked.get("game", default)
    if game not in GAMES:
        problems.append(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
        game = default

    def players(text: str) -> list[str]:
        return game_info(game).players(int(text)) if text.strip().isdigit() else words(text)

    settings: dict[str, Any] = {}
    for key, parse in (("seed", int), ("players", players), ("seats", words), ("lang", str)):
        if key in asked:
            try:
                settings[key] = parse(asked[key])
            except ValueError:
                problems.append(f"{key}: {asked[key]!r} is not valid")
    return game, settings, problems


def words(text: str) -> list[str]:
    """A comma-separated list of names; ``ValueError`` if one is empty."""
    names = [w.strip() for w in text.split(",")]
    if not all(names):
        raise ValueError(text)
    return names
