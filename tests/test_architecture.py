"""The package's layers and imports, checked from the source with ``ast``.

Layers, each importing only its own and the ones below it::

    core  <  game engine  <  sim  <  classroom  <  serve  <  cli

A game package's classroom modules (``fresco_kit.core.interface.CLASSROOM_MODULES``:
pictures, widgets, teaching helpers, table parts, exercises) count as the classroom layer,
the rest of it as the game layer.  Every import counts: at module level, inside
functions, under ``if TYPE_CHECKING:`` and ``importlib.import_module("...")`` look-ups.

- Core imports no game, no sim, no classroom, and none of matplotlib, ipywidgets,
  networkx or pandas at module level (nor does ``import fresco_kit.core`` load them).
- Core, sim, classroom, serve and the CLI import no game module: they reach a game through its
  ``GameInfo`` (``fresco_kit.core.interface``), and write no game's name.
- No game imports another game; a game module by a name built at run time is imported
  only by the registry's loader (``fresco_kit.core.plugins.load``).
- No import circles, counting ``TYPE_CHECKING`` imports.
- No module imports inside a function, except the heavy optional packages listed in
  :data:`LAZY` (so that ``import fresco_kit`` stays fast and widgets need no kernel).
"""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import networkx as nx

from fresco_kit.core.interface import CLASSROOM_MODULES
from fresco_kit.core.registry import games

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fresco_kit"
#: packages that may be imported inside a function: heavy, optional or only for drawing
LAZY = {"matplotlib", "ipywidgets", "networkx", "IPython", "pandas", "tqdm", "dask", "distributed",
        "pyspiel", "numpy",
        # the review extra's ratings (openskill), read when a ladder is rated; psutil (with jupyter)
        # for the served classroom's load benchmark
        "openskill", "psutil",
        # the served classroom (the ``serve`` extra: starlette, uvicorn), imported by ``fresco-kit serve`` only
        "fresco_kit.serve.run"}
#: modules one module may import inside its functions: the fresco-kit command imports the
#: modules of a study, a sweep, a ladder, a review and the fuzzers in the commands that run
#: them, so that ``fresco-kit bench``, ``games`` or ``examples`` load no statistics or fuzzers
LAZY_IN = {"fresco_kit.cli": {"fresco_kit.sim.runner", "fresco_kit.sim.sweep", "fresco_kit.sim.ladder",
                              "fresco_kit.classroom.review", "fresco_kit.classroom.plots", "fresco_kit.core.fuzz"}}
#: the layers, lowest first
LAYERS = ("core", "game", "sim", "classroom", "serve", "cli")
#: what core may not import at module level, beside the kit's upper layers
CORE_FORBIDDEN = {"matplotlib", "ipywidgets", "networkx", "pandas"}
#: the one module that imports game modules by a name built at run time
LOADER = "fresco_kit.core.plugins"
#: the packages of the kit's games (a game registered from outside the kit is not in the source tree)
GAME_PACKAGES = {info.package for info in games() if info.package.startswith("fresco_kit.")}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
TREES = {module: ast.parse(path.read_text(encoding="utf-8")) for module, path in MODULES.items()}


def game_of(module: str) -> str | None:
    """The game package ``module`` belongs to, or None."""
    return next((pkg for pkg in GAME_PACKAGES if module == pkg or module.startswith(pkg + ".")), None)


def layer(module: str) -> str:
    """The layer of one of the kit's modules (the root package counts as core: it imports
    only the registry and registers the kit's games by name)."""
    if module == "fresco_kit" or module.startswith("fresco_kit.core"):
        return "core"
    package = game_of(module)
    if package is not None:
        return "classroom" if module.rsplit(".", 1)[-1] in CLASSROOM_MODULES else "game"
    if module.startswith("fresco_kit.sim"):
        return "sim"
    if module.startswith("fresco_kit.classroom"):
        return "classroom"
    if module.startswith("fresco_kit.serve"):
        return "serve"
    if module == "fresco_kit.cli":
        return "cli"
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS")


