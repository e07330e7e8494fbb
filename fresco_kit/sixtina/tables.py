"""Fast lookup tables built once from the rule data (used by the rules modules)."""

from __future__ import annotations

from .data import TECHNIQUES, data

D = data()
TECH_INDEX: dict[str, int] = {t: i for i, t in enumerate(TECHNIQUES)}
CARD_TECH: tuple[int, ...] = tuple(TECH_INDEX[c.technique] for c in D.cards)
CARD_VALUE: tuple[int, ...] = tuple(c.value for c in D.cards)
CARD_HALVES: tuple[int, ...] = tuple(int(round(c.icon * 2)) for c in D.cards)
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
FRESCO_SCORES: dict[str, tuple[int, int, int]] = {f.id: f.scores for f in D.frescoes}
HAND_LIMIT = int(D.game["hand_limit"])
