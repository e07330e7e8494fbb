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
from statistics import NormalDist
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


def _paired_row(measure: str, a: Any, b: Any) -> dict[str, Any]:
    """One measure of two runs paired by seed: both means and their paired difference with its interval."""
    xa, xb = [float(v) for v in a], [float(v) for v in b]
    d = paired_difference(xa, xb)
    return {
        "measure": measure,
        "a": sum(xa) / len(xa),
        "b": sum(xb) / len(xb),
        "difference": d.mean,
        "low": d.low,
        "high": d.high,
        "n": d.n,
    }


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
        paired = _paired_row(measure, fa.loc[seeds, measure], fb.loc[seeds, measure])
        rows.append({"measure": measure, "seat": seat, **paired})
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


#: the columns of :func:`ablate`
ABLATE_COLUMNS = [
    "switch",
    "rule",
    "value",
    "default",
    "measure",
    "seat",
    "change",
    "low",
    "high",
    "n",
    "unchanged",
    "reached",
    "winners_changed",
    "changed_unreached",
]


def _winners_changed(a: Any, b: Any) -> set[int]:
    """The seeds both runs finished whose winners differ."""
    ga, gb = finished_games(a.games).set_index("seed"), finished_games(b.games).set_index("seed")
    return {s for s in set(ga.index) & set(gb.index) if ga.loc[s, "winners"] != gb.loc[s, "winners"]}


def _in_force(switch: Any, state: Any, options: dict[str, Any]) -> Any:
    """The value ``switch`` has in a game set up with ``options``: the value given, else the
    one the state holds (a game that keeps its switches as a record, with None for unset),
    else the switch's default under the options' ruleset."""
    given = dict(options.get("switches", {}))
    if switch.name in given:
        return given[switch.name]
    held = getattr(getattr(state, "switches", None), switch.name, None)
    return held if held is not None else switch.default_for(str(options.get("ruleset", "")))


def _reached_seeds(results: Any, switch: str) -> set[int]:
    """The seeds of ``results`` in which ``switch``'s situation arose."""
    reach = getattr(results, "reach", None)
    if reach is None or reach.empty:
        return set()
    return set(reach.loc[(reach["switch"] == switch) & (reach["times"] > 0), "seed"])


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

    One row per switch, value and measure: the measures of :func:`paired_games`
    (``winner changed``: the share of games whose winners changed, with its Wilson
    interval; the length in actions, turns and rounds, the points and each category,
    summed over the seats) and ``win_share`` per seat, with the change (switched minus
    default), its 95% interval and ``unchanged``: True when the switch changed no game at
    all (identical frames).  ``reached``: the games in which the switch's situation
    (``Switch.reach``) arose in either run (None: the switch declares none);
    ``winners_changed``: the games whose winners changed; ``changed_unreached``: of
    those, the ones where the situation never arose (0 unless the declared situation
    misses a case the switch decides).  ``switches`` limits
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
    rows = []
    for name in names:
        switch = by_name[name]
        default = _in_force(switch, state, options)
        known = any(default == c and type(default) is type(c) for c in switch.choices)
        for value in switch.choices:
            if known and value == default and type(value) is type(default):
                continue
            flipped = {**options, "switches": {**dict(options.get("switches", {})), name: value}}
            result = simulate(game, bots, games, options=flipped, **run)
            unchanged = _same_play(result, base)
            changed = _winners_changed(result, base)
            reached = _reached_seeds(base, name) | _reached_seeds(result, name) if switch.reach else None
            common = {
                "switch": name,
                "rule": switch.rule,
                "value": value,
                "default": default if known else None,
                "unchanged": unchanged,
                "reached": len(reached) if reached is not None else None,
                "winners_changed": len(changed),
                "changed_unreached": len(changed - reached) if reached is not None else None,
            }
            for row in paired_games(result, base, info.categories).itertuples():
                rows.append(
                    {
                        **common,
                        "measure": row.measure,
                        "seat": None,
                        "change": row.difference,
                        "low": row.low,
                        "high": row.high,
                        "n": row.n,
                    }
                )
            for seat in range(len(bots)):
                row = _paired_rows(result, base, seat)[0]  # the seat's win share
                rows.append(
                    {
                        **common,
                        "measure": "win_share",
                        "seat": seat,
                        "change": row["difference"],
                        "low": row["low"],
                        "high": row["high"],
                        "n": row["n"],
                    }
                )
    return pd.DataFrame(rows, columns=ABLATE_COLUMNS)


# -- verdicts a designer can read: corrected tests, detectable differences, effect sizes --

