"""Objectives: the twelve conditions (with 4-player thresholds) and the timing footnote."""
from __future__ import annotations

import pytest

from fresco_kit.sixtina.actions import Bonus, Restore
from fresco_kit.sixtina.objectives import objective_met

from .helpers import RWB, card_ids, constructed_state, game_of, place_index

FOUR = ("Red", "White", "Blue", "Yellow")
CHAPEL = {"JC1": "jesus_christ_3", "G1": "genesis_4", "M1": "moses_3", "G2": "genesis_2", "G3": "genesis_3",
          "M3": "moses_1", "JC2": "jesus_christ_1"}
# jesus_christ_3: repainting, plaster_injection, solvent_sponge  (architecture)
# genesis_4: repainting, solvent_sponge, infrared, laboratory, washi_paper  (portrait)
# moses_3: solvent_sponge, infrared, laboratory, washi_paper  (nature)


def pos(players=RWB, **kw):
    kw.setdefault("chapel", CHAPEL)
    return constructed_state(players, **kw)


def met(state, objective, colour=0):
    return objective_met(state, colour, objective)


@pytest.mark.rule("sixtina obj.materials8")
def test_materials8():
    s = pos(spaces={"G1": {"repainting": ("correct", "Red")}}, extras={"G1": {"Red": 4}, "M1": {"Red": 1}},
            status={"G2": "restored", "G3": "restored"}, zone={"G2": "Red", "G3": "Red"})
    assert met(s, "materials8")                                     # 6 ongoing + 2 restored
    s2 = pos(spaces={"G1": {"repainting": ("correct", "Red")}}, extras={"G1": {"Red": 4}},
             status={"G2": "restored", "G3": "restored"}, zone={"G2": "Red", "G3": "Red"})
    assert not met(s2, "materials8")                                # 7
    s4 = pos(FOUR, spaces={"G1": {"repainting": ("correct", "Red")}}, extras={"G1": {"Red": 4}},
             status={"G2": "restored", "G3": "restored"}, zone={"G2": "Red", "G3": "Red"})
    assert met(s4, "materials8")                                    # 7 is enough with 4 players


@pytest.mark.rule("sixtina obj.three6")
def test_three6():
    assert met(pos(extras={"G1": {"Red": 2}, "M1": {"Red": 2}, "JC1": {"Red": 2}}), "three6")
    assert not met(pos(extras={"G1": {"Red": 5}, "M1": {"Red": 1}}), "three6")        # only two restorations
    assert not met(pos(extras={"G1": {"Red": 2}, "M1": {"Red": 2}, "JC1": {"Red": 1}}), "three6")


@pytest.mark.rule("sixtina obj.one5")
def test_one5():
    s = pos(spaces={"G1": {"repainting": ("correct", "Red"), "infrared": ("correct", "Red")}},
            extras={"G1": {"Red": 3}})
    assert met(s, "one5") and not met(s, "one5", colour=1)
    assert not met(pos(extras={"G1": {"Red": 4}, "M1": {"Red": 4}}), "one5")


@pytest.mark.rule("sixtina obj.exc2")
def test_exc2():
    s = pos(spaces={"G1": {"repainting": ("excellent", "Red"), "laboratory": ("excellent", "Red")}})
    assert met(s, "exc2")
    s = pos(spaces={"G1": {"repainting": ("excellent", "Red"), "solvent_sponge": ("excellent", "Red")}})
    assert not met(s, "exc2")                                       # Solvent Sponge does not count
    s = pos(spaces={"G1": {"repainting": ("excellent", "Red"), "laboratory": ("correct", "Red")}})
    assert not met(s, "exc2")


@pytest.mark.rule("sixtina obj.cor2")
def test_cor2():
    assert met(pos(spaces={"G1": {"infrared": ("correct", "Red")}, "M1": {"solvent_sponge": ("correct", "Red")}}), "cor2")
    assert not met(pos(spaces={"G1": {"infrared": ("correct", "Red"), "laboratory": ("excellent", "Red")}}), "cor2")
    assert not met(pos(spaces={"G1": {"infrared": ("correct", "Red"), "repainting": ("correct", "Red")}}), "cor2")


@pytest.mark.rule("sixtina obj.ec3")
def test_ec3():
    sp = {"G1": {"repainting": ("correct", "Red"), "solvent_sponge": ("excellent", "Red")},
          "JC1": {"plaster_injection": ("correct", "Red")}}
    assert met(pos(spaces=sp), "ec3")
    two = {"G1": {"repainting": ("correct", "Red"), "solvent_sponge": ("excellent", "Red")}}
    assert not met(pos(spaces=two), "ec3") and met(pos(FOUR, spaces=two), "ec3")


