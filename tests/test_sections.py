"""Every rulebook section is taught: each kit game's ``notebooks/<game>/SECTIONS.toml`` lists its
rulebooks' sections in the rulebooks' order, and each section id is the tag ``section:<id>`` of
at least one cell of that game's notebooks (the tag is cell metadata, so learners never see it).

The file's ``taught`` lists name the notebooks holding each section's cells, so the map a reader
opens stays true: the test compares them with the tags.  ``python -m tests.test_sections`` prints
the map (section, heading, notebook and cell number)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.games import kit_games

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TAG = "section:"


def sections(game: str) -> list[dict[str, Any]]:
    """The sections of ``notebooks/<game>/SECTIONS.toml``, in their order."""
    data = tomllib.loads((NOTEBOOKS / game / "SECTIONS.toml").read_text(encoding="utf-8"))
    return list(data["section"])


def tagged_cells(game: str) -> dict[str, list[tuple[str, int]]]:
    """Section id -> (notebook, 1-based cell number) of every cell tagged ``section:<id>``."""
    found: dict[str, list[tuple[str, int]]] = {}
    for path in sorted((NOTEBOOKS / game).glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for number, cell in enumerate(cells, start=1):
            for tag in cell.get("metadata", {}).get("tags", []):
                if tag.startswith(TAG):
                    found.setdefault(tag[len(TAG) :], []).append((path.name, number))
    return found


GAMES = [info.name for info in kit_games()]


@pytest.mark.parametrize("game", GAMES)
def test_every_section_is_taught(game: str) -> None:
    listed = sections(game)
    ids = [s["id"] for s in listed]
    assert len(ids) == len(set(ids)), f"{game}: a section id is listed twice"
    for s in listed:
        assert s.get("source") and s.get("heading"), f"{game}: section {s['id']} needs its source and heading"
    tags = tagged_cells(game)
    untaught = [i for i in ids if i not in tags]
    assert not untaught, f"{game}: sections taught in no notebook cell: {untaught}"
    unknown = sorted(set(tags) - set(ids))
    assert not unknown, f"{game}: cells tagged with sections SECTIONS.toml does not list: {unknown}"
    for s in listed:
        where = sorted({nb for nb, _ in tags[s["id"]]})
        assert sorted(s["taught"]) == where, f"{game}: section {s['id']} is taught in {where}, not {s['taught']}"


def section_map(game: str) -> str:
    """The map as a Markdown table: section, heading, where taught."""
    tags = tagged_cells(game)
    rows = ["| section | source | heading | taught in |", "|---|---|---|---|"]
    for s in sections(game):
        where = ", ".join(f"{nb} cell {n}" for nb, n in tags.get(s["id"], []))
        rows.append(f"| {s['id']} | {s['source']} | {s['heading']} | {where or '—'} |")
    return "\n".join(rows)


if __name__ == "__main__":
    for name in GAMES:
        print(f"## {name}\n\n{section_map(name)}\n")
