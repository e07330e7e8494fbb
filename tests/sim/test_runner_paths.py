"""The runner's cheap paths (issue 17, item 7): the playout path words no event, and rule
tracing counts the same rules with its texts unworded as it would with them worded."""

from __future__ import annotations

import contextlib

import pytest

from fresco_kit import game_info, games
from fresco_kit.core import Event, Rng
from fresco_kit.core.text import Msg
from fresco_kit.sim import runner

#: the games whose sections skip their event texts for the playout path (all of them: every
#: event is told with core.rules.tell)
SILENT_PLAYOUTS = ("sixtina", "fresco", "lorenzo")


@pytest.fixture
def made(monkeypatch):
    """Counts of the messages and events made while ``made["on"]`` is true."""
    counts = {"on": False, "msg": 0, "event": 0}
    make, init = Msg._make.__func__, Event.__init__

    def counting_make(cls, *args):
        counts["msg"] += counts["on"]
        return make(cls, *args)

    def counting_init(self, *args, **kwargs):
        counts["event"] += counts["on"]
        init(self, *args, **kwargs)

    monkeypatch.setattr(Msg, "_make", classmethod(counting_make))
    monkeypatch.setattr(Event, "__init__", counting_init)
    return counts


@pytest.mark.parametrize("name", SILENT_PLAYOUTS)
def test_apply_fast_words_no_event_along_whole_games(name, made):
    """Every action of seeded random games of each player count: ``apply_fast`` makes no
    message and no event, while ``apply`` of the same action tells what happened."""
    info = game_info(name)
    rules = info.rules
    told = 0
    for players in info.player_counts:
        state, rng = info.new_game(info.players(players), seed=players).state, Rng(players)
        while not rules.is_over(state):
            action = rules.sample_action(state, rng)
            made["on"] = True
            fast = rules.apply_fast(state, action)
            made["on"] = False
            assert (made["msg"], made["event"]) == (0, 0), f"{action} worded its events"
            state, events = rules.apply(state, action)
            assert fast == state
            told += len(events)
    assert told > 100                                            # the full path still tells


@contextlib.contextmanager
def _worded():
    yield


@pytest.mark.parametrize("info", games(), ids=lambda i: i.name)
def test_tracing_counts_the_same_rules_unworded_as_worded(info, monkeypatch):
    """The rules frame of a traced study (events fired, sampled candidates refused) is the same
    when the runner's unworded texts are worded in full, and so are the games."""
    n = min(info.player_counts)
    bots = ["random"] + ["kit"] * (n - 1)
    fast = runner.simulate(info.name, bots, 4, seed=21, workers=1, progress=False, rules=True)
    monkeypatch.setattr(runner, "unworded", _worded)
    slow = runner.simulate(info.name, bots, 4, seed=21, workers=1, progress=False, rules=True)
    assert fast.rules.equals(slow.rules) and fast.games.equals(slow.games)
    assert fast.rules["fired"].sum() > 0 and fast.rules["refused"].sum() > 0
