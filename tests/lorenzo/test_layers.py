"""Lorenzo's modules in layers (issue 16): no import cycle, counting imports under
``if TYPE_CHECKING:``; ``state.py`` at the bottom (section modules name ``State`` at
run time); the engine modules import no teaching or UI code (``fresco_kit.classroom``)."""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import fresco_kit.lorenzo

PACKAGE = "fresco_kit.lorenzo"
ROOT = Path(fresco_kit.lorenzo.__file__).parent
#: The modules that draw or teach: they may use the classroom package.
UI = {"draw", "svg", "widgets", "teach", "table", "exercises"}
#: Known until the glossary moves out of refs.py (the game-interface work of issue 16).
GLOSSARY = {("refs", "fresco_kit.classroom.i18n")}


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (``TYPE_CHECKING`` blocks and
    functions too): ``from . import x`` counts as importing the module ``x``."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = PACKAGE if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                out.add(sub if (ROOT / f"{alias.name}.py").exists() and module == PACKAGE else module)
    return out


def graph() -> nx.DiGraph:
    """Lorenzo's modules and the imports between them."""
    g = nx.DiGraph()
    for path in ROOT.glob("*.py"):
        name = path.stem
        g.add_node(name)
        for target in imports(path):
            if target.startswith(PACKAGE + "."):
                g.add_edge(name, target.removeprefix(PACKAGE + ".").split(".")[0])
    return g


def test_no_import_cycles_counting_type_checking_imports():
    assert list(nx.simple_cycles(graph())) == []
    assert not any("TYPE_CHECKING" in path.read_text() for path in ROOT.glob("*.py"))


def test_state_is_at_the_bottom():
    g = graph()
    assert set(g.successors("state")) <= {"data", "readings"}
    assert nx.descendants(g, "state") <= {"data", "readings", "refs"}
    for section in ("flow", "consistency", "placement", "towers", "zones", "market", "vatican", "endround",
                    "effects", "setup", "final", "rules"):
        assert "state" in g.successors(section), section


def test_engine_modules_import_no_classroom_code():
    bad = {(path.stem, target) for path in ROOT.glob("*.py") if path.stem not in UI
           for target in imports(path) if target.startswith("fresco_kit.classroom")}
    assert bad <= GLOSSARY, bad
