"""core.forms: a compact record declares on each field how it is saved; the save's schema,
both conversions and the views are derived from those declarations (issue 16 item 5).
Checked on a small made-up game: seats as numbers, one tuple per seat and per square, a
"house" whose pieces follow the seats, players' compact records spread into their rows,
a derived field and a field added later."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Annotated, Any

import pytest

from fresco_kit.core import Count, Length, Names, Record, SaveError, field_error
from fresco_kit.core.forms import Compact, Derived, Form, Table, from_saved, saved_form, saved_schema
from fresco_kit.core.record import LATER
from fresco_kit.core.visibility import OWNER, PRIVATE, Seen, seen_by, view_schema, visibility

SEATS = Table("seats", "Seat", length=Length(low=1, high=3), extra=("house", "House"))
SQUARES = Table("squares", "Square", names=Names(("a1", "b1"), "the squares"))
ROWS = Table("rows", "Row", length=Length(low=1))
#: a seat number, saved as the player's name
SEAT = Form(
    str,
    write=lambda seat, record, _: record.names[seat],
    read=lambda name, saved, _: [s.name for s in saved.seats].index(name),
)
#: a seat or -1, saved as a name or null
OWNER_OF = Form(
    str | None,
    write=lambda seat, record, _: None if seat < 0 else record.names[seat],
    read=lambda name, saved, _: -1 if name is None else [s.name for s in saved.seats].index(name),
)
TOTAL = Derived(lambda saved: sum(s.coins for s in saved.seats) + (saved.house.coins if saved.house else 0))
WHILE_DEALING = Seen("private", hidden_while=lambda square, whole: whole.dealing)
CHECKED: list[str] = []


@dataclass(frozen=True, slots=True)
class Piece(Compact):
    """A compact record spread into its row: its value saved doubled, and a private note."""

    value: Annotated[int, Form(int, write=lambda v, r, _: 2 * v, read=lambda v, s, _: v // 2)]
    note: Annotated[str, Seen("owner", owner="who", also=(("noted", bool, bool),))]


@dataclass(frozen=True, slots=True)
class Game(Compact):
    rng: Annotated[int, PRIVATE]
    names: Annotated[tuple[str, ...], SEATS.column("name")]
    hands: Annotated[tuple[tuple[int, ...], ...], SEATS.column("hand"), OWNER.sized()]
    coins: Annotated[tuple[Count, ...], SEATS.column("coins", extra=True)]
    first: Annotated[int, SEAT]
    owners: Annotated[tuple[int, ...], SQUARES.column("owner", OWNER_OF), WHILE_DEALING]
    who: Annotated[tuple[str, ...], ROWS.column("who")]
    pieces: Annotated[tuple[Piece, ...], ROWS.column()]
    dealing: bool
    total: Annotated[int, TOTAL] = field(compare=False)
    later: Annotated[int, LATER] = 0

    @staticmethod
    def check_saved(saved: Any, path: str) -> None:
        CHECKED.append(path)
        if saved.first not in [s.name for s in saved.seats]:
            raise field_error(f"{path}.first", "a player", saved.first)


def a_game(**changes: Any) -> Game:
    pieces = (Piece(3, "secret"), Piece(0, ""))
    g = Game(7, ("ann", "bob"), ((1, 2), (3,)), (5, 6, 9), 1, (1, -1), ("bob", "ann"), pieces, False, 20)
    return g.evolve(**changes)


def names(cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(cls)]


def test_the_schema_is_derived_in_field_order_with_each_table_where_its_first_column_is():
    schema = saved_schema(Game)
    assert names(schema) == ["rng", "seats", "house", "first", "squares", "rows", "dealing", "later"]
    assert names(saved_schema(Game, "Seat")) == ["name", "hand", "coins"]
    assert names(saved_schema(Game, "House")) == ["coins"]
    assert names(saved_schema(Game, "Square")) == ["owner"]
    assert names(saved_schema(Game, "Row")) == ["who", "value", "note"]  # the pieces' fields join their rows
    assert visibility(saved_schema(Game, "Seat"))["hand"] == OWNER.sized()


def test_a_record_is_written_readably_and_read_back_equal():
    g = a_game()
    data = g.to_dict()
    assert data == {
        "rng": 7,
        "seats": [{"name": "ann", "hand": [1, 2], "coins": 5}, {"name": "bob", "hand": [3], "coins": 6}],
        "house": {"coins": 9},  # the item past the last seat
        "first": "bob",
        "squares": {"a1": {"owner": "bob"}, "b1": {"owner": None}},
        "rows": [{"who": "bob", "value": 6, "note": "secret"}, {"who": "ann", "value": 0, "note": ""}],
        "dealing": False,
    }  # "later" left out at its default
    again = Game.from_dict(json.loads(json.dumps(data)), "game")
    assert again == g and again.total == 20 and CHECKED[-1] == "game"
    assert Game.from_dict(a_game(later=3, coins=(5, 6)).to_dict()) == a_game(later=3, coins=(5, 6), total=11)
    assert a_game(coins=(5, 6)).to_dict()["house"] is None
    assert from_saved(Game, saved_form(g)) == g


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d["seats"][1].update(coins=-1), r"^game\.seats\[1\]\.coins: expected a whole number from 0"),
        (lambda d: d.update(seats=[]), r"^game\.seats: expected a list of 1 to 3 items"),
        (lambda d: d["squares"].pop("b1"), r"^game\.squares\.b1: missing"),
        (lambda d: d["rows"][0].update(value="x"), r"^game\.rows\[0\]\.value: expected a whole number"),
        (lambda d: d.update(first="cy"), r"^game\.first: expected a player, got 'cy'"),
        (lambda d: d.pop("rng"), r"^game\.rng: missing"),
        (lambda d: d.update(later="x"), r"^game\.later: expected a whole number"),
    ],
)
def test_a_damaged_save_is_refused_naming_the_field(edit, message):
    data = a_game().to_dict()
    edit(data)
    with pytest.raises(SaveError, match=message):
        Game.from_dict(data, "game")


def test_a_view_hides_what_the_markers_on_the_engine_fields_say():
    view_class = view_schema(saved_schema(Game), "GameView", viewer=True, extra=(("turn", int, field(default=0)),))
    dealing = a_game(dealing=True)
    seen = seen_by(saved_form(dealing), "bob", view_class, turn=4)
    assert seen.viewer == "bob" and seen.turn == 4 and seen.rng is None
    assert [(s.hand, s.hand_size) for s in seen.seats] == [(None, 2), ((3,), 1)]
    assert seen.squares["a1"].owner is None  # hidden while dealing (the whole record says)
    assert [(r.note, r.noted) for r in seen.rows] == [("secret", True), (None, False)]  # bob's own note only
    after = seen_by(saved_form(a_game()), "ann", view_class)
    assert after.squares["a1"].owner == "bob" and [r.note for r in after.rows] == [None, ""]
    assert view_class.from_dict(json.loads(json.dumps(seen.to_dict()))) == seen


def test_a_schema_that_cannot_be_saved_is_refused_when_derived():
    @dataclass(frozen=True, slots=True)
    class TwoKeys(Compact):
        a: int
        b: Annotated[int, Form(key="a")]

    with pytest.raises(TypeError, match="two fields are saved as 'a'"):
        saved_schema(TwoKeys)

    @dataclass(frozen=True, slots=True)
    class ExtraFirst(Compact):
        coins: Annotated[tuple[int, ...], SEATS.column("coins", extra=True)]

    with pytest.raises(TypeError, match="the first column of seats counts its rows"):
        saved_schema(ExtraFirst)


def test_record_later_fields_are_left_out_at_their_default_and_filled_in_when_missing():
    @dataclass(frozen=True, slots=True)
    class Old(Record):
        a: int
        b: Annotated[bool, LATER] = False

    assert Old(1).to_dict() == {"a": 1} and Old(1, True).to_dict() == {"a": 1, "b": True}
    assert Old.from_dict({"a": 1}) == Old(1) and Old.from_dict({"a": 1, "b": True}) == Old(1, True)
    with pytest.raises(SaveError, match="^b: expected true or false, got 1"):
        Old.from_dict({"a": 1, "b": 1})
