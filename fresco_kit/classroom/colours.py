"""One colour map for every game's drawings and widgets.

Players are drawn in their colour when their name is one (``"Red"``, ``"Blue"``...),
otherwise in a fallback colour by seat.  :func:`text_on` picks black or white text for a
background so that the contrast stays readable (WCAG AA asks for 4.5:1).
"""

from __future__ import annotations

from functools import cache

#: Player colours by name (Gianluigi, Sixtina's robot restorer, plays gold).
PLAYER_COLOURS: dict[str, str] = {
    "Red": "#c0392b",
    "White": "#f7f7f7",
    "Blue": "#2f6db5",
    "Yellow": "#f2c500",
    "Green": "#2e9e4f",
    "Gianluigi": "#b8860b",
}
#: Colours for players whose name is not a colour, by seat.
FALLBACK: tuple[str, ...] = ("#8e44ad", "#8c564b", "#a84300", "#17806d")
#: Paint colours (Fresco's primary and blended paints).
PAINT_COLOURS: dict[str, str] = {
    "yellow": "#f4d03f",
    "red": "#cb4335",
    "blue": "#2e86c1",
    "orange": "#e67e22",
    "green": "#27ae60",
    "purple": "#8e44ad",
}
#: Neutral marks: outlines, highlights, black materials, free spaces.
INK = "#222222"
HIGHLIGHT = "#c62828"
MUTED = "#5f6368"


def player_colour(name: str, seat: int = 0) -> str:
    """The drawing colour of player ``name`` (its colour if the name is one, else by seat)."""
    return PLAYER_COLOURS.get(name) or FALLBACK[seat % len(FALLBACK)]


@cache
def luminance(colour: str) -> float:
    """Relative luminance of a ``#rrggbb`` colour (WCAG 2 definition), 0 (black) to 1."""
    rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


@cache
def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours, from 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@cache
def text_on(background: str) -> str:
    """Black or white, whichever reads better on ``background``."""
    return INK if contrast(INK, background) >= contrast("#ffffff", background) else "#ffffff"
