"""Unworded messages (core.text.unworded): the template stands for the text, nothing is lost."""

from __future__ import annotations

import threading

from fresco_kit.core.text import Msg, english, unworded, worded


def test_a_message_made_unworded_is_its_template_and_still_renders_in_full():
    with unworded():
        assert not worded()
        m = Msg("{player} restores {fresco}", player="Red", fresco=Msg("the altar"))
        n = Msg.n(2, "{n} card", "{n} cards")
    assert worded()
    assert (m, n) == ("{player} restores {fresco}", "{n} cards")
    assert m.params["player"] == "Red" and n.number == 2 and english(n) == "{n} cards"
    assert m.render(english) == "Red restores the altar" == Msg("{player} restores {fresco}", **m.params)


def test_unworded_is_undone_on_error_and_nests():
    try:
        with unworded():
            with unworded():
                pass
            assert not worded()
            raise KeyError("x")
    except KeyError:
        pass
    assert worded() and Msg("{n} left", n=3) == "3 left"


def test_unworded_holds_only_in_its_own_thread():
    seen = []
    with unworded():
        thread = threading.Thread(target=lambda: seen.append(Msg("{n} left", n=3)))
        thread.start()
        thread.join()
    assert seen == ["3 left"]
