"""Pictures of Fresco (matplotlib and networkx, imported inside the functions).

- :func:`draw_fresco` -- the 5x5 fresco (Fresco rulebook, Setup 5 and Cathedral) as the
  engine's king-move graph (:func:`fresco_kit.fresco.board.fresco_graph`): each
  segment with its tile's value and paints, restored segments greyed, the bishop.
- :func:`draw_bishop_heatmap` -- the bishop's bonus (Cathedral, The bishop's bonus
  points) for every segment with the bishop on a chosen square, from
  :func:`fresco_kit.fresco.scoring.bishop_bonus`.
- :func:`draw_board` -- the inn table, the players' mood columns with their "+1"/"-1"
  spaces, and the victory point track (Setup 2-3, 8; Phase I).
- :func:`readme_figures` -- the figures ``fresco-kit figures`` writes.
"""

from __future__ import annotations

from typing import Any

from . import board, data
from .state import State

PAINT_COLOURS = {
    "yellow": "#f4d03f",
    "red": "#cb4335",
    "blue": "#2e86c1",
    "orange": "#e67e22",
    "green": "#27ae60",
    "purple": "#8e44ad",
}
PLAYER_COLOURS = {"Red": "#c0392b", "White": "#fdfefe", "Blue": "#1f618d", "Yellow": "#f1c40f"}
BISHOP_COLOUR = "#4a235a"


def _player_colour(name: str, k: int) -> str:
    fallback = ["#c0392b", "#fdfefe", "#1f618d", "#f1c40f"]
    return PLAYER_COLOURS.get(name, fallback[k % len(fallback)])


def _axes(ax: Any, size: tuple[float, float]):
    import matplotlib.pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=size)
        return fig, ax
    return ax.figure, ax


def _bishop_marker(ax: Any, sq: tuple[int, int], size: float = 420) -> None:
    x, y = sq[1], -sq[0]
    ax.scatter(
        [x + 0.28],
        [y + 0.26],
        marker="^",
        s=size,
        color=BISHOP_COLOUR,
        edgecolors="white",
        linewidths=1.5,
        zorder=6,
        gid="bishop",
    )


def draw_fresco(state: State | None = None, ax: Any = None, title: str | None = None):
    """The fresco grid of ``state`` (default: a new 4-player game, seed 0) as a graph.

    Nodes are the 25 segments at ``(col, -row)``; grey lines are the king-move edges
    the bishop rules use.  Each segment shows its tile's value and one dot per paint
    piece it needs; restored segments are hatched; the purple triangle is the bishop.
    Returns the figure."""
    import networkx as nx
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle

    if state is None:
        from . import new_game

        state = new_game(["Red", "White", "Blue", "Yellow"], seed=0).state
    fig, ax = _axes(ax, (7.2, 6.4))
    g = board.fresco_graph()
    pos = nx.get_node_attributes(g, "pos")
    nx.draw_networkx_edges(g, pos, ax=ax, edge_color="#b3b6b7", width=1.0)
    for sq in g.nodes:
        x, y = pos[sq]
        t = state.fresco[board.index(sq)]
        if t < 0:
            ax.add_patch(
                Rectangle(
                    (x - 0.36, y - 0.36), 0.72, 0.72, facecolor="#e5e7e9", edgecolor="#909497", hatch="//", zorder=3
                )
            )
            ax.text(x, y, "restored", ha="center", va="center", fontsize=7, color="#626567", zorder=4)
            continue
        tile = data.FRESCO_TILES[t]
        ax.add_patch(
            Rectangle(
                (x - 0.36, y - 0.36), 0.72, 0.72, facecolor="#fdf2e9", edgecolor="#784212", linewidth=1.2, zorder=3
            )
        )
        ax.text(
            x - 0.28,
            y + 0.2,
            str(tile.value),
            ha="left",
            va="center",
            fontsize=13,
            fontweight="bold",
            color="#4d2600",
            zorder=4,
        )
        names = data.paint_names(tile.paints)
        xs = [x - 0.24 + 0.12 * k for k in range(len(names))]
        ax.scatter(
            xs,
            [y - 0.17] * len(names),
            s=70,
            c=[PAINT_COLOURS[c] for c in names],
            edgecolors="#333333",
            linewidths=0.6,
            zorder=5,
        )
        ax.text(x + 0.33, y - 0.33, f"{sq[0]},{sq[1]}", ha="right", va="bottom", fontsize=6, color="#7b7d7d", zorder=4)
    _bishop_marker(ax, board.square(state.bishop))
    handles = [Patch(facecolor=PAINT_COLOURS[c], edgecolor="#333333", label=c) for c in data.COLOURS]
    handles += [
        Line2D([], [], marker="^", color="w", markerfacecolor=BISHOP_COLOUR, markersize=13, label="bishop"),
        Line2D([], [], color="#b3b6b7", label="king-move adjacency"),
        Patch(facecolor="#e5e7e9", edgecolor="#909497", hatch="//", label="restored"),
    ]
    ax.legend(
        handles=handles,
        loc="upper left",
        bbox_to_anchor=(1.01, 1.0),
        fontsize=8,
        frameon=False,
        title="paints needed (dots)",
        title_fontsize=8,
    )
    ax.set_xlim(-0.6, data.COLS - 0.4)
    ax.set_ylim(-data.ROWS + 0.4, 0.6)
    ax.set_aspect("equal")
    ax.set_xticks(range(data.COLS), [f"col {c}" for c in range(data.COLS)], fontsize=8)
    ax.set_yticks([-r for r in range(data.ROWS)], [f"row {r}" for r in range(data.ROWS)], fontsize=8)
    for side in ("top", "right", "bottom", "left"):
        ax.spines[side].set_visible(False)
    ax.set_title(
        title or f"The fresco: tile value and paints per segment ({state.tiles_left} tiles left; illustrative tiles)",
        fontsize=10,
    )
    fig.tight_layout()
    return fig


