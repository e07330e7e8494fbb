"""Every rulebook worked example, played through the engine, matches the rulebook."""
from __future__ import annotations

import subprocess
import sys

import pytest

from fresco_kit.sixtina.examples import EXAMPLES

RULES_BY_EXAMPLE = {
    "Correct restoration": ["sixtina restore.correct"],
    "Excellent restoration": ["sixtina restore.excellent", "sixtina bonus.objective", "sixtina obj.ec3"],
    "Prudent restoration": ["sixtina restore.prudent"],
    "Completing a fresco": ["sixtina complete.modify", "sixtina complete.contribution", "sixtina complete.score",
                            "sixtina complete.reveal"],
    "Final scoring": ["sixtina final.objectives", "sixtina final.contribution", "sixtina final.prudent",
                      "sixtina final.leftover", "sixtina final.winner", "sixtina end.trigger"],
    "Gianluigi's restoration": ["sixtina gian.restore", "sixtina gian.extra", "sixtina two.turns"],
    "Sheets with History": ["sixtina variant.sheets"],
}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_example_matches_the_rulebook(example):
    checks = example.run()
    assert checks and example.kind == ("constructed" if example.name == "Sheets with History" else "rulebook example")
    bad = [c for c in checks if not c.ok]
    assert not bad, example.table(checks)


def test_every_example_is_listed():
    assert [e.name for e in EXAMPLES] == list(RULES_BY_EXAMPLE)


@pytest.mark.rule("sixtina restore.correct", "sixtina restore.excellent", "sixtina restore.prudent",
                  "sixtina complete.contribution", "sixtina final.prudent", "sixtina gian.extra")
def test_cli_prints_all_examples_and_exits_zero():
    out = subprocess.run([sys.executable, "-m", "fresco_kit.cli", "examples", "sixtina"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "all examples match" in out.stdout
    for e in EXAMPLES:
        assert e.name in out.stdout
