"""The Fresco game state: plain, JSON-able values, copied cheaply, compared with ==.

A :class:`State` is never changed once published: the rules copy it (``copy()`` is
shallow -- every field is an int, str or tuple) and replace the fields they change.
Paints are tuples counted in ``data.COLOURS`` order; fresco squares are indices 0..24
(``board.index``); market tiles and fresco tiles are indices into ``data``'s tables.

Phases: ``"wake"`` (Phase I, get-up times), ``"plan"`` (Phase II planning),
``"act"`` (Phase II, the five locations), ``"final_count"`` (money into VP, waiting for
a behind/ahead choice) and ``"over"``.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..core.game import checked_keys, seat_of
from . import data
from .rulesets import Switches, switches_for

HIDDEN = "hidden"
PHASES = ("wake", "plan", "act", "final_count", "over")
CATEGORIES = ("fresco", "bishop", "altar", "track", "money")


class PlayerState:
    """One player's pieces: money, paints, restored tiles, painters' positions, plan.

    ``vp`` is the victory point track space (0 while on a start space); ``start`` the
    start space S1..S4 (0 once on the track); ``mood`` the mood-column space (0 = bottom);
    ``helper`` +1 while the natural apprentice is held, -1 while one apprentice sits
    out, else 0 (set only after a get-up, see Theater); ``time`` the get-up time (0 in
    bed); ``plan`` apprentices per sheet column (None before planning, "hidden" in
    another player's view); ``points`` VP per category, in CATEGORIES order."""

    __slots__ = ("thalers", "paints", "tiles", "vp", "start", "mood", "helper", "time", "plan", "points")

    def __init__(self, thalers: int, paints: tuple[int, ...], tiles: tuple[int, ...], vp: int, start: int,
                 mood: int, helper: int, time: int, plan: Any, points: tuple[int, ...]):
        self.thalers = thalers
        self.paints = paints
        self.tiles = tiles
        self.vp = vp
        self.start = start
        self.mood = mood
        self.helper = helper
        self.time = time
        self.plan = plan
        self.points = points

    def copy(self) -> "PlayerState":
        p = PlayerState.__new__(PlayerState)
        (p.thalers, p.paints, p.tiles, p.vp, p.start, p.mood, p.helper, p.time, p.plan, p.points) = (
            self.thalers, self.paints, self.tiles, self.vp, self.start, self.mood, self.helper, self.time,
            self.plan, self.points)
        return p

    def _key(self) -> tuple:
        return tuple(getattr(self, k) for k in PlayerState.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerState) and self._key() == other._key()

    @property
    def apprentices(self) -> int:
        """Apprentices available for planning (Phase I, Change of mood)."""
        return data.OWN_APPRENTICES + self.helper

    def to_dict(self) -> dict:
        return {"thalers": self.thalers, "paints": dict(zip(data.COLOURS, self.paints)),
                "tiles": [data.FRESCO_TILES[t].id for t in self.tiles], "vp": self.vp, "start": self.start,
                "mood": self.mood, "helper": self.helper, "time": self.time,
                "plan": self.plan if self.plan in (None, HIDDEN) else list(self.plan),
                "points": dict(zip(CATEGORIES, self.points))}

    @classmethod
    def from_dict(cls, d: dict) -> "PlayerState":
        _keys(d, ("name", "thalers", "paints", "tiles", "vp", "start", "mood", "helper", "time", "plan", "points"),
              "player")
        plan = d["plan"]
        if plan not in (None, HIDDEN):
            plan = tuple(_int(x, "plan entry") for x in plan)
        return cls(_int(d["thalers"], "thalers"), _paints(d["paints"]),
                   tuple(data.FRESCO_INDEX[t] for t in d["tiles"]), _int(d["vp"], "vp"), _int(d["start"], "start"),
                   _int(d["mood"], "mood"), _int(d["helper"], "helper"), _int(d["time"], "time"), plan,
                   tuple(_int(d["points"][c], c) for c in CATEGORIES))


class State:
    """A whole Fresco position (see the module docstring for the phases)."""

    __slots__ = ("names", "ruleset", "overrides", "switches", "rng", "round", "phase", "final",
                 "bag", "removed", "booths", "fresco", "bishop", "supply", "paper", "bank",
                 "players", "chooser", "wake_at", "order", "loc", "actor", "left", "final_at")

    def copy(self) -> "State":
        s = State.__new__(State)
        (s.names, s.ruleset, s.overrides, s.switches, s.rng, s.round, s.phase, s.final, s.bag, s.removed,
         s.booths, s.fresco, s.bishop, s.supply, s.paper, s.bank, s.players, s.chooser, s.wake_at, s.order,
         s.loc, s.actor, s.left, s.final_at) = (
            self.names, self.ruleset, self.overrides, self.switches, self.rng, self.round, self.phase,
            self.final, self.bag, self.removed, self.booths, self.fresco, self.bishop, self.supply, self.paper,
            self.bank, self.players, self.chooser, self.wake_at, self.order, self.loc, self.actor, self.left,
            self.final_at)
        return s

    def _key(self) -> tuple:
        return tuple(getattr(self, k) for k in State.__slots__ if k != "switches")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __repr__(self) -> str:
        return (f"<fresco state: round {self.round}{' (final)' if self.final else ''}, phase {self.phase}, "
                f"{self.tiles_left} tiles on the fresco>")

    # -- derived views ----------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def options(self) -> dict:
        """The options this game was set up with."""
        return {"ruleset": self.ruleset, "switches": dict(self.overrides)}

    @property
    def sheet(self) -> tuple[str, ...]:
        """The action-sheet columns in use this round (side 2 in the final round)."""
        return data.SHEETS[self.switches.final_sheet if self.final else "side1"]

    @property
    def tiles_left(self) -> int:
        return sum(1 for t in self.fresco if t >= 0)

    def player(self, name: str) -> PlayerState:
        return self.players[self.names.index(name)]

    def price(self, i: int) -> int:
        """Market price per tile for player ``i`` (Phase I, Market prices)."""
        return data.INN[self.players[i].time][1]

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

    def view(self, player: str) -> "State":
        """This player's view: other players' plans are hidden while planning (Planning actions),
        and the random state (which would tell the bag's next draws) is 0 in every phase."""
        me = seat_of(self.names, player)
        s = self.copy()
        s.rng = 0
        if self.phase != "plan":
            return s
        ps = []
        for i, p in enumerate(self.players):
            if i != me and p.plan is not None:
                p = p.copy()
                p.plan = HIDDEN
            ps.append(p)
        s.players = tuple(ps)
        return s

    # -- JSON ------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "names": list(self.names), "ruleset": self.ruleset, "overrides": dict(self.overrides),
            "rng": self.rng, "round": self.round, "phase": self.phase, "final": self.final,
            "bag": [data.MARKET_TILES[t].id for t in self.bag],
            "removed": [data.MARKET_TILES[t].id for t in self.removed],
            "booths": [[data.MARKET_TILES[t].id for t in b] for b in self.booths],
            "fresco": [data.FRESCO_TILES[t].id if t >= 0 else None for t in self.fresco],
            "bishop": list(divmod(self.bishop, data.COLS)),
            "supply": dict(zip(data.COLOURS, self.supply)), "paper": dict(zip(data.COLOURS, self.paper)),
            "bank": self.bank, "players": [dict(p.to_dict(), name=nm) for nm, p in zip(self.names, self.players)],
            "chooser": list(self.chooser), "wake_at": self.wake_at, "order": list(self.order),
            "loc": self.loc, "actor": self.actor, "left": self.left, "final_at": self.final_at,
        }

    @classmethod
    def from_dict(cls, d: dict) -> "State":
        """Rebuild a state from :meth:`to_dict` output; ValueError/TypeError/KeyError if malformed."""
        if not isinstance(d, dict):
            raise TypeError("a Fresco state must be a JSON object")
        _keys(d, cls.__slots__[:3] + cls.__slots__[4:], "state")
        s = cls.__new__(cls)
        s.names = tuple(str(x) for x in d["names"])
        if len(s.names) not in data.PLAYER_COUNTS:
            raise ValueError(f"Fresco is for {data.PLAYER_COUNTS} players, not {len(s.names)}")
        s.ruleset = d["ruleset"]
        s.overrides = tuple(sorted(dict(d["overrides"]).items()))
        s.switches = switches_for(s.ruleset, dict(s.overrides))
        s.rng = _int(d["rng"], "rng")
        s.round = _int(d["round"], "round")
        if d["phase"] not in PHASES:
            raise ValueError(f"phase must be one of {PHASES}")
        s.phase = d["phase"]
        if not isinstance(d["final"], bool):
            raise TypeError("final must be true/false")
        s.final = d["final"]
        s.bag = tuple(data.MARKET_INDEX[t] for t in d["bag"])
        s.removed = tuple(data.MARKET_INDEX[t] for t in d["removed"])
        s.booths = tuple(tuple(data.MARKET_INDEX[t] for t in b) for b in d["booths"])
        fresco = d["fresco"]
        if len(fresco) != data.ROWS * data.COLS:
            raise ValueError("the fresco has 25 segments")
        s.fresco = tuple(-1 if t is None else data.FRESCO_INDEX[t] for t in fresco)
        r, c = (_int(x, "bishop") for x in d["bishop"])
        if not (0 <= r < data.ROWS and 0 <= c < data.COLS):
            raise ValueError("the bishop must stand on the fresco")
        s.bishop = r * data.COLS + c
        s.supply, s.paper = _paints(d["supply"]), _paints(d["paper"])
        s.bank = _int(d["bank"], "bank")
        players = d["players"]
        if (not isinstance(players, list) or not all(isinstance(q, dict) for q in players)
                or [q.get("name") for q in players] != list(s.names)):
            raise ValueError("players must be a list in seat order, each with its name")
        s.players = tuple(PlayerState.from_dict(q) for q in players)
        s.chooser = tuple(_int(x, "chooser") for x in d["chooser"])
        s.order = tuple(_int(x, "order") for x in d["order"])
        for k in ("wake_at", "loc", "actor", "left", "final_at"):
            setattr(s, k, _int(d[k], k))
        everyone = list(range(len(s.names)))
        if sorted(s.chooser) != everyone or (s.order and sorted(s.order) != everyone):
            raise ValueError("chooser and order must list every player once")
        if not (0 <= s.wake_at <= s.n and 0 <= s.loc <= 5 and -1 <= s.actor < s.n and s.left >= 0
                and -1 <= s.final_at <= s.n):
            raise ValueError("turn counters out of range")
        if s.phase in ("act", "final_count") and not s.order:
            raise ValueError(f"phase {s.phase} needs a player order")
        if s.phase == "act" and not (0 <= s.actor and s.loc < 5):
            raise ValueError("phase act needs a current actor and location")
        return s


def _keys(d: dict, keys, what: str) -> None:
    if not isinstance(d, dict):
        raise TypeError(f"{what} must be a JSON object")
    checked_keys(d, keys, what)


def _int(x: Any, what: str) -> int:
    if type(x) is not int:
        raise TypeError(f"{what} must be an integer, not {x!r}")
    return x


def _paints(d: Any) -> tuple[int, ...]:
    if not isinstance(d, dict) or set(d) != set(data.COLOURS):
        raise ValueError(f"paints must name exactly {', '.join(data.COLOURS)}")
    return tuple(_int(d[c], c) for c in data.COLOURS)


def make_switches(ruleset: str, overrides: dict) -> tuple[tuple, Switches]:
    """Normalised overrides (sorted items) and the Switches object.

    Raises ValueError when ``overrides`` is not a dict of switch names."""
    if not isinstance(overrides, Mapping):
        raise ValueError(f"switches must be a dict such as {{'unlimited_paints': True}}, not {overrides!r}")
    sw = switches_for(ruleset, overrides)
    return tuple(sorted(dict(overrides).items())), sw
