"""Phase I: choosing the get-up time and adjusting mood (Fresco rulebook)."""
from __future__ import annotations

import pytest

from fresco_kit.fresco.actions import Plan, Theater, Wake
from fresco_kit.fresco.wakeup import wake_order

from .helpers import P4, at, data, edit, game, plans, play_round_start, refused, times


def start_of(g, k):
    return next(nm for nm, p in zip(g.state.names, g.state.players) if p.start == k)


@pytest.mark.rule("fresco p1.order")
def test_s1_chooses_first_then_s2_and_so_on():
    g = game()
    order = [g.state.names[i] for i in g.state.chooser]
    assert order == [start_of(g, k) for k in (1, 2, 3, 4)]
    assert g.state.to_move == [start_of(g, 1)]
    refused(g, Wake(start_of(g, 2), 5), "p1.order")
    g.play(Wake(start_of(g, 1), 5))
    assert g.state.to_move == [start_of(g, 2)]


@pytest.mark.rule("fresco p1.order", "fresco round.reset")
def test_last_on_the_track_chooses_first_and_start_spaces_are_behind_the_track():
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"vp": 3}, "White": {"vp": 9}}))
    names = [g.state.names[i] for i in wake_order(g.state)]
    starters = [nm for nm in names if nm in ("Blue", "Yellow")]
    assert names[:2] == sorted(starters, key=lambda nm: g.state.player(nm).start)
    assert names[2:] == ["Red", "White"]
    # after a round the painters are back at the inn and the order is recomputed
    play_round_start(g, times(g), plans(g))
    assert g.state.round == 2 and all(p.time == 0 and p.plan is None for p in g.state.players)
    assert [g.state.names[i] for i in g.state.chooser][2:] == ["Red", "White"]


@pytest.mark.rule("fresco p1.unique")
def test_one_painter_per_get_up_time():
    g = game()
    first = g.state.to_move[0]
    g.play(Wake(first, 7))
    second = g.state.to_move[0]
    refused(g, Wake(second, 7), "p1.unique")
    with pytest.raises(ValueError, match="Wake.time: expected a whole number from 5 to 9"):
        Wake(second, 4)                                    # not a time of the inn
    assert 7 not in [a.time for a in g.legal_actions()]


@pytest.mark.rule("fresco p1.mood")
def test_mood_changes_at_once_and_is_clamped():
    g = game()
    g = g.with_state(edit(g.state, players={nm: {"mood": 0} for nm in P4}))
    g = g.with_state(edit(g.state, players={"Red": {"mood": 1}, "White": {"mood": data.MOOD_LENGTH - 1}}))
    when = {"Red": 5, "White": 9, "Blue": 7, "Yellow": 8}
    for _ in range(4):
        nm = g.state.to_move[0]
        g.play(Wake(nm, when[nm]))
        if nm == "Red":
            assert g.state.player("Red").mood == 0              # 1 - 2 clamped at the bottom
    assert g.state.player("White").mood == data.MOOD_LENGTH - 1  # +1 clamped at the top
    assert g.state.player("Blue").mood == 0


@pytest.mark.rule("fresco mood.plus")
def test_plus_space_gives_the_natural_apprentice_and_it_returns_on_leaving():
    g = game()
    top = max(data.MOOD_PLUS)
    g = g.with_state(edit(g.state, players={"Red": {"mood": top}}))
    play_round_start(g, times(g, Red=9), plans(g))
    red = g.state.player("Red")
    assert red.helper == 1 and red.apprentices == 6
    # next round, 5 o'clock (-2) drops Red below the +1 spaces: the apprentice goes back
    for _ in range(4):
        nm = g.state.to_move[0]
        g.play(Wake(nm, times(g, Red=5)[nm]))
    assert g.state.player("Red").mood == top - 2 and g.state.player("Red").apprentices == 5
    refused(g, Plan("Red", (3, 3, 0, 0, 0)), "p2.plan")


@pytest.mark.rule("fresco mood.minus")
def test_minus_space_takes_an_apprentice_back_on_leaving():
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"mood": min(data.MOOD_MINUS) + 1}}))
    play_round_start(g, times(g, Red=7), {**plans(g), "Red": (0, 0, 0, 0, 0)})
    assert g.state.player("Red").apprentices == 4
    g2 = game()
    g2 = g2.with_state(edit(g2.state, players={"Red": {"mood": 1}}))
    for _ in range(4):
        nm = g2.state.to_move[0]
        g2.play(Wake(nm, times(g2, Red=5)[nm]))
    refused(g2, Plan("Red", (1, 1, 1, 1, 1)), "mood.minus")
    g2.play(Plan("Red", (1, 1, 1, 1, 0)))
    # the theater lifts Red off the -1 spaces, but the apprentice comes back only after the next get-up
    g3 = game()
    g3 = g3.with_state(edit(g3.state, players={"Red": {"mood": 0}}))
    at(g3, "theater", "Red", Red=(0, 0, 0, 0, 1))
    g3.play(Theater("Red"))
    assert g3.state.player("Red").helper == -1          # still 4 until the next get-up
    for _ in range(4):
        nm = g3.state.to_move[0]
        g3.play(Wake(nm, times(g3, Red=8)[nm]))
    assert g3.state.player("Red").apprentices == 5


@pytest.mark.rule("fresco p1.price")
def test_market_price_follows_the_get_up_time():
    for t, (_, price) in data.INN.items():
        g = game()
        play_round_start(g, times(g, Red=t), plans(g, Red=(1, 0, 0, 0, 0)))
        assert g.state.price(0) == price
    assert data.INN[7][1] == 2


@pytest.mark.rule("fresco p1.turn_order")
def test_earliest_get_up_acts_first():
    g = game()
    when = {"Red": 9, "White": 5, "Blue": 8, "Yellow": 6}
    play_round_start(g, when, plans(g, **{nm: (0, 0, 1, 0, 0) for nm in P4}))
    assert [g.state.names[i] for i in g.state.order] == ["White", "Yellow", "Blue", "Red"]
    assert g.state.to_move == ["White"] and g.state.location == "studio"
