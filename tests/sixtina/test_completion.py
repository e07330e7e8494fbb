"""Completing the Restoration of Frescoes (steps 1-5) and the end-of-game trigger."""
from __future__ import annotations

import pytest

from fresco_kit.sixtina.actions import Restore, Reveal
from fresco_kit.sixtina.chapel import revealable_places
from fresco_kit.sixtina.completion import completion_result
from fresco_kit.sixtina.state import EMPTY, RESTORED

from .helpers import RWB, card_ids, constructed_state, game_of, place_index, rules
from .helpers import owed

ADAM = "genesis_4"   # repainting 6, solvent_sponge 2, infrared 4, laboratory 7, washi_paper 5; 12/5/4
FOUR = ("Red", "White", "Blue", "Yellow")
TECHS = ("repainting", "solvent_sponge", "infrared", "laboratory", "washi_paper")


def full(kinds, extras=None, players=RWB, fresco=ADAM):
    """Creation of Adam at G1 with every technique occupied: kinds = [(kind, colour)] left to right."""
    from fresco_kit.sixtina.codes import D
    techs = [t for t, _ in D.fresco_by_id[fresco].techniques]
    return constructed_state(players, chapel={"G1": fresco}, spaces={"G1": dict(zip(techs, kinds))},
                             extras={"G1": extras or {}})


@pytest.mark.rule("sixtina complete.modify")
def test_modified_scores_apply_to_all_and_may_go_negative():
    r = completion_result(full([("excellent", "Red"), ("prudent", "Blue"), ("prudent", "White"),
                                ("correct", "Red"), ("excellent", "Blue")]), "G1")
    assert (r.excellent, r.prudent, r.points) == (2, 2, (10, 3, 2))
    r = completion_result(full([("prudent", "Red"), ("prudent", "Blue"), ("prudent", "White"),
                                ("prudent", "Red"), ("correct", "Blue")], players=FOUR), "G1")
    assert r.points == (12 - 8, 5 - 8, 4 - 8)
    assert r.awards == {"Blue": 4}


@pytest.mark.rule("sixtina complete.contribution")
def test_tie_goes_to_the_leftmost_excellent():
    r = completion_result(full([("correct", "Red"), ("excellent", "Blue"), ("correct", "White"),
                                ("excellent", "Red"), ("correct", "Blue")]), "G1")
    assert [c.colour for c in r.contributors][:2] == ["Blue", "Red"]
    assert r.awards == {"Blue": 14, "Red": 7, "White": 6} and r.top == "Blue"


@pytest.mark.rule("sixtina complete.contribution")
def test_more_materials_beat_any_tie_break():
    # Red: excellent on the leftmost technique and a correct, 2 materials; Blue: 3 extra materials only
    r = completion_result(full([("excellent", "Red"), ("prudent", "Blue"), ("prudent", "White"),
                                ("correct", "Red"), ("correct", "White")], extras={"Blue": 3}), "G1")
    assert [c.colour for c in r.contributors] == ["Blue", "Red", "White"] and r.top == "Blue"
    r = completion_result(full([("excellent", "Red"), ("correct", "Blue"), ("correct", "Blue"),
                                ("correct", "Red"), ("correct", "Blue")]), "G1")
    assert [c.colour for c in r.contributors] == ["Blue", "Red"]


@pytest.mark.rule("sixtina complete.contribution")
def test_then_the_leftmost_correct():
    r = completion_result(full([("correct", "Blue"), ("prudent", "White"), ("correct", "Red"),
                                ("correct", "Red"), ("correct", "Blue")]), "G1")
    assert [c.colour for c in r.contributors] == ["Blue", "Red"]
    assert r.awards["Blue"] == 10 and r.awards["Red"] == 3


@pytest.mark.rule("sixtina complete.contribution", "sixtina complete.score", "sixtina complete.reveal")
def test_otherwise_the_position_is_shared_rounded_down_and_nobody_marks_the_zone():
    kinds = [("prudent", "Red"), ("prudent", "Blue"), ("correct", "White"), ("prudent", "White"), ("prudent", "Red")]
    r = completion_result(full(kinds, extras={"Red": 2, "Blue": 2}, players=FOUR), "G1")
    # 12/5/4 with four prudent: 4/-3/-4.  Red and Blue tie with 2 materials and no space
    assert r.points == (4, -3, -4)
    assert r.awards["Red"] == r.awards["Blue"] == (4 - 3) // 2 and r.awards["White"] == -4
    assert r.top is None
    game = game_of(full(kinds, extras={"Red": 2, "Blue": 2}, players=FOUR))
    s = game.state.evolve()
    from fresco_kit.sixtina.completion import complete_in_place
    complete_in_place(s, place_index("G1"), [])
    assert s.zone[place_index("G1")] == EMPTY and s.status[place_index("G1")] == RESTORED


