"""The three actions of Lorenzo il Magnifico, checked when made, and their texts.

Each action is a frozen dataclass whose fields are checked on construction (a family
member, an action space or an answer must be one of the known names, servants a whole
number >= 0; otherwise ``ValueError`` lists what is accepted).  Whether the action is
legal *now* -- the player's turn, the member at home, the value reached -- is the
rules' business (``placement.reasons``), which refuses with a ``RuleError``.

Texts follow the grammar every game of the kit shares (``fresco_kit.core.actions``)::

    place Red white council                   Place a member on an action space ...
    place Red neutral territory-2 servants 3  ... paying servants (+1 each)
    choose Red coins                          Choose: answer the front pending decision
    choose Red territory-2 servants 1         ... an extra action, with servants
    forfeit Red neutral                       Forfeit a member that cannot be placed

Action spaces (``data.SPACES``): ``territory-1`` .. ``venture-4`` (tower and floor,
1 = bottom), ``harvest-small``, ``harvest-large``, ``production-small``,
``production-large``, ``market-1`` .. ``market-4`` and ``council``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, ClassVar

from fresco_kit.core import Action, Count, Grammar, Names

from .data import SPACES, load
from .state import Member


class _AllNames(Names):
    """Names whose error message lists every one of them (the core shows the first 12)."""

    __slots__ = ()

    def describe(self) -> str:
        """All the allowed names, for error messages."""
        return f"{self.what}: one of {', '.join(self.ordered())}"


class _AnswerNames(Names):
    """The words a ``Choose`` may carry, described by kind so that all of them are named."""

    __slots__ = ()

    def describe(self) -> str:
        """Every answer, grouped by the decision it answers, for error messages."""
        return (
            f"answers: a council privilege ({', '.join(load().privileges)}); support or refuse (a Vatican "
            "report); a cost or trade number 0-9 (0: no trade); an extra action's space "
            f"({', '.join(SPACES)}), harvest or production; or skip (decline an extra action)"
        )


Space = Annotated[str, _AllNames(SPACES, "action spaces")]

#: Answers that are not privileges or spaces: Vatican support, declining an extra
#: action, the extra harvest/production, and cost or trade numbers ("0" = no trade).
OTHER_ANSWERS = ("support", "refuse", "skip", "harvest", "production") + tuple(str(n) for n in range(10))


def answers() -> tuple[str, ...]:
    """Every word a ``Choose`` may carry: a council privilege, an answer of
    :data:`OTHER_ANSWERS`, or an action space (an extra action takes a tower space;
    the rules say so when another space is named)."""
    return tuple(load().privileges) + OTHER_ANSWERS + SPACES


Answer = Annotated[str, _AnswerNames(answers, "answers")]


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place ``member`` on ``space``, paying ``servants`` servants first (I dadi e i familiari)."""

    VERB: ClassVar[str] = "place"
    player: str
    member: Member
    space: Space
    servants: Count = field(default=0, metadata={"label": "servants"})


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Answer the front pending decision: a council privilege (``coins``, ``wood+stone``
    ...), a cost option (``1``, ``2`` ...), a trade (``0`` = none, ``1`` ...),
    ``support``/``refuse`` at a Vatican report, or an extra action's space (with
    ``servants``), ``harvest``/``production``, or ``skip``."""

    VERB: ClassVar[str] = "choose"
    player: str
    choice: Answer
    servants: Count = field(default=0, metadata={"label": "servants"})


@dataclass(frozen=True, slots=True)
class Forfeit(Action):
    """Lose the action of a member that cannot be placed anywhere (I dadi e i familiari)."""

    VERB: ClassVar[str] = "forfeit"
    player: str
    member: Member


ACTIONS: tuple[type[Action], ...] = (Place, Choose, Forfeit)
GRAMMAR = Grammar("Lorenzo il Magnifico", ACTIONS)


def parse_action(text: str) -> Action:
    """The action written as ``text`` (e.g. ``"place Red white council"``); ``ValueError``
    says what is wrong and shows the forms."""
    return GRAMMAR.parse(text)
