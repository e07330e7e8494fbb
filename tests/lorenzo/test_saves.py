"""Saves of Lorenzo games: any position saves and loads back equal (constructed ones
too), damaged saves are refused naming the field, and the crashes the fuzzer found stay
fixed (``tests/test_fuzz.py`` runs the fuzzer itself on every game)."""
from __future__ import annotations

import dataclasses
import json

import pytest

from fresco_kit.core import Game, Rng, SaveError
from fresco_kit.lorenzo import consistency, examples, new_game, positions, rules
from fresco_kit.lorenzo.actions import Choose, Place
from fresco_kit.lorenzo.state import State

from .helpers import P2, P3, game_at, position


def round_trip(game: Game) -> Game:
    again = Game.from_json(game.to_json())
    assert again.state == game.state and again.initial_state == game.initial_state
    assert again.actions == game.actions and again.options == game.options
    return again


def _teaching_positions():
    for sample in positions.TOWER_SAMPLES:
        for occupied in ("empty", "another player", "own white member"):
            yield f"tower {sample} / {occupied}", positions.tower_position(sample, occupied, "venture", 2)
    for sample in positions.ACTIVATION_SAMPLES:
        s = positions.ACTIVATION_SAMPLES[sample]
        yield f"activation {sample}", position(["Red", "Blue", "Green"], cards={"Red": s["cards"]},
                                               res={"Red": s["res"]})
    yield "score sheet", positions.score_position(positions.SHEET_SAMPLE)
    yield "switched", position(P3, round=4, options={"bonus_tiles": "advanced",
                                                     "switches": {"win_tie_break": "shared"}})


@pytest.mark.parametrize("name, state", list(_teaching_positions()), ids=lambda x: x if isinstance(x, str) else "")
def test_constructed_positions_save_and_load_back_equal(name, state):
    game = game_at(state)
    assert game.seed is None and game.options == state.options
    round_trip(game)
    if not game.is_over:                                 # and after playing on from them
        rng = Rng(7)
        for _ in range(12):
            if game.is_over:
                break
            game.play(rules.sample_action(game.state, rng))
        round_trip(game)


@pytest.mark.parametrize("example", examples.EXAMPLES, ids=lambda e: e.name)
def test_every_worked_example_game_saves_and_loads_back_equal(example, monkeypatch):
    games = []

    def recording_game_at(state):
        games.append(game_at(state))
        return games[-1]
    monkeypatch.setattr(examples, "game_at", recording_game_at)
    monkeypatch.setattr(positions, "game_at", recording_game_at)    # examples built by positions.final_tie
    assert all(c.ok for c in example.run())
    assert games and any(g.history for g in games)
    for g in games:
        round_trip(g)


def test_a_save_is_readable():
    """Names, not codes: resources, cards by id, members on spaces, decisions by kind."""
    g = game_at(position(P2, dice={"white": 3}))
    g.play("place Red white council")
    data = json.loads(g.to_json())
    assert data["actions"] == ["place Red white council"]
    # a constructed position seats the players as given, and says so
    assert data["options"] == {"bonus_tiles": "standard", "switches": {"initial_order": "as_given"}}
    st = data["state"]
    assert st["occupants"] == {"council": [{"player": "Red", "member": "white"}]}
    assert st["players"][0]["res"] == {"wood": 2, "stone": 2, "servants": 3, "coins": 6, "military": 0, "faith": 0,
                                       "vp": 0}
    assert st["players"][0]["home"] == ["black", "orange", "neutral"]
    assert st["pending"][0]["player"] == "Red" and st["pending"][0]["kind"] == "privilege"
    assert st["pending"][0]["count"] == 1 and st["pending"][0]["taken"] == []
    assert st["switches"] == {name: None if name != "initial_order" else "as_given" for name in st["switches"]}
    # every field but ``losses`` (switch gain_losses='per_action' only; core.record.LATER)
    assert set(st) == {f.name for f in dataclasses.fields(State)} - {"losses"}


def test_evolve_copies_every_field():
    st = new_game(P3, seed=2).state
    copy = st.evolve()
    assert copy == st and copy is not st
    assert all(getattr(copy, f.name) is getattr(st, f.name) for f in dataclasses.fields(State))


