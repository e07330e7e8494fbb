"""Every exercise page of every game translated into a language reads without English.

For each game whose ``GameInfo.translations`` name a language and which has exercises: the
exercise widget in that language -- title, question, board, what to do, the options, reasons
or moves to pick -- and its feedback to a right and to a wrong answer (the explanation, each
reason beside its rule, the reading it rests on) show no English sentence
(``tests.catalogs.english_sentences``).  Left in English on purpose, and taken out like the
players' names: a rule's citation where the game's rulebook has no edition in the language
(``classroom.i18n.citation`` keeps its English heading), and the proper names a game's own
pages test leaves in English (its ``NAMES``: Lorenzo's card and tile names)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from fresco_kit.classroom.exercise_widget import exercise_widget
from fresco_kit.classroom.exercises import right_and_wrong
from fresco_kit.classroom.i18n import citation
from fresco_kit.core import games
from tests.catalogs import english_sentences

CASES = [
    pytest.param(info.name, lang, ex.key, id=f"{info.name}-{lang}-{ex.key}")
    for info in games()
    if info.parts.exercises is not None
    for lang in info.translations
    for ex in info.exercises.EXERCISES
]


def proper_names(game: str) -> tuple[str, ...]:
    """The names the game's own pages test keeps in English (its ``NAMES``), if it has one."""
    try:
        pages_test = importlib.import_module(f"tests.{game}.test_pages_translated")
    except ModuleNotFoundError:
        return ()
    return tuple(getattr(pages_test, "NAMES", ()))


def walk(widget: Any) -> list[Any]:
    """A widget and every widget under it."""
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        out.append(w)
        stack.extend(getattr(w, "children", ()))
    return out


def html_of(widget: Any) -> list[str]:
    """Every text a widget tree shows: HTML values, button and checkbox labels, options."""
    found = []
    for w in walk(widget):
        value = getattr(w, "value", None)
        if type(w).__name__ == "HTML" and isinstance(value, str):
            found.append(value)
        found += [text for text in (getattr(w, "description", None), getattr(w, "placeholder", None))
                  if isinstance(text, str) and text]
        found += [str(label) for label in getattr(w, "_options_labels", ())]
    return found


def answer(widget: Any, kind: str, response: Any) -> str:
    """Give ``response`` in the widget's answer control, press Check; the feedback shown."""
    classes = {cls: w for w in walk(widget) for cls in w._dom_classes}
    control = classes["fk-exercise-answer"]
    if kind == "why_not":
        for box in control.children:
            box.value = box.reason in response
    else:
        control.value = str(response) if kind == "number" else response
    classes["fk-exercise-check"].click()
    return str(classes["fk-exercise-feedback"].value)


@pytest.mark.parametrize(("game", "lang", "key"), CASES)
def test_exercise_page_reads_without_english(game: str, lang: str, key: str) -> None:
    """The page of exercise ``key`` in ``lang``, and its feedback to a right and a wrong answer."""
    info = next(i for i in games() if i.name == game)
    ex = next(e for e in info.exercises.EXERCISES if e.key == key)
    cited = {citation(ref, lang) for ref in info.refs.RULES.values()}
    players = tuple(ex.game_at().players) + proper_names(game)

    def english(html: str) -> list[str]:
        return [text for text in english_sentences(html, names=players) if text not in cited]

    widget = exercise_widget(ex, lang)
    found = [text for html in html_of(widget) for text in english(html)]
    rights, wrongs = right_and_wrong(ex)
    for response in (rights[0], wrongs[0]):
        shown = answer(widget, ex.kind, response)
        assert shown, f"no feedback to {response!r}"
        found += english(shown)
    assert not found, "\n".join(dict.fromkeys(found))
