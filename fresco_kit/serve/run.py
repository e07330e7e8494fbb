"""Run the served classroom with uvicorn (``fresco-kit serve``, ``make serve``)."""

from __future__ import annotations

import secrets
import socket
import sys
from pathlib import Path

import uvicorn

from .app import RATE, create_app
from .service import MAX_TABLES
from .store import default_db

#: the hosts that mean "every address of this machine"
EVERY_ADDRESS = ("0.0.0.0", "::")


def local_names() -> tuple[str, ...]:
    """This machine's host name and its addresses on the networks it is on (for ``--host
    0.0.0.0``: the Host headers the class's devices send)."""
    name = socket.gethostname()
    found = [name, f"{name}.local"]
    try:
        found += [str(info[4][0]) for info in socket.getaddrinfo(name, None, socket.AF_INET)]
    except OSError:
        pass
    return tuple(dict.fromkeys(found))


def serve(
    host: str = "127.0.0.1",
    port: int = 8765,
    db: str | Path | None = None,
    teacher_token: str | None = None,
    allowed_hosts: tuple[str, ...] = (),
    public_url: str | None = None,
    max_tables: int = MAX_TABLES,
    seat_rate: float = RATE,
) -> int:
    """Serve until Ctrl-C: print the teacher's address and token (a random one when none is given)."""
    token = teacher_token or secrets.token_urlsafe(12)
    path = Path(db) if db is not None else default_db()
    extra = allowed_hosts + (local_names() if host in EVERY_ADDRESS else ())
    app = create_app(
        path,
        token,
        host=host,
        allowed_hosts=extra,
        max_tables=max_tables,
        public_url=public_url,
        rate=seat_rate,
        burst=3 * seat_rate,
    )
    shown = "127.0.0.1" if host in EVERY_ADDRESS else host
    print(f"fresco-kit serve: the teacher's page is http://{shown}:{port}/teacher", file=sys.stderr)
    if teacher_token is None:
        print(f"fresco-kit serve: teacher token {token}", file=sys.stderr)
    print(f"fresco-kit serve: tables are kept in {path}", file=sys.stderr)
    if host in EVERY_ADDRESS:
        names = ", ".join(f"http://{n}:{port}" for n in extra if n not in allowed_hosts)
        print(f"fresco-kit serve: open to the network; students reach it at {names}", file=sys.stderr)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65_536)
    return 0
