"""The shared core: award_by_rank, Rng, RuleError/Verdict, Game session and saves."""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Rng, RuleError, Rulebook, Verdict, award_by_rank
from fresco_kit.core.game import SaveError, Game

BOOK = Rulebook("sixtina", {"x.y": ("Some Section", "a paraphrase")})


def test_award_by_rank_orders_higher_key_first():
    assert award_by_rank({"a": 1, "b": 5, "c": 3}, [10, 6, 3]) == {"b": 10, "c": 6, "a": 3}


def test_award_by_rank_ties_share_rounded_down():
    # two tie for first: (10 + 6) // 2 = 8 each; next takes third place's 3
    assert award_by_rank({"R": 4, "W": 4, "B": 3}, [10, 6, 3]) == {"R": 8, "W": 8, "B": 3}
    # three tie: (10 + 6 + 3) // 3 = 6
    assert award_by_rank({"R": 1, "W": 1, "B": 1}, [10, 6, 3]) == {"R": 6, "W": 6, "B": 6}
    # tie for second: (6 + 3) // 2 = 4
    assert award_by_rank({"R": 9, "W": 1, "B": 1}, [10, 6, 3]) == {"R": 10, "W": 4, "B": 4}


def test_award_by_rank_places_beyond_awards_get_nothing():
    got = award_by_rank({"a": 4, "b": 3, "c": 2, "d": 1}, [10, 6, 3])
    assert got == {"a": 10, "b": 6, "c": 3, "d": 0}
    # a tie spanning the last award and an empty place: (3 + 0) // 2
    assert award_by_rank({"a": 4, "b": 3, "c": 2, "d": 2}, [10, 6, 3])["c"] == 1


def test_award_by_rank_negative_awards_round_down():
    assert award_by_rank({"a": 2, "b": 2}, [-1, -2]) == {"a": -2, "b": -2}


def test_award_by_rank_only_ranks_given_players():
    assert award_by_rank({}, [10]) == {}


def test_rng_is_reproducible_and_state_is_an_int():
    a, b = Rng(42), Rng(42)
    assert [a.randbelow(100) for _ in range(20)] == [b.randbelow(100) for _ in range(20)]
    assert isinstance(a.state, int)
    c = Rng(a.state)
    assert c.next64() == a.next64()
    items = list(range(10))
    assert sorted(Rng(1).shuffled(items)) == items
    with pytest.raises(ValueError):
        Rng(1).randbelow(0)


def test_randbelow_is_the_next_64_bits_modulo_n():
    # randbelow writes SplitMix64 out again (speed): the same stream as next64() % n, and the
    # published SplitMix64 values for seed 0 (0xE220A8397B1DCDAF is its first output)
    a, b = Rng(7), Rng(7)
    for n in (1, 2, 6, 97, 2**40, 2**64):
        assert a.randbelow(n) == b.next64() % n
    assert Rng(0).next64() == 0xE220A8397B1DCDAF
    assert Rng(0).randbelow(2**64) == 0xE220A8397B1DCDAF


def test_rule_error_carries_every_reason():
    ref = BOOK["x.y"]
    err = RuleError([("first", ref), ("second", ref)])
    assert err.rule is ref and len(err.reasons) == 2
    assert "Some Section" in str(err) and "first" in str(err)
    assert ref.checklist_id == "sixtina x.y"
    with pytest.raises(TypeError):
        RuleError([])
    with pytest.raises(KeyError):
        BOOK["no.such"]


def test_verdict():
    ref = BOOK["x.y"]
    assert Verdict.of([]).ok and bool(Verdict.of([]))
    v = Verdict.of([("nope", ref)])
    assert not v and "nope" in str(v)


@pytest.mark.parametrize("text,needle", [
    ("{", "invalid JSON"),
    ("[]", "JSON object"),
    ('{"format": "other"}', "format"),
    ('{"format": "fresco-kit/game", "version": 99}', "version"),
    ('{"format": "fresco-kit/game", "version": 1}', "version: expected 3"),
    ('{"format": "fresco-kit/game", "version": 2}', "version: expected 3"),
    ('{"format": "fresco-kit/game", "version": 3}', "^game: missing$"),
    ('{"format": "fresco-kit/game", "version": 3, "colour": 1}', "^colour: unknown key"),
    ('{"format": "fresco-kit/game", "version": 3, "game": "chess", "players": [], "seed": 0, '
     '"options": {}, "start": {}, "actions": [], "state": {}}', "^game: expected one of sixtina, fresco, lorenzo"),
    ("[" * 100000, "nested too deeply"),
])
def test_from_json_refuses_bad_input_clearly(text, needle):
    with pytest.raises(SaveError, match=needle):
        Game.from_json(text)


def test_from_json_refuses_a_game_name_that_is_not_text():
    text = ('{"format": "fresco-kit/game", "version": 3, "game": ["sixtina"], "players": [], '
            '"seed": 0, "options": {}, "start": {}, "actions": [], "state": {}}')
    with pytest.raises(SaveError, match="^game: expected one of"):
        Game.from_json(text)


@pytest.mark.parametrize("players,needle", [
    ("RWB", "list of names"),
    (["Red", "Red"], "distinct"),
    (["Red", ""], "not allowed"),
    (["Red Team", "Blue"], "one word"),
    ([" Red", "Blue"], "one word"),
    (["Red,Blue", "White"], "without commas"),
])
def test_player_names_are_checked_once_for_every_game(players, needle):
    from fresco_kit.core.game import checked_players

    with pytest.raises(ValueError, match=needle):
        checked_players(players)


def test_undo_needs_a_whole_number_within_the_history():
    from fresco_kit import sixtina

    game = sixtina.new_game(["Red", "White", "Blue"], seed=1)
    for steps in ("1", 1.0, -1, 1):
        with pytest.raises(ValueError):
            game.undo(steps)


def test_example_table_sizes_columns_to_their_content_and_names_the_source():
    from fresco_kit.core import Check, Example

    checks = [Check("restoration", "excellent by Blue", "excellent by Blue"), Check("cards", 3, 4)]
    book = Example("Worked", "rulebook example", "Restoring", lambda: checks).table()
    lines = book.splitlines()
    assert lines[1].split() == ["quantity", "rulebook", "engine"]
    # the rulebook column's right edge is where the header's is (not a fixed 12 wide)
    assert lines[2].index("excellent by Blue") + len("excellent by Blue") == lines[1].index("rulebook") + 8
    assert lines[3].endswith("<-- MISMATCH")
    # every row's columns line up with the header (right edges of the figure columns)
    assert len({len(line.replace("   <-- MISMATCH", "")) for line in lines[1:]}) == 1
    made = Example("Built", "constructed", "Restoring", lambda: checks).table()
    assert made.splitlines()[1].split() == ["quantity", "expected", "engine"]
    assert "rulebook" not in made.splitlines()[1]


def test_seat_of_and_checked_keys_name_what_is_wrong():
    from fresco_kit.core.game import checked_keys, seat_of

    assert seat_of(("Red", "White"), "White") == 1
    with pytest.raises(ValueError, match=r"^unknown player 'Nobody'; players: Red, White$"):
        seat_of(("Red", "White"), "Nobody")
    checked_keys({"a": 1, "b": 2}, ("a", "b"), "state")
    with pytest.raises(ValueError, match=r"^state: missing key\(s\) b; unknown key\(s\) c, d$"):
        checked_keys({"a": 1, "d": 0, "c": 0}, ("a", "b"), "state")
