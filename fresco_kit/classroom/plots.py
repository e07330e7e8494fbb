"""Plots of a design-review study: matplotlib figures of :func:`~fresco_kit.sim.runner.simulate`'s frames.

Each function takes the :class:`~fresco_kit.sim.runner.Results` of a run and returns a
matplotlib ``Figure``; given ``ax=`` it draws into that axes (and returns its figure):

- :func:`win_rates` ``(results, by="seat" | "position" | "bot")``: win rate bars with Wilson 95%
  error bars and the fair-share line;
- :func:`category_shares` ``(results, by="bot" | "seat")``: where the points come from,
  stacked bars of each scoring category's share;
- :func:`lengths` ``(results)``: histogram of game length in actions;
- :func:`rule_use` ``(results, top=None)``: heatmap of each rule id's fired and refused
  counts (needs ``simulate(..., rules=True)``);
- :func:`margins` ``(results)``: histogram of the winning margins (decisiveness);
- :func:`lead_changes` ``(results)``: how many games had 0, 1, 2... lead changes (drama);
- :func:`sweep` ``(sweep)``: a sweep of one printed number (:mod:`fresco_kit.sim.sweep`):
  win rate by position, length and category shares against the value.

**Readable and described.**  Every text is at least :data:`FONT` points (14 px at the
default 100 dpi, so at least 11 px down to 80 dpi) in :data:`~fresco_kit.classroom.colours.INK`
(contrast 15.9:1 on white); cell numbers in the heatmap sit on light cells (contrast
above 4.5:1).  Each figure carries a short description of what it shows in its
``alt_text`` attribute (read it with :func:`alt_text`); the HTML review report uses it as
the ``alt`` of the image.  When several plots share a figure (``ax=``), their
descriptions are joined.
"""

from __future__ import annotations

from typing import Any

from fresco_kit.classroom.colours import HIGHLIGHT, INK, MUTED
from fresco_kit.core import game_info
from fresco_kit.sim import metrics

#: the smallest font size, in points (10 pt = 13.9 px at 100 dpi)
FONT = 10
#: the bars' colour (contrast 5.3:1 on white)
BAR = "#2f6db5"
#: the categories' colours, in category order (colour-blind safe, Okabe-Ito)
CATEGORY_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#999999")


def alt_text(fig: Any) -> str:
    """The description a plot of this module gave its figure ("" if none)."""
    return str(getattr(fig, "alt_text", ""))


def _axes(ax: Any, size: tuple[float, float]) -> tuple[Any, Any]:
    """The figure and axes to draw on: ``ax``'s, or a new figure of ``size`` inches."""
    if ax is not None:
        return ax.figure, ax
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=size, layout="constrained")
    return fig, ax


def _finish(fig: Any, ax: Any, title: str, xlabel: str, ylabel: str, alt: str) -> Any:
    """Title, axis labels and readable ticks on ``ax``; ``alt`` added to the figure's alt text."""
    ax.set_title(title, fontsize=FONT + 2, color=INK)
    ax.set_xlabel(xlabel, fontsize=FONT + 1, color=INK)
    ax.set_ylabel(ylabel, fontsize=FONT + 1, color=INK)
    ax.tick_params(labelsize=FONT, labelcolor=INK)
    legend = ax.get_legend()
    if legend is not None:
        for text in legend.get_texts():
            text.set_fontsize(FONT)
            text.set_color(INK)
    fig.alt_text = f"{alt_text(fig)} {alt}".strip()
    return fig


def _title(results: Any, what: str) -> str:
    """``what`` followed by the game's title and the number of games."""
    name = game_info(results.game).title if results.game else "the study"
    return f"{what}: {name}, {len(results.games)} games"


def _players(results: Any) -> int:
    """The number of seats of the run."""
    return int(results.players["seat"].nunique())


