"""The ladder: line-ups, openskill ratings, the table, the CLI and the review's quote."""

from __future__ import annotations

import pandas as pd
import pandas.testing as pdt
import pytest

from fresco_kit.cli import main
from fresco_kit.sim.ladder import COLUMNS, ladder, lineups, rate


def test_lineups_choose_distinct_bots_and_rotate_them():
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]
    assert len(lineups(["random", "kit", "greedy", "mcts:25", "best"], 3)) == 10 * 3
    with pytest.raises(ValueError, match="at least 3 bots"):
        lineups(["a", "b"], 3)
    with pytest.raises(ValueError, match="once"):
        lineups(["a", "a", "b"], 2)


def test_a_head_to_head_is_one_line_up_rotated():
    """A bot named twice in a line-up of exactly the seats: that line-up, rotated."""
    assert lineups(["best", "kit", "kit"], 3) == [("best", "kit", "kit"), ("kit", "kit", "best"), ("kit", "best", "kit")]
    assert lineups(["a", "a"], 2) == [("a", "a")]
    with pytest.raises(ValueError, match="once"):
        lineups(["best", "kit", "kit"], 4)
    result = ladder("lorenzo", ["kit", "random", "random"], 6, players=3, workers=1)
    table = result.table.set_index("bot")
    assert sorted(table.index) == ["kit", "random"]
    assert table.loc["kit", "games"] == 6 and table.loc["random", "games"] == 12  # two random seats a game
    assert table["wins"].sum() == pytest.approx(6) and table.loc["kit", "fair"] == pytest.approx(1 / 3)
    assert sorted(result.players.loc[result.players["bot"] == "kit", "seat"]) == [0, 0, 1, 1, 2, 2]


def test_ratings_follow_openskill_game_by_game():
    from openskill.models import PlackettLuce

    players = pd.DataFrame([
        {"seed": 0, "lineup": 0, "seat": 0, "bot": "a", "rank": 1},
        {"seed": 0, "lineup": 0, "seat": 1, "bot": "b", "rank": 2},
        {"seed": 0, "lineup": 1, "seat": 0, "bot": "b", "rank": 1},
        {"seed": 0, "lineup": 1, "seat": 1, "bot": "a", "rank": 1},    # a tie shares the rank
    ])
    model = PlackettLuce()
    a, b = model.rating(name="a"), model.rating(name="b")
    [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2])
    [[b], [a]] = model.rate([[b], [a]], ranks=[1, 1])
    ratings = rate(players, ["a", "b"])
    assert (ratings["a"].mu, ratings["a"].sigma) == (pytest.approx(a.mu), pytest.approx(a.sigma))
    assert ratings["b"].mu == pytest.approx(b.mu) and ratings["a"].mu > 25 > ratings["b"].mu


def test_a_ladder_is_the_same_with_one_worker_or_two_and_ranks_kit_above_random():
    one = ladder("lorenzo", ["random", "kit"], 8, players=2, workers=1)
    two = ladder("lorenzo", ["random", "kit"], 8, players=2, workers=2)
    pdt.assert_frame_equal(one.table.drop(columns=["ms_median", "ms_p95"]), two.table.drop(columns=["ms_median", "ms_p95"]))
    assert list(one.table.columns) == COLUMNS and one.seats == 2
    assert (one.table["games"] == 8).all()               # 2 line-ups of 4 games: every bot plays every game
    table = one.table.set_index("bot")
    assert table["wins"].sum() == 8 and table.loc["kit", "rate"] == table.loc["kit", "wins"] / 8
    assert (table["ms_median"] >= 0).all() and (table["ms_p95"] >= table["ms_median"]).all()
    assert set(one.games["bots"]) == {"random,kit", "kit,random"}


def test_ladder_command_writes_a_csv_that_review_quotes(tmp_path, capsys):
    out = tmp_path / "ladder.csv"
    assert main(["ladder", "lorenzo", "--bots", "random,kit", "-n", "4", "--players", "2", "--workers", "1",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Lorenzo il Magnifico ladder: 4 games of 2 players" in text and f"wrote {out}" in text
    table = pd.read_csv(out).set_index("bot")
    assert main(["simulate", "lorenzo", "--bots", "kit,random", "-n", "2", "--workers", "1", "--ladder", str(out)]) == 0
    quoted = capsys.readouterr().out
    assert f"kit {table.loc['kit', 'rating']:.1f} ± {table.loc['kit', 'sigma']:.1f}" in quoted
    with pytest.raises(SystemExit) as stop:
        main(["ladder", "lorenzo", "--bots", "random", "--players", "2", "-n", "2"])
    assert stop.value.code == 2 and "at least 2 bots" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "lorenzo", "-n", "2", "--ladder", str(tmp_path / "nothing.csv")])
    assert stop.value.code == 2


def test_decision_cpu_times_every_decision_of_each_bot(capsys):
    """Two games, the line-up rotated: every decision of each bot is timed, once."""
    from fresco_kit.sim.ladder import decision_cpu
    from fresco_kit.sim.ladder import main as cpu_main

    table = decision_cpu("lorenzo", ["kit", "random", "random"], 2, seed=5).set_index("bot")
    assert sorted(table.index) == ["kit", "random"]
    assert table.loc["kit", "decisions"] > 0 and table.loc["random", "decisions"] > table.loc["kit", "decisions"]
    assert ((table["ms_p95"] >= table["ms_median"]) & (table["ms_median"] >= 0)).all()
    assert cpu_main(["lorenzo", "--bots", "kit,random", "-n", "1"]) == 0
    assert "CPU ms a decision" in capsys.readouterr().out
