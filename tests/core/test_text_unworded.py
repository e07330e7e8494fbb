"""Unworded messages (core.text.unworded): a message is its bare template, nothing is made."""

from __future__ import annotations

import pickle
import threading

from fresco_kit.core.text import Msg, english, unworded, worded


def test_a_message_made_unworded_is_its_bare_template():
    template = "{player} restores {fresco}"
    with unworded():
        assert not worded()
        m = Msg(template, player="Red", fresco=Msg("the altar"))
        n, one = Msg.n(2, "{n} card", "{n} cards"), Msg.n(-1, "{n} card", "{n} cards")
    assert worded()
    assert (m, n, one) == (template, "{n} cards", "{n} card")
    assert m is template  # the constant itself: no object is made
    assert type(n) is str and not isinstance(m, Msg)  # so no values are kept either


def test_a_worded_message_unpickled_inside_unworded_stays_worded():
    m = Msg.n(3, "{n} card", "{n} cards")
    with unworded():
        back = pickle.loads(pickle.dumps(m))
    assert isinstance(back, Msg) and back == "3 cards" and english(back) == "{n} cards" and back.number == 3


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
