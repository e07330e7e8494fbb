"""Figures for Lorenzo il Magnifico (matplotlib and networkx are imported lazily).

- :func:`round_flow_graph` / :func:`draw_round_flow`: one round's steps as a directed
  graph drawn from the flow table ``flow.STEPS`` (rules summary, *La struttura della
  partita*; *Il Rapporto in Vaticano*; *Fine del turno e punteggio finale*).
- :func:`draw_board`: the four towers with floor values and bonuses and the other
  zones, coloured by what one family member can reach (engine checks via
  ``explore.reach``), the family members on the board in their players' colours
  (``classroom.colours``); :func:`board` draws a position for ``Game``'s picture.
- :func:`draw_score_sheet` and :func:`draw_scoring_tables`: final scoring.
- :func:`readme_figures` for ``fresco-kit figures``.
"""

from __future__ import annotations

from typing import Any

from fresco_kit.classroom.colours import INK, player_colour, text_on
from fresco_kit.classroom.figures import plain_text, set_alt
from fresco_kit.core.text import plural

from . import positions, rules
from .data import CARD_TYPES, load
from .effects import bundle_text, member_value, servants_per_plus
from .explore import reach
from .flow import STEPS
from .scoring import character_points, faith_points, territory_points
from .state import State
from .teach import GLOSSARY, ITALIAN_TOWER

#: How each step of ``flow.STEPS`` is drawn: English and Italian labels, checklist ids,
#: a short detail, the box's position and colour, and where the detail goes (offset,
#: alignment).  The steps and the arrows between them come from the flow table.
ROUND_PHASES: dict[str, tuple[str, str, tuple[str, ...], str, tuple[float, float], str, tuple[float, float, str]]] = {
    "setup": (
        "Round setup",
        "preparazione del turno",
        ("round.setup",),
        "one card per floor from the period's decks,\nbottom floor first; roll the three dice",
        (0.0, 4.0),
        "#cfe2f3",
        (1.35, 0.0, "left"),
    ),
    "actions": (
        "Action phase",
        "fase delle azioni",
        ("phase.actions", "dice.value", "servants"),
        "in turn order, one family member\nper turn, until all are placed",
        (0.0, 2.7),
        "#d9ead3",
        (1.35, 0.0, "left"),
    ),
    "vatican": (
        "Vatican report",
        "Rapporto in Vaticano",
        ("phase.vatican", "vatican.support", "vatican.excommunicate"),
        "faith >= 3 / 4 / 5: support (faith -> 0, VP)\nor excommunication (faith kept)",
        (3.0, 1.75),
        "#f4cccc",
        (0.0, -0.6, "center"),
    ),
    "end": (
        "End of round",
        "fine del turno",
        ("endround.cards", "endround.order", "endround.members", "struct.periods"),
        "tower cards leave the game; new turn order\nfrom the Council Palace; members return;\n"
        "a new period brings the next decks",
        (0.0, 1.0),
        "#fff2cc",
        (-2.75, -0.1, "center"),
    ),
    "over": (
        "Final scoring",
        "punteggio finale",
        ("final.total", "final.winner"),
        "territories, characters, ventures,\nmilitary, resources, excommunications",
        (0.0, -0.5),
        "#d9d2e9",
        (1.35, 0.0, "left"),
    ),
}
#: where a condition is written when not halfway along a straight arrow
_LABEL = {("end", "setup"): (-1.3, 3.45, "center")}
_CURVE = {
    ("end", "setup"): -0.9,
    ("actions", "vatican"): -0.2,
    ("vatican", "end"): -0.2,
}


def round_flow_graph() -> Any:
    """A ``networkx.DiGraph`` of the steps of ``flow.STEPS`` (a step that stays in itself
    draws no loop): nodes carry ``label``, ``italian``, ``rules`` (checklist ids),
    ``detail``, ``section``, ``pos``; edges carry the table's ``condition``."""
    import networkx as nx

    g = nx.DiGraph()
    for step in STEPS:
        label, italian, rules_, detail, pos, colour, where = ROUND_PHASES[step.name]
        g.add_node(
            step.name,
            label=label,
            italian=italian,
            rules=rules_,
            detail=detail,
            section=step.section,
            pos=pos,
            colour=colour,
            where=where,
        )
    for step in STEPS:
        for condition, target in step.next:
            if target != step.name:
                g.add_edge(step.name, target, condition=condition)
    return g


