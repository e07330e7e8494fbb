"""La struttura della partita / I dadi e i familiari: setup, rounds, turns, dice, servants."""
from __future__ import annotations

import pytest

from fresco_kit.core import Rng
from fresco_kit.lorenzo import new_game, rules
from fresco_kit.lorenzo.effects import member_value
from fresco_kit.lorenzo.state import Forfeit, Place

from .helpers import P2, P3, P4, assert_refused, game_at, position, refused_by, res


def _play_round(game, rng):
    r = game.state.round
    while not game.is_over and game.state.round == r:
        game.play(rules.sample_action(game.state, rng))


@pytest.mark.rule("lorenzo player.start")
def test_starting_resources_by_turn_order():
    g = new_game(P4, seed=3)
    for i, p in enumerate(g.state.players):
        assert p.res == {"wood": 2, "stone": 2, "servants": 3, "coins": 5 + i, "military": 0, "faith": 0, "vp": 0}
        assert p.home == ("white", "black", "orange", "neutral") and p.excomms == ()
        assert p.bonus_tile == "standard" and all(v == () for v in p.cards.values())
    adv = new_game(P3, seed=3, bonus_tiles="advanced")
    assert [p.bonus_tile for p in adv.state.players] == ["A", "B", "C"]
    with pytest.raises(ValueError):
        new_game(["Solo"])
    with pytest.raises(ValueError):
        new_game(P2, bonus_tiles="golden")


@pytest.mark.rule("lorenzo round.setup")
def test_towers_dealt_bottom_floor_first_from_the_period_deck():
    g = new_game(P2, seed=11)
    for t, row in g.state.towers.items():
        assert all(rules.load().cards[c].period == 1 and rules.load().cards[c].type == t for c in row)
    deck = g.state.decks["territory-1"]
    assert len(deck) == 4
    _play_round(g, Rng(1))
    assert g.state.round == 2 and g.state.towers["territory"] == deck[:4]   # floor 1 = first drawn
    assert all(1 <= v <= 6 for v in g.state.dice.values())
    _play_round(g, Rng(2))
    assert all(rules.load().cards[c].period == 2 for row in g.state.towers.values() for c in row)


@pytest.mark.rule("lorenzo struct.periods", "lorenzo phase.vatican")
def test_six_rounds_three_periods_and_reports_after_even_rounds():
    g = new_game(P3, seed=5)
    rng = Rng(9)
    reports, placements = [], {}
    while not g.is_over:
        a = rules.sample_action(g.state, rng)
        r = g.state.round
        if isinstance(a, (Place, Forfeit)):
            placements[r] = placements.get(r, 0) + 1
        for e in g.play(a):
            if e.rule and e.rule.id == "phase.vatican":
                reports.append(r)
    assert reports == [2, 4, 6]
    assert placements == {r: 12 for r in range(1, 7)}      # 4 members x 3 players per round
    assert g.state.round == 7 and g.state.phase == "over"


@pytest.mark.rule("lorenzo phase.actions")
def test_turn_order_one_placement_at_a_time():
    g = game_at(position(P3, dice={"white": 3}))
    assert g.state.current == "Red"
    assert_refused(g, Place("White", "white", "council"), "phase.actions")
    g.play("Red places white on market-1")
    assert g.state.current == "White"
    g.play("White places white on market-2")
    g.play("Blue places white on council")
    assert g.state.current == "Blue"                    # Blue owes the privilege first
    g.play("Blue chooses coins")
    assert g.state.current == "Red"


@pytest.mark.rule("lorenzo dice.value")
def test_coloured_members_take_their_die_for_everyone_neutral_zero():
    st = position(P2, dice={"white": 5, "black": 2, "orange": 4})
    for p in st.players:
        assert [member_value(st, p, m) for m in ("white", "black", "orange", "neutral")] == [5, 2, 4, 0]
    g = game_at(position(P2, dice={"white": 5}, towers={"territory": [1, 2, 3, 4]}))
    g.play("Red places white on territory-3")                    # floor 3 needs 5
    assert not refused_by(g, Place("Blue", "white", "market-1"))
    assert "place.min" not in refused_by(g, Place("Blue", "white", "building-3"))      # 5 reaches 5


@pytest.mark.rule("lorenzo place.min")
def test_minimum_value_and_stronger_members_take_weaker_actions():
    g = game_at(position(P2, dice={"white": 4, "black": 6}, towers={"territory": [1, 2, 3, 4]}))
    assert_refused(g, Place("Red", "white", "territory-3"), "place.min")
    assert not refused_by(g, Place("Red", "black", "territory-1"))
    assert_refused(g, Place("Red", "neutral", "market-1"), "place.min")


