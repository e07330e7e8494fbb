"""Stored saves and views of seeded random Sixtina and Fresco games, written from main before
the one-schema change (``python -m tests.core.golden_saves``), so that a change of the state
schema can be checked to keep saves (format v3) and views byte-identical."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fresco_kit.core import Rng, registry

GOLDEN = Path(__file__).resolve().parent / "golden_saves"
GAMES = ("sixtina", "fresco")
STEPS = (0, 7, 30, 120)


def view_json(view: Any) -> Any:
    """A view written as JSON (its record's ``to_dict``)."""
    return view.to_dict() if hasattr(view, "to_dict") else repr(view)


def snapshots(name: str) -> dict[str, Any]:
    """Per player count: the save and each player's view after each of ``STEPS`` random moves."""
    info = registry.game_info(name)
    out: dict[str, Any] = {}
    for count in info.player_counts:
        game = info.new_game(info.players(count), seed=100 + count)
        rng = Rng(count)
        shots = []
        for step in range(max(STEPS) + 1):
            if step in STEPS:
                shots.append({"step": step, "save": game.to_json(),
                              "views": {p: view_json(game.view(p)) for p in game.players}})
            if game.is_over:
                break
            game.play(info.rules.sample_action(game.state, rng))
        out[str(count)] = shots
    return out


def main() -> None:
    """Write the stored snapshots of every game in ``GAMES``."""
    GOLDEN.mkdir(exist_ok=True)
    for name in GAMES:
        (GOLDEN / f"{name}.json").write_text(json.dumps(snapshots(name), indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
