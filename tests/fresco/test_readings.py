"""The kit's readings of the Fresco texts (``fresco_kit.fresco.readings``): each one is
documented once, names a rule of the kit and a switch of the rulesets where another
reading can be played, and is pinned by a test naming its rule."""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from fresco_kit.core.readings import Reading
from fresco_kit.core.registry import Switch
from fresco_kit.fresco import INFO, RULESET_SWITCHES, RULESETS, flow, new_game, readings
from fresco_kit.fresco.actions import Theater
from fresco_kit.fresco.positions import edit
from fresco_kit.fresco.refs import RULES
from fresco_kit.fresco.scoring import altar_points

from .helpers import at, board, data, edit, finish_round, game, play_round_start, times, wake_all

HERE = Path(__file__).parent


def test_every_reading_has_the_shape_id_text_alternatives_argument_switch():
    ids = [r.id for r in readings.READINGS]
    assert len(ids) == len(set(ids)) and set(readings.READING) == set(ids)
    switches = {s.name for s in RULESET_SWITCHES}
    for r in readings.READINGS:
        assert r.id.isidentifier() and r.id == r.id.lower(), r.id
        assert r.rule in RULES, r.id
        assert r.switch is None or r.switch in switches, r.id
        assert r.reads and r.kit and r.argument, r.id
        assert r.alternatives and all(r.alternatives), r.id
        assert "Fresco" in r.reads, f"{r.id}: the text read names no rulebook"
        assert "FACTS" not in repr(r), r.id
    text = readings.readings_text()
    assert all(i in text for i in ids) and text.count("argument:") == len(ids)
    assert "switch:       none" in text and "switch:       final_collision" in text
    assert max(len(line) for line in text.splitlines()) <= 96
    assert readings.flag("theater_mood_and_the_column_ends").startswith("This is a reading of the kit: ")


def test_the_theater_reading_of_clamping_is_listed():
    r = readings.READING["theater_mood_and_the_column_ends"]
    assert r.rule == "theater" and r.switch == "theater_after_getup"
    assert "top space" in r.kit and "after the next get-up" in r.alternatives[0]


@pytest.mark.rule("fresco theater", "fresco p1.mood")
def test_theater_moves_at_once_clamped_then_the_next_get_up_starts_from_the_top():
    top = data.MOOD_LENGTH - 1
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"mood": top - 2}}))
    # Red gets up at 9 (+1 with the kit's inn): one space below the top
    at(g, "theater", "Red", times(g, Red=9), Red=(0, 0, 0, 0, 1))
    assert g.state.player("Red").mood == top - 1
    g.play(Theater("Red"))
    assert g.state.player("Red").mood == top                   # clamped at the theater visit
    finish_round(g)
    wake_all(g, Red=5)                                         # -2 with the kit's inn
    assert data.INN[5][0] == -2
    assert g.state.player("Red").mood == top - 2               # not top: the +2 was not held back


def test_every_reading_is_pinned_by_a_test_naming_its_rule():
    sources = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    for r in readings.READINGS:
        assert f'"fresco {r.rule}"' in sources, f"no test names fresco {r.rule} ({r.id})"


@pytest.mark.rule("fresco p1.order")
def test_painters_on_start_spaces_choose_before_painters_on_the_track_s1_first():
    game = new_game(["Red", "White", "Blue", "Yellow"], seed=2)
    state = edit(game.state, players={"Red": {"vp": 3}, "White": {"vp": 1}})
    order = [state.names[i] for i in flow.wake_order(state)]
    on_start = sorted((p.start, nm) for nm, p in zip(state.names, state.players) if p.start)
    assert order == [nm for _, nm in on_start] + ["White", "Red"]


@pytest.mark.rule("fresco altar.basic", "fresco altar.blended")
def test_orange_green_purple_scores_the_better_reading():
    assert altar_points(["orange", "green", "purple"]) == 6          # not 5 as three substitutes
    assert altar_points(["orange", "red", "blue"]) == 3              # orange fills the yellow slot
    assert altar_points(["green", "red", "yellow"]) == 3             # green fills the blue slot