@pytest.mark.rule("sixtina complete.no_material")
def test_prudent_restorer_without_materials_does_not_contribute():
    r = completion_result(full([("correct", "Red"), ("prudent", "White"), ("correct", "Blue"),
                                ("correct", "Red"), ("prudent", "White")]), "G1")
    assert "White" not in [c.colour for c in r.contributors] and r.awards.get("White", 0) == 0
    assert r.awards == {"Red": 12 - 4, "Blue": 5 - 4}


@pytest.mark.rule("sixtina complete.score")
def test_only_the_top_three_score_and_ties_share():
    players = FOUR
    r = completion_result(full([("correct", "Red"), ("correct", "White"), ("correct", "Blue"),
                                ("correct", "Yellow"), ("correct", "Red")],
                               extras={"White": 1, "Blue": 1}, players=players), "G1")
    # Red 2 (leftmost correct 0), White 2 (correct 1), Blue 2 (2), Yellow 1
    assert r.awards == {"Red": 12, "White": 5, "Blue": 4, "Yellow": 0}
    r = completion_result(full([("prudent", "Red"), ("prudent", "White"), ("prudent", "Blue"),
                                ("correct", "Yellow"), ("prudent", "Red")],
                               extras={"Red": 1, "White": 1, "Blue": 1}, players=players), "G1")
    # 12/5/4 - 8 = 4/-3/-4; all have 1 material; Yellow's correct space breaks the tie, then
    # Red, White and Blue share the second, third and (empty) fourth places: (-3 - 4 + 0) // 3
    assert r.awards["Yellow"] == 4
    assert r.awards["Red"] == r.awards["White"] == r.awards["Blue"] == (-3 - 4 + 0) // 3 == -3


def almost_done(last_tech="washi_paper", **kw):
    """Adam at G1 with everything but ``last_tech`` occupied; Red to play."""
    kinds = {"repainting": ("correct", "Red"), "solvent_sponge": ("excellent", "Blue"),
             "infrared": ("correct", "Blue"), "laboratory": ("prudent", "Red"), "washi_paper": ("correct", "White")}
    kinds.pop(last_tech)
    return kinds


@pytest.mark.rule("sixtina complete.trigger", "sixtina complete.reveal", "sixtina complete.new")
def test_engine_completion_scores_returns_flips_and_asks_for_a_new_fresco():
    wash = card_ids("washi_paper", 1, 2)
    s = constructed_state(RWB, chapel={"G1": ADAM}, spaces={"G1": almost_done()}, extras={"G1": {"Red": 2}},
                          hands={"Red": wash})
    game = game_of(s)
    supply, black = s.supply, s.black
    events = game.play(Restore("G1", "washi_paper", wash, 1))
    st = game.state
    g1 = place_index("G1")
    assert st.status[g1] == RESTORED and st.zone[g1] == 0          # Red: 1 + 2 + 1 extra = 4 materials
    assert black == 2 and st.black == 3                             # every black material is back
    assert st.supply[0] == supply[0] + 4 - 1 and st.supply[2] == supply[2] + 2
    assert st.spaces[g1] == (EMPTY,) * 5
    assert st.score[0] > 0 and st.pending == owed(st, "reveal", 0)
    assert {e.rule.id for e in events} >= {"complete.trigger", "complete.modify", "complete.contribution",
                                            "complete.score", "complete.reveal"}
    assert sorted(a.place for a in game.legal_actions()) == ["G2", "JC2", "M2"]
    assert [r.id for _, r in game.explain(Reveal("G3")).reasons] == ["complete.new"]
    game.play(Reveal("G2"))
    assert game.state.status[place_index("G2")] == 1 and game.state.current == 1


