"""The classroom app in a real browser: Voilà serving ``notebooks/`` with the code hidden.

1. ``test_classroom_app``: the landing page lists the games; its link opens a table
   (``tables/<game>_<n>p.ipynb``, the settings in its cell, a link's query read by the kernel
   through ``QUERY_STRING``); moves are played by clicking the move buttons; a move typed into
   the try box is refused with its rule cited, state unchanged; undo takes a move back;
   then the game's exercises page checks an answer and explains it.
2. Every page Voilà serves is checked once with axe-core (``axe-playwright-python``): no
   violation of impact "serious" or "critical" (the ``classroom`` page template makes the
   cells the main landmark, underlines links and names sliders; see
   fresco_kit/share/voila/templates).  The pages of :func:`latency_pages` are checked in
   ``tests/test_classroom_latency.py`` (with the latency sweep, on the other xdist worker
   under ``--dist loadfile``), every other page here by
   ``test_served_page_is_accessible``.
3. Latency (``tests/test_classroom_latency.py``, a benchmark, not a timed assertion): on
   each page of :func:`latency_pages`, up to :data:`PER_PAGE` controls (dropdown, slider,
   toggle, button) are operated :data:`TIMES` times from inside the page, and the time from
   the interaction to the last change of the page outside the control itself (a
   ``MutationObserver``, settled after :data:`QUIET_MS` of quiet) is recorded, as "board"
   when an SVG or image changed, else "text"; a control that changes nothing else (a toggle
   that only looks pressed) is not counted.  By default the pages are a representative
   subset: in each notebook folder, the first page of each kind (a lesson page that draws,
   one that shows text, the table, the exercises), 3 controls x 2 interactions, 150 ms of
   quiet.  ``FRESCO_KIT_LATENCY_SWEEP=1`` (``make latency``) runs the full sweep: every
   lesson page, 5 controls x 3 interactions, 250 ms of quiet.

Skips without Chromium, except under ``CI=true`` (as the JupyterLab browser test).
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from fresco_kit.classroom import voila_server

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:     # the browser fixture skips (or fails under CI=true) and says why
    PlaywrightTimeout = TimeoutError

from tests.test_browser import _free_port, axe_violations, browser  # noqa: F401  (the browser fixture, shared)

#: the axe impacts these pages are held to here (tests/test_classroom_access.py holds them to every impact)
SERIOUS = ("serious", "critical")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TIMEOUT_MS = 180_000
#: the full latency sweep (``make latency``) rather than the representative subset of CI
FULL_SWEEP = os.environ.get("FRESCO_KIT_LATENCY_SWEEP", "").lower() in ("1", "true", "yes")
QUIET_MS = 250 if FULL_SWEEP else 150   # the page counts as updated after this long without a change
PER_PAGE = 5 if FULL_SWEEP else 3       # controls operated per lesson page
TIMES = 3 if FULL_SWEEP else 2          # interactions per control
NO_ANSWER_MS = 3000                     # an interaction that changes nothing for this long is not counted

pytestmark = [pytest.mark.browser, pytest.mark.slow]


class VoilaServer:
    """``voila notebooks`` in folder mode on 127.0.0.1 with the classroom's config and template,
    as ``make classroom`` (:mod:`fresco_kit.classroom.voila_server`); ``extra`` flags override it."""

    def __init__(self, home: Path, *extra: str):
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = home / "voila.log"
        dirs = {name: home / name for name in ("runtime", "config", "data", "ipython")}
        for d in dirs.values():
            d.mkdir()
        env = {k: v for k, v in os.environ.items() if k not in ("MPLBACKEND", "PYTHONPATH")}
        env.update(JUPYTER_RUNTIME_DIR=str(dirs["runtime"]), JUPYTER_CONFIG_DIR=str(dirs["config"]),
                   IPYTHONDIR=str(dirs["ipython"]), JUPYTER_PLATFORM_DIRS="1",
                   PYTHONPATH=str(ROOT))    # this checkout's kit, in Voila (its kernel manager) and the kernels
        cmd = voila_server.command(NOTEBOOKS, self.port, *extra)
        self._log_file = self.log.open("wb")
        self.proc = subprocess.Popen(cmd, cwd=home, env=voila_server.environment(env), stdout=self._log_file,
                                     stderr=subprocess.STDOUT, start_new_session=True)

    def wait_ready(self, timeout: float = 120) -> None:
        """Once Voila answers, as ``make classroom`` waits for it; its log's tail if it never does."""
        try:
            voila_server.wait_until_served(f"{self.base}/", self.proc, timeout)
        except RuntimeError as error:
            raise RuntimeError(f"{error}:\n{self.log_tail()}") from None

    def url(self, notebook: str) -> str:
        return f"{self.base}/voila/render/{notebook}"

    def stop(self) -> None:
        if self.proc.poll() is None:
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


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    server = VoilaServer(tmp_path_factory.mktemp("voila"))
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


