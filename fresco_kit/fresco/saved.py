"""How a Fresco position is written with names: the forms the fields of
:class:`.state.State` are saved in, and the checks across the fields of a save.

The engine's ``State`` is compact (paint tuples, tile indices, seats).  A save and a
player's view write the same position with names: paints by colour, tiles by their ids
in the rule data (``F7``, ``M3``), the fresco as 5 rows of 5 tile ids (``null`` once
restored), the bishop as ``[row, col]``, the turn order by player name, points by scoring
category, and the players as a list of records, each with its name.

Each field is declared once, on ``State`` and ``PlayerState``: its annotation names the
form below it is saved in (a :class:`~fresco_kit.core.forms.Form`, or a column of the
table :data:`PLAYERS`) and who sees it (:class:`~fresco_kit.core.visibility.Seen`);
``core.forms`` derives the save's schema (``state.SavedState``) and ``core.visibility``
each player's view (``state.View``) from those declarations.  Loading a save checks every
field against the derived schema, then :func:`check`, then the whole position
(``consistency.load_state``); any fault raises ``SaveError`` naming the field, e.g.
``state.players[2].paints.blue: expected a whole number from 0 to 999, got 'x'``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args

from fresco_kit.core import Count, Length, Names, Range, Record, field_error
from fresco_kit.core.forms import Derived, Form, Table
from fresco_kit.core.visibility import Seen

from . import data
from .data import CATEGORIES
from .rulesets import switches_for

#: the phases a state can be in (``state.phase``): the waiting steps of ``flow.FLOW``
Phase = Literal["wake", "plan", "act", "final_count", "over"]
PHASES: tuple[str, ...] = get_args(Phase)


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
FrescoRows = Annotated[tuple[Annotated[tuple[FrescoId | None, ...], Length(data.COLS)], ...], Length(data.ROWS)]

#: per player: the name, then the fields of ``state.PlayerState``
PLAYERS = Table("players", "SavedPlayer", length=Length(low=min(data.PLAYER_COUNTS), high=max(data.PLAYER_COUNTS)))

# -- who sees what ------------------------------------------------------------------------------
#: behind the player's large screen: thalers and paints (Fresco rulebook, *Market*; Big Box
#: *How to Play*, *Preparation* 2)
BEHIND_LARGE_SCREEN = Seen("owner", owner="name")
#: behind the small screen while planning (*II. Planning actions*): the plan; whether a
#: player has planned (``planned``) shows
BEHIND_SMALL_SCREEN = Seen(
    "owner",
    owner="name",
    hidden_while=lambda player, whole: whole.phase == "plan",
    also=(("planned", bool, lambda plan: plan is not None),),
)


# -- the forms ----------------------------------------------------------------------------------
def _market_ids(tiles: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(data.MARKET_TILES[t].id for t in tiles)


def _market_tiles(ids: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(data.MARKET_INDEX[t] for t in ids)


def _fresco_rows(fresco: tuple[int, ...], state: Any, _: None) -> tuple[tuple[str | None, ...], ...]:
    ids = [data.FRESCO_TILES[t].id if t >= 0 else None for t in fresco]
    return tuple(tuple(ids[r * data.COLS : (r + 1) * data.COLS]) for r in range(data.ROWS))


def _names(saved: Any) -> list[str]:
    return [p.name for p in saved.players]


#: market tile indices, saved as tile ids
MARKET_IDS = Form(
    tuple[MarketId, ...], write=lambda v, state, _: _market_ids(v), read=lambda v, saved, _: _market_tiles(v)
)
#: each booth's market tiles, saved as tile ids
BOOTHS = Form(
    tuple[tuple[MarketId, ...], ...],
    write=lambda v, state, _: tuple(_market_ids(b) for b in v),
    read=lambda v, saved, _: tuple(_market_tiles(b) for b in v),
)
#: a tile index per square (-1 once restored), saved as 5 rows of 5 tile ids (null once restored)
FRESCO_ROWS = Form(
    FrescoRows,
    write=_fresco_rows,
    read=lambda rows, saved, _: tuple(-1 if t is None else data.FRESCO_INDEX[t] for row in rows for t in row),
)
#: a square index, saved as [row, col]
SQUARE = Form(
    tuple[Coordinate, Coordinate],
    write=lambda v, state, _: divmod(v, data.COLS),
    read=lambda v, saved, _: v[0] * data.COLS + v[1],
)
#: paint counts in ``data.COLOURS`` order, saved by colour
PAINTS = Form(Paints, write=lambda v, record, _: Paints.of(v), read=lambda v, saved, _: v.counts())
#: seats, saved as the players' names
SEAT_NAMES = Form(
    tuple[str, ...],
    write=lambda seats, state, _: tuple(state.names[i] for i in seats),
    read=lambda names, saved, _: tuple(_names(saved).index(nm) for nm in names),
)
#: fresco tile indices, saved as tile ids
TILE_IDS = Form(
    tuple[FrescoId, ...],
    write=lambda v, player, _: tuple(data.FRESCO_TILES[t].id for t in v),
    read=lambda v, saved, _: tuple(data.FRESCO_INDEX[t] for t in v),
)
#: the switches in force: not saved, but read from the ruleset and the switches the game set
SWITCHES_IN_FORCE = Derived(lambda saved: switches_for(saved.ruleset, saved.switches))
#: points in ``data.CATEGORIES`` order, saved by category
POINTS = Form(Points, write=lambda v, player, _: Points.of(v), read=lambda v, saved, _: v.values())


# -- the checks across fields ----------------------------------------------------------------------
def check(saved: Any, path: str) -> None:
    """What no single field of the readable position ``saved`` can say: the data patch is
    one the game accepts, player names are distinct words, ``chooser``/``order`` name
    players.  Raises ``SaveError`` naming the field."""
    try:
        data.tables(saved.data)
    except ValueError as exc:  # DataError names the patch's bad path
        raise field_error(f"{path}.data", f"a valid data patch ({exc})", saved.data) from None
    names = _names(saved)
    for i, name in enumerate(names):
        if not name or len(name.split()) != 1 or "," in name or name in names[:i]:
            raise field_error(f"{path}.players[{i}].name", "a distinct player name of one word", name)
    for key in ("chooser", "order"):
        for i, name in enumerate(getattr(saved, key)):
            if name not in names:
                raise field_error(f"{path}.{key}[{i}]", f"a player: one of {', '.join(names)}", name)


class ViewMethods:
    """What a player's view (``state.View``) can be asked besides its fields."""

    __slots__ = ()
    players: tuple[Any, ...]

    def player(self, name: str) -> Any:
        """The player called ``name`` as the viewer sees them (StopIteration if not playing)."""
        return next(p for p in self.players if p.name == name)
