"""Shared test set-up: headless matplotlib, and the ``rule`` marker of the checklist."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = ROOT / "tests" / "rules_checklist.txt"   # copy of ../shared/reference/rules_checklist.txt


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(*ids): rules_checklist ids this test exercises")

