"""The self-play tuner on a tiny study, and the weights file it writes and the bots read."""

from __future__ import annotations

import json
import math

import pytest

from fresco_kit.core.interface import load_weights, stepper
from fresco_kit.sim.bots import evaluation
from fresco_kit.sim.tune import (
    features,
    fit,
    log_likelihood,
    match_share,
    max_likelihood,
    terms,
    tune,
    weights_path,
)


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


def test_the_heuristic_is_the_weighted_sum_of_its_terms():
    """The fit rests on it: for every game, ``evaluate`` with any weights is the sum of
    the weights times the terms measured one at a time (:func:`features`)."""
    from fresco_kit import games
    from fresco_kit.core import Rng

    for info in games():
        if info.bots is None:
            continue
        keys = terms(info.name)
        weights = {k: 0.5 + i for i, k in enumerate(keys)}
        advance = stepper(info.rules)  # apply_fast is optional in the rules contract (the template game has none)
        state, rng = info.new_game(info.players(min(info.player_counts)), seed=2).state, Rng(2)
        for step in range(60):
            if info.rules.is_over(state):
                break
            if step % 15 == 0:
                for player in info.players(min(info.player_counts)):
                    f = features(info.name, state, player)
                    want = info.bots.evaluate(state, player, weights)
                    assert sum(weights[k] * v for k, v in zip(keys, f)) == pytest.approx(want), info.name
            state = advance(state, info.rules.sample_action(state, rng))


def test_the_log_likelihood_is_hand_computed():
    """Two positions, three players: the softmax of the values over the temperature, the
    log of the winners' chances averaged (a shared win counts each winner's share)."""
    rows = [[[2.0, 0.0], [0.0, 0.0], [0.0, 1.0]], [[0.0, 0.0], [1.0, 1.0], [0.0, 0.0]]]
    results = [[1.0, 0.0, 0.0], [0.0, 0.5, 0.5]]
    weights, t = [1.0, 2.0], 2.0
    # values / t: position 1: 1, 0, 1; position 2: 0, 1.5, 0
    first = math.log(math.e / (2 * math.e + 1))
    second = 0.5 * math.log(math.exp(1.5) / (math.exp(1.5) + 2)) + 0.5 * math.log(1 / (math.exp(1.5) + 2))
    assert log_likelihood(rows, results, weights, t) == pytest.approx((first + second) / 2)


def test_a_tiny_fit_predicts_the_winners_at_least_as_well_as_the_defaults():
    """Two kit games' positions (1980 Sixtina): the first scoring category stays at 1, the fit's score is
    its log-likelihood and no worse than the defaults' at their best temperature."""
    result = fit("sixtina", games=2, seed=11, bots=["kit", "kit", "kit"])
    _, defaults = evaluation("sixtina")
    assert set(result["weights"]) == set(defaults) and result["weights"]["During the game"] == 1.0
    assert result["positions"] > 20 and result["games"] == 2 and result["temperature"] > 0
    assert result["blind_score"] == pytest.approx(math.log(1 / 3))
    assert result["defaults_score"] <= result["score"] <= 0
    assert fit("sixtina", games=2, seed=11, bots=["kit", "kit", "kit"]) == result  # the same arguments, the same fit


def test_the_maximum_likelihood_is_found():
    """On positions drawn from a known model (values 1.0 * a + 0.5 * b over temperature
    2), the fit recovers the weights and the temperature, and nearby weights do worse."""
    import numpy as np

    rng = np.random.default_rng(0)
    rows = rng.normal(0, 3, size=(4000, 3, 2))
    logits = rows @ np.array([1.0, 0.5]) / 2.0
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    winners = np.array([rng.choice(3, p=q) for q in p])
    results = np.eye(3)[winners]
    weights, temperature = max_likelihood(rows, results, fixed=0)
    assert weights[0] == 1.0 and weights[1] == pytest.approx(0.5, abs=0.05) and temperature == pytest.approx(2, abs=0.2)
    best = log_likelihood(rows, results, weights, temperature)
    for dw, dt in ((0.1, 0), (-0.1, 0), (0, 0.3), (0, -0.3)):
        assert log_likelihood(rows, results, [1.0, weights[1] + dw], temperature + dt) < best
    with pytest.raises(ValueError, match="first scoring category"):
        max_likelihood(-rows[:, :, :1], results, fixed=0)
