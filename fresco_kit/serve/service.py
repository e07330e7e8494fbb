"""The table service: every served table as a :class:`~fresco_kit.core.table.TableModel`,
backed by the SQLite :class:`~.store.Store`, with the seats' tokens and the teacher's
controls (pause, undo, end).

- Each change (a move, a bot's move, an undo, pause, resume, end) is committed to the store
  *before* anyone is told (:meth:`TableService.subscribe` queues get the table's new version
  only after the commit), so a move a seat has seen is never lost by a restart.
- On :meth:`TableService.start`, every stored table is rebuilt from its save and the model's
  memo (undo marks, the bots' generators): it plays on exactly as before.
- **Pause** is the teacher's: no move while paused, the bots' included.  The models play at
  pace ``step``; the service moves the bots itself (one task per table, each bot move in a
  worker thread, committed one by one), so pausing stops them between two moves.
- Tokens are ``secrets.token_urlsafe`` and compared with ``hmac.compare_digest``.

It speaks Python, not HTTP: :mod:`.app` turns its :class:`ServeError` s into responses.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import logging
import secrets
import time
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import anyio

from fresco_kit.classroom.table_parts import TableParts, parts_for
from fresco_kit.core.game import Game, checked_players
from fresco_kit.core.record import SaveError
from fresco_kit.core.registry import GAMES, GameInfo, game_info
from fresco_kit.core.rules import RuleRef
from fresco_kit.core.table import HUMAN, UNDO_POLICIES, Outcome, TableError, TableModel
from fresco_kit.sim.bots import make_bot

from .store import Row, Store

log = logging.getLogger("fresco_kit.serve")

#: the seat kinds a table may take: a person, or one of the kit's bots (``fresco_kit.sim.bots``)
SEAT_KINDS: tuple[str, ...] = (HUMAN, "random", "greedy", "mcts")
#: the longest player name
MAX_NAME = 32
#: how many tables may be live (not ended) at once, by default
MAX_TABLES = 64


class ServeError(Exception):
    """A request the service refuses: ``status`` is the HTTP status it maps to, ``message``
    says why (naming the field or the rule), ``reasons`` the rules of a refused move."""

    def __init__(self, status: int, message: str, reasons: Sequence[tuple[str, RuleRef]] = ()):
        super().__init__(message)
        self.status, self.message, self.reasons = status, message, tuple(reasons)


def new_token() -> str:
    """An unguessable token (96 random bits, URL-safe)."""
    return secrets.token_urlsafe(12)


def same(given: object, token: str) -> bool:
    """Whether ``given`` is ``token``, compared in constant time."""
    return isinstance(given, str) and hmac.compare_digest(given.encode(), token.encode())


def rule_data(ref: RuleRef | None) -> dict[str, str] | None:
    """A rule as JSON: game, checklist id, rulebook section and the citation."""
    if ref is None:
        return None
    return {"game": ref.game, "id": ref.id, "section": ref.section, "citation": ref.citation}


def reasons_data(reasons: Sequence[tuple[str, RuleRef]]) -> list[dict[str, Any]]:
    """Every reason of a refusal as JSON: its message and its rule."""
    return [{"message": message, "rule": rule_data(ref)} for message, ref in reasons]


@dataclass
class Served:
    """One served table: its model and what the service adds (tokens, pause, end, times)."""

    id: str
    info: GameInfo
    model: TableModel
    tokens: dict[str, str]
    projector: str
    seed: int
    options: dict[str, Any]
    paused: bool = False
    ended: bool = False
    created: float = field(default_factory=time.time)
    moved: float = field(default_factory=time.time)
    #: bumped by every committed change
    version: int = 0
    #: how many log entries the store holds
    logged: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    driver: asyncio.Task[None] | None = field(default=None, repr=False)

    @property
    def live(self) -> bool:
        """Whether the table still counts against the cap (not ended)."""
        return not self.ended

    def seat_of(self, token: object) -> str | None:
        """The seat whose token is ``token`` (every token compared in constant time), or None."""
        found = None
        for seat, known in self.tokens.items():
            if same(token, known):
                found = seat
        return found

    def meta(self) -> dict[str, Any]:
        """What the store keeps beside the save and the log."""
        m = self.model
        return {
            "game": self.info.name,
            "players": m.players,
            "seats": m.seats,
            "tokens": self.tokens,
            "projector": self.projector,
            "seed": self.seed,
            "options": self.options,
            "undo": m.undo_policy,
            "paused": self.paused,
            "ended": self.ended,
            "created": self.created,
            "moved": self.moved,
            "version": self.version,
            "memo": m.memo,
        }

    def summary(self) -> dict[str, Any]:
        """The table for the teacher's list: game, status, whose turn, scores, times."""
        m = self.model
        return {
            "id": self.id,
            "game": self.info.name,
            "title": self.info.title,
            "status": m.status(),
            "to_act": list(m.to_act()),
            "over": m.game.is_over,
            "paused": self.paused,
            "ended": self.ended,
            "moves": len(m.game.history),
            "scores": m.scores()["totals"],
            "seats": m.seats,
            "undo": m.undo_policy,
            "moved": self.moved,
            "version": self.version,
        }


