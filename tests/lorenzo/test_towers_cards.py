"""Le Torri e le carte Sviluppo: costs, territory slots, floor bonuses, occupied towers,
colour rule, immediate and permanent effects, extra actions."""
from __future__ import annotations

import pytest

from fresco_kit.lorenzo.actions import Choose, Place

from .helpers import P2, assert_refused, game_at, position, refused_by, res

TOWERS = {"territory": [1, 2, 3, 4], "building": [32, 31, 30, 29], "character": [49, 53, 56, 52],
          "venture": [74, 80, 76, 73]}


def _game(**kw):
    kw.setdefault("dice", {"white": 6, "black": 6, "orange": 6})
    return game_at(position(P2, towers=TOWERS, **kw))


@pytest.mark.rule("lorenzo towers.costs")
def test_costs_by_card_type():
    g = _game()
    g.play("place Red white building-1")                # Residence: 2 stone
    assert res(g, "Red", "stone") == 0
    g.play("place Blue white character-1")              # Warlord: 2 coins
    assert res(g, "Blue", "coins") == 6 - 2
    g.play("place Red black territory-1")               # territories are free
    assert res(g, "Red", "coins") == 5 and res(g, "Red", "wood") == 2
    # ventures: military points or resources, chosen after placing
    g2 = _game(res={"Red": {"military": 4, "coins": 2}})
    g2.play("place Red white venture-2")                # Support to the Bishop
    assert g2.state.pending[0].kind == "cost" and len(g2.state.pending[0].costs) == 2
    assert_refused(g2, Choose("Red", "3"), "towers.costs")
    g2.play("choose Red 1")                             # pay 2 military (4 needed)
    assert res(g2, "Red", "military") == 2 and res(g2, "Red", "faith") == 3
    # a cost that cannot be paid is refused
    g3 = _game(res={"Red": {"stone": 1}})
    assert_refused(g3, Place("Red", "white", "building-1"), "towers.costs")


@pytest.mark.rule("lorenzo towers.costs")
def test_venture_military_requirement_is_checked_before_paying():
    g = _game(res={"Red": {"military": 3}})
    g.play("place Red white venture-2")                 # needs 4 MP: only the resources option
    assert not g.state.pending and res(g, "Red", "military") == 3 and res(g, "Red", "coins") == 3


@pytest.mark.rule("lorenzo towers.territory_mp")
def test_territory_slots_need_military_not_spent():
    g = _game(cards={"Red": [9, 10]}, res={"Red": {"military": 2}})
    assert_refused(g, Place("Red", "white", "territory-1"), "towers.territory_mp")
    g = _game(cards={"Red": [9, 10]}, res={"Red": {"military": 3}})
    g.play("place Red white territory-1")
    assert res(g, "Red", "military") == 3
    g = _game(cards={"Red": [9, 10, 11, 12, 13]}, res={"Red": {"military": 17}})
    assert_refused(g, Place("Red", "white", "territory-1"), "towers.territory_mp")      # 6th needs 18


@pytest.mark.rule("lorenzo kit.board_full")
def test_six_cards_per_row():
    g = _game(cards={"Red": [9, 10, 11, 12, 13, 14]}, res={"Red": {"military": 30}})
    assert_refused(g, Place("Red", "white", "territory-1"), "kit.board_full")


@pytest.mark.rule("lorenzo towers.bonus")
def test_floor_bonus_can_pay_for_the_card():
    g = _game(res={"Red": {"coins": 3}})                 # Hiring Recruits costs 4; floor 4 gives 2
    g.play(Place("Red", "white", "venture-4", 1))
    assert res(g, "Red", "coins") == 1 and res(g, "Red", "military") == 5
    g = _game()
    g.play("place Red white territory-3")               # floor 3: +1 wood (Village gives none)
    assert res(g, "Red", "wood") == 3
    # the Preacher forbids floor bonuses: then the card cannot be paid
    g = _game(res={"Red": {"coins": 3}}, cards={"Red": [55]})
    assert_refused(g, Place("Red", "white", "venture-4", 1), "towers.costs")


@pytest.mark.rule("lorenzo towers.occupied")
def test_occupied_tower_costs_three_coins_not_from_bonus():
    g = _game(res={"Blue": {"coins": 3}})
    g.play("place Red white territory-1")
    g.play("place Blue white territory-2")
    assert res(g, "Blue", "coins") == 0
    g = _game(res={"Blue": {"coins": 2}})
    g.play("place Red white venture-1")
    assert_refused(g, Place("Blue", "white", "venture-3"), "towers.occupied")   # bonus 1 coin can't help
    g = _game(res={"Blue": {"coins": 2}})
    g.play("place Red white territory-1")
    assert_refused(g, Place("Blue", "white", "territory-2"), "towers.occupied")


@pytest.mark.rule("lorenzo towers.colour")
def test_one_coloured_member_per_tower_neutral_exempt():
    g = _game(res={"Red": {"servants": 5}})
    g.play("place Red white territory-1")
    g.play("place Blue white territory-2")               # another player's white: fine
    assert_refused(g, Place("Red", "black", "territory-3"), "towers.colour")
    assert_refused(g, Place("Red", "white", "territory-3"), "kit.member")
    g.play(Place("Red", "neutral", "territory-3", 5))
    assert len(g.state.player("Red").cards["territory"]) == 2


