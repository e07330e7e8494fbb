"""A real browser: JupyterLab in headless Chromium runs a notebook and a widget responds.

The headless widget tests set ``.value`` and call ``.click()`` without a kernel; this
test checks the rest of the chain a learner relies on: the server, the kernel, the
widget JavaScript and the DOM.  For each notebook of ``BROWSER_NOTEBOOKS`` it

1. starts JupyterLab on 127.0.0.1 with a random token (module fixture; temporary
   runtime, config, settings and workspace dirs, autosave off, so no state leaks and
   nothing is written to the notebook);
2. opens the notebook in headless Chromium (Debian's ``/usr/bin/chromium`` driven by
   Python Playwright), waits for its kernel, clears the stored outputs and runs all
   cells (JupyterLab's own ``notebook:run-all-cells`` command, as Run > Run All Cells);
3. waits until every code cell has run, the kernel is idle and no cell raised;
4. waits until the first ``.fk-probe-out`` shows text, picks another option of the
   first ``.fk-probe select`` and waits until that text changes (to non-empty text).

Notebook convention (the games' notebooks follow it): one control with CSS class
``fk-probe`` — an ipywidgets ``Dropdown`` (it renders a ``<select>``) with
``.add_class("fk-probe")`` — and an answer widget with ``.add_class("fk-probe-out")``
that shows text from the start and different text when the dropdown changes.  The
answer is an ``HTML`` widget whose ``value`` the callback replaces in place (no
clearing, no flicker), so the test reads its ``innerText``.

Without Chromium the test skips with the reason, except under ``CI=true`` where a
missing browser fails.  On failure a screenshot is saved to ``/tmp/fk_browser_<name>.png``.
"""
from __future__ import annotations

import hashlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from fresco_kit import games

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync",
                 "--disable-dev-shm-usage"]
IN_CI = os.environ.get("CI", "").lower() == "true"



def probe_notebooks() -> dict[str, str]:
    """Each registered game's first lesson notebook with the browser probe (its stored
    outputs carry the ``fk-probe`` class), relative to the repository root, by game name.
    A game without notebooks has no entry; a game with notebooks but no probe fails
    ``test_every_game_with_lessons_has_a_probe``."""
    found = {}
    for info in games():
        for path in sorted((ROOT / "notebooks" / info.name).glob("[0-9][0-9]_*.ipynb")):
            if "fk-probe" in path.read_text(encoding="utf-8"):
                found[info.name] = path.relative_to(ROOT).as_posix()
                break
    return found


#: name -> notebook (relative to the repository root) opened in the browser
BROWSER_NOTEBOOKS: dict[str, str] = probe_notebooks()