@pytest.fixture
def page(browser, voila):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()


def open_app(page, voila, notebook: str, ready: str) -> None:
    """Open a served notebook and wait until ``ready`` (a CSS selector) is visible."""
    page.goto(voila.url(notebook), wait_until="domcontentloaded")
    page.wait_for_selector(ready, state="visible", timeout=TIMEOUT_MS)


#: what moves a table on, in the order :func:`click_next` tries them
NEXT = (".fk-table-pass-button", ".fk-table-play", ".fk-move-choose", ".fk-move-button")
#: the table (or the page, once it is gone) has changed since ``before``
JS_TABLE_CHANGED = """([selector, before]) => {
  const table = document.querySelector(selector);
  return !table || table.innerHTML !== before;
}"""
ANSWER_MS = 10_000      # a click the table does not answer within this is tried again


def click_next(page) -> None:
    """One click towards a move: pass the device, Play, choose from a list, or the first choice;
    then wait until the table answers (or, with nothing to click, until something is)."""
    table = page.locator(".fk-table").first
    for selector in NEXT:
        target = page.locator(f"{selector}:visible")
        if target.count():
            before = table.inner_html()
            try:
                if selector == ".fk-move-choose":
                    select = page.locator(".fk-move-select select")
                    select.select_option(index=0, timeout=ANSWER_MS)
                # the table may still be redrawing after the last click: what was visible may go
                target.first.click(timeout=ANSWER_MS)
                page.wait_for_function(JS_TABLE_CHANGED, arg=[".fk-table", before], timeout=ANSWER_MS, polling=50)
            except PlaywrightTimeout:
                pass                  # gone, or not answered: the caller looks again
            return
    try:                              # the kernel is still answering the last click
        page.locator(", ".join(f"{s}:visible" for s in NEXT)).first.wait_for(timeout=ANSWER_MS)
    except PlaywrightTimeout:
        pass


def follow(page, link):
    """Click ``link`` and return the page it opens (the output's links open a new tab)."""
    with page.context.expect_page() as opened:
        link.click()
    new = opened.value
    new.wait_for_load_state("domcontentloaded")
    return new


def shot(page, name: str, exc: BaseException) -> None:
    path = Path(f"/tmp/fk_classroom_{name}.png")
    try:
        page.screenshot(path=str(path), full_page=True)
        exc.add_note(f"screenshot: {path}")
    except Exception as error:  # the page may be gone
        exc.add_note(f"no screenshot: {error}")


def lesson_pages() -> list[str]:
    """The numbered notebooks of every folder (a game's lessons, the design review)."""
    return sorted(p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.glob("*/[0-9][0-9]_*.ipynb"))


def served_pages() -> list[str]:
    """Every page the tests open through Voila: the two start pages and every lesson page."""
    return ["00_classroom.ipynb", "00_start_here.ipynb", *lesson_pages()]


def page_kind(notebook: str) -> str:
    """What a lesson page is, read from its code and stored outputs: "table" (it opens a
    table), "exercises" (an exercise sheet), "none" (no widget), "board" (its code draws)
    or "text"."""
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    source = "\n".join("".join(c["source"]) for c in code)
    if "classroom.table import table" in source:
        return "table"
    if "exercise_sheet" in source:
        return "exercises"
    outputs = [o for c in code for o in c.get("outputs", [])]
    if not any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs):
        return "none"
    return "board" if re.search(r"\bdraw\b|draw_|svg", source) else "text"


def latency_pages() -> list[str]:
    """The pages whose widget latency is measured: every lesson page under :data:`FULL_SWEEP`,
    else in each folder the first page of each kind (board, text, table, exercises)."""
    if FULL_SWEEP:
        return lesson_pages()
    chosen: dict[tuple[str, str], str] = {}
    for notebook in lesson_pages():
        kind = page_kind(notebook)
        if kind != "none":
            chosen.setdefault((notebook.split("/")[0], kind), notebook)
    return sorted(chosen.values())


# -- 1. the app ----------------------------------------------------------------------

