"""Two-Player Games: preparation, alternating turns and Gianluigi in full."""
from __future__ import annotations

import pytest

from fresco_kit.sixtina.actions import GianluigiChoice, Prepare, Restore, Reveal
from fresco_kit.sixtina.final import final_scores
from fresco_kit.sixtina.gianluigi import extra_materials, reply
from fresco_kit.sixtina.state import CORRECT, EMPTY, EXCELLENT, PRUDENT

from .helpers import card_ids, code_at, constructed_state, game_of, place_index, random_game, ready_game
from .helpers import owed

BR = ("Blue", "Red")
G = 2   # Gianluigi's colour index


def two(**kw):
    kw.setdefault("chapel", {"G1": "genesis_8", "JC1": "jesus_christ_6", "M1": "moses_5"})
    return constructed_state(BR, **kw)
# genesis_8: plaster_injection 8, infrared 5, repainting 4 (10/5/2)
# jesus_christ_6: laboratory 5, plaster_injection 9, washi_paper 3, solvent_sponge 6 (11/5/3)
# moses_5: infrared 9, repainting 4, solvent_sponge 8 (13/5/3)


@pytest.mark.rule("sixtina two.prep")
def test_two_player_preparation():
    game = ready_game(BR, seed=2)
    s = game.state
    assert s.colours == ("Blue", "Red", "Gianluigi")
    assert s.play == (4, 4) and s.supply[:2] == (15 - 4 - 1 - 1,) * 2   # score, play area, initial restoration
    assert s.score[G] == 15 and sorted(s.score[:2]) == [0, 2]
    assert all(c[1] == G for c in s.claims) and s.supply[G] == 11


@pytest.mark.rule("sixtina two.turns")
def test_turns_alternate_and_gianluigi_answers_restorations_only():
    game = ready_game(BR, seed=2)
    first = game.state.current
    game.play(Prepare())
    assert game.state.current == 1 - first and game.state.gian_due == ()
    rep = card_ids("repainting", 5)
    game = game_of(two(hands={"Blue": rep}))
    events = game.play(Restore("G1", "repainting", rep, 0))          # 5 > 4: correct
    assert any(e.rule.id == "gian.restore" for e in events)
    assert code_at(game.state, "M1", "repainting") == (CORRECT << 3 | G)    # M1 repainting 4 too
    assert game.state.current == 1


@pytest.mark.rule("sixtina gian.restore")
def test_priority_excellent_then_correct_then_prudent():
    # value 4 Repainting: G1 has repainting 4 (excellent); M1 repainting 4 too -> two excellent options
    rep = card_ids("repainting", 4)
    game = game_of(two(hands={"Blue": rep + card_ids("infrared", 1)}))
    game.play(Restore("G1", "repainting", rep, 0))       # Blue: excellent, then a bonus
    game.play("bonus material")
    assert code_at(game.state, "M1", "repainting") == (EXCELLENT << 3 | G)   # the only other free one
    # correct over prudent: infrared 6 -> G1 infrared 5 correct (M1 infrared 9 would be prudent)
    inf = card_ids("infrared", 6)
    game = game_of(two(hands={"Blue": inf}, spaces={"JC1": {"laboratory": ("correct", "Red")}}))
    game.play(Restore("M1", "infrared", inf, 0))          # Blue prudent on M1 (6 < 9)
    assert code_at(game.state, "G1", "infrared") == (CORRECT << 3 | G)
    # prudent when nothing else: the rulebook's case (8 on Plaster Injection 9)
    pla = card_ids("plaster_injection", 2, 3, 3)
    game = game_of(two(hands={"Blue": pla}))
    game.play(Restore("G1", "plaster_injection", pla, 0))
    game.play("bonus refined")
    assert code_at(game.state, "JC1", "plaster_injection") == (PRUDENT << 3 | G)


@pytest.mark.rule("sixtina gian.restore")
def test_activating_player_chooses_among_equal_options():
    # infrared 5 played on M1 (prudent); G1 infrared 5 (excellent) and ... make two excellents
    inf = card_ids("infrared", 5)
    s = two(chapel={"G1": "genesis_8", "G2": "genesis_7", "M1": "moses_5"}, hands={"Blue": inf},
            status={"G2": "visible"})
    # genesis_7 at G2 (uncovered): infrared 5 as well
    game = game_of(s)
    game.play(Restore("M1", "infrared", inf, 0))           # 5 < 9: prudent for Blue
    assert game.state.pending == owed(game.state, "gianluigi", 0)
    assert sorted(a.place for a in game.legal_actions()) == ["G1", "G2"]
    assert [r.id for _, r in game.explain(GianluigiChoice("M1")).reasons] == ["gian.restore"]
    game.play(GianluigiChoice("G2"))
    assert code_at(game.state, "G2", "infrared") == (EXCELLENT << 3 | G) and game.state.current == 1


