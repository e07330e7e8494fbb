"""The package's layers: ``state.py`` at the bottom, no import cycle among the Sixtina
modules (counting imports under ``if TYPE_CHECKING:``), sections naming ``State`` at run
time, and the engine modules free of the classroom (only the UI modules use it)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import fresco_kit.sixtina as package

ROOT = Path(package.__file__).parent
PKG = "fresco_kit.sixtina"
UI = {"draw", "svg", "widgets", "teach", "table", "exercises"}


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in the file (``TYPE_CHECKING`` blocks too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = PKG if node.level == 1 else ""
            target = f"{base}.{node.module}" if base and node.module else (node.module or base)
            if target == PKG:
                found |= {f"{PKG}.{a.name}" for a in node.names if (ROOT / f"{a.name}.py").exists()}
            else:
                found.add(target)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def graph() -> nx.DiGraph:
    g = nx.DiGraph()
    for path in ROOT.glob("*.py"):
        module = PKG if path.stem == "__init__" else f"{PKG}.{path.stem}"
        g.add_node(module)
        g.add_edges_from((module, t) for t in imports(path) if t.startswith(PKG))
    return g


def test_no_import_cycle_counting_type_checking_imports():
    assert list(nx.simple_cycles(graph())) == []


def test_state_is_at_the_bottom_and_sections_name_it_at_run_time():
    below_state = nx.descendants(graph(), f"{PKG}.state")
    allowed = ("codes", "data", "actions", "pending", "saved", "views", "readings", "switches")
    assert below_state <= {f"{PKG}.{m}" for m in allowed}
    assert not nx.descendants(graph(), f"{PKG}.switches")      # the switches: plain data, a leaf
    assert nx.descendants(graph(), f"{PKG}.readings") <= {f"{PKG}.switches"}   # the readings name them
    for path in ROOT.glob("*.py"):
        assert "TYPE_CHECKING" not in path.read_text(), path.name


def test_engine_modules_do_not_import_the_classroom():
    for path in ROOT.glob("*.py"):
        if path.stem not in UI:
            assert not any(t.startswith("fresco_kit.classroom") for t in imports(path)), path.name
