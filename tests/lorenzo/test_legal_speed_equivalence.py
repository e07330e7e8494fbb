"""The fast listing of Lorenzo placements (``placement._legal_servants``: checks that stop
at the first broken rule, counts skipped below the minimum value, the run of legal
servant counts found by halving) gives exactly what filtering every candidate through
the full checks gives, in the same order, over several hundred seeded states of 2-4
players -- random play, the reading switches, and variants with more or fewer servants
and coins and with excommunications that change values and servants."""

from __future__ import annotations

from functools import partial

from fresco_kit.core import Rng, assign
from fresco_kit.lorenzo import new_game, rules
from fresco_kit.lorenzo.actions import Forfeit, Place
from fresco_kit.lorenzo.data import SPACES
from fresco_kit.lorenzo.effects import member_value
from fresco_kit.lorenzo.placement import (
    _reach,
    legal_actions,
    listed_counts,
    placeable_space,
    placement_reasons,
    reasons,
    value_that_matters,
)
from fresco_kit.lorenzo.state import State, own

NAMES = ["Red", "White", "Blue", "Yellow"]

#: Excommunication tiles that change what a placement may do: coloured members -1,
#: harvest -3, tower (territory, building) -4, no market, 2 servants per +1, gain losses.
EXCOMMS = [(7,), (5,), (8,), (9,), (12,), (13,), (3,), (7, 13), (4, 9, 13)]

SWITCHES = [
    {},
    {"servants_in_pairs": False},
    {"large_space_penalty_after_minimum": False},
    {"servants_in_pairs": False, "large_space_penalty_after_minimum": False},
]


def brute_legal_actions(st: State) -> list:
    """Every candidate action, in the listing order, kept when the full checks (those
    ``explain`` shows) find nothing broken: each member at home, each space, every servant
    count from 0 to all the player owns, then forfeiting the member."""
    if st.phase == "over":
        return []
    if st.pending:
        return list(rules.legal_answers(st))
    name = st.current
    p = st.player(name)
    out: list = []
    for member in p.home:
        base = member_value(st, p, member)
        for space in SPACES:
            legal = [s for s in range(p.res["servants"] + 1) if not rules.checks(st, Place(name, member, space, s))]
            # counts past the value no rule looks at are legal but not listed (test below)
            out += [Place(name, member, space, s) for s in listed_counts(legal, partial(_reach, p, base, space))]
        f = Forfeit(name, member)
        if not rules.checks(st, f):
            out.append(f)
    return out


def brute_placeable_space(st: State, name: str, member: str) -> tuple[str, int] | None:
    """The first (space, servants) of a full scan where ``member`` may be placed."""
    p = st.player(name)
    for space in ("council",) + SPACES[:-1]:
        for s in range(p.res["servants"] + 1):
            if not placement_reasons(st, name, member, space, s, turn=False):
                return space, s
    return None


def _variant(st: State, rng: Rng) -> State:
    """``st`` with the player to act given other servants, coins and military points and,
    one time in two, excommunication tiles (a new state; ``st`` is not changed)."""
    out = st.evolve()
    assert st.current is not None
    p = own(out, st.current)
    p.res["servants"] = rng.randbelow(14)
    p.res["coins"] = rng.randbelow(9)
    p.res["military"] = rng.randbelow(12)
    if rng.randbelow(2):
        assign(p, excomms=rng.choice(EXCOMMS))
    return out


def _states() -> list[State]:
    """Seeded states of 2-4 players under every reading switch: every 3rd state of random
    games, and a variant of each state where a member is to be placed."""
    out = []
    for i, switches in enumerate(SWITCHES):
        for players in (2, 3, 4):
            seed = 10 * i + players
            game = new_game(NAMES[:players], seed=seed, switches=switches)
            rng = Rng(500 + seed)
            n = 0
            while not game.is_over:
                st = game.state
                if n % 3 == 0:
                    out.append(st)
                    if not st.pending and st.current is not None:
                        out.append(_variant(st, rng))
                n += 1
                game.play(rules.sample_action(st, rng))
            out.append(game.state)
    return out


