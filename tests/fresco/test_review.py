"""Rules review: cases a sceptical reader of the Fresco texts checks (each names its rule).

Each test pins a concrete mutation the older tests let through (named in its docstring).
"""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Rng, SaveError
from fresco_kit.fresco import new_game, rules
from fresco_kit.fresco.actions import Altar, Buy, Close, Plan, Restore, altar

from .helpers import P3, P4, at, data, edit, finish_round, game, plans, play_round_start, refused, times, wake_all


# -- coins (Game Components; public sources, see seeds/README.md) ------------------------------------------------
@pytest.mark.rule("fresco setup.player", "fresco supply.coins")
def test_the_bank_holds_60_coins_worth_196_thalers():
    """60 coins = 36 x 1 + 16 x 5 + 8 x 10 thalers: the bank is 196 thalers, not 60."""
    assert data.COIN_DENOMINATIONS == {1: 36, 5: 16, 10: 8}
    assert sum(data.COIN_DENOMINATIONS.values()) == 60 and data.COINS == 196
    for players in (P3, P4):
        s = game(players=players).state
        assert s.bank == 196 - 12 * len(players)
        assert not rules.invariants(s)


# -- Phase I: the +1 / -1 spaces, both of each ---------------------------------------
@pytest.mark.rule("fresco mood.plus")
def test_the_lower_plus_space_gives_the_apprentice_and_moving_within_the_plus_spaces_keeps_it():
    """Mutation caught: only the top space counted as "+1"."""
    low, top = sorted(data.MOOD_PLUS)
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"mood": low - 1}}))
    wake_all(g, Red=9)                                    # +1: enters the lower "+1" space
    assert g.state.player("Red").mood == low and g.state.player("Red").apprentices == 6
    g.play(Plan("Red", (3, 3, 0, 0, 0)))                  # six apprentices may be planned
    g2 = game()
    g2 = g2.with_state(edit(g2.state, players={"Red": {"mood": top}}))
    play_round_start(g2, times(g2, Red=9), plans(g2))
    assert g2.state.player("Red").helper == 1
    wake_all(g2, Red=7)                                   # -1: top -> lower "+1" space, still there
    assert g2.state.player("Red").mood == low and g2.state.player("Red").apprentices == 6


@pytest.mark.rule("fresco mood.minus")
def test_both_minus_spaces_dismiss_an_apprentice_and_staying_there_keeps_it_out():
    """Mutation caught: only the bottom space counted as "-1"."""
    low, high = sorted(data.MOOD_MINUS)
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"mood": high + 1}}))
    wake_all(g, Red=7)                                    # -1: onto the upper "-1" space
    assert g.state.player("Red").mood == high and g.state.player("Red").apprentices == 4
    refused(g, Plan("Red", (1, 1, 1, 1, 1)), "mood.minus")
    g2 = game()
    g2 = g2.with_state(edit(g2.state, players={"Red": {"mood": high}}))
    play_round_start(g2, times(g2, Red=7), plans(g2))     # high -> low, still on the "-1" spaces
    wake_all(g2, Red=8)                                   # no change: stays on the "-1" space
    assert g2.state.player("Red").mood == low and g2.state.player("Red").apprentices == 4


# -- Market: one booth per player ----------------------------------------------------
@pytest.mark.rule("fresco market.buy")
def test_buying_fewer_tiles_than_apprentices_still_ends_the_market_visit():
    """Mutation caught: spending one use per tile bought, letting a second booth be used."""
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"thalers": 20}}))
    at(g, "market", "Red", Red=(3, 0, 0, 0, 0))
    g.play(Buy("Red", 1, (2,)))
    assert g.state.location != "market" or g.state.to_move != ["Red"]
    refused(g, Buy("Red", 2, (1,)), "p2.resolve")


@pytest.mark.rule("fresco market.buy", "fresco p2.forfeit")
def test_a_booth_bought_from_by_one_player_is_gone_for_the_next():
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"thalers": 20}, "White": {"thalers": 20}}))
    at(g, "market", "Red", Red=(1, 0, 0, 0, 0), White=(2, 0, 0, 0, 0))
    g.play(Buy("Red", 2, (1,)))
    assert g.state.to_move == ["White"] and g.state.booths[1] == ()
    assert {a.booth for a in g.legal_actions() if isinstance(a, (Buy, Close))} == {1, 3, 4}


