"""Every lorenzo checklist id is in refs.RULES and named by a test marker here."""
from __future__ import annotations

import ast
from pathlib import Path

from fresco_kit.lorenzo.refs import GLOSSARY, RULES

CHECKLIST = Path(__file__).resolve().parents[1] / "rules_checklist.txt"


def _checklist_ids() -> set[str]:
    ids = set()
    for line in CHECKLIST.read_text(encoding="utf-8").splitlines():
        if line.startswith("lorenzo "):
            ids.add(line.split("|")[0].split()[1])
    return ids


def _marked_ids() -> set[str]:
    ids = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "rule":
                ids |= {a.value.split()[1] for a in node.args if isinstance(a, ast.Constant)}
    return ids


def test_every_checklist_id_has_a_rule_ref():
    ids = _checklist_ids()
    assert len(ids) >= 38
    assert ids <= set(RULES)
    extra = set(RULES) - ids
    assert all(i.startswith("kit.") for i in extra)


def test_every_checklist_id_is_named_by_a_test():
    assert _checklist_ids() - _marked_ids() == set()


def test_glossary_gives_italian_terms():
    assert GLOSSARY["family member"] == "familiare" and GLOSSARY["excommunication"] == "scomunica"
    assert GLOSSARY["Vatican report"] == "Rapporto in Vaticano"
