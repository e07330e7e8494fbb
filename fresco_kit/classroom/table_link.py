"""A table's settings read from its link: ``?game=…&seed=…&players=A,B&seats=human,greedy&lang=…``.

Voilà puts the page's query string in the kernel's ``QUERY_STRING``; JupyterLab does not
(it opens the notebook a link names and drops the query), so the landing page links to one
small notebook per game and player count whose cell holds its settings as a ``preset``
(``notebooks/tables``, written by :func:`fresco_kit.classroom.landing.write_table_notebooks`),
and a link's query, in Voilà, adds to it (``&lang=es``). and :meth:`fresco_kit.classroom.table.Table.from_query`
builds the table from what :func:`link_settings` reads.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import parse_qs

from fresco_kit.core.game import checked_players, checked_seed
from fresco_kit.core.registry import GAMES, first_game, game_info

from .i18n import check_lang

#: the game of a link that names none (or an unknown one): the first registered game
FIRST_GAME = first_game()


def link_settings(
    default: str = FIRST_GAME, query: str | None = None, preset: str = ""
) -> tuple[str, dict[str, Any], list[str]]:
    """The game, the table's keyword settings (``seed``, ``players``, ``seats``, ``lang``) and the
    problems found, from ``query`` (default: the ``QUERY_STRING`` Voilà sets) over ``preset``
    (a notebook's own settings, written as a query: what a link asks for wins).

    ``players`` is a list of names or a player count (the game's default names).  Each value
    is checked on its own: a bad one is left out and named among the problems, with the reason
    (a name the kit cannot seat, a player count the game does not take, an unknown language),
    and the other settings are kept; an unknown game falls back to ``default``."""
    raw = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    asked = {key: values[-1] for key, values in parse_qs(preset).items()}
    asked.update((key, values[-1]) for key, values in raw.items())
    problems: list[str] = []
    game = asked.get("game", default)
    if game not in GAMES:
        problems.append(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
        game = default
    info = game_info(game)

    def players(text: str) -> list[str]:
        if text.strip().isdigit():
            return info.players(int(text))
        names = checked_players(words(text))
        info.check_player_count(len(names))
        return names

    def seed(text: str) -> int:
        if not text.strip().lstrip("-").isdigit():
            raise ValueError("a seed is a whole number")
        return checked_seed(int(text))

    settings: dict[str, Any] = {}
    for key, parse in (("seed", seed), ("players", players), ("seats", words), ("lang", check_lang)):
        if key in asked:
            try:
                settings[key] = parse(asked[key])
            except ValueError as exc:
                problems.append(f"{key}: {asked[key]!r} is not valid ({exc})")
    return game, settings, problems


def link_lang(query: str | None = None) -> str:
    """The page's language from its link's ``lang=`` (``query``, default: the ``QUERY_STRING``
    Voilà sets); English when there is none or it is not one of the kit's languages."""
    raw = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    try:
        return check_lang(raw.get("lang", ["en"])[-1])
    except ValueError:
        return "en"


def words(text: str) -> list[str]:
    """A comma-separated list of names; ``ValueError`` if one is empty."""
    names = [w.strip() for w in text.split(",")]
    if not all(names):
        raise ValueError("an empty name between commas")
    return names


def teacher_mode(query: str | None = None) -> bool:
    """Whether the page shows what only a teacher needs (seed fields, how-to sections): always
    in a notebook (JupyterLab shows the code anyway), and in the classroom (Voilà, which sets
    ``VOILA_KERNEL_ID`` in the kernel) only when the link says ``teacher=1``.  The classroom's
    page template hides the cells tagged ``teacher`` by the same rule."""
    if query is None and "VOILA_KERNEL_ID" not in os.environ:
        return True
    raw = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    return raw.get("teacher", [""])[-1] == "1"