def test_readings_and_switches_are_the_kits_one_types():
    assert all(type(r) is Reading for r in readings.READINGS)
    assert all(type(s) is Switch for s in RULESET_SWITCHES) and INFO.switches == RULESET_SWITCHES
    for s in RULESET_SWITCHES:
        assert s.default_for("base") == getattr(RULESETS["base"], s.name)
        assert s.default_for("bigbox") == getattr(RULESETS["bigbox"], s.name)
        assert s.default_for("base") in s.choices and s.default_for("bigbox") in s.choices
        assert s.source_for("base").startswith("Fresco rulebook") and s.source_for("bigbox").startswith("Big Box")


# --- readings added for issue 19: each pinned by a position played through the engine ---------

from fresco_kit.fresco.exercises import at_cathedral  # noqa: E402
from fresco_kit.fresco.rounds import rotate_start_spaces  # noqa: E402
from fresco_kit.fresco.rules import is_over  # noqa: E402


def test_one_booth_per_market_visit_is_a_rule_not_a_reading():
    assert "one_booth_per_market_visit" not in readings.READING
    assert "one booth" in RULES["market.buy"].summary


@pytest.mark.rule("fresco altar.basic")
def test_the_altar_may_be_restored_once_per_apprentice_so_twice_in_one_visit():
    g = at_cathedral({"yellow": 2, "red": 2, "blue": 2}, apprentices=2)
    g.play("altar Red yellow,red,blue")
    assert g.explain("altar Red yellow,red,blue").ok  # the second apprentice restores it again
    g.play("altar Red yellow,red,blue")
    assert g.state.player("Red").vp == 4
    assert readings.READING["altar_more_than_once"].alternatives


@pytest.mark.rule("fresco cath.bishop_move")
def test_the_bishop_may_be_moved_before_each_segment_of_a_visit():
    g = at_cathedral({"yellow": 4, "red": 4, "blue": 4, "orange": 2, "green": 2, "purple": 2}, apprentices=2)
    segments = [a for a in g.rules.legal_actions(g.state, player="Red") if "bishop" in str(a)]
    paid = [e for e in g.play(segments[0]) if e.rule.id == "cath.bishop_move"]
    again = [a for a in g.rules.legal_actions(g.state, player="Red") if "bishop" in str(a)]
    assert again, "a second paid step before the second segment"
    paid += [e for e in g.play(again[0]) if e.rule.id == "cath.bishop_move"]
    assert len(paid) == 2 and all("pays 1 thaler" in e.text for e in paid)


@pytest.mark.rule("fresco p2.resolve")
def test_the_locations_are_visited_in_the_sheets_column_order():
    assert data.SHEETS["side1"] == ("market", "cathedral", "studio", "workshop", "theater")
    assert data.SHEETS["side2"] == ("market", "cathedral", "studio", "workshop", "cathedral")


@pytest.mark.rule("fresco bigbox.rotation")
def test_the_first_in_the_rotation_is_the_painter_on_s1():
    g = new_game(["Red", "White", "Blue", "Yellow"], seed=3, ruleset="bigbox")
    s = g.state.evolve()
    before = {nm: s.player(nm).start for nm in s.names}
    events: list = []
    rotate_start_spaces(s, events)
    after = {nm: s.player(nm).start for nm in s.names}
    on_s1 = next(nm for nm, k in before.items() if k == 1)
    assert after[on_s1] == 4  # the S1 painter goes to the end of the line
    assert all(after[nm] == k - 1 for nm, k in before.items() if k > 1)  # the others move up
    assert events[0].rule.id == "bigbox.rotation"


@pytest.mark.rule("fresco setup.player", "fresco setup.market")
def test_the_base_game_takes_the_big_box_start_but_not_its_unlimited_paints():
    for players in (["Red", "White", "Blue"], ["Red", "White", "Blue", "Yellow"]):
        base, big = new_game(players, seed=1).state, new_game(players, seed=1, ruleset="bigbox").state
        for s in (base, big):
            assert all(p.thalers == 12 and p.paints[:3] == (1, 1, 1) and sum(p.paints) == 3 for p in s.players)
            assert len(s.booths) == len(players)
        assert not base.switches.unlimited_paints and big.switches.unlimited_paints