@pytest.mark.rule("sixtina complete.new")
def test_last_judgment_adjacent_to_the_two_above():
    status = {p: "covered" for p in ("JC1", "JC2", "JC3", "G1", "G2", "G3", "G4", "M1", "M2", "M3", "LJ1", "LJ2")}
    status.update({"G1": "restored", "G2": "restored", "G3": "visible", "M1": "visible"})
    s = constructed_state(RWB, status=status)
    assert sorted(revealable_places(s)) == ["G4", "JC1", "JC2", "JC3", "M2", "M3"]
    assert "LJ1" not in revealable_places(s) and "LJ2" not in revealable_places(s)
    status.update({"G4": "visible"})
    s = constructed_state(RWB, status=status)
    assert {"LJ1", "LJ2"} <= set(revealable_places(s))
    status.update({"G4": "covered", "JC3": "visible"})
    s = constructed_state(RWB, status=status)
    assert "LJ1" in revealable_places(s) and "LJ2" not in revealable_places(s)


@pytest.mark.rule("sixtina complete.new")
def test_no_covered_fresco_left_skips_the_step():
    status = {p: "restored" for p in ("JC1", "JC2", "JC3", "G2", "G3", "G4", "M2", "M3", "LJ1")}
    status.update({"G1": "visible", "M1": "visible", "LJ2": "visible"})
    wash = card_ids("washi_paper", 1, 2)
    s = constructed_state(RWB, chapel={"G1": ADAM}, status=status, spaces={"G1": almost_done()}, hands={"Red": wash})
    game = game_of(s)
    events = game.play(Restore("G1", "washi_paper", wash, 0))
    assert not game.state.pending and game.state.current == 1 and not game.is_over
    assert any(e.rule.id == "complete.new" and "no covered" in e.text for e in events)


@pytest.mark.rule("sixtina end.trigger", "sixtina end.last_half")
def test_game_ends_when_one_fresco_remains_and_it_scores_half():
    status = {p: "restored" for p in ("JC1", "JC2", "JC3", "G2", "G3", "G4", "M2", "M3", "LJ1", "LJ2")}
    status.update({"G1": "visible", "M1": "visible"})
    wash = card_ids("washi_paper", 1, 2)
    # M1 = Trials of Moses? use genesis-free moses_5 (infrared 9, repainting 4, solvent 8; 13/5/3)
    s = constructed_state(RWB, chapel={"G1": ADAM, "M1": "moses_5"}, status=status,
                          spaces={"G1": almost_done(), "M1": {"infrared": ("correct", "Red"),
                                                                "repainting": ("correct", "Blue")}},
                          extras={"M1": {"Red": 1}}, hands={"Red": wash}, score={"Red": 10, "White": 10, "Blue": 10})
    game = game_of(s)
    before = game.state.score
    from fresco_kit.sixtina.restoration import restore_in_place
    mid = s.evolve()
    restore_in_place(mid, 0, Restore("G1", "washi_paper", wash, 0), [])
    adam = completion_result(mid, "G1")
    events = game.play(Restore("G1", "washi_paper", wash, 0))
    st = game.state
    assert game.is_over and st.over and st.last_place == place_index("M1")
    assert st.status[place_index("M1")] == RESTORED and st.zone[place_index("M1")] == EMPTY
    # M1 halves: Red 13 // 2 = 6, Blue 5 // 2 = 2 (unmodified: no excellent, no prudent)
    gained = [st.score[i] - before[i] - adam.awards.get(c, 0) for i, c in enumerate(RWB)]
    assert gained == [6, 0, 2]
    assert any(e.rule.id == "end.last_half" for e in events)
    assert [e.text for e in events if e.rule.id == "end.trigger"] == ["a single unrestored fresco remains: the game ends"]
    assert not rules.invariants(st)


@pytest.mark.rule("sixtina end.trigger")
def test_game_goes_on_while_two_frescoes_remain():
    status = {p: "restored" for p in ("JC1", "JC2", "JC3", "G2", "G3", "G4", "M2", "M3", "LJ1")}
    status.update({"G1": "visible", "M1": "visible", "LJ2": "visible"})
    wash = card_ids("washi_paper", 1, 2)
    s = constructed_state(RWB, chapel={"G1": ADAM}, status=status, spaces={"G1": almost_done()}, hands={"Red": wash})
    game = game_of(s)
    game.play(Restore("G1", "washi_paper", wash, 0))
    assert not game.is_over and game.state.unrestored() == 2


