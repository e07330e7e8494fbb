"""Headless tests of the Fresco widgets: set .value, read the text shown."""
from __future__ import annotations

import pytest

import ipywidgets as widgets

from fresco_kit.fresco import data
from fresco_kit.fresco.refs import RULES
from fresco_kit.fresco import widgets as W

ALL = (W.wake_up_widget, W.planner_widget, W.bishop_widget, W.altar_widget, W.blending_widget, W.final_count_widget)


def shown(w) -> str:
    return W.shown_text(w)


@pytest.mark.rule("fresco p1.mood", "fresco p1.price", "fresco p1.turn_order")
def test_wake_up_widget_responds_and_carries_the_probe():
    w = W.wake_up_widget()
    times = w.controls["times"]
    assert "fk-probe" in times["Red"]._dom_classes and "fk-probe-out" in w.out._dom_classes
    first = shown(w)
    assert "Red gets up at 7 o'clock: mood -1" in first and "market price 2" in first
    times["Red"].value = 9
    second = shown(w)
    assert second != first and "Red gets up at 9 o'clock: mood +1" in second and "market price 1" in second
    assert w.out.value.count("<pre") == 1    # replaced in place, not appended


@pytest.mark.rule("fresco p1.unique", "fresco mood.minus")
def test_wake_up_widget_refusal_and_mood():
    w = W.wake_up_widget()
    w.controls["times"]["White"].value = 7          # Red already has 7
    assert "already taken" in shown(w) and f"({RULES['p1.unique'].citation})" in shown(w)
    assert "[fresco " not in shown(w)  # no checklist ids in learner text
    w.controls["times"]["White"].value = 5
    mood = w.controls["moods"]["White"]
    assert (mood.min, mood.max) == (1, data.MOOD_LENGTH)  # the column's spaces as the board counts them
    mood.value = 2                                         # second space from the bottom; 5 o'clock: -2
    assert "White is on a -1 space" in shown(w) and "(space 2 -> 1)" in shown(w)
    assert f"Mood spaces 1 (bottom) to {data.MOOD_LENGTH} (top)" in "".join(c.value for c in w.children[:2])


def test_wake_up_widget_three_players_without_probe():
    w = W.wake_up_widget(n=3, probe=False)
    assert set(w.controls["times"]) == {"Red", "White", "Blue"}
    assert not w.controls["times"]["Red"]._dom_classes and "Yellow" not in shown(w)


@pytest.mark.rule("fresco p2.plan", "fresco mood.plus")
def test_planner_widget():
    w = W.planner_widget()
    spaces = w.controls["spaces"]
    assert "0 of 5 apprentices" in shown(w) and "legal plan" in shown(w)
    for column in spaces[:2]:
        for cb in column:
            cb.value = True
    text = shown(w)
    assert "6 of 5 apprentices" in text and "illegal plan" in text and RULES["p2.plan"].citation in text
    w.controls["apprentices"].value = 6
    assert "legal plan" in shown(w) and "illegal" not in shown(w)
    spaces[2][0].value = True
    assert "studio     x1: paint portraits: +3 thalers" in shown(w)
    w.controls["side"].value = "side2"
    assert "market / cathedral / studio / workshop / cathedral" in shown(w)
    assert w.controls["heads"][4].value == "<b>cathedral</b>"


@pytest.mark.rule("fresco cath.bishop_bonus")
def test_bishop_widget_redraws():
    w = W.bishop_widget()
    assert "bishop on segment (3, 3)" in shown(w) and "8 neighbouring" in shown(w)
    assert w.controls["square"].label == "row 3, column 3"   # counted from 1, as the board's labels
    w.controls["square"].value = (1, 5)
    assert "bishop on segment (1, 5)" in shown(w) and "3 neighbouring segments (1, 4), (2, 4), (2, 5)" in shown(w)
    drawing = w.out.value
    assert "<svg" in drawing and 'aria-label="The bishop&#x27;s bonus with the bishop on segment (1, 5)' in drawing
    assert drawing.count(">+2</text>") == 3 and drawing.count(">+3</text>") == 1
    assert w.controls["values"].disabled


def test_bishop_widget_with_tile_values():
    from fresco_kit.fresco import new_game

    w = W.bishop_widget(new_game(["Red", "White", "Blue"], seed=1).state)
    assert w.controls["values"].value and not w.controls["values"].disabled
    assert w.out.value.count(">tile ") == 25 and ">tile 11<" in w.out.value
    w.controls["values"].value = False
    assert "bishop on segment (3, 3)" in shown(w) and ">tile " not in w.out.value


@pytest.mark.rule("fresco altar.basic", "fresco altar.blended")
def test_altar_widget():
    w = W.altar_widget()
    assert "2 VP" in shown(w)
    a, b, c = w.controls["paints"]
    a.value, b.value, c.value = "orange", "green", "purple"
    assert "6 VP" in shown(w)
    a.value, b.value, c.value = "yellow", "yellow", "blue"
    assert "refused" in shown(w) and RULES["altar.basic"].citation in shown(w)


@pytest.mark.rule("fresco workshop")
def test_blending_widget():
    w = W.blending_widget()
    assert "red + yellow -> orange" in shown(w)
    w.controls["second"].value = "blue"
    assert "red + blue -> purple" in shown(w)
    w.controls["first"].value = "blue"
    assert "no blend" in shown(w)
    for blend in data.BLENDED:
        assert blend in w.controls["table"].value


@pytest.mark.rule("fresco end.money", "fresco bigbox.final_collision")
def test_final_count_widget():
    w = W.final_count_widget()
    text = shown(w)
    assert "to space 24 (space 25 is taken: behind to 24)" in text
    assert "to space 27 (space 25 is taken: ahead to 27)" in text
    w.controls["choice"].value = "ahead"
    assert "behind to 24" not in shown(w)
    w.controls["spaces"]["White"].value = 20
    assert "share a victory point space" in shown(w)
    w.controls["spaces"]["White"].value = 30
    w.controls["thalers"]["Red"].value = 0
    assert "Red: 0 thalers, no VP" in shown(w)


def _descendants(w):
    yield w
    for child in getattr(w, "children", ()):
        yield from _descendants(child)


@pytest.mark.parametrize("factory", ALL, ids=lambda f: f.__name__)
def test_widgets_update_html_in_place_with_wide_sliders_and_uncut_labels(factory):
    w = factory()
    parts = list(_descendants(w))
    assert isinstance(w.out, widgets.HTML) and not any(isinstance(p, widgets.Output) for p in parts)
    before = w.out
    w.update()
    assert w.out is before and shown(w)
    for p in parts:
        if isinstance(p, widgets.IntSlider):
            assert int(p.layout.width.rstrip("px")) >= 250 and p.style.description_width == "initial"
        if isinstance(p, widgets.ToggleButtons):
            assert p.style.button_width == "auto"
        if isinstance(p, (widgets.Dropdown, widgets.BoundedIntText)) and p.description:
            assert p.style.description_width == "initial"


@pytest.mark.parametrize("factory", ALL, ids=lambda f: f.__name__)
def test_every_widget_says_what_to_do_with_it(factory):
    w = factory()
    note = w.children[1]  # the kit's panel: title, note, controls, answer
    assert isinstance(note, widgets.HTML) and note.value.strip(), factory.__name__
    assert any(word in note.value for word in ("Choose", "Pick", "Tick", "Set", "choose", "pick", "tick", "set"))
