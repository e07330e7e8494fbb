"""The shared core: rules and refusals, the Game session, randomness, scoring, graphs."""
from __future__ import annotations

from .examples import Check, Example, run_examples
from .game import Game, Preview, SaveError, Turn, random_playout, seat_of
from .random import Rng
from .rules import Event, Rulebook, RuleError, RuleRef, Verdict
from .scoring import ScoreSheet, award_by_rank

__all__ = ["Check", "Event", "Example", "Game", "Preview", "Rng", "RuleError", "RuleRef",
           "Rulebook", "SaveError", "ScoreSheet", "Turn", "Verdict", "award_by_rank",
           "random_playout", "run_examples", "seat_of"]
