"""The runner: the same seeds give the same frames with one worker or two; the CLI."""

from __future__ import annotations

import pandas.testing as pdt
import pytest

from fresco_kit import game_info, games
from fresco_kit.cli import main
from fresco_kit.core import Rng
from fresco_kit.sim.bots import make_bot
from fresco_kit.sim.runner import simulate, table_pass
from tests.games import apply_fast


@pytest.mark.parametrize("info", games(), ids=lambda i: i.name)
def test_same_seeds_same_frames_with_one_worker_or_two(info):
    n = min(info.player_counts)
    bots = ["random"] + ["kit"] * (n - 1)
    one = simulate(info.name, bots, 6, seed=3, workers=1, progress=False)
    two = simulate(info.name, bots, 6, seed=3, workers=2, progress=False)
    pdt.assert_frame_equal(one.games, two.games)
    pdt.assert_frame_equal(one.players, two.players)
    assert list(one.games["seed"]) == list(range(3, 9)) and one.games["finished"].all()
    assert one.game == info.name
    assert set(info.categories) <= set(one.players.columns)
    per_game = one.players.groupby("seed")
    assert (per_game["win_share"].sum() == 1).all()              # the win is whole, or shared
    assert (per_game["rank"].min() == 1).all()


def test_a_game_cut_at_the_cap_is_reported():
    result = simulate("lorenzo", ["kit", "kit"], 2, max_actions=5, workers=1, progress=False)
    assert not result.games["finished"].any() and (result.games["actions"] == 5).all()
    assert result.players["win_share"].sum() == 0


