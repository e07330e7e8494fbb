"""Saves of any position, and what each player may see (the rulebook's hidden information)."""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game, Rng, SaveError
from fresco_kit.sixtina import examples, new_game, teach
from fresco_kit.sixtina.views import View

from .helpers import RWB, card_ids, constructed_state, game_of, ready_game, rules


def loads_back_equal(game: Game) -> Game:
    again = Game.from_json(game.to_json())
    assert again.state == game.state and again.actions == game.actions
    assert again.initial_state == game.initial_state
    return again


# -- saves of any position ------------------------------------------------------------------
def _positions():
    """Positions built by hand: the positions helper, the worked examples, the teaching queries."""
    t: set[int] = set()
    yield "plain", constructed_state(RWB)
    yield "two players", constructed_state(("Blue", "Red"), hands={"Blue": card_ids("infrared", 2, 3, taken=t)})
    yield "mid-game", constructed_state(
        ("Red", "White", "Blue", "Yellow"), chapel={"G1": "genesis_4"}, status={"G2": "visible", "JC2": "restored"},
        zone={"JC2": "Yellow"}, spaces={"G1": {"infrared": ("correct", "Blue"), "laboratory": ("prudent", "Red")}},
        extras={"G1": {"Blue": 2}}, display={"Red": card_ids("laboratory", 2, 3, taken=t)}, score={"White": 9},
        claims={"materials8": ["White"]}, current=2, variant="history")
    yield "chapel chain", examples.chapel_chain()[0].state
    yield "prudent example, played on", examples.prudent_restoration()[1].state
    yield "setup summary", teach.setup_summary(4, seed=3).state
    yield "mid-game picture", teach.mid_game_state(seed=5)
    yield "completion calculator", teach.completion_position(
        "genesis_4", [("correct", "Red"), None, ("excellent", "Blue"), None, ("prudent", "White")],
        {"Red": 1})[0]
    yield "Gianluigi's reply", teach.gianluigi_reply(["genesis_8", "jesus_christ_6", "moses_5"],
                                                     "plaster_injection", (2, 3, 3)).state


@pytest.mark.parametrize("name,state", list(_positions()), ids=lambda x: x if isinstance(x, str) else "")
def test_a_save_of_any_position_loads_back_equal(name, state):
    assert rules.invariants(state) == []
    game = game_of(state)
    again = loads_back_equal(game)
    assert again.options == state.options == {"variant": state.variant, "switches": {}}
    rng = Rng(7)
    for _ in range(6):                              # and play on: each save still loads back equal
        if game.is_over:
            break
        game.play(rules.sample_action(game.state, rng))
        loads_back_equal(game)


