"""Nim's rules, each a :class:`~fresco_kit.core.RuleRef` cited by the refusals and events
(the template game has no rulebook: the sections are this module's own headings)."""

from __future__ import annotations

from fresco_kit.core import Rulebook

RULES = Rulebook(
    "nim",
    {
        "setup.pile": ("Setup", "one pile of counters (the pile option); the first seat plays first"),
        "take.turn": ("Play", "players take turns in seat order"),
        "take.limit": ("Play", "a turn takes 1, 2 or 3 counters"),
        "take.pile": ("Play", "no more counters than the pile holds"),
        "end.last": ("End", "whoever takes the last counter wins; the game ends"),
    },
)
