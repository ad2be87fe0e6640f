"""Isolation: the textbook tree stays fast while another client runs the worst legal tree.

    python bench/isolation.py [--samples 200] [--cpu-runs 3] [--hog-http-per-minute 120]

Starts the app as script/server does (gunicorn, one gevent worker) on 127.0.0.1, with
``PRUNE_API_RATE_LIMIT`` raised to 1,000,000/minute so that this one address can take its
samples (the socket run limit stays at its default, 10 runs per 10 s per connection).

1. The worst legal tree (a 199-level chain ending in a 49,800-leaf fan; ~145 KB of JSON),
   run alone, ``--cpu-runs`` times over the socket and over HTTP: the bytes it sends (over
   the socket, the text of the ack, every ``events`` message and ``done``, read raw from
   the websocket; over HTTP, the response body), the time to the last byte, and the
   server's CPU seconds (the worker's utime + stime from /proc, before and after).
   Targets: <= 10 MB of output, <= 0.5 s of server CPU.
2. The textbook tree's latency, ``--samples`` runs each over HTTP (``POST /api/trace``, a
   kept-alive connection, to the last byte) and over the socket (from emitting ``run`` to
   reading ``done``; a new connection every 9 runs, so the run limit never bites), one
   route after the other, (a) alone, (b) while another process repeats the worst tree
   over the socket as fast as the server allows (one run at a time, at most 10 per 10 s),
   (c) while another process repeats it over HTTP at ``--hog-http-per-minute`` (120, the
   default per-address limit; 0 = back to back), and (d)-(h) beside each heavy client of
   bench/heavy_clients.py: eight experiments at once, the largest experiment, a
   cached 4 MB trace fetched at the pace its size charge allows (``--cached-per-minute``;
   0 = back to back), ten lecture students who never read while a presenter sends 2 MiB
   views, 5,000 websockets from one address, and (i)-(j) the CS188 game at every
   limit from two clients, and eight ordinary CS188 games at once. ``GET /healthz`` is
   sampled in every case too. Targets: the textbook's p95 < 50 ms and /healthz's p99 <= 100 ms
   in every case, and the worker grows by at most 500 MB (its largest RSS while sampling,
   less its RSS before; the job worker processes are not the gevent worker's RSS).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from dataclasses import dataclass
from typing import Any

import requests
import websocket
from heavy_clients import HEAVY, Hog, run_heavy
from load_clients import (
    RunFailed,
)
from load_support import (
    TEXTBOOK,
    PageLoader,
    RssPeak,
    Summary,
    machine,
    percentile,
    report_server_log,
    settle,
    start_server,
    verdict,
    worker_cpu_seconds,
    worker_rss_mib,
    worst_tree,
)

SERVER_ENV = {"PRUNE_API_RATE_LIMIT": "1000000/minute", "PRUNE_TRUSTED_PROXIES": "1"}
TARGET_GROWTH_MIB = 500
TARGET_P95_SECONDS = 0.050
TARGET_OUTPUT_BYTES = 10_000_000
TARGET_CPU_SECONDS = 0.5
RUNS_PER_CONNECTION = 9  # the server allows 10 per 10 s per connection
RUN_SECONDS_MAX = 120  # a run that has not ended by then is an error
HOG_SECONDS_MAX = 900  # a hog stops by itself after this long, whatever happens
ACK = re.compile(r"43(\d+)")


# --- runs over a raw websocket (websocket-client, synchronous) -------------------------------


@dataclass
class RawRun:
    """What one run sent: seconds to ``done``, bytes of its frames' text, and messages."""

    seconds: float
    bytes: int
    messages: int


def raw_connect(base_url: str) -> websocket.WebSocket:
    """A websocket speaking Engine.IO v4 / Socket.IO v5 by hand, namespace "/" joined."""
    url = base_url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
    ws = websocket.create_connection(url, timeout=60, skip_utf8_validation=True)
    if not ws.recv().startswith("0"):
        raise ConnectionError("no Engine.IO open")
    ws.send("40")
    if not ws.recv().startswith("40"):
        raise ConnectionError("namespace refused")
    return ws