@pytest.mark.rule("sixtina obj.adjacent3")
def test_adjacent3():
    line = {"G1": "restored", "G2": "restored", "G3": "restored"}
    assert met(pos(status=line, zone={p: "Red" for p in line}), "adjacent3")
    apart = {"G1": "restored", "G2": "restored", "M3": "restored"}
    assert not met(pos(status=apart, zone={p: "Red" for p in apart}), "adjacent3")
    pair = {"G1": "restored", "G2": "restored"}
    assert met(pos(FOUR, status=pair, zone={p: "Red" for p in pair}), "adjacent3")
    diagonal = {"G1": "restored", "JC2": "restored"}
    assert not met(pos(FOUR, status=diagonal, zone={p: "Red" for p in diagonal}), "adjacent3")


@pytest.mark.rule("sixtina obj.sametype2")
def test_sametype2():
    same = {"G1": "restored", "G2": "restored"}          # both portrait
    assert met(pos(status=same, zone={p: "Red" for p in same}), "sametype2")
    diff = {"G1": "restored", "G3": "restored"}          # portrait, narrative
    assert not met(pos(status=diff, zone={p: "Red" for p in diff}), "sametype2")


@pytest.mark.rule("sixtina obj.difftype3")
def test_difftype3():
    three = {"G1": "restored", "G3": "restored", "JC1": "restored"}     # portrait, narrative, architecture
    assert met(pos(status=three, zone={p: "Red" for p in three}), "difftype3")
    two = {"G1": "restored", "G3": "restored"}
    assert not met(pos(status=two, zone={p: "Red" for p in two}), "difftype3")
    assert met(pos(FOUR, status=two, zone={p: "Red" for p in two}), "difftype3")


@pytest.mark.rule("sixtina obj.prudent_same3")
def test_prudent_same3():
    assert met(pos(display={"Red": card_ids("laboratory", 1, 2, 3)}), "prudent_same3")
    assert not met(pos(display={"Red": card_ids("laboratory", 1, 2) + card_ids("infrared", 1)}), "prudent_same3")


@pytest.mark.rule("sixtina obj.prudent5")
def test_prudent5():
    t: set[int] = set()
    five = card_ids("laboratory", 1, 2, taken=t) + card_ids("infrared", 1, 2, 3, taken=t)
    assert met(pos(display={"Red": five}), "prudent5")
    assert not met(pos(display={"Red": five[:4]}), "prudent5")


@pytest.mark.rule("sixtina obj.prudent_diff3")
def test_prudent_diff3():
    t: set[int] = set()
    three = card_ids("laboratory", 1, taken=t) + card_ids("infrared", 1, taken=t) + card_ids("repainting", 1, taken=t)
    assert met(pos(display={"Red": three}), "prudent_diff3")
    assert not met(pos(display={"Red": card_ids("laboratory", 1, 2, 3)}), "prudent_diff3")


@pytest.mark.rule("sixtina obj.timing", "sixtina obj.one5", "sixtina obj.exc2")
def test_bonus_before_the_flip_counts_the_completed_frescos_materials():
    # Red's excellent Washi Paper completes Creation of Adam; Red has 5 materials on it
    # (and the new excellent is Red's second of Repainting/Washi/Laboratory)
    kinds = {"repainting": ("excellent", "Red"), "solvent_sponge": ("excellent", "Blue"),
             "infrared": ("correct", "Blue"), "laboratory": ("prudent", "White")}
    wash = card_ids("washi_paper", 5)
    s = pos(spaces={"G1": kinds}, extras={"G1": {"Red": 2}}, hands={"Red": wash}, objectives=("one5", "exc2", "cor2"))
    game = game_of(s)
    game.play(Restore("G1", "washi_paper", wash, 1))
    assert game.state.status[place_index("G1")] == 1               # not flipped yet: the bonus comes first
    options = [str(a) for a in game.legal_actions()]
    assert "bonus objective one5" in options and "bonus objective exc2" in options
    game.play(Bonus("objective", "one5"))
    assert game.state.claims[0][0] == 0
    assert game.state.status[place_index("G1")] == 2               # then the fresco is completed


def test_objective_measure_agrees_with_the_engine_in_random_positions():
    from fresco_kit.sixtina import objectives, teach
    from fresco_kit.sixtina.codes import D

    for n in (2, 3, 4):
        for restored in (0, 3, 6):
            state = teach.mid_game_state(seed=restored + n, n=n, restored=restored)
            for colour in range(n):
                for line in teach.objectives_report(state, colour):
                    assert line.met == (line.count >= line.needed), (n, restored, colour, line)
                    if line.in_play:
                        assert (not line.problems) == (line.objective in objectives.claimable(state, colour))
    assert set(teach.OBJECTIVE_MEASURES) == {o.id for o in D.objectives}


def test_objectives_explorer_lists_the_twelve_and_why_not():
    from fresco_kit.sixtina import widgets as W

    w = W.objectives_explorer(draw=False)
    text = W.output_text(w.out)
    assert text.count(" / ") >= 12 and "in play" in text and "(not in play)" in text
    w.players.value = 4
    assert "4 players (objective side 4)" in W.output_text(w.out)
