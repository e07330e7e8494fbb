"""How a 1980 Sixtina position is written with names: the forms the fields of
:class:`.state.State` are saved in, and the checks across the fields of a save.

The engine's ``State`` is compact (seats, colour and space codes).  A save and a player's
view write the same position with names: players and colours by name (``"Red"``,
``"Gianluigi"``), the chapel place by place (``"G1"``) with its fresco card id, its status
and, per technique, who holds its space and how (``{"kind": "excellent", "colour":
"Blue"}`` or ``null``), technique cards by their ids in the rule data (0 to 83),
objectives by id with the colours on their scoring spaces, a pending decision as a small
record.

Each field is declared once, on ``State``: its annotation names the form below it is
saved in (a :class:`~fresco_kit.core.forms.Form`, or a column of the tables
:data:`PLAYERS`, :data:`CHAPEL`, :data:`OBJECTIVES`) and who sees it
(:class:`~fresco_kit.core.visibility.Seen`); ``core.forms`` derives the save's schema
(``state.SavedState``) and ``core.visibility`` each player's view (``state.View``) from
those declarations.  Loading a save checks every field against the derived schema, then
the names against the players (:func:`check`), then the whole position against the rules'
consistency checks (:func:`.consistency.state_from_dict`); any fault raises ``SaveError``
naming the field, e.g. ``state.players[1].supply: expected a whole number >= 0, got 'x'``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal

from fresco_kit.core import Count, Length, Names, Record, field_error
from fresco_kit.core.forms import Form, Table
from fresco_kit.core.visibility import Seen

from .actions import CardId, PlaceName, TechniqueName
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
from .data import TECHNIQUES, data_for
from .pending import DECISION_TYPES, Decision, InitialDecision
from .switches import SWITCHES, switches_json

FrescoId = Annotated[str, Names(lambda: [f.id for f in D.frescoes], "a fresco card id")]
SheetId = Annotated[str, Names(lambda: [s.id for s in D.sheets], "a sheet card id")]
Hand = Annotated[tuple[CardId, ...], Length(high=HAND_LIMIT)]
#: the kinds of decision a turn can wait for (:data:`.pending.DECISION_TYPES`)
DecisionKind = Literal["initial", "bonus", "reveal", "gianluigi", "claim"]
#: Setup, steps 1-2: a fresco under a sheet is unknown until New Restorations uncovers it
WHILE_COVERED = Seen("private", hidden_while=lambda place, whole: place.status == "covered")
Colour = str  # a player's name, or "Gianluigi" in two-player games (checked by check())

# -- the tables ---------------------------------------------------------------------------------
#: per seat: name, hand, prudent cards kept face up, play area, supply, score track; in
#: two-player games Gianluigi's supply and score are the extra record ``gianluigi``
PLAYERS = Table("players", "SavedPlayer", length=Length(low=2, high=4), extra=("gianluigi", "SavedGianluigi"))
#: per chapel place: its fresco card, status, technique spaces (by technique, in the card's
#: order), extra materials by colour, zone icon and (history variant) sheet
CHAPEL = Table("places", "SavedPlace", names=Names(PLACES, "the chapel places"))
#: the objectives in play and the colours on their three scoring spaces (highest first)
OBJECTIVES = Table("objectives", "SavedObjective", length=Length(3))


# -- readable records of single fields -----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Occupant(Record):
    """Who holds a technique space and how: a correct restoration (top space), an
    excellent one (bottom space), or a prudent one (bottom space, black material)."""

    kind: Literal["correct", "excellent", "prudent"]
    colour: Colour


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


# -- colours: the players by name, then Gianluigi -------------------------------------------------
def colours_of(saved: Any) -> tuple[str, ...]:
    """The colours of a readable position: the players' names, then Gianluigi with two players."""
    return tuple(p.name for p in saved.players) + ((GIANLUIGI,) if saved.gianluigi is not None else ())


@lru_cache(maxsize=256)
def _index(names: tuple[str, ...]) -> dict[str, int]:
    """Each name's index (made once per tuple of names; not to be changed)."""
    return {name: i for i, name in enumerate(names)}


def _colour(code: int, state: Any) -> str | None:
    return None if code == EMPTY else state.colours[code]


def _colour_code(name: str | None, saved: Any) -> int:
    return EMPTY if name is None else _index(colours_of(saved))[name]


# -- the forms ----------------------------------------------------------------------------------
#: a seat, saved as the player's name
SEAT = Form(
    str,
    write=lambda seat, state, _: state.players[seat],
    read=lambda name, saved, _: _index(tuple(p.name for p in saved.players))[name],
)
#: a colour or EMPTY, saved as a colour's name or null
COLOUR = Form(Colour | None, write=lambda code, state, _: _colour(code, state), read=lambda n, s, _: _colour_code(n, s))
#: a fresco's status code, saved as its name
STATUS = Form(
    Literal["covered", "visible", "restored"],
    write=lambda code, state, _: STATUS_NAMES[code],
    read=lambda name, saved, _: STATUS_NAMES.index(name),
)


def _spaces(codes: tuple[int, ...], state: Any, place: int | None) -> dict[str, Occupant | None]:
    assert place is not None
    return {
        TECHNIQUES[t]: None if code == EMPTY else Occupant(KIND_NAMES[code >> 3], state.colours[code & 7])
        for (t, _), code in zip(FRESCO_TECHS[state.frescoes[place]], codes)
    }


def _space_codes(spaces: dict[str, Occupant | None], saved: Any, place: int | None) -> tuple[int, ...]:
    assert place is not None
    colour = _index(colours_of(saved))
    row = []
    for t, _ in D.fresco_by_id[saved.places[PLACES[place]].fresco].techniques:
        occupant = spaces[t]
        row.append(EMPTY if occupant is None else space_code(KIND_NAMES.index(occupant.kind), colour[occupant.colour]))
    return tuple(row)