@pytest.mark.rule("fresco bigbox.complete", "fresco end.final_round")
def test_a_fresco_finished_early_ends_the_big_box_game_but_the_base_game_plays_a_final_round():
    everything = [board.square(i) for i in range(25)]
    outcomes = {}
    for ruleset in ("base", "bigbox"):
        g = game(ruleset)
        g = g.with_state(edit(g.state, restored={"Red": everything}))
        play_round_start(g, times(g, Red=5), {nm: (0, 0, 1, 0, 0) for nm in g.state.names})
        finish_round(g)
        outcomes[ruleset] = (is_over(g.state), g.state.round, g.state.final)
    assert outcomes["bigbox"][0] is True
    assert outcomes["base"] == (False, 2, True)


# --- the two switches of issue 19 (altar_once_per_visit, bishop_once_per_visit) -----------------

import json  # noqa: E402

from fresco_kit.core import Game  # noqa: E402
from fresco_kit.fresco import rules as fresco_rules  # noqa: E402
from fresco_kit.fresco.rulesets import switches_for  # noqa: E402

RICH = {"yellow": 4, "red": 4, "blue": 4, "orange": 2, "green": 2, "purple": 2}


def _switched(g: Game, **switches: bool) -> Game:
    """``g`` with rule switches set (the overrides saved, the switches in force derived)."""
    s = g.state
    overrides = s.overrides.evolve(**switches)
    return g.with_state(s.evolve(overrides=overrides, switches=switches_for(s.ruleset, overrides)))


def _bishop_steps(g: Game) -> list:
    return [a for a in g.rules.legal_actions(g.state, player="Red") if getattr(a, "bishop", None) is not None]


def _altars(g: Game) -> list:
    return [a for a in g.rules.legal_actions(g.state, player="Red") if str(a).startswith("altar")]


def test_the_two_visit_switches_are_listed_with_their_readings_and_default_to_the_kits_reading():
    by_name = {s.name: s for s in RULESET_SWITCHES}
    for name, reading, rule in (
        ("altar_once_per_visit", "altar_more_than_once", "altar.basic"),
        ("bishop_once_per_visit", "bishop_move_before_each_restoration", "cath.bishop_move"),
    ):
        assert readings.READING[reading].switch == name and by_name[name].rule == rule
        assert by_name[name].default_for("base") is False and by_name[name].default_for("bigbox") is False
        assert by_name[name].reach is not None and by_name[name].reach.when == "step"
        assert f"switch:       {name}" in readings.readings_text()
        assert f"<code>{name}</code>" in readings.readings_html()
    rows = {row["name"] for row in __import__("fresco_kit.fresco.rulesets", fromlist=["x"]).switch_table()}
    assert {"altar_once_per_visit", "bishop_once_per_visit"} <= rows


def test_the_learners_tables_name_readings_in_words_not_by_their_ids():
    """The readings table and the switch table a notebook shows name each reading in words
    (``altar more than once``); the ids stay in the code and in tooltips."""
    table = unescape(re.sub(r"<[^>]+>", " ", readings.readings_html()))
    switches = unescape(re.sub(r"<[^>]+>", " ", __import__("fresco_kit.fresco.teach", fromlist=["x"]).switch_table_html()))
    for r in readings.READINGS:
        assert r.id not in table and r.id.replace("_", " ") in table
        assert r.id not in switches
    assert "readings:" not in switches and "the kit's reading 'altar more than once'" in switches


@pytest.mark.rule("fresco altar.basic")
def test_switch_altar_once_per_visit_refuses_a_second_altar_in_the_same_visit_only():
    """Reading altar_more_than_once: off (default), each cathedral apprentice may restore the
    altar; on, once per cathedral visit -- a segment may still follow, and the next visit may
    restore it again."""
    for on in (False, True):
        g = _switched(at_cathedral(RICH, apprentices=3), altar_once_per_visit=on)
        assert _altars(g)
        g.play("altar Red yellow,red,blue")
        assert g.state.altar_this_visit
        second = g.explain("altar Red yellow,red,blue")
        assert second.ok is (not on) and bool(_altars(g)) is (not on)
        if on:
            assert [ref.id for _, ref in second.reasons] == ["altar.basic"]
            assert "once per visit" in second.reasons[0][0]
        assert any(str(a).startswith("restore") for a in g.rules.legal_actions(g.state, player="Red"))
    # the flag is cleared when the visit ends: a later visit starts afresh
    g = _switched(at_cathedral(RICH, apprentices=1), altar_once_per_visit=True)
    g.play("altar Red yellow,red,blue")
    assert not g.state.altar_this_visit and g.state.location != "cathedral"


