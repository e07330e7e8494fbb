"""The teaching queries (fresco_kit.sixtina.teach) give the engine's answers."""
from __future__ import annotations

import pytest

from fresco_kit.sixtina import rules, teach
from fresco_kit.sixtina.examples import chapel_chain
from fresco_kit.sixtina.state import RESTORED
from fresco_kit.sixtina.codes import PLACES


@pytest.mark.rule("sixtina setup.materials", "sixtina setup.black", "sixtina setup.sheets", "sixtina setup.score",
                  "sixtina setup.initial")
@pytest.mark.parametrize("n,materials,black,visible", [(2, 15, 3, 3), (3, 14, 3, 3), (4, 13, 4, 4)])
def test_setup_summary(n, materials, black, visible):
    s = teach.setup_summary(n, seed=1)
    assert s.materials_each == materials and s.black == black and len(s.visible) == visible
    assert [score for _, score in s.starting_scores] == [0, 2, 4, 6][:n]
    assert s.play_area_each == 4
    assert not s.state.pending and not rules.invariants(s.state)
    placed = sum(1 for row in s.state.spaces for code in row if code >= 0)
    assert placed == n                         # one initial correct restoration each
    text = s.to_text()
    assert f"materials per player: {materials}" in text
    assert ("Gianluigi" in text) == (n == 2)


def test_mid_game_state_is_deterministic_and_mid_game():
    a, b = teach.mid_game_state(), teach.mid_game_state()
    assert a == b
    assert a.status.count(RESTORED) >= 3 and not a.over and not a.pending
    assert not rules.invariants(a)


def test_parse_values():
    assert teach.parse_values("2, 2,3") == (2, 2, 3)
    assert teach.parse_values("") == ()
    with pytest.raises(ValueError):
        teach.parse_values("two")
    with pytest.raises(ValueError):
        teach.parse_values("0")


def test_what_if_hand_conserves_cards():
    state = chapel_chain()[0].state
    s, cards = teach.what_if_hand(state, 0, "washi_paper", (1, 5))
    assert sorted(s.hands[0]) == sorted(cards) and len(cards) == 2
    assert not rules.invariants(s)
    assert state.hands[0] != s.hands[0]          # the original is untouched


@pytest.mark.rule("sixtina restore.correct", "sixtina restore.excellent", "sixtina restore.prudent")
def test_explore_correct_excellent_prudent():
    state = chapel_chain()[0].state             # Red to play; Creation of Adam at G1
    correct = teach.explore(state, "G1", "repainting", (2, 2, 3), extra=2)
    assert correct.outcome.kind == "correct" and correct.outcome.legal and correct.outcome.max_extra == 3
    assert any(e.rule.id == "restore.correct" for e in correct.events)
    excellent = teach.explore(state, "G1", "solvent_sponge", (2,))
    assert excellent.outcome.kind == "excellent" and "bonus material" in excellent.bonuses
    prudent = teach.explore(state, "G1", "washi_paper", (1, 2), extra=1)
    assert prudent.outcome.kind == "prudent" and prudent.placed.black == state.black - 1


@pytest.mark.rule("sixtina restore.prudent", "sixtina restore.correct", "sixtina act.restore")
def test_explore_reasons_cite_rules():
    state = chapel_chain()[0].state
    no_black = teach.explore(state, "G1", "washi_paper", (1, 2), black=0)
    assert not no_black.outcome.legal
    assert [r.id for _, r in no_black.outcome.reasons] == ["restore.prudent"]
    no_play = teach.explore(state, "G1", "repainting", (6, 1), play_area=0)
    assert "restore.correct" in [r.id for _, r in no_play.outcome.reasons]
    taken = teach.explore(state, "G1", "laboratory", (3,))
    assert "act.restore" in [r.id for _, r in taken.outcome.reasons]
    assert "rules cited: 1980 Sixtina rulebook, How to Play, Restore Fresco" in taken.to_text()


@pytest.mark.rule("sixtina complete.modify", "sixtina complete.contribution", "sixtina complete.score",
                  "sixtina complete.reveal", "sixtina complete.no_material")
def test_completion_rulebook_example():
    r = teach.completion("genesis_4", [("correct", "Red"), ("excellent", "Blue"), ("correct", "Blue"),
                                       ("prudent", "Red"), ("prudent", "White")], {"Red": 2, "White": 1, "Blue": 1})
    assert r.points == (9, 2, 1)
    assert r.awards == {"Blue": 9, "Red": 2, "White": 1} and r.top == "Blue"
    # White without extra materials did not contribute
    r2 = teach.completion("genesis_4", [("correct", "Red"), ("excellent", "Blue"), ("correct", "Blue"),
                                        ("prudent", "Red"), ("prudent", "White")], {"Red": 2, "Blue": 1})
    assert "White" not in r2.awards


