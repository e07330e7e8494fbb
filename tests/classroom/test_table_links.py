"""Table links that work in JupyterLab as in Voilà, and notebooks JupyterLab trusts.

JupyterLab opens the notebook a link names and drops the link's query string; Voilà hands the
query to the kernel (``QUERY_STRING``).  So the landing page links each table to a notebook of
its own game and player count (``notebooks/tables``), whose cell holds those settings, and a
query in Voilà adds to them.  ``make lab`` trusts the kit's notebooks first, so their stored
widgets render before they run.
"""
from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from fresco_kit.classroom.landing import TABLES, landing_html, table_notebook, table_notebook_name
from fresco_kit.core.registry import games

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
KIT = [info for info in games() if info.package.startswith("fresco_kit.")]


def test_the_table_notebooks_are_what_the_landing_page_writes():
    """``python -m fresco_kit.classroom.landing`` rewrites them; run it after a change."""
    expected = {table_notebook_name(i.name, n): table_notebook(i.name, n) for i in KIT for n in i.player_counts}
    found = {p.relative_to(NOTEBOOKS).as_posix() for p in (NOTEBOOKS / TABLES).glob("*.ipynb")}
    assert found == set(expected)
    for name, notebook in expected.items():
        stored = nbformat.read(NOTEBOOKS / name, as_version=4)
        assert [c.source for c in stored.cells] == [c["source"] for c in notebook["cells"]], name


def run_cell(source: str):
    """The value of a code cell's last expression, as a notebook shows it."""
    tree = ast.parse(source)
    last = ast.Expression(tree.body.pop().value)
    scope: dict = {}
    exec(compile(tree, "<cell>", "exec"), scope)
    return eval(compile(last, "<cell>", "eval"), scope)


def landing_tables() -> list[tuple[str, str, int]]:
    """(game title, link, player count) of every table link of the landing page."""
    html = landing_html(NOTEBOOKS)
    found, title = [], None
    for heading, href, count in re.findall(r'<h2[^>]*>([^<]*)</h2>|href="([^"]*)">(\d) players', html):
        if heading:
            title = unescape(heading)
        else:
            found.append((title, unescape(href), int(count)))
    return found


@pytest.mark.parametrize(("title", "href", "count"), landing_tables())
def test_a_table_link_opens_its_table_in_jupyterlab_and_in_voila(title, href, count, monkeypatch):
    notebook = NOTEBOOKS / href.split("?")[0]          # all that JupyterLab keeps of a link
    assert notebook.exists(), href
    code = [c.source for c in nbformat.read(notebook, as_version=4).cells if c.cell_type == "code"]
    # JupyterLab keeps no query; Voilà does.  A game of no table notebook of its own (the template
    # game, registered only in the tests) is linked through table.ipynb's query: Voilà only.
    cases = [("", "en")] if href.startswith(TABLES) else []
    for query, lang in cases + [(href.partition("?")[2] + "&lang=es", "es")]:
        monkeypatch.setenv("QUERY_STRING", query)
        widget = run_cell(code[-1])
        assert title in widget.children[0].value
        seats = [w for w in walk(widget) if "fk-table-seat" in getattr(w, "_dom_classes", ())]
        assert len(seats) == count
        glossary = [w for w in walk(widget) if "fk-table-glossary" in getattr(w, "_dom_classes", ())]
        assert bool(glossary[0].value) == (lang != "en")        # the rulebook's terms, in Spanish only


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def test_make_lab_trusts_every_notebook_first(tmp_path):
    """``make lab`` runs ``make trust``: afterwards every notebook of the kit is trusted
    (its signature is in the Jupyter data folder), so JupyterLab renders its widgets."""
    make = shutil.which("make")
    assert make
    venv = Path(sys.executable).parent.parent
    out = subprocess.run([make, "-n", "lab", f"VENV={venv}"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    lines = out.splitlines()
    trust = next(i for i, line in enumerate(lines) if "jupyter trust" in line)
    lab = next(i for i, line in enumerate(lines) if "jupyter lab" in line)
    assert trust < lab
    env = {**os.environ, "JUPYTER_DATA_DIR": str(tmp_path)}
    subprocess.run(lines[trust], shell=True, cwd=ROOT, env=env, check=True, capture_output=True)
    notary = NotebookNotary(data_dir=str(tmp_path))
    notebooks = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    assert notebooks
    untrusted = [p.relative_to(ROOT).as_posix() for p in notebooks
                 if not notary.check_signature(nbformat.read(p, as_version=4))]
    assert not untrusted
