"""Traceability: every rule of the checklist is in the engine and named by a test.

``tests/rules_checklist.txt`` lists every rule of the source rulebooks as
``<game> <id> | <rule in short>``.  For each registered game this module checks that

* ``<package>.refs.RULES`` (a :class:`fresco_kit.core.Rulebook`; the package from the
  registry) has every checklist id of that game as a key (the engine can cite every rule);
  a game with no checklist entries (the template game) has only its own rules;
* every checklist id is named by at least one ``pytest.mark.rule("<game> <id>")``
  somewhere in ``tests/**/*.py`` (found by parsing the test files with :mod:`ast`:
  decorators, ``pytestmark = ...`` and ``pytest.param(..., marks=...)`` alike);
* every id a marker names exists in the checklist or in ``RULES``, and every extra
  rule that ``RULES`` adds beyond the checklist is named by a test too.

A registered game whose ``refs`` module does not exist fails.  The template game's tests
(``tests/template_game``) are read only when it is registered (``--template-game``).
"""
from __future__ import annotations

import ast
import importlib
import warnings
from collections import defaultdict
from pathlib import Path

import pytest

from fresco_kit import games
from fresco_kit.core import Rulebook
from tests.games import TEMPLATE_DIR, kit_games, package, template_game_registered

TESTS = Path(__file__).resolve().parent
CHECKLIST = TESTS / "rules_checklist.txt"
GAMES = tuple(info.name for info in games())
SHARED_CHECKLIST = TESTS.parent.parent / "shared" / "reference" / "rules_checklist.txt"


def read_checklist(path: Path = CHECKLIST) -> dict[str, list[str]]:
    """Checklist ids per game, in file order (``{"sixtina": ["setup.chapel", ...]}``)."""
    ids: dict[str, list[str]] = defaultdict(list)
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        head, sep, _rule = line.partition("|")
        parts = head.split()
        if not sep or len(parts) != 2:
            raise ValueError(f"{path.name}:{number}: expected '<game> <id> | <rule>', got {line!r}")
        ids[parts[0]].append(parts[1])
    return dict(ids)


def _is_rule_marker(func: ast.expr, aliases: set[str]) -> bool:
    """``pytest.mark.rule`` / ``mark.rule`` / a name bound to one of those."""
    if isinstance(func, ast.Attribute) and func.attr == "rule":
        base = func.value
        return (isinstance(base, ast.Attribute) and base.attr == "mark") or (
            isinstance(base, ast.Name) and base.id == "mark")
    return isinstance(func, ast.Name) and func.id in aliases


def _constants(tree: ast.Module) -> dict[str, list[str]]:
    """Module-level ``NAME = "..."`` / ``NAME = ["...", ...]`` string constants."""
    table: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            items = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
            if all(isinstance(i, ast.Constant) and isinstance(i.value, str) for i in items):
                table[node.targets[0].id] = [i.value for i in items]
    return table


def _strings(args: list[ast.expr], constants: dict[str, list[str]]) -> tuple[list[str], list[str]]:
    """String literals among ``args`` (also ``*[...]``, and module-level string constants
    by name) and the arguments that cannot be read statically."""
    found, opaque = [], []
    for arg in args:
        inner = arg.value if isinstance(arg, ast.Starred) else arg
        if isinstance(inner, (ast.List, ast.Tuple)):
            more, hidden = _strings(list(inner.elts), constants)
            found += more
            opaque += hidden
        elif isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            found.append(inner.value)
        elif isinstance(inner, ast.Name) and inner.id in constants:
            found += constants[inner.id]
        else:
            opaque.append(ast.unparse(arg))
    return found, opaque


