"""1980 Sixtina actions: checked frozen dataclasses on :class:`fresco_kit.core.Action`.

The three actions of *How to Play* (:class:`Prepare`, :class:`Acquire`,
:class:`Restore`) and the decisions the rules hand to a player mid-action:
:class:`InitialRestoration` (Setup, step 9), :class:`Bonus` (excellent restoration),
:class:`Reveal` (Completing, 5. New Restorations), :class:`GianluigiChoice`
(two players) and :class:`ClaimObjective` (a history sheet's objective reward).
An action names no player: it is always the player to act (``state.acting_seat``).

Fields are checked when an action is made (a place must be a chapel place, a card id a
whole number from 0 to 83, ``extra`` a whole number >= 0...); a bad field raises
``ValueError``.  Card lists are kept sorted, so an action has one text and one value
whatever order its cards were given in.  The texts follow the grammar shared by every
game (:mod:`fresco_kit.core.actions`)::

    prepare
    acquire 3,17
    restore G2 repainting 3,17,22            restore G2 repainting 3,17,22 extra 2
    bonus refined    bonus material    bonus objective one5
    reveal G3    initial JC1    gianluigi M2    claim one5
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import Annotated, Literal

from fresco_kit.core import Action, Count, Grammar, Names, Range

from .data import TECHNIQUES, data

BONUSES = ("refined", "material", "objective")

PlaceName = Annotated[str, Names(lambda: data().places, "a chapel place")]
TechniqueName = Annotated[str, Names(TECHNIQUES, "a technique")]
ObjectiveId = Annotated[str, Names(lambda: [o.id for o in data().objectives], "an objective")]
CardId = Annotated[int, Range(0, len(data().cards) - 1)]
CardIds = tuple[CardId, ...]


class _Cards:
    """Mixin: the ``cards`` field is stored sorted (after the field checks)."""

    __slots__ = ()

    def __post_init__(self) -> None:
        Action.__post_init__(self)  # type: ignore[arg-type]
        cards = self.cards  # type: ignore[attr-defined]
        if any(a > b for a, b in pairwise(cards)):
            object.__setattr__(self, "cards", tuple(sorted(cards)))


@dataclass(frozen=True, slots=True)
class Prepare(Action):
    """Technique Preparation: draw three cards (hand limit eight)."""

    VERB = "prepare"


@dataclass(frozen=True, slots=True)
class Acquire(_Cards, Action):
    """Acquire Material: discard ``cards`` (ids), one own supply material per card."""

    VERB = "acquire"
    cards: CardIds


@dataclass(frozen=True, slots=True)
class Restore(_Cards, Action):
    """Restore Fresco: play ``cards`` of ``technique`` on the fresco at ``place``
    (a place name such as ``"G2"``) and add ``extra`` own materials (default 0)."""

    VERB = "restore"
    place: PlaceName
    technique: TechniqueName
    cards: CardIds
    extra: Count = field(default=0, metadata={"label": "extra"})


@dataclass(frozen=True, slots=True)
class Bonus(Action):
    """The excellent-restoration bonus: ``kind`` is refined, material or objective; the
    objective bonus names the ``objective`` claimed (and only it names one)."""

    VERB = "bonus"
    kind: Literal["refined", "material", "objective"]
    objective: ObjectiveId | None = None

    def __post_init__(self) -> None:
        Action.__post_init__(self)
        if (self.kind == "objective") != (self.objective is not None):
            raise ValueError(
                "Bonus.objective: the objective bonus names an objective in play "
                "(e.g. 'bonus objective one5'), the other bonuses name none"
            )


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Uncover the covered fresco at ``place`` (New Restorations)."""

    VERB = "reveal"
    place: PlaceName


@dataclass(frozen=True, slots=True)
class InitialRestoration(Action):
    """Setup step 9: put the supply material on the top space of the fresco at ``place``."""

    VERB = "initial"
    place: PlaceName


@dataclass(frozen=True, slots=True)
class GianluigiChoice(Action):
    """Two players: the activating player picks the fresco Gianluigi restores."""

    VERB = "gianluigi"
    place: PlaceName


@dataclass(frozen=True, slots=True)
class ClaimObjective(Action):
    """A history sheet's objective reward: claim ``objective``."""

    VERB = "claim"
    objective: ObjectiveId


ACTIONS: tuple[type[Action], ...] = (
    Prepare,
    Acquire,
    Restore,
    Bonus,
    Reveal,
    InitialRestoration,
    GianluigiChoice,
    ClaimObjective,
)
GRAMMAR = Grammar("1980 Sixtina", ACTIONS)

#: The one Prepare action (it has no fields).
PREPARE = Prepare()


def parse_action(text: str) -> Action:
    """The action written as ``text`` (the inverse of ``str(action)``).

    Raises ``ValueError`` saying what was expected for text that is not an action."""
    return GRAMMAR.parse(text)


# -- trusted construction for the engine's hot loops -----------------------------------
_new, _set = object.__new__, object.__setattr__


def restore_of(place: str, technique: str, cards: tuple[int, ...], extra: int) -> Restore:
    """``Restore(place, technique, cards, extra)`` from values the engine produced itself
    (a chapel place, a technique, sorted card ids of the hand): made without re-checking
    the fields, since the random player makes one for nearly every action."""
    action = _new(Restore)
    _set(action, "place", place)
    _set(action, "technique", technique)
    _set(action, "cards", cards)
    _set(action, "extra", extra)
    return action


def acquire_of(cards: tuple[int, ...]) -> Acquire:
    """``Acquire(cards)`` from sorted card ids of the hand, made without re-checking."""
    action = _new(Acquire)
    _set(action, "cards", cards)
    return action


__all__ = [
    "ACTIONS",
    "BONUSES",
    "GRAMMAR",
    "PREPARE",
    "Acquire",
    "Bonus",
    "CardId",
    "ClaimObjective",
    "GianluigiChoice",
    "InitialRestoration",
    "ObjectiveId",
    "PlaceName",
    "Prepare",
    "Restore",
    "Reveal",
    "TechniqueName",
    "acquire_of",
    "parse_action",
    "restore_of",
]
