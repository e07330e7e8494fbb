"""Rule data (seeds/fresco.toml) and Setup (Fresco rulebook, Setup 1-9; Big Box Preparation)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from fresco_kit.core.data import load_seed
from fresco_kit.fresco import PLAYER_COUNTS, RULESET_SWITCHES, data, new_game, rules
from fresco_kit.fresco.refs import EXTRA_RULES, RULES

from .helpers import P3, P4, board, game


def test_data_respects_the_confirmed_facts():
    assert data.INN[7] == (-1, 2)
    assert data.PAINT_COUNTS == (17, 17, 17, 9, 9, 9) and data.COINS == 196
    assert len(data.MARKET_TILES) == 14 and len(data.FRESCO_TILES) == 25
    assert any(t.paints == data.paint_vector(["yellow"] * 3) for t in data.MARKET_TILES)
    assert not any(t.paints[data.COLOUR_INDEX["purple"]] for t in data.MARKET_TILES)
    assert all(1 <= sum(t.paints) <= 3 for t in data.MARKET_TILES)
    values = [t.value for t in data.FRESCO_TILES]
    assert min(values) == 3 and max(values) == 11 and values.count(11) > 1
    assert len(data.MOOD_PLUS) == 2 and len(data.MOOD_MINUS) == 2 and data.THEATER_MOVE == 2
    assert data.SHEETS["side1"] == ("market", "cathedral", "studio", "workshop", "theater")
    assert "theater" not in data.SHEETS["side2"] and data.SHEETS["side2"].count("cathedral") == 2
    assert data.BLENDS == {"orange": ("red", "yellow"), "green": ("yellow", "blue"), "purple": ("red", "blue")}
    # the earlier, the worse the mood and the dearer the paint
    rows = [data.INN[t] for t in data.TIMES]
    assert all(a[0] <= b[0] and a[1] >= b[1] for a, b in zip(rows, rows[1:]))


def test_every_data_entry_has_provenance_and_illustrative_ones_a_reason():
    raw = load_seed("fresco")
    assert all(t["provenance"] in ("rulebook", "public", "illustrative") for t in raw["market_tile"])
    assert data.ILLUSTRATIVE and all(reason for reason in data.ILLUSTRATIVE.values())
    assert "fresco.inn" in data.ILLUSTRATIVE and "fresco.fresco_tiles" in data.ILLUSTRATIVE


def test_rulebook_holds_the_extra_rules_and_switch_table_cites_rules():
    assert set(EXTRA_RULES) <= set(RULES)
    for sw in RULESET_SWITCHES:
        assert sw.rule in RULES and sw.source_for("base") and sw.source_for("bigbox")
    assert PLAYER_COUNTS == (3, 4)


def test_importing_the_package_stays_light():
    code = ("import sys, fresco_kit.fresco, fresco_kit.fresco.rules; "
            "print([m for m in ('networkx', 'matplotlib', 'ipywidgets') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.rule("fresco setup.side")
def test_board_side_by_player_count():
    with pytest.raises(ValueError):
        new_game(["A", "B"])
    with pytest.raises(ValueError):
        new_game(["A", "B", "C", "D", "E"])
    assert sorted(p.start for p in game(players=P3).state.players) == [1, 2, 3]
    assert sorted(p.start for p in game().state.players) == [1, 2, 3, 4]


@pytest.mark.rule("fresco setup.start")
def test_start_spaces_drawn_at_random_from_the_bag():
    orders = {tuple(p.start for p in new_game(P4, seed=s).state.players) for s in range(20)}
    assert len(orders) > 3
    again = tuple(p.start for p in new_game(P4, seed=5).state.players)
    assert again == tuple(p.start for p in new_game(P4, seed=5).state.players)


@pytest.mark.rule("fresco setup.player")
def test_starting_resources():
    s = game().state
    for p in s.players:
        assert p.thalers == 12 and p.paints == (1, 1, 1, 0, 0, 0) and p.apprentices == 5
        assert p.vp == 0 and p.tiles == () and p.mood == data.MOOD_START
    assert s.bank == 196 - 4 * 12
    assert s.supply == (13, 13, 13, 9, 9, 9)
    assert game(players=P3).state.supply == (14, 14, 14, 9, 9, 9)


@pytest.mark.rule("fresco setup.market")
def test_market_setup_for_3_and_4_players():
    s4 = game().state
    assert [len(b) for b in s4.booths] == [4, 3, 3, 3] and len(s4.bag) == 1 and s4.removed == ()
    s3 = game(players=P3).state
    assert [len(b) for b in s3.booths] == [3, 3, 3] and len(s3.bag) == 2
    assert s3.removed == data.REMOVED_FOR_3 and not set(s3.removed) & set(s3.bag)
    assert not rules.invariants(s3) and not rules.invariants(s4)


@pytest.mark.rule("fresco setup.fresco")
def test_fresco_centre_tile_and_bishop():
    for seed in range(5):
        s = new_game(P4, seed=seed).state
        assert data.FRESCO_TILES[s.fresco[board.CENTRE_INDEX]].value == 11
        assert s.bishop == board.CENTRE_INDEX and sorted(s.fresco) == list(range(25))
    layouts = {new_game(P4, seed=seed).state.fresco for seed in range(5)}
    assert len(layouts) > 1


def test_unknown_options_are_refused():
    with pytest.raises(ValueError):
        new_game(P4, colour="red")
    with pytest.raises(ValueError):
        new_game(P4, ruleset="deluxe")
    with pytest.raises(ValueError):
        new_game(P4, switches={"unlimited_paints": "yes"})
