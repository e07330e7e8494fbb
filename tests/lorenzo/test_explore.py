"""The teaching queries used by notebooks and widgets agree with the engine."""
from __future__ import annotations

import pytest

from fresco_kit.lorenzo import explore, readings, teach
from fresco_kit.lorenzo.teach import GLOSSARY
from fresco_kit.lorenzo.actions import Choose

from .helpers import P2, P3, game_at, position


@pytest.mark.rule("lorenzo servants", "lorenzo place.min")
def test_reachable_spaces_follow_servants():
    st = position(P3, dice={"white": 1}, towers={"territory": [1, 2, 3, 4]})
    none = explore.reachable(st, "Red", "neutral", 0)
    assert not any(v.ok for v in none.values())
    three = explore.reachable(st, "Red", "neutral", 3)
    assert three["territory-2"].ok and not three["territory-3"].ok and three["council"].ok
    assert not three["market-3"].ok                          # three players
    assert "place.min" in {r.id for _, r in three["territory-3"].reasons}


@pytest.mark.rule("lorenzo towers.occupied", "lorenzo towers.bonus")
def test_tower_quote_shows_penalty_bonus_and_options():
    st = position(P2, dice={"white": 6}, towers={"venture": [74, 75, 76, 80]}, res={"Red": {"coins": 5}},
                  occupants={"venture-1": ["Blue:white"]})
    q = explore.tower_quote(st, "Red", "venture-4", "white", 1)
    assert (q.card, q.action_value, q.floor_value, q.occupied_coins) == ("Support to the Bishop", 7, 7, 3)
    assert q.bonus == {"coins": 2} and len(q.cost_options) == 2
    assert q.affordable == ["1 wood + 1 stone + 2 coins"] and q.verdict.ok
    q = explore.tower_quote(st, "Red", "venture-4", "white", 0)
    assert not q.verdict.ok and q.affordable == []


@pytest.mark.rule("lorenzo zones.activation")
def test_activation_report():
    p = position(P2, cards={"Red": [1, 2, 3, 25, 29]}).player("Red")
    harvest = explore.activation_report(p, "harvest", 2)
    assert [(name, fires) for name, _, fires, _ in harvest] == [
        ("bonus tile standard", True), ("Commercial Hub", True), ("Woods", True), ("Village", False)]
    production = explore.activation_report(p, "production", 4)
    assert [fires for *_, fires, _ in production] == [True, False, True]


@pytest.mark.rule("lorenzo vatican.threshold")
def test_vatican_summary():
    s = explore.vatican_summary(3, 4)
    assert s["threshold"] == 5 and not s["reaches"] and s["vp_if_support"] == 0 and len(s["tiles"]) == 7
    assert explore.vatican_summary(1, 6)["vp_if_support"] == 7


def test_texts():
    assert "need 4 military, pay 2 military OR" in teach.card_text(80)
    assert "production >= 4: 1 wood -> 3 coins OR 2 wood -> 5 coins" in teach.card_text(29)
    assert all(teach.excommunication_text(i) for i in range(1, 22))
    g = game_at(position(P2))
    g.play("place Red white council")
    text = teach.describe(g.state)
    assert "council: Red:white" in text and "privilege decision" in text
    assert readings.READINGS and GLOSSARY["Council Palace"] == "Palazzo del Consiglio"


@pytest.mark.rule("lorenzo kit.extra_action")
def test_extra_action_gets_the_floor_bonus_and_pays_occupied_tower():
    st = position(P2, dice={"white": 6}, towers={"character": [49, 53, 56, 52], "territory": [1, 2, 3, 4]},
                  res={"Red": {"coins": 9}}, occupants={"territory-1": ["Blue:white"]})
    g = game_at(st)
    g.play("place Red white character-3")                   # Abbess: any card at value 4 (+ servants)
    events = g.play(Choose("Red", "territory-3", 1))        # 4 + 1 = 5; occupied: 3 coins; the floor's wood
    assert events[0].text == "Red pays 1 servant for the extra action: value 4 + 1"      # the servant is logged
    red = g.state.player("Red")
    assert red.res["coins"] == 9 - 3 - 3 and red.res["wood"] == 2 + 1 and red.res["servants"] == 3 - 1
