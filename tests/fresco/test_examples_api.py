"""Worked examples, the action text format, saves and the ruleset table."""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game, Rng, RuleError, run_examples
from fresco_kit.core.game import SaveError
from fresco_kit.fresco import RULESET_SWITCHES, RULESETS, examples, new_game, rules, switch_table
from fresco_kit.fresco.actions import GRAMMAR, Blend, Buy, Done, Plan, Restore, Settle, Wake, altar, parse_action
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
    assert lines[-1] == "all examples match" and len(examples.EXAMPLES) == 12
    assert {ex.kind for ex in examples.EXAMPLES} <= {"rulebook example", "constructed"}
    # the seed rule texts print no worked example of the inn: the 7 o'clock case is constructed
    assert examples.example("Getting up at 7 o'clock").kind == "constructed"
    assert all(ex.kind == "constructed" for ex in examples.EXAMPLES)


@pytest.mark.rule("fresco market.close", "fresco market.buy")
def test_closing_a_booth_empties_it_for_later_players():
    assert all(c.ok for c in examples.market_collision())


@pytest.mark.rule("fresco bigbox.rotation")
def test_rotation_example_single_painter_stays():
    checks = {c.quantity: c for c in examples.start_rotation()}
    assert all(c.ok for c in checks.values())
    assert checks["bigbox: a single painter left on the start spaces stays on"].actual == 2


@pytest.mark.rule("fresco end.tie")
def test_tie_example_shares_the_win():
    assert all(c.ok for c in examples.tie_for_the_win())


@pytest.mark.rule("fresco supply.coins", "fresco supply.paints")
def test_bank_example_counts_196_thalers_and_78_paints():
    checks = {c.quantity: c for c in examples.bank_and_supply()}
    assert all(c.ok for c in checks.values())
    assert checks["thalers in all"].actual == 196 and checks["4 players: bank after setup (196 - 4 x 12)"].actual == 148


def test_action_text_round_trips_and_bad_text_is_refused():
    texts = ["wake Red 7", "plan Red 1,2,0,1,1", "buy Red booth 2 tiles 1,3", "close Red booth 2",
             "restore Red 2,3", "restore Red 2,3 bishop 2,2 track ahead", "restore Red 1,1 track behind",
             "altar Red yellow,red,blue", "altar Red orange,green,purple track ahead", "studio Red",
             "blend Red orange", "theater Red", "done Red", "settle Red behind"]
    for text in texts:
        assert str(parse_action(text)) == text
    assert parse_action("altar Red blue,yellow,red") == altar("Red", ["yellow", "red", "blue"])
    assert str(parse_action("altar Red blue,yellow,red")) == "altar Red yellow,red,blue"
    assert parse_action("restore Red 2,3 track ahead") == Restore("Red", (2, 3), track="ahead")
    assert parse_action("restore Red 1,1").segment == (1, 1) and parse_action("restore Red 5,5").segment == (5, 5)
    assert GRAMMAR.forms() == ["wake PLAYER TIME", "plan PLAYER COUNTS", "buy PLAYER booth BOOTH tiles TILES",
                               "close PLAYER booth BOOTH", "restore PLAYER SEGMENT [bishop BISHOP] [track TRACK]",
                               "altar PLAYER PAINTS [track TRACK]", "studio PLAYER", "blend PLAYER COLOUR",
                               "theater PLAYER", "done PLAYER", "settle PLAYER TRACK"]
    for bad in ["", "wake", "wake Red", "wake Red seven", "wake Red 4", "buy Red 2", "restore Red 1-2",
                "restore Red 6,1", "restore Red 0,1", "restore Red 1,0", "restore Red 2,3 bishop 0,0",
                "restore Red 1,2 ahead", "altar Red yellow red", "altar Red black,red,blue",
                "settle Red sideways", "fly Red", "plan Red", "plan Red 1 2 0 1 1", "plan Red 1.5",
                "studio Red now", "buy Red booth 5 tiles 1"]:
        with pytest.raises(ValueError):
            parse_action(bad)
    g = game()
    g.play(str(g.legal_actions()[0]))