@pytest.mark.rule("lorenzo cards.effects")
def test_immediate_and_permanent_effects():
    g = _game(dice={"white": 1, "black": 6, "orange": 6}, res={"Red": {"coins": 9}})
    assert_refused(g, Place("Red", "white", "territory-2"), "place.min")
    g.play("place Red black character-1")               # Warlord: +3 military; territory actions +2
    assert res(g, "Red", "military") == 3
    g.play("place Blue white council")
    g.play("choose Blue coins")
    g.play("place Red white territory-2")               # die 1 + 2 = 3 reaches floor 2
    assert res(g, "Red", "wood") == 3                   # Woods: +1 wood


@pytest.mark.rule("lorenzo kit.extra_action")
@pytest.mark.rule("lorenzo cards.effects")
def test_extra_action_take_any_card_and_decline():
    g = _game(res={"Red": {"coins": 9}})
    g.play("place Red white character-3")               # Abbess: 1 faith + any card at value 4
    d = g.state.pending[0]
    assert d.kind == "action" and d.value == 4 and res(g, "Red", "faith") == 1
    assert_refused(g, Choose("Red", "territory-3"), "place.min")          # 4 < 5
    assert_refused(g, Choose("Red", "council"), "kit.extra_action")
    g.play("choose Red territory-2")
    assert 2 in g.state.player("Red").cards["territory"] and res(g, "Red", "wood") == 3
    assert not g.state.occupants.get("territory-2")     # no member placed
    g = _game(res={"Red": {"coins": 9}})
    g.play("place Red white character-3")
    g.play("choose Red skip")
    assert g.state.current == "Blue"


@pytest.mark.rule("lorenzo cards.effects")
def test_discounted_extra_action_and_per_card_effects():
    st = position(P2, round=3, dice={"white": 6}, towers={"character": [65, 58, 59, 57],
                                                         "building": [41, 42, 43, 44]},
                  cards={"Red": [1, 2, 3]}, res={"Red": {"coins": 20, "wood": 4, "stone": 4, "servants": 3}})
    g = game_at(st)
    g.play(Place("Red", "white", "character-1", 0))     # Noble: 2 VP per territory
    assert res(g, "Red", "vp") == 6
    g = game_at(st)
    g.play(Place("Red", "white", "character-2", 0))     # Architect: building at 6, -1 wood -1 stone
    assert_refused(g, Choose("Red", "building-4"), "place.min")
    g.play("choose Red building-3")                      # Garden: 2 servants + 4 wood + 2 stone
    assert res(g, "Red", "wood") == 4 - 3 and res(g, "Red", "stone") == 4 - 1
    assert res(g, "Red", "servants") == 1


@pytest.mark.rule("lorenzo cards.effects")
def test_character_discount_alternatives_become_cost_options():
    g = _game(cards={"Red": [50]}, res={"Red": {"wood": 3, "stone": 1}})   # Stonemason: -1 wood or -1 stone
    g.play("place Red white building-4")                # Carpenter's Shop: 1 coin + 2 wood
    assert g.state.pending[0].costs == ({"coins": 1, "wood": 1}, {"coins": 1, "wood": 2})
    g.play("choose Red 1")
    assert res(g, "Red", "wood") == 2


@pytest.mark.rule("lorenzo towers.occupied")
def test_own_neutral_member_also_makes_the_tower_occupied():
    g = _game(res={"Red": {"servants": 1, "coins": 5}})
    g.play(Place("Red", "neutral", "territory-1", 1))
    g.play("place Blue white council")
    g.play("choose Blue coins")
    g.play("place Red white territory-2")                # own member there: still 3 coins
    assert res(g, "Red", "coins") == 5 - 3


@pytest.mark.rule("lorenzo towers.occupied", "lorenzo towers.colour", "lorenzo place.min", "lorenzo towers.costs")
def test_explain_lists_every_broken_tower_rule():
    g = _game(dice={"white": 6, "black": 1}, res={"Red": {"coins": 2, "wood": 0}})
    g.play("place Red white building-1")                # Residence (2 stone); the tower is now occupied
    g.play("place Blue white council")
    g.play("choose Blue coins")
    ids = refused_by(g, Place("Red", "black", "building-4"))     # Carpenter's Shop at 7 with a 1
    assert {"towers.colour", "place.min", "towers.occupied", "towers.costs"} <= ids


@pytest.mark.rule("lorenzo towers.territory_mp")
@pytest.mark.parametrize("held,required", [(0, 0), (1, 0), (2, 3), (3, 7), (4, 12), (5, 18)])
def test_each_territory_slot_requirement_is_exact_and_not_spent(held, required):
    owned = [9, 10, 11, 12, 13][:held]
    if required:
        g = _game(cards={"Red": owned}, res={"Red": {"military": required - 1}})
        assert_refused(g, Place("Red", "white", "territory-1"), "towers.territory_mp")
    g = _game(cards={"Red": owned}, res={"Red": {"military": required}})
    g.play("place Red white territory-1")
    assert len(g.state.player("Red").cards["territory"]) == held + 1 and res(g, "Red", "military") == required
