"""A lesson lecture's slide changes: N students get every slide's tree, searched once.

    python bench/slide_changes.py [--students 300] [--minutes 10] [--every 10] [--nodes 2000]
                                  [--procs 2] [--client lean|socketio]

Starts the app under gunicorn (as script/server does), opens a lecture from a lesson with a
presenter and N students (``--client lean``, the default: one websocket each speaking the
Socket.IO protocol itself, bench/lean_student.py; ``--client socketio``: python-socketio
asyncio clients, as the runs before 2026-11-28 08:45 were measured; on loopback, one address,
shared out over ``--procs`` client processes with an event loop each, as phones decode their own
messages: one loop decoding 300 slides of 77 KB was the bench's own bottleneck), and
every ``--every`` seconds the presenter shows the next slide: a view with a lesson mark and a
random tree of about ``--nodes`` nodes (ten slides, then the lesson goes round again, as a
teacher going back does). Each student, on ``lecture:view``, fetches the view by its
reference and then its trace (``…/views/<version>/trace``), as the student's page does,
unless the message carries them (``PRUNE_LECTURE_INLINE_BYTES``).

It prints, per slide change, the time from the presenter's ``lecture:view`` to each student
holding the slide's whole trace (p50/p95/max, and the slowest student per change; target:
every one ≤ 1 s): "delivered" when the message is read off the socket, "decoded" when its
JSON is parsed and the view and trace checked (the lean client only; python-socketio hands
over a decoded message, so both are that moment), how many students
missed a slide, and how many searches the server made (each answer says ``X-Prune-Trace:
computed`` or ``cached``; a carried trace was searched once before the message left;
target: one per distinct slide, however many students).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import math
import multiprocessing
import time

import aiohttp
import socketio
from lean_student import LeanStudent
from load_support import machine, percentile, start_server, worker_cpu_seconds, worker_rss_mib

from app.engine.generators import random_tree

SLIDES = 10


@functools.lru_cache(maxsize=SLIDES)
def slide_tree(index: int, nodes: int):
    """Slide ``index``'s random tree of ~``nodes`` (ten slides, then round again)."""
    depth = max(2, int(math.log(nodes, 4)))  # branching 3–5, so about 4**depth leaves
    return random_tree(seed=1000 + index % SLIDES, depth=depth, branching=(3, 5))


def slide_view(index: int, nodes: int) -> dict:
    """Slide ``index`` of the bench's lesson: its mark and a random tree of ~``nodes``."""
    tree = slide_tree(index % SLIDES, nodes)
    mark = {"id": "bench-lesson", "slide": index % SLIDES, "slides": SLIDES, "title": f"{index}"}
    return {"tree": tree, "options": {}, "lesson": mark}


class Student:
    """One python-socketio student: follows the room's views, fetching each view and its trace."""

    def __init__(self, url: str, http: aiohttp.ClientSession, record, expected=None):
        self.url, self.http, self.record = url, http, record
        self.client = socketio.AsyncClient(reconnection=False)
        self.client.on("lecture:view", self.on_view)

    @property
    def connected(self) -> bool:
        return self.client.connected

    async def connect(self, code: str) -> dict:
        await self.client.connect(self.url, transports=["websocket"])
        return await self.client.call("lecture:join", {"room": code}, timeout=30)

    async def disconnect(self) -> None:
        await self.client.disconnect()

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
        now = time.monotonic()
        self.record(message["seq"], now, now, statuses, how)

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


async def follow(url: str, code: str, count: int, args, ready, stop, results) -> None:
    """A client process's students: join, follow every slide until ``stop``, then report
    ``(records, dropped, cpu seconds)`` on ``results`` (times on the system's monotonic
    clock, which every process shares)."""
    records: list[tuple[int, float, float, list[int], str]] = []
    kind = LeanStudent if args.client == "lean" else Student
    expected = functools.partial(lambda nodes, seq: slide_tree(seq % SLIDES, nodes), args.nodes)
    http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    students = []
    try:
        for _ in range(count):
            student = kind(url, http, lambda *record: records.append(record), expected)
            joined = await student.connect(code)
            assert joined["ok"], joined
            students.append(student)
        ready.set()
        cpu_before = time.process_time()
        while not stop.is_set():
            await asyncio.sleep(0.2)
        dropped = sum(not student.connected for student in students)
        used = time.process_time() - cpu_before
        results.put((records, dropped, used, LeanStudent.parse_ms))
    finally:
        for student in students:
            await student.disconnect()
        await http.close()


def spread(per_change: dict[int, list[float]]) -> str:
    """p50/p95/max over every student and change, and the slowest student per change."""
    times = sorted(ms for per_slide in per_change.values() for ms in per_slide)
    worst = sorted(max(per_slide) for per_slide in per_change.values())
    return (
        f"p50 {percentile(times, 0.5):.0f} ms, p95 {percentile(times, 0.95):.0f} ms, "
        f"max {times[-1]:.0f} ms; slowest student per change: median "
        f"{percentile(worst, 0.5):.0f} ms, max {worst[-1]:.0f} ms"
    )


def client_process(url: str, code: str, count: int, args, ready, stop, results) -> None:
    asyncio.run(follow(url, code, count, args, ready, stop, results))


async def main(args) -> None:
    server = start_server({"PRUNE_LECTURE_IDLE_SECONDS": "3600"})
    sent: dict[int, float] = {}
    done: dict[int, list[float]] = {}  # per change, each student's decoded-and-checked time
    delivered: dict[int, list[float]] = {}  # and when the message was read off the socket
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
                target=client_process, args=(server.url, code, count, args, ready, stop, results)
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
        dropped, clients_cpu, parse_ms = 0, [], []
        for _ in processes:
            records, lost, used, parsed = await asyncio.to_thread(results.get, True, 60)
            parse_ms += parsed
            dropped += lost
            clients_cpu.append(used)
            for seq, delivered_at, at, statuses, how in records:
                if statuses != [200, 200]:
                    failures.append(f"slide {seq}: {statuses}")
                    continue
                searches[how] = searches.get(how, 0) + 1
                done.setdefault(seq, []).append((at - sent[seq]) * 1000)
                delivered.setdefault(seq, []).append((delivered_at - sent[seq]) * 1000)

        latencies = sorted(ms for per_slide in done.values() for ms in per_slide)
        missed = sum(args.students - len(done.get(seq, [])) for seq in sent)
        distinct = min(changes, SLIDES)
        print(machine())
        print(
            f"students: {args.students} ({args.client} clients) in {args.procs} client "
            f"processes, slide changes: {changes}, one every {args.every:g} s, "
            f"trees of ~{args.nodes:,} nodes, "
            f"{distinct} distinct slides"
        )
        decoded = "decoded and checked" if args.client == "lean" else "decoded (not checked)"
        for label, times in (("delivered", delivered), (decoded, done)):
            print(f"slide change → {label}: {spread(times)}")
        print("  (target: every student ≤ 1000 ms after the change, decoded)")
        if parse_ms:
            print(
                f"  one copy parsed and checked in full per message and process: "
                f"median {percentile(sorted(parse_ms), 0.5):.1f} ms (the others by digest)"
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
    parser.add_argument(
        "--client", choices=("lean", "socketio"), default="lean", help="how students connect"
    )
    asyncio.run(main(parser.parse_args()))
