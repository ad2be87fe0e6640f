"""A lesson lecture's slide changes: N students get every slide's tree, searched once.

    python bench/slide_changes.py [--students 300] [--minutes 10] [--every 10] [--nodes 2000]
                                  [--procs 2]

Starts the app under gunicorn (as script/server does), opens a lecture from a lesson with a
presenter and N students (python-socketio asyncio clients on loopback, one address, shared
out over ``--procs`` client processes with an event loop each, as phones decode their own
messages: one loop decoding 300 slides of 77 KB was the bench's own bottleneck), and
every ``--every`` seconds the presenter shows the next slide: a view with a lesson mark and a
random tree of about ``--nodes`` nodes (ten slides, then the lesson goes round again, as a
teacher going back does). Each student, on ``lecture:view``, fetches the view by its
reference and then its trace (``…/views/<version>/trace``), as the student's page does,
unless the message carries them (``PRUNE_LECTURE_INLINE_BYTES``).

It prints, per slide change, the time from the presenter's ``lecture:view`` to each student
holding the slide's whole trace (p50/p95/max; target: every one ≤ 1 s), how many students
missed a slide, and how many searches the server made (each answer says ``X-Prune-Trace:
computed`` or ``cached``; a carried trace was searched once before the message left;
target: one per distinct slide, however many students).
"""

from __future__ import annotations

import argparse
import asyncio
import math
import multiprocessing
import time

import aiohttp
import socketio
from load_support import machine, percentile, start_server, worker_cpu_seconds, worker_rss_mib

from app.engine.generators import random_tree

SLIDES = 10


def slide_view(index: int, nodes: int) -> dict:
    """Slide ``index`` of the bench's lesson: its mark and a random tree of ~``nodes``."""
    depth = max(2, int(math.log(nodes, 4)))  # branching 3–5, so about 4**depth leaves
    tree = random_tree(seed=1000 + index % SLIDES, depth=depth, branching=(3, 5))
    mark = {"id": "bench-lesson", "slide": index % SLIDES, "slides": SLIDES, "title": f"{index}"}
    return {"tree": tree, "options": {}, "lesson": mark}


class Student:
    """One student: follows the room's views, fetching each view and its trace."""

    def __init__(self, url: str, http: aiohttp.ClientSession, record):
        self.url, self.http, self.record = url, http, record
        self.client = socketio.AsyncClient(reconnection=False)
        self.client.on("lecture:view", self.on_view)

    async def on_view(self, message: dict) -> None:
        """Fetch what the message does not carry (a small view and its trace ride in it)."""
        reference = message["view"]
        href = reference["href"]
        statuses, how = [], "carried"
        for part, path in (("view", href), ("trace", href + "/trace")):
            if part in reference:
                statuses.append(200)
                continue
            status, headers = await self.get(self.url + path)
            statuses.append(status)
            how = headers.get("X-Prune-Trace", how)
        self.record(message["seq"], time.monotonic(), statuses, how)

    async def get(self, url: str) -> tuple[int, dict]:
        """GET ``url``, tried again once on a kept-alive connection the server had closed
        meanwhile (gunicorn's keep-alive is 2 s; browsers retry so too)."""
        try:
            return await self.get_once(url)
        except aiohttp.ClientConnectionError:
            return await self.get_once(url)

    async def get_once(self, url: str) -> tuple[int, dict]:
        async with self.http.get(url) as answer:
            await answer.read()
            return answer.status, dict(answer.headers)


async def follow(url: str, code: str, count: int, ready, stop, results) -> None:
    """A client process's students: join, follow every slide until ``stop``, then report
    ``(records, dropped, cpu seconds)`` on ``results`` (times on the system's monotonic
    clock, which every process shares)."""
    records: list[tuple[int, float, list[int], str]] = []
    http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    students = []
    try:
        for _ in range(count):
            student = Student(url, http, lambda *record: records.append(record))
            await student.client.connect(url, transports=["websocket"])
            joined = await student.client.call("lecture:join", {"room": code}, timeout=30)
            assert joined["ok"], joined
            students.append(student)
        ready.set()
        cpu_before = time.process_time()
        while not stop.is_set():
            await asyncio.sleep(0.2)
        dropped = sum(not student.client.connected for student in students)
        results.put((records, dropped, time.process_time() - cpu_before))
    finally:
        for student in students:
            await student.client.disconnect()
        await http.close()


def client_process(url: str, code: str, count: int, ready, stop, results) -> None:
    asyncio.run(follow(url, code, count, ready, stop, results))


