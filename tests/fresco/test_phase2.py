"""Phase II: planning and performing actions; the five locations (Fresco rulebook)."""
from __future__ import annotations

import pytest

from fresco_kit.fresco import rules
from fresco_kit.fresco.actions import Altar, Blend, Buy, Close, Done, Plan, Restore, Studio, Theater, Wake, altar

from .helpers import P4, at, board, data, edit, game, plans, play_round_start, refused, tile_paints, times


def to_planning(g):
    while g.state.phase == "wake":
        nm = g.state.to_move[0]
        g.play(Wake(nm, times(g, Red=5)[nm]))
    return g


@pytest.mark.rule("fresco p2.plan")
def test_plans_are_secret_and_limited_to_the_15_spaces():
    g = to_planning(game())
    refused(g, Plan("Red", (4, 0, 0, 0, 0)), "p2.plan")             # only 3 spaces per column
    refused(g, Plan("Red", (3, 3, 0, 0, 0)), "p2.plan")             # 6 apprentices, Red has 5
    refused(g, Plan("Red", (1, 1, 1, 1)), "p2.plan")               # one count per column
    g.play(Plan("White", (1, 2, 0, 1, 0)))
    refused(g, Plan("White", (1, 0, 0, 0, 0)), "p2.plan")          # planned already
    white_seen_by_red = g.state.view("Red").player("White")
    assert white_seen_by_red.plan is None and white_seen_by_red.planned  # behind the small screen
    assert g.state.view("White").player("White").plan == (1, 2, 0, 1, 0)
    assert g.state.view("Red").player("Red").plan is None and not g.state.view("Red").player("Red").planned
    assert g.state.player("White").plan == (1, 2, 0, 1, 0)          # the omniscient state keeps it
    assert sorted(g.state.to_move) == ["Blue", "Red", "Yellow"]
    legal = rules.legal_actions(g.state)
    assert {a.player for a in legal} == {"Red", "Blue", "Yellow"}
    assert all(sum(a.counts) <= 5 and max(a.counts) <= 3 for a in legal)
    assert all(not rules.checks(g.state, a) for a in legal)


@pytest.mark.rule("fresco p2.resolve")
def test_locations_in_order_players_in_get_up_order_all_actions_at_once():
    g = game()
    when = {"Red": 8, "White": 5, "Blue": 6, "Yellow": 9}
    play_round_start(g, when, plans(g, Red=(0, 0, 2, 0, 0), White=(0, 0, 1, 0, 1), Blue=(0, 0, 0, 0, 0),
                                    Yellow=(0, 0, 0, 0, 1)))
    seen = []
    while g.state.round == 1:
        s = g.state
        seen.append((s.location, s.to_move[0]))
        actor = s.to_move[0]
        refused_by = [nm for nm in P4 if nm != actor]
        refused(g, Studio(refused_by[0]) if s.location == "studio" else Theater(refused_by[0]), "p2.resolve")
        g.play(Studio(actor) if s.location == "studio" else Theater(actor))
    # Blue planned nothing and is skipped; Red does both studio actions before anyone else moves on
    assert seen == [("studio", "White"), ("studio", "Red"), ("studio", "Red"), ("theater", "White"),
                    ("theater", "Yellow")]


@pytest.mark.rule("fresco p2.resolve")
def test_wrong_location_is_refused():
    g = at(game(), "studio", "Red", Red=(0, 0, 1, 1, 0))
    refused(g, Blend("Red", "orange"), "p2.resolve")
    refused(g, Restore("Red", (1, 1)), "p2.resolve")