def check_names(players: Any, info: GameInfo) -> list[str]:
    """The player names of a new table: a count (the game's default names) or a list of names,
    each 1..:data:`MAX_NAME` printable characters, no two alike (ValueError naming the field)."""
    try:
        if players is None:
            return info.players()
        if type(players) is int:
            return info.players(players)
    except ValueError as exc:
        raise ValueError(f"players: {exc}") from None
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ValueError("players: give a player count or a list of names")
    names = [unicodedata.normalize("NFC", p.strip()) for p in players]
    try:
        info.check_player_count(len(names))
    except ValueError as exc:
        raise ValueError(f"players: {exc}") from None
    for name in names:
        if not 1 <= len(name) <= MAX_NAME:
            raise ValueError(f"players: each name must have 1 to {MAX_NAME} characters, not {name!r}")
        if any(unicodedata.category(c).startswith("C") for c in name):
            raise ValueError(f"players: a name may not hold control characters: {name!r}")
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError("players: the names must differ")
    try:
        return checked_players(names)
    except ValueError as exc:
        raise ValueError(f"players: {exc}") from None


def check_seats(seats: Any, names: list[str]) -> list[str]:
    """One seat kind per player (a list in seat order or a dict by name; all people by default)."""
    if seats is None:
        return [HUMAN] * len(names)
    if isinstance(seats, Mapping):
        unknown = [k for k in seats if k not in names]
        if unknown:
            raise ValueError(f"seats: no player {unknown[0]!r}; the players are {', '.join(names)}")
        seats = [seats.get(n, HUMAN) for n in names]
    if not isinstance(seats, list) or len(seats) != len(names):
        raise ValueError(f"seats: one kind per player ({len(names)}), each one of {', '.join(SEAT_KINDS)}")
    for kind in seats:
        if kind not in SEAT_KINDS:
            raise ValueError(f"seats: {kind!r} is not a seat kind; the kinds are {', '.join(SEAT_KINDS)}")
    return list(seats)