STATES = _states()


def test_enough_varied_states():
    """The comparison covers several hundred states, most of them with a member to place,
    many with excommunications and with servants to spare."""
    placing = [s for s in STATES if s.phase != "over" and not s.pending]
    assert len(STATES) >= 300 and len(placing) >= 200
    assert sum(1 for s in placing if s.player(s.current).excomms) >= 50
    assert sum(1 for s in placing if s.player(s.current).res["servants"] >= 6) >= 50


def test_legal_actions_equal_the_brute_force_filter_in_order():
    """``legal_actions`` lists exactly the candidates the full checks pass, in order."""
    for st in STATES:
        assert legal_actions(st) == brute_legal_actions(st)


def test_listing_for_one_player_matches_too():
    """With ``player``: the same list for the player to act, nothing for the others."""
    for st in STATES[::7]:
        if st.phase == "over" or st.pending:
            continue
        assert legal_actions(st, st.current) == brute_legal_actions(st)
        assert all(legal_actions(st, p.name) == [] for p in st.players if p.name != st.current)


def test_first_broken_rule_is_the_full_lists_first():
    """``placement_reasons(..., first=True)`` is the full list's first entry (and empty
    exactly when the full list is), for every member, space and servant count."""
    for st in STATES[::9]:
        if st.phase == "over" or st.pending:
            continue
        for p in st.players:
            for member in p.home + ("white",):
                for space in SPACES:
                    for s in range(p.res["servants"] + 2):
                        full = placement_reasons(st, p.name, member, space, s)
                        assert placement_reasons(st, p.name, member, space, s, first=True) == full[:1]


def test_placeable_space_and_forfeits_match_a_full_scan():
    """The space a forfeit refusal suggests (and so whether forfeiting is legal) is the
    first one a full scan of every servant count finds."""
    for st in STATES[::2]:
        if st.phase == "over" or st.pending:
            continue
        for member in st.player(st.current).home:
            found = placeable_space(st, st.player(st.current), member)
            assert found == brute_placeable_space(st, st.current, member)
            assert (not reasons(st, Forfeit(st.current, member))) == (found is None)


def test_servants_past_the_listed_counts_change_nothing_but_the_servants_paid():
    """A placement with more servants than the largest listed count is still legal, and
    leads to the very position the largest listed count leads to from a player who owned
    that many fewer servants: the extra servants buy nothing (so listing it adds nothing)."""
    tried = 0
    rng = Rng(3)
    for st in _states()[:120]:
        if st.pending or st.phase != "actions":
            continue
        name = st.current
        rich = st.evolve()
        own(rich, name).res["servants"] = 40
        by_place: dict = {}
        for a in legal_actions(rich):
            if isinstance(a, Place):
                by_place.setdefault((a.member, a.space), []).append(a.servants)
        for (member, space), counts in by_place.items():
            top = max(counts)
            if top == 40:
                continue
            more = top + 1 + rng.randbelow(40 - top)
            if rules.checks(rich, Place(name, member, space, more)):
                continue
            poorer = st.evolve()
            own(poorer, name).res["servants"] = 40 - (more - top)
            a, _ = rules.apply(poorer, Place(name, member, space, top))
            b, _ = rules.apply(rich, Place(name, member, space, more))
            assert a.to_dict() == b.to_dict(), (member, space, top, more)
            tried += 1
    assert tried > 50


def test_a_huge_servant_count_lists_a_bounded_number_of_moves():
    st = _states()[0].evolve()
    p = own(st, st.current)
    p.res["servants"] = 999
    listed = [a for a in legal_actions(st) if isinstance(a, Place)]
    assert max(a.servants for a in listed) <= value_that_matters()
    assert not rules.checks(st, Place(st.current, listed[0].member, listed[0].space, 999))
