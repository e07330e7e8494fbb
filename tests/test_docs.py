"""The README and the start-here notebook: set-up commands first, and no dead links."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
START = ROOT / "notebooks" / "00_start_here.ipynb"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_readme_opens_with_the_two_set_up_commands():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ")
    body = [line for line in lines[1:] if line.strip()]
    assert body[0].startswith("```"), "the README must open with the set-up commands"
    end = body.index("```", 1)
    assert body[1:end] == ["make lab", "make test"]


def _local_links(text: str) -> list[str]:
    return [link.split("#")[0] for link in LINK.findall(text)
            if not re.match(r"[a-z]+:", link) and not link.startswith("#")]


@pytest.mark.parametrize("doc", ["README.md", "seeds/README.md", "notebooks/00_start_here.ipynb"])
def test_local_links_resolve(doc):
    path = ROOT / doc
    if path.suffix == ".ipynb":
        nb = nbformat.read(path, as_version=4)
        text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    else:
        text = path.read_text(encoding="utf-8")
    # figures/ is written by `fresco-kit figures` (checked in test_cli.py)
    dead = [link for link in _local_links(text)
            if not link.startswith("figures/") and not (path.parent / link).exists()]
    assert not dead, f"{doc}: links to missing files: {dead}"


def test_start_here_links_every_game_notebook():
    nb = nbformat.read(START, as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    linked = {(START.parent / link).resolve() for link in _local_links(text)}
    notebooks = {p.resolve() for p in (ROOT / "notebooks").glob("*/*.ipynb")}
    missing = sorted(str(p.relative_to(ROOT)) for p in notebooks - linked)
    assert not missing, f"00_start_here.ipynb does not link: {missing}"


def test_make_lab_opens_the_start_here_notebook_and_starts_as_root_too():
    """`make lab` (dry run): JupyterLab on the start-here notebook; as root it adds
    --allow-root, without which JupyterLab refuses to start (containers, classrooms)."""
    import os
    import shutil
    import subprocess

    make = shutil.which("make")
    assert make, "make is needed for the README's two commands"
    out = subprocess.run([make, "-n", "lab"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    lab = [line for line in out.splitlines() if "jupyter lab" in line]
    assert lab and lab[-1].endswith("notebooks/00_start_here.ipynb")
    assert ("--allow-root" in lab[-1]) == (os.geteuid() == 0)


def test_the_readme_action_examples_parse_in_their_game():
    """Every line of the README's grammar block is a real action text of the game named."""
    from fresco_kit import game_info

    text = README.read_text(encoding="utf-8")
    block = text[text.index("```\nprepare"):]
    lines = block[4:block.index("```", 4)].strip().splitlines()
    assert len(lines) >= 6
    for line in lines:
        action_text, comment = (part.strip() for part in line.split("#", 1))
        game = comment.split(":")[0]
        action = game_info(game).grammar.parse(action_text)
        assert str(action) == action_text, (game, action_text)


def test_contributing_s_map_names_every_module():
    """Every module of the package appears in CONTRIBUTING.md's map (as ``name.py`` or, for a
    game's section modules, by name in its game's line), and nothing cites a design file the
    project does not have."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    block = text[text.index("## The map"):text.index("## From a rulebook section")]
    words = set(re.findall(r"[a-z_0-9]+", block))
    package = ROOT / "fresco_kit"
    missing = sorted(str(p.relative_to(ROOT)) for p in package.rglob("*.py")
                     if p.stem != "__init__" and p.stem not in words)
    assert not missing, f"CONTRIBUTING.md's map does not name {missing}"
    cited = [str(p.relative_to(ROOT)) for p in [*package.rglob("*.py"), *(ROOT / "tests").rglob("*.py"), README]
             if "DESIGN" + ".md" in p.read_text(encoding="utf-8")]
    assert not cited, f"these cite a design file the project does not have: {cited}"
