"""Pending decisions, one mechanism for every game: a stack of player choices.

When an effect needs a player's answer (which privilege, which card to discard, whether
to support the Church ...), the rules push a :class:`Decision` onto the state's
``pending`` tuple; the front decision is answered first, and its owner is who must act
(the engine contract's ``actor``).  A decision is a :class:`~fresco_kit.core.record.Record`,
so it is saved, loaded and shown like the rest of the state.  A game subclasses
:class:`Decision` for each kind of choice it has, adding the fields the answer needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeVar

from .record import Record

D = TypeVar("D", bound="Decision")


@dataclass(frozen=True, slots=True)
class Decision(Record):
    """A choice owed by ``player``; ``KIND`` names it (the flow step or effect that asks)."""

    KIND: ClassVar[str] = "decision"
    player: str

    @property
    def kind(self) -> str:
        """What is being decided (the class's ``KIND``)."""
        return self.KIND


def front(pending: tuple[D, ...]) -> D | None:
    """The decision answered next (None when nothing is pending)."""
    return pending[0] if pending else None


def push(pending: tuple[D, ...], *decisions: D) -> tuple[D, ...]:
    """``pending`` with ``decisions`` put in front, in the order given (a decision raised
    while answering another is answered first)."""
    return tuple(decisions) + pending


def pop(pending: tuple[D, ...]) -> tuple[D, ...]:
    """``pending`` without its front decision (``ValueError`` when nothing is pending)."""
    if not pending:
        raise ValueError("no decision is pending")
    return pending[1:]


def owner(pending: tuple[Decision, ...]) -> str | None:
    """Who must answer now: the front decision's player (None when nothing is pending)."""
    return pending[0].player if pending else None
