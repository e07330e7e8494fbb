"""core.readings.readings_html: a short table of readings, the detail behind <details>, no
checklist id in the visible text (only in a tooltip)."""
from __future__ import annotations

import re
from html import escape

import pytest

from fresco_kit.core import games
from fresco_kit.core.readings import Reading, readings_html


def visible(html: str) -> str:
    """The text a reader sees: tags and attributes removed."""
    return re.sub(r"<[^>]+>", " ", html)


def test_a_reading_is_one_row_that_opens_on_its_detail():
    r = Reading("win tie", "final.winner", "the sources <say>", "the kit does this", ("another way",), "because",
                "win_tie_break")
    html = readings_html([r], "Readings")
    assert html.count("<tr>") == 2 and html.count("<details>") == 1                  # a head row and one reading
    assert "<summary>the kit does this</summary>" in html and "the sources &lt;say&gt;" in html
    assert "another way" in html and "because" in html and "<code>win_tie_break</code>" in html
    assert 'title="final.winner"' in html and "final.winner" not in visible(html)   # the id in a tooltip only
    none = readings_html([Reading("x", "r.x", "s", "k", (), "why none")])
    assert "<b>Other readings:</b> none" in none and ">none</td>" in none


@pytest.mark.parametrize("info", [i for i in games() if i.readings is not None], ids=lambda i: i.name)
def test_every_games_readings_show_as_a_table(info):
    readings = info.readings.READINGS
    html = readings_html(readings)
    assert html.count("<details>") == len(readings)
    assert all(escape(r.kit) in html for r in readings)