# ---- crash classes the fuzzer found before the state was a Record -----------------------
def _save(**kw):
    # seated as given: the edits below name Red as the first player
    game = new_game(P3, seed=4, switches={"initial_order": "as_given"}, **kw)
    rng = Rng(4)
    for _ in range(30):
        game.play(rules.sample_action(game.state, rng))
    return json.loads(game.to_json())


@pytest.mark.parametrize("edit, where", [
    (lambda d: d["start"].update(excomm_tiles=[1, 8]), "start.excomm_tiles: expected a list of exactly 3 items"),
    (lambda d: d["state"]["towers"]["venture"].pop(), "state.towers.venture: expected a list of exactly 4 items"),
    (lambda d: d["start"]["towers"]["venture"].pop(), "start.towers.venture: expected a list of exactly 4 items"),
    (lambda d: d["start"]["players"][0]["res"].update(servants=True), "start.players[0].res.servants: expected a "
                                                                       "whole number from 0 to 999, got True"),
    (lambda d: (d["start"]["players"][0]["home"].pop(), d.update(seed=None)),
     "actions[3]: 'place Red neutral building-1 servants 1' cannot be replayed: Red's neutral member is not at home"),
    (lambda d: d["start"]["players"][0]["home"].pop(), "seed: the start state is not the one seed"),
    (lambda d: d["actions"].__setitem__(0, "place Red white council servants True"), "actions[0]: 'place Red white "
                                                                                     "council servants True' cannot"),
    (lambda d: d.update(options={"bonus_tiles": "standard", "switches": {"win_tie_break": "shared"}}),
     "options: expected the start state's options"),
])
def test_damaged_saves_are_refused_naming_the_field(edit, where):
    data = _save()
    edit(data)
    with pytest.raises(SaveError) as err:
        Game.from_json(json.dumps(data))
    assert str(err.value).startswith(where), str(err.value)


def test_a_removed_member_with_turns_left_is_refused_or_passes():
    """A start state whose player to place has no member at home is refused; a player
    with fewer members than turns simply passes the extra turns (as in play)."""
    data = _save()
    data["start"]["players"][0]["home"] = []
    with pytest.raises(SaveError, match=r"^start.players\[0\].home: expected a member at home: it is Red's turn"):
        Game.from_json(json.dumps(data))
    g = game_at(position(P2, home={"Blue": ["white"]}))
    for name in ("Red", "Blue"):
        g.play(f"place {name} white council")
        g.play(f"choose {name} coins")
    g.play("place Red black council")
    events = g.play("choose Red wood+stone")
    assert "Blue has no family member left: the turn passes" in [e.text for e in events]
    assert g.state.current == "Red" and not g.state.player("Blue").home
    round_trip(g)


@pytest.mark.parametrize("make", [
    lambda: Place("Red", "white", "council", True),
    lambda: Place("Red", "white", "council", 1.5),
    lambda: Choose("Red", "coins", True),
    lambda: Choose("Red", "coins ", 0),
])
def test_bool_or_float_servants_are_refused_when_made(make):
    with pytest.raises(ValueError):
        make()


def test_one_problems_convention_for_loading_and_invariants():
    """``consistency.problems`` lists ``(field, what is wrong)``; a loaded save is refused
    at the first (``rules.state_from_dict``), and ``rules.invariants`` words them all --
    also for boards broken in play, which no save could hold."""
    st = new_game(P2, seed=3).state
    assert consistency.problems(st) == [] and rules.invariants(st) == []
    red = st.players[0]
    broken = st.evolve(players=(red.evolve(res={**red.res, "coins": -1}),) + st.players[1:],
                       order=(st.order[0], st.order[0]))
    assert consistency.problems(broken)[0][0] == "order"                    # nothing after a bad order
    broken = broken.evolve(order=st.order)
    found = consistency.problems(broken)
    assert found == [("players[0].res.coins", "expected a whole number >= 0, got -1")]
    assert rules.invariants(broken) == ["players[0].res.coins: expected a whole number >= 0, got -1"]
    data = st.to_dict()
    data["turn"] = 99
    with pytest.raises(SaveError, match=r"^state\.turn: expected a turn from 0 to 8, got 99$"):
        rules.state_from_dict(data)
    assert State.from_dict(data).turn == 99            # the field alone is sound: the checks across are problems
