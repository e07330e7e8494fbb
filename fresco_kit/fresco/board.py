"""The fresco grid and the bishop's neighbourhood (Fresco rulebook, Cathedral).

The fresco is a 5x5 grid of segments.  A square is a ``(row, col)`` pair counted from 1,
as the board's labels, the refusals, the typed moves (``restore Red 2,3``) and every
function of the kit a player calls write it: (1, 1) is the top-left segment and the
centre is (3, 3).  Only the state counts otherwise: it keeps each segment at an index
0-24 of its 25-entry fresco tuple, and :func:`index` and :func:`square` are the one
place that converts.  Adjacency is the king move (vertical, horizontal or diagonal),
used by "Moving the bishop" and "The bishop's bonus points".  The single definition
is :func:`fresco_graph` (a networkx graph built by
``fresco_kit.core.graphs.grid_graph``); :func:`neighbours` derives plain-data
adjacency from it once, so the engine's hot loops need not touch networkx.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fresco_kit.core.graphs import grid_graph

from .data import CENTRE, COLS, ROWS

#: a segment's ``(row, col)``, each counted from 1
Square = tuple[int, int]
SQUARES: tuple[Square, ...] = tuple((r, c) for r in range(1, ROWS + 1) for c in range(1, COLS + 1))


def index(square: Square) -> int:
    """Position of segment ``(row, col)`` (counted from 1) in the state's 25-entry fresco tuple."""
    return (square[0] - 1) * COLS + square[1] - 1


def square(idx: int) -> Square:
    """Inverse of :func:`index`: the ``(row, col)``, counted from 1, of the segment at ``idx``."""
    row, col = divmod(idx, COLS)
    return (row + 1, col + 1)


def on_grid(sq: Square) -> bool:
    """Whether ``(row, col)`` is a segment of the 5x5 fresco (rows and columns 1-5)."""
    return 1 <= sq[0] <= ROWS and 1 <= sq[1] <= COLS


CENTRE_INDEX: int = index(CENTRE)


def fresco_graph() -> Any:
    """The fresco as a networkx graph: nodes ``(row, col)`` counted from 1, king-move edges.

    Node attribute ``pos`` is ``(col - 1, 1 - row)`` for drawing (the top-left segment at
    the origin).  networkx is imported here, lazily by ``grid_graph`` (importing
    ``fresco_kit.fresco`` does not import it)."""
    import networkx as nx

    return nx.relabel_nodes(grid_graph(ROWS, COLS, diagonal=True), {(r - 1, c - 1): (r, c) for r, c in SQUARES})


@lru_cache(maxsize=1)
def neighbours() -> tuple[frozenset[int], ...]:
    """For each square index, the indices adjacent to it (king move: the 8 directions of
    the bishop's step).  Computed on the grid, so the rules never import networkx; the
    same adjacency as :func:`fresco_graph` (a test checks it)."""
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
    return tuple(
        frozenset(index((r + dr, c + dc)) for dr, dc in steps if on_grid((r + dr, c + dc))) for r, c in SQUARES
    )
