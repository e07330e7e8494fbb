"""How to Play: the three actions, A/B/C restorations and the excellent bonuses."""
from __future__ import annotations

import pytest

from fresco_kit.core import RuleError
from fresco_kit.sixtina.actions import Acquire, Bonus, Prepare, Restore
from fresco_kit.sixtina.restoration import explore_restoration
from fresco_kit.sixtina.state import CORRECT, EXCELLENT, PRUDENT

from .helpers import RWB, D, card_ids, code_at, constructed_state, game_of, place_index, ready_game, rules
from .helpers import owed

ADAM = {"G1": "genesis_4"}   # repainting 6, solvent 2, infrared 4, laboratory 7, washi 5


def reasons(game, action):
    return [r.id for _, r in game.explain(action).reasons]


def position(hand=(), play=4, chapel=ADAM, **kw):
    """Red to play; Creation of Adam at G1."""
    return constructed_state(RWB, chapel=chapel, hands={"Red": hand}, play={"Red": play}, **kw)


# -- Technique Preparation ------------------------------------------------------------
@pytest.mark.rule("sixtina act.preparation")
@pytest.mark.parametrize("hand_size,drawn", [(0, 3), (5, 3), (6, 2), (7, 1), (8, 0)])
def test_preparation_hand_limit(hand_size, drawn):
    hand = tuple(range(hand_size))
    game = game_of(position(hand=hand))
    game.play("prepare")
    assert len(game.state.hands[0]) == hand_size + drawn
    assert game.state.current == 1


@pytest.mark.rule("sixtina act.preparation")
def test_preparation_reshuffles_the_discard_pile():
    s = position(hand=())
    s = s.evolve(discard=s.deck[:-1], deck=s.deck[-1:])     # one card left in the deck
    game = game_of(s)
    game.play("prepare")
    st = game.state
    assert len(st.hands[0]) == 3 and st.discard == () and len(st.deck) == 84 - 3
    assert not rules.invariants(st)


@pytest.mark.rule("sixtina act.preparation")
def test_preparation_with_no_cards_anywhere_draws_what_exists():
    s = position(hand=())
    s = s.evolve(deck=(), discard=(), display=(tuple(range(84)), (), ()))
    game = game_of(s)
    game.play("prepare")
    assert game.state.hands[0] == ()


# -- Acquire Material ---------------------------------------------------------------------
@pytest.mark.rule("sixtina act.acquire")
def test_acquire_one_material_per_card_and_beyond_the_supply():
    t: set[int] = set()
    hand = card_ids("repainting", 1, 2, 3, taken=t)
    game = game_of(position(hand=hand, play=4))
    supply = game.state.supply[0]
    game.play(Acquire(hand[:2]))
    assert game.state.play[0] == 6 and game.state.supply[0] == supply - 2
    assert set(hand[:2]) <= set(game.state.discard)
    # with a nearly empty supply the player may still discard more cards than materials
    s = position(hand=hand, play=12)          # 14 - 1 (score) - 12 = 1 in supply
    assert s.supply[0] == 1
    game = game_of(s)
    game.play(Acquire(hand))
    assert game.state.play[0] == 13 and game.state.supply[0] == 0 and game.state.hands[0] == ()


@pytest.mark.rule("sixtina act.acquire")
def test_acquire_refuses_cards_not_held():
    game = game_of(position(hand=(0,)))
    assert reasons(game, Acquire((1,))) == ["act.acquire"]
    assert reasons(game, Acquire(())) == ["act.acquire"]
    assert reasons(game, Acquire((0, 0))) == ["act.acquire"]


# -- Restore Fresco -----------------------------------------------------------------------
@pytest.mark.rule("sixtina act.restore")
def test_restore_needs_a_visible_fresco_a_free_technique_and_matching_cards():
    t: set[int] = set()
    rep = card_ids("repainting", 3, 4, taken=t)
    wash = card_ids("washi_paper", 2, taken=t)
    s = position(hand=rep + wash, spaces={"G1": {"solvent_sponge": ("correct", "Blue")}})
    game = game_of(s)
    assert reasons(game, Restore("G2", "repainting", rep, 0)) == ["act.restore"]          # covered
    assert "act.restore" in reasons(game, Restore("G1", "plaster_injection", rep, 0))      # not on the card
    assert reasons(game, Restore("G1", "solvent_sponge", card_ids("solvent_sponge", 2), 0))[0] == "act.restore"
    assert "act.restore" in reasons(game, Restore("G1", "repainting", rep + wash, 0))       # wrong technique card
    assert reasons(game, Restore("G1", "repainting", (), 0)) == ["act.restore"]
    assert reasons(game, Restore("G1", "repainting", rep, 0)) == []
    with pytest.raises(RuleError) as err:
        game.play(Restore("G1", "solvent_sponge", rep, 0))
    assert len(err.value.reasons) >= 2               # every reason, not only the first