@pytest.mark.parametrize("make, field", [
    (lambda: Plan("Red", (1.5, 0, 0, 0, 0)), "Plan.counts"),
    (lambda: Plan("Red", (True, 0, 0, 0, 0)), "Plan.counts"),
    (lambda: Plan("Red", (-1, 0, 0, 0, 0)), "Plan.counts"),
    (lambda: Plan("Red", "1,1,1,1,1"), "Plan.counts"),
    (lambda: Wake("Red", {"a": 1}), "Wake.time"),
    (lambda: Wake("Red", [1, 2]), "Wake.time"),
    (lambda: Wake("Red", 10), "Wake.time"),
    (lambda: Wake("Red Team", 7), "Wake.player"),
    (lambda: Restore("Red", (1, "2")), "Restore.segment"),
    (lambda: Restore("Red", (1, 2, 3)), "Restore.segment"),
    (lambda: Restore("Red", (0, 1)), "Restore.segment"),           # rows and columns count from 1
    (lambda: Restore("Red", (1, 1), bishop=(1, 6)), "Restore.bishop"),
    (lambda: Restore("Red", (1, 1), track="sideways"), "Restore.track"),
    (lambda: Buy("Red", True, (1,)), "Buy.booth"),
    (lambda: Buy("Red", 1, (0,)), "Buy.tiles"),
    (lambda: altar("Red", ["yellow", "red", None]), "Altar.paints"),
    (lambda: Blend("Red", 7), "Blend.colour"),
    (lambda: Settle("Red", None), "Settle.track"),
])
def test_actions_with_wrong_fields_are_refused_when_made(make, field):
    """Regression (fuzz): a wrong-typed field used to reach the rules and crash there
    (``Wake(time={...})`` raised TypeError in ``wakeup.checks``)."""
    with pytest.raises(ValueError, match=f"^{field}: expected"):
        make()


def test_saves_round_trip_and_bad_saves_are_refused():
    g = game("bigbox")
    for _ in range(12):
        g.play(rules.sample_action(g.state, Rng(len(g.history))))
    again = Game.from_json(g.to_json())
    assert again.state == g.state and again.options == {"ruleset": "bigbox", "switches": {}}
    data = json.loads(g.to_json())
    data["state"]["bank"] += 1
    with pytest.raises(SaveError, match="^state.bank: the bank and the players' thalers must add up to 196"):
        Game.from_json(json.dumps(data))
    for breakage, message in [
            ({"players": "x"}, "state.players: expected a list of 3 to 4 items, got 'x'"),
            ({"phase": "dancing"}, "state.phase: expected one of 'wake', 'plan', 'act', 'final_count', 'over'"),
            ({"fresco": [None] * 3}, "state.fresco: expected a list of exactly 5 items"),
            ({"bishop": [9, 9]}, "state.bishop[0]: expected a whole number from 0 to 4, got 9"),
            ({"supply": {"yellow": 1}}, "state.supply.red: missing"),
            ({"rng": "x"}, "state.rng: expected a whole number from 0 to"),
            ({"chooser": ["Red", "Nobody", "Blue", "Yellow"]}, "state.chooser[1]: expected a player: one of "),
            ({"booths": [["M99"]]}, "state.booths[0][0]: expected a market tile id: one of M1, M2"),
            ({"switches": {"unlimited_paints": "yes"}}, "state.switches.start_rotation: missing")]:
        d = json.loads(g.to_json())["state"]
        d.update(breakage)
        with pytest.raises(SaveError) as err:
            rules.state_from_dict(d)
        assert str(err.value).startswith(message), str(err.value)
    d = json.loads(g.to_json())["state"]
    del d["bag"]
    with pytest.raises(SaveError, match="^state.bag: missing$"):
        rules.state_from_dict(d)
    d = json.loads(g.to_json())["state"]
    d["colour"], d["players"][1]["hat"] = "red", 1
    with pytest.raises(SaveError, match="^state.colour: unknown key; the keys here are ruleset, switches"):
        rules.state_from_dict(d)
    del d["colour"]
    with pytest.raises(SaveError, match=r"^state.players\[1\].hat: unknown key; the keys here are name, thalers"):
        rules.state_from_dict(d)
    with pytest.raises(SaveError, match="unknown key"):
        Game.from_json(json.dumps(dict(json.loads(g.to_json()), state=d)))


