"""The table and the exercises for anyone, headless: typed moves with the names valid now, the
keyboard's focus moved to the next useful control, visible labels, colours that read, the
stylesheet that fits the page, and Lorenzo's space names on its board (issue 21, items 2, 3, 5).

The browser half (the layout at three screen sizes, axe-core, a game played with the keyboard
only) is in ``tests/test_classroom_access.py``."""

from __future__ import annotations

import re
from html import escape, unescape
from typing import Any

import pytest

from fresco_kit.classroom import page_style
from fresco_kit.classroom.colours import contrast
from fresco_kit.classroom.exercise_widget import exercise_sheet
from fresco_kit.classroom.table import Table
from fresco_kit.classroom.table_link import link_lang
from fresco_kit.classroom.table_parts import MAX_NAMES, _names, forms_html, parts_for
from fresco_kit.core import game_info, games
from fresco_kit.serve import pages
from fresco_kit.serve.service import Served
from tests.classroom.test_table import Clicker, shown

GAMES = [info.name for info in games()]


def focused(t: Table) -> list[Any]:
    """Record every widget of ``t`` the table puts the focus on (``widget.focus()``, a message
    to the browser; without one, recorded here)."""
    calls: list[Any] = []
    chooser = t.chooser
    for w in (t.pass_button, chooser.select, chooser.play_button, *chooser.pool):
        w.focus = lambda w=w: calls.append(w)  # type: ignore[method-assign]
    original = chooser.show

    def show(max_buttons: int) -> None:  # buttons made later record too
        original(max_buttons)
        for b in chooser.pool:
            if "focus" not in vars(b):
                b.focus = lambda b=b: calls.append(b)  # type: ignore[method-assign]

    chooser.show = show  # type: ignore[method-assign]
    return calls


# -- moves anyone can type ------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_the_try_box_lists_every_form_and_the_names_valid_now(name: str) -> None:
    info = game_info(name)
    t = Table(name, seed=3, seats=["human"] + ["random"] * (len(info.players()) - 1))
    if shown(t.pass_box):
        t.pass_button.click()
    text = unescape(t.forms.value)
    for form in info.grammar.forms():
        assert form in text
    actions = [a for a, _steps, _text in t.legal_moves]
    assert actions and "names valid now" in text
    assert str(actions[0]) in text  # an example: the first legal move, as typed
    for action in actions:
        for field, written in info.grammar.fields(action):
            listed = re.search(rf"{field}: ([^·<]*)", text)
            assert listed, (field, text)
            for word in written.split(","):
                # a name is listed (up to MAX_NAMES, then counted), a number inside its range
                numbers = re.fullmatch(r"(-?\d+)–(-?\d+)\s*", listed.group(1))
                if numbers:
                    assert int(numbers.group(1)) <= int(word) <= int(numbers.group(2))
                elif word != "-":
                    assert word in listed.group(1) or "… (+" in listed.group(1), (field, word)


def test_names_valid_now_are_read_from_the_legal_moves_whatever_the_game() -> None:
    """The listing is built from the grammar and the moves alone: a field with many names is cut
    at MAX_NAMES and says how many more; whole numbers become a range; a form nobody can use now
    is listed apart."""
    info = game_info("lorenzo")
    game = info.new_game(["Ana", "Ben", "Carla"], seed=1)
    actions = game.legal_actions()
    html = forms_html(info.grammar, actions)
    assert "SERVANTS: 0–3" in html and "Not possible now:" in html and "<code>forfeit PLAYER MEMBER</code>" in html
    spaces = {dict(info.grammar.fields(a))["SPACE"] for a in actions}
    assert all(space in html for space in spaces) and len(spaces) <= MAX_NAMES
    spanish = forms_html(info.grammar, actions, "es")
    assert "nombres válidos ahora" in spanish and "p. ej." in spanish
    many = _names([f"n{i}" for i in range(MAX_NAMES + 10)])
    assert many.endswith(f"n{MAX_NAMES - 1}, … (+10)") and _names(["3", "1", "2"]) == "1–3"
    assert _names(["4", "1"]) == "1, 4"
    plain = forms_html(info.grammar, [])
    assert "names valid now" not in plain and all(escape(f) in plain for f in info.grammar.forms())


def test_behind_the_screen_the_try_box_names_nothing_of_anyone() -> None:
    """Names valid now come from a hand (Sixtina's card numbers): behind the pass-the-device
    screen the listing holds the forms only."""
    t = Table("sixtina", players=["Red", "Blue"], seed=1)
    assert shown(t.pass_box) and "names valid now" not in t.forms.value
    t.pass_button.click()
    assert "names valid now" in t.forms.value
    Clicker(t, 1).one_move()
    assert shown(t.pass_box) and "names valid now" not in t.forms.value