@pytest.mark.rule("sixtina complete.trigger", "sixtina setup.initial")
def test_fresco_filled_by_setup_placements_waits_for_a_restoration_action():
    # Kit's reading: setup placements are no restoration action, so a fresco they fill
    # (possible with four players on a three-technique card) is scored after the next
    # restoration action of the game, wherever it is made; that player uncovers.
    wash = card_ids("washi_paper", 1)
    s = constructed_state(FOUR, chapel={"G1": ADAM, "JC1": "jesus_christ_3"},
                          spaces={"JC1": {"repainting": ("correct", "Red"), "plaster_injection": ("correct", "White"),
                                          "solvent_sponge": ("correct", "Blue")}},
                          hands={"White": wash})
    game = game_of(s)
    jc1 = place_index("JC1")
    game.play("prepare")                                        # Red: no restoration, no scoring
    assert game.state.status[jc1] == 1 and game.state.current == 1
    events = game.play(Restore("G1", "washi_paper", wash, 0))  # White's prudent on another fresco
    st = game.state
    assert st.status[jc1] == RESTORED and st.pending == owed(st, "reveal", 1)
    assert any(e.rule.id == "complete.trigger" and "JC1" in e.text for e in events)
    # three tied single materials: leftmost correct decides (Red, White, Blue): 10 / 5 / 2
    assert [st.score[i] - s.score[i] for i in range(4)] == [10, 5, 2, 0] and st.zone[jc1] == 0


@pytest.mark.rule("sixtina end.trigger")
def test_game_ends_only_after_the_turn_is_finished():
    # Red's excellent completes G1 and leaves one fresco: the bonus is still taken first
    status = {p: "restored" for p in ("JC1", "JC2", "JC3", "G2", "G3", "G4", "M2", "M3", "LJ1", "LJ2")}
    status.update({"G1": "visible", "M1": "visible"})
    wash = card_ids("washi_paper", 5)
    s = constructed_state(RWB, chapel={"G1": ADAM}, status=status, spaces={"G1": almost_done()},
                          hands={"Red": wash})
    game = game_of(s)
    game.play(Restore("G1", "washi_paper", wash, 0))
    assert not game.is_over and game.state.pending == owed(game.state, "bonus", 0)
    assert game.state.status[place_index("G1")] == 1           # not even scored yet
    game.play("bonus refined")
    assert game.is_over and game.state.last_place == place_index("M1")
    assert game.legal_actions() == []


@pytest.mark.rule("sixtina end.last_half")
def test_last_fresco_halves_each_players_points_rounding_down():
    # moses_5 (13/5/3) with two prudent restorations: 9 / 1 / -1
    def last(extras):
        status = {p: "restored" for p in ("JC1", "JC2", "JC3", "G1", "G2", "G3", "G4", "M2", "M3", "LJ1", "LJ2")}
        s = constructed_state(RWB, chapel={"M1": "moses_5"}, status=status,
                              spaces={"M1": {"infrared": ("prudent", "White"), "repainting": ("prudent", "Blue")}},
                              extras={"M1": extras})
        return completion_result(s, "M1", half=True)
    r = last({"Red": 3, "Blue": 2, "White": 1})
    assert r.points == (9, 1, -1)
    assert r.awards == {"Red": 4, "Blue": 0, "White": -1}          # 9//2, 1//2, -1//2 (rounded down)
    # the kit halves what each player would get: Blue and White share (1 - 1)//2 = 0, halved 0
    # (halving the printed scores first would give them (0 + -1)//2 = -1)
    r = last({"Red": 3, "Blue": 1, "White": 1})
    assert r.awards == {"Red": 4, "Blue": 0, "White": 0}


@pytest.mark.rule("sixtina end.last_half", "sixtina complete.reveal")
def test_last_fresco_text_says_nobody_marks_the_zone_icon():
    # Red would be the top contributor, but the last fresco marks no zone icon
    status = {p: "restored" for p in ("JC1", "JC2", "JC3", "G1", "G2", "G3", "G4", "M2", "M3", "LJ1", "LJ2")}
    s = constructed_state(RWB, chapel={"M1": "moses_5"}, status=status,
                          spaces={"M1": {"repainting": ("correct", "Red")}}, extras={"M1": {"Red": 2}})
    last = completion_result(s, "M1", half=True)
    assert last.top == "Red"
    text = last.to_text()
    assert "zone icon: nobody marks it for the last fresco" in text and "zone icon: Red" not in text
    assert "zone icon: Red" in completion_result(s, "M1").to_text()
