"""Readings: how the kit plays rulebook text that can be read more than one way.

One :class:`Reading` type for every game: each game's ``readings.py`` lists its
readings in ``READINGS``; a reading that changes play names the
:class:`~fresco_kit.core.registry.Switch` that plays an alternative.  :func:`readings_html`
shows a list of them as a short table whose rows open on the detail (the notebooks use it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from xml.sax.saxutils import quoteattr


@dataclass(frozen=True)
class Reading:
    """One reading of the sources.

    - ``id``: a short name; ``rule``: the checklist id of the rule it reads;
    - ``reads``: what the sources say (or leave unsaid), cited by section heading;
    - ``kit``: what the kit does; ``alternatives``: the other plausible readings (empty
      only when ``argument`` says why there is none);
    - ``argument``: why the kit reads it its way;
    - ``switch``: the rule switch (or option) that plays an alternative, None if none;
    - ``where``: the module or function that carries it out ("" when not given).
    """

    id: str
    rule: str
    reads: str
    kit: str
    alternatives: tuple[str, ...]
    argument: str
    switch: str | None = None
    where: str = ""


def readings_html(readings: Sequence[Reading], title: str = "") -> str:
    """``readings`` as a short HTML table (the reading, what the kit does, the switch), each
    row opening (``<details>``) on what the sources say, the other readings and the argument.

    The checklist id of the rule read stays in a tooltip, and a reading is named in words (its
    id with spaces): learner text shows words only."""

    def cell(text: str) -> str:
        return f"<td style='vertical-align:top;text-align:left;padding:2px 6px'>{text}</td>"

    rows = []
    for r in readings:
        others = "; ".join(escape(a) for a in r.alternatives) or "none"
        detail = (
            f"<details><summary>{escape(r.kit)}</summary>"
            f"<p><b>The sources:</b> {escape(r.reads)}</p><p><b>Other readings:</b> {others}</p>"
            f"<p><b>Why the kit reads it so:</b> {escape(r.argument)}</p></details>"
        )
        switch = f"<code>{escape(r.switch)}</code>" if r.switch else "none"
        name = escape(r.id.replace("_", " "))  # the reading's name in words, not its identifier
        rows.append(f"<tr>{cell(f'<b title={quoteattr(r.rule)}>{name}</b>')}{cell(detail)}{cell(switch)}</tr>")
    caption = f"<caption style='text-align:left'><b>{escape(title)}</b></caption>" if title else ""
    head = "<tr><th>reading</th><th>what the kit does (open for the sources and the argument)</th><th>switch</th></tr>"
    return f"<table class='fk-readings'>{caption}<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>"
