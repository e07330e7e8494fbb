"""Step-by-step move narrowing: a decision's legal moves as :class:`Move` s of readable steps,
narrowed one chosen step at a time (:func:`narrow`), in a game's table words (:class:`MoveWords`).

A game's ``<game>/table.py`` gives its words (the first step is the kind of move, then each
choice; moves that share a choice share its label), :class:`PlainWords` stands in for a game
without them.  Everything here is plain data, for the table model (:mod:`.table`) and any
renderer of it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class MoveWords(Protocol):
    """A game's words for the table (the text parts of its ``<game>/table.py``)."""

    def move_steps(self, state: Any, action: Any) -> tuple[str, ...]:
        """The choices that make up ``action``, first its kind; moves sharing a choice share its label."""

    def move_text(self, state: Any, action: Any) -> str:
        """``action`` as one readable line with names."""

    def status(self, state: Any) -> str:
        """The phase, the round or turn and who acts, in one or two plain lines (public)."""


class PlainWords:
    """The words of a game without its own: the grammar's texts, the fields as steps."""

    def __init__(self, rules: Any):
        self.rules = rules

    def move_steps(self, state: Any, action: Any) -> tuple[str, ...]:
        """The verb, then each field as ``name value``."""
        fields = (f"{f.name} {getattr(action, f.name)}" for f in dataclasses.fields(action))
        return (action.VERB, *fields)

    def move_text(self, state: Any, action: Any) -> str:
        """The action's text in the grammar."""
        return str(action)

    def status(self, state: Any) -> str:
        """Who must act."""
        actors = self.rules.actor(state)
        return f"To act: {', '.join(actors)}" if actors else "The game is over"


@dataclass(frozen=True)
class Move:
    """One legal move: ``action`` its text in the grammar (play it by that text), ``steps``
    the choices that narrow to it, ``text`` the move in words."""

    action: str
    steps: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Narrowing:
    """A decision narrowed by the steps chosen so far (``path``): the ``left`` moves and the
    ``labels`` offered at the next step (none when one move, or none, is left)."""

    path: tuple[str, ...]
    labels: tuple[str, ...]
    left: tuple[Move, ...]

    @property
    def move(self) -> Move | None:
        """The one move left, to be confirmed and played (None while several are left)."""
        return self.left[0] if len(self.left) == 1 else None


def step_label(move: Move | tuple[Any, tuple[str, ...], str], depth: int) -> str:
    """The label of ``move`` (a :class:`Move`, or ``(action, steps, text)``) at step ``depth``
    of a decision: its step, past its steps its text, past that its grammar text (always distinct)."""
    action, steps, text = (move.action, move.steps, move.text) if isinstance(move, Move) else move
    if depth < len(steps):
        return steps[depth]
    return text if depth == len(steps) else str(action)


def narrow(moves: Sequence[Move], path: Sequence[str]) -> Narrowing:
    """The moves whose labels follow ``path`` step by step, and the labels of the next step.

    Raises ``ValueError`` naming the first step of ``path`` that no move left offers."""
    left = tuple(moves)
    for depth, label in enumerate(path):
        kept = tuple(m for m in left if step_label(m, depth) == label)
        if not kept or len(left) <= 1:
            offered = ", ".join(repr(s) for s in dict.fromkeys(step_label(m, depth) for m in left))
            raise ValueError(f"step {depth + 1}: {label!r} is not offered; the choices are {offered or 'none'}")
        left = kept
    labels = () if len(left) <= 1 else tuple(dict.fromkeys(step_label(m, len(path)) for m in left))
    return Narrowing(tuple(path), labels, left)
