"""One schema per state (issue 16): a Lorenzo state's save form and every player's view
come from its one annotated field list.  The view is derived from the fields' markers
(``core.visibility.Seen``: public, private, owner-only), which the save format ignores."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated

import pytest

from fresco_kit.core import Record, Rng
from fresco_kit.core.visibility import PUBLIC, Seen, hide_order, owner_only, private, view, visibility
from fresco_kit.lorenzo import new_game, rules
from fresco_kit.lorenzo.state import Decision, Occupant, Player, State, Switches

from .helpers import P3


def test_the_state_marks_only_the_decks_order_and_the_random_generator_hidden():
    marks = visibility(State)
    assert {name for name, mark in marks.items() if mark is not PUBLIC} == {"decks", "rng"}
    assert marks["decks"].who == marks["rng"].who == "private"
    for part in (Player, Decision, Occupant, Switches):  # Lorenzo has no hidden hands
        assert set(visibility(part).values()) == {PUBLIC}, part


@pytest.mark.rule("lorenzo struct.periods")
def test_a_view_is_the_state_with_what_the_markers_hide_hidden():
    game = new_game(P3, seed=4)
    rng = Rng(4)
    for _ in range(30):
        game.play(rules.sample_action(game.state, rng))
    st = game.state
    for player in (None, *P3):
        seen = st.view(player)
        assert seen == view(st, player)
        assert seen.rng is None and seen.decks == {k: tuple(sorted(v)) for k, v in st.decks.items()}
        same = {f.name for f in dataclasses.fields(State)} - {"rng", "decks"}
        assert all(getattr(seen, name) == getattr(st, name) for name in same)
    assert st.rng is not None and any(list(d) != sorted(d) for d in st.decks.values())  # st is unchanged
    # the save format ignores the markers: a view saves and loads as a Record
    assert State.from_dict(st.view().to_dict()) == st.view()
    # every field but ``losses``, left out of a save between actions (core.record.LATER)
    assert st.losses is None and set(st.to_dict()) == {f.name for f in dataclasses.fields(State)} - {"losses"}


# ---- the markers themselves, on a small schema with a hand only its owner sees ---------
@dataclass(frozen=True, slots=True)
class Seat(Record):
    name: str
    hand: Annotated[tuple[int, ...], owner_only("name", hide=len)]
    table: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Table(Record):
    seats: tuple[Seat, ...]
    deck: Annotated[tuple[int, ...], private(hide_order)]
    seed: Annotated[int | None, private()] = 7
    lead: Seat | None = None


def test_markers_hide_owner_only_and_private_fields_in_nested_records():
    a, b = Seat("a", (3, 1), (9,)), Seat("b", (2,))
    t = Table((a, b), (5, 2, 8), lead=a)
    seen = view(t, "a")
    assert seen.seats == (a, Seat("b", 1)) and seen.lead == a                  # a sees only a's hand
    assert seen.deck == (2, 5, 8) and seen.seed is None
    assert view(t, None).seats == (Seat("a", 2, (9,)), Seat("b", 1))          # an onlooker sees no hand
    assert view(t, "b").lead == Seat("a", 2, (9,))
    assert view(a, "b") == Seat("a", 2, (9,)) and view(a, "a") is a
    assert Table.from_dict(t.to_dict()) == t                                   # saves ignore markers
    assert visibility(Seat) == {"name": PUBLIC, "hand": Seen("owner", owner="name", hide=len), "table": PUBLIC}
    plain = Decision("a", "vatican")
    assert view(plain, "b") is plain                                           # nothing marked inside
