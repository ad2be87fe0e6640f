"""Lecture load: one presenter and N students on one app instance, over real Socket.IO.

    python bench/lecture.py [--students 300] [--steps 60] [--interval 0.1]

Starts the app under gunicorn (as script/server does), connects N students and a presenter
with python-socketio's asyncio client on loopback, has the presenter step through the
textbook tree, and prints the time from each step's send to each student's receipt
(p50/p95/max), the server's memory, and whether any student missed a step or dropped.
Target: p95 under 100 ms, no client dropped.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import time

import socketio
from load_support import start_server, worker_rss_mib

VIEW = {"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "options": {}}


async def main(args) -> None:
    server = start_server()
    sent: dict[int, float] = {}
    received: list[list[tuple[int, float]]] = [[] for _ in range(args.students)]
    students = []
    try:
        presenter = socketio.AsyncClient(reconnection=False)
        await presenter.connect(server.url, transports=["websocket"])
        started = await presenter.call("lecture:start", {"view": VIEW, "cursor": {"step": 0}})
        code, key = started["room"], started["key"]
        rss_before = worker_rss_mib(server.process.pid)

        connect_start = time.perf_counter()
        for index in range(args.students):
            client = socketio.AsyncClient(reconnection=False)

            def on_cursor(body, mine=received[index]):
                mine.append((body["seq"], time.perf_counter()))

            client.on("lecture:cursor", on_cursor)
            await client.connect(server.url, transports=["websocket"])
            joined = await client.call("lecture:join", {"room": code}, timeout=30)
            assert joined["ok"], joined
            students.append(client)
        connect_seconds = time.perf_counter() - connect_start
        rss_joined = worker_rss_mib(server.process.pid)

        for seq in range(1, args.steps + 1):
            sent[seq] = time.perf_counter()
            ack = await presenter.call(
                "lecture:cursor", {"room": code, "key": key, "seq": seq, "cursor": {"step": seq}}
            )
            assert ack["ok"], ack
            await asyncio.sleep(args.interval)
        await asyncio.sleep(2)  # let the last messages land

        latencies = [
            (at - sent[seq]) * 1000 for inbox in received for seq, at in inbox if seq in sent
        ]
        missing = sum(args.steps - len({seq for seq, _ in inbox}) for inbox in received)
        dropped = sum(not client.connected for client in students)
        quantiles = statistics.quantiles(latencies, n=100)
        machine = f"{platform.machine()}, {os.cpu_count()} cores"
        print(f"machine: {machine}, Python {platform.python_version()}")
        print(f"students: {args.students}, steps: {args.steps} every {args.interval * 1000:.0f} ms")
        print(f"connect + join all students: {connect_seconds:.1f} s")
        print(
            f"step → student latency: p50 {quantiles[49]:.1f} ms, p95 {quantiles[94]:.1f} ms, "
            f"max {max(latencies):.1f} ms  (target p95 < 100 ms)"
        )
        print(
            f"messages received: {len(latencies):,} of {args.students * args.steps:,}; "
            f"missing {missing}; clients dropped {dropped}"
        )
        print(
            f"server worker memory: {rss_before:.0f} MiB idle, {rss_joined:.0f} MiB with everyone, "
            f"{worker_rss_mib(server.process.pid):.0f} MiB at the end"
        )
        await presenter.disconnect()
    finally:
        for client in students:
            await client.disconnect()
        server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--interval", type=float, default=0.1)
    asyncio.run(main(parser.parse_args()))
