"""The table model: a whole game at a table of people and bots, with no widget and no HTML.

A :class:`TableModel` holds a :class:`~fresco_kit.core.game.Game` and everything a table
adds to it: the seats (a person or a bot each, and the bots' pace), whose turn it is (the
engine's ``actor``), each seat's view (``state.view(seat)``, nothing more) and legal moves
in words, the step-by-step narrowing of a decision (:func:`narrow`), trying any move
(played, or refused with every rule that blocks it and nothing changed), an undo policy,
the bots' turns, the cited log (a secret simultaneous choice logged without the secret),
the scores, and save/load in the kit's JSON save format.

Everything it answers is plain data -- dataclasses of strings, tuples, dicts and
:class:`~fresco_kit.core.rules.RuleRef` s -- so ``dataclasses.asdict`` makes JSON of it:
the ipywidgets table (:mod:`fresco_kit.classroom.table`) renders it in a notebook, and a
server can send it to each seat's own device.

The model knows no game and no bot: a game's words (readable move texts, the steps that
narrow a decision, the status line; :class:`MoveWords`) and a bot resolver (``kind ->``
an object with ``choose(rules, state, player, rng)``, e.g. :func:`fresco_kit.sim.bots.make_bot`)
are given to it.  Without words it uses :class:`PlainWords` (the grammar's texts).

The narrowing lives in :mod:`.narrowing`, the records it answers with in
:mod:`.table_records`; everything is importable from here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .game import Game, Turn
from .narrowing import Move, MoveWords, Narrowing, PlainWords, narrow, step_label
from .random import Rng
from .record import SaveError
from .rules import RuleError
from .table_records import NOT_A_MOVE, NOT_YOURS, OVER, PLAYED, REFUSED, LogEntry, Outcome, SeatView, scores_data

__all__ = [
    "HUMAN",
    "NOTHING_TO_UNDO",
    "NOT_A_MOVE",
    "NOT_YOURS",
    "OVER",
    "PACES",
    "PLAYED",
    "REFUSED",
    "UNDO_POLICIES",
    "BotLike",
    "LogEntry",
    "Move",
    "MoveWords",
    "Narrowing",
    "Outcome",
    "PlainWords",
    "SeatView",
    "TableError",
    "TableModel",
    "narrow",
    "scores_data",
    "step_label",
]

#: the seat kind of a person; every other kind names a bot (resolved by the ``bots`` given)
HUMAN = "human"
#: the paces of the bots: ``auto`` plays their turns at once, ``step`` one per :meth:`TableModel.bot_step`
PACES: tuple[str, ...] = ("auto", "step")
#: who may undo: ``anyone`` at the table (the last move a person made, with the bots' moves
#: since), ``own`` (a seat its own last move, while no other person has moved since),
#: ``teacher`` (only the teacher), ``off`` (no one)
UNDO_POLICIES: tuple[str, ...] = ("anyone", "own", "teacher", "off")

#: the undo refusal when no move of a person is left to take back
NOTHING_TO_UNDO = "Nothing to undo."


class TableError(ValueError):
    """A table action its rules do not allow now (an undo the policy forbids, an unknown seat
    kind, a save of another game); the game is unchanged.  Not a game rule: those are
    :class:`~fresco_kit.core.rules.RuleError` s, answered as :data:`REFUSED` outcomes."""


class BotLike(Protocol):
    """A bot: the action ``player`` plays in ``state`` (looking only at their view)."""

    def choose(self, rules: Any, state: Any, player: str, rng: Rng) -> Any:
        """The action chosen."""


class TableModel:
    """A game at a table: seats, turns, views, moves, tries, undo, bots, log, saves.

    ``seats`` gives each player's kind in seat order (or by name): :data:`HUMAN` or a bot
    kind that ``bots`` resolves; all people by default.  ``words`` are the game's table
    words (:class:`PlainWords` by default), ``undo`` one of :data:`UNDO_POLICIES`, ``pace``
    one of :data:`PACES`.  At pace ``auto`` the bots play their turns at once -- after
    set-up, after every move of a person, and whenever a seat or the pace changes -- until a
    person must act or the game ends."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str] | Mapping[str, str] | None = None,
        *,
        bots: Callable[[str], BotLike] | None = None,
        words: MoveWords | None = None,
        undo: str = "anyone",
        pace: str = "auto",
    ):
        self.game = game
        self._words: MoveWords = words if words is not None else PlainWords(game.rules)
        self._resolve = bots
        players = game.players
        if seats is None:
            kinds = [HUMAN] * len(players)
        elif isinstance(seats, Mapping):
            if set(seats) != set(players):
                raise TableError(f"seats must name each player ({', '.join(players)}), not {sorted(seats)!r}")
            kinds = [seats[p] for p in players]
        else:
            kinds = list(seats)
        if len(kinds) != len(players):
            raise TableError(f"seats: one kind per player ({len(players)}), not {kinds!r}")
        self._kinds: dict[str, str] = {}
        self._bots: dict[tuple[str, str], BotLike] = {}
        for p, kind in zip(players, kinds):
            self._check_kind(p, kind)
            self._kinds[p] = kind
        self._check_choice("undo", undo, UNDO_POLICIES)
        self._check_choice("pace", pace, PACES)
        self._undo_policy, self._pace = undo, pace
        seed = game.seed or 0
        self._rngs = {p: Rng(seed * 7919 + i + 1) for i, p in enumerate(players)}
        self._marks: list[tuple[int, str]] = []  # (history length before, player) of each move by a person
        self._cache: tuple[Any, dict[str, list[tuple[Any, Move]]], dict[str, tuple[Move, ...]]] = (None, {}, {})
        self._logged: dict[int, tuple[Turn, LogEntry]] = {}
        self.advance()

    @property
    def words(self) -> MoveWords:
        """The game's table words; setting them rewrites the moves and the log in the new words."""
        return self._words

    @words.setter
    def words(self, words: MoveWords) -> None:
        self._words = words
        self._cache, self._logged = (None, {}, {}), {}

    # -- seats and turns ------------------------------------------------------
    @staticmethod
    def _check_choice(what: str, value: str, choices: tuple[str, ...]) -> None:
        if value not in choices:
            raise TableError(f"{what} must be one of {', '.join(choices)}, not {value!r}")

    def _check_kind(self, player: str, kind: str) -> None:
        """``kind`` is a person or a bot the resolver knows (the bot is kept for ``player``)."""
        if kind == HUMAN:
            return
        if not isinstance(kind, str) or self._resolve is None:
            raise TableError(f"seat kind {kind!r}: this table has no bots, only {HUMAN!r} seats")
        try:
            if (player, kind) not in self._bots:
                self._bots[(player, kind)] = self._resolve(kind)
        except ValueError as exc:
            raise TableError(f"seat kind {kind!r}: {exc}") from None

    @property
    def players(self) -> list[str]:
        """The players in seat order."""
        return list(self.game.players)

    @property
    def seats(self) -> dict[str, str]:
        """Each player's seat kind (:data:`HUMAN` or a bot kind), in seat order."""
        return dict(self._kinds)

    @property
    def humans(self) -> list[str]:
        """The players seated as people."""
        return [p for p, kind in self._kinds.items() if kind == HUMAN]

    def set_seat(self, player: str, kind: str) -> None:
        """Seat a person or a bot at ``player``'s place (then the bots answer, at pace auto)."""
        if player not in self._kinds:
            raise TableError(f"no seat {player!r}; the seats are {', '.join(self._kinds)}")
        self._check_kind(player, kind)
        self._kinds[player] = kind
        self.advance()

    @property
    def undo_policy(self) -> str:
        """Who may undo, one of :data:`UNDO_POLICIES` (a teacher may change it during the game)."""
        return self._undo_policy

    @undo_policy.setter
    def undo_policy(self, policy: str) -> None:
        self._check_choice("undo", policy, UNDO_POLICIES)
        self._undo_policy = policy

    @property
    def pace(self) -> str:
        """The bots' pace, one of :data:`PACES`; setting ``auto`` lets the bots answer at once."""
        return self._pace

    @pace.setter
    def pace(self, pace: str) -> None:
        self._check_choice("pace", pace, PACES)
        self._pace = pace
        self.advance()

    def to_act(self) -> tuple[str, ...]:
        """Who must act now (the engine's ``actor``; several while choices are simultaneous)."""
        return tuple(self.game.actor())

    def people_to_act(self) -> tuple[str, ...]:
        """The people among those who must act now."""
        return tuple(p for p in self.game.actor() if self._kinds[p] == HUMAN)

    def bots_to_act(self) -> tuple[str, ...]:
        """The bots among those who must act now."""
        return tuple(p for p in self.game.actor() if self._kinds[p] != HUMAN)

    def status(self) -> str:
        """The game's public status line (phase, round, who acts)."""
        return self.words.status(self.game.state)

    # -- views and moves ------------------------------------------------------
    def view(self, seat: str) -> dict[str, Any]:
        """The state as ``seat`` may see it (``state.view(seat)``), as save data."""
        self._seat(seat)
        return dict(self.game.state.view(seat).to_dict())

    def has_secrets(self, seat: str) -> bool:
        """Whether ``seat`` now sees anything another seat does not (a hand, a screen, a plan):
        when every seat's view is the same, as in a game with no hidden information, there is
        nothing to hide from the others (no pass-the-device screen is needed)."""
        self._seat(seat)
        state = self.game.state
        mine = state.view(seat).to_dict()
        return any(state.view(other).to_dict() != mine for other in self.players if other != seat)

    def options(self, seat: str) -> list[tuple[Any, Move]]:
        """``seat``'s legal moves now as (action object, :class:`Move`) pairs, for renderers in
        the same process; none when ``seat`` need not act.  Computed once per state."""
        self._seat(seat)
        state, known, moves = self._cache
        if state is not self.game.state:
            state, known, moves = self.game.state, {}, {}
            self._cache = (state, known, moves)
        if seat not in known:
            words, actors = self.words, self.game.actor()
            actions = self.game.rules.legal_actions(state, player=seat) if seat in actors else []
            known[seat] = [
                (a, Move(str(a), tuple(words.move_steps(state, a)), words.move_text(state, a))) for a in actions
            ]
            moves[seat] = tuple(m for _a, m in known[seat])
        return list(known[seat])

    def moves(self, seat: str) -> tuple[Move, ...]:
        """``seat``'s legal moves now (none when it need not act)."""
        self.options(seat)
        return self._cache[2][seat]

    def choose(self, seat: str, path: Sequence[str] = ()) -> Narrowing:
        """``seat``'s decision narrowed by ``path`` (see :func:`narrow`)."""
        return narrow(self.moves(seat), path)

    def seat_view(self, seat: str) -> SeatView:
        """All that ``seat`` may see now (see :class:`SeatView`)."""
        self._seat(seat)
        to_act = self.to_act()
        return SeatView(
            seat=seat,
            kind=self._kinds[seat],
            to_act=to_act,
            acting=seat in to_act,
            over=self.game.is_over,
            status=self.status(),
            view=self.view(seat),
            moves=self.moves(seat),
            scores=self.scores(),
            can_undo=self.undo_refusal(seat) is None,
        )

    def scores(self) -> dict[str, Any]:
        """The score sheet now as plain data (see :func:`scores_data`)."""
        return scores_data(self.game)

    def _seat(self, seat: str) -> None:
        if seat not in self._kinds:
            raise TableError(f"no seat {seat!r}; the seats are {', '.join(self._kinds)}")

    # -- playing --------------------------------------------------------------
    def play(self, text: str, seat: str | None = None) -> Outcome:
        """Try the move written ``text`` (the grammar's text): played if legal, then the bots
        answer (pace auto); otherwise refused with every rule that blocks it, nothing changed.

        With ``seat``, the move must be that seat's own and its turn (else :data:`NOT_YOURS`,
        with no reason that could tell about another player's hidden things); without it,
        any legal move is played (one shared device)."""
        game = self.game
        if game.is_over:
            return Outcome(OVER, problem="The game is over.")
        try:
            action = game.rules.parse_action(text)
        except ValueError as exc:
            return Outcome(NOT_A_MOVE, problem=str(exc))
        state, actors = game.state, tuple(game.actor())
        if seat is not None:
            self._seat(seat)
            if seat not in actors or self._player_of(state, action) != seat:
                return Outcome(
                    NOT_YOURS, str(action), problem=f"{seat} may not play this move now; to act: {', '.join(actors)}"
                )
        player = seat if seat is not None else self._player_of(state, action)
        mark = len(game.history)
        try:
            events = game.play(action)
        except RuleError as exc:  # every rule that blocks it; the game is unchanged
            return Outcome(REFUSED, str(action), reasons=exc.reasons)
        words = self.words.move_text(state, action)
        self._marks.append((mark, player))
        self.advance()
        return Outcome(PLAYED, str(action), words, tuple(events))

    def _player_of(self, state: Any, action: Any) -> str:
        """Who plays ``action`` in ``state``: the player it names, else the one to act whose move it is."""
        named = getattr(action, "player", None)
        if isinstance(named, str):
            return named
        actors = self.game.rules.actor(state)
        for p in actors[1:]:
            if action in self.game.rules.legal_actions(state, player=p):
                return str(p)
        return str(actors[0]) if actors else ""

    def _bot_play(self, player: str) -> None:
        bot = self._bots[(player, self._kinds[player])]  # resolved when the seat was taken
        self.game.play(bot.choose(self.game.rules, self.game.state, player, self._rngs[player]))

    def advance(self, limit: int = 100_000) -> int:
        """At pace ``auto``, the bots play until a person must act or the game ends; returns how
        many moves they made.  (Simultaneous choices: the bots choose one after another.)"""
        played = 0
        while self._pace == "auto" and played < limit and not self.game.is_over and self.bots_to_act():
            self._bot_play(self.bots_to_act()[0])
            played += 1
        return played

    def bot_step(self) -> bool:
        """One bot move (pace ``step``): the first bot to act plays; False if no bot must act."""
        bots = self.bots_to_act()
        if self.game.is_over or not bots:
            return False
        self._bot_play(bots[0])
        return True

    # -- undo -----------------------------------------------------------------
    def undo_refusal(self, seat: str | None = None, teacher: bool = False) -> str | None:
        """Why ``seat`` (or the teacher, or -- both None/False -- the shared device) may not undo
        now under the table's undo policy, or None if it may."""
        policy = self._undo_policy
        if policy == "off":
            return "Undo is off at this table."
        if policy == "teacher" and not teacher:
            return "Only the teacher may undo at this table."
        if not self._marks:
            return NOTHING_TO_UNDO
        if policy == "own" and not teacher:
            last = self._marks[-1][1]
            if seat != last:
                return f"Only {last} may undo their move, and only before another person moves."
        return None

    @property
    def undo_marks(self) -> tuple[tuple[int, str], ...]:
        """The moves of people that undo can take back, oldest first: (history length before it, player)."""
        return tuple(self._marks)

    def undo(self, seat: str | None = None, teacher: bool = False) -> int:
        """Take back the last move a person made and every bot move since; returns how many
        moves were taken back.  Raises :class:`TableError` when the undo policy forbids it."""
        refusal = self.undo_refusal(seat, teacher)
        if refusal is not None:
            raise TableError(refusal)
        mark, _player = self._marks.pop()
        steps = len(self.game.history) - mark
        self.game.undo(steps)
        return steps

    # -- the log ----------------------------------------------------------------
    def log(self, last: int | None = None) -> tuple[LogEntry, ...]:
        """The moves so far (the ``last`` ones when given), oldest first, with their events."""
        history = self.game.history
        start = 0 if last is None else max(0, len(history) - last)
        kept: dict[int, tuple[Turn, LogEntry]] = {}
        out = []
        for number, turn in enumerate(history[start:], start + 1):
            known = self._logged.get(id(turn))
            if known is None or known[0] is not turn or known[1].number != number:
                known = (turn, self._entry(number, turn))  # written once per move (ids are reused)
            kept[id(turn)] = known
            out.append(known[1])
        self._logged = kept
        return tuple(out)

    def _entry(self, number: int, turn: Turn) -> LogEntry:
        """One move of the log; a choice made while several choose at once is secret until all are
        made, so only the player is named (the engine's events say what all may know)."""
        player = self._player_of(turn.state_before, turn.action)
        secret = len(self.game.rules.actor(turn.state_before)) > 1
        text = player if secret else self.words.move_text(turn.state_before, turn.action)
        return LogEntry(number, player, text, secret, tuple(turn.events))

    # -- saves ----------------------------------------------------------------
    @property
    def memo(self) -> dict[str, Any]:
        """What the table keeps beside the game's save, as plain data: the undo marks (see
        :attr:`undo_marks`) and the state of each bot's random generator.  A table rebuilt from
        the save and this memo (:meth:`load` with ``memo``) undoes and plays on exactly as this one."""
        return {
            "marks": [[mark, player] for mark, player in self._marks],
            "rngs": {p: r.state for p, r in self._rngs.items()},
        }

    def _check_memo(self, memo: Any, game: Game) -> tuple[list[tuple[int, str]], dict[str, int]]:
        """``memo`` (see :attr:`memo`) checked against ``game``: a :class:`SaveError` names the bad field."""
        if not isinstance(memo, Mapping) or set(memo) != {"marks", "rngs"}:
            raise SaveError("memo: must be a dict of 'marks' and 'rngs'")
        marks, rngs = memo["marks"], memo["rngs"]
        players, moves = list(game.players), len(game.history)
        if not isinstance(marks, list) or not all(
            isinstance(m, list) and len(m) == 2 and type(m[0]) is int and 0 <= m[0] < moves and m[1] in players
            for m in marks
        ):
            raise SaveError("memo.marks: each must be [move number before it, player] within the save's history")
        if [m[0] for m in marks] != sorted({m[0] for m in marks}):
            raise SaveError("memo.marks: the move numbers must rise")
        if not isinstance(rngs, Mapping) or set(rngs) != set(players) or any(type(v) is not int for v in rngs.values()):
            raise SaveError("memo.rngs: one whole number per player")
        return [(m[0], m[1]) for m in marks], dict(rngs)

    def save(self) -> str:
        """The game in the kit's JSON save format (:meth:`Game.to_json`)."""
        return self.game.to_json()

    def filename(self) -> str:
        """A file name for the save, e.g. ``sixtina-seed7.json``."""
        seed = "" if self.game.seed is None else f"-seed{self.game.seed}"
        return f"{self.game.info.name}{seed}.json"

    def load(self, data: str | bytes, memo: Mapping[str, Any] | None = None) -> None:
        """Continue from a save (:meth:`Game.from_json`) of this game with these players; the
        moves of people in it can be undone.  With a ``memo`` (:attr:`memo` of the table that
        saved it) the undo marks and the bots' generators are restored as they were.  A bad
        file or memo raises :class:`SaveError` naming the field, and the table keeps its game."""
        game = Game.from_json(data)
        if game.info.name != self.game.info.name:
            raise SaveError(f"game: this table plays {self.game.info.name}, the file holds {game.info.name}")
        if game.players != self.game.players:
            raise SaveError(f"players: this table seats {', '.join(self.game.players)}, not {', '.join(game.players)}")
        kept = None if memo is None else self._check_memo(memo, game)
        self.game = game
        if kept is None:
            self._marks = [
                (i, self._player_of(t.state_before, t.action))
                for i, t in enumerate(game.history)
                if any(self._kinds[p] == HUMAN for p in game.rules.actor(t.state_before))
            ]
        else:
            self._marks = kept[0]
            for p, state in kept[1].items():
                self._rngs[p].state = state
        self._cache, self._logged = (None, {}, {}), {}
        self.advance()
