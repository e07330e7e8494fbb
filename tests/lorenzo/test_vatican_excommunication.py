"""Il Rapporto in Vaticano: thresholds, support, excommunication, the last report, and
the effect of each of the 21 excommunication tiles."""
from __future__ import annotations

import pytest

from fresco_kit.lorenzo import rules
from fresco_kit.lorenzo.effects import member_value
from fresco_kit.lorenzo.final import excommunication_loss
from fresco_kit.lorenzo.flow import schedule
from fresco_kit.lorenzo.actions import Choose, Place

from .helpers import P2, P4, assert_refused, game_at, position, refused_by, res

TILES = (1, 8, 15)


def _report(round_, faith, tiles=TILES, **kw):
    """Red's last placement of an even round (Council Palace), Blue already done."""
    st = position(P2, round=round_, tiles=tiles, res={"Red": {"faith": faith[0]}, "Blue": {"faith": faith[1]}},
                  home={"Red": [], "Blue": ["white"]}, order=["Red", "Blue"], turn=-1, dice={"white": 3}, **kw)
    g = game_at(st)
    g.play("place Blue white council")
    g.play("choose Blue coins")
    return g


@pytest.mark.rule("lorenzo vatican.threshold")
@pytest.mark.parametrize("round_,threshold", [(2, 3), (4, 4), (6, 5)])
def test_thresholds_by_period(round_, threshold):
    g = _report(round_, (threshold, threshold - 1))
    assert [d.player for d in g.state.pending] == ["Red"]           # only Red may choose
    period = round_ // 2
    assert g.state.player("Blue").excomms == (TILES[period - 1],)


@pytest.mark.rule("lorenzo vatican.support")
def test_support_spends_faith_for_the_track_vp():
    g = _report(4, (9, 0))
    assert_refused(g, Choose("Red", "coins"), "vatican.support")
    g.play("choose Red support")
    assert res(g, "Red", "faith") == 0 and res(g, "Red", "vp") == 13 and g.state.player("Red").excomms == ()
    assert g.state.round == 5


@pytest.mark.rule("lorenzo vatican.excommunicate")
def test_refusal_means_excommunication_faith_kept():
    g = _report(2, (4, 1))
    g.play("choose Red refuse")
    red = g.state.player("Red")
    assert red.excomms == (1,) and red.res["faith"] == 4 and red.res["vp"] == 0
    assert res(g, "Blue", "faith") == 1


@pytest.mark.rule("lorenzo vatican.last")
def test_last_report_excommunicated_still_score_faith():
    g = _report(6, (7, 4))                               # threshold 5
    assert res(g, "Blue", "vp") == 4 and res(g, "Blue", "faith") == 4
    g.play("choose Red refuse")
    assert res(g, "Red", "vp") == 9 and g.is_over
    g = _report(4, (3, 2))                               # not in earlier reports
    assert res(g, "Blue", "vp") == 0


# ---- the 21 excommunication effects --------------------------------------------------
def _with(tile, players=P4, **kw):
    d = rules.load().excommunications[tile]
    tiles = [1, 8, 15]
    tiles[d.period - 1] = tile
    kw.setdefault("dice", {"white": 6, "black": 6, "orange": 6})
    return game_at(position(players, round=2 * d.period - 1, tiles=tiles, excomms={"Red": [tile]}, **kw))


@pytest.mark.rule("lorenzo excomm.kinds")
@pytest.mark.parametrize("tile,space,key,got", [
    (1, "market-3", "military", 2), (2, "market-1", "coins", 4), (3, "market-2", "servants", 4)])
def test_gain_losses(tile, space, key, got):
    g = _with(tile, res={"Red": {"military": 0, "coins": 0, "servants": 0}})
    g.play(f"place Red white {space}")
    assert res(g, "Red", key) == got


@pytest.mark.rule("lorenzo excomm.kinds")
def test_wood_and_stone_losses():
    g = _with(4)
    g.play("place Red white council")
    g.play("choose Red wood+stone")                      # 1 + 1, each 1 less
    assert res(g, "Red", "wood") == 2 and res(g, "Red", "stone") == 2


@pytest.mark.rule("lorenzo excomm.kinds")
@pytest.mark.parametrize("tile,space", [(5, "harvest-small"), (6, "production-small")])
def test_harvest_and_production_minus_three(tile, space):
    g = _with(tile, dice={"white": 3, "black": 4}, cards={"Red": [1, 25]})
    assert_refused(g, Place("Red", "white", space), "place.min")      # 3 - 3 = 0 < 1
    g.play(f"place Red black {space}")                               # 4 - 3 = 1: tile and value-1 cards
    r = g.state.player("Red")
    if tile == 5:                                        # harvest: tile + Commercial Hub
        assert (r.res["wood"], r.res["coins"]) == (3, 6)
    else:                                                # production: tile only (Mint needs 5)
        assert (r.res["coins"], r.res["military"]) == (7, 1)


@pytest.mark.rule("lorenzo excomm.kinds")
def test_coloured_members_minus_one():
    g = _with(7, dice={"white": 1, "black": 4})
    red, blue = g.state.player("Red"), g.state.player("White")
    assert member_value(g.state, red, "black") == 3 and member_value(g.state, blue, "black") == 4
    assert member_value(g.state, red, "white") == 0 and member_value(g.state, red, "neutral") == 0
    assert_refused(g, Place("Red", "white", "council"), "place.min")


@pytest.mark.rule("lorenzo excomm.kinds")
@pytest.mark.parametrize("tile,tower", [(8, "territory"), (9, "building"), (10, "character"), (11, "venture")])
def test_minus_four_on_one_tower(tile, tower):
    g = _with(tile, res={"Red": {"coins": 20, "wood": 9, "stone": 9, "servants": 9}})
    assert_refused(g, Place("Red", "white", f"{tower}-2"), "place.min")           # 6 - 4 = 2 < 3
    assert "place.min" not in refused_by(g, Place("Red", "white", f"{tower}-1"))
    other = "building" if tower != "building" else "venture"
    assert "place.min" not in refused_by(g, Place("Red", "white", f"{other}-3"))


@pytest.mark.rule("lorenzo excomm.kinds")
def test_no_market():
    g = _with(12)
    assert_refused(g, Place("Red", "white", "market-1"), "excomm.kinds")
    assert not refused_by(g, Place("Red", "white", "council"))


@pytest.mark.rule("lorenzo excomm.kinds")
def test_two_servants_per_plus_one():
    g = _with(13, towers={"territory": [9, 10, 11, 12]}, res={"Red": {"servants": 6}})
    assert_refused(g, Place("Red", "neutral", "territory-2", 3), "excomm.kinds")
    assert_refused(g, Place("Red", "neutral", "territory-2", 4), "place.min")     # 4 servants = +2
    g.play(Place("Red", "neutral", "territory-2", 6))
    assert res(g, "Red", "servants") == 0 + 1            # Mountain Town gives 1 servant


@pytest.mark.rule("lorenzo excomm.kinds")
def test_skip_first_placement():
    g = _with(14)
    sched = g.state.schedule
    assert sched[0] == "White" and sched[-1] == "Red" and sched.count("Red") == 4
    assert g.state.current == "White"
    st = g.state.evolve(players=tuple(p.evolve(excomms=()) for p in g.state.players))
    assert schedule(st)[0] == "Red"


@pytest.mark.rule("lorenzo excomm.kinds")
@pytest.mark.parametrize("tile,row", [(15, "Characters"), (16, "Ventures"), (17, "Territories")])
def test_no_end_points_for_a_card_type(tile, row):
    cards = [49, 50, 73, 74, 1, 2, 3]
    g = _with(tile, players=["Red", "Blue"], cards={"Red": cards, "Blue": [51, 52, 75, 76, 4, 5, 6]})
    sheet = g.scores()
    assert sheet.rows["Red"][row] == 0 and sheet.rows["Blue"][row] > 0


@pytest.mark.rule("lorenzo excomm.kinds", "lorenzo final.total")
@pytest.mark.parametrize("tile,expected", [(18, 23 // 5), (19, 7), (20, 4 + 2 + 3), (21, 2 + 2 + 3 + 5)])
def test_vp_losses(tile, expected):
    g = _with(tile, players=["Red", "Blue"], cards={"Red": [25, 32, 33]}, res={"Red": {"vp": 23, "military": 7}})
    red = g.state.player("Red")
    assert excommunication_loss(red) == expected       # tile 20: Mint 1+3, Residence 2, Marketplace 2+1
    assert g.scores().rows["Red"]["Excommunications"] == -expected


def test_all_21_tiles_are_exercised_above():
    tested = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21}
    assert tested == set(rules.load().excommunications)


@pytest.mark.rule("lorenzo excomm.kinds", "lorenzo towers.bonus")
def test_coin_loss_applies_once_to_the_floor_bonus():
    g = _with(2, towers={"venture": [74, 75, 76, 73]}, res={"Red": {"coins": 3}})
    g.play(Place("Red", "white", "venture-4", 1))        # 3 + (2 - 1) = 4 pays Hiring Recruits
    assert res(g, "Red", "coins") == 0
    g = _with(2, towers={"venture": [74, 75, 76, 73]}, res={"Red": {"coins": 2}})
    assert_refused(g, Place("Red", "white", "venture-4", 1), "towers.costs")
