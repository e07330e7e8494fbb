"""Lorenzo's random player (``bots.sample_action``) checks its candidate placements with
``placement.fits``: only the rules of the space, unworded (issue 17, item 7).  It must
accept exactly the candidates the full checker accepts, so the sampler draws the same
moves as before, every one of them legal."""

from __future__ import annotations

from fresco_kit.core import Rng
from fresco_kit.lorenzo import bots, rules
from fresco_kit.lorenzo.data import SPACES
from fresco_kit.lorenzo.effects import member_value, servants_per_plus
from fresco_kit.lorenzo.placement import fits, placement_reasons
from tests.lorenzo.test_legal_speed_equivalence import STATES

PLACING = [s for s in STATES if s.phase != "over" and not s.pending and s.current is not None]


def test_fits_answers_as_the_full_checks_for_every_candidate_the_sampler_builds():
    """Every member at home, every space, every servant count in whole steps up to what the
    player holds (the candidates ``sample_action`` builds), in several hundred seeded states:
    ``fits`` is True exactly when ``placement_reasons`` (turn aside) finds nothing broken."""
    checked = accepted = 0
    for st in PLACING:
        p = st.player(st.current)
        per = servants_per_plus(p)
        for member in p.home:
            base = member_value(st, p, member)
            for space in SPACES:
                for s in range(0, p.res["servants"] + 1, per):
                    expected = not placement_reasons(st, p.name, member, space, s, turn=False)
                    assert fits(st, p, member, base, space, s) == expected, (st.current, member, space, s)
                    checked += 1
                    accepted += expected
    assert checked > 20_000 and 0.05 < accepted / checked < 0.95


def _full(st, p, member, base, space, servants):
    """The sampler's check as it was: the whole placement checker, stopped at the first rule."""
    return not placement_reasons(st, p.name, member, space, servants, turn=False, first=True)


def test_the_sampler_draws_the_same_moves_as_with_the_full_checker(monkeypatch):
    """From every seeded state (pending decisions too), a few draws of the same generator
    give the same moves with ``fits`` and with the full checker, and each move is legal
    (the full, worded ``checks`` find nothing)."""
    states, draws = [s for s in STATES if s.phase != "over"], 3
    rng = Rng(7)
    fast = [bots.sample_action(st, rng) for st in states for _ in range(draws)]
    monkeypatch.setattr(bots, "fits", _full)
    rng = Rng(7)
    slow = [bots.sample_action(st, rng) for st in states for _ in range(draws)]
    assert fast == slow and len(fast) >= 900
    moves = iter(fast)
    for st in states:
        for _ in range(draws):
            move = next(moves)
            assert rules.checks(st, move) == [], move
