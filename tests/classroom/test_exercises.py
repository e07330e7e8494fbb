"""Exercises: the engine answers them (legal / why_not / number / choice / best), and the widgets show it.

The core logic is checked on positions built here from ``new_game`` and a few seeded
moves; the widgets are driven headless (set ``.value``, ``.click()``), for these
exercises and for every exercise of every game's sheet.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from html import escape
from typing import Any

import pytest

from fresco_kit.core import Game, Rng, game_info, games
from fresco_kit.classroom.exercise_widget import exercise_sheet, exercise_widget
from fresco_kit.classroom.table_parts import parts_for
from fresco_kit.classroom.exercises import (
    LEGAL_AFTER_ALL,
    SHORT_LIST,
    Criterion,
    Exercise,
    Feedback,
    best,
    best_moves,
    choice,
    legal,
    number,
    points_gained,
    right_and_wrong,
    why_not,
)
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
    assert feedback.reasons == tuple((e.text, e.rule) for e in events)       # each event beside its rule
    assert set(feedback.rules) == {e.rule for e in events if e.rule is not None}
    wrong = yes.check("no")
    assert not wrong.correct and "the answer is yes" in wrong.to_text()

    no = legal(name, "bad", "An illegal move", position=make, move=bad, question=f"Is {bad} legal?")
    feedback = no.check("no")
    reasons = game.explain(bad).reasons
    assert feedback.correct and feedback.answer == "no" and reasons
    assert feedback.rules == tuple(dict.fromkeys(ref for _, ref in reasons))
    assert feedback.reasons == tuple(reasons)                                # each reason beside its rule
    count = len(reasons)
    assert ("one reason" if count == 1 else f"{count} reasons") in feedback.explanation
    text = feedback.to_text()
    assert all(f"{message}  ({ref.citation})" in text for message, ref in reasons)   # each reason beside its rule
    assert not any(ref.checklist_id in text for _, ref in reasons)                    # no checklist id for learners
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


def short_list(game: Game, player: str) -> tuple[list[str], list[str]]:
    """A short list of moves for a "best" exercise: a top-rated move and some rated lower."""
    top, ratings = best_moves(game, player)
    worse = [text for text, value in ratings.items() if value < ratings[top[0]]]
    assert worse, "choose a position where some move rates lower"
    return top[:2], worse[:3]


@pytest.mark.parametrize("name", GAMES)
def test_best_exercises_state_the_greedy_rating_and_offer_a_short_list(name: str) -> None:
    make = position(name, moves=BEST_AFTER.get(name, 4))
    game = make()
    player = game.actor()[0]
    top, worse = short_list(game, player)
    ex = best(name, "best", "Best move", position=make, player=player, question="Which move is best?",
              options=[*top, *worse])
    assert "Best means the highest rating by the kit's greedy evaluation" in ex.question   # the criterion, stated
    assert ex.choices() == (*top, *worse) and ex.check(top[0]).correct
    feedback = ex.check(worse[0])
    readable = {str(a): parts_for(game.info).move_text(game.state, a) for a in game.legal_actions()}
    assert not feedback.correct and readable[top[0]] in feedback.answer          # in words, not the grammar
    _, ratings = best_moves(game, player)
    shown = dict(feedback.reasons)
    assert f"{readable[worse[0]]}: rated {round(ratings[worse[0]], 1):.1f}" in shown    # every offered move rated
    assert len(feedback.reasons) == len(top) + len(worse)
    with pytest.raises(ValueError, match="moves offered"):
        ex.check("not a move")


def test_a_best_exercise_takes_every_move_that_ties_and_says_so() -> None:
    make = position("lorenzo", moves=4)
    game = make()
    player = game.actor()[0]
    moves = [str(a) for a in game.rules.legal_actions(game.state, player=player)]
    ex = best("lorenzo", "b", "Most points", position=make, player=player, question="Which move scores most?",
              criterion=points_gained(player), options=moves[:4])
    assert ex.question.endswith(f"Best means the most points gained for {player} at once (the provisional total).")
    rights, wrongs = right_and_wrong(ex)
    gains = {m: game.rules.scores(game.preview(m).state).totals[player] - game.scores().totals[player] for m in moves[:4]}
    assert set(rights) == {m for m, g in gains.items() if g == max(gains.values())}
    assert all(ex.check(m).correct for m in rights) and not any(ex.check(m).correct for m in wrongs)
    if len(rights) > 1:
        assert f"{len(rights)} of the 4 moves tie for best" in ex.check(rights[0]).explanation
    # a criterion of one's own: the fewest letters in the move's text wins (a tie by construction)
    short = Criterion("the shortest move text", lambda g, m: (-len(m), f"{len(m)} letters"))
    same = [m for m in moves if len(m) == len(moves[0])][:2]
    if len(same) == 2:
        tie = best("lorenzo", "t", "Tie", position=make, player=player, question="Which?", criterion=short,
                   options=same)
        assert all(tie.check(m).correct for m in same) and "2 of the 2 moves tie" in tie.check(same[0]).explanation


def test_a_best_exercise_refuses_a_long_list() -> None:
    make = position("fresco", moves=8)
    game = make()
    player = game.actor()[0]
    moves = [str(a) for a in game.rules.legal_actions(game.state, player=player)]
    assert len(moves) > SHORT_LIST
    with pytest.raises(ValueError, match="offer 2 to 8 distinct moves"):
        best("fresco", "b", "Best", position=make, player=player, question="Best?", options=moves)
    everything = best("fresco", "b", "Best", position=make, player=player, question="Best?")
    with pytest.raises(ValueError, match="offer a short list"):
        everything.check(moves[0])


def test_why_not_exercises_pair_each_ticked_reason_with_its_rule() -> None:
    make = position("lorenzo")
    game = make()
    bad = refused_move(game)
    blocking = game.explain(bad).reasons
    book = game_info("lorenzo").refs.RULES
    unrelated = next(book[rid] for rid in book if book[rid] not in {ref for _, ref in blocking})
    offered = [(f"reason {i + 1}", ref) for i, ref in enumerate(dict.fromkeys(r for _, r in blocking))]
    offered.append(("a reason that does not apply", unrelated))
    ex = why_not("lorenzo", "w", "Why not?", position=make, move=bad, question="Why is it refused?", reasons=offered)
    right = [text for text, _ in offered[:-1]]
    assert ex.choices() == (*(t for t, _ in offered), LEGAL_AFTER_ALL)
    assert right_and_wrong(ex)[0] == [right]
    good = ex.check(right)
    assert good.correct and good.answer == " + ".join(right)
    for (text, ref), (shown, cited) in zip(offered, good.reasons):
        assert shown.startswith(text) and cited == ref                  # each reason beside its rule
    assert "a reason that does not apply: does not apply" in dict(good.reasons)
    assert not ex.check([*right, "a reason that does not apply"]).correct
    assert not ex.check([LEGAL_AFTER_ALL]).correct
    with pytest.raises(ValueError, match="tick one or more"):
        ex.check([])
    with pytest.raises(ValueError, match="tick the reasons"):
        ex.check("reason 1")
    # a legal move: the right box is "none of these"
    fine = str(game.legal_actions()[0])
    ok = why_not("lorenzo", "w2", "Why not?", position=make, move=fine, question="Why?", reasons=offered)
    assert ok.check([LEGAL_AFTER_ALL]).correct and not ok.check(right[:1]).correct
    with pytest.raises(ValueError, match="two or more reasons"):
        why_not("lorenzo", "w3", "W", position=make, move=fine, question="Why?", reasons=offered[:1])


def test_an_answer_resting_on_a_reading_names_it() -> None:
    make = position("lorenzo")
    game = make()
    readings = game_info("lorenzo").readings.READINGS
    reading = readings[0]
    ex = legal("lorenzo", "r", "Reading", position=make, move=str(game.legal_actions()[0]), question="Legal?",
               reading=reading.id)
    fb = ex.check("yes")
    assert fb.reading == reading.kit and "This answer rests on a reading of the kit:" in fb.to_html()
    with pytest.raises(ValueError, match="has no reading"):
        legal("lorenzo", "r", "R", position=make, move="x", question="Q?", reading="no such reading")


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
        assert ref.citation in text and ref.checklist_id not in text and escape(citation(ref)) in html
        assert f"title='[{escape(ref.checklist_id)}]'" in html                   # the checklist id in a tooltip only
        assert ref.checklist_id not in re.sub(r"<[^>]*>", " ", html)          # not in the text read


# -- the widgets ---------------------------------------------------------------------
def test_the_widget_checks_a_legal_exercise() -> None:
    make = position("lorenzo")
    bad = refused_move(make())
    w = exercise_widget(legal("lorenzo", "bad", "Refused", position=make, move=bad, question="Legal?"))
    assert "fk-exercise" in w._dom_classes and "<svg" in find(w, "fk-board-view").value
    assert "Answer Yes or No, then press Check." in find(w, "fk-exercise-how").value        # what to do
    assert "Give an answer first" in answer_with(w, None)
    wrong = answer_with(w, "yes")
    message, ref = make().explain(bad).reasons[0]
    assert "Not quite: the answer is no." in wrong
    assert f"<li>{escape(message)} &mdash; <i title='[{escape(ref.checklist_id)}]'>" in wrong   # reason beside rule
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
    make = position("fresco", moves=BEST_AFTER["fresco"])
    game = make()
    player = game.actor()[0]
    top, worse = short_list(game, player)
    w = exercise_widget(best("fresco", "b", "Best", position=make, player=player, question="Best move?",
                             options=[*top, *worse]))
    select = find(w, "fk-exercise-answer")
    assert [value for _, value in select.options] == [*top, *worse]
    assert all(label and label == label.strip() for label, _ in select.options)
    feedback = answer_with(w, top[0])
    assert "Right." in feedback


def tick(widget: Any, reasons: list[str]) -> str:
    """Tick exactly ``reasons`` in a "why not?" widget, press Check, return the feedback HTML."""
    for box in find(widget, "fk-exercise-answer").children:
        box.value = box.description in reasons
    find(widget, "fk-exercise-check").click()
    return str(find(widget, "fk-exercise-feedback").value)


def test_the_widget_ticks_reasons_for_why_not() -> None:
    make = position("lorenzo")
    bad = refused_move(make())
    blocking = list(dict.fromkeys(ref for _, ref in make().explain(bad).reasons))
    book = game_info("lorenzo").refs.RULES
    other = next(book[rid] for rid in book if book[rid] not in blocking)
    offered = [(f"reason {i + 1}", ref) for i, ref in enumerate(blocking)] + [("not this", other)]
    w = exercise_widget(why_not("lorenzo", "w", "Why?", position=make, move=bad, question="Why?", reasons=offered))
    boxes = find(w, "fk-exercise-answer").children
    assert [b.description for b in boxes] == [t for t, _ in offered] + [LEGAL_AFTER_ALL]
    assert all("fk-exercise-reason" in b._dom_classes for b in boxes)
    assert "Tick every reason" in find(w, "fk-exercise-how").value
    assert "Give an answer first" in tick(w, [])
    assert "Not quite" in tick(w, ["not this"])
    assert "Right." in tick(w, [t for t, _ in offered[:-1]])


def answer(widget: Any, ex: Exercise, response: Any) -> str:
    """Answer ``ex`` in its widget with ``response`` (ticks for "why not?")."""
    if ex.kind == "why_not":
        return tick(widget, response)
    return answer_with(widget, str(response) if ex.kind == "number" else response)


EVERY = [(name, ex) for name in GAMES for ex in importlib.import_module(f"{PACKAGES[name]}.exercises").EXERCISES]


@pytest.mark.parametrize(("name", "ex"), EVERY, ids=[f"{name}-{ex.key}" for name, ex in EVERY])
def test_every_exercise_takes_its_right_answers_and_refuses_a_wrong_one_with_its_rule(name: str, ex: Exercise) -> None:
    """The generic check of every exercise of every registered game: each answer the engine
    takes as right is accepted, each wrong one refused, with a reason paired to its rule."""
    rights, wrongs = right_and_wrong(ex)
    assert rights and wrongs, ex.key
    for response in rights:
        assert ex.check(response).correct, (ex.key, response)
    for response in wrongs:
        fb = ex.check(response)
        assert not fb.correct and fb.answer, (ex.key, response)
        assert fb.rules and any(ref is not None for _, ref in fb.reasons), fb.to_text()  # a reason with its rule
    if ex.kind == "best":                                   # the short list holds a best move of all
        game = ex.game_at()
        every = [str(a) for a in game.rules.legal_actions(game.state, player=ex.player)]
        assert ex.criterion is not None and len(ex.choices()) <= SHORT_LIST
        top = max(ex.criterion.rate(game, m)[0] for m in every)
        assert any(ex.criterion.rate(game, m)[0] == top for m in rights), ex.key
    if ex.kind == "why_not":                                # every reason the engine gives is offered
        game = ex.game_at()
        offered = {ref for _, ref in ex.offered}
        assert {ref for _, ref in game.explain(ex.move).reasons} <= offered, ex.key


def _id_patterns(name: str) -> list[re.Pattern[str]]:
    """Checklist ids in any form (``[fresco turn.3]``, ``fresco cath.bishop_move``, a bare
    ``cath.bishop_move`` of the game's rule book), the game's reading ids and switch names."""
    info = game_info(name)
    ids = [ref.id for ref in info.refs.RULES.values()] if info.refs is not None else []
    readings = [r.id for r in getattr(info.readings, "READINGS", ())]
    return [
        re.compile(r"\[[a-z]+ [a-z0-9_]+(?:\.[a-z0-9_]+)+\]"),
        re.compile(rf"\b(?:{'|'.join(map(re.escape, PACKAGES))}) [a-z0-9_]+(?:\.[a-z0-9_]+)+"),
        *(re.compile(rf"(?<![\w.-]){re.escape(i)}(?![\w-])") for i in ids if "." in i or "_" in i),
        *(re.compile(rf"\b{re.escape(i)}\b") for i in readings if "_" in i),
        *(re.compile(rf"\b{re.escape(s.name)}\b") for s in info.switches if "_" in s.name),
    ]


@pytest.mark.parametrize(("name", "ex"), EVERY, ids=[f"{name}-{ex.key}" for name, ex in EVERY])
def test_plain_text_feedback_shows_no_checklist_or_internal_ids(name: str, ex: Exercise) -> None:
    """Learner text: every exercise's plain-text feedback, to right and wrong answers, pairs
    reasons with rule citations (game, rulebook, section) and shows no checklist id or reading
    id; the ids stay in the HTML tooltips."""
    patterns = _id_patterns(name)
    rights, wrongs = right_and_wrong(ex)
    for response in rights + wrongs:
        fb = ex.check(response)
        text = fb.to_text()
        found = [m.group(0) for p in patterns for m in p.finditer(text)]
        assert not found, (ex.key, response, found, text)
        for reason, ref in fb.reasons:
            if ref is not None:
                assert f"{reason}  ({ref.citation})" in text, (ex.key, reason)
        for ref in fb.rules:
            assert ref.citation in text and f"title='[{escape(ref.checklist_id)}]'" in fb.to_html(), ex.key


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
        rights, wrongs = right_and_wrong(ex)
        assert "Not quite" in answer(shown, ex, wrongs[0]), ex.key
        feedback = answer(shown, ex, rights[0])
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
