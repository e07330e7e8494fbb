"""The 1980 Sixtina game state: a frozen, slotted record in the engine's compact form.

The rules read and build states many thousand times a second, so the engine's
:class:`State` holds small integer codes and tuples (:mod:`.codes` describes them).
Saves and players' views use the readable form of :mod:`.saved` (names instead of
codes): ``State.to_dict`` writes it and ``State.view`` shows one player's part of it
(:mod:`.views`); the conversions between the two forms are here.  The pending
decisions are the core's stack of :class:`~fresco_kit.core.decisions.Decision`
records (:mod:`.pending`).

This module sits at the bottom of the package: it imports no rulebook section, and
every section imports :class:`State` at run time.  ``State.from_dict`` checks the
fields; the rules' loader :func:`.consistency.state_from_dict` checks the position too.

A state is never changed once made: rules code copies it with ``evolve()`` and sets
the fields of that copy with ``core.assign`` before handing it out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, Literal, cast

from fresco_kit.core import Range, Record
from fresco_kit.core.data import patch_option
from fresco_kit.core.game import seat_of

from .codes import (
    CORRECT,
    COVERED,
    EMPTY,
    EXCELLENT,
    FRESCO_TECHS,
    GIANLUIGI,
    KIND_NAMES,
    PLACE_INDEX,
    PLACES,
    PRUDENT,
    RESTORED,
    STATUS_NAMES,
    TECH_INDEX,
    VISIBLE,
    D,
    space_code,
    space_colour,
    space_kind,
)
from .data import TECHNIQUES, FrescoCard, data, data_for
from .pending import DECISION_TYPES, Decision, InitialDecision
from .saved import (
    DecisionKind,
    GianluigiDue,
    Occupant,
    SavedDecision,
    SavedGianluigi,
    SavedObjective,
    SavedPlace,
    SavedPlayer,
    SavedState,
)
from .views import view_of

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
    "compact_form",
    "load_fields",
    "saved_form",
    "space_code",
    "space_colour",
    "space_kind",
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
    pending: tuple[Decision, ...] = ()  # the decisions owed, front first (core.decisions); Sixtina owes one at most
    initial_left: int = 0  # players still to make their setup restoration
    gian_due: tuple[int, ...] = ()  # (technique, value, icon halves) when Gianluigi must restore
    reveals: int = 0  # new frescoes owed to the active player this turn
    over: bool = False
    last_place: int = EMPTY  # the place scored at half at the end
    turn: int = 0  # turns ended since play began (How to Play: play passes clockwise)
    data: str = ""  # the ``data`` option's patch as canonical JSON ("" for none; data.data_for)
    switches: str = ""  # the rule switches set, canonical JSON ("" for none; readings.setting)

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

    # -- what a player sees -----------------------------------------------------
    def view(self, player: str) -> Any:
        """What ``player`` sees, in the readable form (:class:`.views.View`).

        Hidden (``None``): the other players' hands (their sizes stay visible), the
        order of the draw deck (its size stays visible) and the random generator.
        Raises ``ValueError`` for a name that is not playing."""
        seat_of(self.players, player)  # a name that is not playing raises ValueError
        return view_of(saved_form(self), player)

    # -- saving: the readable form of saved.py ----------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The state as readable JSON data (:class:`.saved.SavedState`)."""
        return saved_form(self).to_dict()

    def to_json(self) -> str:
        """The state as JSON text (:meth:`to_dict`, keys sorted)."""
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data_: Any, path: str = "state") -> State:
        """A state from :meth:`to_dict` output, every field checked (``SaveError`` names
        the field); the position's consistency is checked by
        :func:`.consistency.state_from_dict`, the rules' loader."""
        return load_fields(data_, path)


def load_fields(data_: Any, path: str = "state") -> State:
    """The compact state of saved data, every field checked against
    :class:`.saved.SavedState` (``SaveError`` names the first bad field)."""
    return compact_form(SavedState.from_dict(data_, path))


# -- compact <-> readable ----------------------------------------------------------------
def _places(state: State) -> dict[str, SavedPlace]:
    colours = state.colours
    out = {}
    for p, name in enumerate(PLACES):
        fid = state.frescoes[p]
        spaces: dict[str, Occupant | None] = {}
        for (t, _), code in zip(FRESCO_TECHS[fid], state.spaces[p]):
            spaces[TECHNIQUES[t]] = None if code == EMPTY else Occupant(KIND_NAMES[code >> 3], colours[code & 7])
        extras = {colours[c]: k for c, k in enumerate(state.extras[p]) if k}
        zone = colours[state.zone[p]] if state.zone[p] != EMPTY else None
        sheet = D.sheets[state.sheets[p]].id if state.sheets[p] != EMPTY else None
        out[name] = SavedPlace(fid, STATUS_NAMES[state.status[p]], spaces, extras, zone, sheet)
    return out