def win_rates(results: Any, by: str = "seat", ax: Any = None) -> Any:
    """Bars of the win rate per seat (``by="seat"``, labelled with the seat's bot), per
    turn-order position (``by="position"``, 0 acts first) or per bot (``by="bot"``) with
    Wilson 95% error bars and a dashed fair-share line at ``1 / players``.  Raises
    ``ValueError`` for another ``by``."""
    if by not in ("seat", "position", "bot"):
        raise ValueError(f"win rates go by 'seat', 'position' or 'bot', not {by!r}")
    table = metrics.seat_table(results.players) if by == "seat" else metrics.win_table(results.players, by)
    labels = [
        f"seat {r.seat}\n{r.bot}" if by == "seat" else f"position {r.position}" if by == "position" else str(r.bot)
        for r in table.itertuples()
    ]
    fair = 1 / _players(results)
    fig, ax = _axes(ax, (max(4.0, 1.1 * len(table) + 2), 4.0))
    positions = list(range(len(table)))
    errors = [
        [max(0.0, r.rate - r.low) for r in table.itertuples()],
        [max(0.0, r.high - r.rate) for r in table.itertuples()],
    ]
    ax.bar(positions, table["rate"], color=BAR, yerr=errors, capsize=6, ecolor=INK, label="win rate (95% interval)")
    ax.axhline(fair, color=HIGHLIGHT, linestyle="--", linewidth=1.5, label=f"fair share 1/{_players(results)}")
    ax.set_xticks(positions, labels)
    ax.set_ylim(0, 1)
    ax.legend(loc="upper right", frameon=False)
    parts = ", ".join(
        f"{label.replace(chr(10), ' ')} {r.rate:.2f} ({r.low:.2f} to {r.high:.2f})"
        for label, r in zip(labels, table.itertuples())
    )
    alt = f"Bar chart of win rate by {by} with 95% intervals: {parts}; fair share {fair:.2f}."
    return _finish(fig, ax, _title(results, f"Win rate by {by}"), by, "win rate", alt)


def _categories(results: Any) -> list[str]:
    """The scoring categories of the run's game (the players frame's columns between
    ``bot`` and ``total`` when the game is not named)."""
    if results.game:
        return list(game_info(results.game).categories)
    columns = list(results.players.columns)
    return columns[columns.index("bot") + 1 : columns.index("total")]


def category_shares(results: Any, by: str = "bot", ax: Any = None) -> Any:
    """Stacked bars of each scoring category's share of the points per bot (or seat):
    positive shares stack up from 0, penalties (negative shares) down from it."""
    categories = _categories(results)
    shares = metrics.category_shares(results.players, categories, by)
    fig, ax = _axes(ax, (max(5.0, 1.1 * len(shares) + 4), 4.2))
    positions = list(range(len(shares)))
    up = [0.0] * len(shares)
    down = [0.0] * len(shares)
    for i, category in enumerate(categories):
        values = [float(v) for v in shares[category]]
        bottoms = [down[j] if v < 0 else up[j] for j, v in enumerate(values)]
        colour = CATEGORY_COLOURS[i % len(CATEGORY_COLOURS)]
        ax.bar(positions, values, bottom=bottoms, color=colour, edgecolor="white", label=category)
        for j, v in enumerate(values):
            if v < 0:
                down[j] += v
            else:
                up[j] += v
    ax.axhline(0, color=INK, linewidth=0.8)
    ax.set_xticks(positions, [str(x) if by == "bot" else f"seat {x}" for x in shares.index])
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    parts = "; ".join(
        f"{key}: " + ", ".join(f"{c} {shares.loc[key, c]:.0%}" for c in categories) for key in shares.index
    )
    alt = f"Stacked bars of each scoring category's share of the points by {by}: {parts}."
    return _finish(fig, ax, _title(results, "Where the points come from"), by, "share of the points", alt)


