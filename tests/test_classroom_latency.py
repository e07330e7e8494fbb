"""Widget latency in the classroom app: the pages of :func:`~tests.test_classroom.latency_pages`.

Each page is checked with axe-core (as every other served page in ``tests/test_classroom.py``),
then its controls are operated and timed (see that module's docstring, part 3).  A file of its
own so that, under ``--dist loadfile``, this half of the classroom pages runs on the other xdist
worker.  ``test_widget_latency_report`` (a benchmark, not a timed assertion) writes the table
of medians and maxima to ``$FRESCO_KIT_LATENCY`` (default ``/tmp/fresco_kit_latency.md``); it
needs the page tests of the same run.  ``make latency`` runs the full sweep
(``FRESCO_KIT_LATENCY_SWEEP=1``).
"""
from __future__ import annotations

import json
import os
import statistics
from pathlib import Path

import pytest

from tests.test_classroom import (  # noqa: F401  (browser, voila, page: the fixtures, shared)
    FULL_SWEEP,
    NO_ANSWER_MS,
    PER_PAGE,
    QUIET_MS,
    TIMEOUT_MS,
    TIMES,
    browser,
    check_accessible,
    latency_pages,
    page,
    shot,
    voila,
)

REPORT = Path(os.environ.get("FRESCO_KIT_LATENCY", "/tmp/fresco_kit_latency.md"))

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: rows (page, control, "text" or "board", milliseconds of each interaction) for the report
LATENCY: list[tuple[str, str, str, list[float]]] = []

#: Voila's widget manager is connected to the page's kernel and the kernel is idle: the
#: controls now answer (Voila connects the widgets after rendering the page)
JS_LIVE = """() => {
  const manager = window.jupyterapp && window.jupyterapp.widgetManager;
  const kernel = manager && manager.kernel;
  return !!kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
}"""


@pytest.mark.parametrize("notebook", latency_pages())
def test_page_is_accessible_and_answers(page, voila, notebook):
    try:
        check_accessible(page, voila, notebook)
        page.wait_for_function(JS_LIVE, timeout=TIMEOUT_MS, polling=50)
        LATENCY.extend(measure_latency(page, notebook))
    except BaseException as exc:
        shot(page, Path(notebook).stem, exc)
        raise


def measure_latency(page, notebook: str) -> list[tuple[str, str, str, list[float]]]:
    """Operate up to :data:`PER_PAGE` controls :data:`TIMES` times each; their latencies.

    A control whose first interaction changes nothing outside itself is not operated again
    (it would only wait :data:`NO_ANSWER_MS` each time) and not counted."""
    rows = []
    for kind, selector in CONTROLS.items():
        for index in range(page.locator(selector).count()):
            if len(rows) >= PER_PAGE:
                return rows
            times, boards = [], []
            for step in range(1, TIMES + 1):
                result = page.evaluate(JS_OPERATE, [selector, index, step])
                if not result:
                    break
                times.append(result[0])
                boards.append(result[1])
            if times:
                rows.append((notebook, f"{kind} {index + 1}", "board" if any(boards) else "text", times))
    return rows


#: Operate control ``index`` of the kind ``kind`` from inside the page and resolve with
#: (milliseconds from the interaction to the last change, whether an SVG/image changed).
JS_OPERATE = """async ([selector, index, step]) => {
  const el = document.querySelectorAll(selector)[index];
  if (!el) return null;
  let last = null, board = false;
  const control = el.closest('.jupyter-widgets') || el;   // its own look (focus, pressed) is not an answer
  const observer = new MutationObserver(list => {
    list = list.filter(m => !control.contains(m.target));
    if (!list.length) return;
    last = performance.now();
    for (const m of list) {
      const nodes = [...m.addedNodes, m.target];
      if (nodes.some(n => n.nodeType === 1 && (['svg', 'IMG'].includes(n.tagName) || n.closest?.('svg')
                                           || n.querySelector?.('svg, img')))) board = true;
    }
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  const t0 = performance.now();
  if (el.tagName === 'SELECT') {
    el.selectedIndex = (el.selectedIndex + step) % el.options.length;
    el.dispatchEvent(new Event('change', {bubbles: true}));
  } else if (el.classList.contains('noUi-handle')) {
    el.focus();
    el.dispatchEvent(new KeyboardEvent('keydown', {key: step % 2 ? 'ArrowRight' : 'ArrowLeft', bubbles: true}));
  } else {
    el.click();
  }
  const start = Date.now();
  await new Promise(resolve => {
    const tick = () => {
      const quiet = last !== null && performance.now() - last > QUIET_MS;
      if (quiet || Date.now() - start > NO_ANSWER_MS) resolve(); else setTimeout(tick, 20);
    };
    setTimeout(tick, 20);
  });
  observer.disconnect();
  return last === null ? null : [last - t0, board];
}""".replace("NO_ANSWER_MS", str(NO_ANSWER_MS)).replace("QUIET_MS", str(QUIET_MS))

CONTROLS = {
    "dropdown": ".widget-dropdown:not(.fk-table-seat) select",
    "slider": ".noUi-handle",
    "toggle": ".widget-toggle-buttons:not(.fk-table-pace) button",
    # at a table only the move choices: a seat or pace change hands the game to bots,
    # whose thinking is engine time, not the widget's
    "button": ".fk-move-button, button.jupyter-button:not(.widget-toggle-button):not(.fk-table *)",
}


def test_widget_latency_report():
    """Write the latency table of every page measured above (a benchmark: no time limit)."""
    rows = LATENCY
    assert rows, "no widget answered on any lesson page (run with the page tests above)"
    sweep = "full sweep" if FULL_SWEEP else "representative subset (FRESCO_KIT_LATENCY_SWEEP=1: every page)"
    lines = [f"{sweep}: up to {PER_PAGE} controls x {TIMES} interactions per page, {QUIET_MS} ms of quiet", "",
             "| page | control | output | median ms | max ms |", "|---|---|---|---:|---:|"]
    lines += [f"| {nb} | {control} | {kind} | {statistics.median(t):.0f} | {max(t):.0f} |"
              for nb, control, kind, t in rows]
    for kind in ("text", "board"):
        every = [x for _, _, k, t in rows if k == kind for x in t]
        if every:
            lines.append(f"| **all** | {kind} ({len(every)} interactions) | {kind} | "
                         f"{statistics.median(every):.0f} | {max(every):.0f} |")
    REPORT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (REPORT.with_suffix(".json")).write_text(json.dumps(rows), encoding="utf-8")
    print(f"\nwidget latency (interaction to updated page, in Chromium via Voila): {REPORT}")