@pytest.mark.rule("sixtina complete.reveal", "sixtina end.last_half")
def test_completion_tie_for_first_and_half():
    # Red and White: two extra materials each, prudent restorations only -> shared first place
    r = teach.completion("moses_5", [("prudent", "Red"), ("prudent", "White"), ("correct", "Blue")],
                         {"Red": 2, "White": 2})
    assert r.points == (9, 1, -1)
    assert r.top is None and r.awards == {"Red": 5, "White": 5, "Blue": -1}
    half = teach.completion("moses_5", [("correct", "Red"), None, None], {}, half=True)
    assert half.awards == {"Red": 13 // 2}


def test_completion_position_refuses_impossible():
    with pytest.raises(ValueError):
        teach.completion("genesis_4", [("prudent", "Red")] * 5, {})     # only 3 black materials
    with pytest.raises(ValueError):
        teach.completion("genesis_4", [None], {})


@pytest.mark.rule("sixtina final.objectives", "sixtina final.contribution", "sixtina final.prudent",
                  "sixtina final.leftover", "sixtina final.winner")
def test_final_sheet_rulebook_example_and_tie_breaks():
    sheet = teach.final_sheet(teach.RULEBOOK_FINAL_INPUTS)
    assert sheet.totals == {"White": 65, "Red": 69, "Blue": 64} and sheet.winners == ["Red"]
    inputs = dict(teach.RULEBOOK_FINAL_INPUTS)
    inputs["Blue"] = teach.FinalInputs(**{**vars(inputs["Blue"]), "during": 37})
    tied = teach.final_sheet(inputs)
    assert tied.totals["Blue"] == tied.totals["Red"] == 69
    assert tied.winners == ["Blue"]                # 3 objectives claimed against 2
    inputs["Blue"] = teach.FinalInputs(**{**vars(inputs["Blue"]), "objectives_claimed": 2})
    assert teach.final_sheet(inputs).winners == ["Red"]      # then 3 materials left against 2
    inputs["Blue"] = teach.FinalInputs(**{**vars(inputs["Blue"]), "materials_left": 3, "cards_left": 0})
    shared = teach.final_sheet(inputs)
    assert shared.totals["Blue"] == 69 and sorted(shared.winners) == ["Blue", "Red"]
    assert "victory shared" in shared.to_text()


@pytest.mark.rule("sixtina gian.restore", "sixtina gian.extra")
def test_gianluigi_reply_rulebook_example():
    reply = teach.gianluigi_reply(["genesis_8", "jesus_christ_6", "moses_5"], "plaster_injection", (2, 3, 3),
                                  restored_at="genesis_8")
    assert reply.kind == "prudent" and reply.options == ("JC1",) and reply.extra == 3 and reply.icons == 3.5
    assert "Blue's own restoration: excellent on The Flood at G1" in reply.to_text()
    jc1 = PLACES.index("JC1")                    # Last Supper, after his restoration
    assert reply.after.black == reply.state.black - 1 and reply.after.extras[jc1][2] == 3
    assert reply.after.spaces[jc1] != reply.state.spaces[jc1]
    nine = teach.gianluigi_reply(["genesis_8", "jesus_christ_6"], "plaster_injection", (3, 3, 3),
                                 restored_at="genesis_8")
    assert nine.kind == "excellent"
    none = teach.gianluigi_reply(["genesis_8", "jesus_christ_6"], "plaster_injection", (2, 3, 3),
                                 restored_at="genesis_8", black=0)
    assert none.kind == "" and "does not restore" in none.to_text()


@pytest.mark.rule("sixtina gian.restore")
def test_gianluigi_priority_and_the_players_choice():
    # infrared 4 is excellent on genesis_4 and moses_3, correct on jesus_christ_1, prudent on moses_5
    frescoes = ["genesis_4", "moses_3", "jesus_christ_1", "moses_5"]
    reply = teach.gianluigi_reply(frescoes, "infrared", (4,))
    assert [k for _, k, _ in reply.candidates] == ["excellent", "excellent", "correct", "prudent"]
    assert reply.kind == "excellent" and reply.options == ("G1", "M1")
    assert "the activating player chooses among G1, M1" in reply.to_text()
    # without the two excellent frescoes, the correct restoration comes next
    reply = teach.gianluigi_reply(["jesus_christ_1", "moses_5"], "infrared", (4,))
    assert reply.kind == "correct" and reply.options == ("JC1",)


@pytest.mark.rule("sixtina setup.score", "sixtina turn.order")
def test_setup_summary_names_the_random_starting_player_and_clockwise_order():
    starters = set()
    for seed in range(8):
        summary = teach.setup_summary(3, seed=seed)
        first = summary.state.players[summary.state.start]
        starters.add(first)
        assert f"starting player (drawn at random): {first}; play runs clockwise" in summary.to_text()
        assert summary.starting_scores[0] == (first, 0)
        order = [who for who, _ in summary.starting_scores]       # clockwise from the starting player
        k = summary.state.players.index(first)
        assert order == [summary.state.players[(k + i) % 3] for i in range(3)]
    assert len(starters) > 1                                      # the seed draws the starting player
