"""The Voilà classroom as a server: its kernels, what it fetches and what it tells the browser.

1. ``test_kernels_stay_under_the_cap``: 50 page views of the landing page (plain requests, as a
   script or a page from another origin makes them: the kernel of each stays unconnected) never
   hold more kernels than the cap, every view is served, and the idle kernels are then culled.
   The server runs the classroom's config (fresco_kit/share/voila/config/voila.json) with a cap
   of 3 and short cull times; the kernels are counted as Voilà's child processes.
2. ``test_full_classroom_says_so``: when every kernel has its page open, a new page is refused
   with a 503 that says why in English, Spanish and Italian, not a traceback.
3. ``test_no_request_leaves_the_machine``: Chromium opens the landing page, a table, the folder
   listing and a missing page; every request it makes goes to 127.0.0.1.
4. ``test_errors_show_no_traceback``: bad links and missing pages answer without a traceback or
   a file path of the server.
5. ``test_student_pages_are_tidy``: a table seats Ana, Ben and Carla from its link and a
   name such as ``<b>B</b>`` stays text; no "null" tooltip, the upload button reads "Load", not
   "Load (0)"; cells tagged ``teacher`` show only with ``teacher=1`` in the link.
6. ``test_launcher_uses_a_free_port``: ``make classroom``'s launcher, asked for a port that is
   taken, serves on another one and prints (and would open) that address.
"""
from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import psutil
import pytest
from markupsafe import escape as markup_escape

from fresco_kit.classroom import voila_server
from tests.test_browser import browser  # noqa: F401  (the browser fixture, shared)
from tests.test_classroom import ROOT, TIMEOUT_MS, VoilaServer, open_app, voila  # noqa: F401  (voila: the shipped classroom, shared)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ["Ana", "Ben", "Carla"]
CAP = 3
VIEWS = 50
#: the classroom's config with a small cap and short cull times (every other setting as shipped)
SMALL = (f"--ClassroomKernelManager.max_kernels={CAP}", "--ClassroomKernelManager.spare_after=0",
         "--ClassroomKernelManager.cull_idle_timeout=3", "--ClassroomKernelManager.cull_interval=1")
#: what a server's traceback or file path looks like in a page
LEAK = re.compile(r"Traceback|File \"/|site-packages|" + re.escape(str(ROOT)))


def kernel_processes(server: VoilaServer) -> list[str]:
    """The kernels alive under ``server``, each as ``pid ppid status command``.

    A kernel is an ipykernel process the server started: its direct child.  Only direct
    children count: a process a kernel forks (a subprocess between its fork and its exec)
    carries the kernel's command line for a moment, and is not another kernel (seen under
    load: two processes naming one kernel's connection file, the second the first's child)."""
    found = []
    for child in psutil.Process(server.proc.pid).children(recursive=False):
        try:
            line = " ".join(child.cmdline())
            if "ipykernel" in line:
                found.append(f"{child.pid} {child.ppid()} {child.status()} {line[-80:]}")
        except (psutil.NoSuchProcess, psutil.ZombieProcess):
            pass     # a kernel shutting down as we look
    return found


def kernels(server: VoilaServer) -> int:
    """How many kernels are alive under ``server``."""
    return len(kernel_processes(server))


def wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        time.sleep(0.2)      # polling a condition, not a fixed wait


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=120) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    server = VoilaServer(tmp_path_factory.mktemp("voila_small"), *SMALL)
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


