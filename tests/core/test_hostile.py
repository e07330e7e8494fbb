"""Hostile input is refused quickly and by name (issue: bounded counts, strict numbers and JSON).

Each case is checked for its answer, never for its time: the bounds make the work
independent of the size of the number given."""

from __future__ import annotations

import json

import pytest

import fresco_kit
from fresco_kit.core import Game, SaveError
from fresco_kit.core.actions import Grammar
from fresco_kit.core.data import MAX_PRINTED, DataError, Whole
from fresco_kit.core.jsontext import MAX_JSON_BYTES, loads
from fresco_kit.core.record import MAX_WHOLE, Range, shown


def a_save(name: str) -> dict:
    info = fresco_kit.game_info(name)
    return json.loads(info.new_game(info.players(min(info.player_counts)), seed=3).to_json())


def first_count(node, path=()):
    """The path of the first whole number >= 0 that is not a random generator's state."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k != "rng" and (found := first_count(v, path + (k,))) is not None:
                return found
    elif isinstance(node, list):
        for i, v in enumerate(node):
            if (found := first_count(v, path + (i,))) is not None:
                return found
    elif type(node) is int and node >= 0:
        return path
    return None


def set_at(node, path, value):
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def test_every_whole_number_has_a_bound_named_in_the_message():
    assert Range().describe() == f"a whole number from {-MAX_WHOLE} to {MAX_WHOLE}"
    assert Range(0).check(MAX_WHOLE) and not Range(0).check(MAX_WHOLE + 1)
    assert Range(0, 2**64 - 1).check(2**64 - 1)
    with pytest.raises(DataError, match=f"from 0 to {MAX_PRINTED}, got 1000"):
        Whole(0).apply(1, 1000, "data.x")


@pytest.mark.parametrize("game", [i.name for i in fresco_kit.games()])
@pytest.mark.parametrize("digits", [str(MAX_WHOLE + 1), "100000", "9" * 4300, "1" + "0" * 100000, "-" + "9" * 50])
def test_a_save_with_a_huge_count_is_refused_naming_the_field(game, digits):
    data = a_save(game)
    path = ("start",) + first_count(data["start"])
    set_at(data, path, "<number>")
    text = json.dumps(data).replace('"<number>"', digits, 1)
    with pytest.raises(SaveError) as err:
        Game.from_json(text)
    message = str(err.value)
    where = ".".join(str(p) for p in path[1:2])
    assert message.startswith(f"start.{where}"), message
    assert "expected a whole number from" in message, message
    assert len(message) < 300


def test_huge_numbers_are_shown_by_their_length():
    assert shown(10**100000).startswith("a number of about")
    assert shown(12) == "12"


@pytest.mark.parametrize("word", ["٣", "+3", "1_0", "3.0", "0x3", " 3", "9" * 25])
def test_action_numbers_are_ascii_digits(word):
    from fresco_kit.core.actions import _read_int

    with pytest.raises(ValueError, match="is not a whole number"):
        _read_int(word)


def test_negative_numbers_read_where_a_field_allows_them():
    from fresco_kit.core.actions import _read_int

    assert _read_int("-3") == -3 and _read_int("17") == 17


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"a": 1, "a": 2}', 'the key "a" appears twice'),
        ("[NaN]", "NaN is not a number JSON allows"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("{", "invalid JSON"),
        (b"\xff\xfe", "invalid JSON"),
    ],
)
def test_json_is_read_strictly(text, message):
    with pytest.raises(SaveError, match=message):
        loads(text)


def test_json_over_the_size_limit_is_refused_before_parsing():
    text = "[" + "[]," * (MAX_JSON_BYTES // 3) + "[]]"
    with pytest.raises(SaveError, match="over the limit"):
        loads(text)


def test_long_numbers_are_kept_for_the_field_to_refuse():
    value = loads('{"n": %s}' % ("7" * 5000))["n"]
    assert type(value) is not int and repr(value) == "a number of 5000 digits"


@pytest.mark.parametrize("text", ["fly Red", "restore Red 1", "settle Red sideways"])
def test_every_parse_error_quotes_the_text(text):
    grammar: Grammar = fresco_kit.game_info("fresco").grammar
    with pytest.raises(ValueError) as err:
        grammar.parse(text)
    assert str(err.value).startswith(repr(text)), str(err.value)


@pytest.mark.parametrize("game", [i.name for i in fresco_kit.games() if i.data is not None])
def test_patches_at_the_edges_are_refused_by_path_or_play_to_the_end(game):
    from fresco_kit.core.data import load_seed
    from fresco_kit.core.fuzz import fuzz_patches

    info = fresco_kit.game_info(game)
    report = fuzz_patches(info, info.data.OVERRIDES, load_seed(game), 24, seed=5, steps=2000)  # to the end
    assert not report.crashes, str(report)
    assert report.refused and report.accepted, str(report)


def test_more_council_privileges_than_exist_are_refused():
    info = fresco_kit.game_info("lorenzo")
    with pytest.raises(ValueError, match=r"^data\.market\.market-4\.gain\.privileges: expected a whole number from 0 to 5"):
        info.new_game(info.players(3), 1, data={"market": {"market-4": {"gain": {"privileges": 6}}}})


def _seed_matters(info) -> bool:
    """Whether the game's setup depends on its seed (the template game's does not)."""
    return info.new_game(info.players(min(info.player_counts)), seed=3).state != info.new_game(
        info.players(min(info.player_counts)), seed=4
    ).state


@pytest.mark.parametrize("game", [i.name for i in fresco_kit.games() if _seed_matters(i)])
@pytest.mark.parametrize("seed", [4, 10**40])
def test_a_save_whose_seed_was_changed_is_refused(game, seed):
    data = a_save(game)  # seed 3
    data["seed"] = seed
    with pytest.raises(SaveError, match=r"^seed: "):
        Game.from_json(json.dumps(data))


def test_a_seeded_save_loads_and_a_hand_built_position_saves_with_no_seed():
    info = fresco_kit.game_info("lorenzo")
    game = info.new_game(info.players(2), seed=11)
    assert Game.from_json(game.to_json()).seed == 11
    positioned = Game(info.rules, state=game.state)
    assert positioned.seed is None and Game.from_json(positioned.to_json()).state == game.state


@pytest.mark.parametrize("seed", [2**64, -(2**64), 10**5000], ids=["2**64", "-2**64", "10**5000"])
def test_seeds_are_bounded(seed):
    info = fresco_kit.game_info("sixtina")
    with pytest.raises(ValueError, match="seed must be a whole number below 2\\*\\*64"):
        info.new_game(info.players(3), seed=seed)
