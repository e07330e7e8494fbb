"""Grouped choices (``legal_choices``): every legal action in exactly one group, the groups'
union the legal actions, for every registered game (the template game through the kit's
fallback), and Lorenzo's listing bounded whatever the servants held."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from fresco_kit import game_info, games
from fresco_kit.core import Rng
from fresco_kit.core.interface import first_word, legal_choices
from tests.games import apply_fast

GAMES = [info.name for info in games()]


def _positions(game: str, seed: int, moves: int = 300, every: int = 7):
    """States met in a seeded game of the game's own random play, one every ``every`` actions."""
    info = game_info(game)
    g = info.new_game(info.players(min(info.player_counts, key=lambda n: abs(n - 3))), seed=seed)
    rules, state, rng = g.rules, g.state, Rng(seed)
    step = apply_fast(rules)
    for i in range(moves):
        if rules.is_over(state):
            return
        if i % every == 0:
            yield rules, state
        state = step(state, rules.sample_action(state, rng))


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_is_in_exactly_one_group(game):
    seen = 0
    for seed in range(1, 40):  # short games (the template's Nim) take more seeds
        if seen > 40:
            break
        for rules, state in _positions(game, seed, every=3):
            player = rules.actor(state)[0]
            legal = rules.legal_actions(state, player=player)
            groups = legal_choices(rules, state, player)
            listed = [str(a) for group in groups.values() for a in group]
            assert Counter(listed) == Counter(str(a) for a in legal)
            assert len(set(listed)) == len(listed)  # each distinct outcome listed once
            assert all(groups.values())  # no empty group
            seen += 1
    assert seen > 20


def test_the_groups_of_each_kit_game_gather_the_details():
    """Lorenzo groups servants under member x space, Sixtina cards under place and
    technique, Fresco a plan's counts under the columns it uses: fewer groups than actions."""
    ratios = {}
    for game in ("lorenzo", "sixtina", "fresco"):
        actions = groups = 0
        for rules, state in _positions(game, 3, moves=400, every=3):
            player = rules.actor(state)[0]
            actions += len(rules.legal_actions(state, player=player))
            groups += len(rules.legal_choices(state, player))
        ratios[game] = actions / groups
    assert all(r > 1.3 for r in ratios.values()), ratios


def test_the_fallback_groups_by_the_first_word():
    class Bare:  # a rules module without legal_choices
        @staticmethod
        def legal_actions(state, player=None):
            return ["take Red 1", "take Red 2", "pass Red"]

    assert legal_choices(Bare(), None, "Red") == {"take": ["take Red 1", "take Red 2"], "pass": ["pass Red"]}
    assert first_word("take Red 1") == "take"


def test_lorenzo_with_999_servants_lists_each_outcome_once_and_explain_accepts_any_count():
    from fresco_kit.lorenzo import new_game
    from fresco_kit.lorenzo.actions import Place
    from fresco_kit.lorenzo.data import SPACES
    from fresco_kit.lorenzo.placement import value_that_matters
    from fresco_kit.lorenzo.state import own

    g = new_game(["Red", "White", "Blue"], seed=5)
    rules = g.rules
    st = g.state.evolve()
    own(st, st.current).res["servants"] = 999
    start = time.perf_counter()
    legal = rules.legal_actions(st)
    print(f"legal_actions with 999 servants: {len(legal)} actions in {1000 * (time.perf_counter() - start):.1f} ms")
    groups = rules.legal_choices(st, st.current)
    places = [a for a in legal if isinstance(a, Place)]
    # the listed counts of a member x space stop where more servants change nothing: each
    # listed count gives a different state (a distinct outcome), and the list is small
    for group in groups.values():
        outcomes = {str(rules.apply_fast(st, a).to_dict()) for a in group}
        assert len(outcomes) == len(group)
    bound = len(own(st, st.current).home) * len(SPACES) * (value_that_matters() + 1)
    assert len(places) <= bound  # bounded whatever the servants held
    # a count past the listed ones is still legal when played
    top = max(places, key=lambda a: a.servants)
    assert not rules.checks(st, Place(top.player, top.member, top.space, 999))
    assert not rules.checks(st, Place(top.player, top.member, top.space, top.servants + 37))
