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
            seat = self.players.index(seat)
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


def state_from_dict(d: dict) -> State:
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
    return state
