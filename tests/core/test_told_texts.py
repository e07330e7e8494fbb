"""Events told with ``core.rules.tell`` make their texts on first read: whole random games of
every game give the same texts read lazily, at the end, as made at once when told (a
text-maker that read a value changed later in the action would give another text), and an
event stays a value (equality, hashing, repr, pickling, immutability)."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from fresco_kit import game_info, games
from fresco_kit.core import Event, Rng, RuleRef
from fresco_kit.core.game import random_playout
from fresco_kit.core.rules import Silent, tell, told_at_once
from fresco_kit.core.text import Msg, unworded

RULE = RuleRef("test", "a.rule", "Section", "a rule")


def _setups(name: str) -> list[tuple[int, int, dict]]:
    """(players, seed, options) of the games played for ``name``: two seeds of every player
    count with the defaults, then each option's other choices and every switch set all one
    way and all the other way (at the most players)."""
    info = game_info(name)
    most = max(info.player_counts)
    setups = [(n, seed, {}) for n in info.player_counts for seed in (1, 2)]
    for option in info.options:
        setups += [(most, 3, {option.name: choice}) for choice in option.choices[1:] if option.check is None]
    if info.switches:
        for end in (0, -1):
            setups.append((most, 4 + end, {"switches": {s.name: s.choices[end] for s in info.switches}}))
    return setups


def _texts(name: str, players: int, seed: int, options: dict) -> list[str]:
    """Every event text of a seeded random game , read after the game."""
    info = game_info(name)
    game = info.new_game(info.players(players), seed=seed, **options)
    random_playout(game, Rng(seed))
    return [str(event) for turn in game.history for event in turn.events]


@pytest.mark.parametrize(
    ("name", "players", "seed", "options"),
    [(info.name, *setup) for info in games() for setup in _setups(info.name)],
)
def test_texts_read_at_the_end_are_the_texts_made_when_told(name, players, seed, options):
    lazy = _texts(name, players, seed, options)
    with told_at_once():
        eager = _texts(name, players, seed, options)
    assert len(lazy) >= 10  # a whole game's events (Nim, the template game, tells about 15)
    assert lazy == eager


def test_a_told_event_makes_its_text_once_on_first_read():
    calls = []

    def text(n):
        calls.append(n)
        return Msg("{n} left", n=n)

    events: list[Event] = []
    tell(events, RULE, text, 3)
    assert calls == []
    (event,) = events
    assert event.text == "3 left" and event.text.template == "{n} left"
    assert event.text is event.text and calls == [3]


def test_a_told_event_is_a_value_like_any_event():
    events: list[Event] = []
    tell(events, RULE, lambda: Msg("{n} left", n=3))
    told, made = events[0], Event(Msg("{n} left", n=3), RULE)
    assert told == made and hash(told) == hash(made) and repr(told) == repr(made) and str(told) == str(made)
    assert told != Event("2 left", RULE) and told != Event("3 left") and told != "3 left"
    assert repr(made) == f"Event(text='3 left', rule={RULE!r})"
    again = pickle.loads(pickle.dumps(told))
    assert again == made and again.text.template == "{n} left"
    events.clear()
    tell(events, RULE, lambda: Msg("{n} left", n=3))  # the served classroom stores events so
    assert dataclasses.asdict(events[0]) == {"text": "3 left", "rule": dataclasses.asdict(RULE)}
    with pytest.raises(AttributeError):
        told.rule = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        made.text = "other"  # type: ignore[misc]


def test_a_told_event_read_inside_unworded_is_still_worded():
    events: list[Event] = []
    tell(events, RULE, lambda: Msg("{n} left", n=3))
    with unworded():
        assert events[0].text == "3 left"


def test_tell_inside_unworded_and_to_a_silent_list_makes_no_text():
    with unworded():
        events: list[Event] = []
        tell(events, RULE, lambda: pytest.fail("the text was made"))
    assert events == [Event("", RULE)]
    silent = Silent()
    tell(silent, RULE, lambda: pytest.fail("the text was made"))
    assert len(silent) == 0
