"""The 1980 Sixtina exercises: the engine's answer is right, a wrong one is explained with a rule."""
from __future__ import annotations

import re

import pytest

from fresco_kit.classroom.exercises import NO, YES, best_moves
from fresco_kit.sixtina.exercises import EXERCISES

BY_KEY = {ex.key: ex for ex in EXERCISES}


def engine_answer(ex, game):
    """The answer the engine gives, found independently of Exercise.check."""
    if ex.kind == "legal":
        return YES if game.explain(ex.move).ok else NO
    if ex.kind == "number":
        return ex.solve(game)[0]
    if ex.kind == "choice":
        right = ex.solve(game)[0]
        return right[0] if isinstance(right, tuple) else right
    return best_moves(game, ex.player)[0][0]


def a_wrong_answer(ex, game):
    if ex.kind == "legal":
        return NO if game.explain(ex.move).ok else YES
    if ex.kind == "number":
        return ex.solve(game)[0] + 1
    right = ex.solve(game)[0] if ex.kind == "choice" else tuple(best_moves(game, ex.player)[0])
    right = right if isinstance(right, tuple) else (right,)
    return next(c for c in ex.choices(game) if c not in right)


def test_about_eight_exercises_of_every_kind():
    kinds = [ex.kind for ex in EXERCISES]
    assert 7 <= len(EXERCISES) <= 10 and len(set(BY_KEY)) == len(EXERCISES)
    assert kinds.count("legal") >= 2 and kinds.count("number") >= 2
    assert kinds.count("choice") >= 1 and kinds.count("best") >= 1
    assert {ex.game for ex in EXERCISES} == {"sixtina"}


@pytest.mark.parametrize("key", sorted(BY_KEY))
def test_the_engine_answer_is_right_and_a_wrong_one_is_explained(key):
    ex = BY_KEY[key]
    game = ex.game_at()
    right = ex.check(engine_answer(ex, game))
    assert right.correct and right.explanation and right.rules
    wrong = ex.check(a_wrong_answer(ex, game))
    assert not wrong.correct and wrong.answer
    assert wrong.rules and all(ref.game == "sixtina" for ref in wrong.rules)
    assert "[sixtina " in wrong.to_text()                          # the rule named, with its checklist id


@pytest.mark.parametrize("key", sorted(BY_KEY))
def test_questions_make_sense_with_the_code_hidden(key):
    ex = BY_KEY[key]
    assert re.search(r"\b(Red|White|Blue)\b", ex.question) and ex.question.rstrip().endswith("?")
    assert not re.search(r"\bcard \d|#\d|_|\b[a-z]+\d\b", ex.question), ex.question
    for option in ex.options:
        assert not re.search(r"#\d|_", option)


@pytest.mark.rule("sixtina act.restore", "sixtina restore.prudent")
def test_the_refused_move_breaks_two_rules():
    ex = BY_KEY["wrong-card-too-many-extras"]
    feedback = ex.check("yes")
    assert not feedback.correct and feedback.answer == NO
    assert {ref.id for ref in feedback.rules} == {"act.restore", "restore.prudent"}
    assert "Infrared 1 (card 42) is not a Repainting card" in feedback.explanation
    assert "at most 2 extra materials, one per card played" in feedback.explanation


@pytest.mark.rule("sixtina complete.contribution", "sixtina complete.modify", "sixtina complete.score")
def test_completion_points_follow_the_rulebook_example():
    ex = BY_KEY["completion-points"]
    assert ex.check(9).correct and ex.check("9").correct
    feedback = ex.check(12)
    assert not feedback.correct and feedback.answer == "9"
    assert "(9, 2, 1)" in feedback.explanation and "contribution: Blue (3), Red (3), White (1)" in feedback.explanation
    with pytest.raises(ValueError, match="whole number"):
        ex.check("nine")


@pytest.mark.rule("sixtina bonus.objective", "sixtina obj.ec3")
def test_objective_choice():
    ex = BY_KEY["objective-bonus"]
    ec3, one5, prudent5 = ex.options
    assert ex.check(ec3).correct
    feedback = ex.check(one5)
    assert not feedback.correct and "does not meet" in feedback.explanation


@pytest.mark.rule("sixtina complete.new")
def test_uncover_choice_lists_adjacent_covered_frescoes():
    ex = BY_KEY["new-restoration"]
    right = [o for o in ex.options if ex.check(o).correct]
    assert right == ["the covered fresco at JC2", "the covered fresco at G2", "the covered fresco at M2"]


def test_best_bonus_is_the_greedy_evaluations_choice():
    ex = BY_KEY["bonus-best"]
    game = ex.game_at()
    assert ex.choices(game) == ("bonus refined", "bonus material", "bonus objective ec3")
    top, ratings = best_moves(game, "Blue")
    assert top == ["bonus objective ec3"] and ratings["bonus objective ec3"] > ratings["bonus refined"]
    assert ex.check("bonus objective ec3").correct and not ex.check("bonus material").correct