@plain_text
def draw_round_flow(ax: Any = None) -> Any:
    """Draw :func:`round_flow_graph`: boxes for phases (English and Italian), what happens
    beside them, arrows labelled with the round numbers that take them."""
    import matplotlib.pyplot as plt

    g = round_flow_graph()
    fig, ax = _fig_ax(ax, (12, 8))
    boxes = {}
    for node, d in g.nodes(data=True):
        x, y = d["pos"]
        t = ax.text(
            x,
            y,
            f"{d['label']}\n({d['italian']})",
            ha="center",
            va="center",
            fontsize=11,
            fontweight="bold",
            bbox={"boxstyle": "round,pad=0.5", "fc": d["colour"], "ec": "#333"},
        )
        boxes[node] = t
        dx, dy, align = d["where"]
        ax.text(x + dx, y + dy, d["detail"], ha=align, va="center", fontsize=10, color="#333", style="italic")
    fig.canvas.draw()  # box patches get their size
    for a, b, d in g.edges(data=True):
        rad = _CURVE.get((a, b), 0.0)
        ax.annotate(
            "",
            xy=g.nodes[b]["pos"],
            xytext=g.nodes[a]["pos"],
            arrowprops={
                "arrowstyle": "-|>",
                "mutation_scale": 20,
                "lw": 1.6,
                "color": "#555",
                "connectionstyle": f"arc3,rad={rad}",
                "patchA": boxes[a].get_bbox_patch(),
                "patchB": boxes[b].get_bbox_patch(),
                "shrinkA": 2,
                "shrinkB": 2,
            },
        )
        if d["condition"] != "always":
            (xa, ya), (xb, yb) = g.nodes[a]["pos"], g.nodes[b]["pos"]
            mx, my = (xa + xb) / 2, (ya + yb) / 2
            if xa == xb:
                mx -= 0.15
            mx, my, align = _LABEL.get((a, b), (mx, my, "right" if xa == xb else "center"))
            ax.text(
                mx,
                my,
                d["condition"],
                fontsize=10,
                color="#7a1f1f",
                ha=align,
                va="center",
                bbox={"boxstyle": "round", "fc": "white", "ec": "#7a1f1f", "alpha": 0.95},
            )
    ax.set_xlim(-4.3, 4.8)
    ax.set_ylim(-1.1, 4.6)
    ax.set_title(
        "Lorenzo il Magnifico: the phases of one round (turno); six rounds in three periods (periodi)", fontsize=12
    )
    ax.axis("off")
    fig.tight_layout()
    plt.close(fig)
    return set_alt(
        fig,
        "Flow chart of one round of Lorenzo il Magnifico: round setup, then the action phase; after rounds 2, 4 "
        "and 6 the Vatican report; then the end of the round, which leads to the next round's setup, or after "
        "round 6 to the final scoring.",
    )


def _fig_ax(ax: Any, size: tuple[float, float]) -> tuple[Any, Any]:
    import matplotlib.pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=size)
    else:
        fig = ax.figure
    return fig, ax


_TOWER_COLOUR = {"territory": "#6aa84f", "building": "#f1c232", "character": "#3d85c6", "venture": "#8e7cc3"}
_STATUS_COLOUR = {"yes": "#b6d7a8", "value": "#dddddd", "other": "#f9cb9c"}


#: the zones beside the towers: title and spaces
_ZONES = (
    ("Harvest (raccolto)", ("harvest-small", "harvest-large")),
    ("Production (produzione)", ("production-small", "production-large")),
    ("Market (Mercato)", ("market-1", "market-2", "market-3", "market-4")),
    ("Council Palace\n(Palazzo del Consiglio)", ("council",)),
)


@plain_text
def board(state: State) -> Any:
    """The board of a position (``Game``'s picture in a notebook): as :func:`draw_board`
    for the player to act (else the first), their first family member at home."""
    player = state.current or state.players[0].name
    home = state.player(player).home
    return draw_board(state, player, home[0] if home else "white")


