"""Structure of the Sistine Chapel: the twelve places as a graph, and chapel queries.

The layout (places, adjacency edges, drawing coordinates) is data in
``seeds/sixtina.toml`` (illustrative reading of the rulebook's picture; public sources, see seeds/README.md):
Jesus Christ, Genesis and Moses columns side by side, rows adjacent across columns,
vertical neighbours adjacent, each Last Judgment place adjacent to the two above it
(*Completing the Restoration of Frescoes, 5. New Restorations*).  networkx is imported
only when :func:`chapel_graph` is called.
"""

from __future__ import annotations

from typing import Any

from fresco_kit.core.graphs import graph_from_edges

from .codes import EMPTY, PLACES, STATUS_NAMES, D
from .completion import revealable
from .state import State


def chapel_graph(state: State | None = None) -> Any:
    """The chapel as a ``networkx.Graph`` of place names (``JC1`` .. ``LJ2``).

    Node attributes: ``pos`` (x, y for drawing) and ``deck``; with a ``state`` also
    ``fresco`` (card id), ``name``, ``type``, ``status`` ("covered" / "visible" /
    "restored"), ``revealable`` (may be uncovered next) and ``zone`` (colour on the
    zone icon or None)."""
    attrs: dict = {"deck": dict(D.place_deck)}
    if state is not None:
        nxt = {PLACES[p] for p in revealable(state)}
        attrs.update(
            fresco={PLACES[p]: f for p, f in enumerate(state.frescoes)},
            name={PLACES[p]: D.fresco_by_id[f].name for p, f in enumerate(state.frescoes)},
            type={PLACES[p]: D.fresco_by_id[f].type for p, f in enumerate(state.frescoes)},
            status={PLACES[p]: STATUS_NAMES[s] for p, s in enumerate(state.status)},
            revealable={p: p in nxt for p in PLACES},
            zone={PLACES[p]: (state.colours[z] if z != EMPTY else None) for p, z in enumerate(state.zone)},
        )
    return graph_from_edges(PLACES, D.edges, pos=D.place_xy, **attrs)


def revealable_places(state: State) -> list[str]:
    """Covered places that may be uncovered next (orthogonally adjacent to a visible one)."""
    return [PLACES[p] for p in revealable(state)]


def place_status(state: State) -> dict[str, str]:
    """place -> "covered" / "visible" / "restored"."""
    return {PLACES[p]: STATUS_NAMES[s] for p, s in enumerate(state.status)}


def neighbours(place: str) -> tuple[str, ...]:
    """The places orthogonally adjacent to ``place`` (from the data's edge list)."""
    return D.neighbours[place]
