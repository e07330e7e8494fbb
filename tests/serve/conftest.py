"""Fixtures of the served classroom's tests: an app over a fresh SQLite file, a client that
speaks to it in-process (Starlette's TestClient runs the lifespan and WebSockets), and helpers
that wait for a condition (never a fixed sleep)."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from fresco_kit.serve.app import create_app

TOKEN = "teacher-token-for-tests"
TEACHER = {"authorization": f"Bearer {TOKEN}"}
BASE = "http://127.0.0.1:8765"


def wait_for(condition: Callable[[], Any], timeout: float = 60.0, what: str = "a condition") -> Any:
    """Poll ``condition`` until it is true (returned), failing after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


@pytest.fixture
def db(tmp_path):
    return tmp_path / "classroom.sqlite3"


@pytest.fixture
def make_client(db) -> Iterator[Callable[..., TestClient]]:
    """``make_client(**create_app options)``: a running app over ``db`` (closed after the test)."""
    opened: list[TestClient] = []

    def make(**options: Any) -> TestClient:
        options.setdefault("burst", 1e9)
        options.setdefault("rate", 1e9)
        client = TestClient(create_app(db, TOKEN, **options), base_url=BASE)
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client) -> TestClient:
    """An app whose seats are not rate limited (the tests poll fast; test_security tests the limit)."""
    return make_client(burst=1e9, rate=1e9)


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    """A new table through the API (201), its answer."""
    r = client.post("/api/tables", json=body, headers=TEACHER)
    assert r.status_code == 201, r.text
    return r.json()


def seat_of(client: TestClient, table: dict[str, Any], name: str) -> dict[str, Any]:
    """What the API tells seat ``name``."""
    r = client.get(f"/api/tables/{table['id']}/seat/{table['seats'][name]['token']}")
    assert r.status_code == 200, r.text
    return r.json()


def people_moving(client: TestClient, table: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A person's seat that must move now (with its data), or None."""
    for name in table["seats"]:
        data = seat_of(client, table, name)
        if data["your_turn"] and data["moves"]:
            return name, data
    return None


def play(client: TestClient, table: dict[str, Any], name: str, move: str):
    return client.post(f"/api/tables/{table['id']}/seat/{table['seats'][name]['token']}/moves", json={"move": move})


def play_moves(client: TestClient, table: dict[str, Any], n: int) -> list[str]:
    """Play ``n`` moves of people (the first legal move each time; bots answer between), or
    until the game ends; returns the moves played."""
    played = []
    for _ in range(n):
        found = wait_for(lambda: people_moving(client, table) or summary(client, table)["over"], what="a person to move")
        if found is True:
            break
        name, data = found
        r = play(client, table, name, data["moves"][0])
        assert r.status_code == 200, r.text
        played.append(data["moves"][0])
    return played


def summary(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    r = client.get("/api/tables", headers=TEACHER)
    assert r.status_code == 200
    return next(t for t in r.json()["tables"] if t["id"] == table["id"])


def players_of(info, n: int | None = None) -> list[str]:
    return info.players(n or min(info.player_counts))
