"""A benchmark (``make classroom-bench``): the Voilà classroom before and after its kernel settings,
side by side in one run.  30 plain page views of the landing page (as a script or a page from
another origin makes them: no page stays connected), then the live kernels and their memory
(RSS), right after and once idle kernels may be culled (20 s for the run; 10 minutes as shipped).

"Before" is stock Voilà with the old ``make classroom`` flags (no cull, no cap); "after" is the
classroom's config (fresco_kit/share/voila/config/voila.json: cap 24) with ``spare_after=0``."""

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

import psutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from fresco_kit.classroom import voila_server

VOILA = str(Path(sys.executable).with_name("voila"))


def kernels(pid):
    n, rss = 0, 0
    for c in psutil.Process(pid).children(recursive=True):
        try:
            if any("ipykernel" in a for a in c.cmdline()):
                n, rss = n + 1, rss + c.memory_info().rss
        except psutil.Error:
            pass
    return n, rss / 1e6


def run(label, cmd, env):
    port = voila_server.free_port()
    proc = subprocess.Popen(
        cmd + [f"--port={port}"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT
    )
    voila_server.wait_until_served(f"http://127.0.0.1:{port}/", proc)
    codes = []
    t0 = time.monotonic()
    for _ in range(30):
        try:
            codes.append(
                urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/00_classroom.ipynb", timeout=120).status
            )
        except urllib.error.HTTPError as e:
            codes.append(e.code)
    n, mb = kernels(proc.pid)
    print(
        f"{label}: after 30 views in {time.monotonic() - t0:.0f} s: {n} kernels, {mb:.0f} MB of kernel RSS; answers {sorted(set(codes))}",
        flush=True,
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and kernels(proc.pid)[0]:
        time.sleep(1)
    n, mb = kernels(proc.pid)
    print(f"{label}: {time.monotonic() - t0:.0f} s after the first view: {n} kernels, {mb:.0f} MB", flush=True)
    proc.terminate()
    proc.wait(60)


env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_PATH": str(ROOT / "fresco_kit/share")}
run(
    "before (stock Voilà, the old make classroom flags)",
    [
        VOILA,
        "notebooks",
        "--template=classroom",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        "--VoilaConfiguration.show_tracebacks=False",
    ],
    env,
)
run(
    "after (voila.json, cap 24, spare_after 0, cull after 20 s for the run)",
    voila_server.command("notebooks", 0)[:-1]
    + [
        "--ClassroomKernelManager.spare_after=0",
        "--ClassroomKernelManager.cull_idle_timeout=20",
        "--ClassroomKernelManager.cull_interval=5",
    ],
    voila_server.environment(env),
)