def draw_bishop_heatmap(bishop: tuple[int, int] = data.CENTRE, state: State | None = None, ax: Any = None):
    """Bishop bonus for restoring each segment with the bishop on ``bishop``.

    The colours are ``scoring.bishop_bonus(bishop, segment)`` (via
    :func:`fresco_kit.fresco.teach.bishop_bonus_grid`); with a ``state`` each cell also
    shows the tile's value + bonus.  Returns the figure; the image array is the grid."""
    import numpy as np

    from .teach import bishop_bonus_grid

    grid = np.array(bishop_bonus_grid(tuple(bishop)))
    fig, ax = _axes(ax, (5.8, 4.8))
    image = ax.imshow(grid, cmap="YlOrRd", vmin=0, vmax=3, extent=(-0.5, data.COLS - 0.5, -data.ROWS + 0.5, 0.5))
    for r in range(data.ROWS):
        for c in range(data.COLS):
            text = f"+{grid[r, c]}" if grid[r, c] else "0"
            if state is not None:
                t = state.fresco[board.index((r, c))]
                text = "restored" if t < 0 else f"{data.FRESCO_TILES[t].value}{text if grid[r, c] else ''}"
            ax.text(
                c,
                -r,
                text,
                ha="center",
                va="center",
                fontsize=10 if state is None else 8,
                color="black" if grid[r, c] < 3 else "white",
                fontweight="bold",
            )
    _bishop_marker(ax, tuple(bishop), size=160)
    cbar = fig.colorbar(image, ax=ax, ticks=[0, 2, 3], shrink=0.8)
    cbar.set_label("bishop bonus (VP)")
    ax.set_xticks(range(data.COLS), [f"col {c}" for c in range(data.COLS)], fontsize=8)
    ax.set_yticks([-r for r in range(data.ROWS)], [f"row {r}" for r in range(data.ROWS)], fontsize=8)
    ax.set_title(
        f"Bishop on {tuple(bishop)}: +3 on the segment, +2 next to it (diagonals too)"
        + ("\ncells: tile value + bishop bonus" if state is not None else ""),
        fontsize=9,
    )
    fig.tight_layout()
    return fig


