"""The metric functions against values computed by hand."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from fresco_kit.sim.metrics import chi2_sf, paired_difference, seat_balance, seat_table, wilson


def test_wilson_interval_by_hand():
    # p = 0.5, n = 10: centre (0.5 + z^2/20) / (1 + z^2/10) = 0.5; half-width
    # z * sqrt(0.025 + z^2/400) / (1 + z^2/10) = 0.263407
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.236593, abs=1e-6) and high == pytest.approx(0.763407, abs=1e-6)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(2.5, 5) == pytest.approx(wilson(5, 10), abs=0.2)      # shared wins count as fractions
    for bad in ((11, 10), (-1, 10), (0, 0)):
        with pytest.raises(ValueError):
            wilson(*bad)


@pytest.mark.parametrize("x, dof", [(3.841458820694124, 1), (5.991464547107979, 2), (7.814727903251178, 3),
                                    (9.487729036781154, 4), (11.070497693516351, 5)])
def test_chi_square_tail_matches_the_tables_at_five_percent(x, dof):
    assert chi2_sf(x, dof) == pytest.approx(0.05, abs=1e-9)


def test_seat_balance_by_hand():
    # wins 30 / 20 / 10: expected 20 each; (100 + 0 + 100) / 20 = 10 on 2 degrees of freedom; p = e^-5
    test = seat_balance([30, 20, 10])
    assert (test.statistic, test.dof) == (10.0, 2) and test.p_value == pytest.approx(math.exp(-5))
    assert seat_balance([10, 10, 10]).p_value == 1.0


def test_paired_difference_by_hand():
    # differences 2, 3, 4: mean 3, sample sd 1, half-width 1.959964 / sqrt(3) = 1.131586
    d = paired_difference([3, 5, 7], [1, 2, 3])
    assert (d.mean, d.n) == (3, 3)
    assert d.low == pytest.approx(3 - 1.131586, abs=1e-6) and d.high == pytest.approx(3 + 1.131586, abs=1e-6)
    with pytest.raises(ValueError):
        paired_difference([1, 2], [1])


def test_seat_table_counts_shared_wins_as_fractions():
    players = pd.DataFrame([
        {"seat": 0, "bot": "kit", "win_share": 1.0}, {"seat": 1, "bot": "random", "win_share": 0.0},
        {"seat": 0, "bot": "kit", "win_share": 0.5}, {"seat": 1, "bot": "random", "win_share": 0.5},
    ])
    table = seat_table(players)
    assert list(table["wins"]) == [1.5, 0.5] and list(table["games"]) == [2, 2]
    assert list(table["rate"]) == [0.75, 0.25] and (table["low"] <= table["rate"]).all()
