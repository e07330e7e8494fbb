"""Variant: Sheets with History."""
from __future__ import annotations

import pytest

from fresco_kit.sixtina import new_game
from fresco_kit.sixtina.actions import ClaimObjective, Restore, Reveal
from fresco_kit.sixtina.state import EMPTY

from .helpers import RWB, D, card_ids, constructed_state, game_of, place_index, random_game
from .helpers import owed

ALMOST = {"repainting": ("correct", "Red"), "solvent_sponge": ("excellent", "Blue"),
          "infrared": ("correct", "Blue"), "laboratory": ("correct", "White")}


def completing(sheet_kind: str, amount: int, **kw):
    """Red completes Creation of Adam (G1); G2 hides a sheet of ``sheet_kind``."""
    sheet = next(i for i, s in enumerate(D.sheets) if s.reward == sheet_kind and s.amount == amount)
    wash = card_ids("washi_paper", 5)
    s = constructed_state(RWB, chapel={"G1": "genesis_4"}, spaces={"G1": ALMOST}, hands={"Red": wash},
                          variant="history", **kw)
    s = s.evolve(sheets=tuple(sheet if p == "G2" else EMPTY for p in D.places))
    game = game_of(s)
    game.play(Restore("G1", "washi_paper", wash, 0))
    game.play("bonus material")
    return game


@pytest.mark.rule("sixtina variant.sheets")
def test_setup_puts_sheets_on_covered_places_only():
    s = new_game(RWB, seed=3, variant="history").state
    assert sorted(x for x in s.sheets if x != EMPTY) == list(range(9))
    assert all((x != EMPTY) == (st == 0) for x, st in zip(s.sheets, s.status))
    s4 = new_game(["A", "B", "C", "D"], seed=3, variant="history").state
    assert sum(x != EMPTY for x in s4.sheets) == 8
    assert all(x == EMPTY for x in new_game(RWB, seed=3).state.sheets)


@pytest.mark.rule("sixtina variant.sheets")
@pytest.mark.parametrize("kind,amount", [("points", 2), ("points", 4), ("cards", 3), ("materials", 2)])
def test_sheet_rewards(kind, amount):
    game = completing(kind, amount)
    before = game.state
    events = game.play(Reveal("G2"))
    after = game.state
    assert after.sheets[place_index("G2")] == EMPTY
    assert any(e.rule.id == "variant.sheets" for e in events)
    if kind == "points":
        assert after.score[0] == before.score[0] + amount
    elif kind == "cards":
        assert len(after.hands[0]) == len(before.hands[0]) + amount
    else:
        assert after.play[0] == before.play[0] + amount


@pytest.mark.rule("sixtina variant.sheets")
def test_sheet_reward_that_cannot_be_received_gives_nothing():
    game = completing("materials", 3, play={"Red": 12})      # 14 - 1 - 12 - 1 (on G1) = 0 left... plus returns
    s = game.state
    supply = list(s.supply)
    play = (s.play[0] + supply[0],) + s.play[1:]
    supply[0] = 0
    s = s.evolve(play=play, supply=tuple(supply))
    game = game_of(s)
    game.play(Reveal("G2"))
    assert game.state.play == s.play
    game = completing("objective", 1)          # Red meets no objective
    events = game.play(Reveal("G2"))
    assert not game.state.pending and any("receives nothing" in e.text for e in events)


@pytest.mark.rule("sixtina variant.sheets")
def test_objective_sheet_lets_the_player_claim():
    kept = card_ids("laboratory", 1, 1, 2, 2, 2)
    game = completing("objective", 1, display={"Red": kept}, objectives=("prudent5", "one5", "cor2"))
    game.play(Reveal("G2"))
    assert game.state.pending == owed(game.state, "claim", 0)
    assert [str(a) for a in game.legal_actions()] == ["claim prudent5"]
    assert [r.id for _, r in game.explain(ClaimObjective("one5")).reasons] == ["obj.one5"]  # the unmet condition
    game.play(ClaimObjective("prudent5"))
    assert game.state.claims[0][0] == 0 and game.state.current == 1


@pytest.mark.rule("sixtina variant.sheets")
def test_random_history_games_finish():
    for seed in range(3):
        assert random_game(3, seed, "history").is_over