@pytest.mark.rule("fresco p2.forfeit")
def test_actions_may_be_given_up_and_must_be_without_money_or_paints():
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"thalers": 1, "paints": {"yellow": 0, "red": 0, "blue": 0}}}))
    at(g, "market", "Red", Red=(2, 1, 0, 1, 0))
    booth = next(b for b, t in enumerate(g.state.booths, 1) if t)
    refused(g, Buy("Red", booth, (1,)), "p2.forfeit")             # 1 thaler, price 3 at 5 o'clock
    assert all(isinstance(a, (Close, Done)) for a in g.legal_actions())
    g.play(Done("Red"))
    assert g.state.location == "cathedral" and g.state.to_move == ["Red"]
    refused(g, Restore("Red", (3, 3)), "p2.forfeit")              # no paints
    refused(g, altar("Red", ["yellow", "red", "blue"]), "p2.forfeit")
    assert g.legal_actions() == [Done("Red")]
    g.play(Done("Red"))
    refused(g, Blend("Red", "orange"), "p2.forfeit")


@pytest.mark.rule("fresco market.buy", "fresco p1.price")
def test_buying_tiles_from_one_booth_and_the_booth_empties():
    g = game()
    g = g.with_state(edit(g.state, players={"Red": {"thalers": 20}}))
    at(g, "market", "Red", Red=(2, 0, 0, 0, 0), White=(1, 0, 0, 0, 0))
    s = g.state
    booth = 1
    tiles = s.booths[0]
    refused(g, Buy("Red", booth, (1, 2, 3)), "market.buy")          # 2 apprentices, 2 tiles
    refused(g, Buy("Red", booth, (2, 1)), "market.buy")
    with pytest.raises(ValueError, match="Buy.booth: expected a whole number from 1 to 4"):
        Buy("Red", 9, (1,))
    if len(g.state.booths) < 4:
        refused(g, Buy("Red", 4, (1,)), "market.buy")             # no booth 4 with 3 players
    g.play(Buy("Red", booth, (1, 3)))
    bought = data.MARKET_TILES[tiles[0]].paints
    bought = tuple(a + b for a, b in zip(bought, data.MARKET_TILES[tiles[2]].paints))
    red = g.state.player("Red")
    assert red.thalers == 20 - 2 * data.INN[5][1]
    assert red.paints == tuple(a + b for a, b in zip((1, 1, 1, 0, 0, 0), bought))
    assert g.state.booths[0] == () and set(tiles) <= set(g.state.bag)
    # the next player cannot use the emptied booth
    assert g.state.to_move == ["White"]
    refused(g, Buy("White", booth, (1,)), "market.buy")
    assert not rules.invariants(g.state)


@pytest.mark.rule("fresco market.close")
def test_closing_a_booth_is_free_and_needs_a_market_apprentice():
    g = at(game(), "market", "Red", Red=(1, 0, 1, 0, 0), White=(1, 0, 0, 0, 0))
    before = g.state.player("Red").thalers
    tiles = g.state.booths[1]
    g.play(Close("Red", 2))
    assert g.state.player("Red").thalers == before and g.state.booths[1] == ()
    assert set(tiles) <= set(g.state.bag)
    refused(g, Close("White", 2), "market.close")                  # already empty
    g.play(Done("White"))
    assert g.state.location == "studio"
    refused(g, Close("Red", 1), "p2.resolve")                      # no longer at the market


def _cathedral(ruleset="base", n=1, **edits):
    return at(game(ruleset), "cathedral", "Red", Red=(0, n, 0, 0, 0)) if not edits else \
        at(_edited(ruleset, **edits), "cathedral", "Red", Red=(0, n, 0, 0, 0))


def _edited(ruleset, **edits):
    g = game(ruleset)
    g = g.with_state(edit(g.state, **edits))
    return g


@pytest.mark.rule("fresco cath.segment")
def test_restoring_a_segment_pays_the_paints_and_keeps_the_tile():
    g0 = game()
    need = tile_paints(g0, (1, 1))
    g = _cathedral(players={"Red": {"paints": need}}, bishop=(5, 5))
    tile = g.state.fresco[0]
    supply = g.state.supply
    g.play(Restore("Red", (1, 1)))
    red = g.state.player("Red")
    assert red.tiles == (tile,) and g.state.fresco[0] == -1 and red.paints == (0,) * 6
    assert red.vp == data.FRESCO_TILES[tile].value and red.start == 0
    assert g.state.supply == tuple(a + b for a, b in zip(supply, data.FRESCO_TILES[tile].paints))
    g2 = _cathedral(players={"Red": {"paints": need}}, n=2)
    g2.play(Restore("Red", (1, 1), bishop=(2, 2)))
    refused(g2, Restore("Red", (1, 1)), "cath.segment")             # already restored
    with pytest.raises(ValueError, match="Restore.segment: expected"):
        Restore("Red", (6, 1))                                      # off the 5x5 fresco


