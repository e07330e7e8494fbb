"""core.memo.last_states: a function of a state answered once for each of the last two
states asked about, found by identity (equal but different states are asked again)."""

from __future__ import annotations

import itertools
import threading

from fresco_kit.core.memo import last_states


class _State:
    """A stand-in for a state: equal to every other one, so only identity can tell them apart."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _State)

    __hash__ = None  # type: ignore[assignment]  # like a state record: no cheap hash


def test_the_last_two_states_worked_out_are_kept():
    """Asked again, a kept state gets the very same answer; a third state pushes out the older."""
    calls = []

    @last_states
    def work(state):
        calls.append(state)
        return [len(calls)]

    a, b, c = _State(), _State(), _State()
    first = work(a)
    assert work(a) is first and calls == [a]  # asked again: kept, the very same answer
    second = work(b)
    assert work(a) is first and work(b) is second and calls == [a, b]  # two states are kept
    work(c)  # a third pushes out the older of the two worked out: a
    assert work(b) is second and len(calls) == 3
    assert work(a) is not first and calls[-1] is a  # a is worked out again (equal is not enough)


def test_the_runners_pattern_hits_every_second_ask():
    """The traced runner: the bot asks about each new state, then the refusal sample about
    the state before it."""
    calls = []

    @last_states
    def work(state):
        calls.append(state)
        return state

    states = [_State() for _ in range(10)]
    work(states[0])  # the first decision: the bot only (no previous state to sample from)
    for before, now in itertools.pairwise(states):
        work(now)  # the bot
        work(before)  # the refusal sample: kept from the bot's draw a decision earlier
    assert calls == states  # each state worked out once


def test_threads_get_their_own_states_answers():
    """Four threads asking about their own states at once never get another state's answer."""
    @last_states
    def work(state):
        return id(state)

    states = [_State() for _ in range(40)]
    wrong = []

    def ask(own):
        for _ in range(200):
            for s in own:
                if work(s) != id(s):
                    wrong.append(s)

    threads = [threading.Thread(target=ask, args=(states[i::4],)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong
