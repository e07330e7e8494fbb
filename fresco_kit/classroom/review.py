"""The design review: a study's summary as text (``fresco-kit simulate``) and as one HTML file
(``fresco-kit review``).

The games come from :func:`~fresco_kit.sim.runner.simulate` (with ``decisions=True`` and
``rules=True`` for the review's tables); :func:`summary_lines` sums them up in a few
lines of text, :func:`summary_tables` as tables, and :func:`write_report` writes a single
self-contained HTML page: the command that made it, the study's settings, the tables and
every plot of :mod:`.plots` as an embedded PNG whose ``alt`` is the plot's description.  The page loads nothing from
elsewhere (no scripts, fonts or styles from the network).

"Switches never used" are the game's rule switches (``GameInfo.switches``) whose rule
(``Switch.rule``) never fired as an event in any game of the study
(:func:`~fresco_kit.sim.metrics.unused_switches`); a switch without a rule id cannot be
traced and is listed as such.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fresco_kit.core import game_info
from fresco_kit.sim import metrics
from fresco_kit.sim.runner import Results

from . import plots

#: the report's plots: heading, plot function, keyword arguments
PLOTS: tuple[tuple[str, Callable[..., Any], dict[str, Any]], ...] = (
    ("Win rate by seat", plots.win_rates, {"by": "seat"}),
    ("Win rate by bot", plots.win_rates, {"by": "bot"}),
    ("Where the points come from", plots.category_shares, {}),
    ("Game length", plots.lengths, {}),
    ("Decisiveness: winning margins", plots.margins, {}),
    ("Drama: lead changes", plots.lead_changes, {}),
    ("Rules used", plots.rule_use, {}),
)


def _bots(results: Results) -> list[str]:
    """The bots by seat."""
    seats = results.players.drop_duplicates("seat").sort_values("seat")
    return [str(b) for b in seats["bot"]]


def spread_table(results: Results) -> Any:
    """Length (actions), decisiveness (winning margin) and drama (lead changes) of the
    finished games: a row each with n, mean, median, min and max."""
    import pandas as pd

    rows = []
    for label, spread in (
        ("length (actions)", metrics.lengths(results.games)),
        ("winning margin (points)", metrics.decisiveness(results.games)),
        ("lead changes", metrics.drama(results.games)),
    ):
        rows.append(
            {
                "measure": label,
                "games": spread.n,
                "mean": spread.mean,
                "median": spread.median,
                "min": spread.low,
                "max": spread.high,
            }
        )
    return pd.DataFrame(rows).set_index("measure")


def switch_table(results: Results) -> Any:
    """Every rule switch of the game with its rule id and the times the rule fired in the
    study (``None``: the switch names no rule); empty for a game without switches."""
    import pandas as pd

    use = metrics.rule_use(results.rules) if results.rules is not None else None
    rows = []
    for switch in game_info(results.game).switches:
        rule = f"{results.game} {switch.rule}" if switch.rule else ""
        fired = int(use.loc[rule, "fired"]) if use is not None and rule in use.index else 0
        rows.append({"switch": switch.name, "rule": rule, "fired": fired if rule else None})
    return pd.DataFrame(rows, columns=["switch", "rule", "fired"])


def _rule_citations(game: str, table: Any) -> Any:
    """``table`` (indexed by checklist id) with each rule's section and summary."""
    book = game_info(game).refs
    refs = [book.RULES.get(rule.split(" ", 1)[-1]) if book else None for rule in table.index]
    table = table.copy()
    table["section"] = [ref.section if ref else "" for ref in refs]
    table["rule in short"] = [ref.summary if ref else "" for ref in refs]
    return table


def summary_tables(results: Results) -> dict[str, Any]:
    """The review's tables by heading (pandas frames): win rates by seat and by bot,
    category shares by bot and by seat, length/decisiveness/drama, and, when the run has
    those frames, action use by bot, rule switches and rules used."""
    categories = list(game_info(results.game).categories)
    tables = {
        "Win rate by seat (Wilson 95% interval)": metrics.seat_table(results.players),
        "Win rate by bot (Wilson 95% interval, per seat-game)": metrics.win_table(results.players, "bot"),
        "Share of the points by category, per bot": metrics.category_shares(results.players, categories, "bot"),
        "Share of the points by category, per seat": metrics.category_shares(results.players, categories, "seat"),
        "Length, decisiveness and drama": spread_table(results),
    }
    if results.decisions is not None:
        tables["Decisions by kind of action, per bot"] = metrics.action_use(results.decisions, "bot")
    if results.rules is not None:
        if game_info(results.game).switches:
            tables["Rule switches: times their rule fired"] = switch_table(results)
        tables["Rules used"] = _rule_citations(results.game, metrics.rule_use(results.rules))
    return tables