def test_classroom_app(page, voila):
    try:
        open_app(page, voila, "00_classroom.ipynb", ".fk-classroom")
        assert not axe_violations(page, SERIOUS)
        landing = page
        link = page.locator(".fk-classroom-table").first
        href = link.get_attribute("href")
        assert href and href.startswith("tables/sixtina_")     # the table's own notebook (see landing.py)
        page = follow(page, link)
        page.wait_for_selector(".fk-table-board svg", state="visible", timeout=TIMEOUT_MS)
        assert href in page.url
        status = page.locator(".fk-table-status")
        log = page.locator(".fk-table-log")

        # play two moves by clicking: the first choice at each step, then Play
        for _ in range(2):
            before = log.inner_text()
            for _ in range(20):
                if log.inner_text() != before:
                    break
                click_next(page)
            page.wait_for_function("([s, b]) => document.querySelector(s).innerText !== b",
                                   arg=[".fk-table-log", before])
        played = log.inner_text()

        # a typed move the rules refuse: every rule cited, nothing changes
        if page.locator(".fk-table-pass-button:visible").count():    # hot seat: the next player takes over
            page.locator(".fk-table-pass-button").click()
        page.locator(".fk-table-try input").wait_for(state="visible")
        state_before = status.inner_text()
        page.locator(".fk-table-try input").fill("reveal G3")     # never legal this early in Sixtina
        page.locator(".fk-table-try-button").click()
        refusal = page.locator(".fk-table-refusal")
        refusal.wait_for(state="visible")
        page.wait_for_function("s => document.querySelector(s).innerText.trim() !== ''", arg=".fk-table-refusal")
        # the rule cited in words (its rulebook and section); its checklist id in the tooltip only
        assert "1980 Sixtina rulebook, " in refusal.inner_text(), refusal.inner_text()
        assert "sixtina " not in refusal.inner_text()                      # (ids read "sixtina restore...")
        assert refusal.locator("i[title^='[sixtina ']").count() >= 1
        assert log.inner_text() == played and status.inner_text() == state_before

        # undo takes the last move back
        page.locator(".fk-table-undo").click()
        page.wait_for_function("([s, b]) => document.querySelector(s).innerText !== b", arg=[".fk-table-log", played])

        # the exercises of the same game: answer one, the engine explains
        page = landing
        page = follow(page, page.locator('a[href*="exercises"]').first)
        page.wait_for_selector(".fk-exercise", state="visible", timeout=TIMEOUT_MS)
        answer = page.locator(".fk-exercise-answer button:visible, .fk-exercise-answer input:visible").first
        if answer.evaluate("e => e.tagName") == "INPUT":
            answer.fill("3")
        else:
            answer.click()
        page.locator(".fk-exercise-check").first.click()
        page.wait_for_function("s => document.querySelector(s).innerText.trim() !== ''",
                               arg=".fk-exercise-feedback")
        feedback = page.locator(".fk-exercise-feedback").first.inner_text()
        assert "Traceback" not in feedback
        assert not axe_violations(page, SERIOUS)
    except BaseException as exc:
        shot(page, "app", exc)
        exc.add_note("Voila log (tail):\n" + voila.log_tail())
        raise


# -- 2. every other served page: accessibility -------------------------------------------

#: Voilà has executed the notebook and rendered its widgets (no spinner, cells present)
JS_RENDERED = """() => !document.querySelector('#loading') && !document.querySelector('.voila-spinner-color1')
  && document.querySelectorAll('.jp-Cell, .jp-OutputArea-output').length > 0
  && [...document.querySelectorAll('.jp-OutputArea-output')].every(o => !o.innerText.includes('Loading widget'))"""


def check_accessible(page, voila, notebook: str) -> None:
    """Open ``notebook`` through Voila, wait until it is rendered, assert axe finds nothing serious."""
    open_app(page, voila, notebook, "body")
    page.wait_for_function(JS_RENDERED, timeout=TIMEOUT_MS)
    violations = axe_violations(page, SERIOUS)
    assert not violations, f"{notebook}: {violations}"


@pytest.mark.parametrize("notebook", [nb for nb in served_pages() if nb not in latency_pages()])
def test_served_page_is_accessible(page, voila, notebook):
    try:
        check_accessible(page, voila, notebook)
    except BaseException as exc:
        shot(page, Path(notebook).stem, exc)
        raise


def test_every_served_page_is_checked_once():
    """The two files together check every served page with axe, each page once."""
    latency = latency_pages()
    here = [nb for nb in served_pages() if nb not in latency]
    assert sorted(here + latency) == sorted(served_pages())
    assert {page_kind(nb) for nb in latency} >= {"board", "text", "table", "exercises"}
