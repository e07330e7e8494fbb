"""The design review: a study's summary as text (``fresco-kit simulate``) and as one HTML file
(``fresco-kit review``).

The games come from :func:`~fresco_kit.sim.runner.simulate` (with ``decisions=True`` and
``rules=True`` for the review's tables); :func:`summary_lines` sums them up in a few
lines of text, :func:`summary_tables` as tables, and :func:`write_report` writes a single
self-contained HTML page: the command that made it, the study's settings, the tables and
every plot of :mod:`.plots` as an embedded PNG whose ``alt`` is the plot's description.  The page loads nothing from
elsewhere (no scripts, fonts or styles from the network).

Turn order is shown beside the seats: win rates by turn-order position, and a
chi-square verdict for seats and for positions, Holm-corrected over the tests made,
with the smallest difference from the fair share the sample can detect
(:func:`~fresco_kit.sim.metrics.balance_tests`).  A neutral player (1980 Sixtina's
Gianluigi) has his own row.  A rule switch's *reach* is the situation it decides
(``Switch.reach``), counted by the runner in every game: the summary says "never reached
by these bots" or "reached in N of M games" (whether it changed a winner is what
``fresco-kit ablate``'s paired runs tell).  ``ladder`` (a frame of
:func:`fresco_kit.sim.ladder.ladder` or its CSV) puts the bots' ratings beside the findings.
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
    ("Win rate by turn-order position (0 acts first)", plots.win_rates, {"by": "position"}),
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


def summary_tables(results: Results, ladder: Any = None) -> dict[str, Any]:
    """The review's tables by heading (pandas frames): the bots' ladder (when given),
    win rates by seat, by turn-order position and by bot, the balance verdicts, the
    neutral player, category shares by bot and by seat, the categories that separate
    winners, length/decisiveness/drama, length in actions, turns and rounds, the
    switches' reach, and, when the run has those frames, action use by bot, rule switches
    and rules used."""
    categories = list(game_info(results.game).categories)
    tables: dict[str, Any] = {}
    if ladder is not None:
        used = set(_bots(results))
        tables["Ladder of the bots used (rating, its uncertainty, games)"] = ladder[ladder["bot"].isin(used)]
    tables["Win rate by seat (Wilson 95% interval)"] = metrics.seat_table(results.players)
    verdicts = metrics.balance_tests(results.players)
    if "position" in set(verdicts["by"]):
        tables["Win rate by turn-order position (0 acts first)"] = metrics.win_table(results.players, "position")
    tables["Win rate by bot (Wilson 95% interval, per seat-game)"] = metrics.win_table(results.players, "bot")
    tables["Balance verdicts (chi-square, Holm-corrected; detectable: two-sided α=0.05, power 0.8)"] = verdicts
    neutral = metrics.neutral_table(results)
    if not neutral.empty:
        tables["The neutral player"] = neutral
    tables |= {
        "Share of the points by category, per bot": metrics.category_shares(results.players, categories, "bot"),
        "Share of the points by category, per seat": metrics.category_shares(results.players, categories, "seat"),
        "What separates the winner from the rest (winner minus the mean of the others)": metrics.separating_categories(
            results.players, categories
        ),
        "Length, decisiveness and drama": spread_table(results),
        "Length in actions, turns and rounds (95% interval of the mean)": metrics.length_table(results.games),
    }
    reach = metrics.reach_table(results)
    if not reach.empty:
        tables["Switch reach: how often the situation each switch decides arose"] = reach
    if results.decisions is not None:
        tables["Decisions by kind of action, per bot"] = metrics.action_use(results.decisions, "bot")
    if results.rules is not None:
        if game_info(results.game).switches:
            tables["Rule switches: times their rule fired"] = switch_table(results)
        tables["Rules used"] = _rule_citations(results.game, metrics.rule_use(results.rules))
    return tables


def _ladder_lines(results: Results, ladder: Any) -> list[str]:
    """The ladder ratings of the study's bots (or how to get them)."""
    used = list(dict.fromkeys(_bots(results)))
    if ladder is None:
        return [f"bots' skill: no ladder given (fresco-kit ladder {results.game} --bots {','.join(used)})"]
    rows = ladder.set_index("bot")
    known = [b for b in used if b in rows.index]
    parts = [f"{b} {rows.loc[b, 'rating']:.1f} ± {rows.loc[b, 'sigma']:.1f}" for b in known]
    missing = [b for b in used if b not in rows.index]
    return [
        "bots' skill (ladder rating ± its uncertainty): "
        + (", ".join(parts) if parts else "none of these bots")
        + (f"; not on the ladder: {', '.join(missing)}" if missing else "")
    ]


