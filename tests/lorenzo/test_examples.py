"""Every constructed worked example matches the engine."""
from __future__ import annotations

import pytest

from fresco_kit.core import run_examples
from fresco_kit.lorenzo.examples import EXAMPLES

RULES_OF = {
    "Servants lift the neutral member to 3": ("lorenzo servants", "lorenzo dice.value"),
    "An occupied tower, the floor-4 bonus paying part of the cost": ("lorenzo towers.occupied", "lorenzo towers.bonus"),
    "A third territory, blocked then allowed by military points": ("lorenzo towers.territory_mp",),
    "A production with trades": ("lorenzo zones.simultaneous",),
    "A harvest on the large space at -3 with a character bonus": ("lorenzo zones.spaces",),
    "A Vatican report, both ways": ("lorenzo vatican.support", "lorenzo vatican.excommunicate"),
    "Three excommunication effects": ("lorenzo excomm.kinds",),
    "A complete final-scoring sheet": ("lorenzo final.total", "lorenzo final.winner", "lorenzo vatican.last"),
}


def test_eight_constructed_examples():
    assert len(EXAMPLES) == 8 and all(ex.kind == "constructed" for ex in EXAMPLES)
    assert set(RULES_OF) == {ex.name for ex in EXAMPLES}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_example(example):
    checks = example.run()
    assert checks and all(c.ok for c in checks), example.table(checks)


def test_run_examples_prints_all():
    lines = []
    assert run_examples(EXAMPLES, lines.append)
    assert lines[-1] == "all examples match"