def test_the_served_seat_page_lists_the_names_valid_now_and_pushes_them() -> None:
    info = game_info("lorenzo")
    t = Table("lorenzo", players=["Ana", "Ben"], seed=1)
    served = Served("t1", info, t.model, {p: f"token-{p}" for p in ("Ana", "Ben")}, "projector", 1, {})
    mover = t.mover()
    other = next(p for p in ("Ana", "Ben") if p != mover)
    parts = pages.seat_parts(served, mover, parts_for(info), "en")
    assert "fk-names" in pages.SEAT_PARTS and set(parts) == set(pages.SEAT_PARTS)
    assert "names valid now" in parts["fk-names"] and 'id="fk-names"' in parts["fk-names"]
    assert "names valid now" not in pages.seat_parts(served, other, parts_for(info), "en")["fk-names"]
    page = pages.seat_page(served, mover, parts_for(info), "en")
    assert page.count('id="fk-names"') == 1 and '<label for="fk-try-text">' in page


def test_lorenzo_board_names_every_free_action_space_as_a_move_types_it() -> None:
    info = game_info("lorenzo")
    game = info.new_game(["Ana", "Ben", "Carla"], seed=1)
    svg = info.svg.board_svg(game.state)
    for action in game.legal_actions():
        space = dict(info.grammar.fields(action))["SPACE"]
        assert f">{space}</text>" in svg, space
    action = game.legal_actions()[0]
    taken = dict(info.grammar.fields(action))["SPACE"]
    assert taken == "territory-1"
    game.play(action)  # a floor taken shows its member, not its name (it takes no other)
    assert f">{taken}</text>" not in info.svg.board_svg(game.state)


# -- the keyboard's focus ---------------------------------------------------------------
def test_focus_goes_to_the_next_steps_first_choice_then_to_play_then_to_the_next_move() -> None:
    t = Table("lorenzo", players=["Ana", "Ben"], seed=1)
    calls = focused(t)
    while t.play_button not in t.chooser.visible():
        first = t.chooser.visible()[0]
        first.click() if first is not t.select else t.choose.click()
        wanted = t.chooser.visible()[0]  # the first control of the new step (Play beside the move's text)
        assert calls[-1] is (t.play_button if wanted is t.move_text else wanted)
    assert calls[-1] is t.play_button
    length = len(t.game.history)
    t.play_button.click()
    assert len(t.game.history) == length + 1 and calls[-1] is t.chooser.visible()[0] is t.chooser.pool[0]
    t.back.click()  # nothing to take back: no step, the focus stays
    t.chooser.visible()[0].click()
    t.back.click()
    assert calls[-1] is t.chooser.pool[0]


def test_focus_goes_to_the_pass_button_when_the_device_must_be_passed() -> None:
    t = Table("sixtina", players=["Red", "Blue"], seed=1)
    calls = focused(t)
    t.pass_button.click()
    assert calls[-1] is t.chooser.visible()[0]
    Clicker(t, 1).one_move()
    assert shown(t.pass_box) and calls[-1] is t.pass_button


def test_the_chooser_keeps_its_controls_in_the_page() -> None:
    """A step shows and hides the chooser's widgets, never swaps them: the control the keyboard
    is on stays in the page (focus does not fall back to the page)."""
    t = Table("lorenzo", players=["Ana", "Ben"], seed=1)
    children = t.chooser.options.children
    t.chooser.visible()[0].click()
    t.chooser.visible()[0].click()
    assert t.chooser.options.children == children or set(children) <= set(t.chooser.options.children)
    assert all(w.layout.display == "none" for w in t.chooser.options.children if w not in t.chooser.visible())


# -- labels, colours, the stylesheet ---------------------------------------------------------
def test_every_input_has_a_visible_label() -> None:
    t = Table("lorenzo", players=["Ana", "Ben"], seed=1)
    assert t.try_text.description and t.select.description and t.upload.description
    assert all(menu.description for menu in t.seat_menus)
    sheet = exercise_sheet("lorenzo")
    stack, answers = [sheet], []
    while stack:
        w = stack.pop()
        if "fk-exercise-answer" in w._dom_classes:
            answers.append(w)
        stack.extend(getattr(w, "children", ()))
    assert answers and all(a.description or all(box.description for box in a.children) for a in answers)


def test_the_buttons_that_move_a_game_on_read_at_4_5_to_1_and_the_focus_ring_at_3_to_1() -> None:
    t = Table("sixtina", players=["Red", "Blue"], seed=1)
    for style, button in ((page_style.PLAY_STYLE, t.play_button), (page_style.PASS_STYLE, t.pass_button)):
        assert button.style.button_color == style["button_color"] and button.button_style == ""
        assert contrast(style["text_color"], style["button_color"]) >= 4.5
    assert contrast(page_style.FOCUS, "#ffffff") >= 3  # a control's outline (WCAG 1.4.11)


