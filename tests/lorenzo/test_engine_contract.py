"""The engine contract additions for simulations (issue #11): ``actor``,
``legal_actions(state, player)``, ``counters``, ``apply_fast`` and ``determinize``,
checked along seeded random games for every player count and option."""
from __future__ import annotations

import pytest

from fresco_kit.core import Rng
from fresco_kit.lorenzo import INFO, rules
from fresco_kit.lorenzo.readings import DEFAULTS

NAMES = ["Red", "White", "Blue", "Yellow"]
#: Every switch set to a reading other than its default.
OTHER_SWITCHES = {s.name: next(c for c in s.choices if c != DEFAULTS[s.name]) for s in INFO.switches}
OPTIONS = {
    "standard": {},
    "advanced": {"bonus_tiles": "advanced"},
    "switched": {"bonus_tiles": "advanced", "switches": OTHER_SWITCHES},
}


def _states(players: int, options: dict, seed: int):
    """The states of a seeded random game (sample_action), with the action played in
    each (None for the final state)."""
    st = rules.new_state(NAMES[:players], seed, INFO.check_options(options))
    rng = Rng(500 + seed)
    while not rules.is_over(st):
        action = rules.sample_action(st, rng)
        yield st, action
        st = rules.apply(st, action)[0]
    yield st, None


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_actor_players_legal_actions_and_counters(players, option):
    """Every legal action is the actor's; ``legal_actions(state, p)`` is the actor's
    list (the same list, in order) and empty for anyone else; the counters never
    decrease and reach round 7 at the end."""
    last = (0, -1)
    for st, action in _states(players, OPTIONS[option], seed=players):
        who = rules.actor(st)
        legal = rules.legal_actions(st)
        assert len(who) <= 1
        assert all(a.player in who for a in legal)
        if action is not None:
            assert who == (action.player,)
        for name in NAMES[:players]:
            mine = rules.legal_actions(st, name)
            assert mine == (legal if name in who else [])
        now = rules.counters(st)
        assert now >= last and now[1] >= last[1], (last, now)
        last = now
    assert who == () and legal == [] and last[0] == 7
    assert last[1] == 6 * 4 * players


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_apply_fast_gives_the_state_apply_gives(players, option):
    for seed in range(2):
        for st, action in _states(players, OPTIONS[option], seed):
            if action is not None:
                assert rules.apply_fast(st, action) == rules.apply(st, action)[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_agrees_with_the_view_and_varies_the_hidden_parts(players):
    """At random positions, for every player: the determinized state passes the
    invariants, shows that player the same view, can be played on, and different
    generators give different hidden parts (deck order, rng)."""
    checked = 0
    for i, (st, action) in enumerate(_states(players, OPTIONS["advanced"], seed=7)):
        if i % 9:
            continue
        for name in NAMES[:players]:
            view = st.view(name)
            filled = [rules.determinize(view, Rng(k)) for k in range(3)]
            for full in filled:
                assert rules.invariants(full) == []
                assert full.view(name) == view
                assert full.rng is not None
                if action is not None:
                    assert rules.legal_actions(full) == rules.legal_actions(st)
                    nxt, _ = rules.apply(full, action)
                    assert rules.invariants(nxt) == []
            assert len({(f.rng, tuple(f.decks.items())) for f in filled}) == 3
            checked += 1
    assert checked >= 6 * players
