"""Helpers shared by the load benchmarks (bench/capacity.py, isolation.py, soak.py).

* the machine line, percentiles, and the server worker's memory and CPU time from /proc;
* the trees they send (the textbook tree, the worst legal tree);
* (the asyncio Socket.IO clients are in bench/load_clients.py);
* ``PageLoader``: a new visitor's page load, ``GET /`` plus every static file the page
  needs, over a fresh HTTP connection each time;
* ``RssPeak`` (the worker's largest RSS while a case runs) and ``settle`` (until the open
  connections stop changing).

Everything here talks to 127.0.0.1 only.
"""

from __future__ import annotations

import http.client
import json
import os
import platform
import re
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from conftest_browser import LiveServer, start_server  # noqa: E402, F401

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
TEXTBOOK_VIEW = {"tree": TEXTBOOK, "options": {}}
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def worst_tree() -> list:
    """The worst legal tree: a 199-level chain ending in a 49,800-leaf fan (~145 KB of JSON)."""
    tree: list = [i % 97 for i in range(49_800)]
    for _ in range(199):
        tree = [tree]
    return tree


def machine() -> str:
    """One line about the machine the figures come from."""
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}, "
        f"Python {platform.python_version()}; load average before the run {load}"
    )


# --- figures -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Summary:
    """p50, p95 and max of a list of samples (in their own unit), and how many there were."""

    count: int
    p50: float
    p95: float
    max: float

    @classmethod
    def of(cls, values: list[float]) -> Summary:
        if not values:
            return cls(0, float("nan"), float("nan"), float("nan"))
        ordered = sorted(values)
        return cls(len(ordered), percentile(ordered, 0.50), percentile(ordered, 0.95), ordered[-1])

    def ms(self) -> str:
        """The summary of samples in seconds, written in milliseconds."""
        if not self.count:
            return "no samples"
        return (
            f"p50 {self.p50 * 1000:.1f} ms, p95 {self.p95 * 1000:.1f} ms, "
            f"max {self.max * 1000:.1f} ms (n={self.count})"
        )


def percentile(ordered: list[float], fraction: float) -> float:
    """The nearest-rank percentile of an already sorted list."""
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


# --- the server worker, from /proc -----------------------------------------------------------


def worker_pid(master_pid: int) -> int:
    """gunicorn's single worker: the master's child (the master itself if it has none)."""
    children = Path(f"/proc/{master_pid}/task/{master_pid}/children").read_text().split()
    return int(children[0]) if children else master_pid


def worker_rss_mib(master_pid: int) -> float:
    """Resident memory of the worker, in MiB."""
    for line in Path(f"/proc/{worker_pid(master_pid)}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def worker_cpu_seconds(master_pid: int) -> float:
    """CPU time the worker has used so far (user + system), in seconds."""
    stat = Path(f"/proc/{worker_pid(master_pid)}/stat").read_text()
    fields = stat.rsplit(")", 1)[1].split()  # after "pid (comm)": state is fields[0]
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def server_log_problems(server: LiveServer) -> list[str]:
    """Lines of the server's stderr that look like failures (tracebacks, errors)."""
    pattern = re.compile(r"Traceback|\bERROR\b|\bCRITICAL\b|Exception|WORKER TIMEOUT")
    lines = server.stderr().splitlines()
    # gunicorn logs one "Booting worker" at start; a second one means the worker was replaced.
    boots = [line for line in lines if "Booting worker" in line]
    found = [line for line in lines if pattern.search(line)]
    return found + (boots[1:] if len(boots) > 1 else [])


def report_server_log(server: LiveServer) -> None:
    """Print what the server's log says went wrong (or that nothing did)."""
    problems = server_log_problems(server)
    if not problems:
        print("server log: no errors, tracebacks or worker restarts")
        return
    print(f"server log: {len(problems)} suspicious lines, first ones:")
    for line in problems[:10]:
        print(f"    {line[:200]}")


# --- a visitor's page load -------------------------------------------------------------------

ASSET = re.compile(r'(?:src|href)="(/static/[^"]+)"')
MODULE_IMPORT = re.compile(r'(?:from\s*|import\s*\(?\s*)["\'](\.{1,2}/[^"\']+)["\']')


class PageLoader:
    """``GET page`` plus the static files it needs, one after another over one new connection.

    The files are the page's ``src=``/``href=`` under /static and, as a browser would fetch
    them too, the ES modules those scripts import (found once, at the start). A browser
    fetches them in parallel, so this is an upper bound on a cold load.
    """

    def __init__(self, base_url: str, page: str = "/"):
        self.host, self.port = urlsplit(base_url).hostname, urlsplit(base_url).port
        self.page = page
        self.assets = self._discover()

    def load(self, timeout: float = 30) -> tuple[float, int]:
        """Seconds for one cold page load, and the bytes it read; raises on any non-200."""
        start = time.perf_counter()
        total = 0
        connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            for path in (self.page, *self.assets):
                total += len(self._get(connection, path))
        finally:
            connection.close()
        return time.perf_counter() - start, total

    def _discover(self) -> list[str]:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            html = self._get(connection, self.page).decode()
            found: list[str] = []
            queue = ASSET.findall(html)
            while queue:
                path = queue.pop(0).split("#")[0]
                if path in found:
                    continue
                found.append(path)
                if path.endswith((".js", ".mjs")):
                    text = self._get(connection, path).decode(errors="replace")
                    queue += [urljoin(path, rel) for rel in MODULE_IMPORT.findall(text)]
            return found
        finally:
            connection.close()

    @staticmethod
    def _get(connection: http.client.HTTPConnection, path: str) -> bytes:
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        if response.status != 200:
            raise RuntimeError(f"GET {path}: {response.status}")
        return body


def get_json(base_url: str, path: str, timeout: float = 10) -> tuple[float, Any]:
    """Seconds for ``GET path`` on a new connection, and its JSON body."""
    parts = urlsplit(base_url)
    start = time.perf_counter()
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
    finally:
        connection.close()
    if response.status != 200:
        raise RuntimeError(f"GET {path}: {response.status}")
    return time.perf_counter() - start, json.loads(body)


def settle(base_url: str, quiet: float = 3.0, longest: float = 180.0) -> None:
    """Wait until the server's open connections have not changed for ``quiet`` seconds."""
    last, since, deadline = -1, time.monotonic(), time.monotonic() + longest
    while time.monotonic() < deadline:
        now = get_json(base_url, "/healthz", timeout=30)[1]["connections"]
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
        time.sleep(0.5)


class RssPeak:
    """The worker's largest RSS, sampled every half second until ``stop``."""

    def __init__(self, master_pid: int):
        self.master_pid, self.peak, self.done = master_pid, 0.0, threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def _sample(self) -> None:
        while not self.done.is_set():
            self.peak = max(self.peak, worker_rss_mib(self.master_pid))
            self.done.wait(0.5)

    def stop(self) -> float:
        self.done.set()
        self.thread.join(5)
        return max(self.peak, worker_rss_mib(self.master_pid))
