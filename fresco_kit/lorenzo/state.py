"""Game state and actions of Lorenzo il Magnifico (plain data, JSON round trip exact).

A :class:`State` holds everything, including the random generator's integer, so the
same seed and actions always give the same game.  ``apply`` works on ``state.copy()``
and never mutates a state that the history holds.

Actions (each with a readable ``str`` that :func:`parse_action` reads back):

- :class:`Place` — put a family member (familiare) on an action space, paying servants.
- :class:`Choose` — answer the pending decision at the front of ``state.pending``.
- :class:`Forfeit` — give up the turn with a member that cannot be placed anywhere.

Action spaces are named ``territory-1`` .. ``venture-4`` (tower and floor, 1 = bottom),
``harvest-small``, ``harvest-large``, ``production-small``, ``production-large``,
``market-1`` .. ``market-4`` and ``council``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..core.game import checked_keys, seat_of
from .data import CARD_TYPES, MEMBERS, RESOURCES


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Place:
    """Place ``member`` on ``space`` after paying ``servants`` servants (I dadi e i familiari)."""

    player: str
    member: str
    space: str
    servants: int = 0

    def __str__(self) -> str:
        extra = f" +{self.servants} servants" if self.servants else ""
        return f"{self.player} places {self.member} on {self.space}{extra}"


@dataclass(frozen=True)
class Choose:
    """Answer the front pending decision: a privilege id, a cost or trade number ("0" = no
    trade), "support"/"refuse" at a Vatican report, or an extra action's space (with
    servants) or "skip"."""

    player: str
    choice: str
    servants: int = 0

    def __str__(self) -> str:
        extra = f" +{self.servants} servants" if self.servants else ""
        return f"{self.player} chooses {self.choice}{extra}"


@dataclass(frozen=True)
class Forfeit:
    """Lose the action of a member that cannot be placed (I dadi e i familiari)."""

    player: str
    member: str

    def __str__(self) -> str:
        return f"{self.player} forfeits {self.member}"


Action = Place | Choose | Forfeit

_PLACE = re.compile(r"^(.+?) places (\w+) on ([\w-]+)(?: \+(\d+) servants?)?$")
_CHOOSE = re.compile(r"^(.+?) chooses (\S+)(?: \+(\d+) servants?)?$")
_FORFEIT = re.compile(r"^(.+?) forfeits (\w+)$")


def parse_action(text: str) -> Action:
    """The action whose ``str`` is ``text``; raises ValueError on anything else."""
    if not isinstance(text, str):
        raise ValueError(f"an action text must be a string, not {type(text).__name__}")
    text = text.strip()
    if m := _PLACE.match(text):
        return Place(m[1], m[2], m[3], int(m[4] or 0))
    if m := _CHOOSE.match(text):
        return Choose(m[1], m[2], int(m[3] or 0))
    if m := _FORFEIT.match(text):
        return Forfeit(m[1], m[2])
    raise ValueError(f"not a Lorenzo action: {text!r} (expected e.g. 'Red places white on "
                     f"territory-1 +2 servants', 'Red chooses coins', 'Red forfeits neutral')")


# --------------------------------------------------------------------------- state
@dataclass
class Player:
    """One player's board (plancia): resources and tracks, cards, excommunications,
    the family members still at home this round, the personal bonus tile."""

    name: str
    res: dict[str, int]
    cards: dict[str, tuple[int, ...]]
    excomms: tuple[int, ...] = ()
    home: tuple[str, ...] = MEMBERS
    bonus_tile: str = "standard"

    def copy(self) -> "Player":
        return Player(self.name, dict(self.res), dict(self.cards), self.excomms, self.home, self.bonus_tile)

    def to_dict(self) -> dict:
        return {"name": self.name, "res": dict(self.res), "cards": {t: list(v) for t, v in self.cards.items()},
                "excomms": list(self.excomms), "home": list(self.home), "bonus_tile": self.bonus_tile}


@dataclass
class State:
    """The whole game.  ``round`` runs 1..6 (period = (round + 1) // 2); ``phase`` is
    "actions", "vatican" or "over"; ``schedule[turn]`` is who places next; ``pending``
    holds decisions (plain dicts with "player" and "kind") answered front first."""

    players: tuple[Player, ...]
    order: tuple[str, ...]
    round: int
    phase: str
    dice: dict[str, int]
    towers: dict[str, tuple[int | None, ...]]
    decks: dict[str, tuple[int, ...]]
    discarded: tuple[int, ...]
    occupants: dict[str, tuple[str, ...]]
    schedule: tuple[str, ...]
    turn: int
    pending: tuple[dict, ...]
    excomm_tiles: tuple[int, ...]
    excomm_box: tuple[int, ...]
    rng: int
    options: dict = field(default_factory=dict)
    _owned: set = field(default_factory=set, compare=False, repr=False)

    # -- access ---------------------------------------------------------------
    @property
    def period(self) -> int:
        return (min(self.round, 6) + 1) // 2

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(f"no player {name!r}")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def current(self) -> str | None:
        """Who must act now: the owner of the front pending decision, else the scheduled player."""
        if self.pending:
            return self.pending[0]["player"]
        if self.phase == "actions" and self.turn < len(self.schedule):
            return self.schedule[self.turn]
        return None

    def copy(self) -> "State":
        """A copy whose containers are fresh; players are shared until :meth:`own`
        (copy-on-write), so never mutate ``copy().player(name)`` directly."""
        return State(self.players, self.order, self.round, self.phase,
                     dict(self.dice), dict(self.towers), dict(self.decks), self.discarded,
                     dict(self.occupants), self.schedule, self.turn, self.pending, self.excomm_tiles,
                     self.excomm_box, self.rng, dict(self.options))

    def own(self, name: str) -> Player:
        """Player ``name`` made private to this state (copied once), ready to be changed."""
        if name not in self._owned:
            mine = self.player(name).copy()
            self.players = tuple(mine if q.name == name else q for q in self.players)
            self._owned.add(name)
        return self.player(name)

    def view(self, player: str | None = None) -> "State":
        """A copy without hidden information: the order of the decks is masked (sorted).

        ``player`` (optional: everyone sees the same) must name a player of the game."""
        if player is not None:
            seat_of(self.names, player)
        st = self.copy()
        st.decks = {k: tuple(sorted(v)) for k, v in self.decks.items()}
        return st

    # -- JSON -----------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "players": [p.to_dict() for p in self.players], "order": list(self.order),
            "round": self.round, "phase": self.phase, "dice": dict(self.dice),
            "towers": {t: list(v) for t, v in self.towers.items()},
            "decks": {k: list(v) for k, v in self.decks.items()}, "discarded": list(self.discarded),
            "occupants": {k: list(v) for k, v in self.occupants.items()},
            "schedule": list(self.schedule), "turn": self.turn, "pending": [dict(d) for d in self.pending],
            "excomm_tiles": list(self.excomm_tiles), "excomm_box": list(self.excomm_box),
            "rng": self.rng, "options": dict(self.options),
        }


def _ints(v: Any, what: str, none_ok: bool = False) -> tuple:
    if not isinstance(v, list):
        raise TypeError(f"{what} must be a list")
    for x in v:
        if not (isinstance(x, int) and not isinstance(x, bool)) and not (none_ok and x is None):
            raise TypeError(f"{what} must hold integers")
    return tuple(v)


def _strs(v: Any, what: str) -> tuple:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise TypeError(f"{what} must be a list of strings")
    return tuple(v)


def state_from_dict(d: Any, path: str = "state") -> State:
    """Rebuild a :class:`State` from ``to_dict`` output, validating shapes and names."""
    if not isinstance(d, dict):
        raise TypeError("a Lorenzo state must be a JSON object")
    need = ("players", "order", "round", "phase", "dice", "towers", "decks", "discarded", "occupants",
            "schedule", "turn", "pending", "excomm_tiles", "excomm_box", "rng", "options")
    checked_keys(d, need, "state")
    if not isinstance(d["players"], list):
        raise TypeError("players must be a list")
    players = []
    for i, p in enumerate(d["players"]):
        if not isinstance(p, dict):
            raise TypeError(f"players[{i}] must be a JSON object")
        checked_keys(p, ("name", "res", "cards", "excomms", "home", "bonus_tile"), f"players[{i}]")
        res = p["res"]
        if not isinstance(res, dict) or set(res) != set(RESOURCES) or not all(isinstance(v, int) for v in res.values()):
            raise ValueError(f"players[{i}].res must give an integer for each of {RESOURCES}")
        if not isinstance(p["cards"], dict) or set(p["cards"]) != set(CARD_TYPES):
            raise ValueError(f"players[{i}].cards must have the four card types")
        home = _strs(p["home"], f"players[{i}].home")
        if any(m not in MEMBERS for m in home):
            raise ValueError(f"players[{i}].home names an unknown family member")
        players.append(Player(p["name"], dict(res), {t: _ints(v, "cards") for t, v in p["cards"].items()},
                              _ints(p["excomms"], "excomms"), home, p["bonus_tile"]))
    if not isinstance(d["round"], int) or not 1 <= d["round"] <= 7:
        raise ValueError("round must be 1..7")
    if d["phase"] not in ("actions", "vatican", "over"):
        raise ValueError("phase must be actions, vatican or over")
    if not isinstance(d["towers"], dict) or set(d["towers"]) != set(CARD_TYPES):
        raise ValueError("towers must have the four card types")
    if not isinstance(d["pending"], list) or not all(isinstance(x, dict) and "player" in x and "kind" in x
                                                      for x in d["pending"]):
        raise ValueError("pending must be a list of decisions with player and kind")
    if not isinstance(d["dice"], dict) or not isinstance(d["occupants"], dict) or not isinstance(d["decks"], dict):
        raise TypeError("dice, occupants and decks must be objects")
    if not isinstance(d["turn"], int) or not isinstance(d["rng"], int) or not isinstance(d["options"], dict):
        raise TypeError("turn and rng must be integers, options an object")
    st = State(tuple(players), _strs(d["order"], "order"), d["round"], d["phase"], dict(d["dice"]),
               {t: _ints(v, "towers", True) for t, v in d["towers"].items()},
               {k: _ints(v, "decks") for k, v in d["decks"].items()}, _ints(d["discarded"], "discarded"),
               {k: _strs(v, "occupants") for k, v in d["occupants"].items()},
               _strs(d["schedule"], "schedule"), d["turn"], tuple(dict(x) for x in d["pending"]),
               _ints(d["excomm_tiles"], "excomm_tiles"), _ints(d["excomm_box"], "excomm_box"),
               d["rng"], dict(d["options"]))
    _check_contents(st)
    return st


def _check_contents(st: State) -> None:
    """Names, ids and ranges of a rebuilt state (raises ValueError saying what is wrong)."""
    from .data import COLOURED, load

    data = load()
    names = [p.name for p in st.players]
    if not 2 <= len(names) <= 4 or len(set(names)) != len(names) or not all(isinstance(n, str) and n
                                                                             for n in names):
        raise ValueError("players must be 2 to 4 distinct non-empty names")
    if sorted(st.order) != sorted(names) or not set(st.schedule) <= set(names):
        raise ValueError("order must list every player once; schedule may name only players")
    if not 0 <= st.turn <= len(st.schedule):
        raise ValueError(f"turn must be 0..{len(st.schedule)}")
    if set(st.dice) != set(COLOURED) or not all(isinstance(v, int) and 1 <= v <= 6 for v in st.dice.values()):
        raise ValueError(f"dice must give a value 1..6 for each of {COLOURED}")
    for p in st.players:
        if p.bonus_tile not in data.bonus_tiles:
            raise ValueError(f"{p.name}: unknown personal bonus tile {p.bonus_tile!r}")
        if any(v < 0 for v in p.res.values()):
            raise ValueError(f"{p.name} has a negative resource")
        if any(c not in data.cards or data.cards[c].type != t for t, row in p.cards.items() for c in row):
            raise ValueError(f"{p.name} holds an unknown card or a card in the wrong row")
        if any(e not in data.excommunications for e in p.excomms):
            raise ValueError(f"{p.name} carries an unknown excommunication tile")
    for t, row in st.towers.items():
        if len(row) != 4 or any(c is not None and (c not in data.cards or data.cards[c].type != t) for c in row):
            raise ValueError(f"the {t} tower must hold four floors of {t} cards (or null)")
    decks = {f"{t}-{period}" for t in CARD_TYPES for period in (1, 2, 3)}
    if set(st.decks) != decks or any(c not in data.cards for v in st.decks.values() for c in v):
        raise ValueError(f"decks must be {sorted(decks)} holding known card ids")
    if any(c not in data.cards for c in st.discarded):
        raise ValueError("discarded holds an unknown card id")
    if any(e not in data.excommunications for e in st.excomm_tiles + st.excomm_box):
        raise ValueError("unknown excommunication tile id")
    for d in st.pending:
        if d["player"] not in names or d["kind"] not in ("privilege", "cost", "trade", "vatican", "action"):
            raise ValueError(f"pending decision {d!r} names an unknown player or kind")
    spaces = {f"{t}-{f}" for t in CARD_TYPES for f in (1, 2, 3, 4)} | set(data.spaces)
    for space, who in st.occupants.items():
        if space not in spaces:
            raise ValueError(f"occupants names an unknown space {space!r}")
        for o in who:
            name, _, member = o.rpartition(":")
            if name not in names or member not in MEMBERS:
                raise ValueError(f"occupant {o!r} of {space} is not 'player:member'")
