"""The readable form of a Fresco position: the one schema of what a save holds and what a
player sees.

The engine's :class:`~fresco_kit.fresco.state.State` is compact (paint tuples, tile
indices, seats).  Here the same position is written with names: paints by colour,
tiles by their ids in the rule data (``F7``, ``M3``), the fresco as 5 rows of 5 tile ids
(``null`` once restored), the bishop as ``[row, col]``, the turn order by player name,
points by scoring category.  :class:`SavedState` and :class:`SavedPlayer` are declared
once, every field marked with who sees it (``core.visibility.Seen``: public unless marked
``owner_only`` or ``private``):

- a save is a :class:`SavedState`: loading one checks every field against its
  annotation (and ``consistency.load_state`` then the whole position), and any fault
  raises ``SaveError`` naming the field, e.g.
  ``state.players[2].paints.blue: expected a whole number from 0 to 999, got 'x'``;
- a player's view is a :class:`View`: the same fields, those the viewer may not see
  ``None`` (derived from the markers by ``core.visibility.view``), plus who views and who
  may act.

:data:`FORMS` says, for each field whose engine form differs, how it is written and
read back; ``State.to_dict``, ``State.from_dict`` and ``State.view`` follow it field by
field, so the engine's fields and these are one list (a test checks the names match).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, get_args, get_type_hints

from fresco_kit.core import Count, Length, Names, Range, Record, field_error
from fresco_kit.core.record import check_value, optional_inner, strip_annotated
from fresco_kit.core.visibility import owner_only, private, visibility

from . import data
from .data import CATEGORIES
from .rulesets import Overrides, Ruleset

#: the phases a state can be in (``state.phase``): the waiting steps of ``flow.FLOW``
Phase = Literal["wake", "plan", "act", "final_count", "over"]
PHASES: tuple[str, ...] = get_args(Phase)

#: the fields marked hidden that a whole record may still hold as ``None`` (a plan not
#: made yet); every other hidden field is ``None`` only in a view
MAY_BE_NONE = frozenset({"plan"})


@cache
def _hidden_annotations(cls: type) -> tuple[tuple[str, Any], ...]:
    """``(field, annotation without None)`` for each field of ``cls`` marked hidden that
    must not be ``None`` in a whole record (worked out once per class)."""
    hints = get_type_hints(cls, include_extras=True)
    out = []
    for name, shown in visibility(cls).items():
        if shown.who != "public" and name not in MAY_BE_NONE:
            tp, constraints = strip_annotated(hints[name])
            inner = optional_inner(tp, constraints)
            out.append((name, inner if inner is not None else tp))
    return tuple(out)


def require_hidden(record: Record, path: str) -> None:
    """Refuse a whole record (a save, not a view) holding ``None`` in a field that only a
    view hides: the ``SaveError`` the field's annotation gives for ``None``, as if it were
    not optional (``state.players[1].thalers: expected a whole number from 0 to 999, got None``)."""
    cls: type = type(record)
    for name, annotation in _hidden_annotations(cls):
        if getattr(record, name) is None:
            check_value(annotation, None, f"{path}.{name}" if path else name, cls)


@dataclass(frozen=True, slots=True)
class Paints(Record):
    """Paint pieces by colour."""

    yellow: Count
    red: Count
    blue: Count
    orange: Count
    green: Count
    purple: Count

    @classmethod
    def of(cls, counts: tuple[int, ...]) -> Paints:
        """From the engine's form: counts in ``data.COLOURS`` order."""
        return cls(*counts)

    def counts(self) -> tuple[int, ...]:
        """The engine's form: counts in ``data.COLOURS`` order."""
        return (self.yellow, self.red, self.blue, self.orange, self.green, self.purple)


@dataclass(frozen=True, slots=True)
class Points(Record):
    """Victory points by scoring category (``track``: shifts from collisions, may be negative)."""

    fresco: Count
    bishop: Count
    altar: Count
    track: int
    money: Count

    @classmethod
    def of(cls, points: tuple[int, ...]) -> Points:
        """From the engine's form: points in ``data.CATEGORIES`` order."""
        return cls(*points)

    def values(self) -> tuple[int, ...]:
        """The engine's form: points in ``data.CATEGORIES`` order."""
        return (self.fresco, self.bishop, self.altar, self.track, self.money)


if tuple(Paints.__dataclass_fields__) != data.COLOURS or tuple(Points.__dataclass_fields__) != CATEGORIES:
    raise ImportError("saved.Paints/Points must list data.COLOURS and state.CATEGORIES in order")

