"""The Fresco game state: frozen, slotted records (``fresco_kit.core.Record``).

A :class:`State` is never changed once published: the rules build the next one from
``state.evolve()`` (a fresh copy they own) and set its fields with
``fresco_kit.core.assign``.  Inside the engine the state is compact, for speed: paints
are tuples counted in ``data.COLOURS`` order, fresco squares are indices 0..24
(``board.index``), market and fresco tiles are indices into ``data``'s tables, players
are seats.  Saves use the readable form of :mod:`.saved` (colour names, tile ids,
``[row, col]``, player names), converted at the boundary by :meth:`State.to_dict` and
:meth:`State.from_dict` field by field (``saved.FORMS``); a player's view
(:meth:`State.view`) is the same readable form with what the viewer may not see
``None``, read from the schema's markers (``core.visibility.view``).

Phases (the waiting steps of ``flow.FLOW``, with the sections they follow): ``"wake"``
(Phase I, get-up times), ``"plan"`` (Phase II planning), ``"act"`` (Phase II, the five
locations), ``"final_count"`` (money into VP, waiting for a behind/ahead choice) and
``"over"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Annotated, Any

from fresco_kit.core import Count, Length, Range, Record
from fresco_kit.core.data import patch_option
from fresco_kit.core.game import seat_of
from fresco_kit.core.visibility import view as view_of

from . import data, saved
from .data import CATEGORIES
from .rulesets import Overrides, Ruleset, Switches, switches_for
from .saved import FORMS, PHASES, Phase

__all__ = ["CATEGORIES", "PHASES", "Phase", "PlayerState", "State"]

#: paint counts in ``data.COLOURS`` order
PaintCounts = Annotated[tuple[Count, ...], Length(len(data.COLOURS))]
Seat = Annotated[int, Range(0, max(data.PLAYER_COUNTS) - 1)]
FrescoTile = Annotated[int, Range(0, len(data.FRESCO_TILES) - 1)]
MarketTile = Annotated[int, Range(0, len(data.MARKET_TILES) - 1)]
Square = Annotated[int, Range(0, data.ROWS * data.COLS - 1)]
_SHEETS, _SIDE1 = data.SHEETS, data.SHEETS["side1"]


@dataclass(frozen=True, slots=True)
class PlayerState(Record):
    """One player's pieces: money, paints, restored tiles, painters' positions, plan.

    ``vp`` is the victory point track space (0 while on a start space); ``start`` the
    start space S1..S4 (0 once on the track); ``mood`` the mood-column space (0 = bottom);
    ``helper`` +1 while the natural apprentice is held, -1 while one apprentice sits
    out, else 0 (set only after a get-up, see Theater); ``time`` the get-up time (0 in
    bed); ``plan`` apprentices per sheet column (None before planning); ``points`` VP
    per category, in CATEGORIES order."""

    thalers: Count
    paints: PaintCounts
    tiles: tuple[FrescoTile, ...]
    vp: Count
    start: Annotated[int, Range(0, max(data.PLAYER_COUNTS))]
    mood: Annotated[int, Range(0, data.MOOD_LENGTH - 1)]
    helper: Annotated[int, Range(-1, 1)]
    time: Annotated[int, Range(0, max(data.TIMES))]
    plan: tuple[Annotated[int, Range(0, data.SPACES_PER_COLUMN)], ...] | None
    points: Annotated[tuple[int, ...], Length(len(CATEGORIES))]

    @property
    def apprentices(self) -> int:
        """Apprentices available for planning (Phase I, Change of mood)."""
        return data.OWN_APPRENTICES + self.helper


@dataclass(frozen=True, slots=True)
class State(Record):
    """A whole Fresco position (see the module docstring for the phases).

    ``fresco`` holds a tile index per square, -1 once restored; ``bishop`` is a square
    index; ``booths``/``bag``/``removed`` hold market tile indices (the bag sorted: its
    draws come from ``rng``); ``chooser`` is the Phase I choosing order and ``order`` the
    phase II order (seats); ``wake_at`` counts the get-up choices made, ``loc``/``actor``/
    ``left`` are the column visited, the place in ``order`` of the player acting there
    and the uses left; ``altar_this_visit``/``bishop_this_visit`` whether that player has
    restored the altar / paid for a bishop step in this visit (for the switches
    ``altar_once_per_visit`` and ``bishop_once_per_visit``; cleared when the next visit
    begins); ``final_at`` the place in ``order`` the final count waits on.
    ``switches`` are derived from ``ruleset`` and ``overrides`` (not compared)."""

    names: tuple[str, ...]
    ruleset: Ruleset
    overrides: Overrides
    rng: Annotated[int, Range(0, 2**64 - 1)]
    round: Annotated[int, Range(1)]
    phase: Phase
    final: bool
    bag: tuple[MarketTile, ...]
    removed: tuple[MarketTile, ...]
    booths: tuple[tuple[MarketTile, ...], ...]
    fresco: Annotated[tuple[Annotated[int, Range(-1, len(data.FRESCO_TILES) - 1)], ...], Length(data.ROWS * data.COLS)]
    bishop: Square
    supply: PaintCounts
    paper: PaintCounts
    bank: Count
    players: tuple[PlayerState, ...]
    chooser: tuple[Seat, ...]
    wake_at: Count
    order: tuple[Seat, ...]
    loc: Count
    actor: Annotated[int, Range(-1)]
    left: Count
    final_at: Annotated[int, Range(-1)]
    switches: Switches = field(compare=False, repr=False)
    data: str = ""  # the ``data`` option's patch as canonical JSON ("" for none; data.tables)
    altar_this_visit: bool = False  # the actor has restored the altar in this cathedral visit
    bishop_this_visit: bool = False  # the actor has paid for a bishop step in this cathedral visit

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

    def view(self, player: str) -> saved.View:
        """What ``player`` sees, in the readable form (:class:`.saved.View`).

        Hidden (``None``), as the schema's markers say: the other players' thalers and
        paints (behind their large screens), their plans while planning (behind the small
        screens) and the random generator, which would tell the bag's next draws.  Raises
        ValueError for a name that is not playing."""
        me = seat_of(self.names, player)
        seen = view_of(self.saved_form(), self.names[me])  # hidden as the schema's markers say
        screens_up = self.phase != "plan"  # plans are behind the small screens only while planning
        players = []
        for p, q in zip(self.players, seen.players):
            shown = _fields(q)
            if screens_up:
                shown["plan"] = p.plan
            players.append(saved.PlayerView(**shown, planned=p.plan is not None))
        open_ = _fields(seen)
        open_["players"] = tuple(players)
        return saved.View(**open_, viewer=self.names[me], to_move=tuple(self.to_move))

    # -- saving: the readable form of saved.py ----------------------------------
    def saved_form(self) -> saved.SavedState:
        """The readable form of this state (:class:`.saved.SavedState`)."""
        players = tuple(saved.SavedPlayer(**_player_form(self.names, i, p)) for i, p in enumerate(self.players))
        return saved.SavedState(**_state_form(self), players=players)

    def to_dict(self) -> dict[str, Any]:
        """The state as readable JSON data (:class:`.saved.SavedState`)."""
        return self.saved_form().to_dict()

    @classmethod
    def from_dict(cls, data_: Any, path: str = "state") -> State:
        """A state from :meth:`to_dict` output, every field checked (``SaveError`` naming the
        first bad field).  The whole position is checked by ``consistency.load_state``
        (``rules.state_from_dict``), which sits above the state."""
        form = saved.SavedState.from_dict(data_, path)
        names = tuple(p.name for p in form.players)
        values = {attr: _engine(k, getattr(form, k), names) for k, attr, _ in _STATE_OUT}
        players = tuple(
            PlayerState(**{k: _engine(k, getattr(p, k), names) for k in _PLAYER_KEYS}) for p in form.players
        )
        return cls(names=names, players=players, switches=switches_for(form.ruleset, form.switches), **values)


#: the readable fields converted one by one (the players and their names apart)
_STATE_KEYS = tuple(f.name for f in fields(saved.SavedState) if f.name != "players")
_PLAYER_KEYS = tuple(f.name for f in fields(saved.SavedPlayer) if f.name != "name")


def _fields(record: Any) -> dict[str, Any]:
    """A record's fields by name (not copied: the values are frozen)."""
    return {f.name: getattr(record, f.name) for f in fields(record)}


def _engine(key: str, value: Any, names: tuple[str, ...]) -> Any:
    form = FORMS.get(key)
    return value if form is None else form[1](value, names)


#: (readable field, engine field, engine -> readable or None), worked out once: views
#: and saves are made often (bots, tree search)
_STATE_OUT = tuple((k, saved.ENGINE_NAME.get(k, k), FORMS[k][0] if k in FORMS else None) for k in _STATE_KEYS)
_PLAYER_OUT = tuple((k, FORMS[k][0] if k in FORMS else None) for k in _PLAYER_KEYS)


def _state_form(s: State) -> dict[str, Any]:
    """The readable value of every field of ``s`` but the players, by readable name."""
    names = s.names
    out: dict[str, Any] = {}
    for key, attr, encode in _STATE_OUT:
        value = getattr(s, attr)
        out[key] = value if encode is None else encode(value, names)
    return out


def _player_form(names: tuple[str, ...], i: int, p: PlayerState) -> dict[str, Any]:
    """The readable value of every field of player ``i``, with their name."""
    out: dict[str, Any] = {"name": names[i]}
    for key, encode in _PLAYER_OUT:
        value = getattr(p, key)
        out[key] = value if encode is None else encode(value, names)
    return out