def _histogram(ax: Any, values: list[float]) -> None:
    """Bars of ``values``: one per whole number when they span at most 40, else 30 bins."""
    low, high = min(values), max(values)
    if high - low <= 40 and all(float(v).is_integer() for v in values):
        bins: Any = [low - 0.5 + i for i in range(int(high - low) + 2)]
    else:
        bins = 30
    ax.hist(values, bins=bins, color=BAR, edgecolor="white")


def lengths(results: Any, ax: Any = None) -> Any:
    """Histogram of the finished games' length in actions, with the mean marked."""
    spread = metrics.lengths(results.games)
    fig, ax = _axes(ax, (6.0, 3.8))
    _histogram(ax, list(metrics.finished_games(results.games)["actions"]))
    ax.axvline(spread.mean, color=HIGHLIGHT, linestyle="--", label=f"mean {spread.mean:.1f}")
    ax.legend(frameon=False)
    alt = (
        f"Histogram of game length over {spread.n} finished games: {spread.low:.0f} to {spread.high:.0f} "
        f"actions, mean {spread.mean:.1f}, median {spread.median:.1f}."
    )
    return _finish(fig, ax, _title(results, "Game length"), "actions in the game", "games", alt)


def margins(results: Any, ax: Any = None) -> Any:
    """Histogram of the winning margins (the top total minus the runner-up's; 0: a tie at
    the top), with the mean marked.  Small margins mean close games."""
    spread = metrics.decisiveness(results.games)
    fig, ax = _axes(ax, (6.0, 3.8))
    _histogram(ax, list(metrics.finished_games(results.games)["final_margin"]))
    ax.axvline(spread.mean, color=HIGHLIGHT, linestyle="--", label=f"mean {spread.mean:.1f}")
    ax.legend(frameon=False)
    ties = spread.counts.get(0.0, 0)
    alt = (
        f"Histogram of winning margins over {spread.n} finished games: {spread.low:.0f} to {spread.high:.0f} "
        f"points, mean {spread.mean:.1f}, median {spread.median:.1f}, {ties} tied at the top."
    )
    return _finish(fig, ax, _title(results, "Decisiveness"), "winning margin (points)", "games", alt)


def lead_changes(results: Any, ax: Any = None) -> Any:
    """Bars of how many games had 0, 1, 2... lead changes in the provisional totals."""
    spread = metrics.drama(results.games)
    fig, ax = _axes(ax, (6.0, 3.8))
    _histogram(ax, list(metrics.finished_games(results.games)["lead_changes"]))
    ax.axvline(spread.mean, color=HIGHLIGHT, linestyle="--", label=f"mean {spread.mean:.1f}")
    ax.legend(frameon=False)
    counts = ", ".join(f"{k:.0f}: {v}" for k, v in spread.counts.items())
    alt = (
        f"Bar chart of lead changes per game over {spread.n} finished games (changes: games) {counts}; "
        f"mean {spread.mean:.1f}."
    )
    return _finish(fig, ax, _title(results, "Drama: lead changes"), "lead changes in the game", "games", alt)


