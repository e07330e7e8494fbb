"""Structure of the Sistine Chapel as a networkx graph."""
from __future__ import annotations

import pytest

from fresco_kit.sixtina.chapel import chapel_graph, neighbours, place_status, revealable_places

from .helpers import RWB, ready_game


@pytest.mark.rule("sixtina complete.new")
def test_chapel_graph_nodes_edges_and_state_attributes():
    g = chapel_graph()
    assert g.number_of_nodes() == 12 and g.number_of_edges() == 17
    assert set(g["LJ1"]) == {"JC3", "G4"} and set(g["LJ2"]) == {"G4", "M3"}
    assert g.nodes["G4"]["pos"][1] < g.nodes["G3"]["pos"][1]
    s = ready_game(RWB, seed=1).state
    g = chapel_graph(s)
    assert {n for n, d in g.nodes(data=True) if d["revealable"]} == set(revealable_places(s)) == {"JC2", "G2", "M2"}
    assert g.nodes["G1"]["status"] == "visible" and g.nodes["LJ1"]["status"] == "covered"
    assert place_status(s)["JC1"] == "visible" and neighbours("G1") == ("JC1", "G2", "M1")
