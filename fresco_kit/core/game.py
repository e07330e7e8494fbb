"""The ``Game`` session every engine shares: play, explain, preview, undo, replay, JSON.

A game's rules live in a *rules module* that follows :class:`RulesModule`.  The
session keeps the history of ``(action, events, state_before)`` and never changes a
state that history holds: ``rules.apply`` returns a new state.  Replay is exact
because all randomness is inside the state (:class:`fresco_kit.core.random.Rng`).

A save (:meth:`Game.to_json`) holds the start state and the actions, both readable;
loading replays the actions from that start, so any position saves and loads, also
one built by hand, and a damaged file is refused with a :class:`SaveError` that names
the field.
"""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from html import escape
from numbers import Integral
from typing import Any, NamedTuple

from . import jsontext
from .interface import GameDescription, RulesModule
from .plugins import GAMES, info_of
from .random import Rng
from .record import SaveError, field_error, shown
from .rules import Event, RuleError, Verdict
from .scoring import ScoreSheet

__all__ = ["Game", "Preview", "RulesModule", "Turn", "random_playout", "seat_of"]

SAVE_FORMAT = "fresco-kit/game"
#: 4: Fresco's action texts write the squares of the fresco counted from 1, as the board shows
#: them (``restore Red 2,3 bishop 2,2``), where version 3 counted them from 0; the state's form
#: is the same in both.  3: every state carries its data patch (``data``, see seeds/README.md);
#: 2 had none
SAVE_VERSION = 4
#: the save versions this kit loads: a version-3 save's action texts go through the game's
#: ``upgrade_action`` (when its rules module has one) before they are replayed
READ_VERSIONS = (3, 4)
SAVE_KEYS = ("format", "version", "game", "players", "seed", "options", "start", "actions", "state")