#: a place's technique space codes (left to right), saved by technique as occupants or null
SPACES = Form(dict[str, Occupant | None], write=_spaces, read=_space_codes)
#: extra materials per colour, saved by colour name (those with none left out)
EXTRAS = Form(
    dict[str, Count],
    write=lambda counts, state, _: {state.colours[c]: k for c, k in enumerate(counts) if k},
    read=lambda extras, saved, _: tuple(extras.get(c, 0) for c in colours_of(saved)),
)
#: a sheet index or EMPTY, saved as the sheet card's id or null
SHEET = Form(
    SheetId | None,
    write=lambda i, state, _: None if i == EMPTY else D.sheets[i].id,
    read=lambda sheet, saved, _: EMPTY if sheet is None else _index(tuple(s.id for s in D.sheets))[sheet],
)
#: an objective's three scoring spaces (colour codes or EMPTY), saved as colour names or null
CLAIMS = Form(
    Annotated[tuple[Colour | None, ...], Length(3)],
    write=lambda row, state, _: tuple(_colour(c, state) for c in row),
    read=lambda row, saved, _: tuple(_colour_code(c, saved) for c in row),
)
#: a place index or EMPTY, saved as the place's name or null
PLACE = Form(
    PlaceName | None,
    write=lambda p, state, _: None if p == EMPTY else PLACES[p],
    read=lambda name, saved, _: EMPTY if name is None else PLACE_INDEX[name],
)


def _decision(pending: tuple[Decision, ...], state: Any, _: None) -> SavedDecision | None:
    if not pending:
        return None
    d = pending[0]
    technique = TECHNIQUES[d.technique] if isinstance(d, InitialDecision) else None
    return SavedDecision(d.KIND, d.player, technique)  # type: ignore[arg-type]


def _pending(d: SavedDecision | None, saved: Any, _: None) -> tuple[Decision, ...]:
    if d is None:
        return ()
    if d.technique is not None:  # SavedDecision.validate: only the initial decision names one
        return (InitialDecision(d.player, TECH_INDEX[d.technique]),)
    return (DECISION_TYPES[d.kind](d.player),)


#: the decisions owed (Sixtina owes one at most), saved as a record or null
PENDING = Form(SavedDecision | None, write=_decision, read=_pending)
#: (technique, value, icon halves) or (), saved as a record or null
GIANLUIGI_DUE = Form(
    GianluigiDue | None,
    key="gianluigi_due",
    write=lambda due, state, _: GianluigiDue(TECHNIQUES[due[0]], due[1], due[2]) if due else None,
    read=lambda due, saved, _: (TECH_INDEX[due.technique], due.value, due.icon_halves) if due else (),
)


# -- the checks across fields ----------------------------------------------------------------------
def check(saved: Any, path: str) -> None:
    """What no single field of the readable position ``saved`` can say: each place's spaces
    name its fresco's techniques; names are the players' (distinct one-word names,
    Gianluigi only with two players, every colour, turn and decision naming someone at the
    table); the data patch and the switches are valid.  Raises ``SaveError`` naming the field."""
    for p, place in saved.places.items():
        techniques = [t for t, _ in D.fresco_by_id[place.fresco].techniques]
        where = _at(path, f"places.{p}.spaces")
        for t in place.spaces:
            if t not in techniques:
                raise field_error(
                    where, f"the techniques of {place.fresco} as keys ({', '.join(techniques)}); an unknown key", t
                )
        for t in techniques:
            if t not in place.spaces:
                raise field_error(f"{where}.{t}", "missing (every technique of the fresco has a space)")
    names = [p.name for p in saved.players]
    for i, name in enumerate(names):
        if not name or len(name.split()) != 1 or "," in name or name == GIANLUIGI or name in names[:i]:
            raise field_error(
                _at(path, f"players[{i}].name"), f"a distinct one-word player name other than {GIANLUIGI!r}", name
            )
    two = len(names) == 2
    if (saved.gianluigi is not None) != two:
        raise field_error(_at(path, "gianluigi"), "his record with two players, null otherwise", saved.gianluigi)
    colours = names + [GIANLUIGI] * two
    for key in ("start", "current"):
        _one_of(getattr(saved, key), names, _at(path, key), "a player")
    if saved.pending is not None:
        _one_of(saved.pending.player, names, _at(path, "pending.player"), "a player")
    for p, place in saved.places.items():
        where = _at(path, f"places.{p}")
        for t, occupant in place.spaces.items():
            if occupant is not None:
                _one_of(occupant.colour, colours, f"{where}.spaces.{t}.colour", "a colour")
        for colour in place.extras:
            _one_of(colour, colours, f"{where}.extras", "colours as keys")
        if place.zone is not None:
            _one_of(place.zone, colours, f"{where}.zone", "a colour")
    for i, objective in enumerate(saved.objectives):
        for k, claimed in enumerate(objective.spaces):
            if claimed is not None:
                _one_of(claimed, colours, _at(path, f"objectives[{i}].spaces[{k}]"), "a colour")
    try:
        data_for(saved.data)
    except ValueError as exc:  # DataError names the patch's bad path
        raise field_error(_at(path, "data"), f"a valid data patch ({exc})", saved.data) from None
    _check_switches(saved.switches, _at(path, "switches"))


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
    "CHAPEL",
    "OBJECTIVES",
    "PLAYERS",
    "GianluigiDue",
    "Occupant",
    "SavedDecision",
    "check",
    "colours_of",
]