def _verdict_line(row: Any) -> str:
    return (
        f"{row.by} balance: chi-square {row.statistic:.2f} on {row.dof} degrees of freedom, p = {row.p:.3f} "
        f"(Holm over the tests: {row.p_holm:.3f}): {row.verdict}; with {row.games} games a {row.by} the sample "
        f"detects a difference of ±{row.detectable:.3f} from the fair share"
    )


def summary_lines(results: Results, ladder: Any = None) -> list[str]:
    """A short text summary of a study: win rates by seat, by turn-order position and by
    bot with intervals, the seat and position verdicts, the neutral player, category
    shares per bot and the categories that separate winners, length in actions, turns and
    rounds, decisiveness, drama, the switches' reach, the games missing and the bots'
    ladder ratings (``ladder``)."""
    info = game_info(results.game)
    games = len(results.games)
    lines = [
        f"{info.title}: {games} games, {results.players['seat'].nunique()} players, bots {','.join(_bots(results))}"
        + (" (interrupted)" if results.interrupted else "")
    ]
    missing = getattr(results, "missing", None)
    if missing is not None and not missing.empty:
        shown = ", ".join(f"{r.seed} ({r.reason})" for r in missing.head(10).itertuples())
        lines.append(f"missing: {len(missing)} seeds: {shown}" + (" ..." if len(missing) > 10 else ""))
    lines += _ladder_lines(results, ladder)
    seats = metrics.seat_table(results.players)
    by_bot = metrics.win_table(results.players, "bot")
    width = max(len(str(b)) for b in by_bot["bot"]) + 2
    lines.append(f"{'seat':>4}  {'bot':<{width}}{'wins':>8}{'rate':>8}   95% interval")
    for seat, row in [(f"{r.seat:>4}", r) for r in seats.itertuples()] + [(" all", r) for r in by_bot.itertuples()]:
        lines.append(f"{seat}  {row.bot:<{width}}{row.wins:>8.1f}{row.rate:>8.3f}   {row.low:.3f} - {row.high:.3f}")
    verdicts = metrics.balance_tests(results.players) if seats["wins"].sum() > 0 else None
    if verdicts is not None and "position" in set(verdicts["by"]):
        lines.append("turn order (position 0 acts first):")
        for row in metrics.win_table(results.players, "position").itertuples():
            lines.append(
                f"{row.position:>4}  {'':<{width}}{row.wins:>8.1f}{row.rate:>8.3f}   {row.low:.3f} - {row.high:.3f}"
            )
    if verdicts is not None:
        lines += [_verdict_line(row) for row in verdicts.itertuples()]
        if "position" not in set(verdicts["by"]):
            lines.append("turn order: the position is the seat in every game (no separate test)")
    for row in metrics.neutral_table(results).itertuples():
        lines.append(
            f"{row.player} (no seat): ahead of every seated player in {row.ahead} of {row.games} games "
            f"({row.rate:.3f}, {row.low:.3f} - {row.high:.3f}); his margin over the best seat {row.margin:+.1f} "
            f"({row.margin_low:+.1f} to {row.margin_high:+.1f})"
        )
    shares = metrics.category_shares(results.players, list(info.categories), "bot")
    for bot, row in shares.iterrows():
        lines.append(f"points of {bot}: " + ", ".join(f"{c} {round(row[c], 2) + 0.0:.0%}" for c in info.categories))
    separating = metrics.separating_categories(results.players, list(info.categories))
    if not separating.empty:
        top = separating.head(3)
        lines.append(
            f"what separates the winner from the rest ({int(top['n'].iloc[0])} games with one winner; "
            "winner minus the others' mean, 95% interval): "
            + "; ".join(f"{r.category} {r.difference:+.1f} ({r.low:+.1f} to {r.high:+.1f})" for r in top.itertuples())
        )
    finished = int(results.games["finished"].sum()) if games else 0
    if finished:
        length, margin, drama = (f(results.games) for f in (metrics.lengths, metrics.decisiveness, metrics.drama))
        counted = {r.measure: r for r in metrics.length_table(results.games).itertuples()}
        extra = "".join(
            f", {counted[m].mean:.1f} {m} ({counted[m].low:.1f} to {counted[m].high:.1f})"
            for m in ("turns", "rounds")
            if m in counted
        )
        fixed = metrics.fixed_lengths(results.games)
        extra += "".join(f", always {fixed[m]:g} {m}" for m in ("turns", "rounds") if m in fixed)
        lines += [
            f"length: {length.mean:.1f} actions a game (median {length.median:g}, {length.low:g} to {length.high:g})"
            f"{extra}; {finished} of {games} finished"
            + ("" if finished == games else " (the rest were cut at the cap)"),
            f"decisiveness: winning margin {margin.mean:.1f} points on average (median {margin.median:g}); "
            f"{margin.counts.get(0.0, 0)} of {finished} games tied at the top",
            f"drama: {drama.mean:.1f} lead changes a game (median {drama.median:g}, at most {drama.high:g}); "
            f"{drama.counts.get(0.0, 0)} of {finished} games led by one player throughout",
        ]
        if not metrics.neutral_table(results).empty:
            done = metrics.finished_games(results.games)
            lines.append(
                f"counting the neutral player too: winning margin {done['final_margin_all'].mean():.1f}, "
                f"{done['lead_changes_all'].mean():.1f} lead changes a game"
            )
    else:
        lines.append(f"length: no game of {games} finished (all were cut at the cap)")
    reach = metrics.reach_table(results)
    if not reach.empty:
        lines.append(
            "switch reach (the situation each switch decides; fresco-kit ablate tells the winners it changed):"
        )
        lines += [f"  {r.switch}: {r.verdict} ({r.times} times): {r.situation}" for r in reach.itertuples()]
    untraced = [s.name for s in info.switches if s.reach is None]
    if untraced:
        lines.append(f"switches that declare no situation (reach unknown): {', '.join(untraced)}")
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


def report_html(results: Results, command: str = "", options: dict[str, Any] | None = None, ladder: Any = None) -> str:
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
        "<pre>" + html.escape("\n".join(summary_lines(results, ladder))) + "</pre>",
    ]
    for heading, frame in summary_tables(results, ladder).items():
        parts += [f"<h2>{html.escape(heading)}</h2>", _table_html(frame)]
    parts.append("<h2>Plots</h2>")
    for heading, plot, kwargs in PLOTS:
        if plot is plots.rule_use and results.rules is None:
            continue
        parts += [f"<h3>{html.escape(heading)}</h3>", figure_html(plot(results, **kwargs))]
    parts.append("</body></html>")
    return "\n".join(p for p in parts if p)


def write_report(
    results: Results, path: str | Path, command: str = "", options: dict[str, Any] | None = None, ladder: Any = None
) -> Path:
    """Write :func:`report_html` to ``path`` (UTF-8); the path written."""
    path = Path(path)
    path.write_text(report_html(results, command, options, ladder), encoding="utf-8")
    return path
