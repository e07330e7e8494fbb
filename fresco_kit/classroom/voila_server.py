"""The classroom under Voilà (``make classroom``): its settings, its launcher, its kernels.

The settings live in one place, ``fresco_kit/share/voila/config/voila.json`` (Voilà reads it
from ``JUPYTER_CONFIG_PATH``, :func:`environment`): 127.0.0.1 only, no tracebacks to the
browser, the ``classroom`` page template (``fresco_kit/share/voila/templates``, on
``JUPYTER_PATH``), idle kernels culled and a cap on kernels.  :func:`main` picks a free port
(the one asked for if it is free), starts Voilà on exactly that port (``port_retries`` is 0,
so Voilà never moves elsewhere), waits until it answers and opens the address it really uses.

Every Voilà page view starts a kernel (about 60 MB).  ``jupyter_server`` culls idle kernels
(``cull_idle_timeout`` and friends, set in ``fresco_kit/share/voila/config/voila.json``) but
has no cap on how many run, so :class:`ClassroomKernelManager` adds one: when a new page would
go over :attr:`~ClassroomKernelManager.max_kernels`, the kernels no page is connected to
(a closed tab, or a page fetched by a script) and idle for ``spare_after`` seconds are shut down
first, the longest idle first; when every kernel has a page open,
the new page is refused with "503: the classroom is full" rather than run the laptop out of
memory; the page says why in English, Spanish and Italian (:class:`ClassroomFull`).  Voilà
takes the class from its config (``VoilaConfiguration.multi_kernel_manager_class``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import webbrowser
from pathlib import Path
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Float, Integer

from .i18n import LANGS, N_, translator

#: the kit's Jupyter data (the page template) and config (voila.json) folders
SHARE = Path(__file__).resolve().parent.parent / "share"
CONFIG = SHARE / "voila" / "config"
#: the page the classroom opens on
LANDING = "voila/render/00_classroom.ipynb"

#: the reason of the 503 a page over the cap gets (its status line: English)
FULL = "The classroom is full"
#: what that page says, in each of the kit's languages (the request's own may not be known)
FULL_TEXT = N_(
    "The classroom is full: {cap} pages are open. Close a page you no longer use, or wait a "
    "minute, then reload this one."
)


class ClassroomFull(HTTPError):
    """The 503 of a page over the cap; ``messages`` says why in each of the kit's languages,
    as ``(lang, text)`` pairs (the classroom template's ``error.html`` shows them)."""

    def __init__(self, cap: int):
        super().__init__(503, reason=FULL)
        self.messages = [(lang, translator(lang)(FULL_TEXT).format(cap=cap)) for lang in LANGS]


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with a cap on live kernels (see the module's docstring)."""

    max_kernels = Integer(
        24,
        config=True,
        help="Most kernels alive at once (one per open page); 0 for no cap.",
    )

    spare_after = Float(
        20.0,
        config=True,
        help="Seconds without activity after which a kernel no page is connected to may be shut "
        "down to make room (a page just rendered has not connected yet).",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0  # kernels being started: counted against the cap before they exist
        self._stopping: set[str] = set()  # kernels being shut down (culled or made room for): still alive
        self._room = asyncio.Lock()  # one page at a time decides whether its kernel fits

    def alive(self) -> int:
        """The kernels counted against the cap: running, being started or still shutting down."""
        return len(set(self.list_kernel_ids()) | self._stopping) + self._starting

    def spare(self) -> list[str]:
        """The kernels no page is connected to, idle for :attr:`spare_after`, the longest idle first."""
        now = utcnow()
        idle: dict[str, Any] = {}
        for k in self.list_kernel_ids():
            if k not in self._stopping and not self._kernel_connections.get(k):  # Jupyter sets last_activity
                idle[k] = self.get_kernel(k).last_activity  # type: ignore[attr-defined]
        spare = [k for k, last in idle.items() if (now - last).total_seconds() >= self.spare_after]
        return sorted(spare, key=lambda k: idle[k])

    async def make_room(self) -> None:
        """Shut down unconnected kernels until a new one fits under the cap (waiting for kernels
        already shutting down to be gone); 503 if none can go.  Called under the room lock."""
        while self.alive() >= self.max_kernels:
            if self._stopping:
                await asyncio.sleep(0.05)  # a kernel is on its way out: its room comes when it is gone
                continue
            spare = self.spare()
            if not spare:
                raise ClassroomFull(self.max_kernels)
            self.log.info("Kernel cap %d reached: shutting down idle kernel %s", self.max_kernels, spare[0])
            await self.shutdown_kernel(spare[0])

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel as Jupyter does, once a new one fits under the cap (:meth:`make_room`)."""
        async with self._room:
            if kwargs.get("kernel_id") is None and self.max_kernels > 0:
                await self.make_room()
            self._starting += 1
        try:
            return str(await super().start_kernel(*args, **kwargs))
        finally:
            self._starting -= 1

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Shut a kernel down as Jupyter does (the culler's and :meth:`make_room`'s); until its
        process is gone it still counts against the cap."""
        self._stopping.add(kernel_id)
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._stopping.discard(kernel_id)


def environment(base: dict[str, str] | None = None) -> dict[str, str]:
    """``base`` (default: this process's) with the kit's template and Voilà config found first."""
    env = dict(os.environ if base is None else base)
    for key, path in (("JUPYTER_PATH", SHARE), ("JUPYTER_CONFIG_PATH", CONFIG)):
        env[key] = os.pathsep.join(p for p in (str(path), env.get(key, "")) if p)
    return env


def command(notebooks: Path | str, port: int, *extra: str) -> list[str]:
    """The Voilà command serving ``notebooks`` on ``port`` with the config of :data:`CONFIG`."""
    voila = Path(sys.executable).with_name("voila")
    return [str(voila), str(notebooks), f"--port={port}", *extra]


def free_port(wanted: int = 0, host: str = "127.0.0.1") -> int:
    """``wanted`` if nothing listens on it, else a port the system says is free."""
    for port in (wanted, 0) if wanted else (0,):
        with socket.socket() as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
            return int(probe.getsockname()[1])
    raise OSError("no free port")


def wait_until_served(url: str, proc: subprocess.Popen[bytes], timeout: float = 120) -> None:
    """Return once ``url`` answers; ``RuntimeError`` if Voilà exits or is silent past ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Voilà exited with {proc.returncode}")
        try:
            urllib.request.urlopen(url, timeout=10).close()
            return
        except urllib.error.HTTPError:
            return  # it answers, if only with an error page
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)  # not listening yet
    raise RuntimeError(f"Voilà did not answer {url} within {timeout} s")


def main(argv: list[str] | None = None) -> int:
    """``make classroom``: serve ``notebooks/`` on the asked port, or a free one if it is taken,
    and open the landing page at the address really used."""
    parser = argparse.ArgumentParser(prog="python -m fresco_kit.classroom.voila_server", description=main.__doc__)
    parser.add_argument("notebooks", nargs="?", default="notebooks")
    parser.add_argument("--port", type=int, default=8866, help="the port wanted (another free one if taken)")
    parser.add_argument("--no-browser", action="store_true", help="print the address, open no browser")
    args, extra = parser.parse_known_args(argv)
    port = free_port(args.port)
    url = f"http://127.0.0.1:{port}/{LANDING}"
    if port != args.port:
        print(f"Port {args.port} is taken: the classroom uses port {port}.", flush=True)
    proc = subprocess.Popen(command(args.notebooks, port, *extra), env=environment())
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopping the launcher stops Voilà
    try:
        wait_until_served(f"http://127.0.0.1:{port}/", proc)
        print(f"Classroom: {url} (Ctrl-C stops it)", flush=True)
        if not args.no_browser:
            webbrowser.open_new_tab(url)
        return proc.wait()
    except KeyboardInterrupt:
        return 130
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return 1
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
