"""A load benchmark of the served classroom: people at tables, moving at a human pace.

``python -m fresco_kit.serve.load`` (``make load``) starts ``fresco-kit serve`` on a free
port of 127.0.0.1 with a fresh database and seats people at tables of every kit game (29 seats
at 8 tables by default, each game at its usual player count) and at two more tables where one
person plays against greedy bots.  It opens one WebSocket per seat, as the seat pages do, and
has each table's acting seat make a legal move every ``--pace`` seconds (a random 0.5 to 1.5
times the pace).  For every move it times how long each seat of the table waits, from the
move's request to that seat's own update over its WebSocket.  It prints the median and 95th
percentile of those times, the server's memory (resident set, its children included) at the
end, and every error (a refused request, a seat that got no update within ``--timeout``
seconds).  ``--voila N`` also opens N table pages of the Voilà classroom and reports its
memory, for comparison.

A bounded asyncio client (httpx and websockets), not a timed test: ``tests/serve`` runs it on a
tiny size to keep it working.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from fresco_kit.core import registry


@dataclass
class Report:
    """What the benchmark measured."""

    moves: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds, one per seat per move
    errors: list[str] = field(default_factory=list)
    server_rss: int = 0  # bytes
    voila_rss: int = 0
    voila_pages: int = 0
    seats: int = 0
    tables: int = 0

    def percentile(self, q: float) -> float:
        """The ``q`` quantile of the latencies in milliseconds (nearest rank)."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered), max(1, math.ceil(q * len(ordered)))) - 1]

    def text(self) -> str:
        """The report as a few lines."""
        lines = [
            f"{self.tables} tables, {self.seats} seats with a browser each, {self.moves} moves",
            f"move to every seat's update: median {1000 * statistics.median(self.latencies):.1f} ms, "
            f"95th percentile {self.percentile(0.95):.1f} ms, max {1000 * max(self.latencies):.1f} ms "
            f"({len(self.latencies)} updates)"
            if self.latencies
            else "no update was measured",
            f"server memory (resident, with its children): {self.server_rss / 2**20:.0f} MiB",
            f"errors: {len(self.errors)}",
        ]
        lines += [f"  {e}" for e in self.errors[:20]]
        if self.voila_pages:
            lines.append(
                f"Voilà classroom with {self.voila_pages} table pages open: {self.voila_rss / 2**20:.0f} MiB resident"
            )
        return "\n".join(lines)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def tree_rss(pid: int) -> int:
    """The resident memory of process ``pid`` and all its descendants, in bytes."""
    import psutil  # type: ignore[import-untyped]  # installed with jupyter (the lab and test extras)

    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    total = 0
    for p in procs:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += p.memory_info().rss
    return total


async def wait_until_up(url: str, proc: subprocess.Popen[bytes], deadline: float) -> None:
    """Wait until ``url`` answers (or the process ended, or ``deadline`` passed)."""
    async with httpx.AsyncClient() as client:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"the server ended with status {proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                await client.get(url, timeout=1)
                return
            await asyncio.sleep(0.05)
    raise RuntimeError(f"{url} did not answer in time")


def stop(proc: subprocess.Popen[bytes], timeout: float) -> None:
    """End ``proc``: asked to stop, killed if it has not within ``timeout`` seconds."""
    proc.terminate()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextlib.contextmanager