@pytest.mark.rule("fresco cath.bishop_move")
def test_switch_bishop_once_per_visit_allows_one_paid_step_per_visit():
    """Reading bishop_move_before_each_restoration: off (default), one paid step before each
    segment; on, one paid step in the whole cathedral visit (restoring without a step stays legal)."""
    for on in (False, True):
        g = _switched(at_cathedral(RICH, apprentices=2), bishop_once_per_visit=on)
        first = _bishop_steps(g)[0]
        g.play(first)
        assert g.state.bishop_this_visit
        assert bool(_bishop_steps(g)) is (not on)
        plain = [a for a in g.rules.legal_actions(g.state, player="Red") if str(a).startswith("restore")]
        assert plain and all(a.bishop is None for a in plain) is on
        if on:
            segment = plain[0].segment
            step = board.square(sorted(board.neighbours()[g.state.bishop])[0])  # one step from where it stands
            stepped = f"restore Red {segment[0]},{segment[1]} bishop {step[0]},{step[1]}"
            refused = g.explain(stepped)
            assert not refused.ok and "one paid step per visit" in " ".join(text for text, _ in refused.reasons)
            assert {ref.id for _, ref in refused.reasons} == {"cath.bishop_move"}


@pytest.mark.rule("fresco altar.basic", "fresco cath.bishop_move")
def test_saves_keep_the_visit_fields_and_the_switches_and_round_trip():
    g = _switched(at_cathedral(RICH, apprentices=3), altar_once_per_visit=True, bishop_once_per_visit=True)
    g.play(_bishop_steps(g)[0])
    g.play("altar Red yellow,red,blue")
    d = g.state.to_dict()
    assert d["altar_this_visit"] is True and d["bishop_this_visit"] is True
    assert d["switches"]["altar_once_per_visit"] is True and d["switches"]["bishop_once_per_visit"] is True
    again = fresco_rules.state_from_dict(json.loads(json.dumps(d)))
    assert again == g.state and again.switches.altar_once_per_visit and again.switches.bishop_once_per_visit
    assert not fresco_rules.checks(again, fresco_rules.parse_action("done Red")) and _altars(g.with_state(again)) == []
    # a whole game with the switches set saves and loads (options, start state, replay)
    whole = new_game(["Red", "White", "Blue"], seed=5, switches={"altar_once_per_visit": True})
    assert Game.from_json(whole.to_json()).state == whole.state
    # outside a cathedral visit the flags are refused as unsound
    bad = json.loads(json.dumps(new_game(["Red", "White", "Blue"], seed=5).state.to_dict()))
    bad["altar_this_visit"] = True
    with pytest.raises(ValueError, match="altar_this_visit"):
        fresco_rules.state_from_dict(bad)


@pytest.mark.rule("fresco altar.basic", "fresco cath.bishop_move")
def test_the_visit_switches_reach_counts_the_situation_by_hand():
    """Three cathedral apprentices, both switches off: step+restore (the bishop situation:
    1, a use left), altar (the altar situation: 1, a use left), step+restore again (not
    counted: a step was already paid in this visit), altar again (never counted: the last use)."""
    by_name = {s.name: s.reach for s in RULESET_SWITCHES}
    g = at_cathedral(RICH, apprentices=3)
    counts = {"altar_once_per_visit": 0, "bishop_once_per_visit": 0}
    script = [lambda: _bishop_steps(g)[0], lambda: g.rules.parse_action("altar Red yellow,red,blue"),
              lambda: _bishop_steps(g)[0]]
    for make in script:
        before, action = g.state, make()
        g.play(action)
        for name, reach in by_name.items():
            if name in counts and reach is not None and reach.test(before, action, g.state):
                counts[name] += 1
    assert counts == {"altar_once_per_visit": 1, "bishop_once_per_visit": 1}
    # one apprentice: the only use is spent, so neither situation arises
    g = at_cathedral(RICH, apprentices=1)
    before = g.state
    action = _bishop_steps(g)[0]
    g.play(action)
    assert not by_name["bishop_once_per_visit"].test(before, action, g.state)
