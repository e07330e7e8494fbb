"""The 1980 Sixtina game state: a frozen, slotted record in the engine's compact form.

The rules read and build states many thousand times a second, so the engine's
:class:`State` holds small integer codes and tuples (:mod:`.codes` describes them).  Each
field is declared once, here: its annotation also says how it is written in a save (a
form of :mod:`.saved`: names instead of codes, the per-seat and per-place tuples as the
tables ``players`` and ``places``) and who sees it (``core.visibility.Seen``: public
unless marked).  ``core.forms`` derives the save's schema (:data:`SavedState`, what
``State.to_dict`` writes and ``State.from_dict`` checks) and ``core.visibility`` what a
player sees (:data:`View`, ``State.view``) from those declarations.  The pending
decisions are the core's stack of :class:`~fresco_kit.core.decisions.Decision` records
(:mod:`.pending`).

This module sits at the bottom of the package: it imports no rulebook section, and
every section imports :class:`State` at run time.  ``State.from_dict`` checks the
fields; the rules' loader :func:`.consistency.state_from_dict` checks the position too.

A state is never changed once made: rules code copies it with ``evolve()`` and sets
the fields of that copy with ``core.assign`` before handing it out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fresco_kit.core import Count, Range
from fresco_kit.core.data import patch_option
from fresco_kit.core.forms import Compact, saved_form, saved_schema
from fresco_kit.core.game import seat_of
from fresco_kit.core.record import LATER
from fresco_kit.core.visibility import OWNER, PRIVATE, seen_by, view_schema

from .actions import CardId, ObjectiveId
from .codes import (
    CORRECT,
    COVERED,
    EMPTY,
    EXCELLENT,
    GIANLUIGI,
    KIND_NAMES,
    PRUDENT,
    RESTORED,
    STATUS_NAMES,
    VISIBLE,
    space_code,
    space_colour,
    space_kind,
)
from .data import FrescoCard, data, data_for
from .pending import Decision
from .saved import (
    CHAPEL,
    CLAIMS,
    COLOUR,
    EXTRAS,
    GIANLUIGI_DUE,
    OBJECTIVES,
    PENDING,
    PLACE,
    PLAYERS,
    SEAT,
    SHEET,
    SPACES,
    STATUS,
    WHILE_COVERED,
    FrescoId,
    Hand,
    check,
)

__all__ = [
    "CORRECT",
    "COVERED",
    "EMPTY",
    "EXCELLENT",
    "GIANLUIGI",
    "KIND_NAMES",
    "PRUDENT",
    "RESTORED",
    "STATUS_NAMES",
    "VISIBLE",
    "SavedPlace",
    "SavedPlayer",
    "SavedState",
    "State",
    "View",
    "load_fields",
    "space_code",
    "space_colour",
    "space_kind",
]


@dataclass(frozen=True, slots=True)
class State(Compact):
    """A 1980 Sixtina position in the engine's compact form (see the module docstring)."""

    variant: Literal["basic", "history"]  # "history": Variant: Sheets with History
    rng: Annotated[int, Range(0, 2**64 - 1), PRIVATE]  # fresco_kit.core.Rng state (it foretells the reshuffles)
    players: Annotated[tuple[str, ...], PLAYERS.column("name")]  # in seat order (clockwise)
    start: Annotated[int, SEAT]  # seat of the starting player
    current: Annotated[int, SEAT]  # seat whose turn it is
    deck: Annotated[tuple[CardId, ...], PRIVATE.sized()]  # technique card ids, top of the deck last; face down
    discard: tuple[CardId, ...]
    # per seat, sorted card ids (Setup, step 5: cards in hand are kept hidden)
    hands: Annotated[tuple[Hand, ...], PLAYERS.column("hand"), OWNER.sized()]
    display: Annotated[tuple[tuple[CardId, ...], ...], PLAYERS.column("prudent_cards")]  # per seat: prudent cards
    play: Annotated[tuple[Count, ...], PLAYERS.column("play_area")]  # per seat: materials in the play area
    # per colour (Gianluigi's last): own materials in the general supply, the score track
    supply: Annotated[tuple[Count, ...], PLAYERS.column("supply", extra=True)]
    black: Count  # black materials in the general supply
    score: Annotated[tuple[int, ...], PLAYERS.column("score", extra=True)]
    frescoes: Annotated[tuple[FrescoId, ...], CHAPEL.column("fresco"), WHILE_COVERED]  # per place: fresco card id
    status: Annotated[tuple[int, ...], CHAPEL.column("status", STATUS)]  # per place: COVERED / VISIBLE / RESTORED
    # per place, per technique position (left to right): EMPTY or a space code
    spaces: Annotated[tuple[tuple[int, ...], ...], CHAPEL.column("spaces", SPACES), WHILE_COVERED]
    # per place, per colour: extra materials on the card
    extras: Annotated[tuple[tuple[int, ...], ...], CHAPEL.column("extras", EXTRAS)]
    zone: Annotated[tuple[int, ...], CHAPEL.column("zone", COLOUR)]  # per place: colour on the zone icon, or EMPTY
    # per place: sheet index still covering it (history side), or EMPTY
    sheets: Annotated[tuple[int, ...], CHAPEL.column("sheet", SHEET)]
    objectives: Annotated[tuple[ObjectiveId, ...], OBJECTIVES.column("id")]  # the three objective cards in play
    # per objective, its three scoring spaces (colour or EMPTY)
    claims: Annotated[tuple[tuple[int, ...], ...], OBJECTIVES.column("spaces", CLAIMS)]
    # the decisions owed, front first (core.decisions); Sixtina owes one at most
    pending: Annotated[tuple[Decision, ...], PENDING] = ()
    initial_left: Annotated[int, Range(0, 4)] = 0  # players still to make their setup restoration
    # (technique, value, icon halves) when Gianluigi must restore
    gian_due: Annotated[tuple[int, ...], GIANLUIGI_DUE] = ()
    reveals: Annotated[int, Range(0, len(data().places))] = 0  # new frescoes owed to the active player this turn
    over: bool = False
    last_place: Annotated[int, PLACE] = EMPTY  # the place scored at half at the end
    turn: Count = 0  # turns ended since play began (How to Play: play passes clockwise)
    data: str = ""  # the ``data`` option's patch as canonical JSON ("" for none; data.data_for)
    switches: str = ""  # the rule switches set, canonical JSON ("" for none; switches.setting)
    # added after the save format was fixed, left out of a save while None (core.record.LATER): with the
    # switch restorations_counted "every one made", per colour (Gianluigi last) the correct restorations by
    # technique, then the excellent ones, then the own materials, that lay on frescoes completed and flipped
    # (objectives.record_flipped)
    flipped_restorations: Annotated[tuple[tuple[Count, ...], ...] | None, LATER] = None

    # -- basic queries --------------------------------------------------------
    @property
    def n(self) -> int:
        """The number of players (Gianluigi not counted)."""
        return len(self.players)

    @property
    def names(self) -> tuple[str, ...]:
        """The players in seat order."""
        return self.players

    @property
    def options(self) -> dict[str, Any]:
        """The options this game was set up with (as ``INFO.check_options`` returns them)."""
        switches = json.loads(self.switches) if self.switches else {}
        return {"variant": self.variant, "switches": switches, **patch_option(self.data)}

    @property
    def two_player(self) -> bool:
        """Whether this is a Two-Player Game (with Gianluigi)."""
        return len(self.players) == 2

    @property
    def colours(self) -> tuple[str, ...]:
        """Colour names: the players, then Gianluigi in two-player games."""
        return self.players + ((GIANLUIGI,) if len(self.players) == 2 else ())

    @property
    def acting_seat(self) -> int:
        """The seat that must act now (the pending decision's owner, else the current player)."""
        return self.players.index(self.pending[0].player) if self.pending else self.current

    @property
    def decision(self) -> Decision | None:
        """The decision answered next (the front of ``pending``), None when nothing is owed."""
        return self.pending[0] if self.pending else None

    def fresco(self, place: int) -> FrescoCard:
        """The :class:`FrescoCard` at ``place``."""
        return data_for(self.data).fresco_by_id[self.frescoes[place]]

    def place_index(self, name: str) -> int:
        """The index of chapel place ``name``; raises ``ValueError`` for an unknown place."""
        try:
            return data().places.index(name)
        except ValueError:
            raise ValueError(f"unknown chapel place {name!r}; places are {', '.join(data().places)}") from None

    def unrestored(self) -> int:
        """How many frescoes are not yet restored (End of the Game at one)."""
        return len(self.status) - self.status.count(RESTORED)

    # -- what a player sees and what a save holds ---------------------------------
    def view(self, player: str) -> Any:
        """What ``player`` sees, in the readable form (:data:`View`).

        Hidden (``None``), as the fields' markers say: the other players' hands (their
        sizes stay visible), the order of the draw deck (its size stays visible), the
        frescoes under the sheets and the random generator.  Raises ``ValueError`` for a
        name that is not playing."""
        seat_of(self.players, player)  # a name that is not playing raises ValueError
        return seen_by(saved_form(self), player, View)

    @staticmethod
    def check_saved(saved: Any, path: str) -> None:
        """The checks across the fields of a save (:func:`.saved.check`)."""
        check(saved, path)

    def to_json(self) -> str:
        """The state as JSON text (:meth:`to_dict`, keys sorted)."""
        return json.dumps(self.to_dict(), sort_keys=True)


def load_fields(data_: Any, path: str = "state") -> State:
    """The compact state of saved data, every field checked against :data:`SavedState`
    (``SaveError`` names the first bad field)."""
    return State.from_dict(data_, path)


#: the save's schema, derived from :class:`State`'s fields (``core.forms``), and its tables' rows
SavedState: Any = saved_schema(State)
SavedPlayer: Any = saved_schema(State, "SavedPlayer")
SavedPlace: Any = saved_schema(State, "SavedPlace")
#: what one player sees (:mod:`.views`), derived from the same fields' markers
View: Any = view_schema(SavedState, "View", viewer=True)