# -- Round end: refill only what was emptied ------------------------------------------
@pytest.mark.rule("fresco round.refill")
def test_untouched_booths_keep_their_tiles_and_emptied_ones_are_refilled():
    """Mutation caught: every booth emptied back into the bag and redrawn (the text only
    says to draw the right number for each booth; a full booth needs none)."""
    for players in (P4, P3):
        g = game(players=players)
        g = g.with_state(edit(g.state, players={"Red": {"thalers": 20}}))
        untouched = g.state.booths[1:]
        at(g, "market", "Red", Red=(1, 0, 0, 0, 0))
        g.play(Buy("Red", 1, (1,)))
        assert g.state.round == 2
        assert g.state.booths[1:] == untouched
        assert len(g.state.booths[0]) == data.BOOTH_SIZES[len(players)][0]
        assert not rules.invariants(g.state)
    g = game()
    before = g.state.booths
    play_round_start(g, times(g), plans(g))               # nobody at the market
    assert g.state.round == 2 and g.state.booths == before


# -- The track: "behind" never goes below the mover's own space ------------------------
@pytest.mark.rule("fresco cath.track")
def test_behind_may_be_the_movers_own_space_but_never_further_back():
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"vp": 5, "paints": {"yellow": 1, "red": 1, "blue": 1}},
                                     "White": {"vp": 6}, "Blue": {"vp": 7}}))
    at(g, "cathedral", "Red", Red=(0, 1, 0, 0, 0))
    tracks = {a.track for a in g.legal_actions() if isinstance(a, Altar)}
    assert tracks == {"behind", "ahead"}
    preview = g.preview(altar("Red", ["yellow", "red", "blue"], "behind"))
    assert preview.state.player("Red").vp == 5              # stays on its own (vacated) space
    g.play(altar("Red", ["yellow", "red", "blue"], "ahead"))
    assert g.state.player("Red").vp == 8


# -- Final count: Big Box's automatic move ahead cites its rule ---------------------------
@pytest.mark.rule("fresco bigbox.final_collision")
def test_big_box_automatic_move_ahead_is_reported_under_its_rule():
    g = game("bigbox")
    g = g.with_state(edit(g.state, restored={"Yellow": [sq for sq in [(r, c) for r in range(1, 6) for c in range(1, 6)]
                                                 if sq != (3, 3)][:19]}))
    g = g.with_state(edit(g.state, players={"Red": {"vp": 10}, "White": {"vp": 16}}))
    play_round_start(g, times(g), plans(g))
    g = g.with_state(edit(g.state, players={"Red": {"thalers": 12}}))
    wake_all(g, Red=5)
    events = []
    for nm in P4:
        events += g.play(Plan(nm, (0, 0, 0, 0, 0)))
    money = [e for e in events if "Red:" in e.text]
    assert g.state.player("Red").vp == 17
    assert [e.rule.id for e in money] == ["bigbox.final_collision"]


# -- Hidden information --------------------------------------------------------------
@pytest.mark.rule("fresco p2.plan")
def test_a_view_hides_the_random_state_that_would_reveal_future_draws():
    g = game()
    for phase_steps in range(3):
        v = g.state.view("Red")
        assert v.rng is None and g.state.rng != 0 and "rng" in v.to_dict()
        g.play(g.legal_actions()[0])


# -- Saved states are validated ----------------------------------------------------------
def _states():
    out = []
    for seed, (ruleset, players) in enumerate((("base", P4), ("bigbox", P3))):
        g = new_game(players, seed=seed, ruleset=ruleset)
        rng = Rng(seed)
        k = 0
        while not g.is_over:
            if k % 11 == 0:
                out.append(g.state.to_dict())
            g.play(rules.sample_action(g.state, rng))
            k += 1
        out.append(g.state.to_dict())
    return out


BAD = [None, -1, 0, 1, 3, 9, 99, "x", True, [], {}, [0, 0], [1, 2, 3, 4, 5, 6]]


