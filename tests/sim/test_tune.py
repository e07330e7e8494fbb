"""The self-play tuner on a tiny study, and the weights file it writes and the bots read."""

from __future__ import annotations

import json

import pytest

from fresco_kit.core.interface import load_weights
from fresco_kit.sim.bots import evaluation
from fresco_kit.sim.tune import match_share, tune, weights_path


def test_a_tiny_study_keeps_the_categories_and_scores_the_defaults_first():
    result = tune("lorenzo", trials=2, games=2, seed=3)
    _, defaults = evaluation("lorenzo")
    assert set(result["weights"]) == set(defaults)
    assert result["weights"]["Military"] == defaults["Military"]  # a category stays at its weight
    assert result["defaults_score"] == match_share("lorenzo", None, 2, 3, 3)
    assert result["score"] >= result["defaults_score"]
    assert 0 <= result["score"] <= 1 and result["games"] == 2 and result["players"] == 3


def test_weights_files_are_read_and_checked(tmp_path):
    path = tmp_path / "weights.json"
    assert load_weights(path) is None
    path.write_text(json.dumps({"weights": {"goods": 0.5, "faith points": 1}}))
    assert load_weights(path) == {"goods": 0.5, "faith points": 1.0}
    path.write_text(json.dumps({"weights": {"goods": "a lot"}}))
    with pytest.raises(ValueError, match="weights"):
        load_weights(path)
    assert weights_path("lorenzo").name == "weights.json"