async def main(args) -> None:
    server = start_server({"PRUNE_LECTURE_IDLE_SECONDS": "3600"})
    sent: dict[int, float] = {}
    done: dict[int, list[float]] = {}
    failures: list[str] = []
    searches = {"computed": 0, "cached": 0, "carried": 0}
    context = multiprocessing.get_context("spawn")
    stop, results = context.Event(), context.Queue()
    processes = []
    try:
        presenter = socketio.AsyncClient(reconnection=False)
        await presenter.connect(server.url, transports=["websocket"])
        view = slide_view(0, args.nodes)
        started = await presenter.call("lecture:start", {"view": view, "cursor": {"step": 0}})
        code, key = started["room"], started["key"]
        shares = [
            args.students // args.procs + (i < args.students % args.procs)
            for i in range(args.procs)
        ]
        for count in shares:
            ready = context.Event()
            process = context.Process(
                target=client_process, args=(server.url, code, count, ready, stop, results)
            )
            process.start()
            processes.append((process, ready))
        for _, ready in processes:
            while not ready.is_set():
                await asyncio.sleep(0.2)
        rss_joined = worker_rss_mib(server.process.pid)
        changes = int(args.minutes * 60 / args.every)
        cpu_before = worker_cpu_seconds(server.process.pid)
        for seq in range(1, changes + 1):
            message = {"room": code, "key": key, "seq": seq, "view": slide_view(seq, args.nodes)}
            sent[seq] = time.monotonic()
            ack = await presenter.call("lecture:view", message, timeout=30)
            assert ack["ok"], ack
            await asyncio.sleep(args.every)
        await asyncio.sleep(5)  # the last slide's fetches land
        cpu = worker_cpu_seconds(server.process.pid) - cpu_before
        stop.set()
        dropped, clients_cpu = 0, []
        for _ in processes:
            records, lost, used = await asyncio.to_thread(results.get, True, 60)
            dropped += lost
            clients_cpu.append(used)
            for seq, at, statuses, how in records:
                if statuses != [200, 200]:
                    failures.append(f"slide {seq}: {statuses}")
                    continue
                searches[how] = searches.get(how, 0) + 1
                done.setdefault(seq, []).append((at - sent[seq]) * 1000)

        latencies = sorted(ms for per_slide in done.values() for ms in per_slide)
        worst = [max(per_slide) for per_slide in done.values()]
        missed = sum(args.students - len(done.get(seq, [])) for seq in sent)
        distinct = min(changes, SLIDES)
        print(machine())
        print(
            f"students: {args.students} in {args.procs} client processes, slide changes: "
            f"{changes}, one every {args.every:g} s, trees of ~{args.nodes:,} nodes, "
            f"{distinct} distinct slides"
        )
        print(
            f"slide change → student has the trace: p50 {percentile(latencies, 0.5):.0f} ms, "
            f"p95 {percentile(latencies, 0.95):.0f} ms, max {latencies[-1]:.0f} ms; "
            f"slowest student per change: median {percentile(sorted(worst), 0.5):.0f} ms "
            f"(target: every one ≤ 1000 ms)"
        )
        print(
            f"traces fetched: {len(latencies):,} of {args.students * changes:,}; missed {missed}; "
            f"failed {len(failures)}; clients dropped {dropped}"
        )
        print(
            f"searches: {searches['computed']} computed, {searches['cached']:,} from the cache, "
            f"{searches['carried']:,} carried in the message "
            f"(target: {distinct}, one per distinct slide, plus the first slide's if asked)"
        )
        print(
            f"server worker CPU: {cpu:.1f} s over the run, {cpu / changes * 1000:.0f} ms per "
            f"slide change (the socket messages, and what students fetched)"
        )
        print(
            "the client processes' own CPU: "
            + ", ".join(f"{used:.1f} s" for used in clients_cpu)
            + f" ({sum(clients_cpu) / changes * 1000:.0f} ms per slide change in all)"
        )
        print(
            f"server worker memory: {rss_joined:.0f} MiB with everyone joined, "
            f"{worker_rss_mib(server.process.pid):.0f} MiB at the end"
        )
        for line in failures[:5]:
            print("  failure:", line)
        await presenter.disconnect()
    finally:
        stop.set()
        for process, _ in processes:
            process.join(timeout=30)
        server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--every", type=float, default=10)
    parser.add_argument("--nodes", type=int, default=2000)
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    asyncio.run(main(parser.parse_args()))