def test_the_table_and_the_exercises_carry_their_stylesheet_and_a_scalable_board() -> None:
    t = Table("lorenzo", players=["Ana", "Ben"], seed=1)
    styles = [w for w in t.widget.children if "fk-style" in w._dom_classes]
    assert len(styles) == 1 and "@container" in styles[0].value and ":focus-visible" in styles[0].value
    head = t.board.value.split(">", 1)[0]
    assert "viewBox" in head and " width=" not in head and " height=" not in head
    assert {"fk-main", "fk-board-view"} <= set(t.board._dom_classes)
    assert page_style.scalable("<svg width='3'>") == "<svg width='3'>"  # no viewBox: left as it is


@pytest.mark.parametrize(("query", "lang"), [("lang=es", "es"), ("game=x&lang=it", "it"), ("lang=xx", "en"), ("", "en")])
def test_exercise_pages_take_the_language_of_their_link(query: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", query)
    assert link_lang() == lang
    sheet = exercise_sheet("lorenzo")
    menu = sheet.children[1]
    assert menu.description == {"en": "Exercise", "es": "Ejercicio", "it": "Esercizio"}[lang]


def test_a_text_too_wide_for_its_place_is_drawn_smaller_then_squeezed() -> None:
    """A translation longer than the English ("+2 puntos militares") keeps inside its box."""
    from fresco_kit.classroom.svg import MIN_FONT, Svg, text_width

    svg = Svg(200, 40, "test")
    svg.text(0, 12, "short", fit=100)
    svg.text(0, 24, "piso 4 · valor 7 · +2 puntos militares", size=12, fit=202)
    svg.text(0, 36, "a text far, far too long for the little room it is given here", fit=60)
    short, smaller, squeezed = svg.parts
    assert 'font-size="13"' in short and "textLength" not in short
    size = float(re.search(r'font-size="([\d.]+)"', smaller).group(1))
    assert MIN_FONT <= size < 12 and "textLength" not in smaller
    assert text_width("piso 4 · valor 7 · +2 puntos militares", size) <= 202
    assert f'font-size="{MIN_FONT}"' in squeezed and 'textLength="60"' in squeezed
    spanish = game_info("lorenzo").svg.board_svg(game_info("lorenzo").new_game(["Ana", "Ben"], seed=1).state, "es")
    assert ">puntos</text>" in spanish and ">militares</text>" in spanish  # the heading in two lines


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_fresco_booth_labels_end_before_their_tiles_in_every_language(lang: str) -> None:
    """"bancarella 4" is wider than "booth 4": the tiles of each booth start after the widest label."""
    from fresco_kit.classroom.i18n import say
    from fresco_kit.classroom.svg import text_width
    from fresco_kit.core.text import Msg

    info = game_info("fresco")
    game = info.new_game(info.players(4), seed=3)
    assert any(game.state.booths)                         # the market has tiles on sale
    svg = info.svg.board_svg(game.state, lang)
    rows = 0
    for booth, tiles in enumerate(game.state.booths, 1):
        label = say(Msg("booth {booth}", booth=booth), lang)
        found = re.search(rf'<text x="([\d.]+)" y="([\d.]+)"[^>]*>{re.escape(escape(label))}</text>', svg)
        assert found, label
        x, y = float(found.group(1)), float(found.group(2))
        end = x + text_width(label, 12)
        after = [float(m) for m in re.findall(rf'<(?:rect|text) x="([\d.]+)" y="{y - 13:g}"', svg)]
        after += [float(m) for m in re.findall(rf'<text x="([\d.]+)" y="{y:g}"', svg) if float(m) != x]
        assert after and min(after) >= end + 4, (label, end, sorted(after)[:2])    # the tiles, or "empty"
        rows += bool(tiles)
    assert rows


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_fresco_player_table_headings_do_not_run_into_each_other(lang: str) -> None:
    """"se levanta" and "tessere" are wider than "up at" and "tiles": their columns widen, and the
    plan column still ends inside the board."""
    from fresco_kit.classroom.i18n import say
    from fresco_kit.classroom.svg import text_width
    from fresco_kit.core.text import Msg
    from fresco_kit.fresco.svg import HEADS, WIDTH

    info = game_info("fresco")
    game = info.new_game(info.players(4), seed=3)
    for _ in range(40):                                   # the plan column shows in the action phase
        if game.state.phase == "act":
            break
        game.play(game.legal_actions()[-1])                # the last plan is a busy one: some actions
    assert game.state.phase == "act"
    svg = info.svg.board_svg(game.state, lang)
    heads = [say(Msg(h), lang) for h in HEADS]
    xs = []
    for head in heads:
        found = re.findall(rf'<text x="([\d.]+)" y="([\d.]+)"[^>]*>{re.escape(escape(head))}</text>', svg)
        assert found, head
        xs.append(float(found[-1][0]))
    for (x, head), following in zip(zip(xs, heads), xs[1:]):
        assert x + text_width(head, 12) + 4 <= following, (head, x, following)
    assert xs[-1] + text_width(heads[-1], 12) <= WIDTH
