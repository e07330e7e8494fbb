"""The decisions a 1980 Sixtina turn can wait for, as the core's pending-decision records.

``State.pending`` is the core's stack (:mod:`fresco_kit.core.decisions`): a tuple of
:class:`~fresco_kit.core.decisions.Decision` records, the front one answered first.
Sixtina never owes more than one at a time.  Each kind is a waiting step of the turn
table (:mod:`.flow`); :mod:`.decisions` lists their legal answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fresco_kit.core.decisions import Decision

__all__ = [
    "DECISION_TYPES",
    "BonusDecision",
    "ClaimDecision",
    "Decision",
    "GianluigiDecision",
    "InitialDecision",
    "RevealDecision",
]


@dataclass(frozen=True, slots=True)
class InitialDecision(Decision):
    """Setup, step 9: ``player`` puts a material on a visible fresco's free ``technique``
    (the technique's index in the rule data, revealed from the deck)."""

    KIND: ClassVar[str] = "initial"
    technique: int


@dataclass(frozen=True, slots=True)
class BonusDecision(Decision):
    """How to Play, C. Restoration: ``player`` takes the bonus of an excellent restoration."""

    KIND: ClassVar[str] = "bonus"


@dataclass(frozen=True, slots=True)
class RevealDecision(Decision):
    """Completing the Restoration of Frescoes, 5. New Restorations: ``player`` uncovers a fresco."""

    KIND: ClassVar[str] = "reveal"


@dataclass(frozen=True, slots=True)
class GianluigiDecision(Decision):
    """Two-Player Games: ``player`` chooses among Gianluigi's equally good restorations."""

    KIND: ClassVar[str] = "gianluigi"


@dataclass(frozen=True, slots=True)
class ClaimDecision(Decision):
    """Variant: Sheets with History: the uncovered sheet lets ``player`` claim an objective."""

    KIND: ClassVar[str] = "claim"


#: the decision record of each kind, by its ``KIND``
DECISION_TYPES: dict[str, type[Decision]] = {
    d.KIND: d for d in (InitialDecision, BonusDecision, RevealDecision, GianluigiDecision, ClaimDecision)
}