TIMEOUT_MS = 180_000          # generous: a cold JupyterLab on a small CI machine is slow
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _need(condition: bool, reason: str) -> None:
    """Skip for a missing prerequisite, but fail under CI=true."""
    if not condition:
        if IN_CI:
            pytest.fail(f"{reason} (CI=true: the browser test must run)")
        pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _api(base: str, token: str, path: str, method: str = "GET"):
    request = urllib.request.Request(f"{base}{path}", method=method,
                                     headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        body = response.read()
    return json.loads(body) if body else None


def _settings(folder: Path) -> None:
    """JupyterLab user settings for a test run: no autosave, every cell in the DOM, no news."""
    wanted = {
        "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
        "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification": {"fetchNews": "false",
                                                         "checkForUpdates": False},
    }
    for name, values in wanted.items():
        path = folder / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")


class LabServer:
    """A JupyterLab process on 127.0.0.1 with a random token and private state dirs."""

    def __init__(self, home: Path):
        self.port = _free_port()
        self.token = secrets.token_hex(16)
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = home / "jupyterlab.log"
        dirs = {name: home / name for name in ("runtime", "config", "data", "settings",
                                                "workspaces", "ipython", "checkpoints")}
        for d in dirs.values():
            d.mkdir()
        _settings(dirs["settings"])
        env = {k: v for k, v in os.environ.items() if k not in ("MPLBACKEND", "PYTHONPATH")}
        env.update(JUPYTER_RUNTIME_DIR=str(dirs["runtime"]), JUPYTER_CONFIG_DIR=str(dirs["config"]),
                   JUPYTER_DATA_DIR=str(dirs["data"]), JUPYTERLAB_SETTINGS_DIR=str(dirs["settings"]),
                   JUPYTERLAB_WORKSPACES_DIR=str(dirs["workspaces"]), IPYTHONDIR=str(dirs["ipython"]),
                   JUPYTER_PLATFORM_DIRS="1")
        cmd = [sys.executable, "-m", "jupyterlab", "--no-browser",
               f"--port={self.port}", "--ServerApp.port_retries=0",
               "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={self.token}",
               f"--ServerApp.root_dir={ROOT}",
               f"--LabApp.user_settings_dir={dirs['settings']}",
               f"--LabApp.workspaces_dir={dirs['workspaces']}",
               # JupyterLab checkpoints a notebook when it opens it: keep that out of the repo
               f"--FileCheckpoints.checkpoint_dir={dirs['checkpoints']}",
               "--LabApp.expose_app_in_browser=True",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
               "--LabApp.extension_manager=readonly"]
        if os.geteuid() == 0:    # containers and CI often run as root
            cmd.append("--allow-root")
        self._log_file = self.log.open("wb")
        self.proc = subprocess.Popen(cmd, cwd=home, env=env, stdout=self._log_file,
                                     stderr=subprocess.STDOUT, start_new_session=True)

    def wait_ready(self, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                _api(self.base, self.token, "/api/status")
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)   # polling a server that is not listening yet
        raise RuntimeError(f"JupyterLab did not answer within {timeout} s:\n{self.log_tail()}")

    def url(self, notebook: str) -> str:
        return f"{self.base}/lab/tree/{notebook}?token={self.token}&reset"

    def shutdown_kernels(self) -> None:
        try:
            for kernel in _api(self.base, self.token, "/api/kernels") or []:
                _api(self.base, self.token, f"/api/kernels/{kernel['id']}", method="DELETE")
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.shutdown_kernels()
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self._log_file.close()

    def log_tail(self, lines: int = 40) -> str:
        self._log_file.flush()
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def axe_violations(page, impacts: tuple[str, ...] | None = None) -> list[str]:
    """The axe-core violations on the page (every axe rule runs), of any impact or only of
    ``impacts`` (e.g. ``("serious", "critical")``)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if impacts is None or v["impact"] in impacts]


def inside(box: list[int], layout: dict) -> bool:
    """Whether the bounding box ``box`` (left, top, right, bottom) lies within the viewport of ``layout``."""
    return box[0] >= 0 and box[1] >= 0 and box[2] <= layout["width"] and box[3] <= layout["height"]


@pytest.fixture(scope="module")
def browser():
    _need(CHROMIUM.exists(), f"{CHROMIUM} is missing (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need(False, "Python Playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):
    server = LabServer(tmp_path_factory.mktemp("jupyterlab"))
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


JS_KERNEL_READY = """(path) => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = w && w.context && w.context.path === path && w.sessionContext
                 && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
}"""

JS_RUN_ALL = """async () => {
  const app = window.jupyterapp;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  app.commands.execute('notebook:run-all-cells');   // completion is awaited by the test
}"""

JS_ALL_RAN = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const prompts = [...document.querySelectorAll('%s .jp-CodeCell .jp-InputPrompt')];
  return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent))
         && w.sessionContext.session.kernel.status === 'idle';
}""" % PANEL

