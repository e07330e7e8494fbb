"""Worked examples, the action text format, saves and the ruleset table."""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game, Rng, RuleError, run_examples
from fresco_kit.core.game import SaveError
from fresco_kit.fresco import RULESET_SWITCHES, RULESETS, examples, new_game, rules, switch_table
from fresco_kit.fresco.actions import Done, Plan, Restore, Settle, Wake, altar, parse_action
from fresco_kit.fresco.refs import RULES
from fresco_kit.fresco.setup import setup_events

from .helpers import P4, data, game

@pytest.mark.rule("fresco p1.mood", "fresco p1.price")
def test_seven_oclock_example():
    assert all(c.ok for c in examples.seven_oclock())


@pytest.mark.rule("fresco cath.bishop_move", "fresco cath.bishop_bonus", "fresco cath.bishop_after")
def test_bishop_example():
    assert all(c.ok for c in examples.bishop_bonuses())


@pytest.mark.rule("fresco altar.basic", "fresco altar.blended")
def test_altar_example():
    assert all(c.ok for c in examples.altar_restorations())


@pytest.mark.rule("fresco workshop")
def test_workshop_example():
    assert all(c.ok for c in examples.workshop_blends())


@pytest.mark.rule("fresco round.income")
def test_income_example():
    assert all(c.ok for c in examples.income())


@pytest.mark.rule("fresco cath.track", "fresco bigbox.final_collision")
def test_collision_example():
    assert all(c.ok for c in examples.track_collision())


@pytest.mark.rule("fresco end.final_round", "fresco end.no_income", "fresco bigbox.complete")
def test_final_round_example():
    assert all(c.ok for c in examples.final_round_trigger())


@pytest.mark.rule("fresco end.money", "fresco end.winner")
def test_money_example():
    assert all(c.ok for c in examples.final_money_count())


def test_all_examples_print_and_match():
    lines = []
    assert run_examples(examples.EXAMPLES, lines.append)
    assert lines[-1] == "all examples match" and len(examples.EXAMPLES) == 8
    assert {ex.kind for ex in examples.EXAMPLES} <= {"rulebook example", "constructed"}


def test_action_text_round_trips_and_bad_text_is_refused():
    texts = ["wake Red 7", "plan Red 1 2 0 1 1", "buy Red booth 2 tiles 1,3", "close Red booth 2",
             "restore Red 1,2", "restore Red 1,2 bishop 1,1 ahead", "restore Red 0,0 behind",
             "altar Red yellow red blue", "altar Red orange green purple ahead", "studio Red",
             "blend Red orange", "theater Red", "done Red", "settle Red behind"]
    for text in texts:
        assert str(parse_action(text)) == text
    assert parse_action("altar Red blue yellow red") == altar("Red", ["yellow", "red", "blue"])
    for bad in ["", "wake", "wake Red", "wake Red seven", "buy Red 2", "restore Red 1-2", "altar Red yellow red",
                "settle Red sideways", "fly Red", "plan Red", "studio Red now"]:
        with pytest.raises(ValueError):
            parse_action(bad)
    g = game()
    g.play(str(g.legal_actions()[0]))


def test_saves_round_trip_and_bad_saves_are_refused():
    g = game("bigbox")
    for _ in range(12):
        g.play(rules.sample_action(g.state, Rng(len(g.history))))
    again = Game.from_json(g.to_json())
    assert again.state == g.state and again.options == {"ruleset": "bigbox", "switches": {}}
    data = json.loads(g.to_json())
    data["state"]["bank"] += 1
    with pytest.raises(SaveError):
        Game.from_json(json.dumps(data))
    for breakage in ({"players": "x"}, {"phase": "dancing"}, {"fresco": [None] * 3}, {"bishop": [9, 9]},
                     {"supply": {"yellow": 1}}, {"rng": "x"}):
        d = json.loads(g.to_json())["state"]
        d.update(breakage)
        with pytest.raises((ValueError, TypeError, KeyError)):
            rules.state_from_dict(d)
    d = json.loads(g.to_json())["state"]
    del d["bag"]
    with pytest.raises(ValueError, match="state: missing key\\(s\\) bag"):
        rules.state_from_dict(d)
    d = json.loads(g.to_json())["state"]
    d["colour"], d["players"][1]["hat"] = "red", 1
    with pytest.raises(ValueError, match="state: unknown key\\(s\\) colour$"):
        rules.state_from_dict(d)
    del d["colour"]
    with pytest.raises(ValueError, match="player: unknown key\\(s\\) hat"):
        rules.state_from_dict(d)
    d = json.loads(g.to_json())["state"]
    d["extra"] = 0
    del d["rng"]
    with pytest.raises(ValueError, match="missing key\\(s\\) rng; unknown key\\(s\\) extra"):
        rules.state_from_dict(d)
    with pytest.raises(SaveError, match="unknown key"):
        Game.from_json(json.dumps(dict(json.loads(g.to_json()), state=dict(d, rng=0))))


