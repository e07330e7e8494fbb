"""The design review: summary lines and tables, and the self-contained HTML report."""

from __future__ import annotations

import base64
import re

import pytest

from fresco_kit import game_info
from fresco_kit.classroom import review
from fresco_kit.sim.runner import simulate

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def study():
    return simulate("fresco", ["kit", "kit", "kit", "random"], 6, seed=2, workers=1, decisions=True, rules=True)


def test_a_study_keeps_the_decisions_and_rules(study):
    assert study.game == "fresco" and len(study.games) == 6
    assert study.decisions is not None and study.rules is not None


def test_summary_lines_say_wins_order_points_length_margins_drama_and_reach(study):
    text = "\n".join(review.summary_lines(study))
    assert text.startswith("Fresco: 6 games, 4 players, bots kit,kit,kit,random")
    assert re.search(r"^ {3}3  random +\d+\.\d +\d\.\d{3}   \d\.\d{3} - \d\.\d{3}$", text, re.M)   # by seat
    assert re.search(r"^ all  kit +\d+\.\d", text, re.M)                                           # by bot
    assert "seat balance: chi-square" in text
    assert re.search(r"^points of kit: fresco tiles \d+%, bishop bonus \d+%, altar \d+%", text, re.M)
    assert re.search(r"^length: [\d.]+ actions a game .*6 of 6 finished$", text, re.M)
    assert re.search(r"^decisiveness: winning margin [\d.]+ points on average", text, re.M)
    assert re.search(r"^drama: [\d.]+ lead changes a game", text, re.M)
    assert re.search(r"^position balance: chi-square [\d.]+ .*Holm over the tests: [\d.]+\): ", text, re.M)
    assert re.search(r"^turn order \(position 0 acts first\):$", text, re.M)
    assert re.search(r"^length: .* [\d.]+ turns .*[\d.]+ rounds", text, re.M)
    assert "what separates the winner from the rest" in text
    # every switch is reported by its reach, never as "never used" (some act only at the final count)
    assert "never used" not in text
    reach = review.metrics.reach_table(study).set_index("switch")
    for switch in game_info("fresco").switches:
        assert f"  {switch.name}: {reach.loc[switch.name, 'verdict']} " in text
    assert reach.loc["final_sheet", "verdict"] == "reached in 6 of 6 games"    # acts in every final round
    assert "no ladder given (fresco-kit ladder fresco --bots kit,random)" in text


def test_summary_tables_cover_the_review(study):
    tables = review.summary_tables(study)
    assert list(tables) == [
        "Win rate by seat (Wilson 95% interval)",
        "Win rate by turn-order position (0 acts first)",
        "Win rate by bot (Wilson 95% interval, per seat-game)",
        "Balance verdicts (chi-square, Holm-corrected; detectable: two-sided α=0.05, power 0.8)",
        "Share of the points by category, per bot",
        "Share of the points by category, per seat",
        "What separates the winner from the rest (winner minus the mean of the others)",
        "Length, decisiveness and drama",
        "Length in actions, turns and rounds (95% interval of the mean)",
        "Switch reach: how often the situation each switch decides arose",
        "Decisions by kind of action, per bot",
        "Rule switches: times their rule fired",
        "Rules used",
    ]
    switches = tables["Rule switches: times their rule fired"]
    assert list(switches["switch"]) == [s.name for s in game_info("fresco").switches]
    spread = tables["Length, decisiveness and drama"]
    assert spread.loc["length (actions)", "mean"] == study.games["actions"].mean()
    assert spread.loc["lead changes", "max"] == study.games["lead_changes"].max()
    rules = tables["Rules used"]
    assert (rules["section"] != "").all()                       # every rule cited by its rulebook section


def test_the_report_is_one_self_contained_html_file(study, tmp_path):
    path = review.write_report(study, tmp_path / "fresco_review.html", command="fresco-kit review fresco -n 6")
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<h1>Design review: Fresco</h1>" in page and "<code>fresco-kit review fresco -n 6</code>" in page
    assert "kit, kit, kit, random" in page                         # the settings
    for heading in review.summary_tables(study):
        assert f"<h2>{heading}</h2>" in page
    assert page.count("<table") >= len(review.summary_tables(study)) + 1
    images = re.findall(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)" alt="([^"]+)">', page)
    assert len(images) == len(review.PLOTS) == page.count("<img")
    for data, alt in images:
        assert base64.b64decode(data)[:8] == PNG_MAGIC and len(alt) > 40
    assert "http" not in re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", page).lower()   # nothing loaded from elsewhere
    assert not re.search(r"<(script|link|iframe)\b", page)
