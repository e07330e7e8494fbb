"""The Fresco drawings: assertions on what is drawn, not on pixels."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import LineCollection  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from fresco_kit.classroom.colours import contrast, player_colour  # noqa: E402
from fresco_kit.fresco import board, data, draw, names, new_game  # noqa: E402
from fresco_kit.core.text import plural  # noqa: E402
from fresco_kit.fresco.positions import edit  # noqa: E402
from fresco_kit.fresco.scoring import bishop_bonus  # noqa: E402


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def texts(ax) -> list[str]:
    return [t.get_text() for t in ax.texts]


@pytest.mark.rule("fresco setup.fresco")
def test_fresco_grid_shows_tiles_edges_and_bishop():
    state = new_game(["Red", "White", "Blue", "Yellow"], seed=2).state
    fig = draw.draw_fresco(state)
    ax = fig.axes[0]
    tiles = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert len(tiles) == 25
    shown = texts(ax)
    values = sorted(int(t) for t in shown if t.isdigit())
    assert values == sorted(data.FRESCO_TILES[t].value for t in state.fresco)
    edges = [c for c in ax.collections if isinstance(c, LineCollection)]
    assert len(edges) == 1 and len(edges[0].get_segments()) == 72       # king-move graph
    bishop = [c for c in ax.collections if c.get_gid() == "bishop"]
    assert len(bishop) == 1
    x, y = bishop[0].get_offsets()[0]
    assert (round(-y) + 1, round(x) + 1) == board.square(state.bishop)  # row 1 at y = 0, col 1 at x = 0
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "bishop" in labels and all(c in labels for c in data.COLOURS)


def test_fresco_grid_marks_restored_segments():
    state = new_game(["Red", "White", "Blue"], seed=2).state
    state = edit(state, restored={"Red": [(1, 1), (5, 5)]}, bishop=(5, 5))
    ax = draw.draw_fresco(state).axes[0]
    assert texts(ax).count("restored") == 2
    assert "23 tiles left" in ax.get_title()


@pytest.mark.rule("fresco cath.bishop_bonus")
@pytest.mark.parametrize("bishop", [(3, 3), (1, 1), (1, 4), (5, 2), (4, 4)])
def test_heatmap_values_equal_bishop_bonus(bishop):
    fig = draw.draw_bishop_heatmap(bishop)
    image = np.asarray(fig.axes[0].images[0].get_array())
    expected = np.array([[bishop_bonus(bishop, (r, c)) for c in range(1, 6)] for r in range(1, 6)])
    assert image.shape == (5, 5) and (image == expected).all()
    assert names.segment(bishop) in fig.axes[0].get_title()  # counted from 1, as labelled
    assert texts(fig.axes[0]).count("+3") == 1


def test_heatmap_with_tile_values():
    state = new_game(["Red", "White", "Blue"], seed=2).state
    ax = draw.draw_bishop_heatmap((3, 3), state).axes[0]
    centre = data.FRESCO_TILES[state.fresco[board.CENTRE_INDEX]].value
    assert f"{centre}+3" in texts(ax)


@pytest.mark.rule("fresco p1.price", "fresco mood.plus", "fresco mood.minus")
def test_board_overview_shows_inn_mood_and_track():
    state = new_game(["Red", "White", "Blue", "Yellow"], seed=2).state
    fig = draw.draw_board(state)
    inn, mood, track = fig.axes
    cells = {cell.get_text().get_text() for cell in inn.tables[0].get_celld().values()}
    for t, (change, price) in data.INN.items():
        assert f"{t} o'clock" in cells and plural(price, "thaler") in cells and f"{change:+d}" in cells
    assert texts(mood).count("+1") == 2 * state.n and texts(mood).count("-1") == 2 * state.n
    markers = [c.get_offsets()[0] for c in track.collections]
    assert sorted(-int(x) for x, _ in markers) == [1, 2, 3, 4]          # everyone on S1..S4
    assert "S1" in texts(track)


@pytest.mark.rule("fresco p1.order")
@pytest.mark.parametrize("n", [3, 4])
def test_s1_is_drawn_last_on_the_track_as_the_caption_says(n):
    state = new_game(["Red", "White", "Blue", "Yellow"][:n], seed=2).state
    track = draw.draw_board(state).axes[2]
    assert "S1 counts as last" in track.get_title()
    x = {t.get_text(): t.get_position()[0] for t in track.texts}
    assert x["S1"] < x["S2"] < x[f"S{n}"] < x["1"]                      # S1 leftmost, furthest behind
    at = {tuple(c.get_facecolor()[0][:3]): c.get_offsets()[0][0] for c in track.collections}
    for k, (nm, p) in enumerate(zip(state.names, state.players)):
        rgb = tuple(round(v, 3) for v in matplotlib.colors.to_rgb(player_colour(nm, k)))
        drawn = next(xx for c, xx in at.items() if tuple(round(v, 3) for v in c) == rgb)
        assert drawn == x[f"S{p.start}"], (nm, p.start)


def test_text_in_the_figures_contrasts_with_its_background():
    state = new_game(["Red", "White", "Blue", "Yellow"], seed=2).state
    from fresco_kit.fresco import teach

    report = teach.wake_up({"Red": 7, "White": 5, "Blue": 9, "Yellow": 8})
    inn = draw.draw_board(report.state).axes[0]
    for cell in inn.tables[0].get_celld().values():
        text = cell.get_text()
        if text.get_text():
            back = matplotlib.colors.to_hex(cell.get_facecolor())
            assert contrast(matplotlib.colors.to_hex(text.get_color()), back) >= 4.5, (text.get_text(), back)
    assert "White" in {c.get_text().get_text() for c in inn.tables[0].get_celld().values()}
    for fig in (draw.draw_bishop_heatmap((2, 2)), draw.draw_bishop_heatmap((1, 1), state)):
        ax = fig.axes[0]
        image = ax.images[0]
        for t in ax.texts:
            c, y = t.get_position()
            back = matplotlib.colors.to_hex(image.cmap(image.norm(image.get_array()[int(round(-y)), int(round(c))])))
            assert contrast(matplotlib.colors.to_hex(t.get_color()), back) >= 4.5, (t.get_text(), back)


def test_readme_figures(tmp_path):
    figures = draw.readme_figures()
    names = [name for name, _ in figures]
    assert names[0] == "fresco_grid.png" and len(set(names)) == len(names)
    for name, fig in figures:
        assert isinstance(fig, matplotlib.figure.Figure)
        fig.savefig(tmp_path / name, dpi=40)
        assert (tmp_path / name).stat().st_size > 1000


#: the widest a notebook shows a figure without scaling it down (px)
NOTEBOOK_WIDTH = 900


@pytest.mark.parametrize("which", ["fresco", "heatmap", "heatmap_values", "board"])
def test_figure_text_is_at_least_11_px_as_shown_in_a_notebook(which):
    from matplotlib.text import Text

    state = new_game(["Red", "White", "Blue", "Yellow"], seed=1).state
    fig = {
        "fresco": lambda: draw.draw_fresco(state),
        "heatmap": lambda: draw.draw_bishop_heatmap((2, 2)),
        "heatmap_values": lambda: draw.draw_bishop_heatmap((2, 2), state),
        "board": lambda: draw.draw_board(state),
    }[which]()
    shown = min(1.0, NOTEBOOK_WIDTH / (fig.get_figwidth() * fig.dpi))
    texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    sizes = {t.get_text(): t.get_fontsize() * fig.dpi / 72 * shown for t in texts}
    assert texts and min(sizes.values()) >= 11, sorted(sizes.items(), key=lambda kv: kv[1])[:3]


def test_figure_text_colours_reach_4_5_to_1_on_their_backgrounds():
    # the colours draw.py sets explicitly for text, on the fill they are drawn over
    pairs = [
        ("#5f6368", "#e5e7e9"),
        ("#5f6368", "#fdf2e9"),
        ("#4d2600", "#fdf2e9"),
        ("#424949", "#abebc6"),
        ("#424949", "#f5b7b1"),
    ]
    assert all(contrast(fg, bg) >= 4.5 for fg, bg in pairs)
