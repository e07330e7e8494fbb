"""The Voilà classroom on a phone, a laptop and a projector, with the keyboard only and with axe.

In headless Chromium through Voilà (``make classroom``'s server, :class:`tests.test_classroom.VoilaServer`):

1. ``test_the_pages_fit_every_screen_and_pass_axe``: a table of each game, an exercise sheet,
   the landing page and a lesson page, each opened once and looked at in 390×844, 1440×900
   and 1920×1080 (the window resized: the layout follows its width).  At a table and an
   exercise the board has no fixed width (its SVG scales by its viewBox), the page is never
   wider than the window, the board's whole width is on screen; on the wide sizes the acting
   person's controls are beside the board and inside the window without scrolling; on the
   phone the whole board is on screen and the controls come below it.  axe-core finds no
   violation of any impact.  A screenshot of each page and size goes to :data:`SHOTS`
   (``FRESCO_KIT_SHOTS``), named ``page-lang-size.png``; ``FRESCO_KIT_SHOT_LANGS=en,es,it``
   looks at the table and the exercises in more languages (default: English).
2. ``test_a_table_is_played_with_the_keyboard_only``: ten moves at a hot-seat table (1980
   Sixtina, two people: the pass-the-device screen too) with Tab, Enter, Space and the arrow
   keys only; after every key the focus is on a control of the table, never on the page, and
   after the first move no Tab is needed to reach the next choice; the focus ring is 3 px.
3. ``test_live_regions_and_a_double_click``: the status is a polite live region and a refused
   move is announced by an alert; a double-click on a move button takes one step, not two
   (its second click would land on a choice nobody saw).

Skips without Chromium, except under ``CI=true`` (as the other browser tests).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.test_classroom import TIMEOUT_MS, shot, voila  # noqa: F401  (voila: the server fixture, shared)
from tests.test_browser import axe_violations, browser, inside  # noqa: F401  (the browser fixture, shared)

SIZES = {"390x844": (390, 844), "1440x900": (1440, 900), "1920x1080": (1920, 1080)}
SHOTS = Path(os.environ.get("FRESCO_KIT_SHOTS", "/tmp/fk_classroom_shots"))
LANGS = [lang for lang in os.environ.get("FRESCO_KIT_SHOT_LANGS", "en").split(",") if lang]
#: (name in the screenshots, notebook, what to wait for, what holds the board and controls)
PAGES = [
    *[(f"voila_table_{g}", f"tables/{g}_3p.ipynb", ".fk-table-board svg", ".fk-table") for g in ("sixtina", "fresco", "lorenzo")],
    ("voila_exercise_lorenzo", "lorenzo/08_exercises.ipynb", ".fk-exercise .fk-board-view svg", ".fk-exercise"),
]
OTHER_PAGES = [("voila_landing", "00_classroom.ipynb", ".fk-classroom"), ("voila_lesson", "lorenzo/02_towers.ipynb", ".fk-probe")]

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def page(browser, voila):  # noqa: F811  (the shared browser fixture)
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()


#: Voilà has run the notebook and its widgets are drawn
JS_READY = """(selector) => !document.querySelector('#loading') && !!document.querySelector(selector)
  && ![...document.querySelectorAll('.jp-OutputArea-output')].some(o => o.innerText.includes('Loading widget'))"""

#: the layout facts of a table or an exercise: the window, how wide the page is, the board's
#: box and its SVG's size attributes, the boxes of the visible controls and of the controls' column
LAYOUT = """(root) => {
  const box = e => { const b = e.getBoundingClientRect();
    return [Math.round(b.left), Math.round(b.top), Math.round(b.right), Math.round(b.bottom)]; };
  const el = document.querySelector(root);
  const svg = el.querySelector('.fk-board-view svg');
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const controls = [...el.querySelectorAll(
      '.fk-table-pass-button, .fk-move-button, .fk-table-play, .fk-move-select select, .fk-move-choose, '
    + '.fk-exercise-answer, .fk-exercise-check')].filter(shown);
  const cells = document.getElementById('rendered_cells') || document.documentElement;
  return {width: innerWidth, height: innerHeight,
          page_width: Math.max(document.documentElement.scrollWidth, cells.scrollWidth),
          board: box(svg), svg_width: svg.getAttribute('width'), viewbox: svg.getAttribute('viewBox'),
          controls: controls.map(box), side: box(el.querySelector('.fk-side'))};
}"""


def look(page, name: str, lang: str, size: str) -> None:
    """Resize the window to ``size``, wait for the layout to follow, and take a screenshot."""
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{lang}-{size}.png"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "notebook", "ready", "root"), PAGES, ids=[p[0] for p in PAGES])
def test_the_pages_fit_every_screen_and_pass_axe(page, voila, name, notebook, ready, root, lang):
    found: dict[str, list[str]] = {}
    try:
        page.goto(f"{voila.url(notebook)}?lang={lang}", wait_until="domcontentloaded")
        page.wait_for_function(JS_READY, arg=ready, timeout=TIMEOUT_MS)
        if root == ".fk-exercise":  # below the lesson's introduction: the reader scrolls to it
            page.locator(".fk-exercise-sheet").evaluate("e => e.scrollIntoView()")
        for size in SIZES:
            look(page, name, lang, size)
            layout = page.evaluate(LAYOUT, root)
            where = f"{name} at {size}: {layout}"
            assert layout["svg_width"] is None and layout["viewbox"], where   # scaled by its viewBox
            assert layout["page_width"] <= layout["width"], where              # nothing wider than the window
            assert layout["board"][0] >= 0 and layout["board"][2] <= layout["width"], where
            assert layout["controls"], where
            if size == "390x844":       # stacked: the whole board, then the controls
                assert layout["board"][3] - layout["board"][1] <= layout["height"], where
                assert all(c[1] >= layout["board"][3] for c in layout["controls"]), where
            else:                       # side by side: the controls beside the board, on screen
                assert layout["side"][0] >= layout["board"][2], where
                assert all(inside(c, layout) for c in layout["controls"]), where
            found[size] = axe_violations(page)
        # what a student never meets: a "null" tooltip, a "Load (0)" button
        assert page.locator('[title="null"]').count() == 0
        assert all("(0)" not in text for text in page.locator(".widget-upload").all_inner_texts())
        region = ".fk-table-status" if root == ".fk-table" else ".fk-exercise-feedback"
        assert page.locator(f"{region} [aria-live='polite']").count() == page.locator(region).count() >= 1
    except BaseException as exc:
        shot(page, name, exc)
        exc.add_note("Voila log (tail):\n" + voila.log_tail())
        raise
    assert not any(found.values()), found


@pytest.mark.parametrize(("name", "notebook", "ready"), OTHER_PAGES, ids=[p[0] for p in OTHER_PAGES])
def test_the_landing_and_a_lesson_page_pass_axe_at_every_size(page, voila, name, notebook, ready):
    page.goto(voila.url(notebook), wait_until="domcontentloaded")
    page.wait_for_function(JS_READY, arg=ready, timeout=TIMEOUT_MS)
    found = {}
    for size in SIZES:
        look(page, name, "en", size)
        found[size] = axe_violations(page)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= SIZES[size][0], (name, size, width)
    assert not any(found.values()), found
    # what a student never meets: a "null" tooltip, a "Load (0)" button, a teacher's section
    assert page.locator('[title="null"]').count() == 0
    assert page.locator(".fk-teacher-only:visible").count() == 0


#: the focused element: where it is (in the table? a control of it?) and its outline
JS_FOCUS = """() => {
  const e = document.activeElement;
  const table = document.querySelector('.fk-table');
  return {in_table: !!(e && table.contains(e) && e !== table), tag: e ? e.tagName : null,
          cls: e ? (e.closest('.jupyter-widgets') || e).className : '', text: e ? e.innerText || '' : '',
          outline: e ? getComputedStyle(e).outlineWidth : ''};
}"""
#: the page's kernel has handled everything sent to it
KERNEL_IDLE = "() => window.jupyterapp?.widgetManager?.kernel?.status === 'idle'"
#: the table's log and its chooser's breadcrumb, to tell when an answer has arrived
JS_STATE = """() => [document.querySelector('.fk-table-log').innerText,
  (document.querySelector('.fk-table-breadcrumb') || {innerText: ''}).innerText,
  document.querySelector('.fk-table-pass').offsetParent !== null, document.activeElement.className]"""


def press(page, key: str) -> None:
    """Press ``key`` on the focused control and wait until the table answers: the log, the
    breadcrumb, the pass screen or the focused control changes (a key the table does not
    answer, such as an arrow in a list, changes the focused control's value only)."""
    before = page.evaluate(JS_STATE)
    page.keyboard.press(key)
    if key in ("Enter", " "):
        page.wait_for_function(f"(before) => JSON.stringify(({JS_STATE})()) !== JSON.stringify(before)",
                               arg=before, timeout=60_000, polling=50)
        # the answer comes as several messages (the log, the chooser, the focus): wait until the
        # kernel is idle again, every message of this key handled, so that a control the answer
        # hides next is not taken for the one the focus moved to
        page.wait_for_function(KERNEL_IDLE, timeout=60_000, polling=50)
        # the kernel's answer moves the focus: wait until it is on a visible control of the table
        page.wait_for_function(
            "() => { const e = document.activeElement, t = document.querySelector('.fk-table');"
            " return t.contains(e) && e !== t && e.getClientRects().length > 0 && !e.disabled; }",
            timeout=60_000, polling=50)


def test_a_table_is_played_with_the_keyboard_only(page, voila):
    moves, tabs, keys = 0, [], 0
    try:
        page.goto(voila.url("tables/sixtina_2p.ipynb"), wait_until="domcontentloaded")
        page.wait_for_function(JS_READY, arg=".fk-table-pass-button", timeout=TIMEOUT_MS)
        page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT_MS, polling=100)
        # from the top of the page, Tab to the table's first control: the pass button
        for count in range(1, 80):
            page.keyboard.press("Tab")
            if page.evaluate(JS_FOCUS)["in_table"]:
                break
        focus = page.evaluate(JS_FOCUS)
        assert "fk-table-pass-button" in focus["cls"], focus
        assert focus["outline"] == "3px", focus               # a focus ring that shows
        log = page.locator(".fk-table-log")
        turn_tabs = 0
        while moves < 10:
            focus = page.evaluate(JS_FOCUS)
            assert focus["in_table"], (moves, focus)           # never on the page
            before = log.inner_text()
            if focus["tag"] == "SELECT":                       # a long list: an arrow, then Tab to Choose
                page.keyboard.press("ArrowDown")
                page.keyboard.press("Tab")
                turn_tabs += 1
                keys += 2
            key = " " if keys % 2 else "Enter"                 # Space and Enter both press a button
            press(page, key)
            keys += 1
            if log.inner_text() != before:
                moves += 1
                tabs.append(turn_tabs)
                turn_tabs = 0
            assert keys < 400, f"{moves} moves after {keys} keys"
        assert all(n <= 1 for n in tabs), tabs                 # no hunting for the next control
        print(f"\nkeyboard only: {moves} moves, {keys} keys, {count} Tabs to reach the table, Tabs per move {tabs}")
    except BaseException as exc:
        shot(page, "keyboard", exc)
        exc.add_note("Voila log (tail):\n" + voila.log_tail())
        raise


