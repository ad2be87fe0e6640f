"""A whole class on one instance: a real gevent server in a subprocess, real websockets.

A thousand open connections must leave the page answering, and a client that stops reading
must not keep its search, or the memory that search holds, for long.
"""

import asyncio
import json
import socket
import threading
import time

import aiohttp
import pytest
import requests
import websocket
from conftest_browser import start_server
from support import TEXTBOOK, Recorder, engine_trace

pytestmark = pytest.mark.slow

CLASS_SIZE = 1000


def worst_legal_tree():
    """A 199-level chain ending in a 49,800-leaf fan: 50,000 nodes, 200 levels."""
    tree = [i % 97 for i in range(49_800)]
    for _ in range(199):
        tree = [tree]
    return tree


def socketio_url(base_url):
    return base_url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"


async def open_class(url, count):
    """``count`` websockets, each through the Socket.IO handshake to namespace "/"."""
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    sockets = []

    async def join():
        ws = await session.ws_connect(url, autoping=False)
        assert (await ws.receive_str()).startswith("0")  # Engine.IO open
        await ws.send_str("40")
        assert (await ws.receive_str()).startswith("40")
        sockets.append(ws)

    for start in range(0, count, 100):  # a class arriving, a hundred at a time
        await asyncio.gather(*(join() for _ in range(min(100, count - start))))
    return session, sockets


async def close_class(session, sockets):
    await asyncio.gather(*(ws.close() for ws in sockets))
    await session.close()


def worker_rss_mib(server):
    """Resident memory of gunicorn's one worker (the master's child)."""
    master = server.process.pid
    with open(f"/proc/{master}/task/{master}/children") as children:
        worker = children.read().split()[0]
    with open(f"/proc/{worker}/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


class LoopThread:
    """An asyncio loop in a thread of its own: the browser tests' Playwright keeps a loop
    running in the main thread, where a second one cannot run."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine, timeout=120):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def close(self):
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def test_a_thousand_connections_leave_the_page_and_the_api_answering():
    with start_server() as server:
        loop = LoopThread()
        try:
            session, sockets = loop.run(open_class(socketio_url(server.url), CLASS_SIZE))
            health = requests.get(server.url + "/healthz", timeout=10).json()
            assert health["connections"] == CLASS_SIZE
            page = requests.get(server.url + "/", timeout=10)
            assert page.status_code == 200 and "<svg" in page.text
            api = requests.post(server.url + "/api/trace", json={"tree": TEXTBOOK}, timeout=10)
            assert api.status_code == 200 and api.json()["summary"]["value"] == 3
            student = Recorder(server.url)  # connection 1,001 still runs a search
            try:
                ack = student.run(TEXTBOOK)
                _, events = student.wait_done(ack["run"])
                assert events == engine_trace(TEXTBOOK)["events"]
            finally:
                student.close()
            assert all(not ws.closed for ws in sockets)
            loop.run(close_class(session, sockets))
        finally:
            loop.close()


def stalled_runs(server, count):
    """``count`` clients that each start the worst legal tree, then never read again."""
    request = "420" + json.dumps(["run", {"tree": worst_legal_tree()}])
    clients = []
    for _ in range(count):
        ws = websocket.create_connection(
            socketio_url(server.url),
            timeout=30,
            sockopt=[(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)],  # a reader that stops
        )
        ws.recv()
        ws.send("40")
        ws.recv()
        ws.send(request)
        clients.append(ws)
    return clients


def searches(server):
    return requests.get(server.url + "/healthz", timeout=10).json()["searches"]


def wait_for(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def test_a_client_that_stops_reading_has_its_run_stopped_and_its_memory_reused():
    with start_server({"PRUNE_STALLED_RUN_SECONDS": "2"}) as server:
        clients = stalled_runs(server, 4)
        assert wait_for(lambda: searches(server) == 4, 10), "the runs start, then pause"
        assert wait_for(lambda: searches(server) == 0, 15), "paused runs are stopped"
        for ws in clients:
            ws.close()

        # The memory stopped searches held is free for the next ones: more rounds of the same
        # stalled clients leave the worker where it was (before, each such run queued its
        # whole 90 MB trace, and dead trees piled up until Python's rare full collection).
        after_round = []
        for _ in range(2):
            clients = stalled_runs(server, 4)
            assert wait_for(lambda: searches(server) == 4, 10)
            assert wait_for(lambda: searches(server) == 0, 15)
            for ws in clients:
                ws.close()
            after_round.append(worker_rss_mib(server))
        assert after_round[1] - after_round[0] < 20, after_round

        reader = Recorder(server.url)  # and the server still serves a client that reads
        try:
            ack = reader.run(TEXTBOOK)
            assert reader.wait_done(ack["run"])[0]["summary"]["value"] == 3
        finally:
            reader.close()


def read_until_ack(ws, ack_id):
    """Socket.IO messages read until the ack ``ack_id``: ``[(name, body)]`` and the ack."""
    messages = []
    while True:
        frame = ws.recv()
        if frame == "2":  # Engine.IO ping
            ws.send("3")
        elif frame.startswith(f"43{ack_id}["):
            return messages, json.loads(frame[len(f"43{ack_id}") :])[0]
        elif frame.startswith("42["):
            messages.append(tuple(json.loads(frame[2:])))


def test_a_stopped_run_says_why_and_the_connection_runs_again_once_it_reads():
    with start_server({"PRUNE_STALLED_RUN_SECONDS": "1"}) as server:
        [ws] = stalled_runs(server, 1)
        try:
            assert wait_for(lambda: searches(server) == 1, 10), "the run starts, then pauses"
            assert wait_for(lambda: searches(server) == 0, 10), "and is stopped"
            ws.send("421" + json.dumps(["run", {"tree": TEXTBOOK}]))
            # Still not reading while the server takes the run: reading at once races it (on a
            # busy machine the client drained the backlog first, and the run was accepted).
            time.sleep(1)
            messages, refused = read_until_ack(ws, 1)
            errors = [body for name, body in messages if name == "run_error"]
            assert [body["error"] for body in errors] == ["stopped: the events went unread for 1 s"]
            assert "run" in errors[0]
            after_the_ack = json.loads(ws.recv()[2:])  # the refusal, repeated as run_error
            assert after_the_ack == [
                "run_error",
                {"error": "this connection has not read what it was sent; read it, then run again"},
            ]
            assert not [name for name, _ in messages if name == "done"]
            assert refused == {
                "ok": False,
                "error": "this connection has not read what it was sent; read it, then run again",
            }
            ws.send("422" + json.dumps(["run", {"tree": TEXTBOOK}]))
            _, accepted = read_until_ack(ws, 2)
            assert accepted["ok"] is True
        finally:
            ws.close()
