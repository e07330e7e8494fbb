"""A number the kit calls "rulebook" is printed in that game's rulebook text.

Worked-example tables head their figure column "rulebook" for a rulebook example
(``Example.kind == "rulebook example"``) and "expected" for a constructed one.  Here
every whole number in a "rulebook" column, in the package's examples and in the
notebooks' stored outputs, must appear in the game's source texts (the rulebooks in
``../shared/seeds``, beside the checkout; CI has them, a wheel install does not).
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from fresco_kit import games

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
#: how each game's source texts begin (the seed files are named by hash)
OPENINGS = {"sixtina": ("1980 Sixtina",), "fresco": ("Game Components", "How to Play Fresco", "Reglas del juego Fresco"),
            "lorenzo": ("La struttura della partita",)}
NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.]\d)")

pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebook texts (../shared/seeds) are not beside this checkout")


def rulebook_text(game: str) -> str:
    texts = [p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))]
    return "\n".join(t for t in texts if t.lstrip().startswith(OPENINGS[game]))


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


@pytest.mark.parametrize("game", [info.name for info in games()])
def test_rulebook_examples_only_show_printed_numbers(game):
    text = rulebook_text(game)
    assert text, f"no source text found for {game}"
    examples = importlib.import_module(f"fresco_kit.{game}.examples").EXAMPLES
    for example in (e for e in examples if e.kind == "rulebook example"):
        missing = numbers_missing(rulebook_column(example.table()), text)
        assert not missing, f"{game} {example.name!r}: 'rulebook' figures the rulebook does not print: {missing}"


@pytest.mark.parametrize("notebook", sorted(p for game in OPENINGS for p in (ROOT / "notebooks" / game).glob("*.ipynb")),
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_notebook_rulebook_columns_only_show_printed_numbers(notebook):
    game = notebook.parent.name
    text = rulebook_text(game)
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
