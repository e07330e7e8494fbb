"""Preparing the next round and the End of the Game (Fresco rulebook; Big Box differences)."""
from __future__ import annotations

import pytest

from fresco_kit.fresco import rules
from fresco_kit.fresco.actions import Buy, Plan, Restore, Settle, Theater

from .helpers import (P3, P4, at, board, data, edit, finish_round, game, plans, play_round_start, refused,
                      tile_paints, times, wake_all)


def down_to(g, left: int, holder: str = "Yellow", keep=((3, 3),)):
    squares = [sq for sq in board.SQUARES if sq not in keep][:25 - left]
    return g.with_state(edit(g.state, restored={holder: squares}))


@pytest.mark.rule("fresco round.refill")
def test_emptied_booths_are_refilled_from_the_bag():
    for players in (P4, P3):
        g = game(players=players)
        g = g.with_state(edit(g.state, players={"Red": {"thalers": 20}}))
        at(g, "market", "Red", Red=(2, 0, 0, 0, 0), White=(1, 0, 0, 0, 0))
        g.play(Buy("Red", 1, (1, 2)))
        g.play(Buy("White", 2, (1,)))
        assert g.state.round == 2
        assert [len(b) for b in g.state.booths] == list(data.BOOTH_SIZES[len(players)])
        assert len(g.state.bag) == (1 if players is P4 else 2)
        assert not rules.invariants(g.state)


@pytest.mark.rule("fresco round.income")
def test_income_one_thaler_per_restored_tile():
    g = game()
    g = g.with_state(edit(g.state, restored={"Red": [(1, 1), (1, 2)], "Blue": [(5, 5)]}))
    play_round_start(g, times(g), plans(g))
    assert [g.state.player(nm).thalers for nm in P4] == [14, 12, 13, 12]


@pytest.mark.rule("fresco round.reset")
def test_painters_back_to_the_inn_after_the_round():
    g = game()
    play_round_start(g, times(g), plans(g))
    s = g.state
    assert s.round == 2 and s.phase == "wake" and all(p.time == 0 and p.plan is None for p in s.players)
    assert len(rules.legal_actions(s)) == len(data.TIMES)


@pytest.mark.rule("fresco end.final_round", "fresco bigbox.side2")
def test_six_tiles_at_a_round_start_make_the_final_round_on_side_2():
    for ruleset in ("base", "bigbox"):
        g = down_to(game(ruleset), 7)
        play_round_start(g, times(g), plans(g))
        assert g.state.round == 2 and not g.state.final and g.state.sheet == data.SHEETS["side1"]
        g = down_to(game(ruleset), 6)
        assert not g.state.final                                  # checked at the start of a round
        play_round_start(g, times(g), plans(g))
        assert g.state.final and g.state.sheet == ("market", "cathedral", "studio", "workshop", "cathedral")
        wake_all(g)
        refused(g, Plan("Red", (0, 0, 0, 0, 0, 0)), "p2.plan")
        legal = rules.legal_actions(g.state)
        assert all(len(a.counts) == 5 for a in legal)


@pytest.mark.rule("fresco bigbox.side2")
def test_final_round_cathedral_twice_no_theater():
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"paints": {"yellow": 2, "red": 2, "blue": 2}}}))
    g = down_to(g, 6)
    play_round_start(g, times(g), plans(g))
    at(g, "workshop", "Red", Red=(0, 0, 0, 1, 1))
    assert "theater" not in g.state.sheet
    refused(g, Theater("Red"), "p2.resolve")
    from fresco_kit.fresco.actions import Blend, altar
    g.play(Blend("Red", "orange"))
    g.play(Blend("Red", "green"))
    assert g.state.location == "cathedral" and g.state.loc == 4 and g.state.to_move == ["Red"]
    g.play(altar("Red", ["blue", "orange", "green"]))
    assert g.state.player("Red").points[2] == 4


