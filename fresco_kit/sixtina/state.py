"""The 1980 Sixtina game state: a frozen, slotted record in the engine's compact form.

The rules read and build states many thousand times a second, so the engine's
:class:`State` holds small integer codes and tuples (:mod:`.codes` describes them).
Saves and players' views use the readable form of :mod:`.saved` (names instead of
codes): ``State.to_dict`` and ``State.from_dict`` go through it.

A state is never changed once made: rules code copies it with ``evolve()`` and sets
the fields of that copy with ``core.assign`` before handing it out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fresco_kit.core import Range, Record
from fresco_kit.core.data import patch_option
from fresco_kit.core.game import seat_of

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
from .saved import load, saved_form
from .views import View, view_of

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
    "State",
    "space_code",
    "space_colour",
    "space_kind",
    "state_from_dict",
]


@dataclass(frozen=True, slots=True)
class State(Record):
    """A 1980 Sixtina position in the engine's compact form (see the module docstring)."""

    players: tuple[str, ...]
    variant: Literal["basic", "history"]  # "history": Variant: Sheets with History
    rng: Annotated[int, Range(0, 2**64 - 1)]  # fresco_kit.core.Rng state
    start: int  # seat of the starting player
    current: int  # seat whose turn it is
    deck: tuple[int, ...]  # technique card ids, top of the deck last
    discard: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]  # per seat, sorted card ids
    display: tuple[tuple[int, ...], ...]  # per seat: prudent cards kept face up
    play: tuple[int, ...]  # per seat: materials in the play area
    supply: tuple[int, ...]  # per colour: own materials in the general supply
    black: int  # black materials in the general supply
    score: tuple[int, ...]  # per colour: the score track
    frescoes: tuple[str, ...]  # per place: fresco card id
    status: tuple[int, ...]  # per place: COVERED / VISIBLE / RESTORED
    spaces: tuple[tuple[int, ...], ...]  # per place, per technique position (left to right)
    extras: tuple[tuple[int, ...], ...]  # per place, per colour: extra materials on the card
    zone: tuple[int, ...]  # per place: colour on the zone icon, or EMPTY
    objectives: tuple[str, ...]  # the three objective cards in play
    claims: tuple[tuple[int, ...], ...]  # per objective, its three scoring spaces (colour or EMPTY)
    sheets: tuple[int, ...]  # per place: sheet index still covering it (history side), or EMPTY
    pending: tuple[Any, ...] = ()  # a decision owed: (kind, seat) or ("initial", seat, technique); or ()
    initial_left: int = 0  # players still to make their setup restoration
    gian_due: tuple[int, ...] = ()  # (technique, value, icon halves) when Gianluigi must restore
    reveals: int = 0  # new frescoes owed to the active player this turn
    over: bool = False
    last_place: int = EMPTY  # the place scored at half at the end
    turn: int = 0  # turns ended since play began (How to Play: play passes clockwise)
    data: str = ""  # the ``data`` option's patch as canonical JSON ("" for none; data.data_for)

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
        return {"variant": self.variant, **patch_option(self.data)}

    @property
    def two_player(self) -> bool:
        """Whether this is a Two-Player Game (with Gianluigi)."""
        return len(self.players) == 2

    @property
    def colours(self) -> tuple[str, ...]:
        """Colour names: the players, then Gianluigi in two-player games."""
        return self.players + ((GIANLUIGI,) if len(self.players) == 2 else ())

    @property
    def actor(self) -> int:
        """The seat that must act now (the pending decision's owner, else the current player)."""
        return self.pending[1] if self.pending else self.current

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

    # -- what a player sees -----------------------------------------------------
    def view(self, player: str) -> View:
        """What ``player`` sees, in the readable form (:class:`.views.View`).

        Hidden (``None``): the other players' hands (their sizes stay visible), the
        order of the draw deck (its size stays visible) and the random generator.
        Raises ``ValueError`` for a name that is not playing."""
        return view_of(self, seat_of(self.players, player))

    # -- saving: the readable form of saved.py ----------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The state as readable JSON data (:class:`.saved.SavedState`)."""
        return saved_form(self).to_dict()

    def to_json(self) -> str:
        """The state as JSON text (:meth:`to_dict`, keys sorted)."""
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data_: Any, path: str = "state") -> State:
        """A state from :meth:`to_dict` output, every field checked and the position's
        consistency too (``SaveError`` names the field)."""
        return load(data_, path, cls)


def state_from_dict(d: Any, path: str = "state") -> State:
    """Rebuild a :class:`State` from ``to_dict()`` output (see :meth:`State.from_dict`).

    Raises :class:`fresco_kit.core.SaveError` naming the first bad field."""
    return State.from_dict(d, path)