def raw_run(ws: websocket.WebSocket, tree: Any, ack_id: int = 1) -> RawRun:
    """Run ``tree`` and read until ``done``; count the text of the ack, events and done
    (their JSON with its 2-4-character Socket.IO packet prefix, as UTF-8 bytes)."""
    start = time.perf_counter()
    ws.send(f"42{ack_id}" + json.dumps(["run", {"tree": tree}], separators=(",", ":")))
    total = messages = 0
    while time.perf_counter() - start < RUN_SECONDS_MAX:
        frame = ws.recv()
        if frame == "2":  # Engine.IO ping
            ws.send("3")
            continue
        if frame.startswith('42["run_error"'):
            if '"run":' in frame:  # a search failed midway (a refusal is answered by its ack)
                raise RunFailed(frame[:200])
            continue
        if ACK.match(frame):
            if not frame.startswith(f'43{ack_id}[{{"ok":true'):
                raise RunFailed(frame[:200])
        elif not frame.startswith(('42["events"', '42["done"')):
            continue  # nothing else belongs to the run
        total += len(frame.encode())
        messages += 1
        if frame.startswith('42["done"'):
            return RawRun(time.perf_counter() - start, total, messages)
    raise TimeoutError(f"no done within {RUN_SECONDS_MAX} s")


class SocketSampler:
    """Textbook runs over the socket, on a fresh connection every ``RUNS_PER_CONNECTION``."""

    def __init__(self, base_url: str):
        self.base_url = base_url
        self.ws: websocket.WebSocket | None = None
        self.runs = 0

    def run(self, tree: Any) -> float:
        if self.ws is None or self.runs % RUNS_PER_CONNECTION == 0:
            self.close()
            self.ws = raw_connect(self.base_url)
        self.runs += 1
        return raw_run(self.ws, tree, ack_id=self.runs).seconds

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None


def http_run(session: requests.Session, base_url: str, tree: Any) -> tuple[float, int]:
    """Seconds for ``POST /api/trace`` to its last byte, and the body's size; raises on non-200."""
    start = time.perf_counter()
    with session.post(f"{base_url}/api/trace", json={"tree": tree}, stream=True, timeout=60) as r:
        size = sum(len(chunk) for chunk in r.iter_content(65536))
        if r.status_code != 200:
            raise RuntimeError(f"POST /api/trace: {r.status_code}")
    return time.perf_counter() - start, size


# --- the worst tree, alone -------------------------------------------------------------------


def worst_tree_costs(server, runs: int) -> None:
    """Bytes, time and server CPU of the worst tree over the socket and over HTTP."""
    tree, pid = worst_tree(), server.process.pid
    size = len(json.dumps(tree, separators=(",", ":")))
    print(f"\n1. the worst legal tree ({size:,} bytes of JSON), alone:")
    ws, session = raw_connect(server.url), requests.Session()
    cpu: dict[str, list[float]] = {"socket": [], "HTTP": []}
    try:
        for index in range(1, runs + 1):
            before = worker_cpu_seconds(pid)
            run = raw_run(ws, tree, ack_id=index)
            cpu["socket"].append(worker_cpu_seconds(pid) - before)
            print(
                f"   socket run {index}: {run.bytes:,} bytes of ack + events + done text in "
                f"{run.messages} messages "
                f"({run.bytes / 1e6:.2f} MB; target <= {TARGET_OUTPUT_BYTES / 1e6:.0f} MB: "
                f"{verdict(run.bytes <= TARGET_OUTPUT_BYTES)}), {run.seconds:.2f} s to done, "
                f"server CPU {cpu['socket'][-1]:.2f} s"
            )
            before = worker_cpu_seconds(pid)
            seconds, size = http_run(session, server.url, tree)
            cpu["HTTP"].append(worker_cpu_seconds(pid) - before)
            print(
                f"   HTTP run {index}: {size:,} bytes of response body ({size / 1e6:.2f} MB; "
                f"target <= {TARGET_OUTPUT_BYTES / 1e6:.0f} MB: "
                f"{verdict(size <= TARGET_OUTPUT_BYTES)}), "
                f"{seconds:.2f} s to the last byte, server CPU {cpu['HTTP'][-1]:.2f} s"
            )
    finally:
        ws.close()
        session.close()
    for kind, values in cpu.items():
        median = statistics.median(values)
        print(
            f"   server CPU per worst-tree run over {kind}: median {median:.2f} s, "
            f"max {max(values):.2f} s (target <= {TARGET_CPU_SECONDS} s: "
            f"{verdict(max(values) <= TARGET_CPU_SECONDS)})"
        )


