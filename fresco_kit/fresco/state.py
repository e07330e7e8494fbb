"""The Fresco game state: frozen, slotted records (``fresco_kit.core.Record``).

A :class:`State` is never changed once published: the rules build the next one from
``state.evolve()`` (a fresh copy they own) and set its fields with
``fresco_kit.core.assign``.  Inside the engine the state is compact, for speed: paints
are tuples counted in ``data.COLOURS`` order, fresco squares are indices 0..24
(``board.index``), market and fresco tiles are indices into ``data``'s tables, players
are seats.  Each field is declared once, here, its annotation also saying how it is
saved (a form of :mod:`.saved`: colour names, tile ids, ``[row, col]``, player names; the
players as a table whose rows hold each player's name) and who sees it
(``core.visibility.Seen``: public unless marked).  ``core.forms`` derives the save's
schema (:data:`SavedState`: what ``State.to_dict`` writes and ``State.from_dict``
checks) and ``core.visibility`` a player's view (:data:`View`, ``State.view``) from them.

Phases (the waiting steps of ``flow.FLOW``, with the sections they follow): ``"wake"``
(Phase I, get-up times), ``"plan"`` (Phase II planning), ``"act"`` (Phase II, the five
locations), ``"final_count"`` (money into VP, waiting for a behind/ahead choice) and
``"over"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from fresco_kit.core import Count, Length, Range
from fresco_kit.core.data import patch_option
from fresco_kit.core.forms import Compact, Form, saved_form, saved_schema
from fresco_kit.core.game import seat_of
from fresco_kit.core.record import LATER
from fresco_kit.core.visibility import PRIVATE, seen_by, view_schema

from . import data
from .data import CATEGORIES
from .rulesets import Overrides, Ruleset, Switches
from .saved import (
    BEHIND_LARGE_SCREEN,
    BEHIND_SMALL_SCREEN,
    BOOTHS,
    FRESCO_ROWS,
    MARKET_IDS,
    PAINTS,
    PHASES,
    PLAYERS,
    POINTS,
    SEAT_NAMES,
    SQUARE,
    SWITCHES_IN_FORCE,
    TILE_IDS,
    Phase,
    ViewMethods,
    check,
)

__all__ = ["CATEGORIES", "PHASES", "Phase", "PlayerState", "PlayerView", "SavedPlayer", "SavedState", "State", "View"]

#: paint counts in ``data.COLOURS`` order
PaintCounts = Annotated[tuple[Count, ...], Length(len(data.COLOURS))]
Seat = Annotated[int, Range(0, max(data.PLAYER_COUNTS) - 1)]
FrescoTile = Annotated[int, Range(0, len(data.FRESCO_TILES) - 1)]
MarketTile = Annotated[int, Range(0, len(data.MARKET_TILES) - 1)]
Square = Annotated[int, Range(0, data.ROWS * data.COLS - 1)]
_SHEETS, _SIDE1 = data.SHEETS, data.SHEETS["side1"]


@dataclass(frozen=True, slots=True)
class PlayerState(Compact):
    """One player's pieces: money, paints, restored tiles, painters' positions, plan.

    ``vp`` is the victory point track space (0 while on a start space); ``start`` the
    start space S1..S4 (0 once on the track); ``mood`` the mood-column space (0 = bottom);
    ``helper`` +1 while the natural apprentice is held, -1 while one apprentice sits
    out, else 0 (set only after a get-up, see Theater); ``time`` the get-up time (0 in
    bed); ``plan`` apprentices per sheet column (None before planning); ``points`` VP
    per category, in CATEGORIES order.  Saved as a row of the players' table, after the
    player's name; restored tiles were taken from the board in the open."""

    thalers: Annotated[Count, BEHIND_LARGE_SCREEN]
    paints: Annotated[PaintCounts, PAINTS, BEHIND_LARGE_SCREEN]
    tiles: Annotated[tuple[FrescoTile, ...], TILE_IDS]
    vp: Count
    start: Annotated[int, Range(0, max(data.PLAYER_COUNTS))]
    mood: Annotated[int, Range(0, data.MOOD_LENGTH - 1)]
    helper: Annotated[int, Range(-1, 1)]
    time: Annotated[int, Range(0, max(data.TIMES))]
    plan: Annotated[tuple[Annotated[int, Range(0, data.SPACES_PER_COLUMN)], ...] | None, BEHIND_SMALL_SCREEN]
    points: Annotated[tuple[int, ...], Length(len(CATEGORIES)), POINTS]

    @property
    def apprentices(self) -> int:
        """Apprentices available for planning (Phase I, Change of mood)."""
        return data.OWN_APPRENTICES + self.helper


