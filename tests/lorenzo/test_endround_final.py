"""Fine del turno e punteggio finale: end of round and the final score sheet."""
from __future__ import annotations

import pytest

from fresco_kit.lorenzo.final import final_scores

from .helpers import P2, P3, game_at, position


def _last_turn(**kw):
    st = position(P2, home={"Red": [], "Blue": ["white"]}, order=["Red", "Blue"], turn=-1,
                  dice={"white": 1}, **kw)
    return game_at(st)


@pytest.mark.rule("lorenzo endround.cards", "lorenzo endround.members")
def test_end_of_round_discards_cards_and_members_return():
    g = _last_turn(towers={"territory": [1, 2, None, 4]})
    left = [c for row in g.state.towers.values() for c in row if c is not None]
    g.play("place Blue white territory-1")
    assert set(left) - {1} <= set(g.state.discarded)
    assert g.state.round == 2 and not g.state.occupants
    assert all(p.home == ("white", "black", "orange", "neutral") for p in g.state.players)
    assert all(c not in g.state.discarded for row in g.state.towers.values() for c in row)


@pytest.mark.rule("lorenzo endround.order")
def test_nobody_in_council_keeps_the_order():
    g = _last_turn()
    g.play("place Blue white market-1")
    assert g.state.order == ("Red", "Blue")
    g = _last_turn()
    g.play("place Blue white council")
    g.play("choose Blue coins")
    assert g.state.order == ("Blue", "Red")


@pytest.mark.rule("lorenzo final.ventures", "lorenzo final.total")
def test_final_sheet_sums_the_six_items_and_penalties():
    st = position(P3, tiles=(1, 8, 18), excomms={"White": [18]},
                  cards={"Red": [73, 77, 96, 1, 2, 3], "White": [49, 50, 51], "Blue": []},
                  res={"Red": {"vp": 10, "military": 4}, "White": {"vp": 25, "military": 4},
                       "Blue": {"vp": 3, "military": 1, "coins": 20}})
    sheet = final_scores(st)
    red, white, blue = (sheet.rows[n] for n in P3)
    assert red["Ventures"] == 4 + 5 + 10 and red["Territories"] == 1 and red["Military"] == 5
    assert white["Characters"] == 6 and white["Military"] == 5 and white["Excommunications"] == -5
    assert blue["Military"] == 0 and blue["Resources"] == (2 + 2 + 3 + 20) // 5
    assert sheet.totals["Red"] == 10 + 1 + 0 + 19 + 5 + 12 // 5
    assert list(sheet.categories) == ["VP during the game", "Territories", "Characters", "Ventures", "Military",
                                      "Resources", "Excommunications"]


@pytest.mark.rule("lorenzo final.winner")
def test_most_vp_wins_and_tie_reading():
    tie = {"res": {"Red": {"vp": 10}, "White": {"vp": 12}, "Blue": {"vp": 12}}, "order": ["Blue", "White", "Red"],
           "over": True}
    sheet = final_scores(position(P3, **tie))
    assert sheet.winners == ["Blue"] and "turn order" in sheet.notes[0]
    shared = final_scores(position(P3, options={"switches": {"win_tie_break": "shared"}}, **tie))
    assert shared.winners == ["Blue", "White"] and "share the victory" in shared.notes[0]
    st = position(P3, res={"Red": {"vp": 40}}, over=True)
    assert final_scores(st).winners == ["Red"]


@pytest.mark.rule("lorenzo final.winner")
def test_sheet_is_provisional_with_no_winner_while_the_game_runs():
    st = position(P3, res={"Red": {"vp": 7}, "White": {"vp": 7}})
    sheet = final_scores(st)
    assert sheet.winners == [] and sheet.notes == ["provisional: the game is not over"]
    assert "Winner" not in sheet.to_text() and "turn order" not in sheet.to_text()
    done = position(P3, res={"Red": {"vp": 7}, "White": {"vp": 7}}, over=True)
    assert final_scores(done).winners == ["Red"] and final_scores(done).rows == sheet.rows
