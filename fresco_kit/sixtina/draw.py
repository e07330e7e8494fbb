"""Pictures of 1980 Sixtina: the chapel graph, a fresco card, score charts.

The chapel is the networkx graph of ``chapel.chapel_graph`` (the rulebook's
*Structure of the Sistine Chapel*; adjacency from *Completing the Restoration of
Frescoes, 5. New Restorations*): each place a card coloured by status — covered by a
sheet, visible (being restored) or restored — with the technique spaces of visible
frescoes filled in the restorers' colours, and a red outline on the covered frescoes
that may be uncovered next.  matplotlib and networkx are imported inside the functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fresco_kit.classroom.colours import HIGHLIGHT, INK, player_colour, text_on
from fresco_kit.classroom.figures import plain_text
from fresco_kit.core.text import N_

from .chapel import chapel_graph
from .codes import FRESCO_TECHS, PLACES, D
from .state import EMPTY, KIND_NAMES, PRUDENT, State
from .teach import RULEBOOK_FINAL_INPUTS, final_sheet, mid_game_state

STATUS_COLOURS = {"covered": "#bdb8ad", "visible": "#f2d7a0", "restored": "#8cc084"}
STATUS_LABELS = {"covered": "covered by a sheet", "visible": "visible (being restored)", "restored": "restored"}
#: a black material (prudent restorations)
BLACK_MATERIAL = INK
FREE_SPACE = "#e0c386"
CARD_W, CARD_H = 0.84, 0.66
#: the short names written above the technique squares of a visible fresco (legend explains)
TECH_ABBREV = {
    "repainting": N_("Rp"),
    "solvent_sponge": N_("SS"),
    "laboratory": N_("Lb"),
    "infrared": N_("IR"),
    "plaster_injection": N_("PI"),
    "washi_paper": N_("WP"),
}


def extras_label(colours: tuple[str, ...] | list[str], extras: Any) -> str:
    """Whose extra materials lie on a fresco, by initial: ``"R+2 B+1"`` (the legend says
    that R is Red...)."""
    return " ".join(f"{colours[c][0]}+{k}" for c, k in enumerate(extras) if k)


@dataclass(frozen=True)
class NodeStyle:
    """How one chapel place is drawn: status, fill colour, outline, label."""

    place: str
    status: str
    facecolor: str
    highlight: bool
    label: str


def chapel_node_styles(state: State | None) -> dict[str, NodeStyle]:
    """Per place: status colour, whether it is highlighted (may be uncovered next), label."""
    g = chapel_graph(state)
    out = {}
    for p in PLACES:
        attrs = g.nodes[p]
        status = attrs.get("status", "covered")
        if state is None or status == "covered":
            label = f"{p}\n{D.place_deck[p].replace('_', ' ').title()}" if state is None else f"{p}\n(covered)"
        else:
            f = D.fresco_by_id[attrs["fresco"]]
            label = f"{p}\n{_wrap(f.name)}\n{f.type} · {'/'.join(map(str, f.scores))}"
        out[p] = NodeStyle(p, status, STATUS_COLOURS[status], bool(attrs.get("revealable", False)), label)
    return out


def _wrap(text: str, width: int = 17) -> str:
    words, lines, line = text.split(), [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    lines.append(line)
    if len(lines) > 2:  # cut: say so with an ellipsis
        lines = [lines[0], (lines[1][: width - 1] if len(lines[1]) >= width else lines[1]) + "…"]
    return "\n".join(lines)


def _space_squares(ax: Any, state: State, place: int, x: float, y: float) -> None:
    """Two rows of small squares under a visible fresco: top (correct) and bottom
    (excellent / prudent) space of each technique, filled with the occupant's colour."""
    from matplotlib.patches import Rectangle

    techs = FRESCO_TECHS[state.frescoes[place]]
    size = 0.085
    x0 = x - len(techs) * size / 2
    base = y - CARD_H / 2 + 0.03
    for i, code in enumerate(state.spaces[place]):
        for row in (0, 1):  # row 1 = top space (correct), row 0 = bottom space
            face, edge = FREE_SPACE, "#8a7f6a"
            if code != EMPTY and (row == 1) == ((code >> 3) == 0):
                colour = code & 7
                face = BLACK_MATERIAL if (code >> 3) == PRUDENT else player_colour(state.colours[colour], colour)
                edge = player_colour(state.colours[colour], colour) if (code >> 3) == PRUDENT else "#333333"
            sq = Rectangle(
                (x0 + i * size, base + row * size),
                size * 0.9,
                size * 0.9,
                facecolor=face,
                edgecolor=edge,
                linewidth=0.8,
                zorder=4,
            )
            sq.set_gid(f"space:{PLACES[place]}:{i}:{'top' if row else 'bottom'}")
            ax.add_patch(sq)
        ax.text(
            x0 + i * size + size * 0.45,
            base + 2 * size + 0.005,
            TECH_ABBREV.get(D.techniques[techs[i][0]], "?"),
            fontsize=4.3,
            ha="center",
            va="bottom",
            zorder=5,
            color="#333333",
        )
    if any(state.extras[place]):
        ax.text(
            x + len(techs) * size / 2 + 0.02,
            base + size,
            extras_label(state.colours, state.extras[place]),
            fontsize=6.5,
            va="center",
            ha="left",
            zorder=5,
            color="#333333",
        )