@pytest.mark.rule("sixtina gian.restore")
def test_no_restoration_when_impossible():
    sol = card_ids("solvent_sponge", 1)
    game = game_of(two(hands={"Blue": sol}, spaces={"JC1": {"solvent_sponge": ("correct", "Red")}}))
    events = game.play(Restore("M1", "solvent_sponge", sol, 0))
    assert any("no fresco" in e.text for e in events) and game.state.current == 1
    # prudent needs a black material: none left after Blue's own prudent here
    s = two(hands={"Blue": card_ids("solvent_sponge", 1)},
            spaces={"JC1": {"laboratory": ("prudent", "Red"), "washi_paper": ("prudent", "Red")}})
    assert s.black == 1
    game = game_of(s)
    game.play(Restore("M1", "solvent_sponge", card_ids("solvent_sponge", 1), 0))   # takes the last black
    assert code_at(game.state, "JC1", "solvent_sponge") == EMPTY


@pytest.mark.rule("sixtina gian.restore")
def test_excellent_or_correct_need_his_supply_material():
    rep = card_ids("repainting", 5)
    s = two(hands={"Blue": rep}, extras={"JC1": {"Gianluigi": 11}})    # all his spare materials elsewhere
    assert s.supply[G] == 0
    game = game_of(s)
    game.play(Restore("G1", "repainting", rep, 0))
    # M1 repainting 4 would be a correct restoration, but he has no material (and 5 > 4 is no prudent)
    assert code_at(game.state, "M1", "repainting") == EMPTY


@pytest.mark.rule("sixtina gian.extra")
def test_extra_materials_from_icons_rounded_down():
    assert extra_materials(7) == 3 and extra_materials(1) == 0 and extra_materials(4) == 2
    pla = card_ids("plaster_injection", 2, 3, 3)          # icons 1.5 + 1 + 1
    s = two(hands={"Blue": pla})
    options = reply(s, "plaster_injection", pla)
    assert [str(o) for o in options] == ["excellent restoration at G1"]
    game = game_of(s)
    game.play(Restore("G1", "plaster_injection", pla, 0))
    game.play("bonus material")
    assert game.state.extras[place_index("JC1")][G] == 3


@pytest.mark.rule("sixtina gian.complete")
def test_gianluigi_completion_scores_everybody_and_two_reveals():
    # G1 (genesis_8) lacks Repainting 4 only; M1 (moses_5) lacks Repainting 4 only
    rep = card_ids("repainting", 4)
    s = two(hands={"Blue": rep},
            spaces={"G1": {"plaster_injection": ("correct", "Red"), "infrared": ("correct", "Blue")},
                    "M1": {"infrared": ("correct", "Red"), "solvent_sponge": ("correct", "Blue")}},
            extras={"G1": {"Red": 1}})
    game = game_of(s)
    before = game.state.score
    first = game.play(Restore("G1", "repainting", rep, 0))    # Blue excellent completes G1 (after the bonus)
    events = game.play("bonus material")
    assert any(e.rule.id == "two.turns" for e in first)
    assert any(e.rule.id == "gian.complete" for e in events)
    st = game.state
    assert st.status[place_index("G1")] == 2 and st.status[place_index("M1")] == 2   # Gianluigi completed M1
    assert st.score[G] > before[G]                                                    # he scored too
    assert st.pending == owed(st, "reveal", 0) and st.reveals == 2
    game.play(Reveal("G2"))
    assert game.state.pending == owed(game.state, "reveal", 0)
    game.play(Reveal("M2"))
    assert not game.state.pending and game.state.current == 1


@pytest.mark.rule("sixtina gian.end")
def test_gianluigi_scores_objectives_and_contribution_only():
    game = random_game(2, seed=4)
    sheet = final_scores(game.state)
    g = sheet.rows["Gianluigi"]
    assert g["Prudent restorations"] == 0 and g["Leftover"] == 0
    assert g["Objectives"] == sum(
        __import__("fresco_kit.sixtina.data", fromlist=["data"]).data().objective_by_id[o].points(2)[1]
        for o in game.state.objectives)
    assert "Gianluigi" in sheet.totals


