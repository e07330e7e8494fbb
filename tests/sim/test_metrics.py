"""The metric functions against values computed by hand."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from fresco_kit import game_info
from fresco_kit.sim.metrics import (
    ablate,
    action_use,
    category_shares,
    chi2_sf,
    compare,
    decisiveness,
    distribution,
    drama,
    lengths,
    paired_difference,
    rule_use,
    seat_balance,
    seat_table,
    unused_switches,
    wilson,
    win_table,
)
from fresco_kit.sim.runner import Results, final_margin, lead_changes
from tests.games import kit_games


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


def _results(seeds, shares, totals, lengths):
    games = pd.DataFrame({"seed": seeds, "actions": lengths, "options": "{}"})
    players = pd.DataFrame([
        {"seed": s, "seat": seat, "win_share": share if seat == 0 else 1 - share, "total": t if seat == 0 else 0}
        for s, share, t in zip(seeds, shares, totals) for seat in (0, 1)
    ])
    return Results(games, players)


def test_compare_pairs_the_runs_on_their_common_seeds_by_hand():
    a = _results([1, 2, 3, 9], [1, 1, 0, 1], [10, 12, 8, 99], [50, 60, 70, 1])
    b = _results([3, 2, 1], [0, 0, 0], [7, 9, 7], [70, 50, 40])    # other order; seed 9 not played
    table = compare(a, b, seat=0).set_index("measure")
    assert list(table.index) == ["win_share", "total", "actions"] and (table["n"] == 3).all()
    # win share: differences 1, 1, 0 -> mean 2/3, sd sqrt(1/3), half-width z * sqrt(1/3) / sqrt(3) = z / 3
    win = table.loc["win_share"]
    assert (win["a"], win["b"]) == (pytest.approx(2 / 3), 0)
    assert win["difference"] == pytest.approx(2 / 3)
    assert win["low"] == pytest.approx(2 / 3 - 1.959964 / 3, abs=1e-6)
    # total: differences 3, 3, 1 -> mean 7/3; length: 10, 10, 0 -> mean 20/3
    assert table.loc["total", "difference"] == pytest.approx(7 / 3)
    assert table.loc["actions", "difference"] == pytest.approx(20 / 3)
    assert compare(a, b, seat=1).loc[0, "difference"] == pytest.approx(-2 / 3)      # the other seat mirrors it
    with pytest.raises(ValueError):
        compare(a, _results([9], [0], [0], [0]), seat=0)


def test_ablate_flips_one_switch_and_flags_one_that_changed_nothing():
    table = ablate("fresco", ["kit"] * 4, 4, seed=0, switches=["start_rotation", "final_collision"])
    assert list(table.columns) == ["switch", "rule", "value", "default", "measure", "seat", "change", "low",
                                   "high", "n", "unchanged", "reached", "winners_changed", "changed_unreached"]
    assert set(table["switch"]) == {"start_rotation", "final_collision"}
    assert (table["n"] == 4).all() and (table["value"] != table["default"]).all()
    # one other choice each: winner changed, actions, turns, rounds, points, each category; 4 seats' win share
    categories = game_info("fresco").categories
    assert len(table) == 2 * (5 + len(categories) + 4)
    assert list(table.loc[table["switch"] == "final_collision", "measure"]) == [
        "winner changed", "actions", "turns", "rounds", "points", *categories, *["win_share"] * 4]
    per_switch = table.groupby("switch")["unchanged"].agg(["min", "max"])
    assert (per_switch["min"] == per_switch["max"]).all()       # the flag is per switch value
    flagged = table[table["unchanged"]]
    assert (flagged["change"] == 0).all() and (flagged["low"] == 0).all()
    assert table.loc[table["switch"] == "start_rotation", "unchanged"].all()   # no effect in these 4 games
    assert not table.loc[table["switch"] == "final_collision", "unchanged"].any()
    with pytest.raises(ValueError, match="switch"):
        ablate("fresco", ["kit"] * 4, 4, switches=["no_such_switch"])


@pytest.mark.parametrize("game", [info.name for info in kit_games() if info.switches])
def test_ablate_knows_each_switch_default_and_plays_only_the_others(game):
    """The default column is the value in force (Sixtina keeps its switches as JSON, Lorenzo
    keeps None for an unset switch: both once read as 'default None'), and the default itself
    is not played again as an 'unchanged' row."""
    info = game_info(game)
    switch = info.switches[-1]
    table = ablate(game, ["kit"] * 3, 2, seed=0, switches=[switch.name], workers=1)
    options = {o.name: o.default for o in info.options}
    expected = switch.default_for(str(options.get("ruleset", "")))
    assert expected is not None
    assert set(table["default"]) == {expected}
    assert set(table["value"]) == {c for c in switch.choices if c != expected}


def test_win_table_by_bot_pools_the_seats_a_bot_plays():
    players = pd.DataFrame([
        {"seat": 0, "bot": "kit", "win_share": 1.0}, {"seat": 1, "bot": "kit", "win_share": 0.0},
        {"seat": 2, "bot": "random", "win_share": 0.0},
        {"seat": 0, "bot": "kit", "win_share": 0.5}, {"seat": 1, "bot": "kit", "win_share": 0.0},
        {"seat": 2, "bot": "random", "win_share": 0.5},
    ])
    table = win_table(players, "bot").set_index("bot")
    assert table.loc["kit", "games"] == 4 and table.loc["kit", "wins"] == 1.5       # 4 seat-games, 1.5 wins
    assert table.loc["kit", "rate"] == 0.375 and table.loc["random", "rate"] == 0.25
    assert (table.loc["kit", "low"], table.loc["kit", "high"]) == pytest.approx(wilson(1.5, 4))


@pytest.mark.parametrize("samples, changes", [
    ([{"A": 0, "B": 0}], 0),                                          # a tie has no leader
    ([{"A": 1, "B": 0}, {"A": 2, "B": 2}, {"A": 3, "B": 2}], 0),      # A, tie, A
    ([{"A": 1, "B": 0}, {"A": 2, "B": 2}, {"A": 2, "B": 3}], 1),      # A, tie, B
    ([{"A": 1, "B": 0}, {"A": 1, "B": 2}, {"A": 3, "B": 2}], 2),      # A, B, A
    ([{"A": 0, "B": 0, "C": 0}, {"A": 0, "B": 5, "C": 1}, {"A": 6, "B": 5, "C": 7}, {"A": 9, "B": 5, "C": 7}], 2),
])
def test_lead_changes_count_a_new_sole_leader(samples, changes):
    assert lead_changes(samples) == changes


def test_final_margin_is_the_top_total_minus_the_second():
    assert final_margin([40, 52, 47]) == 5 and final_margin([30, 30, 12]) == 0 and final_margin([9]) == 0


def test_distribution_by_hand():
    d = distribution([3, 1, 4, 1, 5, 9])
    # sorted 1 1 3 4 5 9: mean 23/6, median (3 + 4) / 2
    assert (d.n, d.mean, d.median, d.low, d.high) == (6, pytest.approx(23 / 6), 3.5, 1, 9)
    assert d.counts == {1: 2, 3: 1, 4: 1, 5: 1, 9: 1} and list(d.counts) == [1, 3, 4, 5, 9]
    assert distribution([7, 2, 5]).median == 5
    with pytest.raises(ValueError):
        distribution([])


def test_decisiveness_drama_and_length_leave_out_games_cut_at_the_cap():
    games = pd.DataFrame({
        "seed": [0, 1, 2, 3], "finished": [True, True, True, False],
        "final_margin": [0, 6, 3, 50], "lead_changes": [2, 0, 4, 30], "actions": [100, 120, 110, 999],
    })
    margin, leads, length = decisiveness(games), drama(games), lengths(games)
    assert (margin.n, margin.mean, margin.median, margin.counts[0]) == (3, 3, 3, 1)
    assert (leads.mean, leads.high) == (2, 4) and length.mean == 110


def test_category_shares_by_hand():
    players = pd.DataFrame([
        {"seat": 0, "bot": "kit", "gold": 6, "art": 4, "fines": 0},
        {"seat": 1, "bot": "greedy", "gold": 2, "art": 10, "fines": -2},
        {"seat": 0, "bot": "kit", "gold": 4, "art": 6, "fines": 0},
        {"seat": 1, "bot": "greedy", "gold": 0, "art": 0, "fines": 0},
    ])
    shares = category_shares(players, ["gold", "art", "fines"], by="bot")
    # kit: 10 gold, 10 art of 20 points; greedy: 2 gold, 10 art, -2 fines of 10 points
    assert shares.loc["kit"].tolist() == [0.5, 0.5, 0.0]
    assert shares.loc["greedy"].tolist() == pytest.approx([0.2, 1.0, -0.2])
    assert shares.sum(axis=1).tolist() == pytest.approx([1.0, 1.0])
    assert category_shares(players, ["gold", "art", "fines"], by="seat").loc[1, "art"] == 1.0
    with pytest.raises(ValueError, match="no category 'luck'"):
        category_shares(players, ["gold", "luck"])


def test_action_use_is_each_bots_share_of_its_decisions_by_kind():
    decisions = pd.DataFrame({"bot": ["kit"] * 4 + ["random"] * 2,
                              "kind": ["restore", "restore", "restore", "prepare", "acquire", "prepare"]})
    use = action_use(decisions)
    assert use.loc["kit", "restore"] == 0.75 and use.loc["kit", "prepare"] == 0.25
    assert use.loc["kit", "acquire"] == 0 and use.loc["random"].tolist() == [0.5, 0.5, 0.0]


def test_rule_use_sums_the_games_and_finds_the_switches_never_fired():
    rules = pd.DataFrame([
        {"seed": 0, "rule": "fresco market.buy", "fired": 3, "refused": 0},
        {"seed": 1, "rule": "fresco market.buy", "fired": 2, "refused": 1},
        {"seed": 1, "rule": "fresco bigbox.paints", "fired": 1, "refused": 0},
        {"seed": 0, "rule": "fresco bigbox.rotation", "fired": 0, "refused": 4},
    ])
    table = rule_use(rules)
    assert list(table.index) == ["fresco market.buy", "fresco bigbox.paints", "fresco bigbox.rotation"]
    assert table.loc["fresco market.buy"].tolist() == [5, 1, 2]            # fired, refused, games fired in
    assert table.loc["fresco bigbox.rotation"].tolist() == [0, 4, 0]
    # every fresco switch but unlimited_paints (bigbox.paints fired); refusing is not firing
    assert unused_switches("fresco", rules) == ["start_rotation", "early_end_on_complete", "final_sheet",
                                                "final_collision", "altar_once_per_visit", "bishop_once_per_visit",
                                                "tie_break", "altar_own_primary", "unlimited_coins", "track_behind",
                                                "theater_after_getup"]
