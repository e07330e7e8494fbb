"""Lorenzo exercises (issue 12): every answer decided and explained by the engine."""
from __future__ import annotations

import re

import pytest

from fresco_kit.classroom.exercises import NO, YES, Exercise, best_moves
from fresco_kit.lorenzo.exercises import EXERCISES

IDS = [ex.key for ex in EXERCISES]


def engine_answer(ex: Exercise) -> object:
    """What the engine says is right, found without the exercise's checker."""
    game = ex.game_at()
    if ex.kind == "legal":
        assert ex.move is not None
        return YES if game.explain(ex.move).ok else NO
    if ex.kind == "best":
        assert ex.player is not None
        return best_moves(game, ex.player)[0][0]
    assert ex.solve is not None
    right = ex.solve(game)[0]
    return right[0] if isinstance(right, tuple) else right


def wrong_answer(ex: Exercise, right: object) -> object:
    if ex.kind == "legal":
        return NO if right == YES else YES
    if ex.kind == "number":
        assert isinstance(right, int)
        return right + 1
    if ex.kind == "choice":
        assert ex.solve is not None
        good = ex.solve(ex.game_at())[0]
        good = good if isinstance(good, tuple) else (good,)
        return next(o for o in ex.options if o not in good)
    top, _ = best_moves(ex.game_at(), ex.player or "")
    return next(m for m in ex.choices() if m not in top)


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_the_engines_answer_is_right_and_a_wrong_one_is_explained_with_a_rule(ex):
    right = engine_answer(ex)
    good = ex.check(right)
    assert good.correct, good.to_text()
    assert good.rules and all(ref.game == "lorenzo" for ref in good.rules)
    bad = ex.check(wrong_answer(ex, right))
    assert not bad.correct
    assert bad.explanation.strip() and bad.rules, bad.to_text()
    text = bad.to_text()
    assert text.startswith("Not quite: the answer is ")
    assert re.search(r"\[lorenzo [a-z_.]+\]", text)                 # a rule named by its checklist id


def test_the_kinds_are_covered_as_the_issue_asks():
    kinds = [ex.kind for ex in EXERCISES]
    assert 8 <= len(EXERCISES) <= 12 and len(set(IDS)) == len(IDS)
    assert kinds.count("legal") >= 2 and kinds.count("number") >= 2
    assert kinds.count("choice") >= 1 and kinds.count("best") >= 1
    legal = {ex.key: engine_answer(ex) for ex in EXERCISES if ex.kind == "legal"}
    assert YES in legal.values() and NO in legal.values()             # one legal move, one refused
    # one refusal names several rules at once
    refused = [ex for ex in EXERCISES if ex.kind == "legal" and legal[ex.key] == NO]
    assert max(len(ex.check(YES).rules) for ex in refused) >= 2


@pytest.mark.rule("lorenzo towers.occupied", "lorenzo towers.costs", "lorenzo place.min")
def test_the_occupied_tower_is_refused_by_three_rules():
    ex = next(e for e in EXERCISES if e.key == "occupied-tower")
    feedback = ex.check(NO)
    assert feedback.correct
    assert [ref.id for ref in feedback.rules] == ["place.min", "towers.occupied", "towers.costs"]
    assert "Hiring Recruits" in feedback.explanation


@pytest.mark.rule("lorenzo vatican.support", "lorenzo final.total")
def test_numbers_come_from_the_engine():
    by_key = {ex.key: ex for ex in EXERCISES}
    assert by_key["support-vp"].check("5").correct                     # text answers are read as numbers
    assert by_key["large-harvest"].check(7).correct                   # 5 + Commercial Hub 1 + Village 1
    assert by_key["final-total"].check(54).correct
    with pytest.raises(ValueError, match="whole number"):
        by_key["support-vp"].check("five")
    with pytest.raises(ValueError, match="choose one of"):
        by_key["tie-break"].check("Green")


@pytest.mark.rule("lorenzo vatican.support")
def test_the_best_move_is_the_greedy_evaluations():
    ex = next(e for e in EXERCISES if e.key == "support-or-refuse")
    assert ex.choices() == ("choose Red support", "choose Red refuse")
    assert ex.check("choose Red support").correct
    feedback = ex.check("choose Red refuse")
    assert not feedback.correct and "greedy evaluation" in feedback.explanation


def test_questions_read_without_the_code():
    for ex in EXERCISES:
        q = ex.question
        assert re.search(r"\b(Red|Blue)\b", q), ex.key                 # players by name
        assert not re.search(r"\bcard \d+|\b(territory|building|character|venture)-\d\b", q), ex.key
        assert not re.search(r"\b(market-\d|harvest-|production-)", q), ex.key
        assert q.rstrip().endswith("?"), ex.key
