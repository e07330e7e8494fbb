"""Readable names of Fresco's pieces, for texts that players read (events, refusals, the table).

The engine keeps tiles as indices and the rule data gives them ids (``F18``, ``M10``);
a player knows a fresco tile by where it lies and what it is worth, and a market tile by
the paints it sells.  These functions say so, e.g. ``segment (2, 3)``, ``the 5-point
segment (2, 3): yellow + red + green`` and ``yellow + orange``.  The ids stay in saves
and in the action grammar only.
"""

from __future__ import annotations

from fresco_kit.core.text import N_, Msg

from . import data

Square = tuple[int, int]


#: the locations of the action sheet, as a sentence names them
PLACES = {
    "market": N_("the market"),
    "cathedral": N_("the cathedral"),
    "studio": N_("the studio"),
    "workshop": N_("the workshop"),
    "theater": N_("the theater"),
}


def place(column: str) -> Msg:
    """A location of the action sheet as a sentence names it, e.g. ``the market``."""
    return Msg(PLACES[column])


def paint_list(paints: tuple[int, ...]) -> str:
    """Paint pieces as ``yellow + red + red`` (``no paint`` when empty)."""
    return " + ".join(data.paint_names(paints)) or "no paint"


def segment(sq: Square) -> Msg:
    """A fresco segment by its place on the 5x5 grid: ``segment (row, col)``, counted from 1 as on
    the board's labels (the engine's squares and the typed moves count from 0)."""
    return Msg("segment ({row}, {col})", row=sq[0] + 1, col=sq[1] + 1)


def fresco_tile(tile: int, sq: Square | None = None) -> str:
    """A fresco tile by its value and paints, and its place when given, e.g.
    ``the 5-point segment (2, 3): yellow + red + green``."""
    t = data.FRESCO_TILES[tile]
    where = segment(sq) if sq is not None else "tile"
    return f"the {t.value}-point {where}: {paint_list(t.paints)}"


def market_tile(tile: int) -> str:
    """A market tile by the paints it sells, e.g. ``yellow + orange``."""
    return paint_list(data.MARKET_TILES[tile].paints)


def market_tiles(tiles: list[int] | tuple[int, ...]) -> str:
    """Several market tiles, each in brackets: ``[yellow + red], [orange]``."""
    return ", ".join(f"[{market_tile(t)}]" for t in tiles) or "nothing"
