"""The readable form of a Fresco position: what a save holds and what a player sees.

The engine's :class:`~fresco_kit.fresco.state.State` is compact (paint tuples, tile
indices, seats).  Here the same position is written with names: paints by colour,
tiles by their ids in the rule data (``F7``, ``M3``), the fresco as 5 rows of 5 tile ids
(``null`` once restored), the bishop as ``[row, col]``, the turn order by player name,
points by scoring category.  :class:`SavedState` is the schema of a save: loading one
checks every field against its annotation, then the whole position against the rules'
soundness checks (:mod:`.consistency`, in ``State.from_dict``), and any fault raises ``SaveError`` naming the
field, e.g. ``state.players[2].paints.blue: expected a whole number >= 0, got 'x'``.

:class:`View` is the same picture as one player sees it (``State.view``): what lies
behind the other players' screens is ``None`` (see :func:`view_of`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from fresco_kit.core import Count, Length, Names, Range, Record, field_error

from . import data
from .data import CATEGORIES
from .rulesets import Overrides, Ruleset, switches_for

if TYPE_CHECKING:
    from .state import PlayerState, State

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


if tuple(Paints.__dataclass_fields__) != data.COLOURS or tuple(Points.__dataclass_fields__) != CATEGORIES:
    raise ImportError("saved.Paints/Points must list data.COLOURS and state.CATEGORIES in order")

FrescoId = Annotated[str, Names(lambda: [t.id for t in data.FRESCO_TILES], "a fresco tile id")]
MarketId = Annotated[str, Names(lambda: [t.id for t in data.MARKET_TILES], "a market tile id")]
Coordinate = Annotated[int, Range(0, data.ROWS - 1)]
PlanCounts = tuple[Annotated[int, Range(0, data.SPACES_PER_COLUMN)], ...]
FrescoRows = Annotated[tuple[Annotated[tuple[FrescoId | None, ...], Length(data.COLS)], ...], Length(data.ROWS)]


@dataclass(frozen=True, slots=True)
class SavedPlayer(Record):
    """One player as saved (the fields of ``state.PlayerState``, by name)."""

    name: str
    thalers: Count
    paints: Paints
    tiles: tuple[FrescoId, ...]
    vp: Count
    start: Annotated[int, Range(0, max(data.PLAYER_COUNTS))]
    mood: Annotated[int, Range(0, data.MOOD_LENGTH - 1)]
    helper: Annotated[int, Range(-1, 1)]
    time: Annotated[int, Range(0, max(data.TIMES))]
    plan: PlanCounts | None
    points: Points


@dataclass(frozen=True, slots=True)
class SavedState(Record):
    """A whole position as saved (see ``state.State`` for the meaning of each field).

    ``switches`` are the switches the game set itself (``null``: the ruleset's value);
    ``chooser`` and ``order`` name the players."""

    ruleset: Ruleset
    switches: Overrides
    rng: Annotated[int, Range(0, 2**64 - 1)]
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
    data: str = ""  # the data option's patch, canonical JSON ("" for none)

    def validate(self, path: str = "") -> None:
        """Player names are distinct words; ``chooser``/``order`` name players; the data
        patch is one the game accepts."""
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


# --------------------------------------------------------------------------- engine -> readable
def _fresco_rows(fresco: tuple[int, ...]) -> tuple[tuple[str | None, ...], ...]:
    ids = [data.FRESCO_TILES[t].id if t >= 0 else None for t in fresco]
    return tuple(tuple(ids[r * data.COLS : (r + 1) * data.COLS]) for r in range(data.ROWS))


def _market_ids(tiles: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(data.MARKET_TILES[t].id for t in tiles)


def _player(name: str, p: PlayerState) -> SavedPlayer:
    return SavedPlayer(
        name,
        p.thalers,
        Paints.of(p.paints),
        tuple(data.FRESCO_TILES[t].id for t in p.tiles),
        p.vp,
        p.start,
        p.mood,
        p.helper,
        p.time,
        p.plan,
        Points(*p.points),
    )


def _open_parts(s: State) -> dict[str, Any]:
    """The fields every reader sees (all but the players and the random generator)."""
    return dict(
        ruleset=s.ruleset,
        switches=s.overrides,
        round=s.round,
        phase=s.phase,
        final=s.final,
        bag=_market_ids(s.bag),
        removed=_market_ids(s.removed),
        booths=tuple(_market_ids(b) for b in s.booths),
        fresco=_fresco_rows(s.fresco),
        bishop=divmod(s.bishop, data.COLS),
        supply=Paints.of(s.supply),
        paper=Paints.of(s.paper),
        bank=s.bank,
        chooser=tuple(s.names[i] for i in s.chooser),
        wake_at=s.wake_at,
        order=tuple(s.names[i] for i in s.order),
        loc=s.loc,
        actor=s.actor,
        left=s.left,
        final_at=s.final_at,
        data=s.data,
    )


def saved_form(s: State) -> SavedState:
    """The readable form of an engine state (what ``State.to_dict`` writes)."""
    players = tuple(_player(nm, p) for nm, p in zip(s.names, s.players))
    return SavedState(rng=s.rng, players=players, **_open_parts(s))


# --------------------------------------------------------------------------- readable -> engine
def load(data_: Any, path: str, state_type: type[State], player_type: type[PlayerState]) -> State:
    """An engine state (of ``state_type``, its players of ``player_type``) from saved data,
    every field checked; ``State.from_dict`` then checks the whole position.

    Raises ``SaveError`` naming the first bad field (``state.players[1].time: ...``)."""
    saved = SavedState.from_dict(data_, path)
    names = tuple(p.name for p in saved.players)
    seat = {nm: i for i, nm in enumerate(names)}
    return state_type(
        names=names,
        ruleset=saved.ruleset,
        overrides=saved.switches,
        rng=saved.rng,
        round=saved.round,
        phase=saved.phase,
        final=saved.final,
        bag=_indices(saved.bag, data.MARKET_INDEX),
        removed=_indices(saved.removed, data.MARKET_INDEX),
        booths=tuple(_indices(b, data.MARKET_INDEX) for b in saved.booths),
        fresco=tuple(-1 if t is None else data.FRESCO_INDEX[t] for row in saved.fresco for t in row),
        bishop=saved.bishop[0] * data.COLS + saved.bishop[1],
        supply=saved.supply.counts(),
        paper=saved.paper.counts(),
        bank=saved.bank,
        players=tuple(
            player_type(
                p.thalers,
                p.paints.counts(),
                _indices(p.tiles, data.FRESCO_INDEX),
                p.vp,
                p.start,
                p.mood,
                p.helper,
                p.time,
                p.plan,
                tuple(getattr(p.points, c) for c in CATEGORIES),
            )
            for p in saved.players
        ),
        chooser=tuple(seat[nm] for nm in saved.chooser),
        wake_at=saved.wake_at,
        order=tuple(seat[nm] for nm in saved.order),
        loc=saved.loc,
        actor=saved.actor,
        left=saved.left,
        final_at=saved.final_at,
        switches=switches_for(saved.ruleset, saved.switches),
        data=saved.data,
    )


def _indices(ids: tuple[str, ...], index: dict[str, int]) -> tuple[int, ...]:
    return tuple(index[t] for t in ids)


# --------------------------------------------------------------------------- a player's view
@dataclass(frozen=True, slots=True)
class PlayerView(Record):
    """One player as another sees them: ``thalers`` and ``paints`` are ``None`` behind
    their large screen, ``plan`` is ``None`` behind the small screen (``planned`` says
    whether they have planned)."""

    name: str
    thalers: Count | None
    paints: Paints | None
    tiles: tuple[FrescoId, ...]
    vp: Count
    start: Annotated[int, Range(0, max(data.PLAYER_COUNTS))]
    mood: Annotated[int, Range(0, data.MOOD_LENGTH - 1)]
    helper: Annotated[int, Range(-1, 1)]
    time: Annotated[int, Range(0, max(data.TIMES))]
    planned: bool
    plan: PlanCounts | None
    points: Points


@dataclass(frozen=True, slots=True)
class View(Record):
    """The position as ``viewer`` sees it: the fields of :class:`SavedState`, with the
    other players' hidden pieces ``None`` and no random generator (``rng`` is ``None``),
    plus ``to_move``: who may act now.  Not playable (the engine needs the whole state)."""

    viewer: str
    to_move: tuple[str, ...]
    ruleset: Ruleset
    switches: Overrides
    rng: None
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
    players: tuple[PlayerView, ...]
    chooser: tuple[str, ...]
    wake_at: Count
    order: tuple[str, ...]
    loc: Count
    actor: Annotated[int, Range(-1)]
    left: Count
    final_at: Annotated[int, Range(-1)]
    data: str = ""  # the data option's patch (public: every player knows the numbers)

    def player(self, name: str) -> PlayerView:
        """The player called ``name`` as the viewer sees them (StopIteration if not playing)."""
        return next(p for p in self.players if p.name == name)


def view_of(s: State, me: int) -> View:
    """What the player in seat ``me`` sees.

    Hidden information, per the rulebooks: each player keeps paints and thalers behind a
    large screen (Fresco rulebook, *Market*: bought paints go behind it; Big Box *How to
    Play*, *Preparation* 2: the 12 starting thalers and paints go behind it), and plans
    behind a small screen until every plan is made (*II. Planning actions*).  The random
    generator is left out: it decides the bag's next draws.  Everything else is open:
    the bag's contents follow from the 14 known market tiles minus the open booths and
    the removed tiles (only the order of future draws is secret); restored fresco tiles
    were taken from the board in the open (they lie face down only to count income);
    the bank and the paint supply lie open on the board."""
    players = []
    for i, (nm, p) in enumerate(zip(s.names, s.players)):
        mine = i == me
        players.append(
            PlayerView(
                nm,
                p.thalers if mine else None,
                Paints.of(p.paints) if mine else None,
                tuple(data.FRESCO_TILES[t].id for t in p.tiles),
                p.vp,
                p.start,
                p.mood,
                p.helper,
                p.time,
                p.plan is not None,
                p.plan if (mine or s.phase != "plan") else None,
                Points(*p.points),
            )
        )
    return View(viewer=s.names[me], to_move=tuple(s.to_move), rng=None, players=tuple(players), **_open_parts(s))
