"""Fresco actions: checked, frozen dataclasses written in the kit's one action grammar.

=========================================  ====================================================
text                                       meaning (rulebook section)
=========================================  ====================================================
``wake Red 7``                             choose get-up time 7 (Phase I)
``plan Red 1,2,0,1,1``                     apprentices per sheet column, in sheet order (Planning)
``buy Red booth 2 tiles 1,3``              buy tiles 1 and 3 (1-based) of booth 2 (Market)
``close Red booth 2``                      close booth 2 (Market)
``restore Red 2,3``                        restore the segment in row 2, column 3 (Cathedral)
``restore Red 2,3 bishop 2,2 track ahead`` ... after moving the bishop to (2, 2) for 1 thaler;
                                           ``track ahead``/``track behind`` answers an occupied
                                           track space
``altar Red yellow,red,blue``              restore the altar with these paints (+ ``track ...``)
``studio Red``                             paint portraits with one studio apprentice (Studio)
``blend Red orange``                       one blend: red + yellow -> orange (Workshop)
``theater Red``                            one theater visit (Theater)
``done Red``                               give up the rest of one's actions here (Performing actions)
``settle Red ahead``                       final count: where to stop on an occupied space
=========================================  ====================================================

The fields are checked when an action is made (``fresco_kit.core.Action``): a whole
number is an ``int`` (not ``True`` nor ``1.5``), segments and the bishop's square are on
the 5x5 grid (rows and columns counted from 1, as the board shows them: ``1,1`` is the
top-left segment, ``3,3`` the centre), get-up times on the inn, paints are paint names; a
wrong field raises ``ValueError`` naming it.  Whether the action is allowed *now* (whose turn, enough
apprentices, paints or thalers) is for the rules, which refuse with a ``RuleError``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated, Literal

from fresco_kit.core import Action as _Action
from fresco_kit.core import Count, Grammar, Names, Range

from .data import BOOTH_SIZES, COLOURS, COLS, ROWS, TIMES

TRACK_CHOICES = ("behind", "ahead")
Track = Literal["behind", "ahead"]
#: a get-up time on the inn
Time = Annotated[int, Range(min(TIMES), max(TIMES))]
#: a booth number (1-based; the 3-player board uses booths 1-3 only)
Booth = Annotated[int, Range(1, max(len(sizes) for sizes in BOOTH_SIZES.values()))]
#: a tile's place in its booth (1-based)
TilePlace = Annotated[int, Range(1, max(max(sizes) for sizes in BOOTH_SIZES.values()))]
Row = Annotated[int, Range(1, ROWS)]
Col = Annotated[int, Range(1, COLS)]
#: a fresco segment ``(row, col)``, counted from 1 as the board's labels show it (see :mod:`.board`)
Square = tuple[Row, Col]
Paint = Annotated[str, Names(COLOURS, "paint")]
_COLOUR_ORDER = {c: i for i, c in enumerate(COLOURS)}


@dataclass(frozen=True, slots=True)
class Wake(_Action):
    """Phase I: ``player`` gets up at ``time`` o'clock."""

    VERB = "wake"
    player: str
    time: Time


@dataclass(frozen=True, slots=True)
class Plan(_Action):
    """Planning: apprentices per action-sheet column, in the sheet's order."""

    VERB = "plan"
    player: str
    counts: tuple[Count, ...]


@dataclass(frozen=True, slots=True)
class Buy(_Action):
    """Market: buy the tiles at these places (1-based, ascending) of one booth."""

    VERB = "buy"
    player: str
    booth: Booth = field(metadata={"label": "booth"})
    tiles: tuple[TilePlace, ...] = field(metadata={"label": "tiles"})


@dataclass(frozen=True, slots=True)
class Close(_Action):
    """Market: close down one booth instead of buying."""

    VERB = "close"
    player: str
    booth: Booth = field(metadata={"label": "booth"})


@dataclass(frozen=True, slots=True)
class Restore(_Action):
    """Cathedral: restore a segment, the bishop first moved for 1 thaler if ``bishop`` is given;
    ``track`` answers a landing on an occupied track space."""

    VERB = "restore"
    player: str
    segment: Square
    bishop: Square | None = None
    track: Track | None = None


@dataclass(frozen=True, slots=True)
class Altar(_Action):
    """Cathedral: restore the altar with three paints (kept in ``COLOURS`` order)."""

    VERB = "altar"
    player: str
    paints: tuple[Paint, ...]
    track: Track | None = field(default=None, metadata={"label": "track"})

    def __post_init__(self) -> None:
        _Action.__post_init__(self)
        ordered = tuple(sorted(self.paints, key=_COLOUR_ORDER.__getitem__))
        if ordered != self.paints:
            object.__setattr__(self, "paints", ordered)


@dataclass(frozen=True, slots=True)
class Studio(_Action):
    """Studio: one studio apprentice paints portraits."""

    VERB = "studio"
    player: str


@dataclass(frozen=True, slots=True)
class Blend(_Action):
    """Workshop: one blend into ``colour`` (orange, green or purple)."""

    VERB = "blend"
    player: str
    colour: Paint


@dataclass(frozen=True, slots=True)
class Theater(_Action):
    """Theater: one theater apprentice lifts the mood."""

    VERB = "theater"
    player: str


@dataclass(frozen=True, slots=True)
class Done(_Action):
    """Give up the rest of one's actions at the location being visited."""

    VERB = "done"
    player: str


@dataclass(frozen=True, slots=True)
class Settle(_Action):
    """Final count: where to stop when the money points land on an occupied space."""

    VERB = "settle"
    player: str
    track: Track


ACTIONS: tuple[type, ...] = (Wake, Plan, Buy, Close, Restore, Altar, Studio, Blend, Theater, Done, Settle)
Action = Wake | Plan | Buy | Close | Restore | Altar | Studio | Blend | Theater | Done | Settle
GRAMMAR = Grammar("Fresco", ACTIONS)


def altar(player: str, paints: Iterable[str], track: str | None = None) -> Altar:
    """An :class:`Altar` action (its paints are put in ``COLOURS`` order)."""
    return Altar(player, tuple(paints), track)  # type: ignore[arg-type]


#: a square as a version-3 save wrote it: ``row,col``, each counted from 0
_OLD_SQUARE = re.compile(r"([0-9]),([0-9])")


def upgrade_action(text: str, version: int) -> str:
    """An action text from a save of format ``version`` as this kit writes it now.

    Saves before version 4 wrote a restoration's squares (the segment and the bishop's)
    counted from 0 (``restore Red 1,2 bishop 1,1``); they count from 1 now, as the board
    shows them (``restore Red 2,3 bishop 2,2``, the same move).  Every other text, and a
    square that is not two digits, is left as it is, for the replay to accept or refuse."""
    words = text.split()
    if version >= 4 or len(words) < 3 or words[0] != Restore.VERB:
        return text
    squares = [2] + [k + 1 for k in range(3, len(words) - 1) if words[k] == "bishop"]
    for k in squares:
        old = _OLD_SQUARE.fullmatch(words[k])
        if old:
            words[k] = f"{int(old[1]) + 1},{int(old[2]) + 1}"
    return " ".join(words)


def parse_action(text: str) -> Action:
    """The action written as ``text`` (the inverse of ``str``); ``ValueError`` says what is wrong."""
    return GRAMMAR.parse(text)  # type: ignore[return-value]