@plain_text
def draw_board(
    state: State | None = None, player: str = "Red", member: str = "white", servants: int = 0, ax: Any = None
) -> Any:
    """The board: towers (floor value, bonus, card) and the other zones, each space
    coloured green (the member may go there), grey (its value is too low) or orange
    (value enough, another rule refuses: see the reasons in the widgets); members on the
    board are written in their players' colours.  Without ``state``, the tower
    explorer's starting position."""
    import matplotlib.patches as mpatches
    import matplotlib.pyplot as plt

    data = load()
    if state is None:
        state = positions.tower_position("starting resources")
    status = {}
    for r in reach(state, player, member, servants):
        status[r.space] = "yes" if r.ok else ("value" if r.value_too_low else "other")
    fig, ax = _fig_ax(ax, (13, 7))
    for i, t in enumerate(CARD_TYPES):
        tower = data.towers[t]
        x = i * 2.3
        ax.text(
            x + 1,
            4.55,
            f"{t.capitalize()}\n({ITALIAN_TOWER[t]})",
            ha="center",
            fontsize=10,
            fontweight="bold",
            color=_TOWER_COLOUR[t] if t != "building" else "#bf9000",
        )
        for f in range(4):
            space = f"{t}-{f + 1}"
            ax.add_patch(
                mpatches.FancyBboxPatch(
                    (x, f * 1.05),
                    2.0,
                    0.9,
                    boxstyle="round,pad=0.02",
                    fc=_STATUS_COLOUR[status[space]],
                    ec=_TOWER_COLOUR[t],
                    lw=2,
                )
            )
            bonus = bundle_text(tower.floor_bonus[f]) if tower.floor_bonus[f] else ""
            card = state.towers[t][f]
            name = data.cards[card].name if card is not None else "(no card)"
            ax.text(x + 0.08, f * 1.05 + 0.68, f"floor {f + 1}: value {tower.floor_values[f]}", fontsize=8.5)
            ax.text(x + 0.08, f * 1.05 + 0.40, name, fontsize=8, style="italic")
            if bonus:
                ax.text(x + 0.08, f * 1.05 + 0.12, f"bonus {bonus}", fontsize=8, color="#7a1f1f")
            _members(ax, state, space, x + 1.92, f * 1.05 + 0.68, "right")
    for j, (title, group) in enumerate(_ZONES):
        y = 3.75 - j * 1.3
        ax.text(9.5, y + 0.62, title, fontsize=9.5, fontweight="bold")
        for k, space in enumerate(group):
            sp = data.spaces[space]
            ax.add_patch(
                mpatches.FancyBboxPatch(
                    (9.5 + k * 1.05, y - 0.25),
                    0.95,
                    0.75,
                    boxstyle="round,pad=0.02",
                    fc=_STATUS_COLOUR[status[space]],
                    ec="#444",
                )
            )
            extra = (
                f"-{sp.penalty} to value"
                if sp.penalty
                else (
                    bundle_text(sp.gain).replace(" + ", "\n+").replace("council privilege(s)", "privilege(s)")
                    if sp.gain
                    else ""
                )
            )
            size = {
                "harvest": "small" if sp.capacity else "large",
                "production": "small" if sp.capacity else "large",
                "market": space[-1],
                "council": "",
            }[sp.kind]
            ax.text(
                9.5 + k * 1.05 + 0.47,
                y + 0.12,
                f"{size} >= {sp.value}\n{extra}".strip(),
                ha="center",
                va="center",
                fontsize=7,
            )
            _members(ax, state, space, 9.5 + k * 1.05 + 0.47, y - 0.42, "center")
    p = state.player(player)
    value = member_value(state, p, member) + servants // servants_per_plus(p)
    handles = [
        mpatches.Patch(fc=_STATUS_COLOUR["yes"], ec="#444", label="can be placed here"),
        mpatches.Patch(fc=_STATUS_COLOUR["value"], ec="#444", label="value too low"),
        mpatches.Patch(fc=_STATUS_COLOUR["other"], ec="#444", label="value enough, another rule refuses"),
    ]
    ax.legend(handles=handles, loc="lower right", fontsize=9, frameon=True)
    ax.set_title(
        f"{player}'s {member} family member ({GLOSSARY['family member']}) with {plural(servants, 'servant')}: "
        f"value {value} (before character bonuses / excommunications); dice "
        + ", ".join(f"{k} {v}" for k, v in state.dice.items()),
        fontsize=10.5,
    )
    ax.set_xlim(-0.3, 13.9)
    ax.set_ylim(-1.3, 5.3)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.tight_layout()
    plt.close(fig)
    count = {k: sum(1 for v in status.values() if v == k) for k in _STATUS_COLOUR}
    return set_alt(
        fig,
        f"The Lorenzo il Magnifico board for {player}'s {member} member with {plural(servants, 'servant')} "
        f"(value {value}): {count['yes']} spaces where it can be placed (green), {count['value']} out of reach "
        f"(grey), {count['other']} refused by another rule (orange).",
    )


def _members(ax: Any, state: State, space: str, x: float, y: float, align: str) -> None:
    """Write the family members standing on ``space`` at (x, y), each on its player's colour."""
    seats = {name: i for i, name in enumerate(state.names)}
    for i, o in enumerate(state.occupants.get(space, ())):
        colour = player_colour(o.player, seats[o.player])
        ax.text(
            x,
            y - i * 0.22,
            f"{o.player}:{o.member}",
            ha=align,
            va="center",
            fontsize=6.5,
            color=text_on(colour),
            bbox={"boxstyle": "round,pad=0.15", "fc": colour, "ec": INK, "lw": 0.5},
        )


