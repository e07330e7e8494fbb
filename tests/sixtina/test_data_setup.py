"""Rule data (Components) and Setup, steps 1-9, for 2, 3 and 4 players."""
from __future__ import annotations

from collections import Counter

import pytest

from fresco_kit.core.data import check_provenance, load_seed
from fresco_kit.sixtina import new_game
from fresco_kit.sixtina.setup import initial_places, reveal_initial_technique
from fresco_kit.sixtina.state import COVERED, CORRECT, EMPTY, VISIBLE

from .helpers import PLACES, RWB, D, constructed_state, rules
from .helpers import owed

NAMES = ["Red", "White", "Blue", "Yellow"]


def test_data_counts_and_provenance():
    assert len(D.cards) == 84
    assert Counter(c.technique for c in D.cards) == {t: 14 for t in D.techniques}
    assert all(c.icon in (0.5, 1.0, 1.5) for c in D.cards)
    assert len(D.frescoes) == 26
    assert Counter(f.deck for f in D.frescoes) == {"jesus_christ": 6, "genesis": 9, "moses": 6, "last_judgment": 5}
    assert len(D.objectives) == 12 and len(D.sheets) == 9
    assert {k: (v.materials, v.black_materials) for k, v in D.player_counts.items()} == {
        2: (15, 3), 3: (14, 3), 4: (13, 4)}
    raw = load_seed("sixtina")
    for key in ("frescoes", "objectives", "sheets", "technique_cards", "player_counts"):
        for i, entry in enumerate(raw[key]):
            check_provenance(entry, f"{key}[{i}]")
    assert "chapel layout" in D.illustrative


