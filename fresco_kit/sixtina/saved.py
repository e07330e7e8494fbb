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
checks (:func:`.consistency.state_from_dict`); any fault raises ``SaveError`` naming
the field, e.g. ``state.players[1].supply: expected a whole number >= 0, got 'x'``.

This is the one schema of a position: its fields are marked with who sees them
(:class:`fresco_kit.core.record.Seen`; unmarked fields are public), and :mod:`.views`
derives what one player sees from those marks (``State.view``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Literal

from fresco_kit.core import Count, Length, Names, Range, Record, field_error
from fresco_kit.core.visibility import OWNER, PRIVATE, Seen

from .actions import CardId, ObjectiveId, PlaceName, TechniqueName
from .codes import (
    GIANLUIGI,
    HAND_LIMIT,
    PLACES,
    D,
)
from .data import data_for
from .readings import SWITCHES, switches_json

FrescoId = Annotated[str, Names(lambda: [f.id for f in D.frescoes], "a fresco card id")]
SheetId = Annotated[str, Names(lambda: [s.id for s in D.sheets], "a sheet card id")]
Hand = Annotated[tuple[CardId, ...], Length(high=HAND_LIMIT)]
#: the kinds of decision a turn can wait for (:data:`.pending.DECISION_TYPES`)
DecisionKind = Literal["initial", "bonus", "reveal", "gianluigi", "claim"]
#: Setup, steps 1-2: a fresco under a sheet is unknown until New Restorations uncovers it
WHILE_COVERED = Seen("private", hidden_while=lambda place: place.status == "covered")
Colour = str  # a player's name, or "Gianluigi" in two-player games (checked in validate)


@dataclass(frozen=True, slots=True)
class SavedPlayer(Record):
    """One player: name, hand, prudent cards kept face up, play area, supply, score track."""

    name: str
    hand: Annotated[Hand, OWNER.sized()]  # Setup, step 5: cards in hand are kept hidden
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

    fresco: Annotated[FrescoId, WHILE_COVERED]
    status: Literal["covered", "visible", "restored"]
    spaces: Annotated[dict[str, Occupant | None], WHILE_COVERED]
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
class SavedDecision(Record):
    """A decision owed mid-action by ``player``; ``technique`` for the initial restoration."""

    kind: DecisionKind
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
    rng: Annotated[int, Range(0, 2**64 - 1), PRIVATE]
    players: Annotated[tuple[SavedPlayer, ...], Length(low=2, high=4)]
    gianluigi: SavedGianluigi | None
    start: str
    current: str
    deck: Annotated[tuple[CardId, ...], PRIVATE.sized()]
    discard: tuple[CardId, ...]
    black: Count
    places: Places
    objectives: Annotated[tuple[SavedObjective, ...], Length(3)]
    pending: SavedDecision | None
    initial_left: Annotated[int, Range(0, 4)]
    gianluigi_due: GianluigiDue | None
    reveals: Annotated[int, Range(0, len(PLACES))]
    over: bool
    last_place: PlaceName | None
    turn: Count
    data: str = ""  # the data option's patch, canonical JSON ("" for none)
    switches: str = ""  # the rule switches set, canonical JSON ("" for none; readings.SWITCHES)

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
        _check_switches(self.switches, _at(path, "switches"))


def _check_switches(text: str, path: str) -> None:
    """``text`` is "" or the canonical JSON of a dict of known switches with allowed values."""
    if not text:
        return
    choices = {s.name: s.choices for s in SWITCHES}
    try:
        given = json.loads(text)
    except ValueError:
        given = None
    if (
        not isinstance(given, dict)
        or not given
        or any(name not in choices or value not in choices[name] for name, value in given.items())
        or switches_json(given) != text
    ):
        wanted = "; ".join(f"{n}: {' / '.join(map(str, c))}" for n, c in choices.items())
        raise field_error(path, f"the canonical JSON of switches set ({wanted})", text)


def _at(path: str, field: str) -> str:
    """The path of ``field`` inside the record at ``path`` (``""``: the top)."""
    return f"{path}.{field}" if path else field


def _one_of(value: str, names: list[str], path: str, what: str) -> None:
    if value not in names:
        raise field_error(path, f"{what}: one of {', '.join(names)}", value)


__all__ = [
    "GianluigiDue",
    "Occupant",
    "SavedDecision",
    "SavedGianluigi",
    "SavedObjective",
    "SavedPlace",
    "SavedPlayer",
    "SavedState",
]
