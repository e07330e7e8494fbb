"""Balance metrics for simulated games: win rates with intervals, seat balance, paired differences.

Plain functions over numbers (no pandas needed), checked against hand-computed values
in the tests, and, over the runner's frames: :func:`win_table` / :func:`seat_table` (win
rates by seat or bot), :func:`category_shares` (where the points come from),
:func:`decisiveness` (winning margins), :func:`drama` (lead changes), :func:`lengths`,
:func:`action_use` (moves by kind), :func:`rule_use` and :func:`unused_switches` (rules that
fired or refused), :func:`compare` (two runs paired on the same seeds) and :func:`ablate`
(each rule switch flipped alone).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from fresco_kit.core import game_info

from .runner import simulate

#: z for a two-sided 95% interval
Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95% by default).

    Shared wins count as fractions (a two-way tie is half a win each).  Raises
    ``ValueError`` for ``n < 1`` or ``wins`` outside 0..n."""
    if n < 1 or not 0 <= wins <= n:
        raise ValueError(f"need 0 <= wins <= n and n >= 1, not wins={wins}, n={n}")
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square variable with ``dof`` degrees of freedom (exact series)."""
    if dof < 1:
        raise ValueError(f"degrees of freedom must be >= 1, not {dof}")
    if x <= 0:
        return 1.0
    half = x / 2
    if dof % 2 == 0:  # Q(k/2, x/2) = e^(-x/2) * sum over i < k/2 of (x/2)^i / i!
        term = total = math.exp(-half)
        for i in range(1, dof // 2):
            term *= half / i
            total += term
        return min(1.0, total)
    total = math.erfc(math.sqrt(half))  # odd: one degree of freedom, then h^(i-1/2)/Gamma(i+1/2) terms
    term = 2 * math.exp(-half) * math.sqrt(half / math.pi)
    for i in range(1, (dof + 1) // 2):
        total += term
        term *= half / (i + 0.5)
    return min(1.0, total)


@dataclass(frozen=True)
class ChiSquare:
    """A chi-square test: the statistic, its degrees of freedom and the p-value."""

    statistic: float
    dof: int
    p_value: float


def seat_balance(wins: Sequence[float]) -> ChiSquare:
    """Chi-square test that every seat wins equally often (wins per seat; shared wins as
    fractions).  A small p-value says the seats are not balanced."""
    if len(wins) < 2 or sum(wins) <= 0:
        raise ValueError(f"need at least two seats and some wins, not {list(wins)}")
    expected = sum(wins) / len(wins)
    statistic = sum((w - expected) ** 2 / expected for w in wins)
    dof = len(wins) - 1
    return ChiSquare(statistic, dof, chi2_sf(statistic, dof))


@dataclass(frozen=True)
class Difference:
    """A paired difference ``a - b``: its mean and 95% interval over ``n`` pairs."""

    mean: float
    low: float
    high: float
    n: int


def paired_difference(a: Sequence[float], b: Sequence[float], z: float = Z95) -> Difference:
    """The mean of ``a[i] - b[i]`` with a normal 95% interval (pairs on the same seeds)."""
    if len(a) != len(b) or len(a) < 2:
        raise ValueError(f"need two equally long samples of at least 2, not {len(a)} and {len(b)}")
    diffs = [x - y for x, y in zip(a, b)]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = z * sd / math.sqrt(n)
    return Difference(mean, mean - half, mean + half, n)


def win_table(players: Any, by: str | Sequence[str] = "seat") -> Any:
    """Win rates with Wilson 95% intervals from the runner's ``players`` frame, grouped by
    ``by`` (``"seat"``, ``"bot"`` or a list of columns).

    Columns: the ``by`` columns, games (rows of the group: seat-games for a bot that
    plays several seats), wins (shared wins as fractions), rate, low, high.  The fair
    share of a seat-game is ``1 / players``."""
    import pandas as pd

    keys = [by] if isinstance(by, str) else list(by)
    rows = []
    for values, group in players.groupby(keys, sort=True):
        wins, n = float(group["win_share"].sum()), len(group)
        low, high = wilson(wins, n)
        named = dict(zip(keys, values if isinstance(values, tuple) else (values,)))
        rows.append({**named, "games": n, "wins": wins, "rate": wins / n, "low": low, "high": high})
    return pd.DataFrame(rows, columns=[*keys, "games", "wins", "rate", "low", "high"])


def seat_table(players: Any) -> Any:
    """Win rate per seat with Wilson 95% intervals, from the runner's ``players`` frame.

    Columns: seat, bot, games, wins (shared wins as fractions), rate, low, high."""
    return win_table(players, ["seat", "bot"])


@dataclass(frozen=True)
class Distribution:
    """A sample of numbers summed up: its size, mean, median, least and greatest values
    and ``counts`` (value -> how many times, in value order)."""

    n: int
    mean: float
    median: float
    low: float
    high: float
    counts: dict[float, int] = field(default_factory=dict)


def distribution(values: Sequence[float]) -> Distribution:
    """The :class:`Distribution` of ``values`` (the median of an even sample is the mean of
    the middle two).  Raises ``ValueError`` for an empty sample."""
    if not len(values):
        raise ValueError("need at least one value for a distribution")
    ordered = sorted(float(v) for v in values)
    n, middle = len(ordered), len(ordered) // 2
    median = ordered[middle] if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return Distribution(n, sum(ordered) / n, median, ordered[0], ordered[-1], dict(sorted(Counter(ordered).items())))


def finished_games(games: Any) -> Any:
    """The games that ended (a game cut at the cap has no winner and no final margin)."""
    return games[games["finished"]] if "finished" in games else games


def decisiveness(games: Any) -> Distribution:
    """The winning margins of the finished games (``final_margin``: top total minus the
    runner-up's, 0 for a tie at the top).  Small margins: close games."""
    return distribution(list(finished_games(games)["final_margin"]))


def drama(games: Any) -> Distribution:
    """The lead changes of the finished games (``lead_changes``: how often the sole leader
    of the provisional totals became another player; see
    :func:`fresco_kit.sim.runner.lead_changes`)."""
    return distribution(list(finished_games(games)["lead_changes"]))


def lengths(games: Any) -> Distribution:
    """The lengths of the finished games in actions."""
    return distribution(list(finished_games(games)["actions"]))


def category_shares(players: Any, categories: Sequence[str], by: str = "bot") -> Any:
    """Each scoring category's share of the points, per ``by`` (``"bot"`` or ``"seat"``).

    A share is the category's points over all the points of that group, so a row sums to
    1; a penalty category (negative points) has a negative share.  ``categories`` are the
    game's (``GameInfo.categories``), in its order.  Raises ``ValueError`` for a category
    the frame lacks; a group with no points at all has no shares (NaN)."""
    import pandas as pd

    missing = [c for c in categories if c not in players.columns]
    if missing:
        raise ValueError(f"the players frame has no category {missing[0]!r}")
    sums = players.groupby(by, sort=True)[list(categories)].sum()
    totals = sums.sum(axis=1)
    return pd.DataFrame(sums.div(totals.where(totals != 0), axis=0))


def action_use(decisions: Any, by: str = "bot") -> Any:
    """How each ``by`` (``"bot"`` or ``"player"``) spends its decisions: the share of its
    decisions of each action kind (a row per group, a column per kind, rows sum to 1),
    from the runner's ``decisions`` frame."""
    counts = decisions.groupby([by, "kind"]).size().unstack(fill_value=0)
    return counts.div(counts.sum(axis=1), axis=0)


def rule_use(rules: Any) -> Any:
    """Each rule's use summed over the games of the runner's ``rules`` frame: a row per
    rule id with ``fired`` (events), ``refused`` (sampled moves it refused) and ``games``
    (games where it fired), most fired first."""
    table = rules.groupby("rule").agg(
        fired=("fired", "sum"), refused=("refused", "sum"), games=("fired", lambda f: int((f > 0).sum()))
    )
    return table.sort_values(["fired", "refused"], ascending=False)


def unused_switches(game: str, rules: Any) -> list[str]:
    """The rule switches of ``game`` whose rule never fired as an event in the runner's
    ``rules`` frame: changing them would change nothing these games did.

    A switch's rule is its ``Switch.rule`` checklist id; a switch without one cannot be
    traced and is never reported unused."""
    fired = set(rules.loc[rules["fired"] > 0, "rule"])
    return [s.name for s in game_info(game).switches if s.rule and f"{game} {s.rule}" not in fired]


def _paired_rows(a: Any, b: Any, seat: int) -> list[dict[str, Any]]:
    """Win share, total and length of ``seat`` in runs ``a`` and ``b``, paired by seed."""
    pa = a.players[a.players["seat"] == seat].set_index("seed")
    pb = b.players[b.players["seat"] == seat].set_index("seed")
    ga, gb = a.games.set_index("seed"), b.games.set_index("seed")
    seeds = sorted(set(pa.index) & set(pb.index) & set(ga.index) & set(gb.index))
    if len(seeds) < 2:
        raise ValueError(f"need at least 2 seeds played in both runs for seat {seat}, not {len(seeds)}")
    rows = []
    for measure, fa, fb in (("win_share", pa, pb), ("total", pa, pb), ("actions", ga, gb)):
        xa = [float(v) for v in fa.loc[seeds, measure]]
        xb = [float(v) for v in fb.loc[seeds, measure]]
        d = paired_difference(xa, xb)
        rows.append(
            {
                "measure": measure,
                "seat": seat,
                "a": sum(xa) / len(xa),
                "b": sum(xb) / len(xb),
                "difference": d.mean,
                "low": d.low,
                "high": d.high,
                "n": d.n,
            }
        )
    return rows


def compare(result_a: Any, result_b: Any, seat: int = 0) -> Any:
    """Run ``result_a`` against ``result_b`` (two :class:`~fresco_kit.sim.runner.Results`)
    paired on the seeds both played: one row per measure (``win_share`` and ``total`` of
    ``seat``, ``actions`` = game length) with both means and the paired difference ``a - b``
    with its 95% interval.  Raises ``ValueError`` with fewer than 2 common seeds."""
    import pandas as pd

    return pd.DataFrame(_paired_rows(result_a, result_b, seat))


def _same_play(a: Any, b: Any) -> bool:
    """Whether two runs played the very same games (the options text aside)."""
    return bool(a.games.drop(columns="options").equals(b.games.drop(columns="options")) and a.players.equals(b.players))


def ablate(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    switches: Sequence[str] | None = None,
    workers: int | None = 1,
    max_actions: int = 20_000,
) -> Any:
    """Flip each rule switch of ``game`` alone (to each choice other than its default under
    ``options``) and measure the effect against the default on the same seeds.

    One row per switch, value and measure: ``win_share`` per seat and ``actions`` (game
    length), with the change (switched minus default), its 95% interval and ``unchanged``:
    True when the switch changed no game at all (identical frames).  ``switches`` limits
    the run to those names.  A default that the game's state does not reveal is not known:
    every choice is then tried (the default one comes out ``unchanged``).  Raises
    ``ValueError`` for an unknown switch and for ``games < 2``."""
    import pandas as pd

    info = game_info(game)
    options = dict(options or {})
    by_name = {s.name: s for s in info.switches}
    names = list(by_name) if switches is None else list(switches)
    for name in names:
        if name not in by_name:
            raise ValueError(f"unknown {game} switch {name!r}; the switches are {', '.join(by_name) or 'none'}")
    if not isinstance(games, int) or games < 2:
        raise ValueError(f"ablate needs at least 2 games, not {games!r}")
    run: dict[str, Any] = {"seed": seed, "workers": workers, "max_actions": max_actions, "progress": False}
    base = simulate(game, bots, games, options=options, **run)
    state = info.new_game(info.players(len(bots)), seed=seed, **options).state
    in_force = getattr(state, "switches", None)
    rows = []
    for name in names:
        switch = by_name[name]
        default = getattr(in_force, name, None)
        known = any(default == c and type(default) is type(c) for c in switch.choices)
        for value in switch.choices:
            if known and value == default and type(value) is type(default):
                continue
            flipped = {**options, "switches": {**dict(options.get("switches", {})), name: value}}
            result = simulate(game, bots, games, options=flipped, **run)
            unchanged = _same_play(result, base)
            for seat in range(len(bots)):
                for row in _paired_rows(result, base, seat):
                    if row["measure"] == "win_share" or (row["measure"] == "actions" and seat == 0):
                        rows.append(
                            {
                                "switch": name,
                                "rule": switch.rule,
                                "value": value,
                                "default": default if known else None,
                                "measure": row["measure"],
                                "seat": seat if row["measure"] == "win_share" else None,
                                "change": row["difference"],
                                "low": row["low"],
                                "high": row["high"],
                                "n": row["n"],
                                "unchanged": unchanged,
                            }
                        )
    return pd.DataFrame(rows)
