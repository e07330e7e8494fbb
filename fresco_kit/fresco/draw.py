"""Pictures of a Fresco position: matplotlib figures (matplotlib and networkx imported
inside the functions) and plain text.

- :func:`board` -- the main picture of a position (``Game._repr_png_`` shows it): the
  fresco grid (:func:`draw_fresco`).
- :func:`draw_fresco` -- the 5x5 fresco (Fresco rulebook, Setup 5 and Cathedral) as the
  engine's king-move graph (:func:`fresco_kit.fresco.board.fresco_graph`): each
  segment with its tile's value and paints, restored segments greyed, the bishop.
- :func:`draw_bishop_heatmap` -- the bishop's bonus (Cathedral, The bishop's bonus
  points) for every segment with the bishop on a chosen square, from
  :func:`fresco_kit.fresco.scoring.bishop_bonus`.
- :func:`draw_board` -- the inn table, the players' mood columns with their "+1"/"-1"
  spaces, and the victory point track (Setup 2-3, 8; Phase I).
- :func:`readme_figures` -- the figures ``fresco-kit figures`` writes.
- :func:`summary` / :func:`fresco_grid` -- the position (or a player's view, where
  what lies behind another player's screens shows as ``hidden``) as plain text.

Players and paints are drawn in the kit's one colour map (``fresco_kit.classroom.colours``).
"""

from __future__ import annotations

from typing import Any

from fresco_kit.classroom.colours import PAINT_COLOURS, player_colour, text_on
from fresco_kit.classroom.figures import plain_text
from fresco_kit.core.text import plural

from . import board as grid
from . import data, names, new_game
from .rulesets import switches_for
from .scoring import bishop_bonus
from .state import State, View

BISHOP_COLOUR = "#4a235a"


@plain_text
def board(state: State) -> Any:
    """The main picture of a position: the fresco grid with the bishop (a matplotlib
    ``Figure``; ``Game._repr_png_`` shows it in a notebook)."""
    return draw_fresco(state)


def _new_position() -> State:
    """The position drawn when none is given: a new 4-player game, seed 0."""
    return new_game(["Red", "White", "Blue", "Yellow"], seed=0).state


def _axes(ax: Any, size: tuple[float, float]) -> tuple[Any, Any]:
    import matplotlib.pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=size)
        return fig, ax
    return ax.figure, ax


def _bishop_marker(ax: Any, sq: tuple[int, int], size: float = 420) -> None:
    x, y = sq[1] - 1, 1 - sq[0]  # the segment (row, col), counted from 1, at the drawing's (col - 1, 1 - row)
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


