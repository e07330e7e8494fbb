"""Each step test's screen (``Reach.screen``) holds wherever the test does: the runner asks a
test only after its screen held, so a screen that failed where its test held would make
studies count fewer situations than arose.  Random games of every registered game, with the
switches at their defaults and each screened switch at its other values."""

from __future__ import annotations

from collections import Counter

import pytest

from fresco_kit import games
from fresco_kit.core.plugins import direct
from fresco_kit.core.random import Rng
from fresco_kit.sim.runner import screened_tests

from tests.games import apply_fast

SCREENED = [info for info in games() if any(s.reach is not None and s.reach.screen for s in info.switches)]


def _play(info, switches: dict, seed: int, held: Counter, screened: Counter) -> None:
    """One random game (its player count by ``seed``), asking every screened test and its
    screen after every action."""
    count = info.player_counts[seed % len(info.player_counts)]
    game = info.new_game(info.players(count), seed=seed, switches=switches)
    rules, state, rng, step = game.rules, game.state, Rng(seed), apply_fast(game.rules)
    tests = [(s.name, direct(s.reach.test), direct(s.reach.screen)) for s in info.switches
             if s.reach is not None and s.reach.screen is not None]
    for _ in range(5_000):
        if rules.is_over(state):
            return
        action = rules.sample_action(state, rng)
        after = step(state, action)
        for name, test, screen in tests:
            if test(state, action, after):
                held[name] += 1
                assert screen(state, action, after), f"{name}: its test holds where its screen does not (seed {seed})"
            screened[name] += bool(screen(state, action, after))
        state = after


@pytest.mark.parametrize("info", SCREENED, ids=lambda info: info.name)
def test_a_screen_holds_wherever_its_test_does(info):
    held, screened = Counter(), Counter()
    for seed in range(3 * len(info.player_counts)):
        _play(info, {}, seed, held, screened)
    for switch in info.switches:
        if switch.reach is None or switch.reach.screen is None:
            continue
        for k, value in enumerate(v for v in switch.choices if v != switch.default):
            for seed in range(100 + 10 * k, 100 + 10 * k + len(info.player_counts)):
                _play(info, {switch.name: value}, seed, held, screened)
    assert held, "no screened situation arose in these games: the test checks nothing"
    assert all(screened[name] for name in screened), "a screen never held"


def test_the_runner_groups_tests_by_screen():
    info = SCREENED[0]
    reaches = [(s.name, s.reach) for s in info.switches if s.reach is not None and s.reach.when == "step"]
    groups = screened_tests(reaches)
    names = [name for _, tests in groups for name, _ in tests]
    assert sorted(names) == sorted(name for name, _ in reaches)  # every step test, once
    screens = [screen for screen, _ in groups]
    assert len(screens) == len(set(map(id, screens)))  # one group per distinct screen
    assert len(groups) < len(reaches)  # shared screens: fewer groups than tests