def server(db: Path, token: str, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """``fresco-kit serve`` in a process of its own, stopped at the end."""
    cmd = [sys.executable, "-m", "fresco_kit.cli", "serve", "--port", str(port), "--db", str(db)]
    proc = subprocess.Popen([*cmd, "--teacher-token", token], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        yield proc
    finally:
        stop(proc, 10)


class Seat:
    """One seat's browser: its WebSocket and the times its updates arrived."""

    def __init__(self, table: str, name: str, token: str):
        self.table, self.name, self.token = table, name, token
        self.arrivals: list[float] = []
        self.changed = asyncio.Event()

    async def listen(self, base: str, opened: asyncio.Event, report: Report) -> None:
        """Receive this seat's updates until cancelled."""
        url = base.replace("http://", "ws://") + f"/ws/t/{self.table}/s/{self.token}"
        try:
            async with websockets.connect(url, origin=base, max_size=2**22) as ws:  # type: ignore[arg-type]
                first = True
                async for _ in ws:
                    self.arrivals.append(time.monotonic())
                    self.changed.set()
                    if first:
                        opened.set()
                        first = False
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a dropped socket is an error of the run, not a crash of it
            report.errors.append(f"{self.table}/{self.name}: websocket {type(exc).__name__}: {exc}")
            opened.set()

    async def update_after(self, t0: float, timeout: float) -> float | None:
        """Seconds from ``t0`` to this seat's first update after it (None: none within ``timeout``)."""
        end = t0 + timeout
        while True:
            later = [t for t in self.arrivals if t >= t0]
            if later:
                return later[0] - t0
            left = end - time.monotonic()
            if left <= 0:
                return None
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)


async def play_table(
    client: httpx.AsyncClient,
    base: str,
    seats: list[Seat],
    moves: int,
    pace: float,
    timeout: float,
    rng: random.Random,
    report: Report,
) -> None:
    """Make up to ``moves`` moves at this table, at a human pace, timing every seat's update."""
    by_name = {s.name: s for s in seats}
    table = seats[0].table
    for _ in range(moves):
        await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
        view = (await client.get(f"{base}/api/tables/{table}/seat/{seats[0].token}")).json()
        if view["over"] or view["ended"]:
            return
        acting = [by_name[p] for p in view["to_act"] if p in by_name]
        if not acting:
            continue  # the bots are moving: the next round of the loop looks again
        seat = acting[0]
        mine = (await client.get(f"{base}/api/tables/{table}/seat/{seat.token}")).json()
        if not mine["moves"]:
            continue
        move = rng.choice(mine["moves"])
        t0 = time.monotonic()
        answer = await client.post(f"{base}/api/tables/{table}/seat/{seat.token}/moves", json={"move": move})
        if answer.status_code != 200:
            report.errors.append(f"{table}: {move!r} answered {answer.status_code} {answer.text[:200]}")
            continue
        report.moves += 1
        waits = await asyncio.gather(*(s.update_after(t0, timeout) for s in seats))
        for s, wait in zip(seats, waits):
            if wait is None:
                report.errors.append(f"{table}/{s.name}: no update within {timeout} s of {move!r}")
            else:
                report.latencies.append(wait)


async def run(
    base: str,
    token: str,
    tables: int,
    bot_tables: int,
    moves: int,
    pace: float,
    timeout: float,
    seed: int,
    report: Report,
) -> None:
    """Create the tables, open every seat's socket, play, close."""
    rng = random.Random(seed)
    kit = [info for info in registry.games() if registry.GAMES[info.name].startswith("fresco_kit.")]
    auth = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(timeout=30) as client:
        plan: list[list[Seat]] = []
        for i in range(tables + bot_tables):
            info = kit[i % len(kit)]
            n = info.bench_players  # each game's usual table
            body: dict[str, Any] = {"game": info.name, "players": n, "seed": seed + i}
            if i >= tables:  # one person against greedy bots
                body["seats"] = ["human"] + ["greedy"] * (n - 1)
            made = await client.post(f"{base}/api/tables", json=body, headers=auth)
            if made.status_code != 201:
                raise RuntimeError(f"creating a table {body}: {made.status_code} {made.text}")
            data = made.json()
            plan.append([Seat(data["id"], name, s["token"]) for name, s in data["seats"].items()])
        report.tables = len(plan)
        report.seats = sum(len(p) for p in plan)
        opened = [asyncio.Event() for p in plan for _ in p]
        listeners = [
            asyncio.create_task(seat.listen(base, ev, report)) for seat, ev in zip((s for p in plan for s in p), opened)
        ]
        await asyncio.wait_for(asyncio.gather(*(ev.wait() for ev in opened)), 60)
        try:
            await asyncio.gather(
                *(
                    play_table(client, base, seats, moves, pace, timeout, random.Random(rng.random()), report)
                    for seats in plan
                )
            )
        finally:
            for task in listeners:
                task.cancel()
            await asyncio.gather(*listeners, return_exceptions=True)


async def voila_pages(pages: int, game: str, report: Report) -> None:
    """Open ``pages`` table pages of ``game`` in the Voilà classroom and read its memory once they are up."""
    port = free_port()
    root = Path(__file__).resolve().parents[2]
    env = os.environ | {"JUPYTER_PATH": str(root / "fresco_kit" / "share")}
    cmd = [
        sys.executable, "-m", "voila", str(root / "notebooks"), "--template=classroom", "--no-browser",
        f"--port={port}", "--Voila.ip=127.0.0.1", "--VoilaConfiguration.show_tracebacks=False",
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        await wait_until_up(base + "/voila/tree", proc, time.monotonic() + 120)
        async with httpx.AsyncClient(timeout=300) as client:
            for i in range(pages):
                answer = await client.get(f"{base}/voila/render/table.ipynb", params={"game": game, "seed": i})
                if answer.status_code != 200:
                    report.errors.append(f"voila page {i}: {answer.status_code}")
        report.voila_pages = pages
        report.voila_rss = tree_rss(proc.pid)
    finally:
        stop(proc, 20)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its report; the exit status is 1 when any error was seen."""
    p = argparse.ArgumentParser(prog="python -m fresco_kit.serve.load", description=__doc__.split("\n\n")[1])
    p.add_argument("--tables", type=int, default=8, help="tables of people (default 8: 29 seats)")
    p.add_argument("--bot-tables", type=int, default=2, help="tables of one person and bots (default 2)")
    p.add_argument("--moves", type=int, default=30, help="moves per table (default 30)")
    p.add_argument("--pace", type=float, default=2.0, help="seconds between a table's moves, on average (default 2)")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds a seat may wait for its update (default 10)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--voila", type=int, default=0, metavar="N", help="also open N Voilà table pages and report memory")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    args = p.parse_args(argv)
    report = Report()
    token = secrets.token_urlsafe(16)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp, server(Path(tmp) / "load.sqlite3", token, port) as proc:
        asyncio.run(wait_until_up(base + "/teacher", proc, time.monotonic() + 60))
        study = (args.tables, args.bot_tables, args.moves, args.pace, args.timeout, args.seed)
        asyncio.run(run(base, token, *study, report))
        report.server_rss = tree_rss(proc.pid)
    if args.voila:
        first = next(info.name for info in registry.games() if registry.GAMES[info.name].startswith("fresco_kit."))
        asyncio.run(voila_pages(args.voila, first, report))
    if args.json:
        print(json.dumps({k: v for k, v in vars(report).items() if k != "latencies"} | {
            "median_ms": 1000 * statistics.median(report.latencies) if report.latencies else None,
            "p95_ms": report.percentile(0.95),
            "updates": len(report.latencies),
        }))  # fmt: skip
    else:
        print(report.text())
    return 1 if report.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
