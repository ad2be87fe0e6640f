"""Heavy clients for bench/isolation.py and bench/capacity.py: each runs in a process
of its own, loads the server in one way until told to stop, and says what it did.

    experiments8      eight experiments at once from one address, again and again
    experiment-big    the largest random-binary experiment (10,000 seeds at depth 10)
    cached-trace      the worst legal tree's cached trace (a saved view, ~4 MB) fetched
                      back to back, or at the pace its size charge allows (``pace``)
    lecture-silent    a presenter sending a new 2 MiB view every second and cursors to a
                      room of ten students who never read
    sockets-one-address  5,000 websockets opened from one address (admission's per-address cap)
    game-at-the-limits   two clients asking for the CS188 game at every limit, again
    ordinary-games       eight clients (eight addresses) playing ordinary CS188 games, new seeds

All of them stop by themselves after ``HOG_SECONDS_MAX``.
"""

from __future__ import annotations

import json
import multiprocessing
import socket
import threading
import time
from collections import Counter
from typing import Any

import requests
import websocket
from load_support import worst_tree

HOG_SECONDS_MAX = 900
MIB = 1024 * 1024
# The one address of sockets-one-address, as the trusted proxy would say (the server runs
# with PRUNE_TRUSTED_PROXIES=1): the samplers, on 127.0.0.1, are another address.
ONE_ADDRESS = "X-Forwarded-For: 10.9.0.1"


def _socket_url(base_url: str) -> str:
    return base_url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"


def _joined(base_url: str, reads: bool = True) -> websocket.WebSocket:
    options = {} if reads else {"sockopt": [(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)]}
    ws = websocket.create_connection(_socket_url(base_url), timeout=60, **options)
    ws.recv()
    ws.send("40")
    ws.recv()
    return ws


def _call(ws: websocket.WebSocket, ack_id: int, event: str, body: Any) -> Any:
    """Send ``event`` and read until its ack (answering pings)."""
    ws.send(f"42{ack_id}" + json.dumps([event, body]))
    prefix = f"43{ack_id}["
    while True:
        frame = ws.recv()
        if frame == "2":
            ws.send("3")
        elif isinstance(frame, str) and frame.startswith(prefix):
            return json.loads(frame[len(prefix) - 1 :])[0]


def experiments8(base_url: str, stop, _pace: int) -> str:
    """Eight threads, each asking for an experiment and reading it to the end, again."""
    url = base_url + "/api/experiments/random-binary?depth=12&seeds=0-400"
    done, refused = [0], [0]

    def one() -> None:
        with requests.Session() as session:
            while not stop.is_set():
                with session.get(url, stream=True, timeout=120) as answer:
                    if answer.status_code != 200:
                        refused[0] += 1
                        time.sleep(1)
                        continue
                    for _ in answer.iter_lines():
                        if stop.is_set():
                            break
                    done[0] += 1

    threads = [threading.Thread(target=one, daemon=True) for _ in range(8)]
    for thread in threads:
        thread.start()
    stop.wait(HOG_SECONDS_MAX)
    for thread in threads:
        thread.join(5)
    return f"{done[0]} experiments finished or cut, {refused[0]} refused (429)"


def experiment_big(base_url: str, stop, _pace: int) -> str:
    url = base_url + "/api/experiments/random-binary?depth=10&seeds=0-9999"
    rows = 0
    with requests.get(url, stream=True, timeout=300) as answer:
        for line in answer.iter_lines():
            rows += b'"row"' in line
            if stop.is_set():
                break
    return f"{rows} rows of the largest experiment read"


def cached_trace(base_url: str, stop, pace: int) -> str:
    """The worst tree saved as a view, its trace fetched again and again (cached after the
    first). ``pace``: fetches a minute (0: back to back)."""
    saved = requests.post(base_url + "/api/views", json={"tree": worst_tree()}, timeout=60)
    trace_url = f"{base_url}/api/views/{saved.json()['id']}/trace"
    fetched, refused, size = 0, 0, 0
    deadline = time.monotonic() + HOG_SECONDS_MAX
    with requests.Session() as session:
        while not stop.is_set() and time.monotonic() < deadline:
            started = time.monotonic()
            answer = session.get(trace_url, timeout=120)
            if answer.status_code == 200:
                fetched, size = fetched + 1, len(answer.content)
            else:
                refused += 1
            if pace:
                stop.wait(max(0.0, started + 60 / pace - time.monotonic()))
    return f"{fetched} fetches of a {size / MIB:.1f} MiB cached trace, {refused} refused"


def big_view() -> dict:
    """A view of about 2 MiB: a flat fan of long-labelled leaves (within 50,000 nodes)."""
    leaves = [{"label": f"leaf-{n:05d}-" + "x" * 30, "value": n % 97} for n in range(32_000)]
    return {"tree": {"children": leaves}, "options": {}}


def lecture_silent(base_url: str, stop, _pace: int) -> str:
    presenter = _joined(base_url)
    view = big_view()
    started = _call(presenter, 1, "lecture:start", {"view": view, "cursor": {"step": 0}})
    code, key = started["room"], started["key"]
    students = []
    for _ in range(10):
        student = _joined(base_url, reads=False)
        student.send("421" + json.dumps(["lecture:join", {"room": code}]))
        students.append(student)
    seq, ack = 0, 2
    deadline = time.monotonic() + HOG_SECONDS_MAX
    while not stop.is_set() and time.monotonic() < deadline:
        seq, ack = seq + 1, ack + 1
        view["tree"]["children"][0]["value"] = seq % 97  # a new view each second
        body = {"room": code, "key": key, "seq": seq, "view": view, "cursor": {"step": 0}}
        _call(presenter, ack, "lecture:view", body)
        for step in range(1, 10):
            seq, ack = seq + 1, ack + 1
            _call(
                presenter,
                ack,
                "lecture:cursor",
                {"room": code, "key": key, "seq": seq, "cursor": {"step": step}},
            )
        stop.wait(1)
    for each in (presenter, *students):
        each.close()
    return f"{seq} presenter messages ({seq // 10} new 2 MiB views) to 10 students who never read"


