"""Bad input never crashes a game nor corrupts a save, in every registered game.

Hypothesis damages real saves (a key deleted, a value of the wrong type, a number out
of range, a list cut or reordered, deep nesting, truncated text) and real actions (a
field changed to any value).  A damaged save is refused with a ``SaveError`` that names
the field, or loads to a game that plays on with its invariants holding; a damaged
action is refused with ``ValueError``/``RuleError`` and changes nothing, or is legal
and leaves a save that loads back equal.  The budget here is small; the command
``fresco-kit soak GAME --fuzz N`` runs thousands.
"""
from __future__ import annotations

import copy
import dataclasses
import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fresco_kit import games
from fresco_kit.core import Game, Rng, RuleError, SaveError, random_playout
from fresco_kit.core.fuzz import NAMED, _paths, fuzz_actions, fuzz_saves

GAMES = [info.name for info in games()]
INFO = {info.name: info for info in games()}
SETTINGS = settings(max_examples=120, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6)


@cache
def midgame(name: str, players: int, steps: int) -> Game:
    info = INFO[name]
    game = info.new_game(info.players(players), seed=steps)
    try:
        random_playout(game, Rng(steps), max_actions=steps)
    except RuntimeError:
        pass                                    # still running: a mid-game position
    return game


def plays_on(game: Game) -> None:
    invariants = getattr(game.rules, "invariants", None)
    for _ in range(25):
        if game.is_over:
            break
        game.play(game.legal_actions()[0])
        assert not (invariants and invariants(game.state)), invariants(game.state)
    assert Game.from_json(game.to_json()).state == game.state


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_a_damaged_save_is_refused_naming_the_field_or_plays_on(name, data):
    info = INFO[name]
    game = midgame(name, data.draw(st.sampled_from(info.player_counts)), data.draw(st.sampled_from((0, 7, 60))))
    save = game.to_dict()
    places = [p for p in _paths(save) if p and p[0] in ("start", "state", "actions", "options", "players")]
    path = data.draw(st.sampled_from(places))
    damaged = copy.deepcopy(save)
    parent = damaged
    for key in path[:-1]:
        parent = parent[key]
    how = data.draw(st.sampled_from(("delete", "replace", "nudge", "nest")))
    if how == "delete":
        del parent[path[-1]]
    elif how == "nudge" and type(parent[path[-1]]) is int:
        parent[path[-1]] += data.draw(st.sampled_from((-1, 1, -1000, 2**33)))
    elif how == "nest":
        parent[path[-1]] = [[[[parent[path[-1]]]]]]
    else:
        parent[path[-1]] = data.draw(json_values)
    try:
        loaded = Game.from_json(json.dumps(damaged))
    except SaveError as exc:
        assert NAMED.match(str(exc)), f"the error names no field: {exc}"
        return
    plays_on(loaded)


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_a_damaged_action_is_refused_and_changes_nothing_or_is_legal(name, data):
    info = INFO[name]
    source = midgame(name, data.draw(st.sampled_from(info.player_counts)), data.draw(st.sampled_from((0, 9, 40))))
    game = Game.from_json(source.to_json())
    legal = game.legal_actions()
    if not legal:
        return
    action = data.draw(st.sampled_from(legal))
    values = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    if values:
        field = data.draw(st.sampled_from(sorted(values)))
        values[field] = data.draw(json_values | st.tuples(st.integers(-3, 99), st.integers(-3, 99))
                                  | st.just(tuple(reversed(values[field])) if isinstance(values[field], tuple)
                                            else values[field]))
    before, history = game.state, len(game.history)
    try:
        damaged = type(action)(**values)
    except ValueError:
        return
    try:
        game.play(damaged)
    except (RuleError, ValueError):
        assert game.state is before and len(game.history) == history
        return
    assert Game.from_json(game.to_json()).state == game.state


def test_the_fuzz_command_finds_no_crash(game_info):
    """The mutation fuzzer of ``fresco-kit soak --fuzz`` on a small budget."""
    for report in (fuzz_saves(game_info, 150, seed=5), fuzz_actions(game_info, 150, seed=5)):
        assert report.total == 150 and not report.crashes, str(report)