@plain_text
def draw_chapel(
    state: State | None = None, ax: Any = None, title: str | None = None, highlight: bool = True, legend: bool = True
) -> Any:
    """Draw the chapel graph; returns the matplotlib Figure.

    Each node is a card at its layout position; fill = status, red outline = may be
    uncovered next (``highlight``); restored frescoes show a dot in the colour of the
    player who marked the zone icon."""
    import matplotlib.pyplot as plt
    import networkx as nx
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, FancyBboxPatch, Patch

    g = chapel_graph(state)
    pos = nx.get_node_attributes(g, "pos")
    styles = chapel_node_styles(state)
    if ax is None:
        fig, ax = plt.subplots(figsize=(8.6, 7.4))
    else:
        fig = ax.figure
    nx.draw_networkx_edges(g, pos, ax=ax, edge_color="#8a7f6a", width=2.0, alpha=0.8)
    for p in PLACES:
        x, y = pos[p]
        st = styles[p]
        hl = highlight and st.highlight
        box = FancyBboxPatch(
            (x - CARD_W / 2, y - CARD_H / 2),
            CARD_W,
            CARD_H,
            boxstyle="round,pad=0.0,rounding_size=0.05",
            facecolor=st.facecolor,
            edgecolor=HIGHLIGHT if hl else "#5a5246",
            linewidth=3.2 if hl else 1.0,
            linestyle="--" if hl else "-",
            zorder=3,
        )
        box.set_gid(f"node:{p}")
        ax.add_patch(box)
        text_y = y + (0.09 if state is not None and st.status == "visible" else 0.0)
        ax.text(
            x,
            text_y,
            st.label,
            ha="center",
            va="center",
            fontsize=7.2,
            zorder=5,
            color="#222222" if st.status != "covered" else "#4d4d4d",
        )
        if state is not None:
            i = PLACES.index(p)
            if st.status == "visible":
                _space_squares(ax, state, i, x, y)
            elif st.status == "restored" and state.zone[i] != EMPTY:
                z = state.zone[i]
                dot = Circle(
                    (x + CARD_W / 2 - 0.09, y + CARD_H / 2 - 0.09),
                    0.055,
                    zorder=6,
                    facecolor=player_colour(state.colours[z], z),
                    edgecolor="#222222",
                )
                dot.set_gid(f"zone:{p}")
                ax.add_patch(dot)
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
    ax.set_ylim(min(ys) - 0.55, max(ys) + 0.55)
    ax.set_aspect("equal")
    ax.axis("off")
    for label, x in (("Jesus Christ", 0), ("Genesis", 1), ("Moses", 2)):
        ax.text(x, max(ys) + 0.45, label, ha="center", va="bottom", fontsize=9, fontweight="bold")
    ax.text(1, min(ys) - 0.42, "The Last Judgment", ha="center", va="top", fontsize=9, fontweight="bold")
    if legend:
        handles: list[Any] = [
            Patch(facecolor=STATUS_COLOURS[s], edgecolor="#5a5246", label=STATUS_LABELS[s]) for s in STATUS_COLOURS
        ]
        if highlight:
            handles.append(
                Patch(
                    facecolor=STATUS_COLOURS["covered"],
                    edgecolor=HIGHLIGHT,
                    linewidth=2.5,
                    linestyle="--",
                    label="may be uncovered next",
                )
            )
        if state is not None:
            for c, name in enumerate(state.colours):
                handles.append(
                    Line2D(
                        [],
                        [],
                        marker="s",
                        linestyle="",
                        markersize=8,
                        markeredgecolor="#333333",
                        markerfacecolor=player_colour(name, c),
                        label=name,
                    )
                )
            handles.append(
                Line2D(
                    [],
                    [],
                    marker="s",
                    linestyle="",
                    markersize=8,
                    markerfacecolor=BLACK_MATERIAL,
                    markeredgecolor="#333333",
                    label="black material (prudent)",
                )
            )
            handles.append(
                Line2D(
                    [],
                    [],
                    marker="s",
                    linestyle="",
                    markersize=8,
                    markerfacecolor=FREE_SPACE,
                    markeredgecolor="#8a7f6a",
                    label="free technique space",
                )
            )
            handles.append(
                Line2D(
                    [],
                    [],
                    marker="o",
                    linestyle="",
                    markersize=7,
                    markerfacecolor=STATUS_COLOURS["restored"],
                    markeredgecolor="#222222",
                    label="dot on a restored fresco: zone icon,\nin the best contributor's colour",
                )
            )
            initials = ", ".join(f"{name[0]} = {name}" for name in state.colours)
            for text in (
                f"R+2 beside the squares: extra\nmaterials by player ({initials})",
                "over the squares, the techniques:\n"
                + "\n".join(
                    ", ".join(f"{a} {D.technique_names[t]}" for t, a in list(TECH_ABBREV.items())[i : i + 3])
                    for i in (0, 3)
                ),
            ):
                handles.append(Patch(facecolor="none", edgecolor="none", label=text))
        ax.legend(
            handles=handles,
            loc="upper left",
            bbox_to_anchor=(1.0, 1.0),
            fontsize=8,
            frameon=False,
            title="squares: top = correct,\nbottom = excellent/prudent" if state is not None else None,
            title_fontsize=7.5,
        )
    ax.set_title(title or "The Sistine Chapel (1980 Sixtina)", fontsize=11)
    fig.tight_layout()
    return fig