@pytest.mark.parametrize("n,variant", [(2, "basic"), (3, "history"), (4, "basic")])
def test_a_save_after_any_legal_action_loads_back_equal(n, variant):
    game = new_game(["Red", "White", "Blue", "Yellow"][:n], seed=20 + n, variant=variant)
    rng = Rng(n)
    step = 0
    while not game.is_over:
        step += 1
        if step % 9 == 1:                            # now and then: every legal action (at most 40)
            legal = game.legal_actions()
            for action in legal[:: max(1, len(legal) // 40)]:
                trial = Game.from_json(game.to_json())
                trial.play(action)
                loads_back_equal(trial)
        game.play(rules.sample_action(game.state, rng))
        loads_back_equal(game)


def test_a_hand_built_position_that_breaks_the_rules_is_refused():
    with pytest.raises(ValueError, match=r"players\[0\]\.supply: Red has a negative supply"):
        constructed_state(RWB, play={"Red": 20})
    game = game_of(constructed_state(RWB))
    data = json.loads(game.to_json())
    data["start"]["black"] += 1                     # the start position itself is checked
    with pytest.raises(SaveError, match=r"^start\.black: black materials not conserved"):
        Game.from_json(json.dumps(data))


# -- honest views -------------------------------------------------------------------------------
@pytest.mark.rule("sixtina setup.hands")
def test_a_view_hides_the_other_hands_and_the_deck_order():
    """Setup, step 5: cards in hand are kept hidden from the other players, and the
    rest of the shuffled technique cards form a face-down draw deck."""
    s = ready_game(RWB, seed=4).state
    v = s.view("White")
    assert isinstance(v, View) and v.viewer == "White"
    assert v.players[1].hand == s.hands[1]
    assert v.players[0].hand is None and v.players[0].hand_size == len(s.hands[0])
    assert v.players[2].hand is None and v.players[2].hand_size == len(s.hands[2])
    assert v.deck is None and v.deck_size == len(s.deck)
    assert v.rng is None                            # no generator: the reshuffles cannot be foreseen
    text = json.dumps(v.to_dict())
    for seat in (0, 2):
        assert str(list(s.hands[seat])) not in text
    assert View.from_dict(v.to_dict()) == v


@pytest.mark.rule("sixtina setup.sheets")
def test_a_view_hides_the_frescoes_under_the_sheets():
    """Setup, steps 1-2: the drawn frescoes are covered by sheets except the top ones;
    a covered fresco is seen only once New Restorations uncovers it."""
    s = new_game(RWB, seed=2, variant="history").state
    v = s.view("Red")
    for p, place in v.places.items():
        if place.status == "covered":
            assert place.fresco is None and place.spaces is None
            assert place.sheet is not None                      # the sheet's reward side is face up
        else:
            assert place.fresco == s.frescoes[s.place_index(p)] and place.spaces is not None
    assert not any(f in json.dumps(v.to_dict()) for f, st in zip(s.frescoes, s.status) if st == 0)


@pytest.mark.rule("sixtina restore.prudent")
def test_a_view_shows_what_lies_open_on_the_table():
    """C. Prudent Restoration: kept cards stay visible in the play area (rivals must see
    them); discards are face up; materials, scores, objectives and the chapel are open."""
    wash = card_ids("washi_paper", 1, 2)
    game = game_of(constructed_state(RWB, chapel={"G1": "genesis_4"}, hands={"Red": wash}))
    game.play(rules.Restore("G1", "washi_paper", wash, 0))
    game.play("prepare")                                          # White's turn: discards nothing
    s = game.state
    v = s.view("Blue")
    assert v.players[0].prudent_cards == tuple(sorted(wash)) and v.players[0].hand_size == 0
    assert v.discard == s.discard and v.black == s.black
    assert [p.supply for p in v.players] == list(s.supply) and [p.score for p in v.players] == list(s.score)
    assert v.places["G1"].spaces["washi_paper"].kind == "prudent"
    assert [o.id for o in v.objectives] == list(s.objectives)


def test_view_of_two_players_shows_gianluigi():
    s = ready_game(("Blue", "Red"), seed=3).state
    v = s.view("Red")
    assert v.gianluigi is not None and v.gianluigi.score == s.score[2] and v.players[0].hand is None


def test_the_save_and_the_view_are_derived_from_the_engine_fields():
    """No parallel field list: each field is declared once, on the compact ``State`` (how
    it is saved and who sees it); the save's records are derived from it (the per-seat
    and per-place tuples become the tables ``players`` and ``places``), and the view's
    records are the saved ones, field for field, with a size after each hidden sequence
    that shows one."""
    import dataclasses

    from fresco_kit.core import Record
    from fresco_kit.sixtina import saved as forms
    from fresco_kit.sixtina.state import SavedPlace, SavedPlayer, SavedState
    from fresco_kit.sixtina.views import SeenPlace, SeenPlayer

    def names(cls):
        return [f.name for f in dataclasses.fields(cls)]

    saved = names(SavedState)  # the keys of a version 3 save, in order
    assert saved == ["variant", "rng", "players", "gianluigi", "start", "current", "deck", "discard", "black",
                     "places", "objectives", "pending", "initial_left", "gianluigi_due", "reveals", "over",
                     "last_place", "turn", "data", "switches",
                     "flipped_restorations"]     # left out while None (core.record.LATER): a switch's record
    assert names(SavedPlayer) == ["name", "hand", "prudent_cards", "play_area", "supply", "score"]
    assert names(SavedPlace) == ["fresco", "status", "spaces", "extras", "zone", "sheet"]
    kept = {k for k, v in vars(forms).items() if isinstance(v, type) and issubclass(v, Record) and v.__module__ == forms.__name__}
    assert kept == {"Occupant", "SavedDecision", "GianluigiDue"}  # the readable forms of single values
    assert names(View) == ["viewer"] + saved[: saved.index("deck") + 1] + ["deck_size"] + saved[saved.index("deck") + 1:]
    player = names(SavedPlayer)
    assert names(SeenPlayer) == player[:2] + ["hand_size"] + player[2:]
    assert names(SeenPlace) == names(SavedPlace)


def test_a_view_hides_only_what_the_schema_marks_hidden():
    s = ready_game(RWB, seed=4, variant="history").state
    saved, v = s.to_dict(), s.view("Blue").to_dict()
    assert v.pop("viewer") == "Blue" and v.pop("deck") is None and v.pop("rng") is None
    assert v.pop("deck_size") == len(saved.pop("deck")) and saved.pop("rng") is not None
    for mine, theirs in zip(v.pop("players"), saved.pop("players")):
        hand = theirs.pop("hand")
        assert mine.pop("hand_size") == len(hand)
        assert mine.pop("hand") == (hand if mine["name"] == "Blue" else None)
        assert mine == theirs
    for name, place in v.pop("places").items():
        full = saved["places"][name]
        covered = full["status"] == "covered"
        assert place == ({**full, "fresco": None, "spaces": None} if covered else full)
    saved.pop("places")
    assert v == saved  # everything else lies open on the table
