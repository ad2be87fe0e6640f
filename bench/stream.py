"""Streaming benchmark: from emitting ``run`` to holding every event and ``done``.

Serves the app as production does (gunicorn, one gevent worker, in a subprocess) and
drives it with python-socketio's real client over a loopback websocket:

  (a) the 2,047-node preset ``random-binary-10``, 20 runs: median and p95 (target < 150 ms),
      with alpha-beta and (issue 34: as fast as alpha-beta's) PVS and MTD(f), interleaved
      run by run so the shared machine's load falls on all three alike;
  (b) minimax over a random binary tree of depth 15 (65,535 nodes, 163,836 events):
      events per second (target >= 100,000). The server's node limit is raised for it.
      Measured twice: with the Python client, which decodes every message (its JSON and
      thread-per-message costs share the machine's 2 cores with the server), and with a
      bare websocket that only reads the frames, closer to a browser's JSON.parse.

Usage: python bench/stream.py [--runs 20] [--big-runs 3]   (needs requirements-dev.txt)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import orjson  # noqa: E402
from conftest_browser import start_server  # noqa: E402
from support import Recorder, raw_socket  # noqa: E402

from app.engine.generators import random_tree  # noqa: E402
from app.engine.presets import PRESETS  # noqa: E402

BIG_DEPTH = 15
# (a)'s searches of the 2,047-node preset: alpha-beta and the pruning family's passes.
FAMILY = {"alphabeta": {}, "pvs": {"algorithm": "pvs"}, "mtdf": {"algorithm": "mtdf"}}
SERVER_ENV = {
    "PRUNE_MAX_NODES": str(2 ** (BIG_DEPTH + 1)),
    "PRUNE_SOCKET_RUNS": "1000",  # the benchmark runs faster than a person would
    "PRUNE_RATE_LIMIT": "off",
}


class ClientJSON:
    """A fast JSON module for the client, standing in for the browser's JSON.parse.

    python-socketio's default passes every integer through a Python function (an engineio
    guard), which would make the Python client, not the server, what this measures.
    """

    loads = staticmethod(orjson.loads)

    @staticmethod
    def dumps(data, **_compact_options) -> str:
        return orjson.dumps(data).decode()


def timed_run(recorder: Recorder, tree, options) -> tuple[float, int]:
    """Seconds from emitting ``run`` to having ``done`` and every event; and the event count."""
    start = time.perf_counter()
    ack = recorder.run(tree, options, timeout=60)
    if not ack["ok"]:
        raise SystemExit(f"run refused: {ack['error']}")
    done, events = recorder.wait_done(ack["run"], timeout=60)
    return time.perf_counter() - start, len(events)


def raw_timed_run(url: str, tree, options) -> float:
    """Seconds from sending ``run`` to the ``done`` frame, reading frames without decoding."""
    message = json.dumps(["run", {"tree": tree, "options": options}])
    with raw_socket(url) as ws:
        start = time.perf_counter()
        ws.send("421" + message)
        while not (frame := ws.recv()).startswith('42["done"'):
            if frame == "2":  # Engine.IO ping
                ws.send("3")
        return time.perf_counter() - start


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs of the 2,047-node preset")
    parser.add_argument("--big-runs", type=int, default=3, help="runs of the big trace")
    args = parser.parse_args()

    print(f"machine: {os.cpu_count()} CPUs, {platform.machine()}, {platform.platform()}")
    print(f"python {platform.python_version()}; server: gunicorn gevent, 1 worker, loopback")
    big_tree = random_tree(seed=1, depth=BIG_DEPTH, branching=2)
    preset = PRESETS["random-binary-10"].document
    with start_server(SERVER_ENV) as server:
        recorder = Recorder(server.url, json=ClientJSON)
        try:
            for options in FAMILY.values():  # warm up: imports, first connection's threads
                timed_run(recorder, preset, options)
            times = {name: [] for name in FAMILY}
            counts = {}
            for _ in range(args.runs):
                for name, options in FAMILY.items():
                    seconds, counts[name] = timed_run(recorder, preset, options)
                    times[name].append(seconds)
            for name, runs in times.items():
                print(
                    f"(a) random-binary-10, {name}, {counts[name]:,} events, {args.runs} runs: "
                    f"median {statistics.median(runs) * 1000:.1f} ms, "
                    f"p95 {percentile(runs, 0.95) * 1000:.1f} ms, "
                    f"{statistics.median(runs) / statistics.median(times['alphabeta']):.2f}× "
                    "alphabeta's median (target < 150 ms)"
                )
            rates = []
            for _ in range(args.big_runs):
                seconds, count = timed_run(recorder, big_tree, {"algorithm": "minimax"})
                rates.append(count / seconds)
                print(f"    big run: {count:,} events in {seconds:.2f} s")
            print(
                f"(b) depth-{BIG_DEPTH} binary tree, minimax, {count:,} events, Python client: "
                f"median {statistics.median(rates):,.0f} events/s, best {max(rates):,.0f} "
                "(target >= 100,000)"
            )
            raw = [
                count / raw_timed_run(server.url, big_tree, {"algorithm": "minimax"})
                for _ in range(args.big_runs)
            ]
            print(
                f"    same, bare websocket reader: median {statistics.median(raw):,.0f} events/s, "
                f"best {max(raw):,.0f}"
            )
        finally:
            recorder.close()


if __name__ == "__main__":
    main()
