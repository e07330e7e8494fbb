"""The plain data the table model answers with (:mod:`.table`): what came of a tried move, the
log's entries, one seat's view, the scores -- dataclasses of strings, tuples, dicts and
:class:`~fresco_kit.core.rules.RuleRef` s, so ``dataclasses.asdict`` makes JSON of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .game import Game
from .narrowing import Move
from .rules import Event, Reason

#: what came of a move tried at the table (:attr:`Outcome.kind`)
PLAYED, REFUSED, NOT_A_MOVE, NOT_YOURS, OVER = "played", "refused", "not a move", "not yours", "over"


@dataclass(frozen=True)
class Outcome:
    """What came of a move tried at the table: ``kind`` is :data:`PLAYED` (with its
    ``events``), :data:`REFUSED` (every rule that blocks it, in ``reasons``),
    :data:`NOT_A_MOVE` (the text does not parse; ``problem`` says why), :data:`NOT_YOURS`
    (a seat tried a move of another player or out of turn) or :data:`OVER`."""

    kind: str
    action: str = ""
    text: str = ""
    events: tuple[Event, ...] = ()
    reasons: tuple[Reason, ...] = ()
    problem: str = ""

    @property
    def ok(self) -> bool:
        """Whether the move was played."""
        return self.kind == PLAYED


@dataclass(frozen=True)
class LogEntry:
    """One move of the log: its number (from 1), who moved, the move in words and its
    events with their rules.  A choice made while several players choose at once is
    ``secret``: ``text`` is then only the player's name (the events say what all may know)."""

    number: int
    player: str
    text: str
    secret: bool
    events: tuple[Event, ...]


@dataclass(frozen=True)
class SeatView:
    """What one seat may see: the state as ``state.view(seat)`` gives it (as save data),
    whose turn it is, its own legal moves (none when it need not act), the public status
    and scores, and whether it may undo now."""

    seat: str
    kind: str
    to_act: tuple[str, ...]
    acting: bool
    over: bool
    status: str
    view: dict[str, Any]
    moves: tuple[Move, ...]
    scores: dict[str, Any]
    can_undo: bool


def scores_data(game: Game) -> dict[str, Any]:
    """The score sheet as plain data: categories, rows, totals, winners, notes, and ``final``."""
    sheet = game.scores()
    return {
        "categories": list(sheet.categories),
        "rows": {p: dict(r) for p, r in sheet.rows.items()},
        "totals": sheet.totals,
        "winners": list(sheet.winners),
        "notes": list(sheet.notes),
        "final": game.is_over,
    }
