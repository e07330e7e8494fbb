"""The teaching queries (fresco_kit.fresco.teach): answers come from the engine."""
from __future__ import annotations

import subprocess
import sys

import pytest
from html import escape

from fresco_kit.core import RuleError
from fresco_kit.fresco import board, data, teach
from fresco_kit.fresco.refs import RULES
from fresco_kit.fresco.rulesets import RULESET_SWITCHES
from fresco_kit.fresco.scoring import altar_points, bishop_bonus

TIMES4 = {"Red": 7, "White": 5, "Blue": 9, "Yellow": 8}


@pytest.mark.rule("fresco p1.mood", "fresco p1.price", "fresco p1.turn_order")
def test_wake_up_seven_oclock_prices_and_order():
    report = teach.wake_up(TIMES4)
    row = {r.player: r for r in report.rows}
    assert not report.refused
    assert (row["Red"].mood_change, row["Red"].price) == (-1, 2)
    assert row["Red"].mood_after == data.MOOD_START  # one space down from the middle, counted from 1 at the bottom
    assert all(r.price == data.INN[r.time][1] for r in report.rows)
    assert [nm for nm in sorted(row, key=lambda nm: row[nm].position)] == ["White", "Red", "Yellow", "Blue"]
    assert "7 o'clock" in "\n".join(report.events)


@pytest.mark.rule("fresco p1.mood", "fresco mood.plus", "fresco mood.minus")
def test_wake_up_clamps_and_changes_apprentices():
    # mood spaces as the board shows them: 1 at the bottom of the column to 9 at the top
    report = teach.wake_up(TIMES4, moods={"Red": 5, "White": 2, "Blue": 9, "Yellow": 7})
    row = {r.player: r for r in report.rows}
    assert row["White"].mood_after == 1 and row["White"].clamped and row["White"].apprentices == 4
    assert row["Blue"].mood_after == 9 and row["Blue"].clamped and row["Blue"].apprentices == 6
    assert row["Yellow"].apprentices == 5 and not row["Yellow"].clamped
    assert "clamped" in report.text() and "2->1*" in report.text()
    assert "White gets up at 5 o'clock: mood -2 (space 2 -> 1)" in "\n".join(report.events)
    with pytest.raises(ValueError, match="off the column"):
        teach.wake_up(TIMES4, moods={"Red": 0})


@pytest.mark.rule("fresco p1.order")
def test_wake_up_choosing_order_starts_with_s1():
    from fresco_kit.fresco import new_game

    starts = {nm: p.start for nm, p in zip(new_game(list(TIMES4), seed=0).state.names,
                                           new_game(list(TIMES4), seed=0).state.players)}
    report = teach.wake_up(TIMES4)
    first = next(r for r in report.rows if r.chooses == 1)
    assert starts[first.player] == 1
    # on the track the last player (fewest VP) chooses first
    report = teach.wake_up(TIMES4, vp={"Red": 10, "White": 3, "Blue": 7, "Yellow": 12})
    assert [r.player for r in sorted(report.rows, key=lambda r: r.chooses)] == ["White", "Blue", "Red", "Yellow"]


@pytest.mark.rule("fresco p1.unique")
def test_wake_up_refuses_a_taken_time_with_the_rule():
    report = teach.wake_up({"Red": 7, "White": 7, "Blue": 6, "Yellow": 9})
    assert report.refused and report.refused[0][1].checklist_id == "fresco p1.unique"
    assert "already taken" in report.text()


@pytest.mark.rule("fresco p2.plan", "fresco mood.minus", "fresco bigbox.side2")
def test_plan_report_uses_the_engine_checks():
    ok = teach.plan_report((1, 2, 1, 1, 0))
    assert ok.ok and len(ok.doing) == 4 and "legal plan" in ok.text()
    too_many = teach.plan_report((3, 2, 1, 0, 0))
    assert not too_many.ok and too_many.reasons[0][1].checklist_id == "fresco p2.plan"
    minus = teach.plan_report((2, 2, 1, 0, 0), apprentices=4)
    assert minus.reasons[0][1].checklist_id == "fresco mood.minus"
    assert teach.plan_report((2, 2, 1, 0, 1), apprentices=6).ok
    side2 = teach.plan_report((0, 1, 0, 0, 2), side="side2")
    assert side2.columns == data.SHEETS["side2"] and side2.columns.count("cathedral") == 2 and side2.ok
    with pytest.raises(ValueError):
        teach.plan_report((0,) * 5, apprentices=7)


@pytest.mark.rule("fresco cath.bishop_bonus")
def test_bishop_bonus_grid_matches_scoring():
    for bishop in board.SQUARES:
        grid = teach.bishop_bonus_grid(bishop)
        assert all(grid[r - 1][c - 1] == bishop_bonus(bishop, (r, c)) for r, c in board.SQUARES)  # from 1
        assert grid[bishop[0] - 1][bishop[1] - 1] == 3
    assert sum(row.count(2) for row in teach.bishop_bonus_grid((1, 1))) == 3