@pytest.mark.rule("fresco end.no_income", "fresco end.money")
def test_no_income_after_the_final_round_then_money_in_get_up_order():
    g = game("bigbox")
    g = g.with_state(edit(g.state, restored={"Red": [(1, 1)]},
                   players={"Red": {"vp": 30}, "White": {"vp": 40}, "Blue": {"vp": 50}, "Yellow": {"vp": 60}}))
    g = down_to(g, 6, holder="Yellow", keep=((3, 3), (1, 1)))
    play_round_start(g, times(g), plans(g))                      # round 1: income paid
    assert g.state.final and g.state.player("Red").thalers == 13
    play_round_start(g, times(g), plans(g))
    assert g.is_over and g.state.player("Red").thalers == 13   # no income after the final round
    red = g.state.player("Red")
    assert red.points[4] == 6 and red.vp == 36
    events_rules = [t.events for t in g.history][-1]
    money = [e.text.split(":")[0] for e in events_rules if e.rule and e.rule.id == "end.money"]
    order = [g.state.names[i] for i in g.state.order]
    assert money == order                                        # scored in get-up order


@pytest.mark.rule("fresco end.money", "fresco cath.track")
def test_money_count_order_matters_for_collisions():
    # White (earlier) lands first on 26; Red (later) then finds it taken
    g = game("bigbox")
    g = down_to(g, 6)
    g = g.with_state(edit(g.state, players={"Red": {"vp": 20}, "White": {"vp": 20 + 1}}))
    play_round_start(g, times(g), plans(g))
    g = g.with_state(edit(g.state, players={"Red": {"thalers": 12}, "White": {"thalers": 10}}))
    play_round_start(g, times(g, White=5, Red=6), plans(g))
    assert g.state.player("White").vp == 26 and g.state.player("Red").vp == 27


@pytest.mark.rule("fresco bigbox.final_collision", "fresco end.money")
def test_final_count_collision_base_chooses_bigbox_goes_ahead():
    for ruleset in ("base", "bigbox"):
        g = game(ruleset)
        g = down_to(g, 6)
        g = g.with_state(edit(g.state, players={"Red": {"vp": 10}, "White": {"vp": 16}, "Blue": {"vp": 15}}))
        play_round_start(g, times(g), plans(g))
        g = g.with_state(edit(g.state, players={"Red": {"thalers": 12}}))
        play_round_start(g, times(g, Red=5), plans(g))
        if ruleset == "base":
            assert g.state.phase == "final_count" and g.state.to_move == ["Red"]
            assert {a.track for a in g.legal_actions()} == {"behind", "ahead"}
            refused(g, Settle("White", "ahead"), "end.money")
            g.play(Settle("Red", "behind"))
            assert g.state.player("Red").vp == 14
        else:
            assert g.state.player("Red").vp == 17
        assert g.is_over


@pytest.mark.rule("fresco end.winner", "fresco end.tie")
def test_winner_and_shared_victory():
    g = game("bigbox")
    g = down_to(g, 6)
    g = g.with_state(edit(g.state, players={"Red": {"vp": 40}, "White": {"vp": 30}, "Blue": {"vp": 20}}))
    play_round_start(g, times(g), plans(g))
    g = g.with_state(edit(g.state, players={nm: {"thalers": 0} for nm in P4}))
    play_round_start(g, times(g), plans(g))
    assert g.is_over and g.scores().winners == ["Red"] and g.scores().totals["Red"] == 40
    g = game("bigbox")
    g = down_to(g, 6)
    g = g.with_state(edit(g.state, players={"Red": {"vp": 40}, "White": {"vp": 41}}))
    play_round_start(g, times(g), plans(g))
    g = g.with_state(edit(g.state, players={"Red": {"thalers": 2}, "White": {"thalers": 0}, "Blue": {"thalers": 0},
                                     "Yellow": {"thalers": 0}}))
    play_round_start(g, times(g, Red=5), plans(g))
    # Red: 40 + 1 = 41 is taken, so Big Box moves Red ahead to 42: no tie possible on the track
    assert g.scores().winners == ["Red"]
    sheet = rules.scores(g.state)
    assert sum(sheet.rows["Red"].values()) == g.state.player("Red").vp


