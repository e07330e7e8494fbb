"""A table's settings read from its link: ``?game=…&seed=…&players=A,B&seats=human,greedy&lang=…``.

Voilà puts the page's query string in the kernel's ``QUERY_STRING``; JupyterLab does not
(it opens the notebook a link names and drops the query), so the landing page links to one
small notebook per game and player count whose cell holds its settings as a ``preset``
(``notebooks/tables``, written by :func:`fresco_kit.classroom.landing.write_table_notebooks`),
and a link's query, in Voilà, adds to it (``&lang=es``).
:meth:`fresco_kit.classroom.table.Table.from_query` builds the table from what
:func:`link_settings` reads.  What is wrong with a setting is said in the link's language
(English when the link asks for none, or for one the kit does not speak).
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import parse_qs

from fresco_kit.core.game import checked_players, checked_seed
from fresco_kit.core.registry import GAMES, first_game, game_info

from .i18n import LANGS, N_, Translator, translator

#: the game of a link that names none (or an unknown one): the first registered game
FIRST_GAME = first_game()
#: the seat kinds: a person, or a bot of :mod:`fresco_kit.sim.bots` (the values of links and menus)
SEATS: tuple[str, ...] = ("human", "random", "greedy", "mcts")
#: how a setting the kit cannot use is named: the setting as the link writes it, and why
NOT_USED = N_("{setting}={value}: {reason}")


def link_settings(
    default: str = FIRST_GAME, query: str | None = None, preset: str = ""
) -> tuple[str, dict[str, Any], list[str]]:
    """The game, the table's keyword settings (``seed``, ``players``, ``seats``, ``lang``) and the
    problems found, from ``query`` (default: the ``QUERY_STRING`` Voilà sets) over ``preset``
    (a notebook's own settings, written as a query: what a link asks for wins).

    ``players`` is a list of names or a player count (the game's default names); ``seats`` one
    of :data:`SEATS` per player.  Each value is checked on its own: a bad one is left out and
    named among the problems with the reason (a name the kit cannot seat, a player count the game
    does not take, an unknown language), in the link's language, and the other settings are kept;
    an unknown game falls back to ``default``."""
    raw = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    asked = {key: values[-1] for key, values in parse_qs(preset).items()}
    asked.update((key, values[-1]) for key, values in raw.items())
    _ = translator(asked["lang"] if asked.get("lang") in LANGS else "en")
    problems: list[str] = []
    game = asked.get("game", default)
    if game not in GAMES:
        reason = _("no such game; the games are {games}").format(games=", ".join(GAMES))
        problems.append(_(NOT_USED).format(setting="game", value=game, reason=reason))
        game = default
    info = game_info(game)

    def players(text: str) -> list[str]:
        if text.strip().isdecimal():
            return info.players(count(int(text)))
        names = checked_names(words(text, _), _)
        count(len(names))
        return names

    def count(n: int) -> int:
        if n not in info.player_counts:
            counts = ", ".join(str(c) for c in info.player_counts)
            raise ValueError(
                _("{game} is played by {counts} players, not {n}").format(game=info.title, counts=counts, n=n)
            )
        return n

    def seats(text: str) -> list[str]:
        kinds, n = words(text, _), len(settings.get("players") or info.players())
        if len(kinds) != n or any(k not in SEATS for k in kinds):
            raise ValueError(seats_wanted(n, _))
        return kinds

    def seed(text: str) -> int:
        try:
            return checked_seed(int(text) if text.strip().lstrip("-").isdecimal() else None)
        except ValueError:
            raise ValueError(_("a seed is a whole number below 2**64 in size")) from None

    def lang(text: str) -> str:
        if text not in LANGS:
            raise ValueError(_("the languages are {langs}").format(langs=", ".join(LANGS)))
        return text

    settings: dict[str, Any] = {}
    for key, parse in (("seed", seed), ("players", players), ("seats", seats), ("lang", lang)):
        if key in asked:
            try:
                settings[key] = parse(asked[key])
            except ValueError as exc:
                problems.append(_(NOT_USED).format(setting=key, value=asked[key], reason=exc))
    return game, settings, problems


def checked_names(names: list[str], _: Translator) -> list[str]:
    """``names`` if the kit can seat them (:func:`~fresco_kit.core.game.checked_players`), else a
    ValueError in ``_``'s language saying which name is wrong and why."""
    for name in names:
        try:
            checked_players([name])
        except ValueError:
            raise ValueError(
                _("{name} cannot be a player's name: a name is one word, without commas").format(name=name)
            ) from None
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        raise ValueError(_("two players are called {name}: each player needs a name of their own").format(name=twice))
    return checked_players(names)


def seats_wanted(n: int, _: Translator) -> str:
    """What the ``seats`` of a link with ``n`` players must be, in ``_``'s language."""
    return _("give one of {kinds} for each of the {n} players").format(kinds=", ".join(SEATS), n=n)


def link_lang(query: str | None = None) -> str:
    """The page's language from its link's ``lang=`` (``query``, default: the ``QUERY_STRING``
    Voilà sets); English when there is none or it is not one of the kit's languages."""
    raw = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    asked = raw.get("lang", ["en"])[-1]
    return asked if asked in LANGS else "en"


def words(text: str, _: Translator | None = None) -> list[str]:
    """A comma-separated list of names; a ``ValueError`` (in ``_``'s language) if one is empty."""
    names = [w.strip() for w in text.split(",")]
    if not all(names):
        _ = _ or translator("en")
        raise ValueError(_("an empty name between commas"))
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
