"""The engine contract additions for simulations (issue #11): actor, legal_actions by
player, counters, apply_fast and determinize, over random games of every player count
and ruleset."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from fresco_kit.core import Rng
from fresco_kit.fresco import INFO, new_game, rules
from fresco_kit.fresco.state import State

CASES = [(ruleset, n) for ruleset in ("base", "bigbox") for n in (3, 4)]


def positions(seed: int, ruleset: str, n: int, mixed: bool = True) -> Iterator[State]:
    """Every state of a random game (the bots' play, sometimes any legal action)."""
    s = new_game(INFO.players(n), seed=seed, ruleset=ruleset).state
    rng = Rng(seed * 7919 + 1)
    for _ in range(5_000):
        yield s
        if rules.is_over(s):
            return
        if mixed and rng.randbelow(8) == 0:
            action = rng.choice(rules.legal_actions(s))
        else:
            action = rules.sample_action(s, rng)
        s = rules.apply(s, action)[0]
    raise AssertionError("the random game did not end")


@pytest.mark.parametrize(("ruleset", "n"), CASES)
def test_every_legal_action_belongs_to_an_actor_and_legal_actions_by_player_split_the_list(ruleset, n):
    for seed in range(2):
        for s in positions(seed, ruleset, n):
            legal = rules.legal_actions(s)
            acting = rules.actor(s)
            assert all(a.player in acting for a in legal)
            assert (not acting) == rules.is_over(s)
            by_player = {nm: rules.legal_actions(s, nm) for nm in s.names}
            for nm in s.names:
                if nm not in acting:
                    assert by_player[nm] == []
            assert sorted(map(str, legal)) == sorted(str(a) for nm in s.names for a in by_player[nm])
            for nm in acting:
                assert by_player[nm] == [a for a in legal if a.player == nm]
                assert by_player[nm]


def test_actor_while_planning_names_everyone_still_to_plan():
    for s in positions(0, "base", 4, mixed=False):
        if s.phase == "plan":
            assert rules.actor(s) == tuple(nm for nm, p in zip(s.names, s.players) if p.plan is None)
            assert len(rules.actor(s)) > 1
            return
    raise AssertionError("no planning phase")


@pytest.mark.parametrize(("ruleset", "n"), CASES)
def test_counters_never_decrease(ruleset, n):
    for seed in range(2):
        last = (0, -1)
        first = True
        for s in positions(seed, ruleset, n):
            now = rules.counters(s)
            if first:
                assert now == (1, 0)
                first = False
            assert now[0] >= last[0] and now[1] >= last[1], (last, now, s.phase)
            assert now[0] == s.round
            last = now


@pytest.mark.parametrize(("ruleset", "n"), CASES)
def test_apply_fast_gives_the_state_apply_gives(ruleset, n):
    for seed in range(2):
        rng = Rng(seed + 99)
        for s in positions(seed, ruleset, n):
            if rules.is_over(s):
                break
            for action in (rules.sample_action(s, rng), rng.choice(rules.legal_actions(s))):
                fast = rules.apply_fast(s, action)
                assert fast == rules.apply(s, action)[0]
                assert fast.switches == s.switches


@pytest.mark.parametrize(("ruleset", "n"), CASES)
def test_determinize_agrees_with_the_view_and_fills_in_the_hidden_parts(ruleset, n):
    varied = set()
    for k, s in enumerate(positions(5, ruleset, n)):
        if k % 7 and not rules.is_over(s) and s.phase != "plan":
            continue
        for nm in s.names:
            view = s.view(nm)
            guesses = [rules.determinize(view, Rng(key)) for key in range(3)]
            for guess in guesses:
                assert rules.invariants(guess) == []
                assert guess.view(nm) == view
                if not rules.is_over(guess):
                    action = rules.sample_action(guess, Rng(1))
                    assert rules.checks(guess, action) == []
                    assert rules.invariants(rules.apply(guess, action)[0]) == []
            varied.add(len({(g.rng, tuple(g.players)) for g in guesses}) > 1)
    assert varied == {True}


def test_determinize_keeps_what_the_viewer_sees_and_hides_nothing_else():
    for s in positions(2, "base", 4, mixed=False):
        if s.phase == "plan" and sum(p.plan is not None for p in s.players) >= 2:
            break
    viewer = next(nm for nm, p in zip(s.names, s.players) if p.plan is not None)
    guess = rules.determinize(s.view(viewer), Rng(3))
    assert guess.player(viewer) == s.player(viewer)
    assert [p.plan is None for p in guess.players] == [p.plan is None for p in s.players]
    assert (guess.bank, guess.supply, guess.booths, guess.bag, guess.fresco) == (
        s.bank,
        s.supply,
        s.booths,
        s.bag,
        s.fresco,
    )