@pytest.mark.rule("fresco end.over")
def test_no_action_once_the_game_has_ended():
    g = game("bigbox")
    g = down_to(g, 6)
    play_round_start(g, times(g), plans(g))
    g = g.with_state(edit(g.state, players={nm: {"thalers": 0} for nm in P4}))
    play_round_start(g, times(g), plans(g))
    assert g.is_over and g.legal_actions() == []
    for action in (Plan("Red", (1, 1, 1, 1, 1)), Buy("Red", 1, (1,)), Settle("Red", "behind")):
        refused(g, action, "end.over")
        assert [ref.id for _, ref in g.explain(action).reasons] == ["end.over"]


@pytest.mark.rule("fresco end.tie")
def test_tie_is_shared_when_totals_are_equal():
    from fresco_kit.fresco.final import scores
    g = game("bigbox")
    g = down_to(g, 6)
    play_round_start(g, times(g), plans(g))
    g = g.with_state(edit(g.state, players={nm: {"thalers": 0} for nm in P4}))
    play_round_start(g, times(g), plans(g))
    assert g.is_over
    s = g.state.evolve(players=tuple(p.evolve(vp=0, points=(0,) * 5) for p in g.state.players))
    assert scores(s).winners == P4 and "shared" in scores(s).notes[0]


@pytest.mark.rule("fresco bigbox.rotation")
def test_start_spaces_rotate_only_in_big_box():
    for ruleset, rotates in (("base", False), ("bigbox", True)):
        g = game(ruleset)
        before = {nm: g.state.player(nm).start for nm in P4}
        first = next(nm for nm, k in before.items() if k == 1)
        play_round_start(g, times(g), plans(g))
        after = {nm: g.state.player(nm).start for nm in P4}
        if rotates:
            assert after[first] == 4 and all(after[nm] == k - 1 for nm, k in before.items() if nm != first)
            assert g.state.names[g.state.chooser[0]] != first
        else:
            assert after == before
    # only the painters still on start spaces rotate, among the spaces they hold
    g = game("bigbox")
    s1 = next(nm for nm in P4 if g.state.player(nm).start == 1)
    s3 = next(nm for nm in P4 if g.state.player(nm).start == 3)
    others = [nm for nm in P4 if nm not in (s1, s3)]
    g = g.with_state(edit(g.state, players={nm: {"vp": 5 + k} for k, nm in enumerate(others)}))
    play_round_start(g, times(g), plans(g))
    assert g.state.player(s1).start == 3 and g.state.player(s3).start == 1


@pytest.mark.rule("fresco bigbox.complete")
def test_completing_the_fresco_ends_the_game_only_in_big_box():
    for ruleset in ("base", "bigbox"):
        g = game(ruleset)
        need = tile_paints(g, (1, 1))
        g = down_to(g, 1, keep=((1, 1),))
        g = g.with_state(edit(g.state, players={"Red": {"paints": need}}))
        at(g, "cathedral", "Red", Red=(0, 1, 0, 0, 0))
        g.play(Restore("Red", (1, 1)))
        assert g.state.tiles_left == 0
        finish_round(g)
        if ruleset == "bigbox":
            assert g.state.final and g.state.phase in ("over", "final_count")
            assert g.state.player("Yellow").thalers == 12                 # no income
        else:
            assert g.state.round == 2 and g.state.final and g.state.phase == "wake"
            assert g.state.player("Yellow").thalers > 12


@pytest.mark.rule("fresco bigbox.paints")
def test_switches_can_be_mixed():
    g = game("base", unlimited_paints=True)
    assert g.state.switches.unlimited_paints and not g.state.switches.start_rotation
    from fresco_kit.core import Game
    assert Game.from_json(g.to_json()).state == g.state
