"""Balance metrics for simulated games: win rates with intervals, seat balance, paired differences.

Plain functions over numbers (no pandas needed), checked against hand-computed values
in the tests, and a :func:`seat_table` over the runner's ``players`` frame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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


def seat_table(players: Any) -> Any:
    """Win rate per seat with Wilson 95% intervals, from the runner's ``players`` frame.

    Columns: seat, bot, games, wins (shared wins as fractions), rate, low, high."""
    import pandas as pd

    rows = []
    for (seat, bot), group in players.groupby(["seat", "bot"], sort=True):
        wins, n = float(group["win_share"].sum()), len(group)
        low, high = wilson(wins, n)
        rows.append({"seat": seat, "bot": bot, "games": n, "wins": wins, "rate": wins / n, "low": low, "high": high})
    return pd.DataFrame(rows)