def resolve(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """Every module (the kit's or outside it) that one import statement names."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    package = module if MODULES[module].name == "__init__.py" else module.rsplit(".", 1)[0]
    base = node.module or ""
    if node.level:
        anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join(anchor + ([base] if base else []))
    out = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
    return out or [base]


def lookups(tree: ast.AST) -> tuple[list[str], list[ast.Call]]:
    """The modules ``importlib.import_module`` looks up by a literal name, and the calls
    whose name is built at run time."""
    literal, built = [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("import_module") and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                literal.append(arg.value)
            else:
                built.append(node)
    return literal, built


def function_nodes(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside a function (imports there run when it is called)."""
    return {id(n) for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
            for n in ast.walk(fn) if n is not fn}


def imports(module: str, module_level: bool = False) -> list[str]:
    """Every module ``module`` imports (of the kit or not), counting ``TYPE_CHECKING``
    imports and literal ``import_module`` look-ups; only those outside functions with
    ``module_level``."""
    tree = TREES[module]
    inside = function_nodes(tree) if module_level else set()
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in inside:
            out += resolve(module, node)
    out += lookups(tree)[0]
    return out


def kit_imports(module: str) -> set[str]:
    """The kit's modules ``module`` imports (a package counts as its ``__init__``)."""
    found = set()
    for target in imports(module):
        while target and target not in MODULES:
            target = target.rpartition(".")[0]
        if target and target != module and target.startswith("fresco_kit"):
            found.add(target)
    return found


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for module in MODULES:
        graph.add_node(module)
        for target in kit_imports(module):
            graph.add_edge(module, target)
    return graph


def imports_inside_functions() -> list[str]:
    found = []
    for module, tree in TREES.items():
        for fn in ast.walk(tree):
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
                        if name.split(".")[0] not in LAZY and name not in LAZY | LAZY_IN.get(module, set()):
                            found.append(f"{module}.{fn.name}: {ast.unparse(node)}")
    return found


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of a module and of its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def test_every_module_has_a_layer():
    assert {layer(m) for m in MODULES} <= set(LAYERS)


def test_each_layer_imports_only_its_own_and_the_layers_below():
    rank = {name: i for i, name in enumerate(LAYERS)}
    upward = sorted(f"{m} ({layer(m)}) imports {t} ({layer(t)})" for m in MODULES for t in kit_imports(m)
                    if rank[layer(t)] > rank[layer(m)])
    assert not upward, f"{len(upward)} import(s) of a higher layer:\n" + "\n".join(upward)


def test_core_imports_no_heavy_package_at_module_level():
    found = sorted(f"{m} imports {t}" for m in MODULES if layer(m) == "core"
                   for t in imports(m, module_level=True) if t.split(".")[0] in CORE_FORBIDDEN)
    assert not found, "\n".join(found)


def test_only_games_import_games_and_no_game_imports_another():
    found = sorted(f"{m} imports {t}" for m in MODULES for t in kit_imports(m)
                   if game_of(t) is not None and game_of(t) != game_of(m))
    assert not found, ("a game is reached through its GameInfo (fresco_kit.core.interface):\n"
                       + "\n".join(found))


def test_only_the_registry_loader_imports_modules_by_a_name_built_at_run_time():
    found = sorted(f"{m}:{call.lineno}: {ast.unparse(call)}" for m, tree in TREES.items()
                   for call in lookups(tree)[1] if m != LOADER)
    assert not found, "\n".join(found)


def test_core_sim_classroom_and_cli_write_no_game_name():
    names = {info.name for info in games()}
    found = []
    for module, tree in TREES.items():
        if module == "fresco_kit" or game_of(module) is not None:
            continue  # the root package registers the kit's games; a game names itself
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                if node.value in names or any(f"{pkg}" in node.value for pkg in GAME_PACKAGES):
                    found.append(f"{module}:{node.lineno}: {node.value!r}")
    assert not found, "read a game's name from the registry:\n" + "\n".join(found)


def test_import_fresco_kit_core_loads_no_game_sim_classroom_or_heavy_package():
    code = (
        "import sys, fresco_kit.core\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=ROOT).stdout.split()
    upper = ("fresco_kit.sim", "fresco_kit.classroom", *GAME_PACKAGES)
    found = [m for m in loaded if m.split(".")[0] in CORE_FORBIDDEN
             or any(m == p or m.startswith(p + ".") for p in upper)]
    assert "fresco_kit.core" in loaded and not found, found


def test_import_fresco_kit_sim_loads_no_pandas_and_no_game():
    code = (
        "import sys\n"
        "from fresco_kit.sim import ablate, compare, simulate\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=ROOT).stdout.split()
    found = [m for m in loaded if m.split(".")[0] in {"pandas", "tqdm", "matplotlib"}
             or any(m == p or m.startswith(p + ".") for p in GAME_PACKAGES)]
    assert "fresco_kit.sim.runner" in loaded and not found, found


def test_the_bench_command_loads_no_study_module():
    code = (
        "import sys\n"
        "from fresco_kit.cli import main\n"
        "main(['bench', sys.argv[1], '-n', '1'])\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    name = games()[0].name
    loaded = subprocess.run([sys.executable, "-c", code, name], capture_output=True, text=True, check=True,
                            cwd=ROOT).stdout.split()
    study = set().union(*LAZY_IN.values())
    found = [m for m in loaded if m in study or m.split(".")[0] in {"pandas", "matplotlib"}]
    assert "fresco_kit.cli" in loaded and not found, found


def test_no_import_circles_counting_type_checking_imports():
    cycles = sorted(" -> ".join(c + [c[0]]) for c in nx.simple_cycles(import_graph()))
    by_package: dict[str, int] = {}
    for cycle in cycles:
        package = game_of(cycle.split(" -> ")[0]) or cycle.split(" -> ")[0]
        by_package[package] = by_package.get(package, 0) + 1
    assert not cycles, (f"{len(cycles)} import circle(s) ({by_package}), e.g.:\n" + "\n".join(cycles[:10]))


def test_no_imports_inside_functions_except_heavy_optional_packages():
    found = imports_inside_functions()
    assert not found, f"{len(found)} import(s) inside functions:\n" + "\n".join(found)


def test_no_import_circles_in_core_sim_classroom_and_cli():
    """The circles outside the game packages (e.g. the session and the registry: the
    registry builds sessions, so the session reads its game through a protocol)."""
    cycles = [c for c in nx.simple_cycles(import_graph()) if all(game_of(m) is None for m in c)]
    assert not cycles, "\n".join(" -> ".join(c + [c[0]]) for c in cycles)