class TableService:
    """Every served table, its store, and who is listening (see the module doc)."""

    def __init__(self, store: Store, *, max_tables: int = MAX_TABLES, bot_delay: float = 0.0):
        self.store = store
        self.max_tables = max_tables
        self.bot_delay = bot_delay
        self.tables: dict[str, Served] = {}
        self._parts: dict[str, TableParts] = {}
        self._listeners: dict[str, set[asyncio.Queue[int]]] = {}

    # -- building and restoring --------------------------------------------------
    def parts(self, info: GameInfo) -> TableParts:
        """The game's table parts (its words, board, private view), made once."""
        if info.name not in self._parts:
            self._parts[info.name] = parts_for(info)
        return self._parts[info.name]

    def _model(self, game: Game, seats: list[str], undo: str) -> TableModel:
        return TableModel(
            game, seats, bots=make_bot, words=self.parts(game_info(game.info.name)), undo=undo, pace="step"
        )

    def start(self) -> None:
        """Rebuild every stored table (as it was committed last) and let its bots play on."""
        for row in self.store.rows():
            try:
                t = self._restore(row)
            except (SaveError, ValueError, KeyError, TypeError) as exc:  # e.g. a game no longer registered
                log.warning("table %s not restored: %s", row.id, exc)
                continue
            self.tables[t.id] = t
            self._wake_bots(t)

    def _restore(self, row: Row) -> Served:
        meta = row.meta
        info = game_info(meta["game"])
        fresh = info.new_game(meta["players"], meta["seed"], **meta["options"])
        model = self._model(fresh, [meta["seats"][p] for p in meta["players"]], meta["undo"])
        model.load(row.save, meta["memo"])
        t = Served(row.id, info, model, dict(meta["tokens"]), meta["projector"], meta["seed"], meta["options"])
        for key in ("paused", "ended", "created", "moved", "version"):
            setattr(t, key, meta[key])
        t.logged = len(self.store.log(row.id))
        return t

    def create(
        self,
        game: Any,
        players: Any = None,
        seed: Any = 0,
        seats: Any = None,
        options: Any = None,
        undo: Any = "own",
    ) -> Served:
        """A new table (committed); ValueError names the bad field, a :class:`ServeError` 429 when
        :attr:`max_tables` tables are live."""
        if not isinstance(game, str) or game not in GAMES:
            raise ValueError(f"game: must be one of {', '.join(GAMES)}, not {game!r}")
        info = game_info(game)
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise ValueError(f"seed: must be a whole number from 0, not {seed!r}")
        if undo not in UNDO_POLICIES:
            raise ValueError(f"undo: must be one of {', '.join(UNDO_POLICIES)}, not {undo!r}")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError("options: must be a dict of the game's options")
        names = check_names(players, info)
        kinds = check_seats(seats, names)
        self._check_cap()
        try:
            model = self._model(info.new_game(names, seed, **options), kinds, undo)
        except (TableError, ValueError) as exc:
            raise ValueError(f"options: {exc}") from None
        return self._add(info, model, seed, options)

    def adopt(self, game: Game, seats: Any = None, undo: Any = "own") -> Served:
        """A new table that plays on from ``game`` (a loaded save), committed."""
        if undo not in UNDO_POLICIES:
            raise ValueError(f"undo: must be one of {', '.join(UNDO_POLICIES)}, not {undo!r}")
        kinds = check_seats(seats, list(game.players))
        self._check_cap()
        model = self._model(game, kinds, undo)
        return self._add(game_info(game.info.name), model, game.seed or 0, dict(game.options))

    def _check_cap(self) -> None:
        if sum(t.live for t in self.tables.values()) >= self.max_tables:
            raise ServeError(429, f"at most {self.max_tables} live tables: end a table first")

    def _add(self, info: GameInfo, model: TableModel, seed: int, options: dict[str, Any]) -> Served:
        table_id = secrets.token_hex(4)
        while table_id in self.tables:
            table_id = secrets.token_hex(4)
        tokens = {p: new_token() for p in model.players if model.seats[p] == HUMAN}
        t = Served(table_id, info, model, tokens, new_token(), seed, options)
        self.tables[t.id] = t
        self._commit(t)
        self._wake_bots(t)
        return t

    def _commit(self, t: Served) -> None:
        """Write the table to the store (then it may be told)."""
        t.version += 1
        moves = len(t.model.game.history)
        keep = min(t.logged, moves)  # the entries stored already (an undo drops the later ones)
        new = [dataclasses.asdict(entry) for entry in t.model.log(moves - keep)] if moves > keep else []
        self.store.put(Row(t.id, t.meta(), t.model.save()), time.time(), keep + 1, new)
        t.logged = moves

    # -- finding -----------------------------------------------------------------
    def table(self, table_id: object) -> Served:
        """The table called ``table_id`` (ServeError 404)."""
        t = self.tables.get(table_id) if isinstance(table_id, str) else None
        if t is None:
            raise ServeError(404, f"no table {table_id!r}")
        return t

    def seat(self, table_id: object, token: object) -> tuple[Served, str]:
        """The table and the seat a token opens (ServeError 403 for a wrong token)."""
        t = self.table(table_id)
        seat = t.seat_of(token)
        if seat is None:
            raise ServeError(403, "this link opens no seat at this table")
        return t, seat

    def projector(self, table_id: object, token: object) -> Served:
        """The table whose projector token is ``token`` (ServeError 403)."""
        t = self.table(table_id)
        if not same(token, t.projector):
            raise ServeError(403, "this link opens no projector view of this table")
        return t

    def by_token(self, token: object) -> tuple[Served, str] | None:
        """The table and seat of a seat token at any table (for the short links), or None."""
        found = None
        for t in self.tables.values():
            seat = t.seat_of(token)
            if seat is not None:
                found = (t, seat)
        return found

    # -- playing -------------------------------------------------------------------
    @staticmethod
    def _open(t: Served) -> None:
        if t.ended:
            raise ServeError(409, "this table has ended")
        if t.paused:
            raise ServeError(409, "the teacher has paused this table: no moves until it resumes")

    async def play(self, t: Served, seat: str, text: Any) -> Outcome:
        """``seat`` tries the move ``text``: played and committed, then told; refused with every
        rule that blocks it (ServeError 409), or not this seat's (403); nothing changed then."""
        if not isinstance(text, str) or not text.strip():
            raise ValueError("move: give the move as its action text, e.g. one of the seat's 'moves'")
        async with t.lock:
            self._open(t)
            if t.model.seats[seat] != HUMAN:
                raise ServeError(409, f"a bot ({t.model.seats[seat]}) plays {seat}'s seat now")
            outcome = t.model.play(text, seat)
            if outcome.ok:
                t.moved = time.time()
                self._commit(t)
        if outcome.ok:
            self._changed(t)
            self._wake_bots(t)
        return outcome

    async def undo(self, t: Served, seat: str | None = None) -> int:
        """Take back the last move of a person (by ``seat``, or by the teacher when None) as the
        table's undo policy allows (ServeError 409 says why not); committed, then told."""
        async with t.lock:
            if seat is not None:
                self._open(t)
            elif t.ended:
                raise ServeError(409, "this table has ended")
            try:
                steps = t.model.undo(seat, teacher=seat is None)
            except TableError as exc:
                raise ServeError(409, str(exc)) from None
            t.moved = time.time()
            self._commit(t)
        self._changed(t)
        self._wake_bots(t)
        return steps

    async def set_paused(self, t: Served, paused: bool) -> None:
        """Pause or resume the table (the teacher's); committed, then told."""
        async with t.lock:
            if t.ended:
                raise ServeError(409, "this table has ended")
            t.paused = paused
            self._commit(t)
        self._changed(t)
        self._wake_bots(t)

    async def set_seats(self, t: Served, seats: Any) -> None:
        """Seat a person or a bot at some places (the teacher's; ``{name: kind}``); committed,
        then told, and the bots play on.  A seat's link stays valid: it shows the view, and
        plays again once a person sits there."""
        if not isinstance(seats, Mapping) or not seats:
            raise ValueError(f"seats: give {{name: kind}}, each kind one of {', '.join(SEAT_KINDS)}")
        for name, kind in seats.items():
            if name not in t.model.seats:
                raise ValueError(f"seats: no player {name!r}; the players are {', '.join(t.model.players)}")
            if kind not in SEAT_KINDS:
                raise ValueError(f"seats: {kind!r} is not a seat kind; the kinds are {', '.join(SEAT_KINDS)}")
        async with t.lock:
            if t.ended:
                raise ServeError(409, "this table has ended")
            for name, kind in seats.items():
                t.model.set_seat(name, kind)
                if kind == HUMAN and name not in t.tokens:
                    t.tokens[name] = new_token()
            self._commit(t)
        self._changed(t)
        self._wake_bots(t)

    async def end(self, t: Served) -> None:
        """End the table (the teacher's): no more moves; it stays listed with its save."""
        async with t.lock:
            t.ended = True
            self._commit(t)
        self._changed(t)

    # -- the bots ------------------------------------------------------------------
    def _wake_bots(self, t: Served) -> None:
        """Let the table's bots play their turns (in a task of their own), if any must act."""
        if t.driver is not None and not t.driver.done():
            return
        if t.ended or t.paused or t.model.game.is_over or not t.model.bots_to_act():
            return
        try:
            t.driver = asyncio.get_running_loop().create_task(self._drive_bots(t))
        except RuntimeError:  # no loop yet (restored before the server runs): started by resume_bots
            t.driver = None

    def resume_bots(self) -> None:
        """Start the bots of every table that waits for them (when the server's loop runs)."""
        for t in self.tables.values():
            self._wake_bots(t)

    async def _drive_bots(self, t: Served) -> None:
        while True:
            async with t.lock:
                m = t.model
                if t.ended or t.paused or m.game.is_over or not m.bots_to_act():
                    return
                await anyio.to_thread.run_sync(m.bot_step)
                t.moved = time.time()
                self._commit(t)
            self._changed(t)
            await asyncio.sleep(self.bot_delay)

    async def idle(self) -> None:
        """Wait until no table's bots are playing (for tests and a clean shutdown)."""
        while True:
            running = [t.driver for t in self.tables.values() if t.driver is not None and not t.driver.done()]
            if not running:
                return
            await asyncio.gather(*running, return_exceptions=True)

    # -- listening ---------------------------------------------------------------
    def subscribe(self, key: str) -> asyncio.Queue[int]:
        """A queue that gets a table's version after each committed change (``key`` the table's
        id, or ``"*"`` for every table)."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self._listeners.setdefault(key, set()).add(queue)
        return queue

    def unsubscribe(self, key: str, queue: asyncio.Queue[int]) -> None:
        """Stop a queue of :meth:`subscribe`."""
        self._listeners.get(key, set()).discard(queue)

    def _changed(self, t: Served) -> None:
        for key in (t.id, "*"):
            for queue in self._listeners.get(key, ()):
                if queue.empty():
                    queue.put_nowait(t.version)
