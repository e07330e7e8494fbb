"""The state base: frozen slotted records, evolve, checked to_dict/from_dict; the action
grammar; the registry; pickling of games and refusals."""
from __future__ import annotations

import json
import pickle
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Annotated, Literal

import pytest

from fresco_kit.core import (Action, Count, Grammar, Length, Names, Range, Record, RuleError, RuleRef, SaveError,
                             game_info, games)

COLOURS = ("red", "yellow", "blue")


@dataclass(frozen=True, slots=True)
class Paints(Record):
    red: Count
    yellow: Count
    blue: Count


@dataclass(frozen=True, slots=True)
class Seat(Record):
    name: str
    paints: Paints
    time: Annotated[int, Range(1, 18)]
    plan: tuple[Count, ...] | None
    tiles: Annotated[tuple[str, ...], Names(lambda: ("T1", "T2", "T3"), "tile"), Length(low=0, high=2)]


@dataclass(frozen=True, slots=True)
class Table(Record):
    seats: tuple[Seat, ...]
    phase: Literal["wake", "plan"]
    bishop: tuple[int, int]
    over: bool
    scores: dict[str, int]

    def validate(self, path: str = "") -> None:
        from fresco_kit.core import field_error
        if set(self.scores) != {s.name for s in self.seats}:
            raise field_error(f"{path}.scores" if path else "scores", "one score per seat")


def seat(name: str = "Red", **changes) -> Seat:
    base = Seat(name, Paints(1, 0, 2), 7, None, ("T1",))
    return base.evolve(**changes)


TABLE = Table((seat("Red"), seat("Blue", plan=(1, 2))), "plan", (2, 3), False, {"Red": 0, "Blue": 4})


def test_records_are_frozen_slotted_values_with_evolve():
    s = seat()
    with pytest.raises(FrozenInstanceError):
        s.time = 3                                       # type: ignore[misc]
    assert not hasattr(s, "__dict__")
    t = s.evolve(time=9)
    assert (t.time, s.time) == (9, 7) and t.paints is s.paints and t != s
    with pytest.raises(TypeError, match="Seat has no field 'colour'"):
        s.evolve(colour=1)
    assert type(t) is Seat and type(s.evolve()) is Seat and s.evolve() == s


@dataclass(frozen=True, slots=True)
class LongSeat(Seat):
    nickname: str = ""


def test_a_record_subclass_evolves_its_own_fields():
    s = LongSeat("Red", Paints(1, 0, 2), 7, None, ("T1",), "R")
    t = s.evolve(nickname="Rosso", time=8)
    assert type(t) is LongSeat and (t.nickname, t.time, t.name) == ("Rosso", 8, "Red")
    assert seat().evolve(time=9).time == 9             # the parent's evolve is its own
    with pytest.raises(FrozenInstanceError):
        t.nickname = "x"                                 # type: ignore[misc]


def test_to_dict_is_readable_json_and_from_dict_round_trips():
    data = TABLE.to_dict()
    assert data["seats"][0]["paints"] == {"red": 1, "yellow": 0, "blue": 2}
    assert data["seats"][1]["plan"] == [1, 2] and data["bishop"] == [2, 3]
    again = Table.from_dict(json.loads(json.dumps(data)))
    assert again == TABLE and isinstance(again.seats, tuple) and isinstance(again.bishop, tuple)


