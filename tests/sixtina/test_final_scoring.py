"""End of the Game and Scoring: pure scoring functions, the four categories, the winner."""
from __future__ import annotations

import pytest

from fresco_kit.sixtina.final import final_scores, winners
from fresco_kit.sixtina.scoring import (fresco_points, leftover_points, prudent_technique_points,
                                        restored_fresco_points)

from .helpers import RWB, card_ids, constructed_state


@pytest.mark.rule("sixtina complete.modify")
def test_fresco_points():
    assert fresco_points((12, 5, 4), 1, 2) == (9, 2, 1)
    assert fresco_points((10, 5, 2), 0, 3) == (4, -1, -4)
    assert fresco_points((10, 5, 2), 2, 0) == (12, 7, 4)
    with pytest.raises(ValueError):
        fresco_points((1, 1, 1), -1, 0)


@pytest.mark.rule("sixtina final.prudent")
def test_prudent_technique_points_rulebook_cases():
    # Plaster Injection: Blue 4 cards keeps the 5 (drops 3 lowest); Red 3 cards scores 6; White nothing
    assert prudent_technique_points({"Blue": [1, 2, 3, 5], "Red": [1, 2, 4], "White": [6]}) == \
        {"Blue": 5, "Red": 6, "White": 0}
    # Infrared: White and Red tie second with one card each; Blue drops the 2, scores the 4
    assert prudent_technique_points({"Blue": [2, 4], "White": [3], "Red": [1]}) == {"Blue": 4, "White": 2, "Red": 2}
    # Laboratory: White and Blue tie first
    assert prudent_technique_points({"White": [2], "Blue": [1], "Red": []}) == {"White": 2, "Blue": 2, "Red": 0}
    # Repainting: only White, sums the values
    assert prudent_technique_points({"White": [6], "Red": [], "Blue": []}) == {"White": 6, "Red": 0, "Blue": 0}
    # a tie for most: 2 per card, the others nothing
    assert prudent_technique_points({"A": [5, 5], "B": [6, 6], "C": [1]}) == {"A": 4, "B": 4, "C": 0}
    assert prudent_technique_points({}) == {}


@pytest.mark.rule("sixtina final.leftover")
def test_leftover_points_round_down():
    assert [leftover_points(3, 1), leftover_points(5, 3), leftover_points(1, 2), leftover_points(0, 0)] == [2, 4, 1, 0]
    with pytest.raises(ValueError):
        leftover_points(-1, 0)


@pytest.mark.rule("sixtina final.contribution")
def test_restored_fresco_points():
    assert restored_fresco_points({"Red": 4, "White": 4, "Blue": 3}) == {"Red": 8, "White": 8, "Blue": 3}
    assert restored_fresco_points({"Red": 5, "White": 2, "Blue": 2}) == {"Red": 10, "White": 4, "Blue": 4}
    assert restored_fresco_points({"Red": 1, "White": 1, "Blue": 1}) == {"Red": 6, "White": 6, "Blue": 6}
    assert restored_fresco_points({"Red": 3, "White": 0, "Blue": 0}) == {"Red": 10, "White": 0, "Blue": 0}


def ended(**kw):
    status = {p: "restored" for p in ("JC1", "JC2", "JC3", "G1", "G2", "G3", "G4", "M1", "M2", "M3", "LJ1", "LJ2")}
    return constructed_state(RWB, status=status, over=True, last_place="LJ2", **kw)


@pytest.mark.rule("sixtina final.objectives", "sixtina final.contribution", "sixtina final.prudent",
                  "sixtina final.leftover")
def test_score_sheet_categories():
    t: set[int] = set()
    s = ended(score={"Red": 30, "White": 31, "Blue": 29},
              zone={"G1": "Red", "G2": "Red", "G3": "White"},
              display={"Red": card_ids("infrared", 1, 2, taken=t), "White": card_ids("infrared", 6, taken=t)},
              hands={"Blue": card_ids("repainting", 1, 2, 3, taken=t)}, play={"Red": 0, "White": 0, "Blue": 2},
              objectives=("one5", "cor2", "prudent5"), claims={"one5": ["White", "Red"], "cor2": ["Red"]})
    sheet = final_scores(s)
    assert sheet.rows["Red"] == {"During the game": 30, "Objectives": 3 + 6, "Contribution": 10,
                                 "Prudent restorations": 2, "Leftover": 0}   # drops the 1, keeps the 2
    assert sheet.rows["White"]["Objectives"] == 5 and sheet.rows["White"]["Contribution"] == 6
    assert sheet.rows["White"]["Prudent restorations"] == 2
    assert sheet.rows["Blue"]["Leftover"] == 2 and sheet.rows["Blue"]["Contribution"] == 0
    assert sheet.totals == {"Red": 51, "White": 44, "Blue": 31} and sheet.winners == ["Red"]
    assert "Total" in sheet.to_text()


@pytest.mark.rule("sixtina final.winner")
def test_winner_tie_breaks():
    base = dict(objectives=("one5", "cor2", "prudent5"))
    # equal totals; White has more objectives
    s = ended(score={"Red": 10, "White": 4, "Blue": 0}, claims={"one5": ["Red"], "cor2": ["White"], "prudent5": ["White"]},
              play={"Red": 0, "White": 0, "Blue": 0}, **base)
    sheet = final_scores(s)
    assert sheet.totals["Red"] == sheet.totals["White"] == 15 and sheet.winners == ["White"]
    # equal totals and objectives; more materials in the personal reserve (play area)
    s = ended(score={"Red": 10, "White": 10, "Blue": 0}, play={"Red": 2, "White": 3, "Blue": 0}, **base)
    sheet = final_scores(s)
    assert sheet.totals["Red"] == sheet.totals["White"] == 11 and sheet.winners == ["White"]
    # still tied: shared
    s = ended(score={"Red": 10, "White": 10, "Blue": 0}, play={"Red": 2, "White": 2, "Blue": 0}, **base)
    sheet = final_scores(s)
    assert sheet.winners == ["Red", "White"] and any("shared" in n for n in sheet.notes)
    assert winners(s, {"Red": 1, "White": 2, "Blue": 3})[0] == ["Blue"]


def test_provisional_sheet_before_the_end():
    s = constructed_state(RWB)
    sheet = final_scores(s)
    assert sheet.winners == [] and "provisional" in sheet.notes[0]


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["A", "B", "C", "D"]), st.lists(st.integers(1, 6), max_size=6), min_size=1))
@pytest.mark.rule("sixtina final.prudent")
def test_prudent_points_properties(cards):
    pts = prudent_technique_points(cards)
    counts = {p: len(v) for p, v in cards.items()}
    most = max(counts.values())
    for p, v in cards.items():
        assert pts[p] >= 0
        if not v:
            assert pts[p] == 0
        elif list(counts.values()).count(most) > 1:
            assert pts[p] == (2 * len(v) if len(v) == most else 0)
    scorers = [p for p in cards if pts[p] > 0]
    assert len({counts[p] for p in scorers}) <= 2
