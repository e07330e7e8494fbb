"""The package's shape, checked from the source with ``ast``.

- Every game package has the same module names for the same jobs.
- No import circles between the kit's modules.
- No module imports inside a function, except the heavy optional packages listed in
  :data:`LAZY` (so that ``import fresco_kit`` stays fast and widgets need no kernel).
"""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fresco_kit"
#: packages that may be imported inside a function: heavy, optional or only for drawing
LAZY = {"matplotlib", "ipywidgets", "networkx", "IPython", "pandas", "tqdm", "dask", "distributed",
        "pyspiel", "numpy"}
#: the modules every game package has (DESIGN.md, Layout)
SHAPE = {"__init__", "data", "state", "actions", "flow", "rules", "scoring", "readings", "positions",
         "examples", "draw", "widgets", "teach", "refs", "bots", "svg", "table", "exercises"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The kit's modules that one import statement names."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in MODULES]
    package = module if MODULES[module].name == "__init__.py" else module.rsplit(".", 1)[0]
    base = node.module or ""
    if node.level:
        anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join(anchor + ([base] if base else []))
    out = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
    return out or ([base] if base in MODULES else [])


def runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node except those under ``if TYPE_CHECKING:`` (imports only for the type checker)."""
    skip = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
            and ast.unparse(block.test).endswith("TYPE_CHECKING") for stmt in block.body for n in ast.walk(stmt)}
    return [n for n in ast.walk(tree) if id(n) not in skip]


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for module, path in MODULES.items():
        graph.add_node(module)
        for node in runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in imported(module, node):
                    if target != module:
                        graph.add_edge(module, target)
    return graph


def imports_inside_functions() -> list[str]:
    found = []
    for module, path in MODULES.items():
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if isinstance(node, ast.Import):
                        names = [a.name for a in node.names]
                    elif isinstance(node, ast.ImportFrom) and not node.level:
                        names = [node.module or ""]
                    elif isinstance(node, ast.ImportFrom):
                        names = ["." * node.level + (node.module or "")]
                    else:
                        continue
                    for name in names:
                        if name.split(".")[0] not in LAZY:
                            found.append(f"{module}.{fn.name}: {ast.unparse(node)}")
    return found


def test_every_game_package_has_the_same_shape(game_info):
    present = {p.stem for p in (PACKAGE / game_info.name).glob("*.py")}
    assert SHAPE <= present, f"fresco_kit/{game_info.name} lacks {sorted(SHAPE - present)}"


def test_no_import_circles():
    cycles = sorted(" -> ".join(c + [c[0]]) for c in nx.simple_cycles(import_graph()))
    assert not cycles, f"{len(cycles)} import circle(s), e.g.:\n" + "\n".join(cycles[:10])


def test_no_imports_inside_functions_except_heavy_optional_packages():
    found = imports_inside_functions()
    assert not found, f"{len(found)} import(s) inside functions:\n" + "\n".join(found)
