"""docs/deployment.md, "Why gevent…": no legal request holds the server. Against gunicorn's
gevent worker in a subprocess, the heaviest legal request of each kind runs at once: a CS188
game at every limit (a 30×30 open layout, 4 ghosts, depth 4, minimax, 1,000 moves, random
ghosts), the worst legal tree over HTTP and over a socket, and the largest experiment.
Meanwhile ``/healthz`` is polled: every poll is answered, gunicorn never replaces its worker
(no timeout), a socket connected before is still connected and runs the textbook tree, and each
heavy request gets its answer (the game within the job's budget or a 422 saying it needs more).
And a client that hangs up on a heavy game frees its worker process at once. Latency figures
are in bench/isolation.py, not here."""

import contextlib
import json
import threading
import time
from pathlib import Path

import pytest
import requests
from conftest_browser import start_server
from support import TEXTBOOK, Recorder, engine_trace

ROWS = ["%" * 30, "%P" + "." * 27 + "%", *["%" + "." * 28 + "%"] * 26]
OPEN_30 = "\n".join([*ROWS, "%" + "G" * 4 + "." * 24 + "%", "%" * 30])
GAME = {
    "rules": "cs188",
    "layout": OPEN_30,
    "depth": "4",
    "algorithm": "minimax",
    "moves": "1000",
    "ghosts": "random",
}
EXPERIMENT = "/api/experiments/random-binary?depth=10&seeds=0-9999"
SERVER = {
    "PRUNE_API_RATE_LIMIT": "1000000/minute",
    "PRUNE_JOB_SECONDS": "8",
    "PRUNE_JOB_WAIT_SECONDS": "120",  # three jobs share two workers on a loaded machine
}


def worst_tree():
    """The worst legal tree: a 199-level chain ending in a 49,800-leaf fan (~145 KB)."""
    tree = [i % 97 for i in range(49_800)]
    for _ in range(199):
        tree = [tree]
    return tree


def worker_pid(server):
    """gunicorn's worker: the one child of its master process."""
    children = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
    pids = children.read_text().split()
    assert len(pids) == 1, pids
    return int(pids[0])


@pytest.fixture(scope="module")
def server():
    with start_server(SERVER) as live:
        yield live


def test_the_heaviest_legal_requests_leave_the_server_answering(server):
    worker = worker_pid(server)
    watcher = Recorder(server.url)
    answers = {}
    stop = threading.Event()
    polls, missed = [], []

    def poll():
        with requests.Session() as session:
            while not stop.is_set():
                try:
                    answer = session.get(server.url + "/healthz", timeout=5)
                    polls.append(answer.status_code)
                except requests.RequestException as err:
                    missed.append(repr(err))
                time.sleep(0.05)

    def game():
        answers["game"] = requests.get(
            server.url + "/api/games/pacman/game", params=GAME, timeout=120
        )

    def trace():
        body = {"tree": worst_tree()}
        answers["trace"] = requests.post(server.url + "/api/trace", json=body, timeout=120)

    def experiment():
        with requests.get(server.url + EXPERIMENT, stream=True, timeout=120) as answer:
            lines = []
            for line in answer.iter_lines():
                if line:  # blank lines only say the server is still there
                    lines.append(line)
                if len(lines) >= 3 or stop.is_set():
                    break
            answers["experiment"] = (answer.status_code, lines)

    def socket_run():
        runner = Recorder(server.url)
        try:
            ack = runner.run(worst_tree(), timeout=120)
            answers["socket"] = (ack, runner.wait_done(ack["run"], timeout=120))
        finally:
            runner.close()

    poller = threading.Thread(target=poll)
    poller.start()
    heavy = [threading.Thread(target=work) for work in (game, trace, experiment, socket_run)]
    for thread in heavy:
        thread.start()
    for thread in heavy:
        thread.join(180)
    stop.set()
    poller.join()

    assert not missed, missed[:3]
    assert polls and set(polls) == {200}
    assert len(polls) > 20, "the polls went on all along"
    assert worker_pid(server) == worker, "gunicorn kept its worker (no timeout)"
    assert "WORKER TIMEOUT" not in server.stderr()
    assert "Traceback" not in server.stderr(), server.stderr()[-3000:]

    assert answers["game"].status_code in (200, 422), answers["game"].text[:300]
    if answers["game"].status_code == 422:
        assert "a request may have; ask for less" in answers["game"].json()["error"]
    assert answers["trace"].status_code == 200, answers["trace"].text[:300]
    assert len(answers["trace"].json()["nodes"]) == 50_000
    status, lines = answers["experiment"]
    assert status == 200 and "columns" in json.loads(lines[0])
    ack, (done, events) = answers["socket"]
    assert ack["ok"] is True and len(ack["nodes"]) == 50_000
    assert done["total_events"] == len(events) > 50_000

    assert watcher.client.connected, "a socket connected before was never dropped"
    ack = watcher.run(TEXTBOOK)
    done, events = watcher.wait_done(ack["run"])
    assert events == engine_trace(TEXTBOOK)["events"]
    watcher.close()


def test_a_heavy_game_whose_client_leaves_frees_its_worker_within_a_second_or_two(server):
    health = server.url + "/healthz"
    with requests.Session() as session:
        assert session.get(health, timeout=5).json()["jobs"] == 0
        leaving = threading.Thread(target=_ask_and_leave, args=(server.url,))
        leaving.start()
        assert _within(5, lambda: session.get(health, timeout=5).json()["jobs"] == 1)
        leaving.join()
        left = time.monotonic()
        assert _within(5, lambda: session.get(health, timeout=5).json()["jobs"] == 0)
        assert time.monotonic() - left < 2.0
    assert "Traceback" not in server.stderr()


def _ask_and_leave(url):
    """Ask for the game at every limit, then hang up after a second without reading."""
    with contextlib.suppress(requests.Timeout):
        requests.get(url + "/api/games/pacman/game", params={**GAME, "seed": "7"}, timeout=1)


def _within(seconds, predicate):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False
