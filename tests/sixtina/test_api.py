"""The engine contract: actions as text, saves, hidden information, explain vs legal_actions."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from fresco_kit.core import Game, Rng
from fresco_kit.core.game import SaveError
from fresco_kit.sixtina import new_game
from fresco_kit.sixtina.actions import Acquire, Bonus, Restore, parse_action
from fresco_kit.sixtina.state import HIDDEN, state_from_dict

from .helpers import RWB, ready_game, rules


def test_import_is_light():
    code = ("import sys, fresco_kit.sixtina as s; g = s.new_game(['a','b','c']); "
            "print([m for m in ('matplotlib', 'ipywidgets', 'networkx') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stderr


@pytest.mark.parametrize("text", ["prepare", "acquire 3 17", "restore G2 repainting 3,17,22 +2",
                                  "bonus refined", "bonus material", "bonus objective one5", "reveal G3",
                                  "initial JC1", "gianluigi M2", "claim one5"])
def test_action_text_round_trip(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "dance", "restore X9 repainting 1 +0", "restore G1 paint 1 +0",
                                  "restore G1 repainting a,b +0", "restore G1 repainting 1 2", "bonus objective",
                                  "bonus gold", "reveal", "acquire x"])
def test_bad_action_text_raises_value_error(text):
    with pytest.raises(ValueError):
        parse_action(text)


def test_legal_actions_agree_with_explain():
    game = ready_game(RWB, seed=9)
    rng = Rng(1)
    for _ in range(40):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal and all(game.explain(a).ok for a in legal)
        assert len({str(a) for a in legal}) == len(legal)
        for a in legal:
            assert parse_action(str(a)) == a
        game.play(rules.sample_action(game.state, rng))


def test_sample_action_is_legal():
    game = new_game(RWB, seed=3)
    rng = Rng(5)
    for _ in range(200):
        if game.is_over:
            break
        a = rules.sample_action(game.state, rng)
        assert game.explain(a).ok
        game.play(a)


def test_json_save_round_trip_and_validation():
    game = ready_game(RWB, seed=4)
    game.play("prepare")
    again = Game.from_json(game.to_json())
    assert again.state == game.state and again.actions == game.actions
    data = json.loads(game.to_json())
    data["state"]["score"][0] += 1
    with pytest.raises(SaveError):
        Game.from_json(json.dumps(data))
    with pytest.raises((ValueError, TypeError, KeyError)):
        state_from_dict({"players": ["a"]})
    d = game.state.to_dict()
    d["black"] = "three"
    with pytest.raises(TypeError):
        state_from_dict(d)
    d = game.state.to_dict()
    d["frescoes"][0] = "nope"
    with pytest.raises(ValueError):
        state_from_dict(d)
    d = game.state.to_dict()
    d["extra_field"] = 1
    with pytest.raises(ValueError):
        state_from_dict(d)


def test_view_hides_other_hands_and_the_deck():
    s = ready_game(RWB, seed=4).state
    v = s.view("White")
    assert v.hands[1] == s.hands[1]
    assert all(c == HIDDEN for c in v.hands[0]) and len(v.hands[0]) == len(s.hands[0])
    assert set(v.deck) == {HIDDEN} and s.hands[0][0] != HIDDEN


def test_preview_and_undo_leave_history_states_alone():
    game = ready_game(RWB, seed=4)
    before = game.state
    snapshot = before.to_dict()
    preview = game.preview("prepare")
    assert preview.state != before and game.state is before and before.to_dict() == snapshot
    game.play("prepare")
    game.undo()
    assert game.state == before


@pytest.mark.rule("sixtina turn.pending")
def test_pending_decision_must_be_answered_first():
    from .helpers import card_ids, constructed_state, game_of
    sol = card_ids("solvent_sponge", 2)
    game = game_of(constructed_state(RWB, chapel={"G1": "genesis_4"}, hands={"Red": sol + card_ids("infrared", 1)}))
    game.play(Restore("G1", "solvent_sponge", sol, 0))
    for a in ("prepare", Acquire((game.state.hands[0][0],))):
        v = game.explain(a)
        assert not v.ok and v.reasons[0][1].id == "turn.pending"
    assert game.explain(Bonus("refined")).ok


def test_docstring_examples():
    import doctest

    import fresco_kit.sixtina as package
    from fresco_kit.sixtina import gianluigi, scoring
    for module in (scoring, gianluigi, package):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_describe_and_constructed_positions():
    from fresco_kit.sixtina.positions import card_ids, constructed_state
    from fresco_kit.sixtina.text import describe
    s = ready_game(RWB, seed=2).state
    text = describe(s)
    assert "Chapel:" in text and "Objective" in text and "* " in text
    with pytest.raises(ValueError):
        card_ids("repainting", 9)                     # no such card
    with pytest.raises(ValueError):
        constructed_state(RWB, play={"Red": 20})      # more materials than a player owns
    with pytest.raises(ValueError):
        constructed_state(RWB, hands={"Red": (1,), "White": (1,)})


@pytest.mark.parametrize("field,value", [
    ("hands", [[1, 2], ["x"], []]), ("deck", [[1]]), ("claims", [1, 2, 3]), ("claims", [[-1, -1]] * 3),
    ("current", 7), ("start", -1), ("pending", ["bonus"]), ("pending", ["dance", 0]), ("pending", ["initial", 0]),
    ("gian_due", [1, 2]), ("status", [5] * 12), ("zone", [9] * 12), ("players", ["Red", "Red", "Blue"]),
    ("black", 2), ("supply", [0, 0, 0]), ("last_place", 40), ("spaces", [[-1]] * 12)])
def test_state_from_dict_refuses_malformed_states(field, value):
    d = ready_game(RWB, seed=4).state.to_dict()
    d[field] = value
    with pytest.raises((ValueError, TypeError, KeyError)):
        state_from_dict(d)
    save = json.loads(ready_game(RWB, seed=4).to_json())
    save["state"][field] = value
    with pytest.raises(SaveError):
        Game.from_json(json.dumps(save))


@pytest.mark.rule("sixtina setup.initial", "sixtina turn.pending")
def test_pending_decision_refusal_shows_an_example_action_text():
    from fresco_kit.sixtina.rules import decision_options
    game = new_game(RWB, seed=5)
    assert game.state.pending[0] == "initial"
    reason = game.explain("prepare").reasons[0][0]
    example = str(decision_options(game.state)[0])
    assert example.startswith("initial ") and f"'{example}'" in reason
    assert "InitialRestoration" not in reason
    game.play(example)                            # the quoted text is a legal answer
    # a decision answer when none of that kind is pending names it by its text too
    ready = ready_game()
    reason = ready.explain("reveal G2").reasons[0][0]
    assert reason.startswith("no reveal decision is pending") and "Reveal" not in reason


@pytest.mark.rule("sixtina turn.pending")
def test_pending_bonus_refusal_shows_a_bonus_action_text():
    from .helpers import card_ids, constructed_state, game_of
    sol = card_ids("solvent_sponge", 2)
    game = game_of(constructed_state(RWB, chapel={"G1": "genesis_4"}, hands={"Red": sol + card_ids("infrared", 1)}))
    game.play(Restore("G1", "solvent_sponge", sol, 0))
    reason = game.explain("prepare").reasons[0][0]
    assert "(an action such as 'bonus " in reason and "Bonus'" not in reason
