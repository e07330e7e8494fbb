"""Pure scoring functions — rules summary, *Fine del turno e punteggio finale* (and the
faith track of *Il Rapporto in Vaticano*).  Tables come from ``seeds/lorenzo.toml``."""

from __future__ import annotations

from collections.abc import Mapping

from . import readings
from .data import load


def territory_points(n: int) -> int:
    """VP for ``n`` territory cards: 3, 4, 5, 6 -> 1, 4, 10, 20; fewer than 3 -> 0."""
    table = load().territory_points
    return table[max(0, min(n, len(table) - 1))]


def character_points(n: int) -> int:
    """VP for ``n`` character cards: 1..6 -> 1, 3, 6, 10, 15, 21."""
    table = load().character_points
    return table[max(0, min(n, len(table) - 1))]


def faith_points(faith: int) -> int:
    """VP printed on faith space ``faith`` (0..15; beyond 15 counts as 15)."""
    table = load().faith_vp
    return table[max(0, min(faith, len(table) - 1))]


def military_points(
    military_by_player: Mapping[str, int],
    zero_competes: bool = readings.MILITARY_ZERO_COMPETES,
    ties: str = readings.MILITARY_TIES,
) -> dict[str, int]:
    """5 VP to the first on the military track, 2 to the second; tied players all take
    the full award of their place.  With ``ties`` "strict" (the reading ``military_ties``)
    a place is 1 + the players strictly ahead, so a tie for first leaves nobody second;
    with "next" it is 1 + the distinct totals ahead, so the next player is second.
    Players on 0 compete only with ``zero_competes`` (the reading
    ``military_zero_competes``)."""
    awards = load().military_awards
    out = {}
    for name, mp in military_by_player.items():
        ahead = [other for other in military_by_player.values() if other > mp]
        place = len(ahead) if ties == "strict" else len(set(ahead))
        competes = mp > 0 or zero_competes
        out[name] = awards[place] if competes and place < len(awards) else 0
    return out


def resource_points(wood: int, stone: int, servants: int, coins: int) -> int:
    """1 VP per 5 resources, wood, stone, servants and coins counted together (rounded down)."""
    return (wood + stone + servants + coins) // load().resources_per_vp
