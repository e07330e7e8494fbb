"""Drawings: the chapel graph's colours and highlights, the fresco card, score charts."""
from __future__ import annotations

import matplotlib
import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import to_hex

from fresco_kit.classroom.colours import player_colour
from fresco_kit.sixtina import draw, teach
from fresco_kit.sixtina.chapel import place_status, revealable_places
from fresco_kit.sixtina.examples import chapel_chain
from fresco_kit.sixtina.codes import PLACES

matplotlib.use("Agg")


def _patches(fig, prefix):
    return {p.get_gid().split(":", 1)[1]: p for ax in fig.axes for p in ax.patches
            if (p.get_gid() or "").startswith(prefix)}


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


@pytest.mark.rule("sixtina complete.new")
def test_chapel_nodes_coloured_by_status_and_highlighted():
    state = teach.mid_game_state()
    fig = draw.draw_chapel(state)
    nodes = _patches(fig, "node:")
    assert sorted(nodes) == sorted(PLACES)
    status = place_status(state)
    for place, patch in nodes.items():
        assert to_hex(patch.get_facecolor()) == draw.STATUS_COLOURS[status[place]]
    highlighted = {p for p, patch in nodes.items() if to_hex(patch.get_edgecolor()) == draw.HIGHLIGHT}
    assert highlighted == set(revealable_places(state)) and highlighted
    assert all(status[p] == "covered" for p in highlighted)
    zones = _patches(fig, "zone:")
    assert set(zones) == {PLACES[i] for i, z in enumerate(state.zone) if z >= 0}
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert "may be uncovered next" in labels and "Red" in labels


def test_chapel_spaces_show_materials():
    state = chapel_chain()[0].state          # G1: Blue correct Infrared, Red prudent Laboratory
    fig = draw.draw_chapel(state, highlight=False)
    spaces = _patches(fig, "space:")
    assert to_hex(spaces["G1:2:top"].get_facecolor()) == player_colour("Blue")
    assert to_hex(spaces["G1:3:bottom"].get_facecolor()) == draw.BLACK_MATERIAL
    assert to_hex(spaces["G1:0:top"].get_facecolor()) == draw.FREE_SPACE
    nodes = _patches(fig, "node:")
    assert not any(to_hex(p.get_edgecolor()) == draw.HIGHLIGHT for p in nodes.values())


def test_chapel_without_state_is_the_layout():
    fig = draw.draw_chapel(None)
    nodes = _patches(fig, "node:")
    assert len(nodes) == 12
    assert all(to_hex(p.get_facecolor()) == draw.STATUS_COLOURS["covered"] for p in nodes.values())


def test_node_styles_labels():
    state = chapel_chain()[0].state
    styles = draw.chapel_node_styles(state)
    assert "Creation of Adam" in styles["G1"].label.replace("\n", " ")
    assert styles["G2"].label.endswith("(covered)") and styles["G2"].highlight


def test_fresco_card():
    state = chapel_chain()[0].state
    fig = draw.draw_fresco_card(state, "G1")
    spaces = _patches(fig, "space:")
    assert len(spaces) == 10                  # five techniques, top and bottom
    texts = " ".join(t.get_text() for t in fig.axes[0].texts)
    assert "needs 6" in texts and "Creation of Adam" in texts and "prudent\nRed" in texts


def test_final_scoring_bars():
    sheet = teach.final_sheet(teach.RULEBOOK_FINAL_INPUTS)
    fig = draw.final_scoring_bars(sheet)
    ax = fig.axes[0]
    assert len(ax.patches) == 3 * 5                      # players x categories
    texts = [t.get_text() for t in ax.texts]
    assert "69 ★" in texts and "65" in texts and "64" in texts
    assert "winner: Red" in ax.get_title()


def test_completion_bars():
    result = teach.completion("genesis_4", [("correct", "Red"), ("excellent", "Blue"), ("correct", "Blue"),
                                            ("prudent", "Red"), ("prudent", "White")], {"Red": 2, "White": 1, "Blue": 1})
    fig = draw.completion_bars(result)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert texts == ["+1 point", "+2 points", "+9 points"]       # White, Red, Blue bottom to top


def test_readme_figures_include_the_chapel():
    figs = dict(draw.readme_figures())
    assert "sixtina_chapel.png" in figs
    nodes = _patches(figs["sixtina_chapel.png"], "node:")
    assert len(nodes) == 12
    status = {to_hex(p.get_facecolor()) for p in nodes.values()}
    assert status == set(draw.STATUS_COLOURS.values())      # a mid-game: all three statuses


def test_figures_say_whose_extras_name_the_techniques_and_mark_cuts():
    from fresco_kit.sixtina import teach
    from fresco_kit.sixtina.draw import _wrap, draw_chapel, extras_label, final_scoring_bars

    assert _wrap("Creation of the Sun, Moon and Plants").endswith("…")
    assert "…" not in _wrap("The Flood")
    assert extras_label(("Red", "White", "Blue"), (2, 0, 1)) == "R+2 B+1"
    fig = draw_chapel(teach.mid_game_state(seed=5, restored=3))
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert any("zone icon" in t for t in labels)
    assert any("Rp Repainting" in t for t in labels) and any("extra" in t and "R = Red" in t for t in labels)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "Rp" in texts or "SS" in texts or "WP" in texts
    fig = final_scoring_bars(teach.final_sheet(teach.RULEBOOK_FINAL_INPUTS))
    shown = [t.get_text() for t in fig.axes[0].texts]
    assert shown.count("2") >= 1 and "1" in shown      # the thin Leftover segments of White (2) and Blue (1)
