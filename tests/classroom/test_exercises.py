"""Exercises: the engine answers them (legal / number / choice / best), and the widgets show it.

The core logic is checked on positions built here from ``new_game`` and a few seeded
moves; the widgets are driven headless (set ``.value``, ``.click()``), for these
exercises and for every exercise of every game's sheet.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from html import escape
from typing import Any

import pytest

from fresco_kit.core import Game, Rng, game_info, games
from fresco_kit.classroom.exercise_widget import exercise_sheet, exercise_widget
from fresco_kit.classroom.table_parts import parts_for
from fresco_kit.classroom.exercises import Exercise, Feedback, best, best_moves, choice, legal, number
from fresco_kit.classroom.i18n import citation
from fresco_kit.core.registry import GAMES as PACKAGES

GAMES = [info.name for info in games() if info.parts.exercises is not None]  # the games with exercises


def position(name: str, moves: int = 3) -> Callable[[], Game]:
    """A position: a new game and ``moves`` moves of the game's seeded random player."""

    def make() -> Game:
        game = game_info(name).new_game(seed=4)
        rng = Rng(4)
        for _ in range(moves):
            game.play(game.rules.sample_action(game.state, rng))
        return game

    return make


def refused_move(game: Game) -> str:
    """A move that parses but is illegal now: one that was legal earlier."""
    for turn in game.history:
        for action in game.rules.legal_actions(turn.state_before):
            if not game.explain(action).ok:
                return str(action)
    raise AssertionError("no refused move")


def find(widget: Any, cls: str) -> Any:
    """The first widget under ``widget`` with CSS class ``cls`` (as a browser test finds it)."""
    stack = [widget]
    while stack:
        w = stack.pop(0)
        if cls in w._dom_classes:
            return w
        stack.extend(getattr(w, "children", ()))
    raise LookupError(cls)


def answer_with(widget: Any, value: Any) -> str:
    """Set the answer, press Check, return the feedback HTML."""
    find(widget, "fk-exercise-answer").value = value
    find(widget, "fk-exercise-check").click()
    return str(find(widget, "fk-exercise-feedback").value)


# -- the core logic ------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_legal_exercises_are_answered_by_explain(name: str) -> None:
    make = position(name)
    game = make()
    good, bad = str(game.legal_actions()[0]), refused_move(game)
    yes = legal(name, "good", "A legal move", position=make, move=good, question=f"Is {good} legal?")
    feedback = yes.check("yes")
    assert feedback.correct and feedback.answer == "yes" and yes.check(True).correct
    events = game.preview(good).events
    assert all(e.text in feedback.explanation for e in events)
    assert set(feedback.rules) == {e.rule for e in events if e.rule is not None}
    wrong = yes.check("no")
    assert not wrong.correct and "the answer is yes" in wrong.to_text()

    no = legal(name, "bad", "An illegal move", position=make, move=bad, question=f"Is {bad} legal?")
    feedback = no.check("no")
    reasons = game.explain(bad).reasons
    assert feedback.correct and feedback.answer == "no" and reasons
    assert feedback.rules == tuple(dict.fromkeys(ref for _, ref in reasons))
    assert all(message in feedback.explanation for message, _ in reasons)
    with pytest.raises(ValueError, match="answer 'yes' or 'no'"):
        no.check("maybe")


@pytest.mark.parametrize("name", GAMES)
def test_number_exercises_give_the_change_of_the_total(name: str) -> None:
    make = position(name, moves=5)
    game = make()
    player = game.actor()[0]
    action = game.rules.legal_actions(game.state, player=player)[-1]
    before = game.scores().totals[player]
    after = game.rules.scores(game.preview(action).state).totals[player]
    ex = number(name, "gain", "Points", position=make, question="How many?", move=str(action), player=player)
    assert ex.check(after - before).correct and ex.check(f" {after - before} ").correct
    wrong = ex.check(after - before + 1)
    assert not wrong.correct and wrong.answer == str(after - before)
    with pytest.raises(ValueError, match="whole number"):
        ex.check("abc")
    with pytest.raises(ValueError, match="whole number"):
        ex.check(True)


def test_choice_exercises_take_the_right_options_from_solve() -> None:
    make = position("lorenzo")
    actor = make().actor()[0]
    others = [p for p in make().players if p != actor]
    ex = choice(
        "lorenzo",
        "who",
        "Whose turn",
        position=make,
        question="Who acts now?",
        options=[actor, *others],
        solve=lambda g: (g.actor()[0], "The turn order says so.", ()),
    )
    assert ex.check(actor).correct
    wrong = ex.check(others[0])
    assert not wrong.correct and wrong.answer == actor
    with pytest.raises(ValueError, match="choose one of"):
        ex.check("Nobody")


#: a position per game where the greedy evaluation tells moves apart (moves played first)
BEST_AFTER = {"sixtina": 4, "fresco": 8, "lorenzo": 4}


@pytest.mark.parametrize("name", GAMES)
def test_best_exercises_follow_the_greedy_evaluation(name: str) -> None:
    make = position(name, moves=BEST_AFTER.get(name, 4))
    game = make()
    player = game.actor()[0]
    ex = best(name, "best", "Best move", position=make, player=player, question="Which move is best?")
    top, ratings = best_moves(game, player)
    assert set(ex.choices()) == set(ratings) and ex.check(top[0]).correct
    worse = [text for text, value in ratings.items() if value < ratings[top[0]]]
    assert worse, "choose a position where some move rates lower"
    feedback = ex.check(worse[0])
    readable = {str(a): parts_for(game.info).move_text(game.state, a) for a in game.legal_actions()}
    assert not feedback.correct and feedback.answer == readable[top[0]]     # in words, not the grammar
    assert f"{ratings[worse[0]]:.1f}" in feedback.explanation
    with pytest.raises(ValueError, match="legal moves"):
        ex.check("not a move")


