"""The classroom landing page: every game with its lessons, tables and exercises, as links.

``make classroom`` serves ``notebooks/`` with Voilà (code hidden) and opens
``00_classroom.ipynb``, whose one cell shows :func:`landing_html`.  The links are
relative to the notebooks folder, so they work the same in Voilà's folder mode
(``/voila/render/...``) and in JupyterLab.  A table link carries its game and seed in
the query string (``table.ipynb?game=fresco&seed=3``), which Voilà hands to the kernel
as ``QUERY_STRING`` (read by :meth:`fresco_kit.classroom.table.Table.from_query`).
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from urllib.parse import urlencode

from fresco_kit.core.registry import games

TABLE_NOTEBOOK = "table.ipynb"


def notebook_title(path: Path) -> str:
    """The first heading of a notebook's first markdown cell, else its file name in words."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        cells = []
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
            break
    return path.stem.replace("_", " ")


def table_link(game: str, seed: int = 1, **query: str) -> str:
    """The relative link that opens a table of ``game`` from ``seed`` (more settings as query)."""
    return f"{TABLE_NOTEBOOK}?{urlencode({'game': game, 'seed': seed, **query})}"


def landing_html(folder: Path | str = ".") -> str:
    """The landing page: for each game its lessons, a table for each player count, and its exercises."""
    folder = Path(folder)
    parts = [
        '<div class="fk-classroom" style="font-size:15px;line-height:1.5;max-width:60em">',
        "<p>Pick a game. <b>Lessons</b> explain the rules step by step; a <b>table</b> plays a whole "
        "game (people and bots, one device passed around); the <b>exercises</b> ask questions the rules "
        "engine checks and explains.</p>",
    ]
    for info in games():
        lessons = sorted((folder / info.name).glob("[0-9][0-9]_*.ipynb"))
        items = [
            f'<li><a href="{escape(p.relative_to(folder).as_posix())}">{escape(notebook_title(p))}</a></li>'
            for p in lessons
            if "exercises" not in p.stem
        ]
        exercises = [p for p in lessons if "exercises" in p.stem]
        tables = " · ".join(
            f'<a class="fk-classroom-table" href="{escape(table_link(info.name, players=str(n)))}">{n} players</a>'
            for n in info.player_counts
        )
        parts.append(f'<h2 style="font-size:20px">{escape(info.title)}</h2>')
        parts.append(f"<p><b>Play at a table:</b> {tables}</p>")
        if exercises:
            link = escape(exercises[0].relative_to(folder).as_posix())
            parts.append(f'<p><b>Exercises:</b> <a href="{link}">{escape(notebook_title(exercises[0]))}</a></p>')
        parts.append(
            f"<details open><summary><b>Lessons</b> ({len(items)})</summary><ol>{''.join(items)}</ol></details>"
        )
    parts.append("</div>")
    return "\n".join(parts)