#: the significance level of the verdicts and the power of the detectable difference
ALPHA, POWER = 0.05, 0.8


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``p_values`` (in their order).

    Sorted ascending, the ``i``-th smallest (from 0) of ``m`` is multiplied by ``m - i``,
    each adjusted value is at least the one before it, and none exceeds 1.  A test whose
    adjusted p-value is below α rejects with the family-wise error rate held at α."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def detectable_difference(n: int, share: float, tests: int = 1, alpha: float = ALPHA, power: float = POWER) -> float:
    """The smallest difference from the fair ``share`` that a group of ``n`` games detects.

    A two-sided test at level ``alpha / tests`` (the strictest step of Holm's correction
    over ``tests`` tests) with ``power``: ``(z(1 - alpha / (2 tests)) + z(power)) *
    sqrt(share (1 - share) / n)``.  With ``n = 300``, ``share = 1/3`` and one test:
    ``(1.95996 + 0.84162) * sqrt(2/9 / 300) = 0.0762``."""
    if n < 1 or not 0 < share < 1 or tests < 1:
        raise ValueError(f"need n >= 1, 0 < share < 1 and tests >= 1, not n={n}, share={share}, tests={tests}")
    z = NormalDist().inv_cdf
    return (z(1 - alpha / (2 * tests)) + z(power)) * math.sqrt(share * (1 - share) / n)


def _constant_by_construction(players: Any, column: str) -> bool:
    """Whether ``column`` is the seat in every row (e.g. a game whose first player is seat 0)."""
    return column != "seat" and bool((players[column] == players["seat"]).all())


def balance_tests(players: Any, by: Sequence[str] = ("seat", "position")) -> Any:
    """Chi-square tests that every seat, and every turn-order position, wins its fair
    share, Holm-corrected over the tests made.

    A row per test: by, groups, games (per group), statistic, dof, p, p_holm, verdict
    ("differ" when p_holm < α, else "no evidence of a difference") and detectable (the
    smallest difference from the fair share a group's games detect, see
    :func:`detectable_difference`, with ``tests`` the number of rows).  The position
    test is left out when the position is the seat in every game (it would repeat the
    seat test); a test without wins is left out."""
    import pandas as pd

    rows: list[dict[str, Any]] = []
    for column in by:
        if _constant_by_construction(players, column):
            continue
        wins = players.groupby(column, sort=True)["win_share"].sum()
        if len(wins) < 2 or wins.sum() <= 0:
            continue
        test = seat_balance(list(wins))
        per_group = int(players.groupby(column).size().min())
        rows.append(
            {
                "by": column,
                "groups": len(wins),
                "games": per_group,
                "statistic": test.statistic,
                "dof": test.dof,
                "p": test.p_value,
            }
        )
    adjusted = holm([r["p"] for r in rows])
    for row, p in zip(rows, adjusted):
        row["p_holm"] = p
        row["verdict"] = "differ" if p < ALPHA else "no evidence of a difference"
        row["detectable"] = detectable_difference(row["games"], 1 / row["groups"], len(rows))
    columns = ["by", "groups", "games", "statistic", "dof", "p", "p_holm", "verdict", "detectable"]
    return pd.DataFrame(rows, columns=columns)


def mean_interval(values: Sequence[float], z: float = Z95) -> Difference:
    """The mean of ``values`` with a normal 95% interval (as a :class:`Difference` from 0)."""
    return paired_difference(list(values), [0.0] * len(values), z)


def neutral_table(results: Any) -> Any:
    """The neutral player (a name on the score sheet with no seat: 1980 Sixtina's
    Gianluigi with two players), a row each: games, ahead (games in which he is above
    every seated player), rate with its Wilson interval, and his mean margin over the best
    seated player with a 95% interval.  Empty when the game has none."""
    import pandas as pd

    columns = ["player", "games", "ahead", "rate", "low", "high", "margin", "margin_low", "margin_high"]
    neutral = getattr(results, "neutral", None)
    if neutral is None or neutral.empty:
        return pd.DataFrame(columns=columns)
    finished = set(finished_games(results.games)["seed"])
    rows = []
    for name, group in neutral[neutral["seed"].isin(finished)].groupby("player"):
        n, ahead = len(group), int(group["ahead"].sum())
        low, high = wilson(ahead, n)
        margin = mean_interval([float(m) for m in group["margin"]]) if n > 1 else Difference(0, 0, 0, n)
        rows.append(
            {
                "player": name,
                "games": n,
                "ahead": ahead,
                "rate": ahead / n,
                "low": low,
                "high": high,
                "margin": margin.mean,
                "margin_low": margin.low,
                "margin_high": margin.high,
            }
        )
    return pd.DataFrame(rows, columns=columns)


def length_table(games: Any) -> Any:
    """The finished games' length in actions, turns and rounds: a row each with games,
    mean, its 95% interval, median, min and max (a measure the game does not count is
    left out, and so is one that is the same in every game, as Lorenzo's 6 rounds: see
    :func:`fixed_lengths`)."""
    import pandas as pd

    done = finished_games(games)
    rows = []
    for measure in ("actions", "turns", "rounds"):
        if measure not in done or done[measure].isna().all() or len(done) < 2 or done[measure].nunique() == 1:
            continue
        values = [float(v) for v in done[measure]]
        d, spread = mean_interval(values), distribution(values)
        rows.append(
            {
                "measure": measure,
                "games": d.n,
                "mean": d.mean,
                "low": d.low,
                "high": d.high,
                "median": spread.median,
                "min": spread.low,
                "max": spread.high,
            }
        )
    return pd.DataFrame(rows, columns=["measure", "games", "mean", "low", "high", "median", "min", "max"])