def sockets_one_address(base_url: str, stop, count: int) -> str:
    """``count`` (5,000 if 0) websockets from this one address, held until ``stop``."""
    held, refused = [], 0
    for _ in range(count or 5000):
        if stop.is_set():
            break
        try:
            held.append(
                websocket.create_connection(_socket_url(base_url), timeout=10, header=[ONE_ADDRESS])
            )
        except (websocket.WebSocketException, OSError):
            refused += 1
    stop.wait(HOG_SECONDS_MAX)
    for ws in held:
        ws.close()
    return f"{len(held)} websockets held, {refused} refused"


# The issue 32 request: a CS188 game at every limit (a 30×30 open layout, 4 ghosts, depth 4,
# minimax, 1,000 moves, random ghosts). Its job runs out of its budget (a 422) after
# PRUNE_JOB_SECONDS of CPU; before issue 32 it held the server's only thread for a minute.
_ROWS = ["%" * 30, "%P" + "." * 27 + "%", *["%" + "." * 28 + "%"] * 26]
OPEN_30 = "\n".join([*_ROWS, "%" + "G" * 4 + "." * 24 + "%", "%" * 30])
GAME_AT_THE_LIMITS = {
    "rules": "cs188", "layout": OPEN_30, "depth": "4", "algorithm": "minimax",
    "moves": "1000", "ghosts": "random",
}  # fmt: skip
# An ordinary CS188 game, as a class plays them (issue 32: p95 16 s under a class's load).
ORDINARY_GAME = {"rules": "cs188", "layout": "smallClassic", "depth": "2", "moves": "30"}
SOME_ADDRESSES = [f"X-Forwarded-For: 10.8.0.{n}" for n in range(1, 9)]


def _games(base_url: str, stop, query: dict, threads: int) -> str:
    """``threads`` clients, each from an address of its own, asking for the game with a new
    seed each time (never from the cache), again and again."""
    answered: Counter = Counter()
    url = base_url + "/api/games/pacman/game"

    def one(index: int) -> None:
        header = dict([SOME_ADDRESSES[index].split(": ")])
        seed = index * 100_000
        deadline = time.monotonic() + HOG_SECONDS_MAX
        with requests.Session() as session:
            while not stop.is_set() and time.monotonic() < deadline:
                seed += 1
                params = {**query, "seed": str(seed)}
                answer = session.get(url, params=params, headers=header, timeout=300)
                answered[answer.status_code] += 1
                if answer.status_code in (429, 503):
                    stop.wait(1)

    workers = [threading.Thread(target=one, args=(n,), daemon=True) for n in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return "games answered " + ", ".join(f"{n}×{status}" for status, n in sorted(answered.items()))


def game_at_the_limits(base_url: str, stop, _pace: int) -> str:
    """Two clients asking for the CS188 game at every limit, again and again."""
    return _games(base_url, stop, GAME_AT_THE_LIMITS, 2)


def ordinary_games(base_url: str, stop, _pace: int) -> str:
    """Eight clients playing ordinary CS188 games (depth 2, 30 moves), new seeds each time."""
    return _games(base_url, stop, ORDINARY_GAME, 8)


HEAVY = {
    "game-at-the-limits": game_at_the_limits,
    "ordinary-games": ordinary_games,
    "experiments8": experiments8,
    "experiment-big": experiment_big,
    "cached-trace": cached_trace,
    "lecture-silent": lecture_silent,
    "sockets-one-address": sockets_one_address,
}


def run_heavy(kind: str, base_url: str, pace: int, stop, results) -> None:
    """A process's target: run ``kind`` until ``stop``, then put what it did in ``results``."""
    try:
        results.put(HEAVY[kind](base_url, stop, pace))
    except Exception as err:  # a failed hog is reported, not raised into the bench
        results.put(f"failed: {err!r}")


class Hog:
    """A load in a process of its own while a bench measures: ``target(kind, base_url, pace,
    stop, results)`` (``run_heavy`` by default, or bench/isolation.py's worst-tree hog) runs
    until ``finish()``, which says what it did."""

    def __init__(self, kind: str, base_url: str, per_minute: int, target=None):
        context = multiprocessing.get_context("spawn")
        self.stop, self.results = context.Event(), context.Queue()
        target = target or run_heavy
        self.process = context.Process(
            target=target, args=(kind, base_url, per_minute, self.stop, self.results), daemon=True
        )
        self.started = time.monotonic()
        self.process.start()

    def finish(self) -> str:
        """Stop the hog; what it did, in words."""
        self.stop.set()
        try:
            result = self.results.get(timeout=120)
        finally:
            self.process.join(10)
            if self.process.is_alive():
                self.process.terminate()
        seconds = time.monotonic() - self.started
        if isinstance(result, str):  # a heavy client says what it did
            return f"{result} in {seconds:.0f} s"
        return (
            f"{result['runs']} worst-tree runs in {seconds:.0f} s "
            f"({result['runs'] / seconds:.2f}/s), {result['refused']} refused"
        )
