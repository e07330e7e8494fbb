"""Lorenzo exercises (issues 12 and 19): every answer decided and explained by the engine.

Each exercise is played with its right answers (worked out by hand from the rules, below,
and found by the engine: they agree) and with a wrong one, refused with each reason
beside its rule."""
from __future__ import annotations

import re

import pytest

from fresco_kit.classroom.exercises import LEGAL_AFTER_ALL, NO, YES, Exercise, right_and_wrong
from fresco_kit.lorenzo.exercises import EXERCISES

IDS = [ex.key for ex in EXERCISES]
BY_KEY = {ex.key: ex for ex in EXERCISES}

#: the right answers, worked out from the rules by hand
OCCUPIED = [
    "The white member (die 6) is worth less than floor 4's value 7",      # place.min
    "Red is already in the venture tower, so Blue owes 3 coins first",    # towers.occupied
    "Blue cannot pay Hiring Recruits' 4 coins",                           # towers.costs
]
EXPECTED: dict[str, list[object]] = {
    "neutral-servants": [YES],                 # 0 + 3 servants reaches floor 2's 3
    "occupied-tower": [OCCUPIED],
    "third-territory": [NO],                   # the 3rd territory needs 3 military points
    "support-vp": [5],                         # 5 faith is 5 VP on the track
    "large-harvest": [7],                      # 5 + Commercial Hub 1 + Village 1 (value 4 - 3 + 2 = 3)
    "final-total": [54],                       # 27 + 4 + 6 + 9 + 5 + 3
    "below-threshold": ["Blue is excommunicated at once and keeps the faith points"],
    "tie-break": ["Red"],                      # the kit's reading: earlier in the final turn order
    "last-neutral": ["place Red neutral market-1 servants 1"],              # 5 coins
    "support-or-refuse": ["choose Red support"],                          # +5 VP at once
}


def test_every_exercise_has_its_worked_answer():
    assert set(EXPECTED) == set(IDS)


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_the_right_answers_are_taken_and_a_wrong_one_is_refused_with_its_rule(ex: Exercise):
    rights, wrongs = right_and_wrong(ex)
    assert rights == EXPECTED[ex.key]
    for right in rights:
        good = ex.check(right)
        assert good.correct, good.to_text()
        assert good.rules and all(ref.game == "lorenzo" for ref in good.rules)
    for wrong in wrongs:
        bad = ex.check(wrong)
        assert not bad.correct
        text = bad.to_text()
        assert text.startswith("Not quite: the answer is ")
        assert bad.reasons and any(ref is not None for _, ref in bad.reasons), text     # a reason beside its rule
        assert re.search(r"\(Lorenzo il Magnifico rules summary, [^)\[]+\)", text)             # cited by section
        assert not re.search(r"\[lorenzo [a-z_.]+\]", text)                                  # no checklist id


def test_the_kinds_are_covered_as_the_issues_ask():
    kinds = [ex.kind for ex in EXERCISES]
    assert 8 <= len(EXERCISES) <= 12 and len(set(IDS)) == len(IDS)
    assert kinds.count("legal") >= 2 and kinds.count("number") >= 2 and kinds.count("why_not") >= 1
    assert kinds.count("choice") >= 1 and kinds.count("best") >= 1
    legal = {ex.key: right_and_wrong(ex)[0][0] for ex in EXERCISES if ex.kind == "legal"}
    assert YES in legal.values() and NO in legal.values()             # one legal move, one refused


@pytest.mark.rule("lorenzo towers.occupied", "lorenzo towers.costs", "lorenzo place.min")
def test_the_occupied_tower_is_refused_by_three_rules_the_learner_ticks():
    ex = BY_KEY["occupied-tower"]
    feedback = ex.check(OCCUPIED)
    assert feedback.correct and "3 of the 4 reasons apply." in feedback.explanation
    assert [ref.id for _, ref in feedback.reasons] == ["place.min", "towers.occupied", "towers.costs", "towers.colour"]
    assert "Hiring Recruits" in feedback.to_text()
    two = ex.check(OCCUPIED[:2])                                      # one reason missing
    assert not two.correct and "Blue cannot pay Hiring Recruits' 4 coins: applies" in two.to_text()
    assert not ex.check([LEGAL_AFTER_ALL]).correct


@pytest.mark.rule("lorenzo vatican.support", "lorenzo final.total")
def test_numbers_come_from_the_engine():
    assert BY_KEY["support-vp"].check("5").correct                    # text answers are read as numbers
    with pytest.raises(ValueError, match="whole number"):
        BY_KEY["support-vp"].check("five")
    with pytest.raises(ValueError, match="choose one of"):
        BY_KEY["tie-break"].check("Green")


@pytest.mark.rule("lorenzo vatican.threshold", "lorenzo vatican.excommunicate")
def test_below_the_threshold_is_asked_before_the_board_says_so():
    ex = BY_KEY["below-threshold"]
    game = ex.game_at()
    blue = game.state.player("Blue")
    assert blue.res["faith"] == 2 and not blue.excomms                # the board does not tell yet
    feedback = ex.check("Blue is excommunicated at once and keeps the faith points")
    assert "Blue has 2 faith points, below period I's threshold of 3" in feedback.to_text()


@pytest.mark.rule("lorenzo final.winner")
def test_the_tie_break_names_the_reading_it_rests_on():
    ex = BY_KEY["tie-break"]
    assert "the kit reads a tie" in ex.question
    feedback = ex.check("Blue")
    assert feedback.reading.startswith("a tie goes to the tied player earliest in the final turn order")
    assert "the other reading, which the kit can also play: they share the victory" in feedback.to_text()
    assert "win_tie_break" not in feedback.to_text()                 # the switch's name stays out of learner text


@pytest.mark.rule("lorenzo vatican.support", "lorenzo market.spaces")
def test_best_moves_state_their_criterion_and_offer_a_short_list():
    support = BY_KEY["support-or-refuse"]
    assert "Best means the most points gained for Red at once" in support.question
    assert support.choices() == ("choose Red support", "choose Red refuse")
    shown = dict(support.check("choose Red refuse").reasons)
    assert any(line.endswith("+5 points (best)") for line in shown) and any(line.endswith("+0 points") for line in shown)
    neutral = BY_KEY["last-neutral"]
    assert "Best means the most coins in Red's hands" in neutral.question and len(neutral.choices()) == 4
    lines = [line for line, _ in neutral.check("place Red neutral council servants 1").reasons]
    assert any(line.endswith(": 7 coins (best)") for line in lines) and any(line.endswith(": 3 coins") for line in lines)


def test_questions_read_without_the_code():
    for ex in EXERCISES:
        q = ex.question
        assert re.search(r"\b(Red|Blue)\b", q), ex.key                 # players by name
        assert not re.search(r"\bcard \d+|\b(territory|building|character|venture)-\d\b", q), ex.key
        assert not re.search(r"\b(market-\d|harvest-|production-)", q), ex.key
        assert re.search(r"[?.]$", q.rstrip()), ex.key
        assert "?" in q, ex.key
