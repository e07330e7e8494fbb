"""networkx graph builders for boards (networkx is imported when a graph is built, never
at module level, so importing core does not load it; the graphs are typed ``Any``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def graph_from_edges(
    nodes: Iterable[str],
    edges: Iterable[tuple[str, str]],
    pos: Mapping[str, tuple[float, float]] | None = None,
    **node_attrs: Mapping[str, Any],
) -> Any:
    """An undirected ``networkx.Graph`` with ``pos`` and any other per-node attribute mappings."""
    import networkx as nx

    g = nx.Graph()
    for n in nodes:
        g.add_node(n)
    for a, b in edges:
        if a not in g or b not in g:
            raise ValueError(f"edge {a}-{b} names an unknown node")
        g.add_edge(a, b)
    if pos is not None:
        nx.set_node_attributes(g, dict(pos), "pos")
    for name, values in node_attrs.items():
        nx.set_node_attributes(g, dict(values), name)
    return g


def grid_graph(rows: int, cols: int, diagonal: bool = False) -> Any:
    """A ``networkx.Graph``: a ``rows``×``cols`` grid of ``(row, col)`` nodes; ``diagonal`` adds king moves."""
    import networkx as nx

    g = nx.Graph()
    steps = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if diagonal else [])
    for r in range(rows):
        for c in range(cols):
            g.add_node((r, c), pos=(c, -r))
            for dr, dc in steps:
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    g.add_edge((r, c), (rr, cc))
    return g
