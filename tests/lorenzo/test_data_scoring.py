"""Rule data (seeds/lorenzo.toml) and the pure scoring functions."""
from __future__ import annotations

import pytest

from fresco_kit.core.data import DataError, load_seed
from fresco_kit.lorenzo import data as D
from fresco_kit.lorenzo.scoring import (character_points, faith_points, military_points, resource_points,
                                        territory_points)


def test_data_counts_and_provenance():
    d = D.load()
    assert len(d.cards) == 96 and len(d.excommunications) == 21
    for t in D.CARD_TYPES:
        for period in (1, 2, 3):
            assert sum(1 for c in d.cards.values() if c.type == t and c.period == period) == 8
    assert d.illustrative == ("bonus_tiles[0]",)      # only the standard bonus tile
    assert [d.towers[t].floor_values for t in D.CARD_TYPES] == [(1, 3, 5, 7)] * 4
    assert d.faith_vp[15] == 30 and d.vatican_thresholds == (3, 4, 5)
    assert d.territory_military == (0, 0, 3, 7, 12, 18)


def test_card_schema_details():
    d = D.load()
    bishop = d.cards[80]                           # Support to the Bishop: MP or resources
    assert [(o.pay, o.need_military) for o in bishop.costs] == [({"military": 2}, 4),
                                                                ({"wood": 1, "stone": 1, "coins": 2}, 0)]
    assert all(not c.costs for c in d.cards.values() if c.type == "territory")
    assert d.cards[29].permanent.zone == "production" and len(d.cards[29].permanent.trades) == 2
    assert d.cards[56].immediate.action.value == 4 and d.cards[56].immediate.action.tower == "any"
    assert d.cards[58].immediate.action.discount == {"wood": 1, "stone": 1}
    assert d.cards[50].modifier.discounts == ({"wood": 1}, {"stone": 1})
    assert d.cards[71].immediate.per == "military" and d.cards[71].immediate.every == 2


def test_bad_data_is_refused():
    raw = dict(load_seed("lorenzo"))
    raw["cards"] = raw["cards"][:-1]
    with pytest.raises(DataError, match="96"):
        D.parse(raw)
    raw = dict(load_seed("lorenzo"))
    raw["cards"] = [dict(raw["cards"][0], provenance="illustrative")] + raw["cards"][1:]
    with pytest.raises(DataError, match="reason"):
        D.parse(raw)


@pytest.mark.rule("lorenzo final.territories")
def test_territory_points():
    assert [territory_points(n) for n in range(7)] == [0, 0, 0, 1, 4, 10, 20]


@pytest.mark.rule("lorenzo final.characters")
def test_character_points():
    assert [character_points(n) for n in range(7)] == [0, 1, 3, 6, 10, 15, 21]


def test_faith_points():
    assert [faith_points(f) for f in (0, 3, 5, 6, 12, 15)] == [0, 3, 5, 7, 19, 30]
    assert faith_points(20) == 30


@pytest.mark.rule("lorenzo final.military")
def test_military_points_ties_take_full_award():
    assert military_points({"a": 9, "b": 4, "c": 1}) == {"a": 5, "b": 2, "c": 0}
    assert military_points({"a": 9, "b": 9, "c": 1}) == {"a": 5, "b": 5, "c": 0}
    assert military_points({"a": 9, "b": 4, "c": 4}) == {"a": 5, "b": 2, "c": 2}
    assert military_points({}) == {}


@pytest.mark.rule("lorenzo final.resources")
def test_resource_points_round_down():
    assert resource_points(1, 1, 1, 1) == 0
    assert resource_points(2, 1, 1, 1) == 1
    assert resource_points(3, 3, 3, 5) == 2
