"""Stored saves and views of seeded random Sixtina and Fresco games, written from main before
the one-schema change (``python -m tests.core.golden_saves``), so that a change of the state
schema can be checked to keep saves and views byte-identical.

The stored saves are format v3.  The kit now writes v4, which differs from v3 in two things
only (:func:`as_version_4`): the format number, and Fresco's restoration texts, whose squares
count from 1 as the board shows them (v3 ``restore Red 0,2 bishop 1,2`` is v4 ``restore Red
1,3 bishop 2,3``, the same move)."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fresco_kit.core import Rng, registry

GOLDEN = Path(__file__).resolve().parent / "golden_saves"
GAMES = ("sixtina", "fresco")
STEPS = (0, 7, 30, 120)


#: a restoration as a v3 save writes it: the segment, then the bishop's square if moved
V3_RESTORE = re.compile(r"(restore \S+ )([0-9]),([0-9])(?:( bishop )([0-9]),([0-9]))?((?: track \S+)?)")


def v4_action(text: str) -> str:
    """A Fresco action text of a v3 save as v4 writes it: a restoration's squares + 1 (row and
    column), any other action unchanged."""
    if not text.startswith("restore "):
        return text
    found = V3_RESTORE.fullmatch(text)
    assert found, f"not a v3 restoration: {text!r}"
    head, row, col, label, brow, bcol, tail = found.groups()
    bishop = f"{label}{int(brow) + 1},{int(bcol) + 1}" if label else ""
    return f"{head}{int(row) + 1},{int(col) + 1}{bishop}{tail}"


def as_version_4(save: str) -> str:
    """The v4 text of a stored v3 save (as ``Game.to_json`` writes it: keys sorted, no
    indent): ``version`` 4, and each Fresco restoration's squares counted from 1; nothing
    else changes.  Written here from the format's definition, not with the kit's own
    ``upgrade_action``, so the test checks the kit against it."""
    data = json.loads(save)
    assert data["version"] == 3 and json.dumps(data, sort_keys=True) == save  # the stored form
    if data["game"] == "fresco":
        data["actions"] = [v4_action(text) for text in data["actions"]]
    return json.dumps({**data, "version": 4}, sort_keys=True)


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