def test_live_regions_and_a_double_click(page, voila):
    try:
        page.goto(voila.url("tables/lorenzo_2p.ipynb"), wait_until="domcontentloaded")
        page.wait_for_function(JS_READY, arg=".fk-move-button", timeout=TIMEOUT_MS)
        status = page.locator(".fk-table-status [aria-live='polite'][role='status']")
        status.wait_for(state="attached")
        assert "to choose" in status.inner_text()
        # a move the rules refuse: the refusal is an alert
        mover = re.search(r"(\S+) to choose", status.inner_text()).group(1)
        page.locator(".fk-table-try input").fill(f"place {mover} white council servants 99")
        page.locator(".fk-table-try input").press("Enter")
        alert = page.locator(".fk-table-refusal [role='alert'][aria-live='assertive']")
        page.wait_for_function("s => (document.querySelector(s) || {innerText: ''}).innerText.includes('Refused')",
                               arg=".fk-table-refusal [role='alert']")
        assert "Refused" in alert.inner_text()
        # a double-click's second click never reaches the button (it is stopped before it)
        reached = page.evaluate("""() => {
          const b = document.querySelector('.fk-move-button'); let n = 0;
          const count = () => { n += 1; }; b.addEventListener('click', count);
          b.dispatchEvent(new MouseEvent('click', {bubbles: true, detail: 2}));
          const second = n; b.removeEventListener('click', count); return second; }""")
        assert reached == 0
        # and a real double-click takes one step: after Back the chooser is at its start again
        crumbs = page.locator(".fk-table-breadcrumb")
        start = crumbs.inner_text()
        page.locator(".fk-move-button").first.dblclick()
        page.wait_for_function("([s, b]) => document.querySelector(s).innerText !== b",
                               arg=[".fk-table-breadcrumb", start])
        page.locator(".fk-table-back").click()      # answered after both clicks (in order)
        page.wait_for_function("([s, b]) => document.querySelector(s).innerText === b",
                               arg=[".fk-table-breadcrumb", start], timeout=30_000)
    except BaseException as exc:
        shot(page, "live", exc)
        exc.add_note("Voila log (tail):\n" + voila.log_tail())
        raise