def marker_ids(root: Path = TESTS) -> tuple[dict[str, set[str]], list[str]]:
    """Every string named by a ``rule`` marker under ``root``: ``{id: {file:line, ...}}``.

    Also returns the places where a marker argument is not a string literal, which
    this static check cannot read (reported, so nobody is surprised).
    """
    named: dict[str, set[str]] = defaultdict(set)
    opaque: list[str] = []
    for path in sorted(root.rglob("*.py")):
        if path.is_relative_to(TEMPLATE_DIR) and not template_game_registered():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        aliases = {target.id
                   for node in ast.walk(tree) if isinstance(node, ast.Assign)
                   and isinstance(node.value, ast.Attribute) and _is_rule_marker(node.value, set())
                   for target in node.targets if isinstance(target, ast.Name)}
        constants = _constants(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _is_rule_marker(node.func, aliases):
                found, hidden = _strings(node.args, constants)
                where = f"{path.relative_to(root.parent)}:{node.lineno}"
                for text in found:
                    named[text.strip()].add(where)
                opaque += [f"{where}: {text}" for text in hidden]
    return dict(named), opaque


CHECKLIST_IDS = read_checklist()
MARKED, OPAQUE = marker_ids()


def checklist(game: str) -> list[str]:
    """The checklist ids of ``game`` (none for a game the checklist does not cover)."""
    return CHECKLIST_IDS.get(game, [])


def rulebook(game: str) -> Rulebook:
    """``<package>.refs.RULES``; fails the test when it does not exist (yet)."""
    name = f"{package(game)}.refs"
    try:
        refs = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        pytest.fail(f"{name} cannot be imported ({exc}); every registered game must provide "
                    f"refs.RULES with all {len(checklist(game))} checklist ids")
    rules = getattr(refs, "RULES", None)
    assert isinstance(rules, Rulebook), f"{name}.RULES must be a fresco_kit.core.Rulebook"
    assert rules.game == game, f"{name}.RULES is the rulebook of {rules.game!r}"
    assert len(rules), f"{name}.RULES is empty"
    return rules


def marked_for(game: str) -> dict[str, set[str]]:
    """Marker ids of ``game``, without the game prefix."""
    prefix = f"{game} "
    return {text[len(prefix):].strip(): where for text, where in MARKED.items() if text.startswith(prefix)}


@pytest.mark.skipif(not SHARED_CHECKLIST.exists(), reason="no ../shared checkout beside this one (CI clone)")
def test_the_checklist_copy_matches_the_shared_one():
    assert CHECKLIST.read_text(encoding="utf-8") == SHARED_CHECKLIST.read_text(encoding="utf-8"), (
        "tests/rules_checklist.txt differs from ../shared/reference/rules_checklist.txt: copy it over")


def test_checklist_is_well_formed():
    """The checklist names registered games only, each id once, and covers every game of the
    kit (a game of ``fresco_kit``: its rules come from a rulebook)."""
    unknown = sorted(set(CHECKLIST_IDS) - set(GAMES))
    assert not unknown, f"games in the checklist that are not registered: {unknown}"
    untraced = sorted({info.name for info in kit_games()} - set(CHECKLIST_IDS))
    assert not untraced, f"games of the kit without checklist ids: {untraced}"
    for game, ids in CHECKLIST_IDS.items():
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        assert not duplicates, f"{game}: duplicate checklist ids {duplicates}"


def test_markers_name_a_game_and_an_id():
    """Each marker argument reads ``"<game> <id>"`` with a known game."""
    bad = {text: sorted(where) for text, where in MARKED.items()
           if len(text.split()) != 2 or text.split()[0] not in GAMES}
    assert not bad, f"rule markers must read '<game> <id>' with game in {GAMES}: {bad}"
    assert not OPAQUE, ("rule marker arguments must be string literals so traceability can "
                        f"read them: {OPAQUE}")


@pytest.mark.parametrize("game", GAMES)
def test_refs_hold_every_checklist_id(game):
    rules = rulebook(game)
    missing = [rid for rid in checklist(game) if rid not in rules]
    assert not missing, f"{game}: {len(missing)} checklist ids missing from refs.RULES: {missing}"
    empty = [rid for rid, ref in rules.items() if not ref.section.strip() or not ref.summary.strip()]
    assert not empty, f"{game}: rules without a section heading or a paraphrase: {empty}"


@pytest.mark.parametrize("game", GAMES)
def test_every_checklist_id_is_named_by_a_test(game):
    marked = marked_for(game)
    missing = [rid for rid in checklist(game) if rid not in marked]
    assert not missing, (f"{game}: {len(missing)} of {len(checklist(game))} checklist ids are "
                         f"named by no pytest.mark.rule(\"{game} <id>\"): {missing}")


@pytest.mark.parametrize("game", GAMES)
def test_marked_ids_exist(game):
    """Markers name only checklist ids or the extra rules of refs.RULES (typos fail)."""
    rules = rulebook(game)
    known = set(checklist(game)) | set(rules)
    unknown = {rid: sorted(where) for rid, where in marked_for(game).items() if rid not in known}
    assert not unknown, f"{game}: markers name ids in neither the checklist nor refs.RULES: {unknown}"


@pytest.mark.parametrize("game", GAMES)
def test_extra_rules_are_named_by_a_test(game):
    """Rules the engine adds beyond the checklist are reported, and each needs a test too."""
    rules = rulebook(game)
    extra = [rid for rid in rules if rid not in checklist(game)]
    if extra:  # shown in pytest's warnings summary (also under xdist)
        warnings.warn(f"{game}: {len(extra)} rules beyond the checklist: {extra}", UserWarning)
    untested = [rid for rid in extra if rid not in marked_for(game)]
    assert not untested, f"{game}: extra rules named by no test: {untested}"
