"""The exercise widgets: one exercise (question, board, answer, Check, feedback), or a game's sheet.

:func:`exercise_widget` shows an :class:`~fresco_kit.classroom.exercises.Exercise`: its title,
question and the board of its position (the game's ``board_svg``), a line saying what to
do, the answer controls for its kind (Yes/No; a box to tick per reason for "why not?"; a
whole number; the options; for "best", the offered moves in readable text), a Check button
and the engine's feedback, each reason beside its rule.  A bad
answer (say "abc" for a number) gets a plain message, never a traceback; changing the answer
clears the feedback of the last check.
:func:`exercise_sheet` lists all of a game's exercises (``<game>/exercises.py``,
``EXERCISES``) in a menu and shows the one chosen.

CSS classes: ``fk-exercise`` (one exercise), ``fk-board-view`` (its board), ``fk-exercise-how``
(what to do), ``fk-exercise-answer`` (its answer control),
``fk-exercise-reason`` (one tick box of a "why not?"),
``fk-exercise-check`` (the button), ``fk-exercise-feedback`` (the answer to a check),
``fk-exercise-sheet`` and ``fk-exercise-menu`` (the sheet and its menu).
"""

from __future__ import annotations

import dataclasses
from html import escape
from typing import Any

from fresco_kit.core.registry import game_info

from .exercises import NO, YES, Exercise
from .i18n import N_, Translator, translator
from .page_style import scalable, style_widget
from .table_link import link_lang
from .table_parts import OK_BG, REFUSED, REFUSED_BG, STYLE, parts_for

#: the background of a wrong answer's feedback (dark text on it reads above 4.5:1)
WRONG_BG = "#fff4e5"


def _box(html: str, background: str, colour: str = "#202124") -> str:
    return f"<div style='{STYLE};color:{colour};background:{background};padding:4px 8px'>{html}</div>"


#: what the learner does, per kind (shown above the answer controls)
HOW = {
    "legal": N_("Answer Yes or No, then press Check."),
    "why_not": N_("Tick every reason that applies (one or more), then press Check."),
    "number": N_("Type a whole number, then press Check."),
    "choice": N_("Pick one answer, then press Check."),
    "best": N_("Pick one of the moves, then press Check."),
}


def _answer_control(exercise: Exercise, game: Any, _: Translator) -> tuple[Any, dict[str, str]]:
    """The control the learner answers with, and (for "best") each move's readable text."""
    import ipywidgets as widgets

    # every control has a visible label (its description), which a screen reader reads too
    label = _("Your answer:")
    wide = {"button_width": "auto", "description_width": "initial"}
    if exercise.kind == "legal":
        yes_no = [(_("Yes"), YES), (_("No"), NO)]
        return widgets.ToggleButtons(options=yes_no, value=None, description=label, style=wide), {}
    if exercise.kind == "why_not":
        boxes = []
        for text in exercise.choices(game):
            box = widgets.Checkbox(value=False, description=_.say(text), indent=False)
            box.layout = widgets.Layout(width="auto")
            box.reason = text  # what the learner ticks, as the exercise words it
            box.add_class("fk-exercise-reason")
            boxes.append(box)
        return widgets.VBox(boxes), {}
    if exercise.kind == "number":
        number = widgets.Text(
            placeholder=_("a whole number"),
            description=label,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", max_width="100%"),
        )
        return number, {}
    if exercise.kind == "choice":
        options = [(_.say(o), o) for o in exercise.options]
        return widgets.ToggleButtons(options=options, value=None, description=label, style=wide), {}
    parts = parts_for(game_info(game.info.name))
    legal = {str(a): a for a in game.rules.legal_actions(game.state, player=exercise.player)}
    choices = exercise.choices(game)
    texts = {key: _.say(parts.move_text(game.state, legal[key])) if key in legal else key for key in choices}
    radio = widgets.RadioButtons(
        options=[(text, key) for key, text in texts.items()],
        value=None,
        description=label,
        style={"description_width": "initial"},
        layout=widgets.Layout(width="auto", flex_flow="column"),
    )
    return radio, texts


def _response(exercise: Exercise, answer: Any) -> Any:
    """The learner's answer as :meth:`Exercise.check` takes it (None if none given)."""
    if exercise.kind == "why_not":
        ticked = [box.reason for box in answer.children if box.value]
        return ticked or None
    return answer.value.strip() if isinstance(answer.value, str) else answer.value