@pytest.mark.rule("fresco cath.bishop_move")
def test_bishop_moves_one_step_for_one_thaler():
    need = tile_paints(game(), (1, 1))
    g = _cathedral(n=2, players={"Red": {"paints": need, "thalers": 1}})
    refused(g, Restore("Red", (1, 1), bishop=(1, 1)), "cath.bishop_move")   # two steps from (3, 3)
    refused(g, Restore("Red", (1, 1), bishop=(3, 3)), "cath.bishop_move")   # not a move
    legal_moves = {a.bishop for a in g.legal_actions() if isinstance(a, Restore) and a.segment == (1, 1)}
    assert legal_moves == {None, (2, 2), (2, 3), (2, 4), (3, 2), (3, 4), (4, 2), (4, 3), (4, 4)}
    g.play(Restore("Red", (1, 1), bishop=(2, 2)))
    assert g.state.player("Red").thalers == 0
    g2 = _cathedral(players={"Red": {"paints": need, "thalers": 0}})
    refused(g2, Restore("Red", (1, 1), bishop=(2, 2)), "cath.bishop_move")
    # onto an already restored segment is fine
    g3 = _cathedral(players={"Red": {"paints": need, "thalers": 2}}, restored={"Yellow": [(2, 2)]})
    g3.play(Restore("Red", (1, 1), bishop=(2, 2)))
    assert g3.state.player("Red").points[1] == 2


@pytest.mark.rule("fresco cath.bishop_bonus")
def test_bishop_bonus_is_booked_on_the_track():
    need = tile_paints(game(), (3, 3))
    g = _cathedral(players={"Red": {"paints": need}})
    g.play(Restore("Red", (3, 3)))
    red = g.state.player("Red")
    assert red.points[:2] == (11, 3) and red.vp == 14


@pytest.mark.rule("fresco cath.bishop_after")
def test_bishop_moves_to_the_restored_segment():
    need = tile_paints(game(), (5, 1))
    g = _cathedral(players={"Red": {"paints": need}})
    g.play(Restore("Red", (5, 1)))
    assert board.square(g.state.bishop) == (5, 1) and g.state.player("Red").points[1] == 0


@pytest.mark.rule("fresco cath.track")
def test_track_from_space_1_and_the_behind_or_ahead_choice():
    need = tile_paints(game(), (1, 1))
    value = data.FRESCO_TILES[game().state.fresco[0]].value
    free = _cathedral(players={"Red": {"paints": need}}, bishop=(5, 5))
    refused(free, Restore("Red", (1, 1), track="ahead"), "cath.track")       # nothing to choose
    free.play(Restore("Red", (1, 1)))
    assert free.state.player("Red").vp == value                             # S-spaces not counted
    for choice, expected in (("behind", value - 1), ("ahead", value + 1)):
        g = _cathedral(players={"Red": {"paints": need}, "White": {"vp": value}}, bishop=(5, 5))
        refused(g, Restore("Red", (1, 1)), "cath.track")
        g.play(Restore("Red", (1, 1), track=choice))
        assert g.state.player("Red").vp == expected
        assert g.state.player("Red").points[3] == expected - value


@pytest.mark.rule("fresco cath.track")
def test_no_free_space_behind_only_ahead():
    g = game()
    paints = {"yellow": 1, "red": 1, "blue": 1}
    g = g.with_state(edit(g.state, players={"Red": {"paints": paints}, "White": {"vp": 1}, "Blue": {"vp": 2}}))
    at(g, "cathedral", "Red", Red=(0, 1, 0, 0, 0))
    refused(g, altar("Red", ["yellow", "red", "blue"], "behind"), "cath.track")
    assert {a.track for a in g.legal_actions() if isinstance(a, Altar)} == {"ahead"}
    g.play(altar("Red", ["yellow", "red", "blue"], "ahead"))
    assert g.state.player("Red").vp == 3


