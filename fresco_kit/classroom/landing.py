"""The classroom landing page: every game with its lessons, tables and exercises, as links.

``make classroom`` serves ``notebooks/`` with Voilà (code hidden) and opens
``00_classroom.ipynb``, whose one cell shows :func:`landing_html`.  The links are
relative to the notebooks folder, so they work the same in Voilà's folder mode
(``/voila/render/...``) and in JupyterLab.  A table link opens the small notebook of its
game and player count (``tables/fresco_3p.ipynb``, :func:`write_table_notebooks`), whose
cell holds those settings, so it opens the same table in JupyterLab, which drops a link's
query string, as in Voilà, which hands it to the kernel as ``QUERY_STRING`` (read by
:meth:`fresco_kit.classroom.table.Table.from_query`, over the notebook's own settings).
A game without such a notebook (one registered from outside the kit) gets a link to
``table.ipynb?game=…`` instead, which only Voilà reads.

The page speaks the link's language (``00_classroom.ipynb?lang=es``) and its links to tables
and exercises carry it on; the lessons stay in English and are marked so (``lang="en"``).
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fresco_kit.core.registry import game_info, games

from .headings import CLASSROOM, exercise_title, lang_query
from .i18n import check_lang, translator
from .table_link import link_lang

TABLE_NOTEBOOK = "table.ipynb"
#: the folder (under the notebooks) of the notebooks of one game and player count
TABLES = "tables"
#: the seed of the landing page's tables
SEED = 1
#: the tag of a notebook cell only a JupyterLab reader needs (the classroom's template leaves it out)
LAB_ONLY = "lab-only"
#: each language of the kit, named in itself (the landing page's links to its other languages)
LANG_NAMES = {"en": "English", "es": "Español", "it": "Italiano"}


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


def table_notebook_name(game: str, players: int) -> str:
    """The path, relative to the notebooks, of the notebook of ``game`` for ``players`` players."""
    return f"{TABLES}/{game}_{players}p.ipynb"


def table_notebook(game: str, players: int) -> dict[str, Any]:
    """The notebook (nbformat 4, as a dict, no outputs) of one table of ``game`` for ``players``:
    what JupyterLab readers do (a markdown cell tagged ``lab-only``, which the classroom leaves
    out), the page's heading in the link's language (:func:`.headings.table_heading`), the table."""
    info = game_info(game)
    preset = urlencode({"game": game, "seed": SEED, "players": players})
    lab = (
        f"# {info.title}: a table for {players} players\n\n"
        "Run the notebook (**Run ▸ Run All Cells**) to sit at the table: choose who sits at each seat "
        "(a person or a bot), then pick moves step by step. In the classroom (Voilà) it opens ready to "
        "play, and a link may add settings, e.g. `?lang=es` or `?players=Ana,Ben,Carla`.\n\n"
        f"[Back to the classroom](../{CLASSROOM})"
    )
    heading = f'from fresco_kit.classroom.headings import table_heading\n\ntable_heading("{game}", {players})'
    code = f'from fresco_kit.classroom.table import Table\n\nTable.from_query(preset="{preset}").widget'
    cells = [
        {"cell_type": "markdown", "id": "intro", "metadata": {"tags": [LAB_ONLY]}, "source": lab},
        _code_cell("heading", heading, []),
        _code_cell("table", code, ["nbval-ignore-output"]),
    ]
    kernel = {"display_name": "Python 3 (fresco-kit)", "language": "python", "name": "python3"}
    return {"cells": cells, "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}


def _code_cell(cell_id: str, source: str, tags: list[str]) -> dict[str, Any]:
    metadata = {"tags": tags} if tags else {}
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": cell_id,
        "metadata": metadata,
        "outputs": [],
        "source": source,
    }


def write_table_notebooks(folder: Path | str) -> list[Path]:
    """Write the table notebook of every kit game and player count under ``folder/tables``."""
    written = []
    for info in games():
        if not info.package.startswith("fresco_kit."):
            continue  # a game from outside the kit: its link stays table.ipynb?game=...
        for n in info.player_counts:
            path = Path(folder) / table_notebook_name(info.name, n)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(table_notebook(info.name, n), indent=1, ensure_ascii=False) + "\n", "utf-8")
            written.append(path)
    return written


def table_href(folder: Path, game: str, players: int, lang: str = "en") -> str:
    """The landing page's link to a table in ``lang``: its notebook if there is one, else ``table.ipynb?…``."""
    name = table_notebook_name(game, players)
    if (folder / name).exists():
        return name + lang_query(lang)
    return table_link(game, seed=SEED, players=str(players), **({} if lang == "en" else {"lang": lang}))


def landing_html(folder: Path | str = ".", lang: str | None = None) -> str:
    """The landing page in ``lang`` (default: the link's, :func:`.table_link.link_lang`): for each
    game a table for each player count, its exercises and its lessons (in English, marked so);
    links to the same page in the kit's other languages.  Links to tables and exercises keep the
    page's language."""
    folder = Path(folder)
    lang = link_lang() if lang is None else check_lang(lang)
    _, keep = translator(lang), lang_query(lang)
    langs = " · ".join(
        f'<a href="{CLASSROOM}{lang_query(code)}" lang="{code}" hreflang="{code}">{escape(name)}</a>'
        for code, name in LANG_NAMES.items()
        if code != lang
    )
    what = _(
        "Pick a game. Lessons explain the rules step by step; a table plays a whole game (people and bots, "
        "one device passed around); the exercises ask questions the rules engine checks and explains."
    )
    parts = [
        '<div class="fk-classroom" style="font-size:15px;line-height:1.5;max-width:60em">',
        f"<h1>{escape(_('Classroom'))}</h1><p>{escape(what)}</p><p>{langs}</p>",
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
            f'<a class="fk-classroom-table" href="{escape(table_href(folder, info.name, n, lang))}">'
            f"{escape(_('{n} players').format(n=n))}</a>"
            for n in info.player_counts
        )
        parts.append(f'<h2 style="font-size:20px">{escape(info.title)}</h2>')
        parts.append(f"<p><b>{escape(_('Play at a table:'))}</b> {tables}</p>")
        if exercises:
            link = escape(exercises[0].relative_to(folder).as_posix() + keep)
            title = escape(exercise_title(info, lang))
            parts.append(f'<p><b>{escape(_("Exercises:"))}</b> <a href="{link}">{title}</a></p>')
        if items:  # (a game may come without lessons)
            lessons_head = _("Lessons ({n})") if lang == "en" else _("Lessons in English ({n})")
            parts.append(
                f"<details open><summary><b>{escape(lessons_head.format(n=len(items)))}</b></summary>"
                f'<ol lang="en">{"".join(items)}</ol></details>'
            )
    parts.append("</div>")
    return "\n".join(parts)


if __name__ == "__main__":  # python -m fresco_kit.classroom.landing: rewrite notebooks/tables
    for written in write_table_notebooks(Path(__file__).resolve().parents[2] / "notebooks"):
        print(written)
