"""The designer's verdicts against values computed by hand: Holm, detectable difference,
the position verdict, the neutral player, length, separating categories, winner changed, reach."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from fresco_kit import game_info
from fresco_kit.sim.metrics import (
    ablate,
    balance_tests,
    detectable_difference,
    fixed_lengths,
    holm,
    length_table,
    neutral_table,
    paired_games,
    reach_table,
    separating_categories,
)
from fresco_kit.sim.runner import Results, simulate


def test_holm_by_hand():
    # sorted 0.01, 0.02, 0.04 of three tests: 3 * 0.01 = 0.03, 2 * 0.02 = 0.04, 1 * 0.04 = 0.04
    assert holm([0.04, 0.01, 0.02]) == pytest.approx([0.04, 0.03, 0.04])
    # monotone: 2 * 0.02 = 0.04, then 1 * 0.03 = 0.03 is raised to the 0.04 before it
    assert holm([0.02, 0.03]) == pytest.approx([0.04, 0.04])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])               # capped at 1
    assert holm([]) == []


def test_detectable_difference_by_hand():
    # (z(0.975) + z(0.8)) * sqrt((1/3)(2/3) / 300) = (1.959964 + 0.841621) * 0.0272166 = 0.076249
    assert detectable_difference(300, 1 / 3) == pytest.approx(0.076249, abs=1e-6)
    # two tests: z(1 - 0.05/4) = 2.241403; (2.241403 + 0.841621) * sqrt(0.25 / 100) = 0.154151
    assert detectable_difference(100, 0.5, tests=2) == pytest.approx(0.154151, abs=1e-6)
    with pytest.raises(ValueError):
        detectable_difference(0, 0.5)


def _players(rows):
    return pd.DataFrame([{"seed": s, "seat": seat, "position": pos, "bot": "kit", "win_share": w}
                         for s, seat, pos, w in rows])


def test_the_position_verdict_by_hand():
    # 64 two-player games; seat 0 wins 32 (balanced); position 0 (first to act) wins 48
    rows = []
    for s in range(64):
        first = s % 2                       # seat that acts first alternates
        winner_position = 0 if s < 48 else 1
        for seat in (0, 1):
            position = 0 if seat == first else 1
            rows.append((s, seat, position, 1.0 if position == winner_position else 0.0))
    table = balance_tests(_players(rows)).set_index("by")
    seat_wins = _players(rows).groupby("seat")["win_share"].sum().tolist()
    assert seat_wins == [32, 32]
    # position: wins 48 / 16, expected 32 each: (256 + 256) / 32 = 16 on 1 dof; p = erfc(sqrt(16 / 2))
    assert table.loc["position", "statistic"] == pytest.approx(16.0)
    p_position = math.erfc(math.sqrt(8))
    assert table.loc["position", "p"] == pytest.approx(p_position)
    assert table.loc["seat", "p"] == 1.0
    # Holm over 2 tests: 2 * p_position for the smallest, then max(that, 1.0) = 1.0
    assert table.loc["position", "p_holm"] == pytest.approx(2 * p_position)
    assert table.loc["seat", "p_holm"] == 1.0
    assert table.loc["position", "verdict"] == "differ" and table.loc["seat", "verdict"].startswith("no evidence")
    # 64 games per group, share 1/2, two tests: (2.241403 + 0.841621) * sqrt(0.25 / 64) = 0.192689
    assert table.loc["seat", "detectable"] == pytest.approx(0.192689, abs=1e-6)


def test_a_position_that_is_the_seat_is_not_tested_twice():
    rows = [(s, seat, seat, 1.0 if seat == s % 2 else 0.0) for s in range(10) for seat in (0, 1)]
    table = balance_tests(_players(rows))
    assert list(table["by"]) == ["seat"]
    assert table.loc[0, "detectable"] == pytest.approx(detectable_difference(10, 0.5, 1))


def test_neutral_player_row_by_hand():
    games = pd.DataFrame({"seed": [0, 1, 2, 3], "finished": [True, True, True, False]})
    neutral = pd.DataFrame({"seed": [0, 1, 2, 3], "player": "Gianluigi", "total": [30, 20, 50, 99], "rank": [1, 3, 1, 1],
                            "ahead": [True, False, True, True], "margin": [4, -6, 8, 99]})
    table = neutral_table(Results(games, pd.DataFrame(), game="sixtina", neutral=neutral))
    row = table.iloc[0]
    assert (row["player"], row["games"], row["ahead"]) == ("Gianluigi", 3, 2)        # the cut game is left out
    # margins 4, -6, 8: mean 2, sd sqrt(((2)^2 + 8^2 + 6^2) / 2) = sqrt(52); half z * sqrt(52/3)
    assert row["margin"] == pytest.approx(2.0)
    assert row["margin_high"] == pytest.approx(2 + 1.959964 * math.sqrt(52 / 3), abs=1e-5)


def test_two_player_sixtina_names_gianluigi():
    result = simulate("sixtina", ["kit", "kit"], 4, workers=1, progress=False)
    assert set(result.neutral["player"]) == {"Gianluigi"} and len(result.neutral) == 4
    assert neutral_table(result).loc[0, "games"] == 4
    with_him = result.games["final_margin_all"] >= 0
    assert with_him.all() and (result.games["lead_changes_all"] >= 0).all()
    assert simulate("sixtina", ["kit"] * 3, 2, workers=1, progress=False).neutral.empty


def test_length_table_by_hand():
    games = pd.DataFrame({"seed": [0, 1, 2], "finished": True, "actions": [10, 20, 30], "turns": [4, 6, 8],
                          "rounds": [2, 2, 2]})
    table = length_table(games).set_index("measure")
    assert list(table.index) == ["actions", "turns"]                  # 2 rounds in every game: no row
    assert table.loc["actions", "mean"] == 20 and table.loc["turns", "median"] == 6
    assert table.loc["actions", "high"] == pytest.approx(20 + 1.959964 * 10 / math.sqrt(3), abs=1e-5)
    assert fixed_lengths(games) == {"rounds": 2}


def test_separating_categories_by_hand():
    players = pd.DataFrame([
        # game 0: A wins; art 10 vs mean(2, 4) = 3 -> +7; gold 1 vs mean(5, 3) = 4 -> -3
        {"seed": 0, "win_share": 1.0, "art": 10, "gold": 1}, {"seed": 0, "win_share": 0.0, "art": 2, "gold": 5},
        {"seed": 0, "win_share": 0.0, "art": 4, "gold": 3},
        # game 1: art 8 vs 3 -> +5; gold 2 vs 2 -> 0
        {"seed": 1, "win_share": 0.0, "art": 3, "gold": 2}, {"seed": 1, "win_share": 1.0, "art": 8, "gold": 2},
        {"seed": 1, "win_share": 0.0, "art": 3, "gold": 2},
        # game 2: a shared win, left out
        {"seed": 2, "win_share": 0.5, "art": 0, "gold": 9}, {"seed": 2, "win_share": 0.5, "art": 0, "gold": 9},
        {"seed": 2, "win_share": 0.0, "art": 0, "gold": 0},
    ])
    table = separating_categories(players.assign(fines=0), ["gold", "art", "fines"]).set_index("category")
    assert list(table.index) == ["art", "gold"]   # art separates more (effect 6 / sqrt 2); fines, never scored, left out
    assert table.loc["art", "difference"] == 6 and table.loc["art", "n"] == 2
    assert table.loc["art", "effect"] == pytest.approx(6 / math.sqrt(2))
    assert table.loc["gold", "difference"] == -1.5


def _run(winners, actions, totals):
    seeds = list(range(len(winners)))
    games = pd.DataFrame({"seed": seeds, "finished": True, "winners": winners, "actions": actions})
    players = pd.DataFrame([{"seed": s, "seat": 0, "total": t, "art": t} for s, t in zip(seeds, totals)])
    return Results(games, players)


def test_paired_games_winner_changed_share_by_hand():
    a = _run(["Red", "Blue", "Red", "Red"], [10, 12, 14, 16], [5, 6, 7, 8])
    b = _run(["Red", "Red", "Red", "Blue"], [10, 10, 10, 10], [5, 6, 7, 8])
    table = paired_games(a, b, ["art"]).set_index("measure")
    assert list(table.index) == ["winner changed", "actions", "points", "art"]
    assert table.loc["winner changed", "difference"] == 0.5 and table.loc["winner changed", "n"] == 4
    # Wilson(2, 4): centre (0.5 + z^2/8) / (1 + z^2/4) = 0.5, half z sqrt(1/16 + z^2/64) / (1 + z^2/4)
    z = 1.959963984540054
    half = z * math.sqrt(1 / 16 + z * z / 64) / (1 + z * z / 4)
    assert table.loc["winner changed", "low"] == pytest.approx(0.5 - half)
    assert table.loc["actions", "difference"] == 3                     # 0, 2, 4, 6
    assert table.loc["points", "difference"] == 0 and table.loc["art", "difference"] == 0


def test_reach_table_by_hand():
    info = game_info("lorenzo")
    games = pd.DataFrame({"seed": [0, 1, 2]})
    reach = pd.DataFrame([{"seed": s, "switch": sw.name, "times": (2 if sw.name == "win_tie_break" and s == 1 else 0)}
                          for s in range(3) for sw in info.switches])
    table = reach_table(Results(games, pd.DataFrame(), game="lorenzo", reach=reach)).set_index("switch")
    assert table.loc["win_tie_break", "verdict"] == "reached in 1 of 3 games"
    assert (table.loc["win_tie_break", "games"], table.loc["win_tie_break", "times"]) == (1, 2)
    assert table.loc["servants_in_pairs", "verdict"] == "never reached by these bots"
    assert table.loc["win_tie_break", "when"] == "end"


def test_the_runner_counts_reach_as_the_frames_tell():
    result = simulate("lorenzo", ["kit"] * 3, 12, workers=1, progress=False)
    by = result.reach.pivot(index="seed", columns="switch", values="times")
    assert (by["initial_order"] == 1).all()                            # set at every setup
    totals = result.players.pivot(index="seed", columns="seat", values="total")
    ties = (totals.eq(totals.max(axis=1), axis=0).sum(axis=1) > 1).astype(int)
    assert by["win_tie_break"].tolist() == ties.tolist()               # the tie at the top, read from the totals
    fresco = simulate("fresco", ["kit"] * 3, 4, workers=1, progress=False)
    final = fresco.reach[fresco.reach["switch"] == "final_sheet"]
    assert final["times"].tolist() == fresco.games["finished"].astype(int).tolist()


def test_ablate_counts_winners_changed_and_reach():
    table = ablate("lorenzo", ["kit"] * 3, 30, seed=0, switches=["win_tie_break"])
    changed = table[(table["measure"] == "winner changed") & (table["value"] == "shared")].iloc[0]
    runs = [simulate("lorenzo", ["kit"] * 3, 30, workers=1, progress=False, options=o)
            for o in ({}, {"switches": {"win_tie_break": "shared"}})]
    tied = set().union(*(set(r.reach.query("switch == 'win_tie_break' and times > 0")["seed"]) for r in runs))
    differ = {s for s in range(30) if runs[0].games.loc[s, "winners"] != runs[1].games.loc[s, "winners"]}
    assert differ and changed["reached"] == len(tied) and changed["winners_changed"] == len(differ)
    assert changed["change"] == pytest.approx(len(differ) / 30)
    assert changed["changed_unreached"] == len(differ - tied) == 0     # a tie-break changes only tied games
