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

import pytest

from fresco_kit import games
from fresco_kit.core import Rng
from tests.games import has_apply_fast, option_cases


def cases() -> list:
    """Every registered game, player count and choice of each option (from the registry)."""
    return [(info, n, options) for info in games() for n in info.player_counts for options in option_cases(info)]


def _ids(case) -> str:
    info, n, options = case
    return f"{info.name}-{n}p-" + ("-".join(str(v) for v in options.values()) or "default")


@pytest.mark.parametrize("case", cases(), ids=_ids)
def test_every_legal_action_is_legal_and_round_trips(case):
    info, n, options = case
    game = info.new_game(info.players(n), seed=11 + n, **options)
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


@pytest.mark.parametrize("info", games(), ids=lambda info: info.name)
def test_view_of_an_unknown_player_is_refused_with_the_players_named(info):
    players = info.players()
    game = info.new_game(players, seed=1)
    with pytest.raises(ValueError) as refused:
        game.state.view("Nobody")
    assert str(refused.value) == f"unknown player 'Nobody'; players: {', '.join(players)}"
    assert game.state.view(players[-1]) is not None


@pytest.mark.parametrize("info", [info for info in games() if has_apply_fast(info)], ids=lambda info: info.name)
def test_apply_fast_gives_the_state_apply_gives(info):
    """The optional fast path (only the games whose rules module has it): for every legal action
    along a seeded random game of the most players, ``apply_fast`` gives the state ``apply``
    gives and leaves its argument unchanged."""
    rules = info.rules
    state, rng = info.new_game(info.players(), seed=5).state, Rng(3)
    while not rules.is_over(state):
        snapshot = state.to_dict()
        for action in rules.legal_actions(state)[:4]:
            assert rules.apply_fast(state, action) == rules.apply(state, action)[0], f"{action}"
        assert state.to_dict() == snapshot
        state = rules.apply(state, rules.sample_action(state, rng))[0]
