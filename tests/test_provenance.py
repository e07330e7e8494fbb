"""A number the kit calls "rulebook" is printed in that game's rulebook text.

Worked-example tables head their figure column "rulebook" for a rulebook example
(``Example.kind == "rulebook example"``) and "expected" for a constructed one.  Here
every whole number in a "rulebook" column, in the package's examples and in the
notebooks' stored outputs, must appear in the game's source texts (the rulebooks in
``../shared/seeds``, beside the checkout; CI has them, a wheel install does not).  The
games are the registered ones that have worked examples (``<package>.examples``) or
notebooks; :data:`OPENINGS` says how each one's source texts begin.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
from pathlib import Path

import pytest

from fresco_kit import games
from tests.games import package

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
#: how each game's source texts begin (the seed files are named by hash; rulebook data that
#: GameInfo.sources could carry instead)
OPENINGS = {"sixtina": ("1980 Sixtina",), "fresco": ("Game Components", "How to Play Fresco", "Reglas del juego Fresco"),
            "lorenzo": ("La struttura della partita",)}
NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.]\d)")

pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebook texts (../shared/seeds) are not beside this checkout")


def rulebook_text(game: str) -> str:
    """The source texts of ``game`` (empty when none is known)."""
    texts = [p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))]
    openings = OPENINGS.get(game)
    return "\n".join(t for t in texts if openings and t.lstrip().startswith(openings))


def with_examples() -> list[str]:
    """The registered games that have a worked-examples module."""
    return [info.name for info in games() if importlib.util.find_spec(f"{package(info.name)}.examples")]


def lesson_notebooks() -> list[Path]:
    """Every registered game's notebooks."""
    return sorted(p for info in games() for p in (ROOT / "notebooks" / info.name).glob("*.ipynb"))


def rulebook_column(table: str) -> list[str]:
    """The entries of the "rulebook" column of an example table (as ``Example.table`` prints it)."""
    lines = table.splitlines()
    out = []
    for i, line in enumerate(lines):
        if line.split()[:3] == ["quantity", "rulebook", "engine"]:
            end = line.index("rulebook") + len("rulebook")
            for row in lines[i + 1 :]:
                if not row.startswith("  ") or len(row) < end:
                    break
                out.append(re.split(r"\s{2,}", row[:end].strip())[-1])
    return out


def numbers_missing(entries: list[str], text: str) -> list[str]:
    printed = set(NUMBER.findall(text))
    return [e for e in entries for n in NUMBER.findall(e) if n not in printed and n.lstrip("-") not in printed]


@pytest.mark.parametrize("game", with_examples())
def test_rulebook_examples_only_show_printed_numbers(game):
    text = rulebook_text(game)
    assert text, f"no source text found for {game}"
    examples = importlib.import_module(f"{package(game)}.examples").EXAMPLES
    for example in (e for e in examples if e.kind == "rulebook example"):
        missing = numbers_missing(rulebook_column(example.table()), text)
        assert not missing, f"{game} {example.name!r}: 'rulebook' figures the rulebook does not print: {missing}"


@pytest.mark.parametrize("notebook", lesson_notebooks(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_notebook_rulebook_columns_only_show_printed_numbers(notebook):
    game = notebook.parent.name
    text = rulebook_text(game)
    assert text, f"no source text found for {game}"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for n, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            shown = "".join(output.get("text", "")) or "".join(output.get("data", {}).get("text/plain", ""))
            missing = numbers_missing(rulebook_column(shown), text)
            assert not missing, f"{notebook.name} cell {n}: 'rulebook' figures the rulebook does not print: {missing}"


def test_the_check_catches_a_number_the_rulebook_does_not_print():
    table = "X (rulebook example; S)\n  quantity  rulebook  engine\n  points       98765   98765\n  kind    excellent  excellent"
    assert rulebook_column(table) == ["98765", "excellent"]
    assert numbers_missing(rulebook_column(table), rulebook_text("sixtina")) == ["98765"]
