"""The served tables on disk: one SQLite file (stdlib :mod:`sqlite3`), one row per table.

A row holds the table's meta data (game, seats, tokens, undo policy, paused, ended, times,
the table model's :attr:`~fresco_kit.core.table.TableModel.memo`) as JSON, the game in the
kit's JSON save format and the cited log as JSON.  :meth:`Store.put` writes a row in one
transaction (WAL journal, ``synchronous=FULL``): once it returns, the row survives a
``kill -9`` of the server, so the service commits every move before any seat is told.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    save TEXT NOT NULL,
    log TEXT NOT NULL,
    updated REAL NOT NULL
)
"""


def default_db() -> Path:
    """The default database file: ``$XDG_DATA_HOME/fresco_kit/classroom.sqlite3``
    (``~/.local/share/fresco_kit/classroom.sqlite3`` when XDG_DATA_HOME is not set)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "fresco_kit" / "classroom.sqlite3"


@dataclass(frozen=True)
class Row:
    """One stored table: its id, meta data (a dict), save (JSON text) and log (a list)."""

    id: str
    meta: dict[str, Any]
    save: str
    log: list[Any]


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
            self._db.execute(SCHEMA)

    def put(self, row: Row, updated: float) -> None:
        """Write ``row`` (insert or replace) in one committed transaction."""
        meta = json.dumps(row.meta, sort_keys=True)
        log = json.dumps(row.log, sort_keys=True)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT OR REPLACE INTO tables (id, meta, save, log, updated) VALUES (?, ?, ?, ?, ?)",
                    (row.id, meta, row.save, log, updated),
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def rows(self) -> Iterator[Row]:
        """Every stored table, oldest first."""
        with self._lock:
            found = self._db.execute("SELECT id, meta, save, log FROM tables ORDER BY rowid").fetchall()
        for id_, meta, save, log in found:
            yield Row(id_, json.loads(meta), save, json.loads(log))

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()
