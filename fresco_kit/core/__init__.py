"""The shared core: the state base, actions, the registry, rules and refusals, the Game
session, randomness, scoring, graphs."""

from __future__ import annotations

from .actions import Action, Grammar
from .examples import Check, Example, run_examples
from .game import Game, Preview, Turn, random_playout, seat_of
from .random import Rng
from .record import Count, Length, Names, Range, Record, SaveError, assign, field_error
from .registry import GameInfo, Option, Switch, game_info, games
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
    "Grammar",
    "Length",
    "Names",
    "Option",
    "Preview",
    "Range",
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
    "run_examples",
    "seat_of",
]