def checked_players(players: Any) -> list[str]:
    """The player names as a list, or a ValueError saying what is wrong.

    ``players`` is a list of names (not one string); names are distinct, non-empty
    strings of one word without commas, since action texts such as ``wake Red 7`` are
    split at spaces and lists are written with commas."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise ValueError(f"players must be a list of names, e.g. ['Red', 'White', 'Blue'], not {players!r}")
    players = list(players)
    for name in players:
        if not isinstance(name, str) or not name or len(name.split()) != 1 or name != name.strip() or "," in name:
            raise ValueError(
                f"player name {name!r} is not allowed: a name is one word without commas "
                f"(actions are written like 'wake Red 7')"
            )
    if len(set(players)) != len(players):
        raise ValueError(f"player names must be distinct: {players!r}")
    return players


def seat_of(players: Sequence[str], name: Any) -> int:
    """The seat (index) of player ``name`` in ``players``, or a ValueError naming the players."""
    for i, p in enumerate(players):
        if p == name:
            return i
    raise ValueError(f"unknown player {name!r}; players: {', '.join(players)}")


def checked_seed(seed: Any) -> int:
    """``seed`` as an int, or a ValueError if it is not a whole number below 2**64 in size."""
    if isinstance(seed, bool) or not isinstance(seed, Integral) or not -(2**64) < int(seed) < 2**64:
        raise ValueError(f"seed must be a whole number below 2**64 in size, not {shown(seed)}")
    return int(seed)


def checked_keys(d: dict, keys: Iterable[str], what: str) -> None:
    """A saved ``what`` (a dict) must have exactly ``keys`` (ValueError otherwise).

    Kept while the games move to :class:`~fresco_kit.core.record.Record`."""
    keys = tuple(keys)
    missing = [k for k in keys if k not in d]
    unknown = sorted(str(k) for k in d if k not in keys)
    if missing or unknown:
        raise ValueError(
            f"{what}: "
            + "; ".join(
                ([f"missing key(s) {', '.join(missing)}"] if missing else [])
                + ([f"unknown key(s) {', '.join(unknown)}"] if unknown else [])
            )
        )


def game_info(name: str) -> GameDescription:
    """The description of registered game ``name`` (its ``GameInfo``, as the session needs it)."""
    info: GameDescription = info_of(name)
    return info


class Turn(NamedTuple):
    """One entry of the history: the action, what it caused, and the state before it (a
    named tuple: one is made for every action played, and a tuple is the cheapest record)."""

    action: Any
    events: tuple[Event, ...]
    state_before: Any


#: ``Turn(action, events, state_before)`` made by tuple's own constructor, as :meth:`Game.play`
#: does at every action (a named tuple's ``__new__`` is a Python function: one call more)
_new_turn: Callable[[tuple[Any, tuple[Event, ...], Any]], Turn] = partial(tuple.__new__, Turn)


@dataclass(frozen=True)
class Preview:
    """What an action would do, without committing it."""

    events: tuple[Event, ...]
    state: Any


class Game:
    """A game session over a rules module.

    ``Game(rules, players, seed, options)`` sets a game up from a seed (a whole
    number); with ``state`` it starts from that position instead (players and options
    are then the state's, and ``seed`` is ``None`` unless given): that is how a
    constructed position becomes a game (or :meth:`with_state`).  :attr:`state` is
    read-only: it changes only by playing or undoing, so a save (the start state and
    the actions) always leads to it.

    >>> from fresco_kit import sixtina
    >>> game = sixtina.new_game(["Red", "White", "Blue"], seed=7)   # doctest: +SKIP
    """

    def __init__(
        self,
        rules: RulesModule,
        players: Sequence[str] | None = None,
        seed: int | None = None,
        options: dict | None = None,
        state: Any = None,
    ):
        self.rules = rules
        self.info = game_info(rules.GAME)
        if state is None:
            if players is None:
                raise ValueError(f"name the players, e.g. {self.info.players()}")
            self.players = checked_players(players)
            self.info.check_player_count(len(self.players))
            self.seed: int | None = checked_seed(seed)
            self.options = self.info.check_options(options)
            state = rules.new_state(self.players, self.seed, self.options)
        else:
            self.players = list(state.names)
            self.seed = None if seed is None else checked_seed(seed)
            self.options = dict(state.options)
            if players is not None and list(players) != self.players:
                raise ValueError(f"players {list(players)!r} differ from the state's {self.players!r}")
            if options and self.info.check_options(options) != self.options:
                raise ValueError(f"options {options!r} differ from the state's {self.options!r}")
        self.initial_state = state
        self._state = state
        self.history: list[Turn] = []

    @property
    def state(self) -> Any:
        """The position now (read-only: play, undo, or start a new session from a
        position with :meth:`with_state`)."""
        return self._state

    @state.setter
    def state(self, value: Any) -> None:
        raise AttributeError(
            "Game.state is read-only: play or undo actions, or start a game at a position with "
            "Game(rules, state=...) or game.with_state(state)"
        )

    def with_state(self, state: Any) -> Game:
        """A new session of this game starting at ``state`` (e.g. an edited position): its
        start state is ``state``, its history empty and its seed ``None`` (no seed sets that
        position up), so it saves and loads back."""
        return Game(self.rules, state=state)

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

    def actor(self) -> tuple[str, ...]:
        """Who must act now (several players while choices are simultaneous)."""
        return tuple(self.rules.actor(self.state))

    def view(self, player: str) -> Any:
        """The state as ``player`` sees it (hidden information left out)."""
        return self.state.view(player)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.rules.is_over(self.state)

    def scores(self) -> ScoreSheet:
        """The score sheet now (final once the game is over)."""
        return self.rules.scores(self.state)

    # -- doing --------------------------------------------------------------
    def play(self, action: Any) -> list[Event]:
        """Play ``action`` (an action object or its text).

        Returns the events; raises :class:`RuleError` naming every broken rule, in which
        case nothing changes, and ``ValueError`` for something that is not an action."""
        if not isinstance(action, self.rules.ACTIONS):  # text, or not an action at all
            action = self._coerce(action)
        new_state, events = self._apply(action)
        self.history.append(_new_turn((action, tuple(events), self._state)))
        self._state = new_state
        return events  # the rules' own new list (the history keeps its copy)

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions."""
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0 or steps > len(self.history):
            raise ValueError(f"cannot undo {steps} action(s); history holds {len(self.history)}")
        for _ in range(steps):
            self._state = self.history.pop().state_before

    def _apply(self, action: Any) -> tuple[Any, list[Event]]:
        state = self._state
        reasons = self.rules.checks(state, action)
        if reasons:
            raise RuleError(reasons)
        return self.rules.apply(state, action)

    def _coerce(self, action: Any) -> Any:
        if isinstance(action, str):
            return self.rules.parse_action(action)
        if not isinstance(action, self.rules.ACTIONS):
            kinds = ", ".join(cls.__name__ for cls in self.rules.ACTIONS)
            legal = [] if self.is_over else self.legal_actions()
            example = f", such as {str(legal[0])!r}" if legal else ""
            raise ValueError(f"{action!r} is not a {self.info.title} action: play one of {kinds}, or its text{example}")
        return action

    @property
    def actions(self) -> list:
        """The actions played so far, in order."""
        return [t.action for t in self.history]

    # -- replay and saving --------------------------------------------------
    @classmethod
    def replay(
        cls, rules: RulesModule, players: Sequence[str], seed: int, options: dict | None, actions: Sequence[Any]
    ) -> Game:
        """Rebuild a game from its seed and actions (objects or text)."""
        game = cls(rules, players, seed, options)
        for action in actions:
            game.play(action)
        return game

    def to_dict(self) -> dict:
        """The save: who, which options, the start state, the actions and the state now."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.rules.GAME,
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options,
            "start": self.initial_state.to_dict(),
            "actions": [str(a) for a in self.actions],
            "state": self.state.to_dict(),
        }

    def to_json(self, indent: int | None = None) -> str:
        """The save as JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), indent=indent, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a saved game, checking it.

        The text is read strictly (:func:`fresco_kit.core.jsontext.loads`: at most
        :data:`~fresco_kit.core.jsontext.MAX_JSON_BYTES`, refused unparsed beyond;
        no duplicate keys).
        The start state is checked field by field, the actions are replayed from it,
        and the result must equal the saved state; anything wrong raises
        :class:`SaveError` naming the field.

        Versions (:data:`SAVE_VERSION`, :data:`READ_VERSIONS`): the kit writes version 4
        and reads 3 and 4.  They differ only in Fresco's action texts: version 4 counts the
        fresco's rows and columns from 1, as the board shows them (``restore Red 2,3``),
        version 3 from 0 (``restore Red 1,2``, the same move), so a version-3 Fresco save's
        squares are converted when it loads (the game's ``upgrade_action``) and it saves
        again as version 4; the other games' version-3 saves load unchanged."""
        return cls.from_dict(jsontext.loads(text, "saved game"))

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Load a save from :meth:`to_dict` data (see :meth:`from_json`)."""
        if not isinstance(data, dict):
            raise SaveError("not a saved game: expected a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise field_error("format", repr(SAVE_FORMAT), data.get("format"))
        version = data.get("version")
        if type(version) is not int or version not in READ_VERSIONS:
            readable = " or ".join(map(str, READ_VERSIONS))
            raise field_error("version", f"{readable} (the save versions this kit reads)", version)
        unknown = [k for k in data if k not in SAVE_KEYS]
        if unknown:
            raise field_error(str(unknown[0]), f"unknown key; a save has {', '.join(SAVE_KEYS)}")
        missing = [k for k in SAVE_KEYS if k not in data]
        if missing:
            raise field_error(missing[0], "missing")
        name = data["game"]
        if not isinstance(name, str) or name not in GAMES:
            raise field_error("game", f"one of {', '.join(GAMES)}", name)
        info = game_info(name)
        rules = info.rules
        players, seed, options = data["players"], data["seed"], data["options"]
        try:
            players = checked_players(players if isinstance(players, list) else ())
            info.check_player_count(len(players))
        except ValueError as exc:
            raise SaveError(f"players: {exc}") from None
        if seed is not None and (type(seed) is not int or not -(2**64) < seed < 2**64):
            raise field_error("seed", "a whole number below 2**64 in size, or null", seed)
        try:
            options = info.check_options(options)
        except ValueError as exc:
            raise SaveError(f"options: {exc}") from None
        start = _load_state(rules, data["start"], "start")
        if list(start.names) != players:
            raise field_error("players", f"the start state's players {list(start.names)!r}", data["players"])
        if dict(start.options) != options:
            raise field_error("options", f"the start state's options {dict(start.options)!r}", data["options"])
        if seed is not None and rules.new_state(players, seed, options) != start:
            # a seeded save is replayable from its seed: its start must be the one the seed sets up
            raise SaveError(
                f"seed: the start state is not the one seed {seed} sets up (file edited or corrupted); "
                "a position built by hand is saved with seed null"
            )
        game = cls(rules, seed=seed, state=start)
        actions = data["actions"]
        if type(actions) is not list:
            raise field_error("actions", "a list of action texts", actions)
        upgrade = getattr(rules, "upgrade_action", None) if version < SAVE_VERSION else None
        for i, text in enumerate(actions):
            if type(text) is not str:
                raise field_error(f"actions[{i}]", "an action text", text)
            try:
                game.play(upgrade(text, version) if upgrade else text)
            except ValueError as exc:  # RuleError is a ValueError
                raise SaveError(f"actions[{i}]: {text!r} cannot be replayed: {exc}") from None
        saved = _load_state(rules, data["state"], "state")
        if saved != game.state:
            where = _first_difference(saved.to_dict(), game.state.to_dict(), "state")
            raise SaveError(
                f"{where}: the saved state does not match the state the actions lead to (file edited or corrupted)"
            )
        return game

    # -- pickling (for worker processes; saves are JSON only) ------------------
    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        del state["rules"], state["info"]
        state["game"] = self.rules.GAME
        return state

    def __setstate__(self, state: dict) -> None:
        state = dict(state)
        info = game_info(state.pop("game"))
        self.__dict__.update(state, rules=info.rules, info=info)

    def __repr__(self) -> str:
        return (
            f"<{self.rules.GAME} game: {', '.join(self.players)}; seed {self.seed}; "
            f"{len(self.history)} action(s){'; over' if self.is_over else ''}>"
        )

    # -- rich display in a notebook: a bare ``game`` in a cell shows the board and scores
    def _repr_html_(self) -> str:
        """Who plays, how far the game is, the board (as an image with alt text) and the scores.

        JupyterLab shows the richest form only, so the board goes inside the HTML."""
        last = f"; last: {self.history[-1].action!s}" if self.history else ""
        summary = (
            f"{self.info.title}: {', '.join(self.players)}; "
            f"{len(self.history)} action(s){last}{'; the game is over' if self.is_over else ''}"
        )
        png = self._repr_png_()
        board = (
            f'<img alt="{escape(summary)}: the board" src="data:image/png;base64,{base64.b64encode(png).decode()}">'
            if png
            else ""
        )
        return f"<p><b>{escape(summary)}</b></p>{board}{self.scores()._repr_html_()}"

    def _repr_png_(self) -> bytes | None:
        """The board drawn by the game's drawing part (``draw.board(state)``), as PNG
        (None if the game has no drawings)."""
        draw = self.info.draw
        if draw is None:
            return None
        import matplotlib.pyplot as plt

        fig = draw.board(self.state)
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
        plt.close(fig)
        return buffer.getvalue()


def _load_state(rules: RulesModule, data: Any, path: str) -> Any:
    """A state from save data, as a :class:`SaveError` naming the field if it is bad."""
    try:
        return rules.state_from_dict(data, path)
    except SaveError:
        raise
    except (ValueError, TypeError, KeyError) as exc:  # games not yet on the Record base
        raise SaveError(f"{path}: {exc}") from None


def _first_difference(a: Any, b: Any, path: str) -> str:
    """The path of the first place where two pieces of JSON data differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if a.get(key, _MISSING) != b.get(key, _MISSING):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path


_MISSING = object()


def random_playout(
    game: Game, rng: Rng, max_actions: int = 100_000, after_each: Callable[[Game, Any, int], None] | None = None
) -> int:
    """Play random legal actions until the game ends; returns the number played.

    Uses the rules module's ``sample_action`` when it has one, else a uniform choice
    of ``legal_actions``.  ``after_each(game, action, count)`` runs after every action
    (e.g. to check invariants).  Raises ``RuntimeError`` if the game does not end."""
    sample = getattr(game.rules, "sample_action", None)
    is_over = game.rules.is_over
    for n in range(max_actions):
        state = game._state  # the property's value, read without its call (every action)
        if is_over(state):
            return n
        action = sample(state, rng) if sample else rng.choice(game.legal_actions())
        game.play(action)
        if after_each is not None:
            after_each(game, action, n + 1)
    if game.is_over:
        return max_actions
    raise RuntimeError(f"game did not end within {max_actions} actions")