@pytest.mark.rule("fresco altar.basic", "fresco altar.blended")
def test_altar_in_the_engine():
    g = _cathedral(n=3, players={"Red": {"paints": {"yellow": 2, "red": 1, "blue": 0, "orange": 2, "green": 1,
                                                    "purple": 1}}})
    refused(g, altar("Red", ["yellow", "yellow", "red"]), "altar.basic")
    g.play(altar("Red", ["orange", "green", "purple"]))
    assert g.state.player("Red").points[2] == 6
    g.play(altar("Red", ["yellow", "red", "orange"]))
    assert g.state.player("Red").points[2] == 6 + 3
    refused(g, altar("Red", ["yellow", "red", "blue"]), "p2.forfeit")


@pytest.mark.rule("fresco studio", "fresco supply.coins")
def test_studio_pays_3_thalers_per_apprentice_while_the_bank_holds_them():
    g = at(game(), "studio", "Red", Red=(0, 0, 2, 0, 0))
    bank = g.state.bank
    g.play(Studio("Red"))
    assert g.state.player("Red").thalers == 15 and g.state.bank == bank - 3
    g2 = game()
    g2 = g2.with_state(edit(g2.state, players={"White": {"thalers": 12 + g2.state.bank - 1}}))
    at(g2, "studio", "Red", Red=(0, 0, 2, 0, 0))
    events = g2.play(Studio("Red"))
    assert g2.state.player("Red").thalers == 13 and g2.state.bank == 0
    assert events[0].rule.id == "supply.coins"
    assert not rules.invariants(g2.state)


@pytest.mark.rule("fresco workshop")
def test_two_blends_per_workshop_apprentice():
    g = _edited("base", players={"Red": {"paints": {"yellow": 3, "red": 3, "blue": 3}}})
    at(g, "workshop", "Red", Red=(0, 0, 0, 2, 0))
    assert g.state.left == 4
    for colour in ("orange", "green", "purple"):
        g.play(Blend("Red", colour))
    refused(g, Blend("Red", "yellow"), "workshop")
    g.play(Blend("Red", "orange"))
    assert g.state.to_move != ["Red"] or g.state.location != "workshop"
    assert g.state.player("Red").paints == (0, 0, 1, 2, 1, 1)


@pytest.mark.rule("fresco supply.paints", "fresco bigbox.paints")
def test_limited_paints_in_base_unlimited_in_big_box():
    for ruleset in ("base", "bigbox"):
        g = game(ruleset)
        g = g.with_state(edit(g.state, players={"Red": {"paints": {"yellow": 1, "red": 1}},
                                         "White": {"paints": {"orange": 9}}}))
        at(g, "workshop", "Red", Red=(0, 0, 0, 1, 0))
        if ruleset == "base":
            refused(g, Blend("Red", "orange"), "supply.paints")
        else:
            g.play(Blend("Red", "orange"))
            assert g.state.paper[data.COLOUR_INDEX["orange"]] == 1
            assert not rules.invariants(g.state)


@pytest.mark.rule("fresco theater")
def test_theater_lifts_mood_by_two_effective_next_round():
    g = _edited("base", players={"Red": {"mood": 5}})
    at(g, "theater", "Red", when=times(g, Red=8), Red=(0, 0, 0, 0, 2))
    assert g.state.player("Red").mood == 5
    g.play(Theater("Red"))
    assert g.state.player("Red").mood == 7 and g.state.player("Red").helper == 0   # on +1 but not yet
    g.play(Theater("Red"))
    assert g.state.player("Red").mood == data.MOOD_LENGTH - 1                      # clamped
    assert g.state.round == 2
    for _ in range(4):
        nm = g.state.to_move[0]
        g.play(Wake(nm, times(g, Red=8)[nm]))
    assert g.state.player("Red").helper == 1 and g.state.player("Red").apprentices == 6