def test_simulate_command_prints_seat_win_rates_with_intervals(capsys, tmp_path):
    out = tmp_path / "study.csv"
    assert main(["simulate", "sixtina", "--bots", "random,kit,kit", "-n", "6", "--workers", "1",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "1980 Sixtina: 6 games, 3 players, bots random,kit,kit" in text
    assert "95% interval" in text and "seat balance: chi-square" in text and out.exists()


@pytest.mark.parametrize("argv", [["simulate", "sixtina", "--bots", "random,robot"],
                                  ["simulate", "fresco", "--bots", "kit,kit"],
                                  ["simulate", "fresco", "--option", "ruleset=giant"]])
def test_simulate_refuses_bad_bots_counts_and_options_as_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and "usage: fresco-kit" in capsys.readouterr().err


def _drop_time(frame):
    return frame.drop(columns="seconds")


def test_dask_backend_gives_the_process_pool_frames():
    pytest.importorskip("dask.distributed")
    from dask.distributed import Client, LocalCluster

    bots = ["random", "kit", "kit", "kit"]
    one = simulate("fresco", bots, 6, seed=2, workers=1, progress=False)
    own = simulate("fresco", bots, 6, seed=2, workers=2, backend="dask", progress=False)
    with LocalCluster(n_workers=2, processes=False, host="127.0.0.1", protocol="tcp",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        via_client = simulate("fresco", bots, 6, seed=2, client=client, progress=False)
        via_address = simulate("fresco", bots, 6, seed=2, scheduler=cluster.scheduler_address, progress=False)
    for other in (own, via_client, via_address):
        pdt.assert_frame_equal(one.games, other.games)
        pdt.assert_frame_equal(one.players, other.players)
    with pytest.raises(ValueError, match="backend"):
        simulate("fresco", bots, 2, backend="threads", progress=False)


@pytest.mark.parametrize("info", games(), ids=lambda i: i.name)
def test_decision_and_rule_frames_leave_the_games_unchanged(info):
    n = min(info.player_counts)
    bots = ["random"] + ["kit"] * (n - 1)
    plain = simulate(info.name, bots, 3, seed=5, workers=1, progress=False)
    rich = simulate(info.name, bots, 3, seed=5, workers=1, progress=False, decisions=True, rules=True)
    again = simulate(info.name, bots, 3, seed=5, workers=2, progress=False, decisions=True, rules=True)
    assert plain.decisions is None and plain.rules is None
    pdt.assert_frame_equal(plain.games, rich.games)
    pdt.assert_frame_equal(plain.players, rich.players)
    pdt.assert_frame_equal(_drop_time(rich.decisions), _drop_time(again.decisions))
    pdt.assert_frame_equal(rich.rules, again.rules)
    d = rich.decisions
    assert list(d.columns) == ["seed", "step", "player", "bot", "branching", "kind", "seconds"]
    verbs = {cls.VERB for cls in info.rules.ACTIONS}
    assert set(d["kind"]) <= verbs and len(set(d["kind"])) >= min(2, len(verbs))   # the verbs of the moves played
    assert (d.groupby("seed").size() == rich.games.set_index("seed")["actions"]).all()   # a row per decision
    assert (d["branching"] >= 1).all() and (d["seconds"] >= 0).all()
    assert set(d["bot"]) == set(bots)
    r = rich.rules
    assert list(r.columns) == ["seed", "rule", "fired", "refused"] and set(r["seed"]) == {5, 6, 7}
    assert r["fired"].sum() > 0 and r["refused"].sum() > 0
    assert all(rule.startswith(info.name) for rule in r["rule"])          # checklist ids name their game


def test_simulate_command_takes_a_scheduler_address(capsys):
    pytest.importorskip("dask.distributed")
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=1, processes=False, host="127.0.0.1", protocol="tcp",
                      dashboard_address=None) as cluster:
        assert main(["simulate", "sixtina", "-n", "4", "--scheduler", cluster.scheduler_address]) == 0
    assert "1980 Sixtina: 4 games" in capsys.readouterr().out


def scores_move_during_play(info) -> bool:
    """Whether the provisional totals of a seeded random game ever differ before its end (a game
    scored only at its end, as the template game, has no lead to change)."""
    game = info.new_game(info.players(min(info.player_counts)), seed=1)
    rules, state, rng = game.rules, game.state, Rng(1)
    step = apply_fast(rules)
    while not rules.is_over(state):
        if len(set(rules.scores(state).totals.values())) > 1:
            return True
        state = step(state, rules.sample_action(state, rng))
    return False


@pytest.mark.parametrize("info", games(), ids=lambda i: i.name)
def test_margin_and_lead_changes_of_every_game(info):
    n = min(info.player_counts)
    result = simulate(info.name, ["kit"] * n, 8, seed=11, workers=1, progress=False)
    g = result.games.set_index("seed")
    for seed, seats in result.players.groupby("seed"):
        top, second = sorted(seats["total"], reverse=True)[:2]
        assert g.loc[seed, "final_margin"] == top - second
        if g.loc[seed, "final_margin"] > 0:       # a clear winner: rank 1 alone
            assert (seats["rank"] == 1).sum() == 1
    assert (g["lead_changes"] >= 0).all() and (g["lead_changes"].max() > 0) == scores_move_during_play(info)


@pytest.mark.parametrize("info", games(), ids=lambda i: i.name)
def test_the_score_clock_moves_every_pass_of_the_table_not_every_action(info):
    n = min(info.player_counts)
    game = info.new_game(info.players(n), seed=4)
    rules, state, bot, rng = game.rules, game.state, make_bot("kit"), Rng(1)
    step = apply_fast(rules)
    passes, actions = {table_pass(state, n)}, 0
    while not rules.is_over(state):
        state = step(state, bot.choose(rules, state, rules.actor(state)[0], rng))
        passes.add(table_pass(state, n))
        actions += 1
    # sampled often enough to see the lead change, yet cheaply: each pass takes every player's turn
    assert 5 <= len(passes) <= actions / n + 1


def test_players_carry_their_turn_order_position():
    results = simulate("lorenzo", ["kit"] * 3, 6, seed=2, workers=1)
    for _, game in results.players.groupby("seed"):
        assert sorted(game["position"]) == [0, 1, 2]
    first = results.players[results.players["position"] == 0]
    for seed, player in zip(first["seed"], first["player"]):
        game = game_info("lorenzo").new_game(["Red", "White", "Blue"], seed=int(seed))
        assert game.actor()[0] == player          # position 0 is whoever acts first
    assert not (results.players["position"] == results.players["seat"]).all()   # the order is drawn