def _entries(node, where="sixtina.toml"):
    """Every table of the seed that carries a provenance, with where it sits."""
    if isinstance(node, dict):
        if "provenance" in node:
            yield where, node
        for k, v in node.items():
            yield from _entries(v, f"{where}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _entries(v, f"{where}[{i}]")


def test_rulebook_and_public_entries_cite_a_source():
    # seeds/README.md, Schema conventions: rulebook/public entries name their source
    entries = list(_entries(load_seed("sixtina")))
    cited = [(w, e) for w, e in entries if e["provenance"] in ("rulebook", "public")]
    assert cited, "the seed has rulebook entries"
    for where, entry in cited:
        assert isinstance(entry.get("source"), str) and entry["source"].startswith("1980 Sixtina rulebook"), where



def test_rulebook_example_values_exist_in_the_data():
    adam = D.fresco_by_id["genesis_4"]
    assert adam.scores == (12, 5, 4)
    assert dict(adam.techniques)["repainting"] == 6 and dict(adam.techniques)["solvent_sponge"] == 2
    plaster = sorted(dict(f.techniques).get("plaster_injection", 0) for f in D.frescoes)
    assert 8 in plaster and 9 in plaster


def test_chapel_layout_edges():
    nb = D.neighbours
    assert set(nb["LJ1"]) == {"JC3", "G4"} and set(nb["LJ2"]) == {"G4", "M3"}
    assert set(nb["G1"]) == {"JC1", "M1", "G2"}
    assert "JC1" not in nb["G2"]          # orthogonal only, never diagonal


@pytest.mark.rule("sixtina setup.chapel")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_chapel_drawn_by_deck(n):
    for seed in range(5):
        s = new_game(NAMES[:n], seed=seed).state
        decks = Counter(D.fresco_by_id[f].deck for f in s.frescoes)
        assert decks == {"jesus_christ": 3, "genesis": 4, "moses": 3, "last_judgment": 2}
        assert all(D.fresco_by_id[f].deck == D.place_deck[p] for f, p in zip(s.frescoes, PLACES))
        assert len(set(s.frescoes)) == 12
    assert len({new_game(NAMES[:n], seed=k).state.frescoes for k in range(6)}) > 1


@pytest.mark.rule("sixtina setup.sheets")
@pytest.mark.parametrize("n,visible", [(2, {"JC1", "G1", "M1"}), (3, {"JC1", "G1", "M1"}),
                                       (4, {"JC1", "G1", "G2", "M1"})])
def test_sheets_cover_all_but_the_tops(n, visible):
    s = new_game(NAMES[:n], seed=1).state
    assert {PLACES[i] for i, st in enumerate(s.status) if st == VISIBLE} == visible
    assert sum(st == COVERED for st in s.status) == 12 - len(visible)


@pytest.mark.rule("sixtina setup.objectives")
def test_three_objectives_with_the_side_for_the_count():
    for n in (2, 3, 4):
        s = new_game(NAMES[:n], seed=3).state
        assert len(s.objectives) == 3 and len(set(s.objectives)) == 3
    o = D.objective_by_id["materials8"]
    assert o.points(4) == o.points_4 and o.points(3) == o.points_2_3 != o.points_4


@pytest.mark.rule("sixtina setup.hands")
def test_five_cards_each_rest_deck():
    s = new_game(RWB, seed=2).state
    assert [len(h) for h in s.hands] == [5, 5, 5]
    assert len(s.deck) + len(s.discard) == 84 - 15


@pytest.mark.rule("sixtina setup.materials", "sixtina setup.black", "sixtina two.prep")
@pytest.mark.parametrize("n,materials,black", [(2, 15, 3), (3, 14, 3), (4, 13, 4)])
def test_materials_and_black(n, materials, black):
    s = new_game(NAMES[:n], seed=4).state
    assert s.play == (4,) * n
    assert all(s.supply[i] == materials - 4 - 1 for i in range(n))       # score marker from the supply
    assert s.black == black
    assert not rules.invariants(s)
    if n == 2:   # Gianluigi: 15 of a third colour, one on 15 and one on each objective's second space
        assert s.colours[2] == "Gianluigi" and s.score[2] == 15
        assert all(spaces == (EMPTY, 2, EMPTY) for spaces in s.claims)
        assert s.supply[2] == 15 - 1 - 3


@pytest.mark.rule("sixtina setup.score")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_starting_scores_clockwise_from_the_start_player(n):
    starts = set()
    for seed in range(12):
        s = new_game(NAMES[:n], seed=seed).state
        starts.add(s.start)
        for k in range(n):
            assert s.score[(s.start + k) % n] == 2 * k
    assert len(starts) > 1   # chosen at random


@pytest.mark.rule("sixtina setup.initial")
def test_initial_restorations_in_clockwise_order_on_top_spaces():
    from .helpers import ready_game
    game = new_game(RWB, seed=5)
    order = []
    while game.state.pending and game.state.pending[0].KIND == "initial":
        seat, technique = game.state.acting_seat, game.state.pending[0].technique
        order.append(seat)
        options = game.legal_actions()
        assert [PLACES.index(a.place) for a in options] == initial_places(game.state, technique)
        supply = game.state.supply[seat]
        game.play(options[-1])
        assert game.state.supply[seat] == supply - 1
    s = game.state
    assert order == [(s.start + k) % 3 for k in range(3)]
    codes = [c for row in s.spaces for c in row if c != EMPTY]
    assert len(codes) == 3 and all(c >> 3 == CORRECT for c in codes)
    assert s.current == s.start and not s.pending
    assert ready_game(RWB, seed=5).state.current == s.start


@pytest.mark.rule("sixtina setup.initial")
def test_initial_technique_absent_is_discarded_and_another_revealed():
    # only Creation of Adam is visible: it has no Plaster Injection
    s = constructed_state(RWB, chapel={"G1": "genesis_4"}, status={"JC1": "covered", "M1": "covered"})
    plaster = [c for c in s.deck if D.cards[c].technique == "plaster_injection"][:2]
    adam = [c for c in s.deck if D.cards[c].technique == "repainting"][:1]
    rest = [c for c in s.deck if c not in plaster + adam]
    s = s.evolve(deck=tuple(rest + adam + plaster),   # top of the deck last: two Plaster, then Repainting
                 initial_left=3)
    events = []
    reveal_initial_technique(s, events)
    assert s.pending == owed(s, "initial", 0, D.techniques.index("repainting"))
    assert set(plaster + adam) <= set(s.discard)
    assert sum("discarded" in e.text for e in events) == 2
    assert all(e.rule.id == "setup.initial" for e in events)


@pytest.mark.rule("sixtina setup.initial", "sixtina turn.pending")
def test_turn_actions_refused_during_setup():
    game = new_game(RWB, seed=5)
    verdict = game.explain(rules.Prepare())
    assert not verdict.ok and verdict.reasons[0][1].id == "setup.initial"


def test_bad_options_refused():
    with pytest.raises(ValueError):
        new_game(["A"], seed=0)
    with pytest.raises(ValueError):
        new_game(RWB, seed=0, variant="nope")
    with pytest.raises(ValueError):
        new_game(["A", "Gianluigi"], seed=0)
    with pytest.raises(ValueError):
        new_game(RWB, seed=0, colour="x")