@pytest.mark.rule("lorenzo servants")
def test_servants_add_one_each_without_limit():
    g = game_at(position(P2, dice={"white": 1}, towers={"territory": [1, 2, 3, 4]}, res={"Red": {"servants": 9}}))
    assert_refused(g, Place("Red", "white", "territory-4", 5), "place.min")     # 1 + 5 = 6 < 7
    assert_refused(g, Place("Red", "white", "territory-4", 10), "servants")     # owns only 9
    assert_refused(g, Place("Red", "white", "territory-4", -1), "servants")
    g.play(Place("Red", "white", "territory-4", 6))                           # 1 + 6 = 7
    assert res(g, "Red", "servants") == 3


@pytest.mark.rule("lorenzo neutral.lost")
def test_a_member_that_cannot_be_placed_loses_the_action():
    g = game_at(position(P2, res={"Red": {"servants": 0}}))
    assert_refused(g, Forfeit("Red", "white"), "neutral.lost")      # white can still be placed
    g.play("Red forfeits neutral")                                # 0, no servants: nowhere to go
    assert "neutral" not in g.state.player("Red").home and g.state.current == "Blue"
    with_servant = game_at(position(P2, res={"Red": {"servants": 1}}))
    assert_refused(with_servant, Forfeit("Red", "neutral"), "neutral.lost")
    assert Forfeit("Red", "neutral") not in with_servant.legal_actions()



@pytest.mark.rule("lorenzo neutral.lost")
@pytest.mark.parametrize("character,space", [(53, "harvest-small"), (49, "territory-1")])
def test_a_member_lifted_by_a_character_bonus_cannot_be_given_up(character, space):
    """The Council Palace is out of reach (0, no servants), but the Farmer's +2 to harvests
    or the Warlord's +2 to territories still lets the neutral member act: no forfeit."""
    g = game_at(position(P2, cards={"Red": [character]}, res={"Red": {"servants": 0}},
                         towers={"territory": [1, 2, 3, 4]}))
    assert_refused(g, Place("Red", "neutral", "council"), "place.min")
    assert_refused(g, Forfeit("Red", "neutral"), "neutral.lost")
    assert Forfeit("Red", "neutral") not in g.legal_actions()
    g.play(Place("Red", "neutral", space))
    assert "neutral" not in g.state.player("Red").home

def test_legal_actions_agree_with_checks_and_parse_back():
    g = game_at(position(P3, dice={"white": 2, "black": 5, "orange": 3}))
    legal = g.legal_actions()
    assert legal and all(g.explain(a).ok for a in legal)
    assert all(rules.parse_action(str(a)) == a for a in legal)
    for text in ("Red jumps", "", "Red places white"):
        with pytest.raises(ValueError):
            rules.parse_action(text)


@pytest.mark.rule("lorenzo kit.pending", "lorenzo kit.privileges")
def test_pending_decision_blocks_other_actions():
    g = game_at(position(P2))
    g.play("Red places white on council")
    assert_refused(g, Place("Blue", "white", "market-1"), "kit.pending")
    assert_refused(g, rules.parse_action("Blue chooses coins"), "kit.pending")
    assert_refused(g, rules.parse_action("Red chooses gold"), "kit.privileges")


@pytest.mark.rule("lorenzo kit.turn", "lorenzo kit.member", "lorenzo kit.space", "lorenzo kit.over")
def test_structural_refusals():
    g = game_at(position(P2, dice={"white": 6}, towers={"territory": [1, None, 3, 4]}))
    assert_refused(g, Place("Ghost", "white", "council"), "kit.turn")
    assert_refused(g, Place("Red", "purple", "council"), "kit.member")
    assert_refused(g, Place("Red", "white", "palace"), "kit.space")
    assert_refused(g, Place("Red", "white", "territory-2"), "kit.space")        # no card there
    g.play("Red places white on territory-1")
    assert_refused(g, Place("Blue", "white", "territory-1"), "kit.space")       # taken
    g.play("Blue places white on council")
    g.play("Blue chooses coins")
    assert_refused(g, Place("Red", "white", "market-1"), "kit.member")          # already placed
    over = game_at(position(P2))
    rng = Rng(3)
    while not over.is_over:
        over.play(rules.sample_action(over.state, rng))
    assert_refused(over, Place("Red", "white", "council"), "kit.over")
    assert over.legal_actions() == []


@pytest.mark.rule("lorenzo kit.pending", "lorenzo kit.space", "lorenzo servants")
def test_wrongly_typed_actions_are_refused_not_crashing():
    from fresco_kit.lorenzo.state import Choose

    g = game_at(position(P2, dice={"white": 6}, towers={"character": [49, 53, 56, 52]}, res={"Red": {"coins": 9}}))
    assert_refused(g, Place("Red", "white", ["council"]), "kit.space")
    assert_refused(g, Place("Red", "white", "council", "2"), "servants")
    g.play("Red places white on character-3")             # Abbess: an extra action is pending
    assert_refused(g, Choose("Red", "territory-1", "1"), "kit.pending")
    assert_refused(g, Choose("Red", 3), "kit.pending")
    g.play("Red chooses skip")
    g.play("Blue places white on council")                  # a privilege is pending
    assert_refused(g, Choose("Blue", None), "kit.pending")
