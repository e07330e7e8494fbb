"""Fresco's exercises: the engine's answer is right, a wrong one is explained with a rule."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from fresco_kit.classroom.exercises import NO, YES, best_moves
from fresco_kit.fresco import board, data
from fresco_kit.fresco.exercises import EXERCISES

BY_KEY = {ex.key: ex for ex in EXERCISES}


def right_and_wrong(ex):
    """An answer the engine accepts and one it does not, found from the engine itself."""
    game = ex.game_at()
    if ex.kind == "legal":
        truth = YES if game.explain(ex.move).ok else NO
        return truth, NO if truth == YES else YES
    if ex.kind == "number":
        truth = ex.solve(game)[0]
        return truth, truth + 1
    if ex.kind == "choice":
        right = ex.solve(game)[0]
        right = right if isinstance(right, tuple) else (right,)
        return right[0], next(o for o in ex.options if o not in right)
    top, ratings = best_moves(game, ex.player)
    return top[0], min(ratings, key=ratings.get)


def test_about_eight_exercises_of_every_kind():
    kinds = Counter(ex.kind for ex in EXERCISES)
    assert 8 <= len(EXERCISES) <= 12 and len(BY_KEY) == len(EXERCISES)
    assert kinds["legal"] >= 2 and kinds["number"] >= 2 and kinds["choice"] >= 3
    # no exercise rests on the greedy evaluation, which the learner is never shown (issue 19)
    assert kinds["best"] == 0
    legal = [ex for ex in EXERCISES if ex.kind == "legal"]
    verdicts = [ex.game_at().explain(ex.move) for ex in legal]
    assert any(v.ok for v in verdicts), "one legal move"
    assert any(len({ref.id for _, ref in v.reasons}) >= 2 for v in verdicts), "one refused by two rules"


@pytest.mark.parametrize("key", list(BY_KEY))
def test_the_engines_answer_is_right_and_a_wrong_one_is_explained(key):
    ex = BY_KEY[key]
    right, wrong = right_and_wrong(ex)
    good = ex.check(right)
    assert good.correct and good.explanation
    bad = ex.check(wrong)
    assert not bad.correct and bad.answer and bad.explanation
    assert bad.rules and all(ref.game == "fresco" for ref in bad.rules)
    assert "fresco " in bad.to_text()  # the rule is cited by checklist id


@pytest.mark.parametrize("key", list(BY_KEY))
def test_questions_name_pieces_as_players_see_them(key):
    ex = BY_KEY[key]
    assert not re.search(r"\b[FM]\d+\b", ex.question + ex.title)
    assert any(nm in ex.question for nm in ("Red", "White", "Blue", "Yellow"))
    state = ex.game_at().state
    # every "segment (r, c), worth v" the question names is so in the position
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
    refused = BY_KEY["restore-two-rules"].check(YES)
    assert {ref.id for ref in refused.rules} == {"p2.forfeit", "cath.bishop_move"}
    assert BY_KEY["time-taken"].check(False).correct


def test_a_bad_answer_format_is_a_clear_error():
    with pytest.raises(ValueError, match="whole number"):
        BY_KEY["restore-points"].check("five")
    with pytest.raises(ValueError, match="choose one of"):
        BY_KEY["first-to-choose"].check("Green")


@pytest.mark.rule("fresco cath.segment", "fresco cath.bishop_bonus", "fresco cath.bishop_move")
def test_best_restoration_states_its_criterion_and_accepts_every_tie():
    ex = BY_KEY["best-restore"]
    assert "most victory points" in ex.question and "fewer thalers" in ex.question
    assert 2 <= len(ex.options) <= 8  # a short list, not the 65 legal moves
    right = ex.solve(ex.game_at())[0]
    assert set(right) == {
        "move the bishop to (1, 3), then restore segment (1, 3)",
        "move the bishop to (3, 3), then restore segment (4, 3)",
    }
    for option in right:  # every tie is right, and the feedback says why
        good = ex.check(option)
        assert good.correct and "tie on both counts (6 points for 1 thaler)" in good.explanation
    bad = ex.check("restore segment (1, 3) without moving the bishop")
    assert not bad.correct
    assert "restore segment (1, 3) without moving the bishop: 5 points, 0 thalers spent" in bad.explanation
    assert {ref.id for ref in bad.rules} >= {"cath.segment", "cath.bishop_bonus", "cath.bishop_move"}


def test_the_altar_feedback_names_the_reading_it_rests_on():
    good = BY_KEY["best-altar"].check("orange + green + purple")
    assert good.correct and "a reading of the kit" in good.explanation
    assert not BY_KEY["best-altar"].check("orange + green + blue").correct