FrescoId = Annotated[str, Names(lambda: [t.id for t in data.FRESCO_TILES], "a fresco tile id")]
MarketId = Annotated[str, Names(lambda: [t.id for t in data.MARKET_TILES], "a market tile id")]
Coordinate = Annotated[int, Range(0, data.ROWS - 1)]
PlanCounts = tuple[Annotated[int, Range(0, data.SPACES_PER_COLUMN)], ...]
FrescoRows = Annotated[tuple[Annotated[tuple[FrescoId | None, ...], Length(data.COLS)], ...], Length(data.ROWS)]


@dataclass(frozen=True, slots=True)
class SavedPlayer(Record):
    """One player (the fields of ``state.PlayerState``, by name).

    Behind the player's large screen, owner-only: ``thalers`` and ``paints`` (Fresco
    rulebook, *Market*; Big Box *How to Play*, *Preparation* 2); behind the small screen
    until every plan is made: ``plan`` (*II. Planning actions*).  Everything else lies
    open: restored tiles were taken from the board in the open."""

    name: str
    thalers: Annotated[Count | None, owner_only("name")]
    paints: Annotated[Paints | None, owner_only("name")]
    tiles: tuple[FrescoId, ...]
    vp: Count
    start: Annotated[int, Range(0, max(data.PLAYER_COUNTS))]
    mood: Annotated[int, Range(0, data.MOOD_LENGTH - 1)]
    helper: Annotated[int, Range(-1, 1)]
    time: Annotated[int, Range(0, max(data.TIMES))]
    plan: Annotated[PlanCounts | None, owner_only("name")]  # shown to all once every plan is made
    points: Points

    def validate(self, path: str = "") -> None:
        """A whole player holds every owner-only field (only a view hides them)."""
        require_hidden(self, path)


@dataclass(frozen=True, slots=True)
class SavedState(Record):
    """A whole position (see ``state.State`` for the meaning of each field).

    ``switches`` are the switches the game set itself (``null``: the ruleset's value);
    ``chooser`` and ``order`` name the players.  Private: ``rng``, which would tell the
    bag's next draws.  Open: the bag's contents (the 14 known market tiles minus the
    booths and the removed ones; only the order of future draws is secret), the bank
    and the paint supply, which lie open on the board."""

    ruleset: Ruleset
    switches: Overrides
    rng: Annotated[Annotated[int, Range(0, 2**64 - 1)] | None, private()]
    round: Annotated[int, Range(1)]
    phase: Phase
    final: bool
    bag: tuple[MarketId, ...]
    removed: tuple[MarketId, ...]
    booths: tuple[tuple[MarketId, ...], ...]
    fresco: FrescoRows
    bishop: tuple[Coordinate, Coordinate]
    supply: Paints
    paper: Paints
    bank: Count
    players: Annotated[tuple[SavedPlayer, ...], Length(low=min(data.PLAYER_COUNTS), high=max(data.PLAYER_COUNTS))]
    chooser: tuple[str, ...]
    wake_at: Count
    order: tuple[str, ...]
    loc: Count
    actor: Annotated[int, Range(-1)]
    left: Count
    final_at: Annotated[int, Range(-1)]
    data: str = ""  # the data option's patch, canonical JSON ("" for none; public: every player knows the numbers)
    altar_this_visit: bool = False  # see state.State; written only when true (LATER)
    bishop_this_visit: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The record's data, without the :data:`LATER` fields and switches at their defaults."""
        return _without_later(Record.to_dict(self))

    @classmethod
    def from_dict(cls, data_: Any, path: str = "") -> Any:
        """Read a position; a save from before the :data:`LATER` fields loads with their defaults."""
        return cls._decode(_with_later(data_), path, 0)

    def validate(self, path: str = "") -> None:
        """Player names are distinct words; ``chooser``/``order`` name players; the data
        patch is one the game accepts; a whole position holds its private fields."""
        try:
            data.tables(self.data)
        except ValueError as exc:  # DataError names the patch's bad path
            raise field_error(f"{path}.data", f"a valid data patch ({exc})", self.data) from None
        names = [p.name for p in self.players]
        for i, name in enumerate(names):
            if not name or len(name.split()) != 1 or "," in name or name in names[:i]:
                raise field_error(f"{path}.players[{i}].name", "a distinct player name of one word", name)
        for key in ("chooser", "order"):
            for i, name in enumerate(getattr(self, key)):
                if name not in names:
                    raise field_error(f"{path}.{key}[{i}]", f"a player: one of {', '.join(names)}", name)
        if not isinstance(self, View):
            require_hidden(self, path)