def test_the_constructors_refuse_bad_exercises() -> None:
    make = position("sixtina")
    with pytest.raises(ValueError, match="one word"):
        legal("sixtina", "two words", "T", position=make, move="prepare", question="Q?")
    with pytest.raises(ValueError, match="title and a question"):
        legal("sixtina", "k", "T", position=make, move="prepare", question=" ")
    with pytest.raises(ValueError, match="two distinct options"):
        choice("sixtina", "k", "T", position=make, question="Q?", options=["a"], solve=lambda g: ("a", "", ()))
    with pytest.raises(ValueError, match="give move and player"):
        number("sixtina", "k", "T", position=make, question="Q?")
    with pytest.raises(ValueError, match="unknown game"):
        legal("chess", "k", "T", position=make, move="e4", question="Q?")
    other = legal("lorenzo", "k", "T", position=make, move="prepare", question="Q?")
    with pytest.raises(ValueError, match="must return a lorenzo Game"):
        other.game_at()


def test_feedback_as_text_and_html_cites_the_rules() -> None:
    game = position("sixtina")()
    bad = refused_move(game)
    refs = tuple(ref for _, ref in game.explain(bad).reasons)
    feedback = Feedback(False, "no", "Refused <here>:\n  - a reason", refs)
    text, html = feedback.to_text(), feedback.to_html()
    assert text.startswith("Not quite: the answer is no.") and "Refused <here>" in text
    assert "&lt;here&gt;" in html and "<b>Not quite: the answer is no.</b>" in html
    for ref in refs:
        assert f"{ref.citation} [{ref.checklist_id}]" in text and escape(citation(ref)) in html


# -- the widgets ---------------------------------------------------------------------
def test_the_widget_checks_a_legal_exercise() -> None:
    make = position("lorenzo")
    bad = refused_move(make())
    w = exercise_widget(legal("lorenzo", "bad", "Refused", position=make, move=bad, question="Legal?"))
    assert "fk-exercise" in w._dom_classes and "<svg" in w.children[2].value
    assert "Give an answer first" in answer_with(w, None)
    wrong = answer_with(w, "yes")
    assert "Not quite: the answer is no." in wrong and "Rules:" in wrong
    assert "Right." in answer_with(w, "no")


def test_the_widget_answers_bad_number_input_kindly() -> None:
    make = position("sixtina", moves=5)
    game = make()
    player = game.actor()[0]
    action = game.rules.legal_actions(game.state, player=player)[0]
    ex = number("sixtina", "n", "Points", position=make, question="How many?", move=str(action), player=player)
    w = exercise_widget(ex)
    assert "Type a whole number, such as 7." in answer_with(w, "abc")
    assert "Give an answer first" in answer_with(w, "  ")
    truth = ex.check(0).answer
    assert "Right." in answer_with(w, truth)


def test_the_widget_offers_the_moves_in_words_for_best() -> None:
    make = position("fresco", moves=4)
    game = make()
    player = game.actor()[0]
    w = exercise_widget(best("fresco", "b", "Best", position=make, player=player, question="Best move?"))
    select = find(w, "fk-exercise-answer")
    top, _ = best_moves(game, player)
    moves = game.rules.legal_actions(game.state, player=player)
    assert {value for _, value in select.options} == {str(a) for a in moves}
    assert all(label and label == label.strip() for label, _ in select.options)
    feedback = answer_with(w, top[0])
    assert "Right." in feedback


def right_answer(ex: Exercise) -> Any:
    """What the engine says is right for ``ex`` (to answer it through the widget)."""
    game = ex.game_at()
    if ex.kind == "legal":
        return "yes" if game.explain(ex.move).ok else "no"
    if ex.kind == "best":
        return best_moves(game, ex.player)[0][0]
    assert ex.solve is not None
    truth = ex.solve(game)[0]
    if ex.kind == "number":
        return str(truth)
    return truth[0] if isinstance(truth, (tuple, list, set, frozenset)) else truth


@pytest.mark.parametrize("name", GAMES)
def test_every_exercise_of_the_sheet_can_be_answered_right(name: str) -> None:
    exercises = importlib.import_module(f"{PACKAGES[name]}.exercises").EXERCISES
    sheet = exercise_sheet(name)
    menu = find(sheet, "fk-exercise-menu")
    assert len(menu.options) == len(exercises) >= 1
    for index, ex in enumerate(exercises):
        menu.value = index
        shown = find(sheet, "fk-exercise")
        assert escape(ex.title) in shown.children[0].value
        feedback = answer_with(shown, right_answer(ex))
        assert "Right." in feedback, (ex.key, feedback)


def test_the_feedback_goes_when_the_answer_changes() -> None:
    make = position("lorenzo")
    bad = refused_move(make())
    w = exercise_widget(legal("lorenzo", "bad", "Refused", position=make, move=bad, question="Legal?"))
    feedback = find(w, "fk-exercise-feedback")
    assert "Not quite" in answer_with(w, "yes")
    find(w, "fk-exercise-answer").value = "no"     # a new answer: the old verdict is not its verdict
    assert feedback.value == ""
    find(w, "fk-exercise-check").click()
    assert "Right." in feedback.value