@pytest.mark.rule("sixtina act.restore")
def test_restored_fresco_cannot_be_restored_again():
    s = position(hand=card_ids("repainting", 6), status={"G1": "restored"})
    assert "act.restore" in reasons(game_of(s), Restore("G1", "repainting", card_ids("repainting", 6), 0))


@pytest.mark.rule("sixtina restore.correct")
def test_correct_restoration_top_space_extras_and_discard():
    rep = card_ids("repainting", 3, 4)
    assert reasons(game_of(position(hand=rep, play=2)), Restore("G1", "repainting", rep, 2)) == ["restore.correct"]
    game = game_of(position(hand=rep, play=3))
    game.play(Restore("G1", "repainting", rep, 2))
    s = game.state
    assert code_at(s, "G1", "repainting") == (CORRECT << 3 | 0)
    assert s.extras[place_index("G1")][0] == 2 and s.play[0] == 0
    assert set(rep) <= set(s.discard) and s.display[0] == ()


@pytest.mark.rule("sixtina restore.correct", "sixtina restore.excellent")
def test_correct_and_excellent_need_a_play_area_material():
    rep = card_ids("repainting", 3, 4)
    game = game_of(position(hand=rep, play=0))
    assert reasons(game, Restore("G1", "repainting", rep, 0)) == ["restore.correct"]
    game = game_of(position(hand=card_ids("solvent_sponge", 2), play=0))
    assert reasons(game, Restore("G1", "solvent_sponge", card_ids("solvent_sponge", 2), 0)) == ["restore.excellent"]


@pytest.mark.rule("sixtina restore.correct", "sixtina restore.excellent", "sixtina restore.prudent")
def test_extra_materials_at_most_one_per_card():
    rep = card_ids("repainting", 3, 4)
    game = game_of(position(hand=rep, play=8))
    assert reasons(game, Restore("G1", "repainting", rep, 3)) == ["restore.correct"]
    with pytest.raises(ValueError, match="Restore.extra: expected a whole number from 0 to 999, got -1"):
        Restore("G1", "repainting", rep, -1)                    # refused when made
    sol = card_ids("solvent_sponge", 2)
    assert reasons(game_of(position(hand=sol, play=8)), Restore("G1", "solvent_sponge", sol, 2)) == ["restore.excellent"]
    wash = card_ids("washi_paper", 1, 2)
    assert reasons(game_of(position(hand=wash, play=8)), Restore("G1", "washi_paper", wash, 3)) == ["restore.prudent"]


@pytest.mark.rule("sixtina restore.excellent")
def test_excellent_restoration_bottom_space_then_a_bonus():
    sol = card_ids("solvent_sponge", 2)
    game = game_of(position(hand=sol, play=2))
    game.play(Restore("G1", "solvent_sponge", sol, 1))
    s = game.state
    assert code_at(s, "G1", "solvent_sponge") == (EXCELLENT << 3 | 0)
    assert s.play[0] == 0 and s.pending == owed(s, "bonus", 0) and set(sol) <= set(s.discard)
    assert s.current == 0                                   # the turn waits for the bonus
    assert reasons(game, Prepare()) == ["turn.pending"]


@pytest.mark.rule("sixtina restore.prudent")
def test_prudent_restoration_black_material_cards_kept():
    wash = card_ids("washi_paper", 1, 2)
    game = game_of(position(hand=wash, play=0))             # no own material needed
    black = game.state.black
    game.play(Restore("G1", "washi_paper", wash, 0))
    s = game.state
    assert code_at(s, "G1", "washi_paper") == (PRUDENT << 3 | 0)
    assert s.black == black - 1 and s.display[0] == tuple(sorted(wash))
    assert not set(wash) & set(s.discard)