# --- a hog in another process ----------------------------------------------------------------


def worst_tree_hog(kind: str, base_url: str, per_minute: int, stop, results) -> None:
    """Repeat the worst tree over ``kind`` ("socket" or "http") until ``stop`` is set."""
    tree, runs, refused = worst_tree(), 0, 0
    deadline = time.monotonic() + HOG_SECONDS_MAX
    ws = raw_connect(base_url) if kind == "socket" else None
    session = requests.Session()
    try:
        while not stop.is_set() and time.monotonic() < deadline:
            started = time.monotonic()
            try:
                if ws is not None:
                    raw_run(ws, tree, ack_id=runs + refused + 1)
                else:
                    http_run(session, base_url, tree)
                runs += 1
            except RunFailed:  # over the run limit: as fast as allowed means trying again soon
                refused += 1
                time.sleep(0.2)
            if kind == "http" and per_minute:
                time.sleep(max(0.0, started + 60 / per_minute - time.monotonic()))
    finally:
        if ws is not None:
            ws.close()
        session.close()
        results.put({"runs": runs, "refused": refused})


# --- the textbook's latency ------------------------------------------------------------------


def http_samples(base_url: str, samples: int, gap: float) -> list[float]:
    """``samples`` textbook runs over HTTP, ``gap`` seconds apart."""
    with requests.Session() as session:
        return [http_run(session, base_url, TEXTBOOK)[0] for _ in sleeps(samples, gap)]


def socket_samples(base_url: str, samples: int, gap: float) -> list[float]:
    """``samples`` textbook runs over the socket, ``gap`` seconds apart."""
    sampler = SocketSampler(base_url)
    try:
        return [sampler.run(TEXTBOOK) for _ in sleeps(samples, gap)]
    finally:
        sampler.close()


def sleeps(count: int, gap: float):
    """``count`` turns, with a pause of ``gap`` seconds after each."""
    for turn in range(count):
        yield turn
        time.sleep(gap)


def healthz_samples(base_url: str, samples: int, gap: float) -> list[float]:
    """``samples`` answers of ``GET /healthz``, ``gap`` seconds apart."""
    with requests.Session() as session:
        return [_healthz(session, base_url) for _ in sleeps(samples, gap)]


def _healthz(session: requests.Session, base_url: str) -> float:
    start = time.perf_counter()
    answer = session.get(f"{base_url}/healthz", timeout=120)
    if answer.status_code != 200:
        raise RuntimeError(f"GET /healthz: {answer.status_code}")
    return time.perf_counter() - start


ROUTES = {
    "HTTP POST /api/trace": http_samples,
    "socket run -> done": socket_samples,
    "GET /healthz": healthz_samples,
}


