"""The served tables on disk: one SQLite file (stdlib :mod:`sqlite3`), one row per table.

A row holds the table's meta data (game, seats, tokens, undo policy, paused, ended, times,
the table model's :attr:`~fresco_kit.core.table.TableModel.memo`) as JSON and the game in the
kit's JSON save format; the cited log is kept one entry a row (JSON), written as it grows, so
a commit costs the new entries, not the whole log.  :meth:`Store.put` writes a row in one
transaction (WAL journal, ``synchronous=FULL``): once it returns, the row survives a
``kill -9`` of the server, so the service commits every move before any seat is told.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    save TEXT NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS log (
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
)
"""


def default_db() -> Path:
    """The default database file: ``$XDG_DATA_HOME/fresco_kit/classroom.sqlite3``
    (``~/.local/share/fresco_kit/classroom.sqlite3`` when XDG_DATA_HOME is not set)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "fresco_kit" / "classroom.sqlite3"


@dataclass(frozen=True)
class Row:
    """One stored table: its id, meta data (a dict) and save (JSON text)."""

    id: str
    meta: dict[str, Any]
    save: str


class Store:
    """The tables of one SQLite file (made with its folder when missing)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)

    def put(self, row: Row, updated: float, log_from: int = 1, entries: Sequence[Any] = ()) -> None:
        """Write ``row`` (insert or replace) and its log from entry ``log_from`` on (the
        ``entries`` numbered from there; any later stored entry is dropped) in one committed
        transaction."""
        meta = json.dumps(row.meta, sort_keys=True)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT OR REPLACE INTO tables (id, meta, save, updated) VALUES (?, ?, ?, ?)",
                    (row.id, meta, row.save, updated),
                )
                self._db.execute("DELETE FROM log WHERE table_id = ? AND number >= ?", (row.id, log_from))
                self._db.executemany(
                    "INSERT INTO log (table_id, number, entry) VALUES (?, ?, ?)",
                    [(row.id, log_from + i, json.dumps(e, sort_keys=True)) for i, e in enumerate(entries)],
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def rows(self) -> Iterator[Row]:
        """Every stored table, oldest first."""
        with self._lock:
            found = self._db.execute("SELECT id, meta, save FROM tables ORDER BY rowid").fetchall()
        for id_, meta, save in found:
            yield Row(id_, json.loads(meta), save)

    def log(self, table_id: str) -> list[Any]:
        """The stored log of a table, oldest first."""
        with self._lock:
            found = self._db.execute("SELECT entry FROM log WHERE table_id = ? ORDER BY number", (table_id,)).fetchall()
        return [json.loads(entry) for (entry,) in found]

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()