@pytest.mark.rule("sixtina restore.prudent")
def test_prudent_needs_a_black_material():
    wash = card_ids("washi_paper", 1, 2)
    s = position(hand=wash, spaces={"JC1": {t: ("prudent", "Blue") for t, _ in D.fresco_by_id["jesus_christ_1"].techniques}},
                 chapel={"G1": "genesis_4", "JC1": "jesus_christ_1"})
    assert s.black == 0
    assert reasons(game_of(s), Restore("G1", "washi_paper", wash, 0)) == ["restore.prudent"]


@pytest.mark.rule("sixtina restore.correct", "sixtina restore.excellent", "sixtina restore.prudent")
def test_explorer_names_the_kind_and_the_reasons():
    s = position(hand=card_ids("repainting", 3, 4), play=4)
    out = explore_restoration(s, "G1", "repainting", card_ids("repainting", 3, 4))
    assert out.kind == "correct" and out.legal and out.max_extra == 2 and out.required == 6
    out = explore_restoration(s, "G1", "solvent_sponge", card_ids("solvent_sponge", 2))
    assert out.kind == "excellent" and not out.legal          # not in Red's hand
    assert any("not in Red's hand" in m for m, _ in out.reasons)
    out = explore_restoration(s, "G1", "washi_paper", card_ids("washi_paper", 1))
    assert out.kind == "prudent" and "black" in out.places
    assert "legal" in out.to_text()


# -- Bonuses ------------------------------------------------------------------------------
def excellent_then(play=2, hand_extra=(), **kw):
    t: set[int] = set()
    sol = card_ids("solvent_sponge", 2, taken=t)
    others = card_ids("infrared", *hand_extra, taken=t) if hand_extra else ()
    game = game_of(position(hand=sol + others, play=play, **kw))
    game.play(Restore("G1", "solvent_sponge", sol, 0))
    return game


@pytest.mark.rule("sixtina bonus.refined")
@pytest.mark.parametrize("held,drawn", [(0, 2), (5, 2), (6, 2), (7, 1)])
def test_refined_technique_draws_two_within_the_limit(held, drawn):
    game = excellent_then(hand_extra=tuple([1, 1, 2, 2, 2, 3, 3, 3][:held]))
    game.play(Bonus("refined"))
    assert len(game.state.hands[0]) == held + drawn


@pytest.mark.rule("sixtina bonus.material")
def test_additional_material_if_available():
    game = excellent_then()
    supply = game.state.supply[0]
    game.play(Bonus("material"))
    assert game.state.supply[0] == supply - 1 and game.state.play[0] == 2
    game = excellent_then(play=13)          # supply empty: the bonus gives nothing
    assert game.state.supply[0] == 0
    game.play(Bonus("material"))
    assert game.state.play[0] == 12


@pytest.mark.rule("sixtina bonus.objective")
def test_objective_bonus_highest_free_space_once():
    t: set[int] = set()
    # Red meets prudent5 (five kept cards) and Blue already holds its first space
    kept = card_ids("laboratory", 1, 1, 2, 2, 2, taken=t)
    game = excellent_then(display={"Red": kept}, objectives=("prudent5", "one5", "cor2"),
                          claims={"prudent5": ["Blue"]})
    options = [str(a) for a in game.legal_actions()]
    assert "bonus objective prudent5" in options and "bonus objective one5" not in options
    assert [r.id for _, r in game.explain(Bonus("objective", "one5")).reasons] == ["obj.one5"]  # the unmet condition
    supply = game.state.supply[0]
    game.play(Bonus("objective", "prudent5"))
    assert game.state.claims[0] == (2, 0, -1) and game.state.supply[0] == supply - 1
    # once per objective: already there
    s = game.state.evolve(pending=owed(game.state, "bonus", 0), current=0)
    again = game_of(s)
    assert any("already" in m for m, _ in again.explain(Bonus("objective", "prudent5")).reasons)