def fixed_lengths(games: Any) -> dict[str, float]:
    """The length measures (actions, turns, rounds) that are the same in every finished game."""
    done = finished_games(games)
    return {
        m: float(done[m].iloc[0])
        for m in ("actions", "turns", "rounds")
        if m in done and len(done) and not done[m].isna().any() and done[m].nunique() == 1
    }


def separating_categories(players: Any, categories: Sequence[str]) -> Any:
    """Which scoring categories separate the winner from the rest: in each game with one
    winner, the winner's points in the category minus the mean of the other seats'; a row
    per category with the mean difference, its 95% interval, n (games) and effect (the
    mean over the differences' standard deviation), largest effect first.  A category whose
    difference is the same in every game (never scored, or the win itself, as Nim's last
    counter) is left out: it is constant by construction."""
    import pandas as pd

    columns = ["category", "difference", "low", "high", "n", "effect"]
    sole = players.groupby("seed")["win_share"].transform("max") == 1
    played = players[sole]
    rows = []
    for category in categories:
        winner, rest = [], []
        for _, game in played.groupby("seed"):
            won = game["win_share"] == 1
            winner.append(float(game.loc[won, category].iloc[0]))
            rest.append(float(game.loc[~won, category].mean()))
        if len(winner) < 2:
            continue
        d = paired_difference(winner, rest)
        sd = (d.high - d.mean) * math.sqrt(d.n) / Z95
        if sd == 0:  # the same difference in every game (a category never scored, or the win itself): no finding
            continue
        rows.append(
            {
                "category": category,
                "difference": d.mean,
                "low": d.low,
                "high": d.high,
                "n": d.n,
                "effect": d.mean / sd if sd else 0.0,
            }
        )
    table = pd.DataFrame(rows, columns=columns)
    return table.reindex(table["effect"].abs().sort_values(ascending=False).index).reset_index(drop=True)


def paired_games(result_a: Any, result_b: Any, categories: Sequence[str] = ()) -> Any:
    """Two runs paired on the seeds both finished, game by game: a row per measure.

    ``winner changed``: the share of paired games whose winners differ (with its Wilson
    interval; ``a`` and ``b`` empty); then the length (``actions``, ``turns``,
    ``rounds``), ``points`` (the seated players' totals summed) and each of
    ``categories`` (summed over the seats): both means and the paired difference ``a -
    b`` with its 95% interval.  Raises ``ValueError`` with fewer than 2 common seeds."""
    import pandas as pd

    ga = finished_games(result_a.games).set_index("seed")
    gb = finished_games(result_b.games).set_index("seed")
    seeds = sorted(set(ga.index) & set(gb.index))
    if len(seeds) < 2:
        raise ValueError(f"need at least 2 seeds finished in both runs, not {len(seeds)}")
    changed = sum(1 for s in seeds if ga.loc[s, "winners"] != gb.loc[s, "winners"])
    low, high = wilson(changed, len(seeds))
    rows = [
        {
            "measure": "winner changed",
            "a": None,
            "b": None,
            "difference": changed / len(seeds),
            "low": low,
            "high": high,
            "n": len(seeds),
        }
    ]
    sums_a = result_a.players.groupby("seed")[["total", *categories]].sum()
    sums_b = result_b.players.groupby("seed")[["total", *categories]].sum()
    measures = [(m, ga, gb, m) for m in ("actions", "turns", "rounds") if m in ga and not ga[m].isna().any()]
    measures += [("points", sums_a, sums_b, "total")] + [(c, sums_a, sums_b, c) for c in categories]
    for label, fa, fb, column in measures:
        rows.append(_paired_row(label, fa.loc[seeds, column], fb.loc[seeds, column]))
    return pd.DataFrame(rows, columns=["measure", "a", "b", "difference", "low", "high", "n"])


def reach_table(results: Any) -> Any:
    """Each rule switch that declares its situation (``Switch.reach``): a row with the
    switch, when it is tested, the situation, games (in which it arose), times (how often)
    and verdict ("never reached by these bots", or "reached in N of M games").  Empty
    for a game without such switches."""
    import pandas as pd

    columns = ["switch", "when", "situation", "games", "times", "verdict"]
    info = game_info(results.game)
    reach = getattr(results, "reach", None)
    rows = []
    total = len(results.games)
    for switch in info.switches:
        if switch.reach is None:
            continue
        mine = reach[reach["switch"] == switch.name] if reach is not None else reach
        games = int((mine["times"] > 0).sum()) if mine is not None else 0
        times = int(mine["times"].sum()) if mine is not None else 0
        verdict = "never reached by these bots" if games == 0 else f"reached in {games} of {total} games"
        rows.append(
            {
                "switch": switch.name,
                "when": switch.reach.when,
                "situation": switch.reach.situation,
                "games": games,
                "times": times,
                "verdict": verdict,
            }
        )
    return pd.DataFrame(rows, columns=columns)
