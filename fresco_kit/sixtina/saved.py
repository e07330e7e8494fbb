"""The readable form of a 1980 Sixtina position: what a save holds and what a player sees.

The engine's :class:`~fresco_kit.sixtina.state.State` is compact (seats, colour and
space codes).  Here the same position is written with names: players and colours by
name (``"Red"``, ``"Gianluigi"``), the chapel place by place (``"G1"``) with its fresco
card id, its status and, per technique, who holds its space and how
(``{"kind": "excellent", "colour": "Blue"}`` or ``null``), technique cards by their ids
in the rule data (0 to 83), objectives by id with the colours on their scoring spaces,
a pending decision as a small record.  :class:`SavedState` is the schema of a save:
loading one checks every field against its annotation, the names against the players
(:meth:`SavedState.validate`), then the whole position against the rules' consistency
checks (:mod:`.consistency`); any fault raises ``SaveError`` naming the field, e.g.
``state.players[1].supply: expected a whole number >= 0, got 'x'``.

:mod:`.views` holds the same picture as one player sees it (``State.view``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fresco_kit.core import Count, Length, Names, Range, Record, field_error

from .actions import CardId, ObjectiveId, PlaceName, TechniqueName
from .codes import (
    EMPTY,
    FRESCO_TECHS,
    GIANLUIGI,
    HAND_LIMIT,
    KIND_NAMES,
    PLACE_INDEX,
    PLACES,
    STATUS_NAMES,
    TECH_INDEX,
    D,
    space_code,
)
from .consistency import check_state
from .data import TECHNIQUES, data_for

if TYPE_CHECKING:
    from .state import State

FrescoId = Annotated[str, Names(lambda: [f.id for f in D.frescoes], "a fresco card id")]
SheetId = Annotated[str, Names(lambda: [s.id for s in D.sheets], "a sheet card id")]
Hand = Annotated[tuple[CardId, ...], Length(high=HAND_LIMIT)]
Colour = str  # a player's name, or "Gianluigi" in two-player games (checked in validate)


@dataclass(frozen=True, slots=True)
class SavedPlayer(Record):
    """One player: name, hand, prudent cards kept face up, play area, supply, score track."""

    name: str
    hand: Hand
    prudent_cards: tuple[CardId, ...]
    play_area: Count
    supply: Count
    score: int


@dataclass(frozen=True, slots=True)
class SavedGianluigi(Record):
    """Gianluigi (two players): his materials in the general supply and his score."""

    supply: Count
    score: int


@dataclass(frozen=True, slots=True)
class Occupant(Record):
    """Who holds a technique space and how: a correct restoration (top space), an
    excellent one (bottom space), or a prudent one (bottom space, black material)."""

    kind: Literal["correct", "excellent", "prudent"]
    colour: Colour


@dataclass(frozen=True, slots=True)
class SavedPlace(Record):
    """One chapel place: its fresco card, status, technique spaces (by technique, in the
    card's order), extra materials by colour, zone icon and (history variant) sheet."""

    fresco: FrescoId
    status: Literal["covered", "visible", "restored"]
    spaces: dict[str, Occupant | None]
    extras: dict[str, Count]
    zone: Colour | None
    sheet: SheetId | None

    def validate(self, path: str = "") -> None:
        """The spaces name the fresco's techniques; raises ``SaveError`` naming the field."""
        techniques = [t for t, _ in D.fresco_by_id[self.fresco].techniques]
        for t in self.spaces:
            if t not in techniques:
                raise field_error(
                    _at(path, "spaces"),
                    f"the techniques of {self.fresco} as keys ({', '.join(techniques)}); an unknown key",
                    t,
                )
        for t in techniques:
            if t not in self.spaces:
                raise field_error(_at(path, f"spaces.{t}"), "missing (every technique of the fresco has a space)")


Places = Annotated[dict[str, SavedPlace], Names(PLACES, "the chapel places")]


@dataclass(frozen=True, slots=True)
class SavedObjective(Record):
    """An objective in play and the colours on its three scoring spaces (highest first)."""

    id: ObjectiveId
    spaces: Annotated[tuple[Colour | None, ...], Length(3)]


@dataclass(frozen=True, slots=True)
class Decision(Record):
    """A decision owed mid-action by ``player``; ``technique`` for the initial restoration."""

    kind: Literal["initial", "bonus", "reveal", "gianluigi", "claim"]
    player: str
    technique: TechniqueName | None

    def validate(self, path: str = "") -> None:
        """Only the initial decision names a technique; raises ``SaveError`` naming the field."""
        if (self.kind == "initial") != (self.technique is not None):
            raise field_error(
                _at(path, "technique"), "a technique for an initial decision, null for any other", self.technique
            )


@dataclass(frozen=True, slots=True)
class GianluigiDue(Record):
    """The restoration Gianluigi owes (two players): the technique and total value of the
    cards the player played, and their material icons counted in halves."""

    technique: TechniqueName
    value: Count
    icon_halves: Count


@dataclass(frozen=True, slots=True)
class SavedState(Record):
    """A whole position as saved (see the module docstring)."""

    variant: Literal["basic", "history"]
    rng: Annotated[int, Range(0, 2**64 - 1)]
    players: Annotated[tuple[SavedPlayer, ...], Length(low=2, high=4)]
    gianluigi: SavedGianluigi | None
    start: str
    current: str
    deck: tuple[CardId, ...]
    discard: tuple[CardId, ...]
    black: Count
    places: Places
    objectives: Annotated[tuple[SavedObjective, ...], Length(3)]
    pending: Decision | None
    initial_left: Annotated[int, Range(0, 4)]
    gianluigi_due: GianluigiDue | None
    reveals: Annotated[int, Range(0, len(PLACES))]
    over: bool
    last_place: PlaceName | None
    turn: Count
    data: str = ""  # the data option's patch, canonical JSON ("" for none)

    def validate(self, path: str = "") -> None:
        """Names against the players: distinct, Gianluigi only with two players, every
        colour, turn and decision naming someone at the table."""
        names = [p.name for p in self.players]
        for i, name in enumerate(names):
            if not name or len(name.split()) != 1 or "," in name or name == GIANLUIGI or name in names[:i]:
                raise field_error(
                    _at(path, f"players[{i}].name"), f"a distinct one-word player name other than {GIANLUIGI!r}", name
                )
        two = len(names) == 2
        if (self.gianluigi is not None) != two:
            raise field_error(_at(path, "gianluigi"), "his record with two players, null otherwise", self.gianluigi)
        colours = names + [GIANLUIGI] * two
        for key in ("start", "current"):
            _one_of(getattr(self, key), names, _at(path, key), "a player")
        if self.pending is not None:
            _one_of(self.pending.player, names, _at(path, "pending.player"), "a player")
        for p, place in self.places.items():
            where = _at(path, f"places.{p}")
            for t, occupant in place.spaces.items():
                if occupant is not None:
                    _one_of(occupant.colour, colours, f"{where}.spaces.{t}.colour", "a colour")
            for colour in place.extras:
                _one_of(colour, colours, f"{where}.extras", "colours as keys")
            if place.zone is not None:
                _one_of(place.zone, colours, f"{where}.zone", "a colour")
        for i, objective in enumerate(self.objectives):
            for k, claimed in enumerate(objective.spaces):
                if claimed is not None:
                    _one_of(claimed, colours, _at(path, f"objectives[{i}].spaces[{k}]"), "a colour")
        try:
            data_for(self.data)
        except ValueError as exc:  # DataError names the patch's bad path
            raise field_error(_at(path, "data"), f"a valid data patch ({exc})", self.data) from None


def _at(path: str, field: str) -> str:
    """The path of ``field`` inside the record at ``path`` (``""``: the top)."""
    return f"{path}.{field}" if path else field


def _one_of(value: str, names: list[str], path: str, what: str) -> None:
    if value not in names:
        raise field_error(path, f"{what}: one of {', '.join(names)}", value)


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


def common_fields(state: State) -> dict[str, Any]:
    """The fields a save and a view share, in the readable form."""
    players, colours = state.players, state.colours
    pending = None
    if state.pending:
        technique = TECHNIQUES[state.pending[2]] if state.pending[0] == "initial" else None
        pending = Decision(state.pending[0], players[state.pending[1]], technique)
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
    )