def _broken(edit) -> dict:
    data = json.loads(json.dumps(TABLE.to_dict()))
    edit(data)
    return data


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["seats"][1]["paints"].update(blue="x"), "seats[1].paints.blue: expected a whole number from 0 to 999, got 'x'"),
    (lambda d: d["seats"][1]["paints"].update(blue=-1), "seats[1].paints.blue: expected a whole number from 0 to 999, got -1"),
    (lambda d: d["seats"][0]["paints"].update(red=True), "seats[0].paints.red: expected a whole number from 0 to 999, got True"),
    (lambda d: d["seats"][0]["paints"].update(red=1.0), "seats[0].paints.red: expected a whole number from 0 to 999, got 1.0"),
    (lambda d: d["seats"][0].update(time=19), "seats[0].time: expected a whole number from 1 to 18, got 19"),
    (lambda d: d["seats"][0]["paints"].pop("red"), "seats[0].paints.red: missing"),
    (lambda d: d["seats"][0].update(colour=1), "seats[0].colour: unknown key; the keys here are name, paints"),
    (lambda d: d.update(phase="act"), "phase: expected one of 'wake', 'plan', got 'act'"),
    (lambda d: d.update(bishop=[1]), "bishop: expected a list of 2 items, got [1]"),
    (lambda d: d.update(over=0), "over: expected true or false, got 0"),
    (lambda d: d["seats"][0].update(tiles=["T9"]), "seats[0].tiles[0]: expected tile: one of T1, T2, T3, got 'T9'"),
    (lambda d: d["seats"][0].update(tiles=["T1", "T2", "T3"]), "seats[0].tiles: expected a list of 0 to 2 items"),
    (lambda d: d["seats"][0].update(plan="x"), "seats[0].plan: expected a list, got 'x'"),
    (lambda d: d.update(seats={}), "seats: expected a list, got {}"),
    (lambda d: d.update(scores={"Red": 1}), "scores: one score per seat"),
    (lambda d: d.update(scores=[]), "scores: expected an object, got []"),
    (lambda d: d["scores"].update({"a b": 1}), 'scores: one score per seat'),
    (lambda d: d["seats"][0].update({":": 1}), 'seats[0][":"]: unknown key'),
])
def test_a_bad_field_is_named_with_its_path_and_what_was_expected(edit, message):
    with pytest.raises(SaveError) as caught:
        Table.from_dict(_broken(edit))
    assert str(caught.value).startswith(message)


def test_nesting_too_deep_is_refused():
    deep: list = []
    for _ in range(200):
        deep = [deep]
    with pytest.raises(SaveError, match="seats"):
        Table.from_dict(dict(TABLE.to_dict(), seats=deep))


# -- actions -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Buy(Action):
    VERB = "buy"
    player: str
    booth: Annotated[int, Range(1, 4)] = field(metadata={"label": "booth"})
    tiles: tuple[Annotated[int, Range(1)], ...] = field(metadata={"label": "tiles"})


@dataclass(frozen=True, slots=True)
class Restore(Action):
    VERB = "restore"
    player: str
    segment: tuple[int, int]
    bishop: tuple[int, int] | None = None
    track: Literal["behind", "ahead"] | None = None


@dataclass(frozen=True, slots=True)
class Bonus(Action):
    VERB = "bonus"
    kind: Annotated[str, Names(("refined", "material", "objective"))]
    objective: str = ""


GRAMMAR = Grammar("Test", (Buy, Restore, Bonus))


@pytest.mark.parametrize("action, text", [
    (Buy("Red", 2, (1, 3)), "buy Red booth 2 tiles 1,3"),
    (Restore("Red", (1, 2)), "restore Red 1,2"),
    (Restore("Red", (1, 2), (0, 0), "ahead"), "restore Red 1,2 bishop 0,0 track ahead"),
    (Restore("Red", (1, 2), None, "behind"), "restore Red 1,2 track behind"),
    (Bonus("refined"), "bonus refined"),
    (Bonus("objective", "one5"), "bonus objective one5"),
])
def test_one_grammar_writes_and_reads_every_action(action, text):
    assert str(action) == text
    assert GRAMMAR.parse(text) == action


@pytest.mark.parametrize("make, message", [
    (lambda: Buy("Red", True, (1,)), "Buy.booth: expected a whole number from 1 to 4, got True"),
    (lambda: Buy("Red", 1.5, (1,)), "Buy.booth: expected a whole number from 1 to 4, got 1.5"),
    (lambda: Buy("Red", 5, (1,)), "Buy.booth: expected a whole number from 1 to 4, got 5"),
    (lambda: Buy("Red", 1, (0,)), "Buy.tiles: expected a tuple of items that are each a whole number from 1 to 999"),
    (lambda: Buy("Red Team", 1, (1,)), "Buy.player: expected a name (one word)"),
    (lambda: Restore("Red", (1, 2, 3)), "Restore.segment: expected a tuple (a whole number from -999 to 999, a whole number from -999 to 999)"),
    (lambda: Restore("Red", (1, 2), track="up"), "Restore.track: expected one of behind, ahead, or None"),
    (lambda: Bonus("gold"), "Bonus.kind: expected one of refined, material, objective, got 'gold'"),
])
def test_action_fields_are_checked_when_made(make, message):
    with pytest.raises(ValueError) as caught:
        make()
    assert str(caught.value).startswith(message)