def test_a_save_is_readable_and_a_bad_field_is_named():
    """The issue's example: a save names paints by colour, and a bad count is refused
    with the path of the field."""
    g = game(players=P4)
    d = json.loads(g.to_json())
    red = d["state"]["players"][0]
    assert red["name"] == "Red" and red["paints"] == {"yellow": 1, "red": 1, "blue": 1, "orange": 0, "green": 0,
                                                      "purple": 0}
    assert red["points"] == {"fresco": 0, "bishop": 0, "altar": 0, "track": 0, "money": 0}
    assert d["state"]["bishop"] == [2, 2] and len(d["state"]["fresco"]) == 5
    assert d["state"]["fresco"][2][2] == data.FRESCO_TILES[data.CENTRE_TILE].id
    assert all(t in data.MARKET_INDEX for booth in d["state"]["booths"] for t in booth)
    assert d["start"]["chooser"] == [g.state.names[i] for i in g.state.chooser]
    d["start"]["players"][2]["paints"]["blue"] = "x"
    with pytest.raises(SaveError) as err:
        Game.from_json(json.dumps(d))
    assert str(err.value) == "start.players[2].paints.blue: expected a whole number from 0 to 999, got 'x'"


def test_view_hides_plans_only_while_planning_and_undo_works():
    g = game()
    view = g.state.view("Red")
    assert view.rng is None and view.to_dict()["booths"] == g.state.to_dict()["booths"]
    while g.state.phase == "wake":
        g.play(g.legal_actions()[0])
    g.play(Plan("Red", (1, 1, 1, 1, 1)))
    assert g.state.view("White").player("Red").plan is None and g.state.view("White").player("Red").planned
    g.undo()
    assert g.state.player("Red").plan is None and not g.state.view("White").player("Red").planned


def test_checks_name_every_reason():
    g = game()
    verdict = g.explain(Wake("Nobody", 7))
    assert not verdict.ok and verdict.reasons[0][1].id == "p1.order"
    first = g.state.to_move[0]
    g.play(Wake(first, 7))
    other = next(nm for nm in P4 if nm not in (first, g.state.to_move[0]))
    reasons = g.explain(Wake(other, 7)).reasons
    assert {ref.id for _, ref in reasons} == {"p1.order", "p1.unique"}
    with pytest.raises(RuleError):
        g.play(Done(first))
    with pytest.raises(RuleError):
        g.play(Settle(first, "ahead"))
    with pytest.raises(RuleError):
        rules.play(g.state, Restore(first, (1, 1)))


def test_ruleset_table_and_setup_events():
    table = switch_table()
    assert [row["name"] for row in table] == [s.name for s in RULESET_SWITCHES]
    differing = [s.name for s in RULESET_SWITCHES if s.default_for("base") != s.default_for("bigbox")]
    assert differing == ["start_rotation", "early_end_on_complete", "final_collision", "unlimited_paints"]
    assert RULESETS["bigbox"].start_rotation and not RULESETS["base"].start_rotation
    events = setup_events(new_game(P4, seed=1).state)
    assert [e.rule.id for e in events] == ["setup.side", "setup.start", "setup.player", "setup.market",
                                           "setup.fresco"]
    assert all(RULES[e.rule.id] is e.rule for e in events)


def test_text_summary_shows_the_position():
    from fresco_kit.fresco.draw import fresco_grid, summary
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
    with pytest.raises(ValueError, match="Altar.paints: expected"):
        Altar("Red", ("black", "red", "blue"))
    assert g.explain(Altar("Red", ("yellow", "yellow", "red"))).reasons
    d = g.state.to_dict()
    d["chooser"] = ["Red", "Red", "White", "Blue"]
    with pytest.raises(SaveError, match=r"^state.chooser: every player once"):
        rules.state_from_dict(d)
    d = g.state.to_dict()
    d["phase"] = "act"
    with pytest.raises(SaveError, match="^state.wake_at: 4: every player has chosen a get-up time"):
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
