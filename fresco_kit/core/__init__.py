"""The shared core, the engine base below everything: the state base, actions, rules and
refusals, the Game session, the game interface and registry, randomness, scoring, data.

It imports no game, no ``fresco_kit.sim``, no ``fresco_kit.classroom`` and none of
matplotlib, ipywidgets, networkx or pandas (``tests/test_architecture.py`` checks it)."""

from __future__ import annotations

from .actions import Action, Grammar
from .examples import Check, Example, run_examples
from .game import Game, Preview, Turn, random_playout, seat_of
from .interface import GameParts
from .random import Rng
from .record import Count, Length, Names, Range, Record, SaveError, assign, field_error
from .registry import GameInfo, Option, Reach, Switch, game_info, games, register, unregister
from .rules import Event, Rulebook, RuleError, RuleRef, Verdict
from .scoring import ScoreSheet, award_by_rank

__all__ = [
    "Action",
    "Check",
    "Count",
    "Event",
    "Example",
    "Game",
    "GameInfo",
    "GameParts",
    "Grammar",
    "Length",
    "Names",
    "Option",
    "Preview",
    "Range",
    "Reach",
    "Record",
    "Rng",
    "RuleError",
    "RuleRef",
    "Rulebook",
    "SaveError",
    "ScoreSheet",
    "Switch",
    "Turn",
    "Verdict",
    "assign",
    "award_by_rank",
    "field_error",
    "game_info",
    "games",
    "random_playout",
    "register",
    "run_examples",
    "seat_of",
    "unregister",
]
