"""Helpers for the Lorenzo tests: constructed positions and rule ids of refusals."""
from __future__ import annotations

import pytest

from fresco_kit.core import RuleError
from fresco_kit.lorenzo.positions import game_at, position  # noqa: F401  (re-exported)

P2 = ["Red", "Blue"]
P3 = ["Red", "White", "Blue"]
P4 = ["Red", "White", "Blue", "Yellow"]


def refused_by(game, action) -> set[str]:
    """The rule ids of every reason the action is refused (empty set when legal)."""
    return {ref.id for _, ref in game.explain(action).reasons}


def assert_refused(game, action, rule_id: str) -> None:
    """The action is refused citing ``rule_id``, and playing it changes nothing."""
    before = game.state
    ids = refused_by(game, action)
    assert rule_id in ids, f"{action}: expected {rule_id}, got {ids}"
    with pytest.raises(RuleError) as err:
        game.play(action)
    assert any(ref.id == rule_id for _, ref in err.value.reasons)
    assert game.state is before and game.state == before


def res(game, name: str, key: str) -> int:
    return game.state.player(name).res[key]
