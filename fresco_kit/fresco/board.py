"""The fresco grid and the bishop's neighbourhood (Fresco rulebook, Cathedral).

The fresco is a 5x5 grid of segments; squares are ``(row, col)`` pairs, 0-based, with
the centre at (2, 2).  Adjacency is the king move (vertical, horizontal or diagonal),
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

Square = tuple[int, int]
SQUARES: tuple[Square, ...] = tuple((r, c) for r in range(ROWS) for c in range(COLS))
CENTRE_INDEX: int = CENTRE[0] * COLS + CENTRE[1]


def index(square: Square) -> int:
    """Position of ``(row, col)`` in the state's 25-entry fresco tuple."""
    return square[0] * COLS + square[1]


def square(idx: int) -> Square:
    """Inverse of :func:`index`."""
    return divmod(idx, COLS)


def on_grid(sq: Square) -> bool:
    """Whether ``(row, col)`` is a segment of the 5x5 fresco."""
    return 0 <= sq[0] < ROWS and 0 <= sq[1] < COLS


def fresco_graph() -> Any:
    """The fresco as a networkx graph: nodes ``(row, col)``, king-move edges.

    Node attribute ``pos`` is ``(col, -row)`` for drawing.  networkx is imported here,
    lazily by ``grid_graph`` (importing ``fresco_kit.fresco`` does not import it)."""
    return grid_graph(ROWS, COLS, diagonal=True)


@lru_cache(maxsize=1)
def neighbours() -> tuple[frozenset[int], ...]:
    """For each square index, the indices adjacent to it (king move: the 8 directions of
    the bishop's step).  Computed on the grid, so the rules never import networkx; the
    same adjacency as :func:`fresco_graph` (a test checks it)."""
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
    return tuple(
        frozenset(index((r + dr, c + dc)) for dr, dc in steps if on_grid((r + dr, c + dc))) for r, c in SQUARES
    )