@pytest.mark.rule("sixtina bonus.objective")
def test_objective_bonus_needs_a_free_space_and_a_supply_material():
    t: set[int] = set()
    kept = card_ids("laboratory", 1, 1, 2, 2, 2, taken=t)
    sol = card_ids("solvent_sponge", 2, taken=t)
    four = ("Red", "White", "Blue", "Yellow")      # three other colours fill the three spaces
    game = game_of(constructed_state(four, chapel=ADAM, hands={"Red": sol}, display={"Red": kept},
                                     objectives=("prudent5", "one5", "cor2"),
                                     claims={"prudent5": ["Blue", "White", "Yellow"]}))
    game.play(Restore("G1", "solvent_sponge", sol, 0))
    assert [m for m, _ in game.explain(Bonus("objective", "prudent5")).reasons] == [
        "the objective “At least 5 technique cards in your play area” has no free scoring space"]
    game = excellent_then(display={"Red": kept}, objectives=("prudent5", "one5", "cor2"), play=13)
    msgs = [m for m, _ in game.explain(Bonus("objective", "prudent5")).reasons]
    assert any("supply" in m for m in msgs)


@pytest.mark.rule("sixtina turn.order")
def test_turns_run_clockwise_from_the_start_player():
    game = ready_game(RWB, seed=11)
    start = game.state.current
    seen = []
    for _ in range(6):
        seen.append(game.state.current)
        game.play("prepare")
    assert seen == [(start + k) % 3 for k in range(6)]
    assert [r.id for _, r in game.explain(Bonus("refined")).reasons] == ["turn.order"]


@pytest.mark.rule("sixtina end.over")
def test_no_action_after_the_end():
    from .helpers import random_game
    game = random_game(3, seed=1)
    assert game.is_over and game.legal_actions() == []
    assert [r.id for _, r in game.explain(Prepare()).reasons] == ["end.over"]


@pytest.mark.rule("sixtina restore.prudent")
def test_prudent_extras_come_from_the_play_area():
    wash = card_ids("washi_paper", 1, 2)
    game = game_of(position(hand=wash, play=1))
    assert reasons(game, Restore("G1", "washi_paper", wash, 2)) == ["restore.prudent"]
    assert reasons(game, Restore("G1", "washi_paper", wash, 1)) == []


@pytest.mark.parametrize("make,field", [
    (lambda: Restore("G1", "repainting", ("a",), 0), "Restore.cards"),
    (lambda: Restore("G1", "repainting", 3, 0), "Restore.cards"),
    (lambda: Restore("G1", "repainting", (84,), 0), "Restore.cards"),
    (lambda: Restore("G1", "repainting", (1,), "1"), "Restore.extra"),
    (lambda: Restore("G1", "repainting", (1,), True), "Restore.extra"),
    (lambda: Restore("G1", "repainting", (1,), 1.5), "Restore.extra"),
    (lambda: Restore(["G1"], "repainting", (1,), 0), "Restore.place"),
    (lambda: Restore("X9", "repainting", (1,), 0), "Restore.place"),
    (lambda: Restore("G1", None, (1,), 0), "Restore.technique"),
    (lambda: Acquire(3), "Acquire.cards"), (lambda: Acquire((True,)), "Acquire.cards"),
    (lambda: Acquire((1.0,)), "Acquire.cards"), (lambda: Bonus(None), "Bonus.kind"),
    (lambda: Bonus("objective", 5), "Bonus.objective"), (lambda: Bonus("objective"), "Bonus.objective"),
    (lambda: Bonus("refined", "one5"), "Bonus.objective"), (lambda: Bonus("objective", "gold"), "Bonus.objective")])
def test_malformed_actions_are_refused_when_made(make, field):
    with pytest.raises(ValueError, match=rf"^{field}: "):
        make()
    game = game_of(position(hand=card_ids("repainting", 1, 3)))
    with pytest.raises(ValueError, match="is not a 1980 Sixtina action: play one of Prepare"):
        game.explain(object())


def test_card_lists_are_kept_sorted():
    assert Acquire((17, 3)).cards == (3, 17) and str(Acquire([17, 3])) == "acquire 3,17"
    assert Restore("G1", "washi_paper", (9, 2), 1) == Restore("G1", "washi_paper", (2, 9), 1)


@pytest.mark.rule("sixtina act.restore", "sixtina restore.prudent")
def test_card_lists_are_accepted_as_tuples():
    wash = card_ids("washi_paper", 1, 2)
    game = game_of(position(hand=wash))
    game.play(Restore("G1", "washi_paper", list(wash), 0))        # prudent: the cards go on display
    assert game.state.display[0] == tuple(sorted(wash))
    assert game.actions[0] == Restore("G1", "washi_paper", wash, 0)