@plain_text
def draw_fresco_card(state: State, place: str, ax: Any = None) -> Any:
    """One fresco card: scores, type, each technique with its required value, its top
    (correct) and bottom (excellent/prudent) space and who holds it, extras."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch, Rectangle

    i = PLACES.index(place)
    f = state.fresco(i)
    techs = FRESCO_TECHS[state.frescoes[i]]
    n = len(techs)
    if ax is None:
        fig, ax = plt.subplots(figsize=(1.5 + 1.25 * n, 3.0))
    else:
        fig = ax.figure
    width = 1.2 * n + 0.4
    ax.add_patch(
        FancyBboxPatch(
            (0, 0),
            width,
            3.0,
            boxstyle="round,pad=0.0,rounding_size=0.1",
            facecolor=STATUS_COLOURS[("covered", "visible", "restored")[state.status[i]]],
            edgecolor="#5a5246",
            linewidth=1.5,
        )
    )
    ax.text(width / 2, 2.75, f"{place}: {f.name}", ha="center", va="center", fontsize=10, fontweight="bold")
    ax.text(
        width / 2,
        2.45,
        f"type {f.type} · scores {' / '.join(map(str, f.scores))}",
        ha="center",
        va="center",
        fontsize=8.5,
    )
    for k, ((t, required), code) in enumerate(zip(techs, state.spaces[i])):
        x = 0.3 + 1.2 * k
        name = D.technique_names[D.techniques[t]]
        ax.text(x + 0.5, 2.1, _wrap(name, 11), ha="center", va="center", fontsize=7.5)
        ax.text(x + 0.5, 1.75, f"needs {required}", ha="center", va="center", fontsize=8, fontweight="bold")
        for row, label in ((1, "top"), (0, "bottom")):
            face, text = "white", ""
            if code != EMPTY and (row == 1) == ((code >> 3) == 0):
                colour = code & 7
                who = state.colours[colour]
                prudent = (code >> 3) == PRUDENT
                face = BLACK_MATERIAL if prudent else player_colour(who, colour)
                text = f"{KIND_NAMES[code >> 3]}\n{who}"
            y = 0.35 + row * 0.62
            sq = Rectangle((x + 0.1, y), 0.8, 0.55, facecolor=face, edgecolor="#444444")
            sq.set_gid(f"space:{place}:{k}:{label}")
            ax.add_patch(sq)
            ax.text(
                x + 0.5,
                y + 0.275,
                text or ("correct" if row else "exc./prudent"),
                ha="center",
                va="center",
                fontsize=6.5,
                color=text_on(face) if text else "#999999",
            )
    extras = ", ".join(f"{state.colours[c]} +{k}" for c, k in enumerate(state.extras[i]) if k)
    ax.text(width / 2, 0.15, f"extra materials: {extras or 'none'}", ha="center", va="center", fontsize=7.5)
    ax.set_xlim(-0.05, width + 0.05)
    ax.set_ylim(-0.05, 3.05)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.tight_layout()
    return fig


@plain_text
def final_scoring_bars(sheet: Any, ax: Any = None, title: str = "Final scoring") -> Any:
    """Stacked bars: one per player (columns of the ScoreSheet), one segment per category,
    the total on top and the winner(s) starred."""
    import matplotlib.pyplot as plt

    players = list(sheet.rows)
    if ax is None:
        fig, ax = plt.subplots(figsize=(1.6 + 1.4 * len(players), 4.2))
    else:
        fig = ax.figure
    cmap = plt.get_cmap("tab10")
    bottoms = [0] * len(players)
    for k, cat in enumerate(sheet.categories):
        vals = [sheet.rows[p].get(cat, 0) for p in players]
        bars = ax.bar(players, vals, bottom=bottoms, color=cmap(k), label=cat, edgecolor="white")
        for b, v, bottom in zip(bars, vals, bottoms):
            if v >= 3:
                ax.text(
                    b.get_x() + b.get_width() / 2,
                    bottom + v / 2,
                    str(v),
                    ha="center",
                    va="center",
                    fontsize=8,
                    color="white",
                )
            elif v:  # a thin segment: its value beside the bar, in the segment's colour
                ax.text(
                    b.get_x() + b.get_width() + 0.03,
                    bottom + v / 2,
                    str(v),
                    ha="left",
                    va="center",
                    fontsize=6.5,
                    color=cmap(k),
                )
        bottoms = [b + v for b, v in zip(bottoms, vals)]
    for x, p in enumerate(players):
        star = " ★" if p in sheet.winners else ""
        ax.text(x, sheet.totals[p] + 1, f"{sheet.totals[p]}{star}", ha="center", va="bottom", fontweight="bold")
    ax.set_ylabel("points")
    ax.set_ylim(0, max(list(sheet.totals.values()) + [1]) * 1.15)
    ax.set_title(title + (f" — winner: {' and '.join(sheet.winners)}" if sheet.winners else ""))
    handles, labels = ax.get_legend_handles_labels()
    ax.legend(handles[::-1], labels[::-1], loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    return fig


@plain_text
def completion_bars(result: Any, ax: Any = None) -> Any:
    """A completed fresco's contributors: materials on the card and the points each scores."""
    import matplotlib.pyplot as plt

    names = [c.colour for c in result.contributors]
    if ax is None:
        fig, ax = plt.subplots(figsize=(5.5, 2.8))
    else:
        fig = ax.figure
    mats = [c.materials for c in result.contributors]
    bars = ax.barh(
        names[::-1], mats[::-1], color=[player_colour(n, i) for i, n in enumerate(names)][::-1], edgecolor="#333333"
    )
    for b, n in zip(bars, names[::-1]):
        ax.text(
            b.get_width() + 0.1,
            b.get_y() + b.get_height() / 2,
            f"{result.awards.get(n, 0):+d} point" + ("" if abs(result.awards.get(n, 0)) == 1 else "s"),
            va="center",
            fontsize=9,
        )
    ax.set_xlabel("materials on the fresco")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlim(0, max(mats + [1]) + 1.5)
    ax.set_title(f"{result.fresco}: scores {result.points}; zone icon: {result.top or 'nobody'}", fontsize=10)
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    return fig


@plain_text
def board(state: State) -> Any:
    """The main picture of a position: the chapel with every fresco's status, spaces and
    zone icons (:func:`draw_chapel`); ``Game._repr_png_`` shows it."""
    return draw_chapel(state)


def readme_figures() -> list[tuple[str, Any]]:
    """Figures for the README (``fresco-kit figures``): the chapel mid-game, final scoring."""
    state = mid_game_state()
    chapel = draw_chapel(state, title="The Sistine Chapel mid-game (3 players, seeded random game)")
    bars = final_scoring_bars(final_sheet(RULEBOOK_FINAL_INPUTS), title="Rulebook final scoring example")
    return [("sixtina_chapel.png", chapel), ("sixtina_final_scoring.png", bars)]