@plain_text
def draw_score_sheet(sheet: Any, ax: Any = None) -> Any:
    """A stacked bar per player of a final :class:`~fresco_kit.core.ScoreSheet`: each
    scoring category is one segment (legend: "VP from ..."), the excommunication losses
    go below zero, and the label above a bar reads "total = gains - losses", so that the
    top of a bar (the gains) is not mistaken for the total."""
    import matplotlib.pyplot as plt

    fig, ax = _fig_ax(ax, (8, 5))
    players = list(sheet.rows)
    colours = ["#999999", "#6aa84f", "#3d85c6", "#8e7cc3", "#cc0000", "#e69138", "#000000"]
    pos_base = [0] * len(players)
    neg_base = [0] * len(players)
    for c, colour in zip(sheet.categories, colours * 2):
        vals = [sheet.rows[p].get(c, 0) for p in players]
        bottoms = [nb if v < 0 else pb for v, pb, nb in zip(vals, pos_base, neg_base)]
        label = f"VP lost to {c.lower()} (below 0)" if any(v < 0 for v in vals) or c == "Excommunications" else c
        ax.bar(players, vals, bottom=bottoms, color=colour, label=label, edgecolor="white")
        pos_base = [pb + max(v, 0) for v, pb in zip(vals, pos_base)]
        neg_base = [nb + min(v, 0) for v, nb in zip(vals, neg_base)]
    for i, p in enumerate(players):
        win = "\nwinner" if p in sheet.winners else ""
        text = f"total {sheet.totals[p]}" + (f" = {pos_base[i]} - {-neg_base[i]}" if neg_base[i] else "")
        ax.text(i, pos_base[i] + 1, text + win, ha="center", fontweight="bold", fontsize=9)
    ax.axhline(0, color="black", lw=0.8)
    ax.set_xlabel("player")
    ax.set_ylabel("victory points (Punti Vittoria), stacked by category")
    ax.set_title("Final scoring (punteggio finale): gains above 0, losses below")
    ax.set_ylim(min(neg_base + [0]) - 3, max(pos_base) * 1.2 + 5)
    ax.legend(title="segment", fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    fig.tight_layout()
    plt.close(fig)
    totals = "; ".join(f"{p} {sheet.totals[p]}" + (" (winner)" if p in sheet.winners else "") for p in players)
    return set_alt(fig, f"Stacked bar chart of the final score sheet, one bar per player by category: {totals}.")


@plain_text
def draw_scoring_tables() -> Any:
    """Three panels: VP for territories and characters by number of cards, and the VP
    of each faith space (scored at a Vatican report)."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(10, 3.8))
    n = list(range(7))
    for ax, f, title, colour in (
        (axes[0], territory_points, "Territories (territori)", "#6aa84f"),
        (axes[1], character_points, "Characters (personaggi)", "#3d85c6"),
    ):
        vals = [f(k) for k in n]
        ax.bar(n, vals, color=colour)
        for k, v in zip(n, vals):
            ax.text(k, v + 0.4, str(v), ha="center", fontsize=9)
        ax.set_title(title)
        ax.set_xlabel("cards held at the end")
        ax.set_ylabel("VP at the end")
        ax.set_xticks(n)
    faith = list(range(16))
    vals = [faith_points(k) for k in faith]
    axes[2].bar(faith, vals, color="#cc0000")  # one bar per space: faith is counted in whole points
    axes[2].set_xticks(faith[::3])
    for t, period in zip(load().vatican_thresholds, ("I", "II", "III")):
        axes[2].axvline(t, ls=":", color="#555")
        axes[2].text(t + 0.1, 27, f"threshold {period}", fontsize=9, rotation=90, va="top")
    axes[2].set_title("Faith track (Punti Fede) -> VP")
    axes[2].set_xlabel("faith points at a report")
    axes[2].set_ylabel("VP when supporting")
    fig.tight_layout()
    plt.close(fig)
    return set_alt(
        fig,
        "Three bar charts: territories score "
        + ", ".join(str(territory_points(k)) for k in n)
        + " VP for 0 to 6 cards; characters "
        + ", ".join(str(character_points(k)) for k in n)
        + " VP; and the VP of each faith space from 0 to 15 ("
        + ", ".join(map(str, vals))
        + "), with the thresholds of periods I, II and III marked.",
    )


def sample_final_sheet() -> Any:
    """The engine's score sheet of the constructed end position ``positions.SHEET_SAMPLE``."""
    return rules.scores(positions.score_position(positions.SHEET_SAMPLE))


def readme_figures() -> list[tuple[str, Any]]:
    """The figures ``fresco-kit figures`` writes for the README."""
    return [
        ("lorenzo_round_flow.png", draw_round_flow()),
        ("lorenzo_board.png", draw_board()),
        ("lorenzo_final_scoring.png", draw_score_sheet(sample_final_sheet())),
    ]