#: fields and switches added after save version 3, with their defaults: a save without them
#: (written before) loads with these values, and they are written only when they differ,
#: so an older save loads and writes back unchanged
LATER: dict[str, Any] = {"altar_this_visit": False, "bishop_this_visit": False}
LATER_SWITCHES: dict[str, Any] = {"altar_once_per_visit": None, "bishop_once_per_visit": None}


def _with_later(data_: Any) -> Any:
    if type(data_) is not dict:
        return data_
    out = {**LATER, **data_}
    if type(out.get("switches")) is dict:
        out["switches"] = {**LATER_SWITCHES, **out["switches"]}
    return out


def _without_later(out: dict[str, Any]) -> dict[str, Any]:
    for key, default in LATER.items():
        if out.get(key, default) == default:
            out.pop(key, None)
    switches = out.get("switches")
    if type(switches) is dict:
        for key, default in LATER_SWITCHES.items():
            if switches.get(key, default) == default:
                switches.pop(key, None)
    return out


# --------------------------------------------------------------------------- a player's view
@dataclass(frozen=True, slots=True)
class PlayerView(SavedPlayer):
    """One player as the viewer sees them: a :class:`SavedPlayer` whose hidden fields are
    ``None``, and ``planned``: whether they have planned (their plan may be hidden)."""

    planned: bool = False

    def validate(self, path: str = "") -> None:
        """A view may hide any owner-only field."""


@dataclass(frozen=True, slots=True)
class View(SavedState):
    """The position as ``viewer`` sees it: the fields of :class:`SavedState`, the hidden
    ones ``None`` (the other players' screens, the random generator), plus ``to_move``:
    who may act now.  Not playable (the engine needs the whole state:
    ``rules.determinize`` fills a view in)."""

    players: tuple[PlayerView, ...]
    viewer: str = ""
    to_move: tuple[str, ...] = ()

    def player(self, name: str) -> PlayerView:
        """The player called ``name`` as the viewer sees them (StopIteration if not playing)."""
        return next(p for p in self.players if p.name == name)


# --------------------------------------------------------------------------- engine <-> readable
def _fresco_rows(fresco: tuple[int, ...], names: tuple[str, ...]) -> tuple[tuple[str | None, ...], ...]:
    ids = [data.FRESCO_TILES[t].id if t >= 0 else None for t in fresco]
    return tuple(tuple(ids[r * data.COLS : (r + 1) * data.COLS]) for r in range(data.ROWS))


def _fresco_squares(rows: tuple[tuple[str | None, ...], ...], names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(-1 if t is None else data.FRESCO_INDEX[t] for row in rows for t in row)


def _market_ids(tiles: tuple[int, ...], names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(data.MARKET_TILES[t].id for t in tiles)


def _market_tiles(ids: tuple[str, ...], names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(data.MARKET_INDEX[t] for t in ids)


def _seat_names(seats: tuple[int, ...], names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(names[i] for i in seats)


def _seats(players: tuple[str, ...], names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(names.index(nm) for nm in players)


#: (engine value, player names) -> readable value, and back
Convert = Callable[[Any, tuple[str, ...]], Any]

#: readable field -> (engine -> readable, readable -> engine), for the fields whose
#: engine form differs (every other field is the same value under the same name)
FORMS: dict[str, tuple[Convert, Convert]] = {
    "bag": (_market_ids, _market_tiles),
    "removed": (_market_ids, _market_tiles),
    "booths": (
        lambda v, nm: tuple(_market_ids(b, nm) for b in v),
        lambda v, nm: tuple(_market_tiles(b, nm) for b in v),
    ),
    "fresco": (_fresco_rows, _fresco_squares),
    "bishop": (lambda v, nm: divmod(v, data.COLS), lambda v, nm: v[0] * data.COLS + v[1]),
    "supply": (lambda v, nm: Paints.of(v), lambda v, nm: v.counts()),
    "paper": (lambda v, nm: Paints.of(v), lambda v, nm: v.counts()),
    "chooser": (_seat_names, _seats),
    "order": (_seat_names, _seats),
    # a player's pieces
    "paints": (lambda v, nm: Paints.of(v), lambda v, nm: v.counts()),
    "tiles": (
        lambda v, nm: tuple(data.FRESCO_TILES[t].id for t in v),
        lambda v, nm: tuple(data.FRESCO_INDEX[t] for t in v),
    ),
    "points": (lambda v, nm: Points.of(v), lambda v, nm: v.values()),
}

#: readable field -> the engine field it is saved from, where the names differ
ENGINE_NAME: dict[str, str] = {"switches": "overrides"}
#: engine fields not saved: derived from the saved ones (the players' names, the
#: switches in force)
DERIVED: tuple[str, ...] = ("names", "switches")
