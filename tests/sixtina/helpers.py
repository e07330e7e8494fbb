"""Shared helpers for the Sixtina tests: constructed positions and quick games."""
from __future__ import annotations

from fresco_kit.core import Game, Rng
from fresco_kit.sixtina import new_game, rules
from fresco_kit.sixtina.pending import DECISION_TYPES, InitialDecision
from fresco_kit.sixtina.positions import card_ids, constructed_state
from fresco_kit.sixtina.codes import D, FRESCO_TECHS, PLACES

RWB = ("Red", "White", "Blue")


def game_of(state) -> Game:
    return Game(rules, state.players, None, {}, state=state)


def ready_game(players=RWB, seed=0, **options) -> Game:
    """A new game with the setup's initial restorations made (first choice each time)."""
    game = new_game(players, seed=seed, **options)
    while game.state.pending and game.state.pending[0].KIND == "initial":
        game.play(game.legal_actions()[0])
    return game


def place_index(name: str) -> int:
    return PLACES.index(name)


def tech_pos(state, place: str, technique: str) -> int:
    p = PLACES.index(place)
    return [D.techniques[t] for t, _ in FRESCO_TECHS[state.frescoes[p]]].index(technique)


def code_at(state, place: str, technique: str) -> int:
    return state.spaces[PLACES.index(place)][tech_pos(state, place, technique)]


def random_game(n: int, seed: int, variant: str = "basic") -> Game:
    game = new_game(["Red", "White", "Blue", "Yellow"][:n], seed=seed, variant=variant)
    rng = Rng(seed + 7)
    while not game.is_over:
        game.play(rules.sample_action(game.state, rng))
    return game


__all__ = ["RWB", "card_ids", "constructed_state", "game_of", "ready_game", "place_index", "tech_pos",
           "code_at", "random_game", "rules", "D", "PLACES"]


def owed(state, kind: str, seat: int, technique: int | None = None) -> tuple:
    """``state.pending`` owing one ``kind`` decision to the player at ``seat``."""
    player = state.players[seat]
    return (InitialDecision(player, technique),) if kind == "initial" else (DECISION_TYPES[kind](player),)