def test_lists_are_taken_for_tuples():
    assert Buy("Red", 1, [1, 2]) == Buy("Red", 1, (1, 2))


@pytest.mark.parametrize("text, message", [
    ("", "empty action text"),
    ("fly Red", "'fly' is not a Test action; the verbs are buy, restore, bonus"),
    ("buy Red 2 tiles 1", "expected 'booth' here"),
    ("buy Red booth two tiles 1", "Buy.booth: 'two' is not a whole number"),
    ("buy Red booth 2", "missing tiles"),
    ("restore Red 1,2 sideways", "unexpected 'sideways'"),
    ("buy Red booth 9 tiles 1", "Buy.booth: expected a whole number from 1 to 4, got 9"),
])
def test_bad_text_says_what_was_expected(text, message):
    with pytest.raises(ValueError, match=message):
        GRAMMAR.parse(text)


def test_grammar_lists_the_forms():
    assert GRAMMAR.forms() == ["buy PLAYER booth BOOTH tiles TILES",
                               "restore PLAYER SEGMENT [bishop BISHOP] [track TRACK]",
                               "bonus KIND [OBJECTIVE]"]


# -- registry and pickling -------------------------------------------------------------
def test_the_registry_describes_every_game():
    infos = games()
    kit = ["sixtina", "fresco", "lorenzo"]  # the kit's own games first, in fresco_kit.BUILTIN_GAMES order
    assert [i.name for i in infos][:3] == kit and all(i.package.startswith("fresco_kit.") for i in infos[:3])
    for info in infos:
        assert info.rules.GAME == info.name and info.categories and info.sources
        assert info.players(min(info.player_counts)) == list(info.default_players[:min(info.player_counts)])
        game = info.new_game(seed=1)
        assert game.players == info.players() and game.options == info.check_options({})
        assert list(game.scores().categories) == list(info.categories)
    assert game_info("fresco").rulesets == ("base", "bigbox")
    assert game_info("sixtina").variants == ("basic", "history")
    with pytest.raises(ValueError, match="unknown game 'chess'; the games are sixtina, fresco, lorenzo"):
        game_info("chess")


def test_games_and_refusals_pickle_for_worker_processes():
    for info in games():
        game = info.new_game(seed=3)
        for action in game.legal_actions()[:1]:
            game.play(action)
        again = pickle.loads(pickle.dumps(game))
        assert again.rules is game.rules and again.state == game.state and again.actions == game.actions
        assert again.to_json() == game.to_json()
    ref = RuleRef("sixtina", "act.acquire", "How to Play", "discard cards for materials")
    err = pickle.loads(pickle.dumps(RuleError("no cards", ref)))
    assert err.reasons == (("no cards", ref),) and str(err) == str(RuleError("no cards", ref))


def test_a_bare_game_in_a_cell_shows_its_board_and_scores(game_info):
    """``Game._repr_html_`` (title, players, score sheet) and ``_repr_png_`` (the board)."""
    game = game_info.new_game(seed=2)
    game.play(game.legal_actions()[0])
    html = game._repr_html_()
    assert game_info.title in html and "1 action(s); last: " in html
    assert all(category in html for category in game_info.categories) and "<table>" in html
    png = game._repr_png_()
    if game_info.draw is None:  # a game without pictures shows its score sheet only
        assert png is None and "<img" not in html
        return
    assert '<img alt="' in html and "data:image/png;base64," in html     # the board, with alt text
    assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5000


def test_example_show_prints_the_table_and_fails_loudly_on_a_mismatch():
    from fresco_kit.core import Check, Example

    shown: list[str] = []
    good = Example("Good", "constructed", "Somewhere", lambda: [Check("points", 3, 3)])
    assert good.show(shown.append) == [Check("points", 3, 3)] and "points" in shown[0]
    bad = Example("Bad", "rulebook example", "Somewhere", lambda: [Check("points", 3, 4)])
    with pytest.raises(AssertionError, match="MISMATCH"):
        bad.show(shown.append)


@pytest.mark.parametrize("junk", [None, 3, 1.5, ["prepare"], object()])
def test_playing_something_that_is_not_an_action_says_what_an_action_is(game_info, junk):
    game = game_info.new_game(seed=1)
    before = game.state
    for attempt in (game.play, game.explain, game.preview):
        with pytest.raises(ValueError, match=f"is not a {game_info.title} action: play one of .* or its text, such as"):
            attempt(junk)
    assert game.state is before and not game.history
