"""``determinize`` reads its state straight from the filled-in view (issue 17 item 7): the
same states as the old route through the view's JSON and the checked loader, on many
seeded positions of every player count and both variants, and each a consistent position
that shows the viewer exactly their view."""

from __future__ import annotations

from typing import Any

import pytest

from fresco_kit.core import Rng
from fresco_kit.sixtina import new_game, rules
from fresco_kit.sixtina.codes import NCARDS, PLACES, D


def through_json(view: Any, rng: Rng) -> Any:
    """The old ``determinize`` (before the direct route): the view's JSON filled in the
    same way, then loaded and checked by ``rules.state_from_dict``."""
    d: dict[str, Any] = view.to_dict()
    del d["viewer"]
    deck_size = d.pop("deck_size")
    known = set(d["discard"])
    for p in d["players"]:
        known.update(p["prudent_cards"])
        known.update(p["hand"] or ())
    unseen = rng.shuffled(sorted(set(range(NCARDS)) - known))
    for p in d["players"]:
        size = p.pop("hand_size")
        if p["hand"] is None:
            p["hand"], unseen = sorted(unseen[:size]), unseen[size:]
    assert len(unseen) == deck_size
    d["deck"] = unseen
    d["rng"] = rng.next64()
    on_table = {place["fresco"] for place in d["places"].values() if place["fresco"] is not None}
    for name in PLACES:
        place = d["places"][name]
        if place["fresco"] is None:
            fresco = rng.choice([f.id for f in D.frescoes if f.deck == D.place_deck[name] and f.id not in on_table])
            on_table.add(fresco)
            place["fresco"] = fresco
            place["spaces"] = {t: None for t, _ in D.fresco_by_id[fresco].techniques}
    return rules.state_from_dict(d)


@pytest.mark.parametrize("n,variant", [(2, "basic"), (3, "history"), (4, "basic"), (4, "history")])
def test_determinize_gives_the_states_the_json_route_gave(n, variant):
    game = new_game(["Red", "White", "Blue", "Yellow"][:n], seed=40 + n, variant=variant)
    state, rng, compared = game.state, Rng(n), 0
    for step in range(600):
        if rules.is_over(state):
            break
        if step % 5 == 0:
            for player in state.players:
                view = state.view(player)
                for k in range(2):
                    direct = rules.determinize(view, Rng(100 * step + k))
                    assert direct == through_json(view, Rng(100 * step + k))
                    assert direct.to_dict() == rules.state_from_dict(direct.to_dict()).to_dict()
                    assert rules.invariants(direct) == [] and direct.view(player) == view
                    compared += 1
        state = rules.apply_fast(state, rules.sample_action(state, rng))
    assert compared >= 100
