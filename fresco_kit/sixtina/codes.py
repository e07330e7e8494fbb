"""The engine's compact codes and the lookup tables the rules read many times a second.

Everything below the state and the rulebook sections: the integer codes of the compact
:class:`~fresco_kit.sixtina.state.State` (seats, colours, places, technique spaces,
fresco statuses) and tables built once from the rule data (:mod:`.data`).  Indices:

- *seat* ``0..n-1``: the players in clockwise order, as given to ``new_game``;
- *colour* ``0..n-1`` for the players, plus ``n`` for Gianluigi in two-player games;
- *place*: index into ``data().places`` (``JC1 .. LJ2``), the twelve chapel places;
- a technique *space* code per fresco technique: ``EMPTY`` or ``kind * 8 + colour``
  with kind ``CORRECT`` (top space), ``EXCELLENT`` or ``PRUDENT`` (bottom space; a
  prudent space holds a black material, ``colour`` records who restored it).
"""

from __future__ import annotations

from typing import Literal

from .data import TECHNIQUES, data

EMPTY = -1
CORRECT, EXCELLENT, PRUDENT = 0, 1, 2
KIND_NAMES: tuple[Literal["correct", "excellent", "prudent"], ...] = ("correct", "excellent", "prudent")
COVERED, VISIBLE, RESTORED = 0, 1, 2
STATUS_NAMES: tuple[Literal["covered", "visible", "restored"], ...] = ("covered", "visible", "restored")
GIANLUIGI = "Gianluigi"


def space_kind(code: int) -> int:
    """The restoration kind (``CORRECT``, ``EXCELLENT``, ``PRUDENT``) of a space code."""
    return code >> 3


def space_colour(code: int) -> int:
    """The colour (seat, or Gianluigi's ``n``) of a space code."""
    return code & 7


def space_code(kind: int, colour: int) -> int:
    """The space code of a restoration of ``kind`` by ``colour``."""
    return (kind << 3) | colour


D = data()
TECH_INDEX: dict[str, int] = {t: i for i, t in enumerate(TECHNIQUES)}
CARD_TECH: tuple[int, ...] = tuple(TECH_INDEX[c.technique] for c in D.cards)
CARD_VALUE: tuple[int, ...] = tuple(c.value for c in D.cards)
CARD_HALVES: tuple[int, ...] = tuple(round(c.icon * 2) for c in D.cards)
NCARDS = len(D.cards)
PLACES: tuple[str, ...] = D.places
NPLACES = len(PLACES)
PLACE_INDEX: dict[str, int] = {p: i for i, p in enumerate(PLACES)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(PLACE_INDEX[q] for q in D.neighbours[p]) for p in PLACES)
#: fresco id -> ((technique index, required value), ...) left to right
FRESCO_TECHS: dict[str, tuple[tuple[int, int], ...]] = {
    f.id: tuple((TECH_INDEX[t], v) for t, v in f.techniques) for f in D.frescoes
}
FRESCO_TYPE: dict[str, str] = {f.id: f.type for f in D.frescoes}
HAND_LIMIT = int(D.game["hand_limit"])