def exercise_widget(exercise: Exercise, lang: str | None = None) -> Any:
    """The widget for one exercise: question, board, answer controls, Check, feedback; the
    board beside the answer on a wide page, above it on a narrow one (:mod:`.page_style`).
    ``lang`` defaults to the link's ``lang=`` in the classroom (else English)."""
    import ipywidgets as widgets

    lang = link_lang() if lang is None else lang
    _ = translator(lang)
    game = exercise.game_at()
    parts = parts_for(game_info(game.info.name))
    title = widgets.HTML(f"<b style='font-size:16px;color:#202124'>{escape(_.say(exercise.title))}</b>")
    question = widgets.HTML(f"<div style='{STYLE}'>{escape(_.say(exercise.question))}</div>")
    board = widgets.HTML(scalable(parts.board_svg(game.state, lang)))
    board.add_class("fk-board-view")
    how = widgets.HTML(f"<div style='{STYLE}'><i>{escape(_(HOW[exercise.kind]))}</i></div>")
    how.add_class("fk-exercise-how")
    answer, texts = _answer_control(exercise, game, _)
    answer.add_class("fk-exercise-answer")
    check = widgets.Button(description=_("Check"), button_style="primary", layout=widgets.Layout(width="auto"))
    check.layout.align_self = "flex-start"
    check.add_class("fk-exercise-check")
    feedback = widgets.HTML()
    feedback.add_class("fk-exercise-feedback")

    def on_check(_button: Any) -> None:
        response = _response(exercise, answer)
        if response is None or response == "":
            feedback.value = _box(escape(_("Give an answer first, then press Check.")), WRONG_BG)
            return
        try:
            result = exercise.check(response)
        except ValueError as exc:
            hint = _("Type a whole number, such as 7.") if exercise.kind == "number" else str(exc)
            feedback.value = _box(escape(hint), REFUSED_BG, REFUSED)
            return
        if texts:  # "best": name the best move in words
            result = dataclasses.replace(result, answer=texts.get(result.answer, result.answer))
        feedback.value = _box(result.to_html(lang), OK_BG if result.correct else WRONG_BG)

    check.on_click(on_check)
    for control in answer.children if exercise.kind == "why_not" else (answer,):  # old feedback, gone
        control.observe(lambda _change: setattr(feedback, "value", ""), names="value")
    side = widgets.VBox([how, answer, check, feedback])
    layout = widgets.Box([board, side])
    for part, cls in ((board, "fk-main"), (side, "fk-side"), (layout, "fk-layout")):
        part.add_class(cls)
    box = widgets.VBox([title, question, layout, style_widget()])
    box.add_class("fk-exercise")
    return box


def exercise_sheet(game: str, lang: str | None = None) -> Any:
    """All of ``game``'s exercises: a menu of their titles and the chosen exercise below it
    (``lang`` as :func:`exercise_widget`)."""
    import ipywidgets as widgets

    lang = link_lang() if lang is None else lang
    _ = translator(lang)
    info = game_info(game)
    exercises: tuple[Exercise, ...] = tuple(info.exercises.EXERCISES) if info.exercises else ()
    if not exercises:
        raise ValueError(f"{info.title} has no exercises yet")
    built: dict[int, Any] = {}
    menu = widgets.Dropdown(
        options=[(f"{i + 1}. {_.say(ex.title)}", i) for i, ex in enumerate(exercises)],
        value=0,
        description=_("Exercise"),
        style={"description_width": "initial"},
        layout=widgets.Layout(width="auto", max_width="100%"),
    )
    menu.add_class("fk-exercise-menu")
    shown = widgets.VBox()

    def show(index: int) -> None:
        if index not in built:  # built when first chosen: a position is a few moves of play
            built[index] = exercise_widget(exercises[index], lang)
        shown.children = (built[index],)

    menu.observe(lambda change: show(change["new"]), names="value")
    show(0)
    sheet = widgets.VBox([widgets.HTML(f"<b style='font-size:16px'>{escape(info.title)}</b>"), menu, shown])
    sheet.add_class("fk-exercise-sheet")
    return sheet
