"""teach.py answers come from the engine: reach, towers, activation, Vatican, scoring."""
from __future__ import annotations

import pytest

from fresco_kit.lorenzo import explore, positions, rules, teach
from fresco_kit.lorenzo.data import load
from fresco_kit.lorenzo.positions import game_at, position
from fresco_kit.lorenzo.scoring import faith_points
from fresco_kit.lorenzo.actions import Place
from fresco_kit.lorenzo.refs import RULES
from fresco_kit.lorenzo.teach import GLOSSARY

from ..conftest import CHECKLIST


@pytest.mark.rule("lorenzo place.min", "lorenzo dice.value")
def test_reach_is_the_engines_verdict_for_every_space():
    st = positions.tower_position("starting resources")
    assert st.current == "Red"
    for member in ("white", "black", "orange", "neutral"):
        for servants in (0, 2, 4):
            for r in explore.reach(st, "Red", member, servants):
                verdict = rules.checks(st, Place("Red", member, r.space, servants))
                assert r.ok == (not verdict)
                assert [m for m, _ in r.reasons] == [m for m, _ in verdict]


@pytest.mark.rule("lorenzo servants", "lorenzo dice.value")
def test_neutral_member_needs_servants():
    st = positions.tower_position("starting resources")
    assert all(r.value_too_low for r in explore.reach(st, "Red", "neutral", 0))
    ok = {r.space for r in explore.reach(st, "Red", "neutral", 3) if r.ok}
    assert "territory-2" in ok and "territory-3" not in ok
    text = teach.reach_text(st, "Red", "neutral", 3)
    assert "worth 0" in text and "value 3" in text and "yes  territory-2" in text


@pytest.mark.rule("lorenzo towers.occupied", "lorenzo towers.bonus")
def test_tower_text_occupied_and_bonus():
    st = positions.tower_position("wealthy: 6 wood, 6 stone, 12 coins, 8 military", "another player", "building", 3)
    text = teach.tower_text(st, "Red", "building-3", "white", 0)
    assert "occupied tower: yes, 3 extra coins" in text
    assert "floor bonus: 1 military" in text
    assert "LEGAL" in text and "NOT LEGAL" not in text


@pytest.mark.rule("lorenzo towers.colour")
def test_tower_text_colour_rule_and_neutral_exemption():
    st = positions.tower_position("wealthy: 6 wood, 6 stone, 12 coins, 8 military", "own white member", "venture", 1)
    coloured = teach.tower_text(st, "Red", "venture-1", "black", 0)
    assert "already has a coloured member in the venture tower" in coloured
    assert "[lorenzo towers.colour]" in coloured
    neutral = teach.tower_text(st, "Red", "venture-1", "neutral", 1)
    assert "coloured member" not in neutral


@pytest.mark.rule("lorenzo towers.territory_mp")
def test_tower_text_third_territory():
    st = positions.tower_position("two territories, no military")
    text = teach.tower_text(st, "Red", "territory-1", "white", 0)
    assert "territory slot 3 needs 3 military points" in text and "[lorenzo towers.territory_mp]" in text
    st = positions.tower_position("two territories, 3 military")
    assert "LEGAL: Red may take it" in teach.tower_text(st, "Red", "territory-1", "white", 0)


@pytest.mark.rule("lorenzo zones.activation")
def test_fixed_yield_matches_an_engine_harvest():
    cards = positions.ACTIVATION_SAMPLES["four territories (period I)"]["cards"]
    for die in (1, 2, 3, 4, 6):
        st = position(["Red", "Blue", "Green"], dice={"white": die}, cards={"Red": cards})
        before = dict(st.player("Red").res)
        game = game_at(st)
        game.play("place Red white harvest-small")
        after = game.state.player("Red").res
        gained = {k: after[k] - before[k] for k in after if after[k] != before[k]}
        assert gained == explore.fixed_yield(st.player("Red"), "harvest", die)


@pytest.mark.rule("lorenzo zones.activation")
def test_activation_marks_cards_by_value():
    p = positions.activation_player("buildings with trades (2 wood, 1 stone)")
    text = teach.activation_text(p, "production", 4)
    assert "  -    Mint (>= 5)" in text
    for name in ("Carpenter's Shop (>= 4)", "Stonemason's Shop (>= 3)", "Chapel (>= 2)"):
        assert f"fires  {name}" in text
    assert "fires  personal bonus tile standard [illustrative]" in text
    assert "Chapel (>= 2): 1 coin -> 1 faith  (trades affordable now: none)" in text   # no coin yet
    assert "5 coins  (trades affordable now: 1, 2)" in text


@pytest.mark.rule("lorenzo vatican.threshold", "lorenzo vatican.support", "lorenzo vatican.last")
def test_vatican_text():
    low = teach.vatican_text(2, 1)
    assert "threshold 3" in low and "no choice" in low
    high = teach.vatican_text(9, 2)
    assert "threshold 4" in high and f"+{faith_points(9)} VP" in high
    last = teach.vatican_text(4, 3)
    assert "threshold 5" in last and "still scores" in last and f"+{faith_points(4)} VP" in last


@pytest.mark.rule("lorenzo excomm.kinds")
def test_vatican_text_lists_the_seven_tiles_of_the_period():
    tiles = load().excommunications.values()
    for period in (1, 2, 3):
        text = teach.vatican_text(0, period, drawn=7 * period)
        mine = [t for t in tiles if t.period == period]
        assert len(mine) == 7 and all(t.name in text for t in mine)
        assert text.count("<- drawn in this game") == 1


@pytest.mark.rule("lorenzo final.total")
def test_score_position_is_consistent_and_scored_by_the_engine():
    st = positions.score_position(positions.SHEET_SAMPLE)
    assert rules.invariants(st) == []
    sheet = rules.scores(st)
    assert sheet.rows["Blue"]["Territories"] == 20 and sheet.rows["Blue"]["Excommunications"] == -6
    assert sheet.totals["Red"] == 54


def test_glossary_and_examples():
    assert teach.term("family member") == "family member (familiare)"
    assert teach.example("final_scoring_sheet").kind == "constructed"
    with pytest.raises(KeyError):
        teach.example("no_such_example")
    assert "personal bonus tile" in teach.illustrative_note()


def test_glossary_gives_italian_terms_and_kit_rules_say_so():
    """The glossary gives the summary's Italian terms; every rule the kit adds beyond the
    checklist (tests/test_traceability.py finds them) is marked "kit." and says so."""
    assert GLOSSARY["family member"] == "familiare" and GLOSSARY["excommunication"] == "scomunica"
    assert GLOSSARY["Vatican report"] == "Rapporto in Vaticano"
    checklist = {line.split("|")[0].split()[1] for line in CHECKLIST.read_text(encoding="utf-8").splitlines()
                 if line.startswith("lorenzo ")}
    assert checklist <= set(RULES)
    assert all(rid.startswith("kit.") and RULES[rid].summary.startswith("kit:") for rid in set(RULES) - checklist)
