"""The kit's readings of the Fresco texts (``fresco_kit.fresco.readings``): each one is
documented once, names a rule of the kit and a switch of the rulesets where another
reading can be played, and is pinned by a test naming its rule."""
from __future__ import annotations

from pathlib import Path

import pytest

from fresco_kit.fresco import RULESET_SWITCHES, flow, new_game, readings
from fresco_kit.fresco.positions import edit
from fresco_kit.fresco.refs import RULES
from fresco_kit.fresco.scoring import altar_points

HERE = Path(__file__).parent


def test_every_reading_names_a_rule_and_its_switch():
    names = [r.name for r in readings.READINGS]
    assert len(names) == len(set(names)) and set(readings.BY_NAME) == set(names)
    switches = {s.name for s in RULESET_SWITCHES}
    for r in readings.READINGS:
        assert r.rule in RULES, r.name
        assert r.switch is None or r.switch in switches, r.name
        assert r.question and r.kit, r.name
    text = readings.readings_text()
    assert all(name in text for name in names)


def test_every_reading_is_pinned_by_a_test_naming_its_rule():
    sources = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    for r in readings.READINGS:
        assert f'"fresco {r.rule}"' in sources, f"no test names fresco {r.rule} ({r.name})"


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
