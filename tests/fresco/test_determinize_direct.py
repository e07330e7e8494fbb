"""``determinize`` reads its state straight from the filled-in view (issue 17 item 7): the
same states as the old route through the view's JSON and the checked loader, on many
seeded positions of both rulesets, and each a consistent position that shows the viewer
exactly their view."""

from __future__ import annotations

from typing import Any

import pytest

from fresco_kit.core import Rng
from fresco_kit.fresco import data, rules
from fresco_kit.fresco.bots import _split
from fresco_kit.fresco.planning import all_counts
from fresco_kit.fresco.rulesets import switches_for

from .test_engine_contract import positions


def through_json(view: Any, rng: Rng) -> Any:
    """The old ``determinize`` (before the direct route): the view's JSON filled in the
    same way, then loaded and checked by ``rules.state_from_dict``."""
    given = view.to_dict()
    del given["viewer"], given["to_move"]
    given["rng"] = rng.next64()
    players = given["players"]
    mine = next(p for p in view.players if p.name == view.viewer)
    hidden = [k for k, p in enumerate(view.players) if p.name != view.viewer]
    coins = _split(data.COINS - view.bank - mine.thalers, len(hidden), rng)
    paints_left = [
        total + paper - supply - held
        for total, paper, supply, held in zip(
            data.PAINT_COUNTS, view.paper.counts(), view.supply.counts(), mine.paints.counts()
        )
    ]
    shares = [_split(left, len(hidden), rng) for left in paints_left]
    sheet = data.SHEETS[switches_for(view.ruleset, view.switches).final_sheet if view.final else "side1"]
    for j, k in enumerate(hidden):
        p, shown = players[k], view.players[k]
        p["thalers"] = coins[j]
        p["paints"] = dict(zip(data.COLOURS, (share[j] for share in shares)))
        if shown.planned and shown.plan is None:
            p["plan"] = list(rng.choice(all_counts(len(sheet), data.OWN_APPRENTICES + shown.helper)))
    for p in players:
        del p["planned"]
    return rules.state_from_dict(given, "view")


@pytest.mark.parametrize(("ruleset", "n"), [("base", 3), ("bigbox", 3), ("base", 4), ("bigbox", 4)])
def test_determinize_gives_the_states_the_json_route_gave(ruleset, n):
    compared = 0
    for i, s in enumerate(positions(5 + n, ruleset, n)):
        if i % 7:
            continue
        for player in s.names:
            view = s.view(player)
            for k in range(2):
                direct = rules.determinize(view, Rng(1000 * i + k))
                assert direct == through_json(view, Rng(1000 * i + k))
                assert direct.to_dict() == rules.state_from_dict(direct.to_dict()).to_dict()
                assert rules.invariants(direct) == [] and direct.view(player) == view
                compared += 1
    assert compared >= 100
