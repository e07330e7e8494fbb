"""La struttura della partita / I dadi e i familiari: setup, rounds, turns, dice, servants."""
from __future__ import annotations

import pytest

from fresco_kit.core import Rng, RuleError
from fresco_kit.lorenzo import new_game, rules
from fresco_kit.lorenzo.effects import member_value
from fresco_kit.lorenzo.setup import setup_events
from fresco_kit.lorenzo.actions import GRAMMAR, Choose, Forfeit, Place

from .helpers import P2, P3, P4, assert_refused, game_at, position, refused_by, res


def _play_round(game, rng):
    r = game.state.round
    while not game.is_over and game.state.round == r:
        game.play(rules.sample_action(game.state, rng))


@pytest.mark.rule("lorenzo player.start")
def test_starting_resources_by_turn_order():
    g = new_game(P4, seed=3)
    for p in g.state.players:
        i = g.state.order.index(p.name)
        assert p.res == {"wood": 2, "stone": 2, "servants": 3, "coins": 5 + i, "military": 0, "faith": 0, "vp": 0}
        assert p.home == ("white", "black", "orange", "neutral") and p.excomms == ()
        assert p.bonus_tile == "standard" and all(v == () for v in p.cards.values())
    adv = new_game(P3, seed=3, bonus_tiles="advanced")
    assert [adv.state.player(n).bonus_tile for n in adv.state.order] == ["A", "B", "C"]
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
    g.play("place Red white market-1")
    assert g.state.current == "White"
    g.play("place White white market-2")
    g.play("place Blue white council")
    assert g.state.current == "Blue"                    # Blue owes the privilege first
    g.play("choose Blue coins")
    assert g.state.current == "Red"


@pytest.mark.rule("lorenzo dice.value")
def test_coloured_members_take_their_die_for_everyone_neutral_zero():
    st = position(P2, dice={"white": 5, "black": 2, "orange": 4})
    for p in st.players:
        assert [member_value(st, p, m) for m in ("white", "black", "orange", "neutral")] == [5, 2, 4, 0]
    g = game_at(position(P2, dice={"white": 5}, towers={"territory": [1, 2, 3, 4]}))
    g.play("place Red white territory-3")                        # floor 3 needs 5
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
    with pytest.raises(ValueError, match="Place.servants: expected a whole number from 0 to 999, got -1"):
        Place("Red", "white", "territory-4", -1)                              # refused when made
    g.play(Place("Red", "white", "territory-4", 6))                           # 1 + 6 = 7
    assert res(g, "Red", "servants") == 3


@pytest.mark.rule("lorenzo neutral.lost")
def test_a_member_that_cannot_be_placed_loses_the_action():
    g = game_at(position(P2, res={"Red": {"servants": 0}}))
    assert_refused(g, Forfeit("Red", "white"), "neutral.lost")      # white can still be placed
    with pytest.raises(RuleError, match="white can still be placed, e.g. 'place Red white council'"):
        g.play("forfeit Red white")
    g.play("forfeit Red neutral")                                 # 0, no servants: nowhere to go
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
    for text in ("Red jumps", "", "place Red white", "Red places white on council", "place Red white council 2",
                 "place Red white council servants", "place Red white council servants -x"):
        with pytest.raises(ValueError):
            rules.parse_action(text)


def test_action_texts_follow_the_shared_grammar():
    cases = {"place Red white council": Place("Red", "white", "council"),
             "place Red neutral territory-2 servants 3": Place("Red", "neutral", "territory-2", 3),
             "choose Red coins": Choose("Red", "coins"),
             "choose Red territory-2 servants 1": Choose("Red", "territory-2", 1),
             "forfeit Red neutral": Forfeit("Red", "neutral")}
    for text, action in cases.items():
        assert rules.parse_action(text) == action and str(action) == text
    assert GRAMMAR.forms() == ["place PLAYER MEMBER SPACE [servants SERVANTS]",
                               "choose PLAYER CHOICE [servants SERVANTS]", "forfeit PLAYER MEMBER"]


@pytest.mark.rule("lorenzo kit.pending", "lorenzo kit.privileges")
def test_pending_decision_blocks_other_actions():
    g = game_at(position(P2))
    g.play("place Red white council")
    assert_refused(g, Place("Blue", "white", "market-1"), "kit.pending")
    assert_refused(g, rules.parse_action("choose Blue coins"), "kit.pending")
    assert_refused(g, rules.parse_action("choose Red support"), "kit.privileges")
    with pytest.raises(RuleError) as err:
        g.play("place Blue white market-1")
    assert ("Red must first answer the pending privilege decision; the choices are: 'choose Red wood+stone', "
            "'choose Red servants', 'choose Red coins', 'choose Red military', 'choose Red faith'") in str(err.value)
    with pytest.raises(RuleError, match="the choices are wood\\+stone, servants, coins, military, faith"):
        g.play("choose Red support")
    with pytest.raises(ValueError, match=r"Choose.choice: expected answers: a council privilege \(wood\+stone, "
                       r"servants, coins, military, faith\); support or refuse .*council\), harvest or production"):
        rules.parse_action("choose Red gold")                                 # not a word of any answer