def summary_lines(results: Results) -> list[str]:
    """A short text summary of a study: win rates by seat and by bot with intervals, seat
    balance, category shares per bot, length, decisiveness, drama and (with a ``rules``
    frame) the switches never used."""
    info = game_info(results.game)
    games = len(results.games)
    lines = [
        f"{info.title}: {games} games, {results.players['seat'].nunique()} players, bots {','.join(_bots(results))}"
        + (" (interrupted)" if results.interrupted else "")
    ]
    seats = metrics.seat_table(results.players)
    by_bot = metrics.win_table(results.players, "bot")
    width = max(len(str(b)) for b in by_bot["bot"]) + 2
    lines.append(f"{'seat':>4}  {'bot':<{width}}{'wins':>8}{'rate':>8}   95% interval")
    for seat, row in [(f"{r.seat:>4}", r) for r in seats.itertuples()] + [(" all", r) for r in by_bot.itertuples()]:
        lines.append(f"{seat}  {row.bot:<{width}}{row.wins:>8.1f}{row.rate:>8.3f}   {row.low:.3f} - {row.high:.3f}")
    if seats["wins"].sum() > 0:
        balance = metrics.seat_balance(list(seats["wins"]))
        lines.append(
            f"seat balance: chi-square {balance.statistic:.2f} on {balance.dof} degrees of freedom, "
            f"p = {balance.p_value:.3f}"
        )
    shares = metrics.category_shares(results.players, list(info.categories), "bot")
    for bot, row in shares.iterrows():
        lines.append(f"points of {bot}: " + ", ".join(f"{c} {round(row[c], 2) + 0.0:.0%}" for c in info.categories))
    finished = int(results.games["finished"].sum())
    if finished:
        length, margin, drama = (f(results.games) for f in (metrics.lengths, metrics.decisiveness, metrics.drama))
        lines += [
            f"length: {length.mean:.1f} actions a game (median {length.median:g}, {length.low:g} to {length.high:g}); "
            f"{finished} of {games} finished" + ("" if finished == games else " (the rest were cut at the cap)"),
            f"decisiveness: winning margin {margin.mean:.1f} points on average (median {margin.median:g}); "
            f"{margin.counts.get(0.0, 0)} of {finished} games tied at the top",
            f"drama: {drama.mean:.1f} lead changes a game (median {drama.median:g}, at most {drama.high:g}); "
            f"{drama.counts.get(0.0, 0)} of {finished} games led by one player throughout",
        ]
    else:
        lines.append(f"length: no game of {games} finished (all were cut at the cap)")
    if results.rules is not None and info.switches:
        unused = metrics.unused_switches(results.game, results.rules)
        untraced = [s.name for s in info.switches if not s.rule]
        lines.append(
            "switches never used (their rule fired no event in play): "
            + (", ".join(unused) if unused else "none")
            + (f"; not traceable (no rule id): {', '.join(untraced)}" if untraced else "")
        )
        if unused:
            lines.append(
                "  (a rule applied only at setup or in the final scoring fires no event: metrics.ablate tells)"
            )
    return lines


def figure_html(fig: Any, dpi: int = 100) -> str:
    """``fig`` as an ``<img>`` holding its PNG (base64) with the plot's alt text; the figure
    is closed."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{html.escape(plots.alt_text(fig), quote=True)}">'


def _table_html(frame: Any) -> str:
    """A frame as a plain HTML table (numbers rounded to 3 places; a mere row number index
    left out)."""
    import pandas as pd

    index = not isinstance(frame.index, pd.RangeIndex)
    return str(frame.to_html(border=0, index=index, float_format=lambda x: f"{x:.3f}", na_rep="", classes="summary"))


STYLE = """
body { font-family: system-ui, sans-serif; color: #222222; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
code { background: #f3f3f3; padding: 0.1rem 0.3rem; }
pre { white-space: pre-wrap; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #cccccc; text-align: right; }
th { background: #f3f3f3; }
img { max-width: 100%; height: auto; display: block; margin: 0.5rem 0 1.5rem; }
"""


def report_html(results: Results, command: str = "", options: dict[str, Any] | None = None) -> str:
    """The review page of ``results`` as one HTML document (see the module)."""
    info = game_info(results.game)
    settings = [
        ("game", f"{info.title} ({info.name})"),
        ("options", repr(options or {})),
        ("bots by seat", ", ".join(_bots(results))),
        ("games", f"{len(results.games)} (seeds {results.games['seed'].min()} to {results.games['seed'].max()})"),
        ("finished", f"{int(results.games['finished'].sum())}" + (" (interrupted)" if results.interrupted else "")),
    ]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Design review: {html.escape(info.title)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>Design review: {html.escape(info.title)}</h1>",
        f"<p>Made with <code>{html.escape(command)}</code></p>" if command else "",
        "<table class='settings'>"
        + "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in settings)
        + "</table>",
        "<h2>Summary</h2>",
        "<pre>" + html.escape("\n".join(summary_lines(results))) + "</pre>",
    ]
    for heading, frame in summary_tables(results).items():
        parts += [f"<h2>{html.escape(heading)}</h2>", _table_html(frame)]
    parts.append("<h2>Plots</h2>")
    for heading, plot, kwargs in PLOTS:
        if plot is plots.rule_use and results.rules is None:
            continue
        parts += [f"<h3>{html.escape(heading)}</h3>", figure_html(plot(results, **kwargs))]
    parts.append("</body></html>")
    return "\n".join(p for p in parts if p)


def write_report(results: Results, path: str | Path, command: str = "", options: dict[str, Any] | None = None) -> Path:
    """Write :func:`report_html` to ``path`` (UTF-8); the path written."""
    path = Path(path)
    path.write_text(report_html(results, command, options), encoding="utf-8")
    return path
