"""Soak: a class's worth of simulated users on one instance for minutes, on loopback.

    python bench/soak.py [--users 300] [--minutes 5] [--warmup 30] [--run-every 3,8]

Starts the app as script/server does (gunicorn, one gevent worker) on 127.0.0.1, with
``PRUNE_API_RATE_LIMIT`` raised to 1,000,000/minute because every simulated user shares
one address (the socket and lecture limits keep their defaults). The users live in a
client process (light asyncio websockets and aiohttp, bench/load_support.py):

* 60% are students, in rooms of 20 (each room has a presenter too, stepping every 1 s);
  a student joins once, runs the view as the page does, then receives every step;
* 25% run a random tree of 1,093 or 2,047 nodes over the socket every ``--run-every``
  seconds (uniformly at random);
* 15% are visitors: every 3-8 s an embed (``GET /embed?preset=textbook``, then the preset
  and ``POST /api/trace`` as embed/page.js does) or a short link (``GET /t/<id>``, then
  ``GET /api/views/<id>``; a few views are saved with ``POST /api/views`` at the start).

This process meanwhile loads the page as a new visitor every ``--page-every`` seconds
(GET / and every static file it needs, over a new connection) and samples the worker's
memory. ``--minutes`` accepts fractions (0.5 for a smoke run).

Targets: 0 errors (failed connections, dropped connections, non-2xx answers, run_error or
lecture_error, timeouts); page load p95 < 1 s; worker memory growth from the end of the
warm-up to the end < 10%. The p95 latency of each kind of request is printed too.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import multiprocessing
import random
import time
from typing import Any

import aiohttp
from load_clients import (
    RunWatcher,
    SocketClient,
    SocketError,
    Tally,
    drive_lecture,
    follow_lecture,
    pause,
    run_now_and_then,
    socket_session,
    start_lecture,
)
from load_support import (
    TEXTBOOK,
    TEXTBOOK_VIEW,
    PageLoader,
    Summary,
    get_json,
    machine,
    report_server_log,
    start_server,
    verdict,
    worker_rss_mib,
)

from app.engine.generators import random_tree

SERVER_ENV = {"PRUNE_API_RATE_LIMIT": "1000000/minute"}
STUDENTS_PER_ROOM = 20
PRESENTER_INTERVAL = 1.0
VISIT_EVERY = (3.0, 8.0)
TARGET_PAGE_SECONDS = 1.0
TARGET_GROWTH = 0.10
CONNECTS_AT_ONCE = 20


def shares(users: int) -> dict[str, int]:
    """How many users of each kind."""
    students = round(users * 0.60)
    runners = round(users * 0.25)
    return {"students": students, "runners": runners, "visitors": users - students - runners}


def tree_pool() -> list[Any]:
    """Random trees of 2,047 and 1,093 nodes (depth 10 binary, depth 6 ternary)."""
    return [
        random_tree(seed=seed, depth=10, branching=2)
        if seed % 2
        else random_tree(seed=seed, depth=6, branching=3)
        for seed in range(16)
    ]


# --- the users' process ----------------------------------------------------------------------


class Users:
    """Every simulated user, in one asyncio loop, and what they met."""

    def __init__(self, url: str, args):
        self.url, self.args = url, args
        self.tally = Tally()
        self.stop = asyncio.Event()
        self.sockets: list[SocketClient] = []
        self.tasks: list[asyncio.Task] = []
        self.session = socket_session()
        self.http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60))
        self.gate = asyncio.Semaphore(CONNECTS_AT_ONCE)

    async def start(self) -> None:
        """Save the short links, open the rooms, then bring every user in."""
        count = shares(self.args.users)
        views = await self.save_views()
        rooms = [
            await self.open_room() for _ in range(math.ceil(count["students"] / STUDENTS_PER_ROOM))
        ]
        pool = tree_pool()
        await asyncio.gather(
            *(self.student(rooms[i // STUDENTS_PER_ROOM]) for i in range(count["students"])),
            *(self.runner(pool, seed) for seed in range(count["runners"])),
        )
        for _ in range(count["visitors"]):
            self.tasks.append(asyncio.create_task(self.visitor(views)))

    async def save_views(self) -> list[str]:
        """A few saved views for the short links: their ids."""
        trees = [TEXTBOOK, random_tree(seed=1, depth=3, branching=3), tree_pool()[1]]
        ids = []
        for tree in trees:
            async with self.http.post(f"{self.url}/api/views", json={"tree": tree}) as response:
                if response.status != 201:
                    raise RuntimeError(f"POST /api/views: {response.status}")
                ids.append((await response.json())["id"])
        return ids

    async def connect(self) -> SocketClient | None:
        async with self.gate:
            try:
                client = await SocketClient.connect(self.session, self.url)
            except SocketError as err:
                self.tally.error("failed connection", err)
                return None
        self.sockets.append(client)
        return client

    async def open_room(self) -> str:
        """A presenter opens a room on the textbook and steps through it every second."""
        client = await self.connect()
        if client is None:
            raise RuntimeError("the presenter could not connect")
        code, key = await start_lecture(client, TEXTBOOK_VIEW)
        self.tasks.append(
            asyncio.create_task(
                drive_lecture(client, code, key, PRESENTER_INTERVAL, self.tally, self.stop)
            )
        )
        return code

    async def student(self, room: str) -> None:
        client = await self.connect()
        if client is not None:
            try:
                await follow_lecture(client, room, self.tally)
            except SocketError as err:
                self.tally.error("lecture join", err)

    async def runner(self, pool: list[Any], seed: int) -> None:
        client = await self.connect()
        if client is None:
            return
        rng = random.Random(seed)
        watcher = RunWatcher(client)
        every = self.args.run_every
        self.tasks.append(
            asyncio.create_task(
                run_now_and_then(watcher, lambda: rng.choice(pool), every, self.tally, self.stop)
            )
        )

    async def visitor(self, views: list[str]) -> None:
        """An embed or a short link every few seconds, until the end."""
        await pause(self.stop, random.uniform(0, VISIT_EVERY[1]))
        while not self.stop.is_set():
            if random.random() < 0.5:
                await self.get("embed page", "/embed?preset=textbook")
                preset = await self.get("embed preset", "/api/presets/textbook")
                if preset is not None:
                    await self.post("embed trace", "/api/trace", {"tree": preset})
            else:
                view = random.choice(views)
                await self.get("short link page", f"/t/{view}")
                await self.get("short link view", f"/api/views/{view}")
            await pause(self.stop, random.uniform(*VISIT_EVERY))

    async def get(self, kind: str, path: str) -> Any:
        return await self.request(kind, "GET", path)

    async def post(self, kind: str, path: str, body: Any) -> Any:
        return await self.request(kind, "POST", path, body)

    async def request(self, kind: str, method: str, path: str, body: Any = None) -> Any:
        """Time one request to its last byte; a non-2xx or a failure is an error."""
        start = time.perf_counter()
        try:
            async with self.http.request(method, self.url + path, json=body) as response:
                data = await response.read()
                self.tally.time(kind, time.perf_counter() - start)
                if not 200 <= response.status < 300:
                    self.tally.error("non-2xx", f"{method} {path}: {response.status}")
                    return None
                is_json = response.content_type == "application/json"
                return await response.json() if is_json and data else None
        except (aiohttp.ClientError, TimeoutError) as err:
            self.tally.error("http failure", f"{method} {path}: {err!r}")
            return None

    async def finish(self) -> dict[str, Any]:
        """Stop everyone; what they met."""
        self.stop.set()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        dropped = sum(client.dropped for client in self.sockets)
        if dropped:
            self.tally.errors["dropped connection"] += dropped
        await asyncio.gather(*(client.close() for client in self.sockets))
        await self.session.close()
        await self.http.close()
        return {"tally": self.tally, "sockets": len(self.sockets), "cpu": time.process_time()}


async def simulate(url: str, args, ready, finish, results) -> None:
    """Bring the users in, say so on ``ready``, and keep them busy until ``finish`` is set."""
    users = Users(url, args)
    try:
        await users.start()
        ready.put(len(users.sockets))
        bound = args.minutes * 60 + 300  # never outlive the main process by much
        await asyncio.get_running_loop().run_in_executor(None, finish.wait, bound)
    except Exception as err:
        ready.put(repr(err))  # the main process stops with it
    finally:
        results.put(await users.finish())


def users_process(url: str, args, ready, finish, results) -> None:
    asyncio.run(simulate(url, args, ready, finish, results))


# --- this process: the page visitor and the memory samples -----------------------------------


def watch(server, args, deadline: float, warmup_at: float) -> dict[str, Any]:
    """Load the page every ``--page-every`` s until ``deadline``; sample memory meanwhile
    (every 30 s, or 5 times in a shorter run)."""
    loader = PageLoader(server.url)
    pid = server.process.pid
    loads, failures, memory, warm_rss = [], [], [], None
    next_memory = time.monotonic()
    while time.monotonic() < deadline:
        try:
            loads.append(loader.load()[0])
        except Exception as err:  # counted as an error, the soak goes on
            failures.append(repr(err))
        now = time.monotonic()
        if warm_rss is None and now >= warmup_at:
            warm_rss = worker_rss_mib(pid)
        if now >= next_memory:
            memory.append((now, worker_rss_mib(pid), get_json(server.url, "/healthz")[1]))
            next_memory = now + min(30.0, args.minutes * 60 / 5)
        time.sleep(max(0.0, min(args.page_every, deadline - time.monotonic())))
    return {
        "loads": loads,
        "failures": failures,
        "memory": memory,
        "warm_rss": warm_rss,
        "end_rss": worker_rss_mib(pid),
        "health": get_json(server.url, "/healthz")[1],
        "assets": len(loader.assets),
    }


def report(args, seen: dict, users: dict, started: float) -> None:
    """Every figure next to its target."""
    tally: Tally = users["tally"]
    errors = sum(tally.errors.values()) + len(seen["failures"])
    print(f"\nerrors: {errors} (target 0: {verdict(errors == 0)})")
    for kind, count in sorted(tally.errors.items()):
        print(f"   {kind}: {count}, e.g. {tally.examples.get(kind, '')}")
    if seen["failures"]:
        print(f"   page load failures: {len(seen['failures'])}, e.g. {seen['failures'][0]}")
    print("latency per kind (to the last byte; socket runs from emitting run to done):")
    for kind in sorted(tally.times):
        print(f"   {kind:<16} {Summary.of(tally.times[kind]).ms()}")
    page = Summary.of(seen["loads"])
    print(
        f"visitor page load (GET / + {seen['assets']} static files, new connection): "
        f"{page.ms()} (target p95 < 1 s: {verdict(page.p95 < TARGET_PAGE_SECONDS)})"
    )
    for moment, rss, health in seen["memory"]:
        print(
            f"   t={moment - started:5.0f} s: worker RSS {rss:.0f} MiB, "
            f"{health['connections']} connections, {health['searches']} searches streaming"
        )
    warm, end = seen["warm_rss"] or float("nan"), seen["end_rss"]
    growth = (end - warm) / warm
    print(
        f"worker memory: {warm:.0f} MiB after the warm-up ({args.warmup_used:.0f} s), "
        f"{end:.0f} MiB at the end: {growth * 100:+.1f}% "
        f"(target < {TARGET_GROWTH * 100:.0f}%: {verdict(growth < TARGET_GROWTH)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=300)
    parser.add_argument("--minutes", type=float, default=5.0, help="fractions allowed")
    parser.add_argument("--warmup", type=float, default=30.0, help="seconds (at most 1/3 of it)")
    parser.add_argument("--page-every", type=float, default=3.0, help="seconds between loads")
    parser.add_argument(
        "--run-every",
        type=lambda text: tuple(float(x) for x in text.split(",")),
        default=(3.0, 8.0),
        help="seconds between a runner's runs: low,high",
    )
    args = parser.parse_args()
    args.warmup_used = min(args.warmup, args.minutes * 60 / 3)
    count = shares(args.users)

    print(machine())
    print(
        "server: gunicorn, 1 gevent worker, 127.0.0.1; PRUNE_API_RATE_LIMIT raised to "
        "1000000/minute (all users share one address); socket and lecture limits at defaults"
    )
    print(
        f"users: {args.users} for {args.minutes:g} min: {count['students']} students in "
        f"{math.ceil(count['students'] / STUDENTS_PER_ROOM)} rooms (+1 presenter each, a step "
        f"every {PRESENTER_INTERVAL:g} s), {count['runners']} running 1-2k-node trees every "
        f"{args.run_every[0]:g}-{args.run_every[1]:g} s, {count['visitors']} embed/short-link "
        f"visitors; 1 page visitor every {args.page_every:g} s"
    )
    server = start_server(SERVER_ENV)
    context = multiprocessing.get_context("spawn")
    ready, finish, results = context.Queue(), context.Event(), context.Queue()
    process = context.Process(
        target=users_process, args=(server.url, args, ready, finish, results), daemon=True
    )
    try:
        process.start()
        connected = ready.get(timeout=300)
        if not isinstance(connected, int):
            raise RuntimeError(f"the users could not start: {connected}")
        started = time.monotonic()
        print(f"{connected} connections open; soaking")
        seen = watch(server, args, started + args.minutes * 60, started + args.warmup_used)
        finish.set()
        users = results.get(timeout=300)
        report(args, seen, users, started)
        report_server_log(server)
    finally:
        finish.set()
        process.join(60)
        if process.is_alive():
            process.terminate()
        server.stop()


if __name__ == "__main__":
    main()