def saved_form(state: State) -> SavedState:
    """The readable record of ``state`` (what ``State.to_dict`` writes)."""
    players = tuple(
        SavedPlayer(name, state.hands[i], state.display[i], state.play[i], state.supply[i], state.score[i])
        for i, name in enumerate(state.players)
    )
    return SavedState(rng=state.rng, players=players, deck=state.deck, **common_fields(state))


def compact_form(saved: SavedState, make: type[State]) -> State:
    """The engine's state (a ``make``, the :class:`.state.State` class) of a checked
    :class:`SavedState`."""
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
    pending: tuple = ()
    if saved.pending is not None:
        d = saved.pending
        pending = (d.kind, seat[d.player]) + ((TECH_INDEX[d.technique],) if d.technique is not None else ())
    due = saved.gianluigi_due
    return make(
        players=players,
        variant=saved.variant,
        data=saved.data,
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


def load(data: Any, path: str, make: type[State]) -> State:
    """A state (a ``make``, the :class:`.state.State` class) from saved data: fields
    checked (:class:`SavedState`), then the position (:func:`.consistency.check_state`);
    ``SaveError`` names the first fault."""
    state = compact_form(SavedState.from_dict(data, path), make)
    check_state(state, path)
    return state


__all__ = [
    "Decision",
    "GianluigiDue",
    "Occupant",
    "SavedGianluigi",
    "SavedObjective",
    "SavedPlace",
    "SavedPlayer",
    "SavedState",
    "compact_form",
    "load",
    "saved_form",
]
