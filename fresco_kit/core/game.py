"""The ``Game`` session every engine shares: play, explain, preview, undo, replay, JSON.

A game's rules live in a *rules module* that follows :class:`RulesModule`.  The
session keeps the history of ``(action, events, state_before)`` and never changes a
state that history holds: ``rules.apply`` returns a new state.  Replay is exact
because all randomness is inside the state (:class:`fresco_kit.core.random.Rng`).
"""
from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from numbers import Integral
from typing import Any, Callable, Iterable, Protocol, Sequence

from .random import Rng
from .rules import Event, RuleError, Verdict
from .scoring import ScoreSheet

SAVE_FORMAT = "fresco-kit/game"
SAVE_VERSION = 1

#: game name -> module holding its rules (imported lazily).
GAME_MODULES = {
    "sixtina": "fresco_kit.sixtina.rules",
    "fresco": "fresco_kit.fresco.rules",
    "lorenzo": "fresco_kit.lorenzo.rules",
}


class SaveError(ValueError):
    """A saved game could not be loaded; the message says what is wrong."""


def checked_players(players: Any) -> list[str]:
    """The player names as a list, or a ValueError saying what is wrong.

    ``players`` is a list of names (not one string); names are distinct, non-empty
    strings without spaces, since action texts such as ``wake Red 7`` are split at
    spaces."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise ValueError(f"players must be a list of names, e.g. ['Red', 'White', 'Blue'], not {players!r}")
    players = list(players)
    for name in players:
        if not isinstance(name, str) or not name or len(name.split()) != 1 or name != name.strip():
            raise ValueError(f"player name {name!r} is not allowed: a name is a non-empty string "
                             f"without spaces (actions are written like 'wake Red 7')")
    if len(set(players)) != len(players):
        raise ValueError(f"player names must be distinct: {players!r}")
    return players


def checked_keys(d: dict, keys: Iterable[str], what: str) -> None:
    """A saved ``what`` (a dict) must have exactly ``keys``: a ValueError names the
    missing and the unknown ones."""
    keys = tuple(keys)
    missing = [k for k in keys if k not in d]
    unknown = sorted(str(k) for k in d if k not in keys)
    if missing or unknown:
        raise ValueError(f"{what}: " + "; ".join(
            ([f"missing key(s) {', '.join(missing)}"] if missing else [])
            + ([f"unknown key(s) {', '.join(unknown)}"] if unknown else [])))


def seat_of(players: Sequence[str], name: Any) -> int:
    """The seat (index) of player ``name`` in ``players``, or a ValueError naming the players."""
    for i, p in enumerate(players):
        if p == name:
            return i
    raise ValueError(f"unknown player {name!r}; players: {', '.join(players)}")


def checked_seed(seed: Any) -> int:
    """``seed`` as an int, or a ValueError if it is not a whole number."""
    if isinstance(seed, bool) or not isinstance(seed, Integral):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    return int(seed)


class RulesModule(Protocol):
    """What a game's ``rules`` module provides (see DESIGN.md, the engine contract).

    - ``GAME``: the game's name (``"sixtina"``).
    - ``new_state(players, seed, options) -> State``: setup, as the rulebook says.
    - ``checks(state, action) -> list[(message, RuleRef)]``: every broken rule; empty
      means legal.  The single source of legality.
    - ``apply(state, action) -> (new_state, events)``: only called when ``checks`` is
      empty; must not mutate ``state``.
    - ``legal_actions(state) -> list[Action]``: every action for which ``checks`` is
      empty, in a deterministic order.
    - ``is_over(state) -> bool`` and ``scores(state) -> ScoreSheet``.
    - ``parse_action(text) -> Action``: the inverse of ``str(action)``.
    - ``state_from_dict(data) -> State`` (validating), and ``State.to_dict()``.
    Optional: ``sample_action(state, rng) -> Action`` for fast random play.
    """

    GAME: str

    def new_state(self, players: Sequence[str], seed: int, options: dict) -> Any: ...
    def checks(self, state: Any, action: Any) -> list: ...
    def apply(self, state: Any, action: Any) -> tuple[Any, list[Event]]: ...
    def legal_actions(self, state: Any) -> list: ...
    def is_over(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> ScoreSheet: ...
    def parse_action(self, text: str) -> Any: ...
    def state_from_dict(self, data: dict) -> Any: ...


@dataclass(frozen=True)
class Turn:
    """One entry of the history: the action, what it caused, and the state before it."""

    action: Any
    events: tuple[Event, ...]
    state_before: Any


@dataclass(frozen=True)
class Preview:
    """What an action would do, without committing it."""

    events: tuple[Event, ...]
    state: Any


class Game:
    """A game session over a rules module.

    >>> from fresco_kit import sixtina
    >>> game = sixtina.new_game(["Red", "White", "Blue"], seed=7)   # doctest: +SKIP
    """

    def __init__(self, rules: RulesModule, players: Sequence[str], seed: int = 0,
                 options: dict | None = None, state: Any = None):
        players, seed = checked_players(players), checked_seed(seed)
        self.rules = rules
        self.players = players
        self.seed = seed
        self.options = dict(options or {})
        self.initial_state = state if state is not None else rules.new_state(players, self.seed, self.options)
        self.state = self.initial_state
        self.history: list[Turn] = []

    # -- asking -------------------------------------------------------------
    def legal_actions(self) -> list:
        """Every legal action now, in a deterministic order."""
        return self.rules.legal_actions(self.state)

    def explain(self, action: Any) -> Verdict:
        """Whether ``action`` is legal now, with *every* rule it would break."""
        action = self._coerce(action)
        return Verdict.of(self.rules.checks(self.state, action))

    def preview(self, action: Any) -> Preview:
        """The events and resulting state of ``action``; nothing is committed.

        Raises :class:`RuleError` if the action is illegal."""
        action = self._coerce(action)
        new_state, events = self._apply(action)
        return Preview(tuple(events), new_state)

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def scores(self) -> ScoreSheet:
        return self.rules.scores(self.state)

    # -- doing --------------------------------------------------------------
    def play(self, action: Any) -> list[Event]:
        """Play ``action`` (an action object or its text).

        Returns the events; raises :class:`RuleError` naming every broken rule, in which
        case nothing changes."""
        action = self._coerce(action)
        new_state, events = self._apply(action)
        self.history.append(Turn(action, tuple(events), self.state))
        self.state = new_state
        return list(events)

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions."""
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0 or steps > len(self.history):
            raise ValueError(f"cannot undo {steps} action(s); history holds {len(self.history)}")
        for _ in range(steps):
            self.state = self.history.pop().state_before

    def _apply(self, action: Any) -> tuple[Any, list[Event]]:
        reasons = self.rules.checks(self.state, action)
        if reasons:
            raise RuleError(reasons)
        return self.rules.apply(self.state, action)

    def _coerce(self, action: Any) -> Any:
        return self.rules.parse_action(action) if isinstance(action, str) else action

    @property
    def actions(self) -> list:
        return [t.action for t in self.history]

    # -- replay and saving --------------------------------------------------
    @classmethod
    def replay(cls, rules: RulesModule, players: Sequence[str], seed: int, options: dict | None,
               actions: Sequence[Any]) -> "Game":
        """Rebuild a game from its seed and actions (objects or text)."""
        game = cls(rules, players, seed, options)
        for action in actions:
            game.play(action)
        return game

    def to_dict(self) -> dict:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.rules.GAME,
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options,
            "actions": [str(a) for a in self.actions],
            "state": self.state.to_dict(),
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Game":
        """Load a saved game, validating it.

        The actions are replayed from the seed and the result must equal the saved
        state, so a hand-edited or corrupted file is refused with :class:`SaveError`
        saying where it went wrong."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise SaveError(f"not a saved game: invalid JSON ({exc})") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> "Game":
        if not isinstance(data, dict):
            raise SaveError("not a saved game: expected a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a saved game: 'format' must be {SAVE_FORMAT!r}")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"unsupported save version {data.get('version')!r} (this kit reads {SAVE_VERSION})")
        missing = [k for k in ("game", "players", "seed", "options", "actions", "state") if k not in data]
        if missing:
            raise SaveError(f"saved game lacks {', '.join(missing)}")
        name = data["game"]
        if not isinstance(name, str) or name not in GAME_MODULES:
            raise SaveError(f"unknown game {name!r}; known: {', '.join(GAME_MODULES)}")
        if not isinstance(data["players"], list) or not isinstance(data["actions"], list):
            raise SaveError("'players' and 'actions' must be lists")
        if not isinstance(data["seed"], int) or not isinstance(data["options"], dict):
            raise SaveError("'seed' must be an integer and 'options' an object")
        rules = importlib.import_module(GAME_MODULES[name])
        try:
            game = cls(rules, data["players"], data["seed"], data["options"])
        except (ValueError, TypeError, KeyError) as exc:
            raise SaveError(f"cannot set up the saved game: {exc}") from None
        for i, text in enumerate(data["actions"]):
            try:
                game.play(text)
            except (RuleError, ValueError, TypeError, KeyError) as exc:
                raise SaveError(f"action {i + 1} ({text!r}) cannot be replayed: {exc}") from None
        try:
            saved = rules.state_from_dict(data["state"])
        except (ValueError, TypeError, KeyError) as exc:
            raise SaveError(f"saved state is malformed: {exc}") from None
        if saved != game.state:
            raise SaveError("saved state does not match the replayed actions (file edited or corrupted)")
        return game

    def __repr__(self) -> str:
        return (f"<{self.rules.GAME} game: {', '.join(self.players)}; seed {self.seed}; "
                f"{len(self.history)} action(s){'; over' if self.is_over else ''}>")


def random_playout(game: Game, rng: Rng, max_actions: int = 100_000,
                   after_each: Callable[[Game, Any, int], None] | None = None) -> int:
    """Play random legal actions until the game ends; returns the number played.

    Uses the rules module's ``sample_action`` when it has one, else a uniform choice
    of ``legal_actions``.  ``after_each(game, action, count)`` runs after every action
    (e.g. to check invariants).  Raises ``RuntimeError`` if the game does not end."""
    sample = getattr(game.rules, "sample_action", None)
    for n in range(max_actions):
        if game.is_over:
            return n
        action = sample(game.state, rng) if sample else rng.choice(game.legal_actions())
        game.play(action)
        if after_each is not None:
            after_each(game, action, n + 1)
    if game.is_over:
        return max_actions
    raise RuntimeError(f"game did not end within {max_actions} actions")