@plain_text
def draw_fresco(state: State | None = None, ax: Any = None, title: str | None = None) -> Any:
    """The fresco grid of ``state`` (default: a new 4-player game, seed 0) as a graph.

    Nodes are the 25 segments at ``(col - 1, 1 - row)``; grey lines are the king-move edges
    the bishop rules use.  Each segment shows its tile's value and one dot per paint
    piece it needs; restored segments are hatched; the purple triangle is the bishop.
    Returns the figure."""
    import networkx as nx
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle

    if state is None:
        state = _new_position()
    fig, ax = _axes(ax, (7.2, 6.4))
    g = grid.fresco_graph()
    pos = nx.get_node_attributes(g, "pos")
    nx.draw_networkx_edges(g, pos, ax=ax, edge_color="#b3b6b7", width=1.0)
    for sq in g.nodes:
        x, y = pos[sq]
        t = state.fresco[grid.index(sq)]
        if t < 0:
            ax.add_patch(
                Rectangle(
                    (x - 0.36, y - 0.36), 0.72, 0.72, facecolor="#e5e7e9", edgecolor="#909497", hatch="//", zorder=3
                )
            )
            ax.text(x, y, "restored", ha="center", va="center", fontsize=8, color="#5f6368", zorder=4)
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
        ax.text(x + 0.33, y - 0.33, f"{sq[0]},{sq[1]}", ha="right", va="bottom", fontsize=8, color="#5f6368", zorder=4)
    _bishop_marker(ax, grid.square(state.bishop))
    handles: list[Any] = [Patch(facecolor=PAINT_COLOURS[c], edgecolor="#333333", label=c) for c in data.COLOURS]
    handles += [
        Line2D([], [], marker="^", color="none", markerfacecolor=BISHOP_COLOUR, markersize=13, label="bishop"),
        Line2D([], [], color="#b3b6b7", label="neighbouring segments (diagonals too)"),
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
    ax.set_xticks(range(data.COLS), [f"col {c + 1}" for c in range(data.COLS)], fontsize=8)
    ax.set_yticks([-r for r in range(data.ROWS)], [f"row {r + 1}" for r in range(data.ROWS)], fontsize=8)
    for side in ("top", "right", "bottom", "left"):
        ax.spines[side].set_visible(False)
    ax.set_title(
        title
        or f"The fresco: tile value and paints per segment ({plural(state.tiles_left, 'tile')} left; "
        "illustrative tiles)",
        fontsize=10,
    )
    fig.tight_layout()
    return fig


@plain_text
def draw_bishop_heatmap(bishop: tuple[int, int] = data.CENTRE, state: State | None = None, ax: Any = None) -> Any:
    """Bishop bonus for restoring each segment with the bishop on ``bishop`` (``(row, col)``,
    counted from 1 as the board's labels: the centre is (3, 3)).

    The colours are ``scoring.bishop_bonus(bishop, segment)``; with a ``state`` each cell
    also shows the tile's value + bonus.  Returns the figure; the image array is the grid
    (``image[row - 1, col - 1]``)."""
    import numpy as np
    from matplotlib.colors import to_hex

    bishop = (bishop[0], bishop[1])
    bonus = np.array([[bishop_bonus(bishop, (r + 1, c + 1)) for c in range(data.COLS)] for r in range(data.ROWS)])
    fig, ax = _axes(ax, (5.8, 4.8))
    # vmax 3.5, not 3: the +2 cells stay light enough for readable text (classroom.colours.text_on)
    image = ax.imshow(bonus, cmap="YlOrRd", vmin=0, vmax=3.5, extent=(-0.5, data.COLS - 0.5, -data.ROWS + 0.5, 0.5))
    for r in range(data.ROWS):
        for c in range(data.COLS):
            text = f"+{bonus[r, c]}" if bonus[r, c] else "0"
            if state is not None:
                t = state.fresco[grid.index((r + 1, c + 1))]
                text = "restored" if t < 0 else f"{data.FRESCO_TILES[t].value}{text if bonus[r, c] else ''}"
            ax.text(
                c,
                -r,
                text,
                ha="center",
                va="center",
                fontsize=10 if state is None else 9,
                color=text_on(to_hex(image.cmap(image.norm(bonus[r, c])))),
                fontweight="bold",
            )
    _bishop_marker(ax, bishop, size=160)
    cbar = fig.colorbar(image, ax=ax, ticks=[0, 2, 3], shrink=0.8)
    cbar.set_label("bishop bonus (VP)")
    ax.set_xticks(range(data.COLS), [f"col {c + 1}" for c in range(data.COLS)], fontsize=8)
    ax.set_yticks([-r for r in range(data.ROWS)], [f"row {r + 1}" for r in range(data.ROWS)], fontsize=8)
    ax.set_title(
        f"Bishop on {names.segment(bishop)}: +3 on the segment, +2 next to it (diagonals too)"
        + ("\ncells: tile value + bishop bonus" if state is not None else ""),
        fontsize=9,
    )
    fig.tight_layout()
    return fig


def start_x(start: int, n: int) -> int:
    """Where start space S``start`` is drawn left of track space 1: S1 counts as last, so it
    is the leftmost (``-n``) and S``n`` is next to space 1 (``-1``)."""
    return start - n - 1


@plain_text
def draw_board(state: State | None = None) -> Any:
    """Board overview of ``state``: inn table, mood columns, victory point track.

    The inn shows each get-up time's mood change and market price (and who got up
    then); each player's mood column marks the two "-1" spaces (red) and two "+1"
    spaces (green); the track shows start spaces S1.. and track spaces."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch, Rectangle

    if state is None:
        state = _new_position()
    fig = plt.figure(figsize=(9, 5.6))
    spec = fig.add_gridspec(2, 2, height_ratios=[3, 1.2], width_ratios=[1.25, 1])
    inn, mood, track = fig.add_subplot(spec[0, 0]), fig.add_subplot(spec[0, 1]), fig.add_subplot(spec[1, :])
    # inn table
    up = {p.time: nm for nm, p in zip(state.names, state.players) if p.time}
    rows = [
        [f"{t} o'clock", f"{data.INN[t][0]:+d}", plural(data.INN[t][1], "thaler"), up.get(t, "")] for t in data.TIMES
    ]
    inn.axis("off")
    table = inn.table(
        cellText=rows,
        colLabels=["get-up time", "mood change", "price per tile", "painter"],
        loc="center",
        cellLoc="center",
    )
    table.auto_set_font_size(False)
    table.set_fontsize(9)
    table.scale(1, 1.6)
    for t, row in zip(data.TIMES, range(1, len(rows) + 1)):
        if t in up:
            colour = player_colour(up[t], state.names.index(up[t]))
            table[row, 3].set_facecolor(colour)
            table[row, 3].get_text().set_color(text_on(colour))
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
                mood.text(k + 0.3, sp, label, fontsize=8, ha="right", va="center", color="#424949")
        mood.scatter([k - 0.08], [p.mood], s=160, color=player_colour(nm, k), edgecolors="black", zorder=3)
        mood.text(k, data.MOOD_LENGTH - 0.1, f"{nm}\n{p.apprentices} appr.", ha="center", va="bottom", fontsize=9)
    mood.set_xlim(-0.6, state.n - 0.4)
    mood.set_ylim(-0.7, data.MOOD_LENGTH + 1.1)
    mood.set_xticks([])
    mood.set_yticks(range(data.MOOD_LENGTH), [str(names.mood_space(s)) for s in range(data.MOOD_LENGTH)], fontsize=8)
    mood.set_ylabel("mood space")
    mood.legend(
        handles=[
            Patch(facecolor="#abebc6", label='"+1": natural apprentice (6)'),
            Patch(facecolor="#f5b7b1", label='"-1": one apprentice out (4)'),
        ],
        loc="upper center",
        bbox_to_anchor=(0.5, -0.02),
        fontsize=8,
        ncol=1,
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
            label = f"S{state.n + 1 + sp}" if sp < 0 else str(sp)
            track.text(sp, -0.75, label, ha="center", va="center", fontsize=8)
    for k, (nm, p) in enumerate(zip(state.names, state.players)):
        x = start_x(p.start, state.n) if p.start else p.vp
        track.scatter([x], [0], s=120, color=player_colour(nm, k), edgecolors="black", zorder=3)
    track.set_xlim(-state.n - 1, top + 1)
    track.set_ylim(-1.1, 0.7)
    track.axis("off")
    track.set_title(
        f"Victory point track: start spaces S1..S{state.n} (S1 counts as last), then spaces 1, 2, ...", fontsize=9
    )
    fig.suptitle(f"Fresco board, round {state.round} ({state.ruleset} rules, {state.n} players)", fontsize=11)
    fig.tight_layout()
    return fig


def readme_figures() -> list[tuple[str, Any]]:
    """Figures for the README and notebooks: the fresco grid, the bishop heat map, the board."""
    return [
        ("fresco_grid.png", draw_fresco()),
        ("fresco_bishop_bonus.png", draw_bishop_heatmap((2, 2))),
        ("fresco_board.png", draw_board()),
    ]


# -- plain text --------------------------------------------------------------------------
def fresco_grid(s: State | View) -> str:
    """The 5x5 fresco: tile value per segment, ``--`` when restored, ``*`` marks the bishop."""
    if isinstance(s, State):
        tiles = [data.FRESCO_TILES[t] if t >= 0 else None for t in s.fresco]
        bishop = s.bishop
    else:  # a view writes the bishop as in a save: [row, col] counted from 0
        tiles = [data.FRESCO_TILES[data.FRESCO_INDEX[t]] if t else None for row in s.fresco for t in row]
        bishop = s.bishop[0] * data.COLS + s.bishop[1]
    rows = []
    for r in range(1, data.ROWS + 1):
        cells = []
        for c in range(1, data.COLS + 1):
            idx = grid.index((r, c))
            tile = tiles[idx]
            text = "--" if tile is None else f"{tile.value:2d}"
            cells.append(("*" if idx == bishop else " ") + text)
        rows.append(" ".join(cells))
    return "\n".join(rows)


def paints_text(paints: tuple[int, ...]) -> str:
    """Paint counts as words, e.g. ``1 yellow, 2 red`` (``no paints`` when empty)."""
    return ", ".join(f"{n} {c}" for c, n in zip(data.COLOURS, paints) if n) or "no paints"


def summary(s: State | View) -> str:
    """Round, phase, who is to move, the fresco, the market and each player's pieces."""
    if not isinstance(s, State):
        return _view_summary(s)
    head = f"Round {s.round}{' (final round)' if s.final else ''}; phase {s.phase}"
    if s.phase == "act":
        head += f" at the {s.location}"
    lines = [head, f"to move: {', '.join(s.to_move) or '-'}", "", fresco_grid(s), ""]
    for b, booth in enumerate(s.booths, 1):
        lines.append(f"booth {b}: " + (names.market_tiles(booth) if booth else "empty"))
    lines.append(f"bank {plural(s.bank, 'thaler')}; supply: {paints_text(s.supply)}")
    if any(s.paper):
        lines.append(f"noted on paper (unlimited paints): {paints_text(s.paper)}")
    if s.bank_paper:
        lines.append(f"noted on paper (unlimited bank): {plural(s.bank_paper, 'thaler')}")
    for nm, p in zip(s.names, s.players):
        lines.append(
            _player_line(
                nm,
                p.start,
                p.vp,
                f"{plural(p.thalers, 'thaler')}, {paints_text(p.paints)}",
                len(p.tiles),
                names.mood_space(p.mood),
                p.apprentices,
                p.time,
                _plan_text(s.sheet, p.plan),
            )
        )
    return "\n".join(lines)


def _player_line(
    name: str, start: int, vp: int, purse: str, tiles: int, mood: int, apprentices: int, time: int, plan: str
) -> str:
    where = f"S{start}" if start else f"VP {vp}"
    up = f" up at {time}" if time else ""
    return (
        f"{name}: {where}, {purse}, {plural(tiles, 'tile')}, mood {mood}, {plural(apprentices, 'apprentice')}{up}{plan}"
    )


def _plan_text(sheet: tuple[str, ...], plan: tuple[int, ...] | None) -> str:
    return "" if plan is None else " plan " + " ".join(f"{col}={k}" for col, k in zip(sheet, plan) if k)


def _view_summary(v: View) -> str:
    final = v.final
    sheet = data.SHEETS[_final_sheet(v) if final else "side1"]
    head = f"{v.viewer}'s view. Round {v.round}{' (final round)' if final else ''}; phase {v.phase}"
    if v.phase == "act":
        head += f" at the {sheet[v.loc]}"
    lines = [head, f"to move: {', '.join(v.to_move) or '-'}", "", fresco_grid(v), ""]
    for b, booth in enumerate(v.booths, 1):
        lines.append(f"booth {b}: " + (names.market_tiles([data.MARKET_INDEX[t] for t in booth]) if booth else "empty"))
    lines.append(f"bank {plural(v.bank, 'thaler')}; supply: {paints_text(v.supply.counts())}")
    if any(v.paper.counts()):
        lines.append(f"noted on paper (unlimited paints): {paints_text(v.paper.counts())}")
    for p in v.players:
        purse = (
            "thalers and paints hidden"
            if p.paints is None or p.thalers is None
            else f"{plural(p.thalers, 'thaler')}, {paints_text(p.paints.counts())}"
        )
        plan = " plan hidden" if p.planned and p.plan is None else _plan_text(sheet, p.plan)
        lines.append(
            _player_line(
                p.name,
                p.start,
                p.vp,
                purse,
                len(p.tiles),
                names.mood_space(p.mood),
                data.OWN_APPRENTICES + p.helper,
                p.time,
                plan,
            )
        )
    return "\n".join(lines)


def _final_sheet(v: View) -> str:
    return switches_for(v.ruleset, v.switches).final_sheet