def test_kernels_stay_under_the_cap(small):
    peak: list[str] = []
    done = threading.Event()

    def watch() -> None:
        nonlocal peak
        while not done.is_set():
            now = kernel_processes(small)
            if len(now) > len(peak):
                peak = now
            done.wait(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        codes = [fetch(small.url("00_classroom.ipynb"))[0] for _ in range(VIEWS)]
    finally:
        done.set()
        watcher.join()
    assert codes == [200] * VIEWS, small.log_tail()
    assert 1 <= len(peak) <= CAP, f"{len(peak)} kernels at once with a cap of {CAP}: {peak}\n{small.log_tail()}"
    wait_for(lambda: kernels(small) == 0, 60, "the idle kernels are culled")


def test_full_classroom_says_so(small, browser):  # noqa: F811
    """Every kernel with its page open: the next page gets a 503 saying the classroom is full."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    try:
        for _ in range(CAP):  # a table's board is a widget: drawn once the page's kernel is connected
            open_app(context.new_page(), small, "table.ipynb?game=sixtina&players=3", ".fk-table-board svg")
        code, body = fetch(small.url("00_classroom.ipynb"))
        assert code == 503 and "The classroom is full" in body, body[-500:]
        # why, in each of the kit's languages (which one the request wants is not known there)
        for lang, text in voila_server.ClassroomFull(CAP).messages:
            assert f'<p lang="{lang}">{markup_escape(text)}</p>' in body, (lang, body[-1500:])
        assert not LEAK.search(body)
    finally:
        context.close()
    # the pages are closed: once the server has seen their sockets go, their kernels may make room
    wait_for(lambda: fetch(small.url("00_classroom.ipynb"))[0] == 200, 60, "a page after the others closed")


def test_no_request_leaves_the_machine(voila, browser):  # noqa: F811
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    try:
        page = context.new_page()
        open_app(page, voila, "00_classroom.ipynb", ".fk-classroom")
        open_app(page, voila, "table.ipynb?game=sixtina&players=3", ".fk-table-board svg")
        page.goto(f"{voila.base}/voila/tree", wait_until="load")
        page.goto(voila.url("no_such_page.ipynb"), wait_until="load")
        page.wait_for_load_state("networkidle")
    finally:
        context.close()
    hosts = {urlsplit(url).hostname for url in asked if urlsplit(url).scheme in ("http", "https", "ws", "wss")}
    assert hosts == {"127.0.0.1"}, sorted(url for url in asked if urlsplit(url).hostname != "127.0.0.1")


@pytest.mark.parametrize("path", [
    "voila/render/no_such_page.ipynb",
    "voila/render/table.ipynb?game=nope&players=%ZZ&seed=x&lang=zz",
    "voila/render/table.ipynb?game=sixtina&players=9",
    "voila/files/../../etc/passwd",
    "voila/api/shutdown/not-a-kernel",
    "voila/templates/classroom/static/missing.js",
])
def test_errors_show_no_traceback(voila, path):
    code, body = fetch(f"{voila.base}/{path}")
    assert code < 500, (code, body[-500:])
    assert not LEAK.search(body), LEAK.search(body)


def test_student_pages_are_tidy(voila, browser):  # noqa: F811
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        open_app(page, voila, "table.ipynb?game=fresco&players=Ana,Ben,Carla", ".fk-table-board svg")
        assert [page.locator(".fk-table-seat .widget-label").nth(i).inner_text() for i in range(3)] == NAMES
        assert "were not used" not in page.locator(".fk-table-notice").inner_text()
        page.wait_for_function("() => !document.querySelector('[title=\"null\"]')")
        page.wait_for_function("() => document.querySelector('.fk-table-upload').innerText.trim() === 'Load'")
        odd = "players=%3Cb%3EB%3C%2Fb%3E,%24a%5Eb%5Ec%24,Zo%C3%AB"     # <b>B</b>, $a^b^c$, Zoë
        open_app(page, voila, f"table.ipynb?game=lorenzo&{odd}", ".fk-table-board svg")
        assert page.locator(".fk-table b:text-is('B'), .fk-table svg b").count() == 0      # no <b> made of a name
        assert "<b>B</b>" in page.locator(".fk-table-scores").inner_text()
        cells = json.loads((ROOT / "notebooks" / "sixtina" / "08_exercises.ipynb").read_text(encoding="utf-8"))["cells"]
        tagged = sum("teacher" in c["metadata"].get("tags", []) for c in cells)
        assert tagged
        for query, shown in (("", 0), ("?teacher=1", tagged)):
            open_app(page, voila, f"sixtina/08_exercises.ipynb{query}", ".fk-exercise")
            teacher = page.locator(".fk-teacher-only")
            assert teacher.count() == tagged and page.locator(".fk-teacher-only:visible").count() == shown
    finally:
        context.close()


def test_launcher_uses_a_free_port(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_RUNTIME_DIR": str(tmp_path)}
        proc = subprocess.Popen([sys.executable, "-m", "fresco_kit.classroom.voila_server", str(ROOT / "notebooks"),
                                 f"--port={port}", "--no-browser"], cwd=tmp_path, env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            said = []
            for line in proc.stdout:                   # until the launcher says where it serves
                said.append(line)
                if line.startswith("Classroom: "):
                    break
            address = said[-1].split()[1]
            assert f"Port {port} is taken" in "".join(said)
            used = urlsplit(address).port
            assert used != port and address.endswith("/" + voila_server.LANDING)
            code, body = fetch(address)
            assert code == 200 and "fk-classroom" in body
        finally:
            proc.send_signal(signal.SIGTERM)           # the launcher stops its Voilà too
            proc.wait(timeout=60)
    with socket.socket() as probe:                     # nothing listens there any more (closed
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # connections may linger in TIME_WAIT)
        probe.bind(("127.0.0.1", used))
        probe.listen()