@dataclass(frozen=True, slots=True)
class State(Compact):
    """A whole Fresco position (see the module docstring for the phases).

    ``fresco`` holds a tile index per square, -1 once restored; ``bishop`` is a square
    index; ``booths``/``bag``/``removed`` hold market tile indices (the bag sorted: its
    draws come from ``rng``); ``chooser`` is the Phase I choosing order and ``order`` the
    phase II order (seats); ``wake_at`` counts the get-up choices made, ``loc``/``actor``/
    ``left`` are the column visited, the place in ``order`` of the player acting there
    and the uses left; ``altar_this_visit``/``bishop_this_visit`` whether that player has
    restored the altar / paid for a bishop step in this visit (for the switches
    ``altar_once_per_visit`` and ``bishop_once_per_visit``; cleared when the next visit
    begins; saved only when true, as they came after save version 3); ``bank_paper`` the
    thalers an unlimited bank (switch ``unlimited_coins``) has paid beyond its coins, noted on
    paper (saved only when not 0); ``theater_held`` the mood spaces each seat's theater
    visit has held back until after its next get-up (switch ``theater_after_getup``; ``None``
    when none, and then not saved); ``final_at`` the
    place in ``order`` the final count waits on.  ``overrides`` are the switches the game
    set itself (saved as ``switches``; ``None``: the ruleset's value); ``switches`` are
    derived from ``ruleset`` and ``overrides`` (not saved, not compared).  Private: ``rng``,
    which would tell the bag's next draws.  Open: the bag's contents (the 14 known market
    tiles minus the booths and the removed ones; only the order of future draws is
    secret), the bank and the paint supply, which lie open on the board."""

    ruleset: Ruleset
    overrides: Annotated[Overrides, Form(key="switches")]
    rng: Annotated[int, Range(0, 2**64 - 1), PRIVATE]
    round: Annotated[int, Range(1)]
    phase: Phase
    final: bool
    bag: Annotated[tuple[MarketTile, ...], MARKET_IDS]
    removed: Annotated[tuple[MarketTile, ...], MARKET_IDS]
    booths: Annotated[tuple[tuple[MarketTile, ...], ...], BOOTHS]
    fresco: Annotated[
        tuple[Annotated[int, Range(-1, len(data.FRESCO_TILES) - 1)], ...], Length(data.ROWS * data.COLS), FRESCO_ROWS
    ]
    bishop: Annotated[Square, SQUARE]
    supply: Annotated[PaintCounts, PAINTS]
    paper: Annotated[PaintCounts, PAINTS]
    bank: Count
    names: Annotated[tuple[str, ...], PLAYERS.column("name")]
    players: Annotated[tuple[PlayerState, ...], PLAYERS.column()]
    chooser: Annotated[tuple[Seat, ...], SEAT_NAMES]
    wake_at: Count
    order: Annotated[tuple[Seat, ...], SEAT_NAMES]
    loc: Count
    actor: Annotated[int, Range(-1)]
    left: Count
    final_at: Annotated[int, Range(-1)]
    switches: Annotated[Switches, SWITCHES_IN_FORCE] = field(compare=False, repr=False)
    data: str = ""  # the ``data`` option's patch as canonical JSON ("" for none; data.tables)
    altar_this_visit: Annotated[bool, LATER] = False  # the actor has restored the altar in this cathedral visit
    bishop_this_visit: Annotated[bool, LATER] = False  # the actor has paid for a bishop step in this visit
    bank_paper: Annotated[Count, LATER] = 0  # thalers paid beyond the bank (switch unlimited_coins)
    #: mood spaces held back from the theater by seat, None when none (switch theater_after_getup)
    theater_held: Annotated[tuple[Count, ...] | None, LATER] = None

    def __repr__(self) -> str:
        return (
            f"<fresco state: round {self.round}{' (final)' if self.final else ''}, phase {self.phase}, "
            f"{self.tiles_left} tile{'' if self.tiles_left == 1 else 's'} on the fresco>"
        )

    # -- derived views ----------------------------------------------------------
    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.names)

    @property
    def options(self) -> dict[str, Any]:
        """The options this game was set up with, as ``INFO.check_options`` returns them."""
        return {"ruleset": self.ruleset, "switches": self.overrides.given(), **patch_option(self.data)}

    @property
    def sheet(self) -> tuple[str, ...]:
        """The action-sheet columns in use this round (side 2 in the final round)."""
        return _SHEETS[self.switches.final_sheet] if self.final else _SIDE1

    @property
    def tiles_left(self) -> int:
        """Tiles still on the fresco (End of the Game: 6 or fewer make the final round)."""
        return sum(1 for t in self.fresco if t >= 0)

    def player(self, name: str) -> PlayerState:
        """The pieces of the player called ``name`` (ValueError if not playing)."""
        return self.players[self.names.index(name)]

    def price(self, i: int) -> int:
        """Market price per tile for player ``i`` (Phase I, Market prices)."""
        return data.tables(self.data).inn[self.players[i].time][1]

    @property
    def to_move(self) -> list[str]:
        """Players who may act now (several while planning)."""
        if self.phase == "wake":
            return [self.names[self.chooser[self.wake_at]]]
        if self.phase == "plan":
            return [nm for nm, p in zip(self.names, self.players) if p.plan is None]
        if self.phase == "act":
            return [self.names[self.order[self.actor]]]
        if self.phase == "final_count":
            return [self.names[self.order[self.final_at]]]
        return []

    @property
    def location(self) -> str | None:
        """The location being visited in phase II (``"market"``, ``"cathedral"``, ...)."""
        return self.sheet[self.loc] if self.phase == "act" else None

    def view(self, player: str) -> View:
        """What ``player`` sees, in the readable form (:data:`View`): who views, the fields
        (hidden ones ``None``, as their markers say: the other players' thalers and paints
        behind their large screens, their plans while planning behind the small screens,
        and the random generator, which would tell the bag's next draws), whether each
        player has planned, and who may act now.  Raises ValueError for a name that is
        not playing."""
        seat_of(self.names, player)
        return seen_by(saved_form(self), player, View, to_move=tuple(self.to_move))

    @staticmethod
    def check_saved(saved: Any, path: str) -> None:
        """The checks across the fields of a save (:func:`.saved.check`)."""
        check(saved, path)


#: the save's schema, derived from the fields of :class:`State` and :class:`PlayerState`
#: (``core.forms``), and its players' rows
SavedState: Any = saved_schema(State)
SavedPlayer: Any = saved_schema(State, "SavedPlayer")
#: a player as the viewer sees them: hidden fields ``None``, and whether they have planned
PlayerView: Any = view_schema(SavedPlayer, "PlayerView")
if TYPE_CHECKING:
    View = Any
else:
    #: the position as a player sees it (``State.view``): the fields of a save, the hidden ones
    #: ``None``, who views (``viewer``) and who may act now (``to_move``); ``View.player(name)``
    View = view_schema(
        SavedState, "View", viewer=True, extra=(("to_move", tuple[str, ...], field(default=())),), base=ViewMethods
    )