@pytest.mark.rule("sixtina gian.restore")
def test_without_his_material_he_falls_back_to_a_prudent_restoration():
    # Repainting 4: M1 (Repainting 4) would be excellent, JC1 (Repainting 9) prudent
    rep = card_ids("repainting", 4)
    chapel = {"G1": "genesis_8", "JC1": "jesus_christ_5", "M1": "moses_5"}
    game = game_of(two(chapel=chapel, hands={"Blue": rep}))
    game.play(Restore("G1", "repainting", rep, 0))
    game.play("bonus material")
    assert code_at(game.state, "M1", "repainting") == (EXCELLENT << 3 | G)
    s = two(chapel=chapel, hands={"Blue": rep}, extras={"G1": {"Gianluigi": 11}})
    assert s.supply[G] == 0
    game = game_of(s)
    game.play(Restore("G1", "repainting", rep, 0))
    game.play("bonus material")
    assert code_at(game.state, "M1", "repainting") == EMPTY
    assert code_at(game.state, "JC1", "repainting") == (PRUDENT << 3 | G)


@pytest.mark.rule("sixtina two.prep", "sixtina bonus.objective")
def test_claims_take_the_highest_space_around_gianluigis():
    from fresco_kit.sixtina.actions import Bonus
    from fresco_kit.sixtina.objectives import claim, claim_problems
    kept = card_ids("laboratory", 1, 1, 2, 2, 2)
    red_kept = card_ids("infrared", 1, 1, 2, 2, 2)
    sol = card_ids("solvent_sponge", 4)
    s = two(chapel={"G1": "genesis_8", "JC1": "jesus_christ_6", "M1": "moses_3"}, hands={"Blue": sol},
            display={"Blue": kept, "Red": red_kept}, objectives=("prudent5", "one5", "cor2"))
    assert s.claims[0] == (EMPTY, G, EMPTY)
    game = game_of(s)
    game.play(Restore("M1", "solvent_sponge", sol, 0))             # excellent (4 = 4)
    game.play(Bonus("objective", "prudent5"))
    assert game.state.claims[0] == (0, G, EMPTY)                    # highest free space: the first
    after = game.state.evolve()
    assert claim_problems(after, 1, "prudent5") == []
    assert claim(after, 1, "prudent5") == 2 and after.claims[0] == (0, G, 1)


@pytest.mark.rule("sixtina end.trigger", "sixtina gian.complete")
def test_game_ends_when_gianluigi_completes_the_second_to_last_fresco():
    rest = ("JC2", "JC3", "G2", "G3", "G4", "M2", "M3", "LJ1", "LJ2", "JC1")
    rep = card_ids("repainting", 4)
    s = two(hands={"Blue": rep}, status={p: "restored" for p in rest},
            spaces={"G1": {"plaster_injection": ("correct", "Red"), "infrared": ("correct", "Blue")},
                    "M1": {"infrared": ("correct", "Red"), "solvent_sponge": ("correct", "Blue")}})
    game = game_of(s)
    game.play(Restore("G1", "repainting", rep, 0))
    events = game.play("bonus material")
    st = game.state
    assert game.is_over and st.unrestored() == 0 and st.last_place == EMPTY
    # issue 19: the end says what happened: no fresco is left, none scores half
    (end,) = [e.text for e in events if e.rule.id == "end.trigger"]
    assert end == ("the frescoes completed this turn were the last ones: none is left unrestored, so the game ends "
                   "with no incomplete fresco to score half")
    assert not [e for e in events if e.rule.id == "end.last_half"]


@pytest.mark.rule("sixtina final.winner", "sixtina gian.end")
def test_gianluigi_competes_for_the_win():
    # Kit's reading: he is a fictitious third player whose final score is compared too
    status = {p: "restored" for p in ("JC1", "JC2", "JC3", "G1", "G2", "G3", "G4", "M1", "M2", "M3", "LJ1", "LJ2")}
    s = two(status=status, over=True, last_place="LJ2", score={"Blue": 20, "Red": 18, "Gianluigi": 30},
            play={"Blue": 0, "Red": 0})
    sheet = final_scores(s)
    assert sheet.winners == ["Gianluigi"]
