"""The wheel carries the rule data: build it, install it in a fresh venv, load every seed.

Classrooms install the wheel, not a checkout, so ``seeds/*.toml`` must travel inside
it (``pyproject.toml`` force-includes ``seeds`` as ``fresco_kit/seeds``) and
``fresco_kit.core.data.load_seed`` must read that packaged copy.  Everything here
works offline: the wheel is built without build isolation and installed with
``--no-deps --no-index`` (the core's data loader needs no third-party package).
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("sixtina", "fresco", "lorenzo")

pytestmark = pytest.mark.slow

PROBE = r"""
import json, sys
import fresco_kit
from fresco_kit.core import data
names = sys.argv[1:]
report = {"package": fresco_kit.__file__, "packaged": str(data._PACKAGED), "seeds": {}}
for name in names:
    path = data.seed_path(name)
    report["seeds"][name] = {"path": str(path), "data": data.load_seed(name)}
print(json.dumps(report, default=str))
"""


def _run(cmd: list[str], cwd: Path, **kw) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PIP_NO_INDEX"] = "1"          # offline: never reach for a package index
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, **kw)
    assert proc.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    """Build the wheel, install it into a fresh venv, and load every seed there."""
    for backend in ("hatchling", "build"):
        assert importlib.util.find_spec(backend), (
            f"{backend} is needed to build the wheel offline: install the test extra "
            f"(pip install -e '.[test]')")
    work = tmp_path_factory.mktemp("wheel")
    dist = work / "dist"
    _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(ROOT)],
         cwd=work)
    wheels = sorted(dist.glob("fresco_kit-*.whl"))
    assert len(wheels) == 1, f"expected one wheel, got {wheels}"
    env_dir = work / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    python = env_dir / "bin" / "python"
    _run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheels[0])],
         cwd=work)
    outside = work / "elsewhere"          # cwd outside the checkout: no accidental imports
    outside.mkdir()
    names = sorted(p.stem for p in (ROOT / "seeds").glob("*.toml"))
    probe = _run([str(python), "-I", "-c", PROBE, *names], cwd=outside)
    help_text = _run([str(env_dir / "bin" / "fresco-kit"), "--help"], cwd=outside).stdout
    with zipfile.ZipFile(wheels[0]) as zf:
        members = set(zf.namelist())
    return {"venv": env_dir, "members": members, "report": json.loads(probe.stdout),
            "help": help_text}


def test_installed_package_comes_from_the_venv(installed):
    package = Path(installed["report"]["package"]).resolve()
    assert installed["venv"].resolve() in package.parents, f"imported {package}, not the wheel"
    assert ROOT not in package.parents
    assert "usage: fresco-kit" in installed["help"]


def test_every_seed_file_is_in_the_wheel(installed):
    seeds = sorted((ROOT / "seeds").glob("*.toml"))
    missing = [p.name for p in seeds if f"fresco_kit/seeds/{p.name}" not in installed["members"]]
    assert not missing, f"seed files missing from the wheel: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_seed_loads_from_the_packaged_copy(installed, game):
    source = ROOT / "seeds" / f"{game}.toml"
    assert source.is_file(), f"seeds/{game}.toml does not exist (yet)"
    report = installed["report"]
    loaded = report["seeds"][game]
    path = Path(loaded["path"]).resolve()
    assert path.parent == Path(report["packaged"]).resolve(), f"{game} data read from {path}"
    assert installed["venv"].resolve() in path.parents
    expected = json.loads(json.dumps(tomllib.loads(source.read_text(encoding="utf-8")), default=str))
    assert loaded["data"] == expected, f"{game}: the packaged data differs from seeds/{game}.toml"
