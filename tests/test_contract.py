"""The engine contract (``fresco_kit.core.interface.RulesModule``), checked the same way for every game.

For each game, player count and ruleset/variant, one seeded random game is played to
the end; at every step:

- ``legal_actions()`` is not empty while the game runs, and every listed action has no
  broken rule in ``checks`` and ``explain`` (one source of legality);
- every listed action prints and parses back to itself (``str`` / ``parse_action``);
- the game's own random player (``sample_action``) picks from that list;
- ``preview`` commits nothing; ``play`` followed by ``undo`` gives the state back;
- ``state.view(player)`` works for every player and hides nothing from the game itself.
"""
from __future__ import annotations

import importlib

import pytest

from fresco_kit import games
from fresco_kit.core import Rng

NAMES = ["Red", "White", "Blue", "Yellow"]
#: every registered game, player count and choice of each option (from the registry)
CASES = [(info.name, n, {option.name: choice})
         for info in games() for n in info.player_counts for option in info.options for choice in option.choices]


def _ids(case) -> str:
    game, n, options = case
    return f"{game}-{n}p-" + ("-".join(str(v) for v in options.values()) or "default")


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_legal_action_is_legal_and_round_trips(case):
    name, n, options = case
    game = importlib.import_module(f"fresco_kit.{name}").new_game(NAMES[:n], seed=11 + n, **options)
    rules = game.rules
    rng = Rng(97 + n)
    steps = 0
    while not game.is_over:
        steps += 1
        assert steps < 5000, "game does not end"
        actions = game.legal_actions()
        assert actions, f"step {steps}: no legal action but the game is not over"
        assert actions == game.legal_actions(), "legal_actions is not deterministic"
        for action in actions:
            assert rules.checks(game.state, action) == [], f"listed but illegal: {action}"
            assert rules.parse_action(str(action)) == action, f"{action!s} does not parse back"
        assert game.explain(actions[0]).ok
        chosen = rules.sample_action(game.state, rng)
        assert chosen in actions, f"sample_action chose an unlisted action {chosen}"
        before = game.state
        snapshot = before.to_dict()
        if steps % 5 == 1:
            preview = game.preview(chosen)
            assert game.state is before and before.to_dict() == snapshot
            game.play(chosen)
            assert game.state == preview.state
            game.undo()
            assert game.state is before and game.state.to_dict() == snapshot
            for player in game.players:
                assert game.state.view(player) is not None
        game.play(chosen)
    assert game.scores().winners


@pytest.mark.parametrize("name", ["sixtina", "fresco", "lorenzo"])
def test_view_of_an_unknown_player_is_refused_with_the_players_named(name):
    game = importlib.import_module(f"fresco_kit.{name}").new_game(NAMES[:3], seed=1)
    with pytest.raises(ValueError) as info:
        game.state.view("Nobody")
    assert str(info.value) == "unknown player 'Nobody'; players: Red, White, Blue"
    assert game.state.view("Blue") is not None
