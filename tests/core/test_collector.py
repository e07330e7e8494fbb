"""core.collector.many_games: the collector's first threshold raised for a run of games,
and put back as it was (nested blocks, errors, threads)."""

from __future__ import annotations

import gc
import threading

import pytest

from fresco_kit.core.collector import YOUNG_OBJECTS, many_games


@pytest.fixture
def thresholds():
    """The collector at CPython's default thresholds for the test, as it was after it."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_the_threshold_is_raised_inside_and_restored_after(thresholds):
    """Inside a block (and a nested one) the first threshold is raised; after it, as before."""
    with many_games():
        assert gc.get_threshold() == (YOUNG_OBJECTS, 10, 10)
        with many_games():  # nested: still raised
            assert gc.get_threshold()[0] == YOUNG_OBJECTS
        assert gc.get_threshold()[0] == YOUNG_OBJECTS  # the inner block does not restore early
    assert gc.get_threshold() == (700, 10, 10)


def test_an_error_restores_it_and_a_higher_setting_is_kept(thresholds):
    """An error inside restores the setting; a threshold already higher is never lowered."""
    with pytest.raises(KeyError), many_games():
        raise KeyError("x")
    assert gc.get_threshold() == (700, 10, 10)
    gc.set_threshold(50_000, 10, 10)
    with many_games():
        assert gc.get_threshold()[0] == 50_000  # never lowered
    assert gc.get_threshold() == (50_000, 10, 10)


def test_blocks_in_two_threads_restore_once_the_last_ends(thresholds):
    """Two threads' blocks overlap: the setting is put back only when the last one ends."""
    inside, release = threading.Barrier(2), threading.Event()

    def play() -> None:
        with many_games():
            inside.wait()
            release.wait()

    worker = threading.Thread(target=play)
    worker.start()
    with many_games():
        inside.wait()  # both blocks are open
    assert gc.get_threshold()[0] == YOUNG_OBJECTS  # the worker's block is still open
    release.set()
    worker.join()
    assert gc.get_threshold() == (700, 10, 10)