def draw_board(state: State | None = None):
    """Board overview of ``state``: inn table, mood columns, victory point track.

    The inn shows each get-up time's mood change and market price (and who got up
    then); each player's mood column marks the two "-1" spaces (red) and two "+1"
    spaces (green); the track shows start spaces S1.. and track spaces."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch, Rectangle

    if state is None:
        from . import new_game

        state = new_game(["Red", "White", "Blue", "Yellow"], seed=0).state
    fig = plt.figure(figsize=(11, 5.2))
    grid = fig.add_gridspec(2, 2, height_ratios=[3, 1.2], width_ratios=[1.25, 1])
    inn, mood, track = fig.add_subplot(grid[0, 0]), fig.add_subplot(grid[0, 1]), fig.add_subplot(grid[1, :])
    # inn table
    up = {p.time: nm for nm, p in zip(state.names, state.players) if p.time}
    rows = [[f"{t} o'clock", f"{data.INN[t][0]:+d}", f"{data.INN[t][1]} thalers", up.get(t, "")] for t in data.TIMES]
    inn.axis("off")
    table = inn.table(
        cellText=rows,
        colLabels=["get-up time", "mood change", "price per tile", "painter"],
        loc="center",
        cellLoc="center",
    )
    table.scale(1, 1.6)
    for t, row in zip(data.TIMES, range(1, len(rows) + 1)):
        if t in up:
            colour = _player_colour(up[t], state.names.index(up[t]))
            table[row, 3].set_facecolor(colour)
            if colour in ("#c0392b", "#1f618d"):
                table[row, 3].get_text().set_color("white")
        if data.INN[t] == (-1, 2) and t == 7:  # the row the rulebook example confirms
            for col in range(3):
                table[row, col].set_facecolor("#d6eaf8")
    inn.set_title("The inn (illustrative table; the shaded 7 o'clock row is confirmed)", fontsize=9)
    # mood columns
    for k, (nm, p) in enumerate(zip(state.names, state.players)):
        for sp in range(data.MOOD_LENGTH):
            colour = "#abebc6" if sp in data.MOOD_PLUS else "#f5b7b1" if sp in data.MOOD_MINUS else "#f8f9f9"
            mood.add_patch(Rectangle((k - 0.35, sp - 0.45), 0.7, 0.9, facecolor=colour, edgecolor="#7f8c8d"))
            label = "+1" if sp in data.MOOD_PLUS else "-1" if sp in data.MOOD_MINUS else ""
            if label:
                mood.text(k + 0.28, sp, label, fontsize=7, ha="right", va="center", color="#424949")
        mood.scatter([k - 0.08], [p.mood], s=160, color=_player_colour(nm, k), edgecolors="black", zorder=3)
        mood.text(k, data.MOOD_LENGTH - 0.1, f"{nm}\n{p.apprentices} appr.", ha="center", va="bottom", fontsize=8)
    mood.set_xlim(-0.6, state.n - 0.4)
    mood.set_ylim(-0.7, data.MOOD_LENGTH + 1.1)
    mood.set_xticks([])
    mood.set_yticks(range(data.MOOD_LENGTH), [str(s) for s in range(data.MOOD_LENGTH)], fontsize=7)
    mood.set_ylabel("mood space")
    mood.legend(
        handles=[
            Patch(facecolor="#abebc6", label='"+1": natural apprentice (6)'),
            Patch(facecolor="#f5b7b1", label='"-1": one apprentice out (4)'),
        ],
        loc="upper center",
        bbox_to_anchor=(0.5, -0.02),
        fontsize=7,
        ncol=2,
        frameon=False,
    )
    mood.set_title("Mood columns (illustrative length 9)", fontsize=9)
    # victory point track
    top = max([p.vp for p in state.players] + [20]) + 3
    for sp in range(-state.n, top + 1):
        if sp == 0:
            continue
        track.add_patch(
            Rectangle(
                (sp - 0.45, -0.4),
                0.9,
                0.8,
                facecolor="#eaf2f8" if sp < 0 else "#fbfcfc",
                edgecolor="#aab7b8",
                linewidth=0.6,
            )
        )
        if sp < 0 or sp % 5 == 0 or sp == 1:
            track.text(sp, -0.75, f"S{-sp}" if sp < 0 else str(sp), ha="center", va="center", fontsize=7)
    for k, (nm, p) in enumerate(zip(state.names, state.players)):
        x = -p.start if p.start else p.vp
        track.scatter([x], [0], s=120, color=_player_colour(nm, k), edgecolors="black", zorder=3)
    track.set_xlim(-state.n - 1, top + 1)
    track.set_ylim(-1.1, 0.7)
    track.axis("off")
    track.set_title(
        "Victory point track: start spaces S1..S%d (S1 counts as last), then spaces 1, 2, ..." % state.n, fontsize=9
    )
    fig.suptitle(f"Fresco board, round {state.round} ({state.ruleset} rules, {state.n} players)", fontsize=11)
    fig.tight_layout()
    return fig


def readme_figures() -> list[tuple[str, Any]]:
    """Figures for the README and notebooks: the fresco grid, the bishop heat map, the board."""
    return [
        ("fresco_grid.png", draw_fresco()),
        ("fresco_bishop_bonus.png", draw_bishop_heatmap((1, 1))),
        ("fresco_board.png", draw_board()),
    ]