@pytest.mark.rule("lorenzo kit.turn", "lorenzo kit.member", "lorenzo kit.space", "lorenzo kit.over")
def test_structural_refusals():
    g = game_at(position(P2, dice={"white": 6}, towers={"territory": [1, None, 3, 4]}))
    assert_refused(g, Place("Ghost", "white", "council"), "kit.turn")
    with pytest.raises(RuleError, match="'Ghost' is not playing; the players are Red, Blue"):
        g.play("place Ghost white council")
    with pytest.raises(ValueError, match="Place.member: expected family members: one of white, black, orange, "
                                         "neutral, got 'purple'"):
        Place("Red", "purple", "council")                                      # names are checked when made
    with pytest.raises(ValueError, match="Place.space: expected action spaces: one of territory-1"):
        Place("Red", "white", "palace")
    assert_refused(g, Place("Red", "white", "territory-2"), "kit.space")        # no card there
    with pytest.raises(RuleError, match=r"the territory tower's floor 2 \(territory-2\) holds no card; the spaces open now are territory-1, "
                                        "territory-3, territory-4, building-1"):
        g.play("place Red white territory-2")
    g.play("place Red white territory-1")
    assert_refused(g, Place("Blue", "white", "territory-1"), "kit.space")       # taken
    g.play("place Blue white council")
    g.play("choose Blue coins")
    assert_refused(g, Place("Red", "white", "market-1"), "kit.member")          # already placed
    over = game_at(position(P2))
    rng = Rng(3)
    while not over.is_over:
        over.play(rules.sample_action(over.state, rng))
    assert_refused(over, Place("Red", "white", "council"), "kit.over")
    assert over.legal_actions() == []


@pytest.mark.rule("lorenzo kit.pending", "lorenzo kit.space", "lorenzo servants")
@pytest.mark.parametrize("make, field", [
    (lambda: Place("Red", "white", ["council"]), "Place.space"),
    (lambda: Place("Red", "white", "council", "2"), "Place.servants"),
    (lambda: Place("Red", "white", "council", True), "Place.servants"),       # a bool is not a number
    (lambda: Place("Red", "white", "council", 1.5), "Place.servants"),
    (lambda: Place("Red Team", "white", "council"), "Place.player"),
    (lambda: Choose("Red", "territory-1", "1"), "Choose.servants"),
    (lambda: Choose("Red", 3), "Choose.choice"),
    (lambda: Choose("Blue", None), "Choose.choice"),
    (lambda: Forfeit("Red", "white "), "Forfeit.member"),
])
def test_wrongly_typed_actions_are_refused_when_made(make, field):
    with pytest.raises(ValueError, match=f"^{field}: expected "):
        make()


def test_play_of_something_else_is_a_value_error():
    g = game_at(position(P2))
    for thing in (None, 3, ("place", "Red"), {"verb": "place"}):
        with pytest.raises(ValueError, match="is not a Lorenzo il Magnifico action"):
            g.play(thing)
    assert not g.history


@pytest.mark.rule("lorenzo kit.initial_order", "lorenzo player.start")
def test_first_turn_order_is_drawn_from_the_seed():
    """The published setup: the first turn order is drawn at random (from the seed: the
    same seed gives the same game), not the order the names were given in."""
    orders = {new_game(P4, seed=s).state.order for s in range(12)}
    assert len(orders) > 3 and all(sorted(o) == sorted(P4) for o in orders)
    assert any(o != tuple(P4) for o in orders)
    a, b = new_game(P4, seed=5), new_game(P4, seed=5)
    assert a.state == b.state
    for _ in range(40):
        action = rules.sample_action(a.state, Rng(7))
        a.play(action)
        b.play(action)
    assert a.state == b.state
    first = new_game(P4, seed=5).state.order[0]
    assert new_game(P4, seed=5).state.schedule[0] == first


@pytest.mark.rule("lorenzo kit.initial_order")
def test_initial_order_as_given_keeps_the_given_order():
    for seed in range(6):
        g = new_game(P4, seed=seed, switches={"initial_order": "as_given"})
        assert g.state.order == tuple(P4)
        assert [g.state.player(n).res["coins"] for n in P4] == [5, 6, 7, 8]
    with pytest.raises(ValueError):
        new_game(P4, switches={"initial_order": "alphabetical"})


@pytest.mark.rule("lorenzo kit.initial_order")
def test_advanced_tiles_and_coins_are_dealt_in_turn_order():
    for seed in range(6):
        g = new_game(P4, seed=seed, bonus_tiles="advanced")
        order = g.state.order
        assert [g.state.player(n).bonus_tile for n in order] == ["A", "B", "C", "D"]
        assert [g.state.player(n).res["coins"] for n in order] == [5, 6, 7, 8]
        texts = [e.text for e in setup_events(g.state)]
        assert texts[0] == "First turn order (drawn at random): " + ", ".join(order)
        assert texts[2] == "Advanced bonus tiles dealt in turn order: " + ", ".join(
            f"{n} tile {t}" for n, t in zip(order, "ABCD"))
    g = new_game(P2, switches={"initial_order": "as_given"})
    assert [e.text for e in setup_events(g.state)] == [
        "First turn order (as the players were given): Red, Blue", "Starting coins by turn order: Red 5 coins, Blue 6 coins"]
