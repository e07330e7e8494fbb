"""The engine contract additions of issue #11: actor, legal_actions(player), counters,
apply_fast and determinize, checked over random games."""
from __future__ import annotations

import pytest

from fresco_kit.core import Rng
from fresco_kit.sixtina import new_game, rules

CASES = [(n, v) for n in (2, 3, 4) for v in ("basic", "history")]
NAMES = ("Red", "White", "Blue", "Yellow")


def random_states(n: int, variant: str, seed: int, every: int = 1):
    """The states of a random game (every ``every``-th), the final one included."""
    state = new_game(list(NAMES[:n]), seed=seed, variant=variant).state
    rng = Rng(seed + 11)
    i = 0
    while not state.over:
        if i % every == 0:
            yield state
        state, _ = rules.apply(state, rules.sample_action(state, rng))
        i += 1
    yield state


@pytest.mark.parametrize("n,variant", CASES)
def test_every_legal_action_belongs_to_an_actor(n, variant):
    for seed in range(2):
        for state in random_states(n, variant, seed, every=7):
            who = rules.actor(state)
            legal = rules.legal_actions(state)
            if state.over:
                assert who == () and legal == []
                continue
            assert len(who) == 1 and who[0] in state.players
            assert legal and who[0] == state.players[state.acting_seat]


@pytest.mark.parametrize("n,variant", CASES)
def test_legal_actions_for_one_player(n, variant):
    for state in random_states(n, variant, 3, every=9):
        everything = rules.legal_actions(state)
        for p in state.players:
            mine = rules.legal_actions(state, p)
            assert mine == (everything if p in rules.actor(state) else [])
        assert rules.legal_actions(state, "Nobody") == []


@pytest.mark.parametrize("n,variant", CASES)
def test_apply_fast_gives_the_state_apply_gives(n, variant):
    for seed in range(3):
        state = new_game(list(NAMES[:n]), seed=seed, variant=variant).state
        rng = Rng(seed + 5)
        while not state.over:
            action = rules.sample_action(state, rng)
            fast = rules.apply_fast(state, action)
            state, _ = rules.apply(state, action)
            assert fast == state


def test_apply_fast_on_every_legal_action_of_some_positions():
    for state in random_states(2, "history", 4, every=15):
        for action in rules.legal_actions(state)[:40]:
            assert rules.apply_fast(state, action) == rules.apply(state, action)[0]


@pytest.mark.parametrize("n,variant", CASES)
def test_counters_never_decrease(n, variant):
    for seed in range(2):
        last = (0, 0)
        first_turn = None
        for state in random_states(n, variant, seed):
            now = rules.counters(state)
            assert now >= last and now[0] >= last[0] and now[1] >= last[1]
            if now != (0, 0) and first_turn is None:
                first_turn = now
            last = now
        assert first_turn == (1, 1)
        assert last[0] == 1 + (last[1] - 1) // n and last[1] > n


def test_counters_survive_a_save():
    state = list(random_states(3, "basic", 1, every=20))[-2]
    again = rules.state_from_dict(state.to_dict())
    assert again == state and rules.counters(again) == rules.counters(state) != (0, 0)


@pytest.mark.parametrize("n,variant", CASES)
def test_determinize_agrees_with_the_view_and_hides_nothing_it_shows(n, variant):
    varied = 0
    for state in random_states(n, variant, 6, every=6):
        for p in state.players:
            view = state.view(p)
            seen = set()
            for k in range(3):
                guess = rules.determinize(view, Rng(k))
                assert rules.invariants(guess) == []
                assert guess.view(p) == view
                seen.add((guess.hands, guess.deck, guess.frescoes, guess.rng))
                if not guess.over:
                    legal = rules.legal_actions(guess)
                    assert legal
                    rules.apply(guess, legal[-1])
            varied += len(seen) > 1
    assert varied > 0


def test_determinize_keeps_the_viewers_secrets_only():
    state = list(random_states(3, "history", 2, every=5))[3]
    p = state.players[0]
    guess = rules.determinize(state.view(p), Rng(1))
    assert guess.hands[0] == state.hands[0]
    assert sorted(sum(guess.hands[1:], ()) + guess.deck) == sorted(sum(state.hands[1:], ()) + state.deck)
