"""Pure scoring functions (Fresco rulebook: bishop's bonus, altar, End of the Game)."""
from __future__ import annotations

import pytest

from fresco_kit.core import RuleError
from fresco_kit.fresco import board
from fresco_kit.fresco.scoring import altar_points, bishop_bonus, money_points


@pytest.mark.rule("fresco cath.bishop_bonus")
def test_bishop_bonus_on_beside_and_far():
    assert bishop_bonus((3, 3), (3, 3)) == 3
    for sq in [(2, 2), (2, 3), (2, 4), (3, 2), (3, 4), (4, 2), (4, 3), (4, 4)]:
        assert bishop_bonus((3, 3), sq) == 2        # diagonals count too
    assert bishop_bonus((3, 3), (1, 3)) == 0 and bishop_bonus((1, 1), (5, 5)) == 0
    assert bishop_bonus((1, 1), (2, 2)) == 2 and bishop_bonus((1, 5), (1, 4)) == 2
    for off in ((6, 1), (0, 1), (1, 0)):             # rows and columns count from 1 to 5
        with pytest.raises(ValueError, match="rows and columns 1-5"):
            bishop_bonus(off, (1, 1))


def test_the_grid_graph_is_the_one_source_of_adjacency():
    assert board.square(0) == (1, 1) and board.index((3, 3)) == board.CENTRE_INDEX == 12  # counted from 1
    assert [board.square(board.index(sq)) for sq in board.SQUARES] == list(board.SQUARES)
    g = board.fresco_graph()
    assert g.number_of_nodes() == 25 and g.degree((3, 3)) == 8 and g.degree((1, 1)) == 3
    for sq in board.SQUARES:
        assert {board.square(n) for n in board.neighbours()[board.index(sq)]} == set(g.neighbors(sq))


@pytest.mark.rule("fresco altar.basic")
def test_altar_basic_with_substitutes():
    assert altar_points(["yellow", "red", "blue"]) == 2
    assert altar_points(["blue", "yellow", "red"]) == 2
    assert altar_points(["yellow", "red", "green"]) == 3
    assert altar_points(["orange", "orange", "blue"]) == 4
    assert altar_points(["purple", "purple", "purple"]) == 5
    assert altar_points(["orange", "orange", "green"]) == 5
    for bad in (["yellow", "yellow", "red"], ["yellow", "red"], ["yellow", "red", "blue", "blue"], []):
        with pytest.raises(RuleError) as err:
            altar_points(bad)
        assert err.value.rule.checklist_id == "fresco altar.basic"
    with pytest.raises(RuleError):
        altar_points(["yellow", "red", "black"])


@pytest.mark.rule("fresco altar.blended")
def test_altar_blended_beats_the_basic_reading():
    assert altar_points(["orange", "green", "purple"]) == 6     # not 2 + 3 = 5
    assert altar_points(["purple", "orange", "green"]) == 6


@pytest.mark.rule("fresco end.money")
def test_money_points_round_down():
    assert [money_points(t) for t in (0, 1, 2, 3, 15, 60)] == [0, 0, 1, 1, 7, 30]
    with pytest.raises(ValueError):
        money_points(-1)
