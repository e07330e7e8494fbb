"""The 1980 Sixtina exercises: every right answer is accepted, a wrong one is refused, and the
feedback pairs each reason with its rule (the shared machinery of classroom.exercises)."""
from __future__ import annotations

import re

import pytest

from fresco_kit.classroom.exercises import LEGAL_AFTER_ALL, SHORT_LIST, right_and_wrong
from fresco_kit.sixtina.exercises import EXERCISES
from fresco_kit.sixtina.readings import READING

BY_KEY = {ex.key: ex for ex in EXERCISES}


def test_about_eight_exercises_of_every_kind():
    kinds = [ex.kind for ex in EXERCISES]
    assert 7 <= len(EXERCISES) <= 10 and len(set(BY_KEY)) == len(EXERCISES)
    assert kinds.count("legal") >= 2 and kinds.count("number") >= 2 and kinds.count("why_not") >= 1
    assert kinds.count("choice") >= 1 and kinds.count("best") >= 1
    assert {ex.game for ex in EXERCISES} == {"sixtina"}


@pytest.mark.parametrize("key", sorted(BY_KEY))
def test_every_right_answer_is_accepted_and_a_wrong_one_refused_with_its_rules(key):
    ex = BY_KEY[key]
    right, wrong = right_and_wrong(ex)
    assert right and wrong
    for answer in right:
        feedback = ex.check(answer)
        assert feedback.correct and feedback.explanation and feedback.rules, answer
    for answer in wrong:
        feedback = ex.check(answer)
        assert not feedback.correct and feedback.answer
        assert feedback.rules and all(ref.game == "sixtina" for ref in feedback.rules)
        assert feedback.reasons and any(ref is not None for _, ref in feedback.reasons)   # reasons paired with rules
        text = feedback.to_text()                               # the rules named by rulebook and section
        assert all(ref.citation in text and ref.checklist_id not in text for ref in feedback.rules)


@pytest.mark.parametrize("key", sorted(BY_KEY))
def test_questions_make_sense_with_the_code_hidden(key):
    ex = BY_KEY[key]
    assert re.search(r"\b(Red|White|Blue)\b", ex.question) and ex.question.rstrip().endswith((".", "?"))
    assert not re.search(r"\bcard \d|#\d|_|\b[a-z]+\d\b", ex.question), ex.question
    for option in ex.options:
        assert not re.search(r"#\d|_", option)


@pytest.mark.rule("sixtina act.restore", "sixtina restore.prudent")
def test_why_not_pairs_each_ticked_reason_with_its_rule():
    ex = BY_KEY["wrong-card-too-many-extras"]
    card, extras, total, turn = (text for text, _ in ex.offered)
    assert "Tick every reason" in ex.question and ex.choices()[-1] == LEGAL_AFTER_ALL
    feedback = ex.check([card, extras])
    assert feedback.correct and feedback.explanation == "2 of the 4 reasons apply."
    paired = {text.split(":")[0]: ref.id for text, ref in feedback.reasons}
    assert paired == {card: "act.restore", extras: "restore.prudent", total: "restore.correct", turn: "turn.order"}
    said = dict(feedback.reasons)
    assert any("Infrared 1 (card 42) is not a Repainting card" in t for t in said)
    assert any("at most 2 extra materials, one per card played" in t for t in said)
    for wrong in ([card], [card, total], [LEGAL_AFTER_ALL]):
        missed = ex.check(wrong)
        assert not missed.correct and missed.answer == f"{card} + {extras}"


@pytest.mark.rule("sixtina complete.contribution", "sixtina complete.modify", "sixtina complete.score")
def test_completion_points_follow_the_rulebook_example():
    ex = BY_KEY["completion-points"]
    assert ex.check(9).correct and ex.check("9").correct
    feedback = ex.check(12)
    assert not feedback.correct and feedback.answer == "9"
    texts = [text for text, _ in feedback.reasons]
    assert "scores (12, 5, 4) modified by 1 excellent and 2 prudent restorations: (9, 2, 1)" in texts
    assert dict(feedback.reasons)["contribution: Blue (3), Red (3), White (1)"].id == "complete.contribution"
    with pytest.raises(ValueError, match="whole number"):
        ex.check("nine")


@pytest.mark.rule("sixtina bonus.objective", "sixtina obj.ec3", "sixtina obj.one5")
def test_objective_choice_shows_the_counts_and_names_the_reading():
    ex = BY_KEY["objective-bonus"]
    ec3, one5, prudent5 = ex.options
    assert ex.check(ec3).correct
    feedback = ex.check(one5)
    assert not feedback.correct
    refused = {ref.id: text for text, ref in feedback.reasons}
    assert "3 of the 5 needed" in refused["obj.one5"] and "0 of the 5 needed" in refused["obj.prudent5"]
    assert ex.reading == "objectives count the board" and feedback.reading == READING[ex.reading].kit


@pytest.mark.rule("sixtina complete.new")
def test_uncover_choice_accepts_each_of_three_answers_and_names_the_reading():
    ex = BY_KEY["new-restoration"]
    right = [o for o in ex.options if ex.check(o).correct]
    assert right == ["the covered fresco at JC2", "the covered fresco at G2", "the covered fresco at M2"]
    assert "more than one may be right" in ex.question
    feedback = ex.check("the covered fresco at G4")
    assert "3 answers are right" in feedback.explanation
    g2 = next(text for text, _ in feedback.reasons if text.startswith("the covered fresco at G2"))
    assert "by the kit's reading" in g2 and "has just been restored" in g2
    assert ex.reading == "uncover next to restored frescoes" and feedback.reading == READING[ex.reading].kit


@pytest.mark.rule("sixtina bonus.objective", "sixtina bonus.refined", "sixtina bonus.material")
def test_best_bonus_states_its_criterion_and_rates_a_short_list():
    ex = BY_KEY["bonus-best"]
    game = ex.game_at()
    assert ex.choices(game) == ("bonus refined", "bonus material", "bonus objective ec3")
    assert len(ex.choices(game)) <= SHORT_LIST
    assert "Best means the most points gained for Blue" in ex.question
    right, wrong = right_and_wrong(ex)
    assert right == ["bonus objective ec3"] and sorted(wrong) == ["bonus material", "bonus refined"]
    feedback = ex.check("bonus material")
    lines = [text for text, _ in feedback.reasons]
    assert any(line.endswith("+5 points (best)") for line in lines)
    assert any("+1 point" in line for line in lines) and any("+0 points" in line for line in lines)
    assert any("space 2 (Red holds the first): 5 points" in line for line in lines)
