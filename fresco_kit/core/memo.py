"""Work kept per state: a published state never changes, so what a function of it gives
does not either.

:func:`last_states` keeps a function's answers for the last two states it worked out,
found by the state's identity (a state is a record with no cheap hash; identity is exact,
since the kept entry holds the state alive).  The random players use it for the work
that does not depend on their draws: the runner's rule tracing draws a second move from
each state a bot has drawn from (``fresco_kit.sim.runner``: its refusal candidate comes
from the previous decision's state, drawn after the bot's draw from the next state, hence
two).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

S = TypeVar("S")
R = TypeVar("R")


def last_states(fn: Callable[[S], R]) -> Callable[[S], R]:
    """``fn(state)``, kept for the last two states it was worked out for (a newer one pushes
    out the older; asking again moves nothing): a random player's draw asks it once, so
    the check costs two identity tests.  What it gives
    is shared: read it, never change it.  Each entry is one tuple, replaced whole, so
    threads may share them."""
    newest: tuple[S, R] | tuple[None, None] = (None, None)
    older: tuple[S, R] | tuple[None, None] = (None, None)

    @wraps(fn)
    def known(state: S) -> R:
        nonlocal newest, older
        entry = newest
        if entry[0] is state:
            return entry[1]  # type: ignore[return-value]
        if older[0] is state:
            return older[1]  # type: ignore[return-value]
        value = fn(state)
        newest, older = (state, value), entry
        return value

    return known