def _paths(d, pre=()):
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _paths(v, pre + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield from _paths(v, pre + (i,))
    if pre:
        yield pre


def test_malformed_states_are_refused_cleanly_or_playable():
    """Any single-field corruption is either refused with a SaveError naming a field,
    or gives a state the engine can play on (legal actions all apply)."""
    import random

    states = _states()
    pick = random.Random(7)
    for _ in range(1500):
        d = json.loads(json.dumps(pick.choice(states)))
        path = pick.choice(list(_paths(d)))
        node = d
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = pick.choice(BAD)
        try:
            s = rules.state_from_dict(d)
        except SaveError as err:
            assert str(err).startswith("state."), str(err)
            continue
        assert not rules.invariants(s)
        for a in rules.legal_actions(s)[:40]:
            assert not rules.checks(s, a)
            rules.apply(s, a)
        if not rules.is_over(s):
            a = rules.sample_action(s, Rng(1))
            assert not rules.checks(s, a), (path, a)


@pytest.mark.parametrize("path,value,message", [
    (("players", 0, "helper"), 2, "state.players[0].helper: expected a whole number from -1 to 1, got 2"),
    (("players", 0, "time"), 4, "state.players[0].time: 0 (in bed) or a get-up time of the inn"),
    (("wake_at",), 3, "state.wake_at: the number of get-up choices made, 0 to 2"),
    (("players", 0, "plan"), [0, 0], "state.players[0].plan: one count per column of market, cathedral"),
    (("round",), 0, "state.round: expected a whole number from 1 to 999, got 0"),
    (("booths", 0), ["M1"], "state.bag: the 14 market tiles must each be in the bag, a booth or removed, once"),
    (("booths", 0), [], "state.bag: the 14 market tiles must each be in the bag, a booth or removed, once"),
    (("players", 1, "paints", "blue"), "x", "state.players[1].paints.blue: expected a whole number from 0 to 999, got 'x'"),
    (("players", 1, "paints", "blue"), 1.0, "state.players[1].paints.blue: expected a whole number from 0 to 999, got 1.0"),
    (("players", 2, "tiles"), ["F99"], "state.players[2].tiles[0]: expected a fresco tile id: one of F1"),
    (("fresco", 4, 4), "F1", "state.fresco: the 25 fresco tiles must each be on the fresco or with one player"),
    (("order",), ["Red", "White"], "state.order: no phase II order before every get-up time is chosen"),
    (("players", 1, "vp"), 7, "state.players[1].points: the points by category must add up to the track space 7"),
    (("final",), 1, "state.final: expected true or false, got 1"),
])
def test_specific_malformed_fields_are_refused(path, value, message):
    g = game(players=P3)
    if path[-1] == "plan":
        wake_all(g)
        g.play(Plan("Red", (0, 1, 0, 0, 0)))
    d = g.state.to_dict()
    node = d
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    with pytest.raises(SaveError) as err:
        rules.state_from_dict(d)
    assert str(err.value).startswith(message), str(err.value)


# -- mutations the first pass let through ------------------------------------------------
@pytest.mark.rule("fresco cath.segment", "fresco p2.resolve")
def test_each_cathedral_apprentice_gives_exactly_one_restoration():
    """Mutation caught: an extra cathedral use per player."""
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"paints": {"yellow": 2, "red": 2, "blue": 2}}}))
    at(g, "cathedral", "Red", Red=(0, 1, 0, 0, 0), White=(0, 1, 0, 0, 0))
    g.play(altar("Red", ["yellow", "red", "blue"]))
    assert g.state.to_move == ["White"]
    refused(g, altar("Red", ["yellow", "red", "blue"]), "p2.resolve")


@pytest.mark.rule("fresco p2.forfeit", "fresco p1.price")
def test_the_market_price_is_paid_per_tile_and_must_be_affordable():
    """Mutation caught: affordability checked for one tile only."""
    g = game()
    price = data.INN[5][1]
    g = g.with_state(edit(g.state, players={"Red": {"thalers": price * 2 - 1}}))
    at(g, "market", "Red", Red=(2, 0, 0, 0, 0))
    refused(g, Buy("Red", 1, (1, 2)), "p2.forfeit")
    assert all(len(a.tiles) == 1 for a in g.legal_actions() if isinstance(a, Buy))
    g.play(Buy("Red", 1, (1,)))
    assert g.state.player("Red").thalers == price - 1


@pytest.mark.rule("fresco supply.paints", "fresco bigbox.paints")
def test_a_limited_supply_cannot_sell_paints_it_lacks():
    for ruleset in ("base", "bigbox"):
        g = game(ruleset)
        g = g.with_state(edit(g.state, players={"Red": {"thalers": 20},
                                         "White": {"paints": {"yellow": 14, "red": 14, "blue": 14}}}))
        at(g, "market", "Red", Red=(1, 0, 0, 0, 0))
        booth, k = next((b, k) for b, tiles in enumerate(g.state.booths, 1) for k, t in enumerate(tiles, 1)
                        if any(data.MARKET_TILES[t].paints[:3]))
        if ruleset == "base":
            refused(g, Buy("Red", booth, (k,)), "supply.paints")
        else:
            g.play(Buy("Red", booth, (k,)))
            assert any(g.state.paper) and not rules.invariants(g.state)


@pytest.mark.rule("fresco bigbox.complete", "fresco end.final_round")
def test_big_box_ends_early_only_when_no_tile_is_left():
    """Mutation caught: ending with one tile still on the fresco."""
    from .test_round_end import down_to

    g = game("bigbox")
    g = down_to(g, 2, keep=((3, 3), (1, 1)))
    g = g.with_state(edit(g.state, players={"Red": {"paints": dict(zip(data.COLOURS, data.FRESCO_TILES[
        g.state.fresco[0]].paints))}}))
    assert not g.state.final                              # set up mid-round-1 with 2 tiles left
    at(g, "cathedral", "Red", Red=(0, 1, 0, 0, 0))
    g.play(Restore("Red", (1, 1)))
    finish_round(g)
    assert g.state.tiles_left == 1 and not g.is_over and g.state.phase == "wake"
    assert g.state.final and g.state.round == 2           # the <= 6 rule makes round 2 final