@pytest.mark.rule("fresco altar.basic", "fresco altar.blended")
def test_altar_report():
    assert teach.altar_report(["yellow", "red", "blue"]).points == 2
    assert teach.altar_report(["orange", "red", "purple"]).points == 4
    blended = teach.altar_report(["orange", "green", "purple"])
    assert blended.points == 6 == altar_points(["orange", "green", "purple"])
    assert blended.readings == {"basic": 5, "blended": 6}
    bad = teach.altar_report(["yellow", "yellow", "blue"])
    assert bad.points is None and isinstance(bad.refusal, RuleError)
    assert f"({RULES['altar.basic'].citation})" in bad.text() and "refused" in bad.text()
    assert "[fresco " not in bad.text()  # no checklist ids in learner text


@pytest.mark.rule("fresco workshop")
def test_blending_rows():
    rows = teach.blending_rows()
    assert sorted(c for _, _, c in rows) == sorted(data.BLENDED)
    assert ("red", "yellow", "orange") in rows and ("red", "blue", "purple") in rows


@pytest.mark.rule("fresco end.money", "fresco cath.track", "fresco bigbox.final_collision")
def test_final_count_collisions_under_both_rulesets():
    players = {"Red": (10, 20, 5), "White": (0, 25, 6), "Blue": (0, 26, 7), "Yellow": (3, 5, 8)}
    base = teach.final_count(players, "base", "behind")
    row = {r.player: r for r in base.rows}
    assert (row["Red"].money_vp, row["Red"].after) == (5, 24)
    assert (row["Yellow"].money_vp, row["Yellow"].after) == (1, 6)
    assert base.winners == ["Blue"]
    assert teach.final_count(players, "base", "ahead").rows[0].after == 27
    bigbox = teach.final_count(players, "bigbox", "behind")
    assert bigbox.rows[0].after == 27 and bigbox.winners == ["Red"]
    assert [r.player for r in base.rows] == ["Red", "White", "Blue", "Yellow"]   # get-up order
    assert "space 25 is taken" in base.text()


def test_final_count_refuses_impossible_positions():
    clash = teach.final_count({"Red": (10, 20, 5), "White": (0, 20, 6), "Blue": (0, 26, 7), "Yellow": (3, 5, 8)})
    assert "share a victory point space" in clash.text()
    rich = teach.final_count({"Red": (190, 20, 5), "White": (20, 21, 6), "Blue": (0, 26, 7), "Yellow": (3, 5, 8)})
    assert "impossible position" in rich.text()
    same = teach.final_count({"Red": (5, 20, 5), "White": (10, 21, 5), "Blue": (0, 26, 7), "Yellow": (3, 5, 8)})
    assert "already taken" in same.text()
    three = teach.final_count({"Red": (4, 2, 5), "White": (0, 0, 6), "Blue": (2, 3, 7)}, "bigbox")
    assert not three.error and [r.after for r in three.rows] == [4, 0, 5]


@pytest.mark.rule("fresco bigbox.paints")
def test_random_games_and_the_comparison():
    game = teach.play_random(5, "bigbox", n=3)
    assert game.is_over
    text = teach.comparison_text(0)
    assert "base" in text and "bigbox" in text and "winner" in text and "paints noted on paper" in text
    result = teach.ruleset_comparison(0)
    assert result["base"]["paper"] == 0 and result["bigbox"]["paper"] > 0


def test_switch_table_html_lists_every_switch_and_source():
    html = teach.switch_table_html()
    for sw in RULESET_SWITCHES:
        assert sw.name in html and f"fresco {sw.rule}" in html
        assert sw.source_for("bigbox").split(",")[0] in html


def test_example_lookup_and_players():
    assert teach.example("Income").kind == "constructed"
    with pytest.raises(KeyError):
        teach.example("no such example")
    assert teach.players_for(3) == ["Red", "White", "Blue"]
    with pytest.raises(ValueError):
        teach.players_for(5)


def test_teach_does_not_import_plotting_or_widgets():
    code = ("import sys, fresco_kit.fresco.teach; "
            "print(sorted(m for m in ('matplotlib', 'ipywidgets', 'networkx') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.rule("fresco p2.resolve")
def test_narrate_round_visits_locations_in_order():
    lines = teach.narrate_round(seed=1)
    visited = [line[1:line.index("]")] for line in lines if line.startswith("[")]
    order = ["market", "cathedral", "studio", "workshop", "theater"]
    assert [loc for k, loc in enumerate(visited) if k == 0 or visited[k - 1] != loc] == order
    assert lines[-1].strip().startswith("round 2")
    assert any("order: White, Blue, Red, Yellow" == line for line in lines)


def test_the_round_at_a_glance_is_a_short_table_with_the_whole_narration_behind_details():
    html = teach.narrate_round_html(seed=1)
    table, details = html.split("<details>", 1)
    assert table.count("<tr>") == 1 + 5  # a header and one row per location
    assert "[fresco " not in table  # no checklist ids in the short table
    lines = teach.narrate_round(seed=1)
    assert f"({len(lines)} lines)" in details
    assert all(escape(line) in details for line in lines)


def test_the_ruleset_comparison_keeps_the_events_per_rule_behind_details():
    html = teach.comparison_html(seed=0)
    table, details = html.split("<details>", 1)
    assert "paints noted on paper" in table and "fresco p2.forfeit" not in table
    assert "title='fresco p2.forfeit'" in details
