"""The engine contract: actions as text, saves, hidden information, explain vs legal_actions."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from fresco_kit.core import Game, Rng
from fresco_kit.core.game import SaveError
from fresco_kit.sixtina import new_game
from fresco_kit.sixtina.actions import Acquire, Bonus, Restore, parse_action
from fresco_kit.sixtina.rules import state_from_dict

from .helpers import RWB, ready_game, rules


def test_import_is_light():
    code = ("import sys, fresco_kit.sixtina as s; g = s.new_game(['a','b','c']); "
            "print([m for m in ('matplotlib', 'ipywidgets', 'networkx') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stderr


@pytest.mark.parametrize("text", ["prepare", "acquire 3,17", "restore G2 repainting 3,17,22 extra 2",
                                  "restore G2 repainting 3,17,22", "bonus refined", "bonus material",
                                  "bonus objective one5", "reveal G3", "initial JC1", "gianluigi M2", "claim one5"])
def test_action_text_round_trip(text):
    assert str(parse_action(text)) == text


def test_action_forms_follow_the_shared_grammar():
    from fresco_kit.core import game_info
    assert game_info("sixtina").grammar.forms() == [
        "prepare", "acquire CARDS", "restore PLACE TECHNIQUE CARDS [extra EXTRA]", "bonus KIND [OBJECTIVE]",
        "reveal PLACE", "initial PLACE", "gianluigi PLACE", "claim OBJECTIVE"]
    assert str(Restore("G2", "repainting", (22, 3, 17), 0)) == "restore G2 repainting 3,17,22"   # sorted, extra 0 left out
    assert parse_action("acquire 17,3") == Acquire((3, 17))


@pytest.mark.parametrize("text,says", [
    ("", "empty action text"), ("dance", "'dance' is not a 1980 Sixtina action"),
    ("restore X9 repainting 1", "Restore.place: expected a chapel place"),
    ("restore G1 paint 1", "Restore.technique: expected a technique"),
    ("restore G1 repainting a,b", "Restore.cards: 'a' is not a whole number"),
    ("restore G1 repainting 1 2", "unexpected '2'"), ("restore G1 repainting 1 +2", "unexpected '+2'"),
    ("restore G1 repainting 1 extra -1", "Restore.extra: expected a whole number from 0 to 999"),
    ("restore G1 repainting 84", "Restore.cards: expected"), ("bonus objective", "Bonus.objective"),
    ("bonus gold", "Bonus.kind: expected one of refined, material, objective"), ("reveal", "missing place"),
    ("acquire x", "Acquire.cards: 'x' is not a whole number"), ("acquire 3 17", "unexpected '17'"),
    ("claim gold", "ClaimObjective.objective: expected an objective")])
def test_bad_action_text_raises_value_error(text, says):
    with pytest.raises(ValueError, match=re.escape(says)):
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
    data["state"]["players"][0]["score"] += 1
    with pytest.raises(SaveError, match=r"^state\.players\[0\]\.score: the saved state does not match"):
        Game.from_json(json.dumps(data))
    with pytest.raises(SaveError, match=r"^state\.rng: missing"):
        state_from_dict({"variant": "basic"})
    d = game.state.to_dict()
    d["black"] = "three"
    with pytest.raises(SaveError, match=r"^state\.black: expected a whole number from 0 to 999, got 'three'"):
        state_from_dict(d)
    d = game.state.to_dict()
    d["places"]["G1"]["fresco"] = "nope"
    with pytest.raises(SaveError, match=r"^state\.places\.G1\.fresco: expected a fresco card id"):
        state_from_dict(d)
    d = game.state.to_dict()
    d["extra_field"] = 1
    with pytest.raises(SaveError, match=r"^state\.extra_field: unknown key"):
        state_from_dict(d)


def test_saves_are_readable():
    """Names, not codes: players and colours by name, places by name, cards by id."""
    from .helpers import card_ids, constructed_state, game_of
    sol = card_ids("solvent_sponge", 2)
    game = game_of(constructed_state(RWB, chapel={"G1": "genesis_4"}, hands={"Red": sol},
                                     spaces={"G1": {"infrared": ("correct", "Blue")}}, extras={"G1": {"Blue": 2}}))
    game.play(Restore("G1", "solvent_sponge", sol, 0))
    d = game.state.to_dict()
    g1 = d["places"]["G1"]
    assert g1["fresco"] == "genesis_4" and g1["status"] == "visible" and g1["zone"] is None
    assert g1["spaces"]["infrared"] == {"kind": "correct", "colour": "Blue"}
    assert g1["spaces"]["solvent_sponge"] == {"kind": "excellent", "colour": "Red"}
    assert g1["spaces"]["repainting"] is None and g1["extras"] == {"Blue": 2}
    assert d["pending"] == {"kind": "bonus", "player": "Red", "technique": None}
    assert [p["name"] for p in d["players"]] == list(RWB) and d["current"] == "Red"
    assert d["players"][0]["hand"] == [] and d["objectives"][0] == {"id": "materials8", "spaces": [None, None, None]}
    assert json.loads(game.to_json())["actions"] == [f"restore G1 solvent_sponge {sol[0]}"]


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
    from fresco_kit.sixtina.describe import describe
    s = ready_game(RWB, seed=2).state
    text = describe(s)
    assert "Chapel:" in text and "Objective" in text and "* " in text
    with pytest.raises(ValueError):
        card_ids("repainting", 9)                     # no such card
    with pytest.raises(ValueError):
        constructed_state(RWB, play={"Red": 20})      # more materials than a player owns
    with pytest.raises(ValueError):
        constructed_state(RWB, hands={"Red": (1,), "White": (1,)})


def _set(*path_value):
    """A change to saved state data: set the value at a path of keys and indices."""
    *path, value = path_value

    def change(d):
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value(node[path[-1]]) if callable(value) else value
    return change


@pytest.mark.parametrize("change,says", [
    (_set("players", 1, "hand", ["x"]), r"players\[1\]\.hand\[0\]: expected a whole number from 0 to 83, got 'x'"),
    (_set("deck", 0, [1]), r"deck\[0\]: expected a whole number from 0 to 83"),
    (_set("objectives", [1, 2, 3]), r"objectives\[0\]: expected an object"),
    (_set("objectives", 0, "spaces", [None, None]), r"objectives\[0\]\.spaces: expected a list of exactly 3 items"),
    (lambda d: (_set("objectives", 0, "spaces", ["Red", "Red", None])(d), _set("players", 0, "supply", lambda n: n - 2)(d)),
     r"objectives\[0\]\.spaces: each colour at most once"),
    (_set("objectives", 1, "id", "nope"), r"objectives\[1\]\.id: expected an objective"),
    (_set("current", 7), r"current: expected a text, got 7"),
    (_set("current", "Nobody"), r"current: expected a player: one of Red, White, Blue, got 'Nobody'"),
    (_set("start", "Gianluigi"), r"start: expected a player"),
    (_set("pending", {"kind": "bonus"}), r"pending\.player: missing"),
    (_set("pending", {"kind": "dance", "player": "Red", "technique": None}), r"pending\.kind: expected one of"),
    (_set("pending", {"kind": "initial", "player": "Red", "technique": None}), r"pending\.technique: expected a technique"),
    (_set("pending", {"kind": "reveal", "player": "Red", "technique": None}), r"pending\.player: the player whose turn"),
    (_set("gianluigi_due", {"technique": "repainting", "value": 1}), r"gianluigi_due\.icon_halves: missing"),
    (_set("gianluigi_due", {"technique": "repainting", "value": 1, "icon_halves": 2}), r"gianluigi_due: null unless"),
    (_set("gianluigi", {"supply": 1, "score": 0}), r"gianluigi: expected his record with two players, null otherwise"),
    (_set("places", "G1", "status", "lost"), r"places\.G1\.status: expected one of 'covered', 'visible', 'restored'"),
    (_set("places", "G1", "zone", "Purple"), r"places\.G1\.zone: expected a colour: one of Red, White, Blue"),
    (_set("places", "JC2", "extras", {"Red": 1}), r"players\[0\]\.supply: Red's materials not conserved"),
    (_set("places", "G9", {}), r"places\.G9: unknown key"),
    (_set("places", "G1", "spaces", {}), r"places\.G1\.spaces\.\w+: missing"),
    (_set("places", "G1", "sheet", "sheet_1"), r"places\.G1\.sheet: a sheet only on a covered fresco"),
    (_set("players", 1, "name", "Red"), r"players\[1\]\.name: expected a distinct one-word player name"),
    (_set("players", [{"name": "Red"}]), r"players: expected a list of 2 to 4 items"),
    (_set("black", 2), r"black: black materials not conserved: 2 counted"),
    (_set("players", 0, "supply", 0), r"players\[0\]\.supply: Red's materials not conserved"),
    (_set("players", 0, "supply", -1), r"players\[0\]\.supply: expected a whole number from 0 to 999, got -1"),
    (_set("players", 0, "hand", lambda h: h[::-1]), r"players\[0\]\.hand: card ids in increasing order"),
    (_set("players", 0, "hand", lambda h: h + [0] * 4), r"players\[0\]\.hand: expected a list of 0 to 8 items"),
    (_set("discard", lambda d: d + [d[0]]), r"discard: card \d+ is also in discard"),
    (_set("deck", lambda d: d[1:]), r"deck: technique card \d+ is nowhere"),
    (_set("last_place", 40), r"last_place: expected a chapel place"),
    (_set("last_place", "G1"), r"last_place: a place only once the game is over"),
    (_set("reveals", 2), r"reveals: 0 between turns"),
    (_set("rng", -1), r"rng: expected a whole number from 0 to"),
    (_set("over", True), r"over: true only once every fresco is restored"),
])
def test_state_from_dict_refuses_malformed_states(change, says):
    """Each damaged field is refused with a SaveError that names it (annotations, names
    against the players, and the position's consistency)."""
    d = ready_game(RWB, seed=4).state.to_dict()
    change(d)
    with pytest.raises(SaveError, match="^state\\." + says):
        state_from_dict(d)
    save = json.loads(ready_game(RWB, seed=4).to_json())
    change(save["state"])
    with pytest.raises(SaveError, match="^state\\." + says):
        Game.from_json(json.dumps(save))


@pytest.mark.rule("sixtina setup.initial", "sixtina turn.pending")
def test_pending_decision_refusal_shows_an_example_action_text():
    from fresco_kit.sixtina.rules import decision_options
    game = new_game(RWB, seed=5)
    assert game.state.pending[0].KIND == "initial"
    reason = game.explain("prepare").reasons[0][0]
    choices = [str(a) for a in decision_options(game.state)]
    assert all(c.startswith("initial ") for c in choices)
    assert reason == (f"{game.state.players[game.state.acting_seat]} must first answer the pending initial decision; "
                      f"the choices are: {', '.join(choices)}")
    assert "InitialRestoration" not in reason
    game.play(choices[-1])                        # each listed text is a legal answer
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
    assert reason == "Red must first answer the pending bonus decision; the choices are: bonus refined, bonus material"