def _common_fields(state: State) -> dict[str, Any]:
    """The fields a save and a view share, in the readable form."""
    players, colours = state.players, state.colours
    pending = None
    if state.pending:
        d = state.pending[0]
        pending = SavedDecision(
            cast(DecisionKind, d.KIND), d.player, TECHNIQUES[d.technique] if isinstance(d, InitialDecision) else None
        )
    due = None
    if state.gian_due:
        due = GianluigiDue(TECHNIQUES[state.gian_due[0]], state.gian_due[1], state.gian_due[2])
    gian = SavedGianluigi(state.supply[2], state.score[2]) if state.two_player else None
    return dict(
        variant=state.variant,
        gianluigi=gian,
        start=players[state.start],
        current=players[state.current],
        discard=state.discard,
        black=state.black,
        places=_places(state),
        objectives=tuple(
            SavedObjective(o, tuple(colours[c] if c != EMPTY else None for c in row))
            for o, row in zip(state.objectives, state.claims)
        ),
        pending=pending,
        initial_left=state.initial_left,
        gianluigi_due=due,
        reveals=state.reveals,
        over=state.over,
        last_place=PLACES[state.last_place] if state.last_place != EMPTY else None,
        turn=state.turn,
        data=state.data,
        switches=state.switches,
    )


def saved_form(state: State) -> SavedState:
    """The readable record of ``state`` (what ``State.to_dict`` writes)."""
    players = tuple(
        SavedPlayer(name, state.hands[i], state.display[i], state.play[i], state.supply[i], state.score[i])
        for i, name in enumerate(state.players)
    )
    return SavedState(rng=state.rng, players=players, deck=state.deck, **_common_fields(state))


def compact_form(saved: SavedState) -> State:
    """The engine's :class:`State` of a field-checked :class:`.saved.SavedState`."""
    players = tuple(p.name for p in saved.players)
    colours = players + ((GIANLUIGI,) if saved.gianluigi is not None else ())
    ci = {c: i for i, c in enumerate(colours)}
    seat = {name: i for i, name in enumerate(players)}
    places = [saved.places[name] for name in PLACES]
    spaces = []
    for place in places:
        row = []
        for t, _ in D.fresco_by_id[place.fresco].techniques:
            occupant = place.spaces[t]
            row.append(EMPTY if occupant is None else space_code(KIND_NAMES.index(occupant.kind), ci[occupant.colour]))
        spaces.append(tuple(row))
    sheet_index = {s.id: i for i, s in enumerate(D.sheets)}
    gian = saved.gianluigi
    pending: tuple[Decision, ...] = ()
    if saved.pending is not None:
        d = saved.pending
        if d.technique is not None:  # SavedDecision.validate: only the initial decision names one
            pending = (InitialDecision(d.player, TECH_INDEX[d.technique]),)
        else:
            pending = (DECISION_TYPES[d.kind](d.player),)
    due = saved.gianluigi_due
    return State(
        players=players,
        variant=saved.variant,
        data=saved.data,
        switches=saved.switches,
        rng=saved.rng,
        start=seat[saved.start],
        current=seat[saved.current],
        deck=saved.deck,
        discard=saved.discard,
        hands=tuple(p.hand for p in saved.players),
        display=tuple(p.prudent_cards for p in saved.players),
        play=tuple(p.play_area for p in saved.players),
        supply=tuple(p.supply for p in saved.players) + ((gian.supply,) if gian else ()),
        black=saved.black,
        score=tuple(p.score for p in saved.players) + ((gian.score,) if gian else ()),
        frescoes=tuple(p.fresco for p in places),
        status=tuple(STATUS_NAMES.index(p.status) for p in places),
        spaces=tuple(spaces),
        extras=tuple(tuple(p.extras.get(c, 0) for c in colours) for p in places),
        zone=tuple(ci[p.zone] if p.zone is not None else EMPTY for p in places),
        objectives=tuple(o.id for o in saved.objectives),
        claims=tuple(tuple(ci[c] if c is not None else EMPTY for c in o.spaces) for o in saved.objectives),
        sheets=tuple(sheet_index[p.sheet] if p.sheet is not None else EMPTY for p in places),
        pending=pending,
        initial_left=saved.initial_left,
        gian_due=(TECH_INDEX[due.technique], due.value, due.icon_halves) if due else (),
        reveals=saved.reveals,
        over=saved.over,
        last_place=PLACE_INDEX[saved.last_place] if saved.last_place is not None else EMPTY,
        turn=saved.turn,
    )
