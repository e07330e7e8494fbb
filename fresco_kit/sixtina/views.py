"""What one player sees of a 1980 Sixtina position (``State.view``): the readable form of
:mod:`.saved` with the other players' hands (their sizes stay visible), the deck's
order (its size stays visible) and the random generator hidden (``None``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from fresco_kit.core import Count, Length, Names, Range, Record

from .actions import CardId
from .codes import PLACES
from .saved import (
    Colour,
    FrescoId,
    GianluigiDue,
    Hand,
    Occupant,
    PlaceName,
    SavedDecision,
    SavedGianluigi,
    SavedObjective,
    SheetId,
)


@dataclass(frozen=True, slots=True)
class SeenPlayer(Record):
    """A player as someone sees them: ``hand`` is ``None`` for another player's hand
    (behind their back; ``hand_size`` shows how many cards they hold)."""

    name: str
    hand: Hand | None
    hand_size: Count
    prudent_cards: tuple[CardId, ...]
    play_area: Count
    supply: Count
    score: int


@dataclass(frozen=True, slots=True)
class SeenPlace(Record):
    """A chapel place as the players see it: a covered place shows only its sheet, so
    ``fresco`` and ``spaces`` are ``None`` there (which fresco lies beneath is unknown
    until it is uncovered)."""

    fresco: FrescoId | None
    status: Literal["covered", "visible", "restored"]
    spaces: dict[str, Occupant | None] | None
    extras: dict[str, Count]
    zone: Colour | None
    sheet: SheetId | None


SeenPlaces = Annotated[dict[str, SeenPlace], Names(PLACES, "the chapel places")]


@dataclass(frozen=True, slots=True)
class View(Record):
    """The position as ``viewer`` sees it.  Hidden (``None``), as the rulebook says:
    the other players' hands (Setup, step 5: cards in hand are kept hidden; their sizes
    are shown), the order of the draw deck (shuffled face down; ``deck_size`` is shown),
    the frescoes under the sheets (Setup, steps 1-2: covered until New Restorations
    uncovers them) and the random generator (``rng``, which would foretell the
    reshuffles).  Everything else lies open on the table: the discard pile, the prudent
    cards in the play areas, materials, scores, objectives and the sheets."""

    viewer: str
    variant: Literal["basic", "history"]
    rng: None
    players: tuple[SeenPlayer, ...]
    gianluigi: SavedGianluigi | None
    start: str
    current: str
    deck: None
    deck_size: Count
    discard: tuple[CardId, ...]
    black: Count
    places: SeenPlaces
    objectives: Annotated[tuple[SavedObjective, ...], Length(3)]
    pending: SavedDecision | None
    initial_left: Annotated[int, Range(0, 4)]
    gianluigi_due: GianluigiDue | None
    reveals: Annotated[int, Range(0, len(PLACES))]
    over: bool
    last_place: PlaceName | None
    turn: Count
    data: str = ""  # the data option's patch (public: every player knows the numbers)


__all__ = ["SeenPlace", "SeenPlayer", "View"]