def latency_cases(server, args) -> None:
    """The textbook's latency alone and beside each kind of hog, each with its target.

    Each route is sampled on its own while the hog runs (taken in turns, a request that
    waited out a stall would leave the next one on the other route a clear run)."""
    print(f"\n2. the textbook tree, {args.samples} samples per row (target p95 < 50 ms):")
    for sample in ROUTES.values():
        sample(server.url, 5, 0)  # warm up
    cases = [
        ("(a) alone", None, 0),
        ("(b) + worst tree over the socket", "socket", 0),
        ("(c) + worst tree over HTTP", "http", args.hog_http_per_minute),
        ("(d) + eight experiments at once", "experiments8", 0),
        ("(e) + the largest experiment", "experiment-big", 0),
        ("(f) + a cached 4 MB trace, again and again", "cached-trace", args.cached_per_minute),
        ("(g) + ten lecture students who never read", "lecture-silent", 0),
        ("(h) + 5,000 websockets from one address", "sockets-one-address", 0),
        ("(i) + the CS188 game at every limit, twice at once", "game-at-the-limits", 0),
        ("(j) + eight ordinary CS188 games at once", "ordinary-games", 0),
    ]
    for label, kind, pace in cases:
        if args.only and label[1] not in args.only:
            continue
        before = worker_rss_mib(server.process.pid)
        peak = RssPeak(server.process.pid)
        hog = (
            Hog(kind, server.url, pace, run_heavy if kind in HEAVY else worst_tree_hog)
            if kind
            else None
        )
        try:
            if hog is not None:
                time.sleep(args.hog_head_start)  # let it get going
            flood_pages = []
            if kind == "sockets-one-address":  # a visitor while the sockets are being opened,
                loader = PageLoader(server.url)  # then every other sample once all are open
                flood_pages = [loader.load()[0] for _ in sleeps(20, 0.1)]
                settle(server.url)
            times = {
                route: sample(server.url, args.samples, args.gap)
                for route, sample in ROUTES.items()
            }
            pages = []
            if kind == "sockets-one-address":  # the visitor's page, from another address
                loader = PageLoader(server.url)
                pages = [loader.load()[0] for _ in sleeps(20, 0.1)]
        finally:
            doing = hog.finish() if hog is not None else ""
            growth = peak.stop() - before
        print(f"   {label}" + (f"  [meanwhile: {doing}]" if doing else ""))
        for route, values in times.items():
            summary = Summary.of(values)
            if route == "GET /healthz":
                p99 = percentile(sorted(values), 0.99)
                target = f"p99 {p99 * 1000:.1f} ms, target <= 100 ms: {verdict(p99 <= 0.1)}"
            else:
                target = f"target p95 < 50 ms: {verdict(summary.p95 < TARGET_P95_SECONDS)}"
            print(f"      {route:<21} {summary.ms()}  ({target})")
        ok = verdict(growth <= TARGET_GROWTH_MIB)
        print(f"      worker growth: {growth:+.0f} MiB (target <= {TARGET_GROWTH_MIB}: {ok})")
        for when, loads in (("while they are opened", flood_pages), ("once all are in", pages)):
            if loads:
                page = Summary.of(loads)
                print(
                    f"      a visitor's page load {when}: {page.ms()}  "
                    f"(target < 1 s: {verdict(page.p95 < 1)})"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="textbook runs per row")
    parser.add_argument("--gap", type=float, default=0.02, help="seconds between samples")
    parser.add_argument("--cpu-runs", type=int, default=3, help="worst-tree runs, alone")
    parser.add_argument(
        "--hog-http-per-minute",
        type=int,
        default=120,
        help="the HTTP hog's pace (120 = the default per-address limit; 0 = back to back)",
    )
    parser.add_argument("--hog-head-start", type=float, default=1.0, help="seconds")
    parser.add_argument(
        "--cached-per-minute",
        type=int,
        default=30,
        help="the cached-trace client's pace (30: about what its size charge allows under the "
        "default limit; 0 = back to back)",
    )
    parser.add_argument("--only", default="", help="case letters to run, e.g. adg (all if empty)")
    args = parser.parse_args()

    print(machine())
    print(
        "server: gunicorn, 1 gevent worker, 127.0.0.1; PRUNE_API_RATE_LIMIT raised to "
        "1000000/minute (all clients share one address); socket run limit at its default"
    )
    print(
        f"HTTP hog pace: {args.hog_http_per_minute or 'back to back'}"
        + (" runs/minute" if args.hog_http_per_minute else "")
    )
    server = start_server(SERVER_ENV)
    try:
        worst_tree_costs(server, args.cpu_runs)
        latency_cases(server, args)
        report_server_log(server)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
