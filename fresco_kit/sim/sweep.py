"""Sweeps of one printed number: the same seeds played at each value, and what changes.

``sweep("fresco", "studio.thalers", [2, 3, 4, 5], ["kit"] * 3, games=200)`` plays games
``seed .. seed + games - 1`` once per value, each with a data patch (the ``data``
option) that sets that one number, so the values are compared on paired seeds.  A
field's path is written with dots through the game's data as its ``OVERRIDES`` allow
(``core.data``): table and field names, an entry's id, a list's position from 0, e.g.
``studio.thalers`` (Fresco), ``inn.times.5.1`` (the second number of get-up time 5),
``cards.17.end_vp`` (Lorenzo), ``frescoes.jesus_christ_1.scores.0`` (1980 Sixtina).

:attr:`Sweep.table` has a row per value: the games finished, the win rate of each seat
and each turn-order position (``seat 0``, ``position 0`` ... with Wilson 95% intervals
in ``... low`` / ``... high``), the seat and position chi-square statistics and
p-values, length in actions (mean and interval), turns and rounds, the share of the
points of each category, and the share of paired games whose winner differs from the
printed value's.  :func:`closest` names the value closest to a target: ``"position
balance"`` / ``"seat balance"`` (the smallest chi-square statistic), or
``"COLUMN=NUMBER"`` for any column of the table (e.g. ``actions=250``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fresco_kit.core import game_info
from fresco_kit.core.data import Entries, Fields, Row, Whole, load_seed

from .metrics import balance_tests, category_shares, finished_games, mean_interval, wilson
from .runner import check_study, simulate


@dataclass
class Sweep:
    """What :func:`sweep` returns: ``table`` (a row per value), the game, the field, the
    printed value, and ``results`` (each value's :class:`~fresco_kit.sim.runner.Results`)."""

    table: Any
    game: str
    field: str
    printed: Any
    results: dict[Any, Any]


def field_patch(game: str, path: str, value: int) -> tuple[dict, Any]:
    """The data patch that sets the one number at ``path`` to ``value``, and the printed
    value there.  ``ValueError`` naming the step of ``path`` that the game's
    ``OVERRIDES`` do not allow (the value itself is checked when the game is set up)."""
    info = game_info(game)
    if info.data is None or not hasattr(info.data, "OVERRIDES"):
        raise ValueError(f"{game} has no overridable printed numbers (no data part with OVERRIDES)")
    schema, raw = info.data.OVERRIDES, load_seed(info.name)
    steps = [s for s in path.split(".") if s]
    if not steps:
        raise ValueError("name a data field, e.g. studio.thalers")
    kind: Any = schema
    old: Any = raw
    done: list[str] = []

    def wrap(inner: Any) -> Any:
        for step in reversed(done):
            inner = {step: inner}
        return inner

    for i, step in enumerate(steps):
        where = ".".join(steps[: i + 1])
        if isinstance(kind, Fields):
            if step not in kind.fields or not isinstance(old, dict) or (step not in old and not kind.open_keys):
                raise ValueError(f"{game} data has no overridable {where}; here: {', '.join(kind.fields)}")
            kind, old = kind.fields[step], old.get(step)
            done.append(step)
        elif isinstance(kind, Entries):
            entries = {str(e[kind.key]): e for e in old} if kind.key else {str(k): v for k, v in old.items()}
            if step not in entries:
                shown = ", ".join(list(entries)[:8])
                raise ValueError(f"{game} data: no {kind.what} {step!r} at {where}; e.g. {shown}")
            kind, old = kind.entry, entries[step]
            done.append(step)
        elif isinstance(kind, Row):
            if not step.isdigit() or int(step) >= len(kind.items):
                raise ValueError(f"{where}: a position from 0 to {len(kind.items) - 1} of the list")
            if i != len(steps) - 1:
                raise ValueError(f"{where} is a number: nothing lies below it")
            row = list(old)
            printed = row[int(step)]
            row[int(step)] = value
            return wrap(row), printed
        else:
            raise ValueError(f"{where}: {'.'.join(steps[:i])} is a number: nothing lies below it")
    if not isinstance(kind, Whole):
        raise ValueError(f"{path} is not one number; go further, e.g. {path}.{_example(kind)}")
    return wrap(value), old


def _example(kind: Any) -> str:
    """A next step below ``kind`` for an error message."""
    if isinstance(kind, Fields):
        return next(iter(kind.fields))
    return "0" if isinstance(kind, Row) else "<id>"


def _row(info: Any, value: Any, result: Any, base: Any) -> dict[str, Any]:
    """The sweep table's row of one value."""
    players, games = result.players, finished_games(result.games)
    seats = int(players["seat"].nunique())
    row: dict[str, Any] = {"value": value, "games": len(games)}
    for column in ("seat", "position"):
        for group, mine in players.groupby(column, sort=True):
            wins, n = float(mine["win_share"].sum()), len(mine)
            low, high = wilson(wins, n)
            row |= {f"{column} {group}": wins / n, f"{column} {group} low": low, f"{column} {group} high": high}
    for test in balance_tests(players).itertuples():
        row |= {f"{test.by} chi2": test.statistic, f"{test.by} p": test.p}
    if len(games) > 1:
        length = mean_interval([float(a) for a in games["actions"]])
        row |= {"actions": length.mean, "actions low": length.low, "actions high": length.high}
        for measure in ("turns", "rounds"):
            if measure in games and not games[measure].isna().any():
                row[measure] = float(games[measure].mean())
    shares = category_shares(players.assign(all=0), list(info.categories), by="all")
    row |= {f"share {c}": float(shares.iloc[0][c]) for c in info.categories}
    ga, gb = games.set_index("seed"), finished_games(base.games).set_index("seed")
    common = sorted(set(ga.index) & set(gb.index))
    if common:
        changed = sum(1 for s in common if ga.loc[s, "winners"] != gb.loc[s, "winners"])
        row["winner changed"] = changed / len(common)
    row["fair"] = 1 / seats
    return row


def sweep(
    game: str,
    path: str,
    values: Sequence[int],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    progress: bool = False,
) -> Sweep:
    """Play ``games`` seeded games at each of ``values`` of the printed number at
    ``path`` (and at the printed value, for the winner-changed share); see the module.
    ``ValueError`` for a path the game's data does not allow, a value outside its
    bounds, or a bad study."""
    import pandas as pd

    info = game_info(game)
    options = dict(options or {})
    if "data" in options:
        raise ValueError("a sweep sets the data option itself: leave --data out")
    if not values:
        raise ValueError("give at least one value to sweep")
    patches = {}
    printed = None
    for value in values:
        patch, printed = field_patch(game, path, int(value))
        check_study(game, bots, games, {**options, "data": patch})  # the value within the field's bounds
        patches[value] = patch
    run: dict[str, Any] = {"seed": seed, "workers": workers, "progress": progress}
    base = simulate(game, bots, games, options=options, **run)
    results = {
        value: simulate(game, bots, games, options={**options, "data": patches[value]}, **run) for value in values
    }
    table = pd.DataFrame([_row(info, value, results[value], base) for value in values])
    return Sweep(table, game, path, printed, results)


#: the named targets of :func:`closest`: the chi-square statistic to make smallest
TARGETS = {"position balance": "position chi2", "seat balance": "seat chi2"}


def closest(result: Sweep, target: str) -> tuple[Any, float]:
    """The value of ``result`` closest to ``target`` and its distance: ``"position
    balance"`` or ``"seat balance"`` (the smallest chi-square statistic of equal win
    shares), or ``"COLUMN=NUMBER"`` (the value whose COLUMN is nearest NUMBER).
    ``ValueError`` for an unknown target or column."""
    table = result.table
    if target in TARGETS:
        column, goal = TARGETS[target], 0.0
    else:
        column, sep, number = target.rpartition("=")
        try:
            goal = float(number)
        except ValueError:
            goal = float("nan")
        if not sep or goal != goal:
            raise ValueError(
                f"target {target!r}: write 'position balance', 'seat balance' or COLUMN=NUMBER, e.g. actions=250"
            ) from None
        column = column.strip()
    if column not in table:
        raise ValueError(f"the sweep has no column {column!r}; the columns are {', '.join(map(str, table.columns))}")
    distance = (table[column] - goal).abs()
    best = distance.idxmin()
    return table.loc[best, "value"], float(distance[best])


def table_lines(result: Sweep, target: str | None = None) -> list[str]:
    """The sweep as text: a line per value (win rate by position, balance p-values,
    length, winner changed), and the value closest to ``target``."""
    info = game_info(result.game)
    table = result.table
    positions = sorted(c for c in table.columns if c.startswith("position ") and c[9:].isdigit())
    lines = [
        f"{info.title}: {result.field} swept over {', '.join(map(str, table['value']))} (printed: {result.printed}); "
        f"{int(table['games'].iloc[0])} paired games a value",
        f"{'value':>6}  "
        + "".join(f"{'pos ' + p[9:]:>8}" for p in positions)
        + f"{'p seat':>9}{'p pos':>8}{'actions':>9}{'winner chg':>12}",
    ]
    nan = float("nan")
    for _, row in table.iterrows():
        cells = "".join(f"{row[p]:>8.3f}" for p in positions)
        lines.append(
            f"{row['value']:>6g}  {cells}{row.get('seat p', nan):>9.3f}{row.get('position p', nan):>8.3f}"
            f"{row.get('actions', nan):>9.1f}{row.get('winner changed', nan):>12.3f}"
        )
    if target:
        value, distance = closest(result, target)
        lines.append(f"closest to {target!r}: {result.field} = {value} (distance {distance:.3f})")
    return lines
