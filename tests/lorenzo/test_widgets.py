"""Lorenzo widgets, headless: set .value / .click() and read the text shown."""
from __future__ import annotations

import re

import pytest

from fresco_kit.core import Rng
from fresco_kit.lorenzo import widgets


@pytest.mark.rule("lorenzo servants", "lorenzo dice.value")
def test_dice_widget():
    w = widgets.dice_widget(seed=4)
    c = w.controls
    assert "worth 0" in w.text()
    c["servants"].value = 3
    assert "yes  territory-2" in w.text() and "value 3" in w.text()
    c["member"].value = "orange"
    c["orange"].value = 5
    assert "worth 5" in w.text() and "value 8" in w.text()
    c["servants"].value = 5
    assert "Red has only 3 servants" in w.text()
    rng = Rng(4)
    expected = [rng.die(6) for _ in range(3)]
    c["roll"].click()
    assert [c[k].value for k in ("white", "black", "orange")] == expected
    assert c["seed"].value == 5
    assert f"white {expected[0]}, black {expected[1]}, orange {expected[2]}" in w.text()
    # the board beside the answer: SVG in an HTML widget, coloured by the engine's reach
    board = c["board"].value
    assert board.startswith("<svg") and "Red&#x27;s orange member with 5 servants" in board
    assert 'aria-label="Lorenzo il Magnifico board.' in board


@pytest.mark.rule("lorenzo towers.occupied", "lorenzo towers.colour", "lorenzo towers.territory_mp")
def test_tower_widget_probe_and_answers():
    w = widgets.tower_widget()
    c = w.controls
    assert "fk-probe" in c["tower"]._dom_classes and "fk-probe-out" in w.out._dom_classes
    first = w.text()
    c["tower"].value = "venture"
    assert w.text() != first and "Torre delle Imprese" in w.text()
    c["tower"].value = "territory"
    c["occupied"].value = "another player"
    assert "occupied tower: yes, 3 extra coins" in w.text()
    c["occupied"].value = "own white member"
    c["member"].value = "black"
    assert "already has a coloured member in the territory tower" in w.text()
    c["member"].value = "neutral"
    c["servants"].value = 1
    assert "coloured member" not in w.text()
    c["occupied"].value = "empty"
    c["member"].value = "white"
    c["sample"].value = "two territories, no military"
    assert "[lorenzo towers.territory_mp]" in w.text()
    c["floor"].value = 4
    assert "bonus: 2 wood" in w.text()


@pytest.mark.rule("lorenzo zones.activation")
def test_activation_widget():
    w = widgets.activation_widget()
    c = w.controls
    assert "fires  Village" in w.text() and "  -    Gravel Pit" in w.text()
    c["zone"].value = "production"
    c["sample"].value = "buildings with trades (2 wood, 1 stone)"
    c["value"].value = 5
    assert "fires  Mint (>= 5): 4 coins" in w.text()
    c["value"].value = 4
    assert "  -    Mint" in w.text()
    c["value"].value = 0
    assert "  -    personal bonus tile" in w.text()


@pytest.mark.rule("lorenzo vatican.threshold", "lorenzo vatican.excommunicate")
def test_vatican_widget():
    w = widgets.vatican_widget()
    c = w.controls
    c["faith"].value = 2
    assert "no choice, excommunicated" in w.text()
    c["faith"].value = 6
    c["period"].value = 2
    assert "threshold 4" in w.text() and "+7 VP" in w.text() and "<- drawn in this game" in w.text()
    c["period"].value = 3
    assert "still scores" in w.text()


@pytest.mark.rule("lorenzo final.territories", "lorenzo final.winner")
def test_scoring_widget():
    w = widgets.scoring_widget()
    c = w.controls
    assert "Winner: Red" in w.text()
    c["player"].value = "Blue"
    assert c["territories"].value == 6 and c["excommunicated"].value
    c["territories"].value = 3
    assert "Winner: Red" in w.text() and "35" in w.text()
    c["player"].value = "Red"
    assert c["territories"].value == 4
    assert c["chart"].value == ""                         # no chart until asked
    c["draw"].click()
    chart = c["chart"].value
    assert chart.startswith("<svg") and "Winner: Red." in chart and 'role="img"' in chart
    c["ventures"].value = 0                               # from then on redrawn in place
    assert c["chart"].value != chart and "Red 45" in c["chart"].value


def test_widgets_update_in_place_and_read_well():
    """Issue 12: answers are HTML values replaced in place (no Output cleared), sliders
    keep a track of at least 250 px beside their label, buttons fit their label."""
    import ipywidgets

    panels = [widgets.dice_widget(), widgets.tower_widget(), widgets.activation_widget(),
              widgets.vatican_widget(), widgets.scoring_widget()]
    for panel in panels:
        assert isinstance(panel.out, ipywidgets.HTML)
        style = re.match(r'<pre style="([^"<>]*)">', panel.out.value).group(1)   # one well-formed attribute
        assert "monospace" in style and "font-size:13px" in style and "line-height" in style
        for name, c in panel.controls.items():
            if isinstance(c, ipywidgets.IntSlider):
                label = int(c.style.description_width.removesuffix("px"))
                width = int(c.layout.width.removesuffix("px"))
                assert width - label >= 360, name             # a track of 250 px or more, and the readout
                assert label >= 7 * len(c.description), name  # the whole label shows
            if isinstance(c, ipywidgets.Button):
                assert c.layout.width == "auto", name
    tower = panels[1]
    seen = []
    tower.out.observe(lambda change: seen.append(change["new"]), names="value")
    tower.controls["floor"].value = 3
    assert len(seen) == 1 and "floor 3" in seen[0]         # one update, never a blank in between


def test_scoring_widget_every_period_three_tile_bites():
    """Issue 10: tile 20 (1 VP per wood and stone in the buildings' costs) did nothing, the
    sheet had no buildings.  Now a buildings slider gives them, and every period III tile
    changes the excommunicated player's line."""
    w = widgets.scoring_widget()
    c = w.controls
    c["player"].value = "Blue"
    assert c["excommunicated"].value and c["buildings"].value == 2
    rows = {}
    for tile, _ in [(v, k) for k, v in c["tile"].options]:
        c["tile"].value = tile
        rows[tile] = w.text().splitlines()[7]          # the Excommunications line
    assert rows[20] != "Excommunications           0        0         0"
    assert rows[20].split()[2] == "-4"                 # Blue's two buildings: 4 wood and stone in their costs
    c["tile"].value = 20
    c["buildings"].value = 0
    assert w.text().splitlines()[7].split()[2] == "0"  # no buildings, nothing lost
    c["buildings"].value = 2
    for tile in (15, 17, 19, 20):                      # Blue has characters, territories, military, buildings
        c["tile"].value = tile
        assert w.text().splitlines()[8] != "Total                     54        54        43", tile
