"""Exit codes of the fresco-kit command: 2 with the usage line for what the user typed
wrong, 1 with the message (and the seed) for a failure during a run."""

from __future__ import annotations

import pytest

import fresco_kit
from fresco_kit import cli
from fresco_kit.sim import runner  # the CLI imports simulate from it when a study runs

GAME = fresco_kit.games()[0]


def test_a_bad_bot_is_a_usage_error_before_any_game_is_played(capsys, monkeypatch):
    played = []
    monkeypatch.setattr(runner, "simulate", lambda *a, **k: played.append(1))
    with pytest.raises(SystemExit) as exit_:
        cli.main(["simulate", GAME.name, "-n", "2", "--bots", "nobody," * (GAME.bench_players - 1) + "nobody"])
    assert exit_.value.code == 2 and not played
    err = capsys.readouterr().err
    assert "usage: fresco-kit simulate" in err and "nobody" in err


def test_an_error_during_a_run_exits_1_with_its_message_and_seed(capsys, monkeypatch):
    def breaks(*args, **kwargs):
        raise RuntimeError("game 7 did not end within 100000 actions")

    monkeypatch.setattr(runner, "simulate", breaks)
    code = cli.main(["simulate", GAME.name, "-n", "2", "--seed", "5"])
    err = capsys.readouterr().err
    assert code == 1
    assert "FAILED: game 7 did not end" in err and "--seed 5" in err and "usage:" not in err


def test_a_value_error_during_a_run_is_not_reported_as_usage(capsys, monkeypatch):
    monkeypatch.setattr(runner, "simulate", lambda *a, **k: (_ for _ in ()).throw(ValueError("bad state in game 3")))
    assert cli.main(["simulate", GAME.name, "-n", "2"]) == 1
    assert "usage:" not in capsys.readouterr().err