JS_ERRORS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const errors = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    for (const out of cell.outputs.toJSON()) {
      if (out.output_type === 'error') errors.push(`cell ${i}: ${out.ename}: ${out.evalue}`);
    }
  }
  return errors;
}"""

JS_TEXT_CHANGED = """([selector, before]) => {
  const el = document.querySelector(selector);
  const text = el ? el.innerText.trim() : '';
  return text !== '' && text !== before ? text : false;   // '' = cleared, not yet redrawn
}"""


def test_every_game_with_lessons_has_a_probe():
    """Every registered game that has lesson notebooks has one the browser test can drive."""
    with_lessons = {info.name for info in games()
                    if any((ROOT / "notebooks" / info.name).glob("[0-9][0-9]_*.ipynb"))}
    assert with_lessons and with_lessons == set(BROWSER_NOTEBOOKS)


@pytest.mark.parametrize("name", sorted(BROWSER_NOTEBOOKS))
def test_notebook_widget_responds_in_the_browser(lab, browser, name):
    notebook = BROWSER_NOTEBOOKS[name]
    path = ROOT / notebook
    assert path.is_file(), f"{notebook} does not exist"
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda msg: console.append(f"{msg.type}: {msg.text}"))
    try:
        page.goto(lab.url(notebook), wait_until="domcontentloaded")
        page.wait_for_function(JS_KERNEL_READY, arg=notebook, timeout=TIMEOUT_MS)
        page.evaluate(JS_RUN_ALL)
        page.wait_for_function(JS_ALL_RAN, timeout=TIMEOUT_MS, polling=250)
        errors = page.evaluate(JS_ERRORS)
        assert not errors, f"{notebook}: cells raised: {errors}"

        select = page.locator(f"{PANEL} .fk-probe select").first
        out_selector = f"{PANEL} .fk-probe-out"
        select.wait_for(state="visible")
        before = page.wait_for_function(JS_TEXT_CHANGED, arg=[out_selector, ""],
                                        timeout=TIMEOUT_MS).json_value()   # first text shown
        values = select.locator("option").evaluate_all("opts => opts.map(o => o.value)")
        current = select.input_value()
        others = [v for v in values if v != current]
        assert others, f"{notebook}: the .fk-probe dropdown offers no other option than {current!r}"
        select.select_option(value=others[0])
        after = page.wait_for_function(JS_TEXT_CHANGED, arg=[out_selector, before],
                                       timeout=TIMEOUT_MS).json_value()
        assert after and after != before
        assert "Traceback" not in after, f"{notebook}: the widget callback failed:\n{after}"
    except BaseException as exc:
        shot = Path(f"/tmp/fk_browser_{name}.png")
        try:
            page.screenshot(path=str(shot), full_page=True)
            exc.add_note(f"screenshot: {shot}")
        except Exception as shot_error:  # the page itself may be gone
            exc.add_note(f"no screenshot: {shot_error}")
        exc.add_note("browser console (last 15):\n" + "\n".join(console[-15:]))
        exc.add_note("JupyterLab log (tail):\n" + lab.log_tail())
        raise
    finally:
        context.close()
        lab.shutdown_kernels()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, f"{notebook} changed on disk"


def test_trusted_notebooks_show_their_widgets_before_they_run(lab, browser):
    """After ``make lab``'s trust step (the line of ``make -n lab``, run into the server's data
    folder), a lesson opened in JupyterLab shows its stored widgets, not "VBox(children=...",
    without running a cell."""
    import shutil

    out = subprocess.run([shutil.which("make") or "make", "-n", "lab", f"VENV={Path(sys.executable).parent.parent}"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    trust = next(line for line in out.splitlines() if "jupyter trust" in line)
    env = {**os.environ, "JUPYTER_DATA_DIR": str(lab.log.parent / "data")}    # the server's data folder
    subprocess.run(trust, shell=True, cwd=ROOT, env=env, check=True, capture_output=True)
    notebook = BROWSER_NOTEBOOKS[sorted(BROWSER_NOTEBOOKS)[0]]
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        page.goto(lab.url(notebook), wait_until="domcontentloaded")
        page.locator(f"{PANEL} .jp-OutputArea-output .jupyter-widgets").first.wait_for(state="visible")
        text = page.locator(f"{PANEL} .jp-Notebook").inner_text()
        assert "VBox(children" not in text and "HBox(children" not in text
    finally:
        context.close()
        lab.shutdown_kernels()


#: the path of the document JupyterLab shows now
JS_CURRENT = "() => { const w = window.jupyterapp.shell.currentWidget; return w && w.context ? w.context.path : null; }"


def test_the_classroom_pages_table_links_open_their_own_table_in_jupyterlab(lab, browser):
    """JupyterLab drops a link's query, so each "Play at a table" link of the classroom page
    names a notebook of its own game and player count: clicking the Lorenzo link for 3 players
    opens ``tables/lorenzo_3p.ipynb``, whose cell sets up that table (issue 21 item 7)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        page.goto(lab.url("notebooks/00_classroom.ipynb"), wait_until="domcontentloaded")
        # (JupyterLab writes the link's address out in full, /files/notebooks/tables/...; a click opens
        # the notebook in JupyterLab itself)
        link = page.locator(f"{PANEL} a.fk-classroom-table[href*='/notebooks/tables/lorenzo_3p.ipynb']")
        link.wait_for(state="visible")
        link.click()
        page.wait_for_function(f"() => ({JS_CURRENT})() === 'notebooks/tables/lorenzo_3p.ipynb'", timeout=TIMEOUT_MS)
        # the code cell that sets up the table (a heading cell comes first)
        code = page.wait_for_function("""() => {
          const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
          for (let i = 0; i < cells.length; i++) {
            const source = cells.get(i).sharedModel.getSource();
            if (cells.get(i).type === 'code' && source.includes('Table.')) return source;
          }
          return false; }""").json_value()
        assert "game=lorenzo" in code and "players=3" in code, code
    finally:
        context.close()
        lab.shutdown_kernels()
