"""The 1980 Sixtina game state: plain, immutable-by-convention data.

Every field is an int, a string or a tuple, so ``copy()`` is a cheap shallow copy and
rules code replaces the tuples it changes (copy-on-write).  Indices:

- *seat* ``0..n-1``: the players in clockwise order, as given to ``new_game``;
- *colour* ``0..n-1`` for the players, plus ``n`` for Gianluigi in two-player games;
- *place*: index into ``data().places`` (``JC1 .. LJ2``), the twelve chapel places;
- a technique *space* code per fresco technique: ``EMPTY`` or ``kind * 8 + colour``
  with kind ``CORRECT`` (top space), ``EXCELLENT`` or ``PRUDENT`` (bottom space; a
  prudent space holds a black material, ``colour`` records who restored it).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..core.game import seat_of
from .data import data

EMPTY = -1
CORRECT, EXCELLENT, PRUDENT = 0, 1, 2
KIND_NAMES = ("correct", "excellent", "prudent")
COVERED, VISIBLE, RESTORED = 0, 1, 2
STATUS_NAMES = ("covered", "visible", "restored")
GIANLUIGI = "Gianluigi"
HIDDEN = -1


def space_kind(code: int) -> int:
    return code >> 3


def space_colour(code: int) -> int:
    return code & 7


def space_code(kind: int, colour: int) -> int:
    return (kind << 3) | colour


@dataclass(eq=True)
class State:
    """A 1980 Sixtina position (treat as immutable; rules return new states)."""

    players: tuple[str, ...]
    variant: str                      # "basic" or "history" (Variant: Sheets with History)
    rng: int                          # fresco_kit.core.Rng state
    start: int                        # seat of the starting player
    current: int                      # seat whose turn it is
    deck: tuple[int, ...]             # technique card ids, top of the deck last
    discard: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]       # per seat, sorted card ids
    display: tuple[tuple[int, ...], ...]     # per seat: prudent cards kept face up
    play: tuple[int, ...]             # per seat: materials in the play area
    supply: tuple[int, ...]           # per colour: own materials in the general supply
    black: int                        # black materials in the general supply
    score: tuple[int, ...]            # per colour: the score track
    frescoes: tuple[str, ...]         # per place: fresco card id
    status: tuple[int, ...]           # per place: COVERED / VISIBLE / RESTORED
    spaces: tuple[tuple[int, ...], ...]   # per place, per technique position (left to right)
    extras: tuple[tuple[int, ...], ...]   # per place, per colour: extra materials on the card
    zone: tuple[int, ...]             # per place: colour on the zone icon, or EMPTY
    objectives: tuple[str, ...]       # the three objective cards in play
    claims: tuple[tuple[int, ...], ...]   # per objective, its three scoring spaces (colour or EMPTY)
    sheets: tuple[int, ...]           # per place: sheet index still covering it (history side), or EMPTY
    pending: tuple = ()               # a decision owed: (kind, seat, *details) or ()
    initial_left: int = 0             # players still to make their setup restoration
    gian_due: tuple = ()              # (technique, value, icon halves) when Gianluigi must restore
    reveals: int = 0                  # new frescoes owed to the active player this turn
    over: bool = False
    last_place: int = EMPTY           # the place scored at half at the end

    # -- basic queries --------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def names(self) -> tuple[str, ...]:
        """The players in seat order."""
        return self.players

    @property
    def options(self) -> dict:
        """The options this game was set up with."""
        return {"variant": self.variant}

    @property
    def two_player(self) -> bool:
        return len(self.players) == 2

    @property
    def colours(self) -> tuple[str, ...]:
        """Colour names: the players, then Gianluigi in two-player games."""
        return self.players + ((GIANLUIGI,) if len(self.players) == 2 else ())

    @property
    def actor(self) -> int:
        """The seat that must act now (the pending decision's owner, else the current player)."""
        return self.pending[1] if self.pending else self.current

    def copy(self) -> "State":
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        return new

    def fresco(self, place: int):
        """The :class:`FrescoCard` at ``place``."""
        return data().fresco_by_id[self.frescoes[place]]

    def place_index(self, name: str) -> int:
        try:
            return data().places.index(name)
        except ValueError:
            raise ValueError(f"unknown chapel place {name!r}; places are {', '.join(data().places)}") from None

    def unrestored(self) -> int:
        return len(self.status) - self.status.count(RESTORED)

    # -- saving ---------------------------------------------------------------
    def to_dict(self) -> dict:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = _listify(v)
        return out

    def to_json(self) -> str:
        import json
        return json.dumps(self.to_dict(), sort_keys=True)

    def view(self, seat: int | str) -> "State":
        """A copy as ``seat`` sees it: other hands and the deck order hidden (``HIDDEN``)."""
        if isinstance(seat, str):
            seat = seat_of(self.players, seat)
        new = self.copy()
        new.hands = tuple(h if i == seat else (HIDDEN,) * len(h) for i, h in enumerate(self.hands))
        new.deck = (HIDDEN,) * len(self.deck)
        new.rng = 0
        return new


def _listify(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_listify(x) for x in v]
    return v


def _tuplify(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tuplify(x) for x in v)
    return v


_TYPES = {f.name: f.type for f in fields(State)}


def state_from_dict(d: dict, path: str = "state") -> State:
    """Rebuild a :class:`State` from ``to_dict()`` output, checking names and shapes.

    Raises ``KeyError`` for a missing field, ``TypeError``/``ValueError`` for wrong types."""
    if not isinstance(d, dict):
        raise TypeError("a Sixtina state must be a JSON object")
    unknown = set(d) - set(_TYPES)
    if unknown:
        raise ValueError(f"unknown state field(s): {', '.join(sorted(unknown))}")
    kwargs = {}
    for name, typ in _TYPES.items():
        if name not in d:
            if name in ("pending", "initial_left", "gian_due", "reveals", "over", "last_place"):
                continue
            raise KeyError(f"state lacks field {name!r}")
        v = d[name]
        if typ.startswith("tuple"):
            if not isinstance(v, list):
                raise TypeError(f"state field {name!r} must be a list")
            v = _tuplify(v)
        elif typ == "int" and (not isinstance(v, int) or isinstance(v, bool)):
            raise TypeError(f"state field {name!r} must be an integer")
        elif typ == "bool" and not isinstance(v, bool):
            raise TypeError(f"state field {name!r} must be true or false")
        elif typ == "str" and not isinstance(v, str):
            raise TypeError(f"state field {name!r} must be a string")
        kwargs[name] = v
    state = State(**kwargs)
    n = len(state.players)
    if n not in (2, 3, 4):
        raise ValueError(f"a Sixtina game has 2 to 4 players, not {n}")
    places = len(data().places)
    for name, length in (("hands", n), ("display", n), ("play", n), ("supply", len(state.colours)),
                         ("score", len(state.colours)), ("frescoes", places), ("status", places),
                         ("spaces", places), ("extras", places), ("zone", places), ("sheets", places)):
        if len(getattr(state, name)) != length:
            raise ValueError(f"state field {name!r} must have {length} entries")
    for f in state.frescoes:
        if f not in data().fresco_by_id:
            raise ValueError(f"unknown fresco card {f!r}")
    for o in state.objectives:
        if o not in data().objective_by_id:
            raise ValueError(f"unknown objective {o!r}")
    if state.variant not in ("basic", "history"):
        raise ValueError(f"unknown variant {state.variant!r}")
    _check_shapes(state)
    from .rules import invariants
    bad = invariants(state)
    if bad:
        raise ValueError("inconsistent state: " + "; ".join(bad))
    return state


def _ints(name: str, v: Any, depth: int = 1) -> None:
    """``v`` is a tuple of ints (``depth`` 2: a tuple of such tuples)."""
    rows = v if depth == 2 else (v,)
    for row in rows:
        if not isinstance(row, tuple) or any(type(x) is not int for x in row):
            raise TypeError(f"state field {name!r} must hold whole numbers only")


def _check_shapes(state: State) -> None:
    """Types, lengths and ranges of every field (state_from_dict's second half)."""
    n, colours, places = state.n, len(state.colours), len(data().places)
    if any(not isinstance(p, str) or not p for p in state.players) or len(set(state.players)) != n:
        raise ValueError("players must be distinct non-empty names")
    for name in ("deck", "discard", "play", "supply", "score", "status", "zone", "sheets"):
        _ints(name, getattr(state, name))
    for name in ("hands", "display", "spaces", "extras", "claims"):
        _ints(name, getattr(state, name), depth=2)
    if any(not isinstance(x, str) for x in state.frescoes + state.objectives):
        raise TypeError("frescoes and objectives are given by their ids")
    if len(state.objectives) != 3 or len(state.claims) != 3 or any(len(c) != 3 for c in state.claims):
        raise ValueError("three objectives in play, each with three scoring spaces")
    for p, row in enumerate(state.spaces):
        if len(row) != len(data().fresco_by_id[state.frescoes[p]].techniques):
            raise ValueError(f"spaces of place {p} must match its fresco's techniques")
    if any(len(row) != colours for row in state.extras):
        raise ValueError(f"extras must have {colours} entries per place")
    if not (0 <= state.start < n and 0 <= state.current < n and EMPTY <= state.last_place < places):
        raise ValueError("start, current or last_place out of range")
    if any(s not in (COVERED, VISIBLE, RESTORED) for s in state.status):
        raise ValueError("a place's status must be 0 (covered), 1 (visible) or 2 (restored)")
    if any(not EMPTY <= z < colours for z in state.zone) or any(not EMPTY <= x < 9 for x in state.sheets):
        raise ValueError("zone icons name a colour, sheets a sheet card (or -1)")
    if any(not EMPTY <= c < colours for row in state.claims for c in row):
        raise ValueError("objective spaces name a colour (or -1)")
    if any(c != EMPTY and not (0 <= (c >> 3) <= 2 and (c & 7) < colours) for row in state.spaces for c in row):
        raise ValueError("a technique space holds -1 or a (kind, colour) code")
    pending = state.pending
    if pending and not (len(pending) >= 2 and pending[0] in ("initial", "bonus", "reveal", "gianluigi", "claim")
                        and type(pending[1]) is int and 0 <= pending[1] < n
                        and (pending[0] != "initial" or (len(pending) == 3 and type(pending[2]) is int
                                                         and 0 <= pending[2] < len(data().techniques)))):
        raise ValueError(f"malformed pending decision {pending!r}")
    if state.gian_due and (len(state.gian_due) != 3 or any(type(x) is not int for x in state.gian_due)):
        raise ValueError(f"malformed gian_due {state.gian_due!r}")
    if state.gian_due and not state.two_player:
        raise ValueError("Gianluigi plays in two-player games only")
    if not 0 <= state.initial_left <= n or not 0 <= state.reveals <= places:
        raise ValueError("initial_left or reveals out of range")