def rule_use(results: Any, top: int | None = None, ax: Any = None) -> Any:
    """Heatmap of rule ids (rows, most fired first; the ``top`` ones if given) by how often
    each fired as an event and refused a sampled move (columns), summed over the games,
    with the counts written in the cells; each column is shaded on its own scale.  Raises
    ``ValueError`` when the run has no ``rules`` frame (``simulate(..., rules=True)``)."""
    if results.rules is None:
        raise ValueError("this run has no rules frame: simulate it with rules=True")
    import matplotlib as mpl

    table = metrics.rule_use(results.rules)
    if top is not None:
        table = table.head(top)
    rows = [rule.split(" ", 1)[-1] for rule in table.index]
    columns = ["fired", "refused"]
    fig, ax = _axes(ax, (5.6, 1.2 + 0.3 * max(len(rows), 1)))
    shade = mpl.colormaps["Blues"]
    grid = []
    for column in columns:
        peak = max(float(table[column].max()), 1.0)
        grid.append([0.55 * float(v) / peak for v in table[column]])  # light half of the map: dark text reads
    cells = [[shade(grid[c][r]) for c in range(len(columns))] for r in range(len(rows))]
    ax.imshow(cells, aspect="auto")
    for r in range(len(rows)):
        for c, column in enumerate(columns):
            ax.text(c, r, f"{int(table[column].iloc[r])}", ha="center", va="center", fontsize=FONT, color=INK)
    ax.set_xticks(range(len(columns)), ["fired (events)", "refused (sampled moves)"])
    ax.set_yticks(range(len(rows)), rows)
    ax.xaxis.set_ticks_position("top")
    ax.xaxis.set_label_position("top")
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_color(MUTED)
    most = ", ".join(f"{rows[i]} {int(table['fired'].iloc[i])}" for i in range(min(3, len(rows))))
    never = int((table["fired"] == 0).sum())
    alt = (
        f"Heatmap of {len(rows)} rules by times fired and times refusing a sampled move; most fired: {most}; "
        f"{never} of them refused moves but never fired."
    )
    return _finish(fig, ax, _title(results, "Rules used"), "", "rule id", alt)


def sweep(result: Any) -> Any:
    """A sweep of one printed number (:func:`fresco_kit.sim.sweep.sweep`) in three panels
    against the value: the win rate of each turn-order position with its 95% interval and
    the fair share, the mean length in actions with its interval, and each scoring
    category's share of the points; the printed value is marked."""
    import matplotlib.pyplot as plt

    table = result.table
    values = [float(v) for v in table["value"]]
    fig, (wins, length, shares) = plt.subplots(1, 3, figsize=(14, 4.2), layout="constrained")
    positions = sorted(c for c in table.columns if c.startswith("position ") and c[9:].isdigit())
    for i, column in enumerate(positions):
        errors = [
            (table[column] - table[f"{column} low"]).clip(lower=0),
            (table[f"{column} high"] - table[column]).clip(lower=0),
        ]
        colour = CATEGORY_COLOURS[i % len(CATEGORY_COLOURS)]
        wins.errorbar(values, table[column], yerr=errors, capsize=4, marker="o", color=colour, label=column)
    wins.axhline(float(table["fair"].iloc[0]), color=HIGHLIGHT, linestyle="--", linewidth=1.5, label="fair share")
    wins.set_ylim(0, 1)
    wins.legend(loc="upper right", frameon=False)
    if "actions" in table:
        errors = [table["actions"] - table["actions low"], table["actions high"] - table["actions"]]
        length.errorbar(values, table["actions"], yerr=errors, capsize=4, marker="o", color=BAR)
    categories = list(game_info(result.game).categories)
    for i, category in enumerate(categories):
        colour = CATEGORY_COLOURS[i % len(CATEGORY_COLOURS)]
        shares.plot(values, table[f"share {category}"], marker="o", color=colour, label=category)
    shares.legend(loc="best", frameon=False)
    for ax in (wins, length, shares):
        if result.printed is not None:
            ax.axvline(float(result.printed), color=MUTED, linestyle=":", linewidth=1.5)
    title = f"{game_info(result.game).title}: {result.field}"
    n = int(table["games"].iloc[0])
    _finish(fig, wins, f"{title}: win rate by position", "value", "win rate", "")
    _finish(fig, length, f"length ({n} games a value)", "value", "actions a game", "")
    parts = "; ".join(
        f"{v:g}: "
        + ", ".join(f"{p} {table.loc[j, p]:.2f}" for p in positions)
        + f", {table.loc[j, 'actions']:.0f} actions"
        for j, v in enumerate(values)
    )
    alt = (
        f"Sweep of {result.field} in {game_info(result.game).title} (printed value {result.printed}), {n} paired games "
        f"a value: win rate by turn-order position, length and category shares against the value. {parts}."
    )
    return _finish(fig, shares, "share of the points by category", "value", "share of the points", alt)