def test_view_hides_only_while_planning_and_undo_works():
    g = game()
    view = g.state.view("Red")
    assert view.rng == 0 and view.players == g.state.players and view.booths == g.state.booths
    while g.state.phase == "wake":
        g.play(g.legal_actions()[0])
    g.play(Plan("Red", (1, 1, 1, 1, 1)))
    assert g.state.view("White").player("Red").plan == "hidden"
    g.undo()
    assert g.state.player("Red").plan is None


def test_checks_name_every_reason():
    g = game()
    verdict = g.explain(Wake("Nobody", 7))
    assert not verdict.ok and verdict.reasons[0][1].id == "p1.order"
    first = g.state.to_move[0]
    other = next(nm for nm in P4 if nm != first)
    reasons = g.explain(Wake(other, 4)).reasons
    assert {ref.id for _, ref in reasons} == {"p1.order", "p1.unique"}
    with pytest.raises(RuleError):
        g.play(Done(first))
    with pytest.raises(RuleError):
        g.play(Settle(first, "ahead"))
    with pytest.raises(RuleError):
        rules.play(g.state, Restore(first, (0, 0)))


def test_ruleset_table_and_setup_events():
    table = switch_table()
    assert [row["name"] for row in table] == [s.name for s in RULESET_SWITCHES]
    differing = [s.name for s in RULESET_SWITCHES if s.base != s.bigbox]
    assert differing == ["start_rotation", "early_end_on_complete", "final_collision", "unlimited_paints"]
    assert RULESETS["bigbox"].start_rotation and not RULESETS["base"].start_rotation
    events = setup_events(new_game(P4, seed=1).state)
    assert [e.rule.id for e in events] == ["setup.side", "setup.start", "setup.player", "setup.market",
                                           "setup.fresco"]
    assert all(RULES[e.rule.id] is e.rule for e in events)


def test_text_summary_shows_the_position():
    from fresco_kit.fresco.text import fresco_grid, summary
    g = game()
    text = summary(g.state)
    assert "Round 1; phase wake" in text and "booth 1:" in text and "*11" in fresco_grid(g.state)
    while g.state.phase == "wake":
        g.play(g.legal_actions()[0])
    g.play(Plan("Red", (1, 0, 0, 0, 0)))
    assert "plan hidden" in summary(g.state.view("White")) and "plan market=1" in summary(g.state)


def test_malformed_actions_and_turn_counters_are_refused_cleanly():
    from fresco_kit.fresco.actions import Altar
    g = game()
    assert g.explain(Altar("Red", ("black", "red", "blue"))).reasons
    d = g.state.to_dict()
    d["chooser"] = [0, 0, 1, 2]
    with pytest.raises(ValueError):
        rules.state_from_dict(d)
    d = g.state.to_dict()
    d["phase"] = "act"
    with pytest.raises(ValueError):
        rules.state_from_dict(d)


def test_edit_refuses_impossible_positions():
    from fresco_kit.fresco.positions import edit
    g = game()
    with pytest.raises(ValueError):
        edit(g.state, players={"Red": {"vp": 5}, "White": {"vp": 5}})
    with pytest.raises(ValueError):
        edit(g.state, players={"Red": {"thalers": data.COINS}})
    with pytest.raises(ValueError):
        edit(g.state, players={"Red": {"mood": 99}})
