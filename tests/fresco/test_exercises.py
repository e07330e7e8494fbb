"""Fresco's exercises: the engine's answer is right, a wrong one is explained with a rule."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from fresco_kit.classroom.exercises import right_and_wrong
from fresco_kit.fresco import board, data, readings
from fresco_kit.fresco.exercises import EXERCISES

BY_KEY = {ex.key: ex for ex in EXERCISES}


def test_about_eight_exercises_of_every_kind():
    kinds = Counter(ex.kind for ex in EXERCISES)
    assert 8 <= len(EXERCISES) <= 12 and len(BY_KEY) == len(EXERCISES)
    assert kinds["legal"] >= 2 and kinds["why_not"] >= 1 and kinds["number"] >= 2 and kinds["choice"] >= 2
    assert kinds["best"] >= 1
    # a best move is judged by a criterion the question states, never by the bots' hidden rating
    assert all(ex.criterion.name in ex.question and "greedy" not in ex.criterion.name for ex in EXERCISES
               if ex.kind == "best")
    legal = [ex for ex in EXERCISES if ex.kind in ("legal", "why_not")]
    verdicts = [ex.game_at().explain(ex.move) for ex in legal]
    assert any(v.ok for v in verdicts), "one legal move"
    assert any(len({ref.id for _, ref in v.reasons}) >= 2 for v in verdicts), "one refused by two rules"


@pytest.mark.parametrize("key", list(BY_KEY))
def test_every_right_answer_is_accepted_and_a_wrong_one_refused_with_its_rule(key):
    ex = BY_KEY[key]
    rights, wrongs = right_and_wrong(ex)
    assert rights and wrongs
    for right in rights:
        good = ex.check(right)
        assert good.correct and good.explanation
    for wrong in wrongs:
        bad = ex.check(wrong)
        assert not bad.correct and bad.answer and bad.explanation
        assert bad.rules and all(ref.game == "fresco" for ref in bad.rules)
        text = bad.to_text()  # the rules are cited by rulebook and section, never by checklist id
        assert all(ref.citation in text and ref.checklist_id not in text for ref in bad.rules)
        if ex.kind in ("legal", "why_not"):  # every reason is paired with its rule
            assert bad.reasons and all(ref is not None for _, ref in bad.reasons)


@pytest.mark.parametrize("key", list(BY_KEY))
def test_questions_name_pieces_as_players_see_them(key):
    ex = BY_KEY[key]
    assert not re.search(r"\b[FM]\d+\b", ex.question + ex.title)
    assert any(nm in ex.question for nm in ("Red", "White", "Blue", "Yellow"))
    state = ex.game_at().state
    # every "segment (r, c), worth v" the question names (counted from 1) is so in the position
    for r, c, value in re.findall(r"segment \((\d), (\d)\), worth (\d+)", ex.question):
        tile = state.fresco[board.index((int(r), int(c)))]
        assert tile >= 0 and data.FRESCO_TILES[tile].value == int(value)


@pytest.mark.rule("fresco cath.segment", "fresco cath.bishop_bonus")
def test_known_answers():
    assert BY_KEY["restore-points"].check(5).correct  # 3 for the tile + 2 beside the bishop
    assert BY_KEY["altar-points"].check("3").correct  # one primary swapped for orange
    assert BY_KEY["market-cost"].check(4).correct  # 2 tiles at 2 thalers (up at 7)
    assert BY_KEY["first-to-choose"].check("Blue").correct  # S1 counts as last
    assert BY_KEY["best-altar"].check("orange + green + purple").correct
    two = BY_KEY["restore-two-rules"]
    both = [text for text, ref in two.offered if ref.id in ("p2.forfeit", "cath.bishop_move")]
    assert two.check(both).correct
    half = two.check(both[:1])  # one reason is not enough: the feedback pairs each with its rule
    assert not half.correct
    assert [(ref.id, "applies" in text) for text, ref in half.reasons] == [
        ("p2.forfeit", True), ("cath.bishop_move", True), ("cath.segment", False), ("p2.resolve", False)]
    assert BY_KEY["time-taken"].check(False).correct


def test_a_bad_answer_format_is_a_clear_error():
    with pytest.raises(ValueError, match="whole number"):
        BY_KEY["restore-points"].check("five")
    with pytest.raises(ValueError, match="choose one of"):
        BY_KEY["first-to-choose"].check("Green")


@pytest.mark.rule("fresco cath.segment", "fresco cath.bishop_bonus", "fresco cath.bishop_move")
def test_best_restoration_states_its_criterion_and_accepts_every_tie():
    ex = BY_KEY["best-restore"]
    assert "most victory points for Red at once; among equal points, the fewest thalers spent" in ex.question
    assert len(ex.choices()) == 6  # a short list, not the 65 legal moves
    rights, wrongs = right_and_wrong(ex)
    assert sorted(rights) == ["restore Red 2,4 bishop 2,4", "restore Red 5,4 bishop 4,4"]
    for move in rights:  # both 6 points for 1 thaler: both right, and the feedback says why
        good = ex.check(move)
        assert good.correct and "2 of the 6 moves tie for best (6 points for 1 thaler)" in good.explanation
    bad = ex.check("restore Red 2,4")
    assert not bad.correct
    assert any(text.endswith("bishop stays on segment (3, 3): 5 points for 0 thalers") for text, _ in bad.reasons)
    assert {ref.id for ref in bad.rules} >= {"cath.segment", "cath.bishop_bonus", "cath.bishop_move"}


def test_the_altar_feedback_names_the_reading_it_rests_on():
    good = BY_KEY["best-altar"].check("orange + green + purple")
    assert good.correct and good.reading == readings.READING["altar_substitutes"].kit
    assert "A reading of the kit: any blended paint may fill" in good.to_text()
    first = BY_KEY["first-to-choose"].check("Blue")
    assert first.correct and "S1 counts as last" in first.reading
    assert not BY_KEY["best-altar"].check("orange + green + blue").correct
