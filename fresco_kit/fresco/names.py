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
    return _PLACE_MSGS[column]


#: the paints, as a text names them
PAINTS = {
    "yellow": N_("yellow"),
    "red": N_("red"),
    "blue": N_("blue"),
    "orange": N_("orange"),
    "green": N_("green"),
    "purple": N_("purple"),
}


def paint(colour: str) -> Msg | str:
    """A paint by its name (``Msg`` of :data:`PAINTS`; any other text as it is)."""
    return _PAINT_MSGS.get(colour, colour)


# a message with no values is the same text worded or not (core.text.unworded), so these
# are made once
_PLACE_MSGS = {column: Msg(text) for column, text in PLACES.items()}
_PAINT_MSGS = {colour: Msg(text) for colour, text in PAINTS.items()}


def paints_joined(colours: list[str] | tuple[str, ...]) -> Msg | str:
    """Paint names joined with `` + `` (``no paint`` when empty)."""
    if not colours:
        return Msg("no paint")
    if len(colours) == 1:
        return paint(colours[0])
    return Msg("{first} + {rest}", first=paint(colours[0]), rest=paints_joined(colours[1:]))


def paint_list(paints: tuple[int, ...]) -> Msg | str:
    """Paint pieces as ``yellow + red + red`` (``no paint`` when empty)."""
    return paints_joined(tuple(data.paint_names(paints)))


def segment(sq: Square) -> Msg:
    """A fresco segment by its place on the 5x5 grid: ``segment (row, col)``, counted from 1 as
    the board's labels and the typed moves count (:mod:`.board`)."""
    return Msg("segment ({row}, {col})", row=sq[0], col=sq[1])


def mood_space(space: int) -> int:
    """A space of the mood column as players count it: from 1 at the bottom (the state counts
    from 0), so a column of 9 spaces reads 1-9 on the board, in events and in the widgets."""
    return space + 1


def fresco_tile(tile: int, sq: Square | None = None) -> Msg:
    """A fresco tile by its value and paints, and its place when given, e.g.
    ``the 5-point segment (2, 3): yellow + red + green``."""
    t = data.FRESCO_TILES[tile]
    if sq is None:
        return Msg("the {value}-point tile: {paints}", value=t.value, paints=paint_list(t.paints))
    return Msg("the {value}-point {segment}: {paints}", value=t.value, segment=segment(sq), paints=paint_list(t.paints))


def market_tile(tile: int) -> Msg | str:
    """A market tile by the paints it sells, e.g. ``yellow + orange``."""
    return paint_list(data.MARKET_TILES[tile].paints)


def market_tiles(tiles: list[int] | tuple[int, ...]) -> Msg:
    """Several market tiles, each in brackets: ``[yellow + red], [orange]``."""
    if not tiles:
        return Msg("nothing")
    return Msg("{tiles}", tiles=[Msg("[{paints}]", paints=market_tile(t)) for t in tiles])


def semicolons(items: list | tuple) -> Msg | str:
    """Texts one after another, each after a semicolon (``a; b; c``), each said in the reader's language."""
    if not items:
        return ""
    head, *tail = items
    return head if not tail else Msg("{first}; {rest}", first=head, rest=semicolons(tail))
