"""Nim's own rules, one test each (the rule markers trace them; see tests/test_traceability.py).

Collected only when the template game is registered (``pytest --template-game``)."""
from __future__ import annotations

import pytest

from fresco_kit import game_info
from fresco_kit.core import Game, RuleError

from .rules import Take


def nim(players: int = 2, pile: int = 21) -> Game:
    info = game_info("nim")
    return info.new_game(info.players(players), pile=pile)


@pytest.mark.rule("nim setup.pile")
def test_the_pile_holds_the_option_and_the_first_seat_begins():
    game = nim(3, pile=15)
    assert (game.state.pile, game.actor()) == (15, ("Red",))
    assert nim().state.pile == 21


@pytest.mark.rule("nim take.turn")
def test_players_take_turns_in_seat_order():
    game = nim(3)
    for player in ("Red", "White", "Blue", "Red"):
        assert game.actor() == (player,)
        game.play(f"take {player} 1")
    with pytest.raises(RuleError, match="White's turn") as refused:
        game.play("take Blue 1")
    assert refused.value.rule.id == "take.turn"


@pytest.mark.rule("nim take.limit")
def test_a_turn_takes_one_to_three_counters():
    game = nim()
    assert game.legal_actions() == [Take("Red", 1), Take("Red", 2), Take("Red", 3)]
    with pytest.raises(RuleError, match="1 to 3 counters, not 4"):
        game.play("take Red 4")
    with pytest.raises(ValueError):
        Take("Red", 0)                   # taking nothing is no action at all


@pytest.mark.rule("nim take.pile")
def test_no_more_than_the_pile_holds():
    game = nim(pile=15)
    for _ in range(4):
        game.play(game.legal_actions()[-1])    # 3 each: 3 left
    game.play(f"take {game.actor()[0]} 1")
    assert game.state.pile == 2 and len(game.legal_actions()) == 2
    verdict = game.explain(f"take {game.actor()[0]} 3")
    assert [ref.id for _, ref in verdict.reasons] == ["take.pile"]


@pytest.mark.rule("nim end.last")
def test_whoever_takes_the_last_counter_wins():
    game = nim(2, pile=15)
    while not game.is_over:
        game.play(game.legal_actions()[-1])
    sheet = game.scores()
    assert sheet.winners == ["Red"] and sheet.totals == {"Red": 1, "White": 0}      # 3 x 5 takes
    assert game.legal_actions() == [] and game.actor() == ()
    assert [ref.id for _, ref in game.explain("take White 1").reasons] == ["end.last"]
