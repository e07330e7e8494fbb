"""The garbage collector's pace while many games are played in a row.

A played game keeps its history (each action, its events and the state before it) until
it ends, so a run of games makes thousands of objects that live for a game and then go
together.  CPython looks for reference cycles among young objects after every 700 new ones
(its first threshold), which here means a collection every few actions, each walking
objects that are still in use: 4 to 6% of a random game's time.  :func:`many_games` raises
that threshold for a block of games; the bench, soak and simulation loops use it.
Measured with ``fresco-kit bench`` (300 games): 6 to 11% more games a second in each of the
three games.  Memory stays bounded: at most :data:`YOUNG_OBJECTS` young objects wait for a
collection, and nothing is switched off.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: young objects allowed between two collections inside :func:`many_games` (CPython: 700)
YOUNG_OBJECTS = 10_000

_lock = threading.Lock()
_open = 0  # how many many_games blocks are open (in any thread)
_before: tuple[int, ...] = ()  # the thresholds the first of them found


@contextmanager
def many_games() -> Iterator[None]:
    """A block that plays many games: the collector's first threshold is at least
    :data:`YOUNG_OBJECTS` while any such block is open (blocks nest and may run in several
    threads: the setting is the process's), and as it was once the last one ends, even
    on an error."""
    global _open, _before
    with _lock:
        if not _open:
            _before = gc.get_threshold()
            gc.set_threshold(max(_before[0], YOUNG_OBJECTS), *_before[1:])
        _open += 1
    try:
        yield
    finally:
        with _lock:
            _open -= 1
            if not _open:
                gc.set_threshold(*_before)
