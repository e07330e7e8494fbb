"""Fresco's modules in layers (issue 16, item 6): no import cycles, counting imports
under ``if TYPE_CHECKING:``; the engine imports no classroom (UI) module; playing by the
rules imports neither networkx nor matplotlib."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import networkx as nx

import fresco_kit.fresco as package

HERE = Path(package.__file__).parent
#: the teaching and UI modules, which may import fresco_kit.classroom
UI = {"draw", "svg", "widgets", "teach", "table", "exercises"}


def imports(path: Path) -> set[str]:
    """The fresco_kit modules ``path`` imports anywhere in its source (TYPE_CHECKING too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = "fresco_kit.fresco" + (f".{base}" if base else "")
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return {m for m in found if m.startswith("fresco_kit")}


def graph() -> nx.DiGraph:
    modules = {f"fresco_kit.fresco.{p.stem}": p for p in HERE.glob("*.py") if p.stem != "__init__"}
    g = nx.DiGraph()
    for name, path in modules.items():
        g.add_node(name)
        g.add_edges_from((name, m) for m in imports(path) if m in modules and m != name)
    return g


def test_no_import_cycles_counting_type_checking_imports():
    cycles = [sorted(c) for c in nx.strongly_connected_components(graph()) if len(c) > 1]
    assert cycles == []


def test_the_state_sits_below_the_sections():
    g = graph()
    assert not nx.descendants(g, "fresco_kit.fresco.state") & {
        f"fresco_kit.fresco.{m}" for m in ("flow", "turns", "rounds", "final", "consistency", "rules")
    }


def test_engine_modules_import_no_classroom_module():
    for path in HERE.glob("*.py"):
        if path.stem not in UI:
            assert not any(m.startswith("fresco_kit.classroom") for m in imports(path)), path.name


def test_playing_by_the_rules_imports_neither_networkx_nor_matplotlib():
    code = (
        "import sys\n"
        "from fresco_kit.core import Rng\n"
        "from fresco_kit.fresco import new_game, rules\n"
        "for seed in range(2):\n"
        "    g = new_game(['Red', 'White', 'Blue'], seed=seed, ruleset='bigbox')\n"
        "    s, rng = g.state, Rng(seed)\n"
        "    while not rules.is_over(s):\n"
        "        s = rules.apply_fast(s, rules.sample_action(s, rng))\n"
        "print(sorted(m for m in ('networkx', 'matplotlib') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
