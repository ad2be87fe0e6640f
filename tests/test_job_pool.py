"""Computations in worker processes (app/compute/job_pool.py, app/jobs.py): the same answers as
computed in the server (traces, gradings, socket runs streamed in batches), input errors still
naming their node or field, a job over its time or
memory budget refused saying so (and the next one answered), places per address and in all
(429 / 503 with Retry-After), and a job ended when its client goes away."""

import os
import signal
import threading
import time
from pathlib import Path

import pytest
from support import engine_trace, make_app
from test_sockets import Inbox

from app.compute.job_pool import IDLE, ClientGone, JobPool, JobsBusy, JobSettings, ServerBusy
from app.engine.generators import random_tree
from app.realtime.sockets import socketio

BIG = random_tree(seed=3, depth=6, branching=4)  # 5,461 nodes: well over the inline bound
ROWS = ["%" * 30, "%P" + "." * 27 + "%", *["%" + "." * 28 + "%"] * 26]
OPEN_30 = "\n".join([*ROWS, "%" + "G" * 4 + "." * 24 + "%", "%" * 30])  # 30×30, 4 ghosts
HEAVY = [OPEN_30, {"depth": 4, "algorithm": "minimax", "moves": 1000, "ghosts": "random"}]
SMALL = ["smallClassic", {"depth": 2, "moves": 5}]


def settings(**given):
    values = dict(workers=1, per_address=1, queue=0, seconds=30, megabytes=600, wait_seconds=1)
    return JobSettings(**{**values, **given})


def test_a_big_trace_from_a_worker_is_the_one_the_server_computes():
    inline = make_app(PRUNE_INLINE_TRACE_BYTES=10_000_000).test_client()
    pooled = make_app(PRUNE_INLINE_TRACE_BYTES=1).test_client()
    expected = inline.post("/api/trace", json={"tree": BIG, "options": {"rule": "strict"}})
    answer = pooled.post("/api/trace", json={"tree": BIG, "options": {"rule": "strict"}})
    assert answer.status_code == 200
    assert answer.get_json() == expected.get_json()
    assert len(answer.get_json()["nodes"]) == 5_461
    assert IDLE.workers, "the trace was computed by a worker process, which is kept"


def test_a_bad_node_in_a_big_tree_is_named_from_the_worker():
    client = make_app(PRUNE_INLINE_TRACE_BYTES=1).test_client()
    tree = [list(branch) for branch in BIG]
    tree[2][1] = {"value": "many"}
    response = client.post("/api/trace", json={"tree": tree})
    assert response.status_code == 400
    body = response.get_json()
    assert body["path"] == [2, 1]
    assert "node [2, 1]" in body["error"]


def test_a_big_grading_from_a_worker_scores_the_answer():
    client = make_app(PRUNE_INLINE_TRACE_BYTES=1).test_client()
    answer = {"pruned": [[0, 0, 0, 0, 3]], "values": {"": 4}}
    response = client.post("/api/practice/grade", json={"tree": BIG, "answer": answer})
    inline = (
        make_app().test_client().post("/api/practice/grade", json={"tree": BIG, "answer": answer})
    )
    assert response.status_code == inline.status_code
    assert response.get_json() == inline.get_json()


def test_a_game_over_its_time_budget_is_a_422_and_the_next_game_is_answered():
    client = make_app(PRUNE_JOB_SECONDS=1, PRUNE_JOB_MEGABYTES=2000).test_client()
    query = {"layout": OPEN_30, "rules": "cs188", **HEAVY[1], "lang": "de"}
    started = time.monotonic()
    response = client.get("/api/games/pacman/game", query_string=query)
    assert time.monotonic() - started < 10
    assert response.status_code == 422
    assert response.get_json()["error"] == (  # said in the asker's language
        "das braucht mehr als die 1 s Rechenzeit, die eine Anfrage haben darf; "
        "fordern Sie weniger an"
    )
    after = client.get("/api/games/pacman/game?layout=smallClassic&depth=2&moves=3")
    assert after.status_code == 200
    assert after.get_json()["maze"]


def test_a_job_over_its_memory_budget_is_refused_saying_so():
    pool = JobPool(settings(seconds=60, megabytes=200))
    with pytest.raises(Exception, match="200 MB a request may have") as refused:
        pool.run("cs188.game", HEAVY, "10.0.0.1")
    assert refused.value.code == 422
    assert pool.run("cs188.game", SMALL, "10.0.0.1").startswith(b'{"maze"')


def test_an_address_with_its_places_taken_gets_a_429_and_another_address_is_served():
    pool = JobPool(settings(workers=2, per_address=1))
    done = threading.Event()
    heavy = _blocking(pool, "10.0.0.1", done)
    with pytest.raises(JobsBusy, match="your address already has 1") as refused:
        pool.run("cs188.game", SMALL, "10.0.0.1")
    assert refused.value.get_response().headers["Retry-After"]
    assert pool.run("cs188.game", SMALL, "10.0.0.2").startswith(b'{"maze"')
    done.set()
    heavy.join()


def test_a_full_pool_answers_503_at_once():
    pool = JobPool(settings(workers=1, queue=0))
    done = threading.Event()
    heavy = _blocking(pool, "10.0.0.1", done)
    started = time.monotonic()
    with pytest.raises(ServerBusy, match="computing as much as it can") as refused:
        pool.run("cs188.game", SMALL, "10.0.0.2")
    assert time.monotonic() - started < 0.5
    assert refused.value.code == 503
    assert refused.value.get_response().headers["Retry-After"]
    done.set()
    heavy.join()


def test_a_job_whose_client_left_ends_within_a_second():
    pool = JobPool(settings(seconds=60))
    gone = threading.Event()
    threading.Timer(0.5, gone.set).start()
    started = time.monotonic()
    with pytest.raises(ClientGone):
        pool.run("cs188.game", HEAVY, "10.0.0.1", still_wanted=lambda: not gone.is_set())
    assert time.monotonic() - started < 2.5
    assert pool.running == 0
    assert pool.run("cs188.game", SMALL, "10.0.0.1").startswith(b'{"maze"')


def _blocking(pool, address, done):
    """A heavy job holding a place until ``done`` is set (its client then goes away)."""

    def run():
        with pytest.raises(ClientGone):
            pool.run("cs188.game", HEAVY, address, still_wanted=lambda: not done.is_set())

    thread = threading.Thread(target=run)
    thread.start()
    _wait_for(lambda: pool.running == 1)
    return thread


def _wait_for(predicate, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_a_big_socket_run_from_a_worker_streams_the_engines_trace():
    app = make_app(PRUNE_INLINE_TRACE_BYTES=1, PRUNE_EVENT_BATCH=64)
    client = socketio.test_client(app)
    inbox = Inbox(client)
    options = {"algorithm": "minimax"}
    ack = client.emit("run", {"tree": BIG, "options": options}, callback=True)
    expected = engine_trace(BIG, options)
    assert ack["ok"] is True
    assert ack["nodes"] == expected["nodes"]
    assert ack["options"] == expected["summary"]["options"]
    done = inbox.wait_done(ack["run"])
    assert done["summary"] == expected["summary"]
    assert inbox.trace(ack["run"]) == expected["events"]
    sizes = [len(batch["events"]) for batch in inbox.of_run(ack["run"], "events")]
    assert min(sizes[:-1]) >= 64 and len(sizes) > 10, "still streamed in batches"
    client.disconnect()


def test_a_bad_node_in_a_big_socket_run_is_a_run_error_naming_it():
    client = socketio.test_client(make_app(PRUNE_INLINE_TRACE_BYTES=1))
    tree = [list(branch) for branch in BIG]
    tree[3][0] = {"value": None}
    ack = client.emit("run", {"tree": tree}, callback=True)
    assert ack["ok"] is False
    assert ack["path"] == [3, 0]
    assert [m["name"] for m in client.get_received()] == ["run_error"]
    client.disconnect()


def test_the_wait_for_a_worker_is_not_timed_as_the_jobs_cost():
    pool = JobPool(settings(workers=1, per_address=2, queue=1, wait_seconds=10))
    done = threading.Event()
    heavy = _blocking(pool, "10.0.0.1", done)
    threading.Timer(1.0, done.set).start()
    timed = []

    def meter(job):
        started = time.monotonic()
        try:
            return job()
        finally:
            timed.append(time.monotonic() - started)

    started = time.monotonic()
    assert pool.run("cs188.game", SMALL, "10.0.0.2", timed=meter).startswith(b'{"maze"')
    waited = time.monotonic() - started
    heavy.join()
    assert waited >= 1.0
    assert timed[0] < waited - 0.8, "only the job itself is timed (and charged)"


def test_big_cs188_imports_exports_and_random_trees_from_a_worker_are_the_servers():
    inline = make_app(PRUNE_INLINE_TRACE_BYTES=10_000_000).test_client()
    pooled = make_app(PRUNE_INLINE_TRACE_BYTES=1).test_client()
    exported = pooled.post("/api/cs188/export", json={"tree": BIG})
    assert exported.status_code == 200
    assert exported.get_json() == inline.post("/api/cs188/export", json={"tree": BIG}).get_json()
    text = {"text": exported.get_json()["text"]}
    imported = pooled.post("/api/cs188/import", json=text)
    assert imported.status_code == 200
    assert imported.get_json() == inline.post("/api/cs188/import", json=text).get_json()
    params = {"seed": 4, "depth": 7, "branching": [2, 4]}  # up to 21,845 nodes: a worker's
    made = pooled.post("/api/random", json=params)
    assert made.status_code == 200
    assert made.get_json() == {"tree": random_tree(**params)}
    too_big = pooled.post("/api/random", json={"depth": 20, "branching": 20})
    assert too_big.status_code == 400
    assert "more than 50,000 nodes" in too_big.get_json()["error"]


def test_a_class_running_the_same_big_tree_computes_it_once():
    app = make_app(PRUNE_INLINE_TRACE_BYTES=1)
    students = [socketio.test_client(app) for _ in range(3)]
    expected = engine_trace(BIG)
    for student in students:
        inbox = Inbox(student)
        ack = student.emit("run", {"tree": BIG}, callback=True)
        assert ack["ok"] is True
        assert inbox.wait_done(ack["run"])["summary"] == expected["summary"]
        assert inbox.trace(ack["run"]) == expected["events"]
        student.disconnect()
    assert app.extensions["prune.traces"].computed == 1


def test_a_client_that_leaves_while_waiting_for_a_worker_gives_up_its_place():
    pool = JobPool(settings(workers=1, per_address=2, queue=1, wait_seconds=30))
    done = threading.Event()
    heavy = _blocking(pool, "10.0.0.1", done)
    gone = threading.Event()
    threading.Timer(0.3, gone.set).start()
    started = time.monotonic()
    with pytest.raises(ClientGone):
        pool.run("cs188.game", SMALL, "10.0.0.2", still_wanted=lambda: not gone.is_set())
    assert time.monotonic() - started < 1.5
    assert "10.0.0.2" not in pool.by_address
    done.set()
    heavy.join()


def test_a_worker_that_dies_mid_job_is_a_422_and_is_replaced():
    pool = JobPool(settings(seconds=60))
    threading.Timer(0.5, _kill_busy_workers).start()
    with pytest.raises(Exception, match="stopped before its answer") as refused:
        pool.run("cs188.game", HEAVY, "10.0.0.1")
    assert refused.value.code == 422
    assert pool.run("cs188.game", SMALL, "10.0.0.1").startswith(b'{"maze"')


def _kill_busy_workers():
    """SIGKILL the job processes running now: this process's job workers (``-m app.jobs``)
    not idle in the pool. Only those: a live server the session started is a child too."""
    me = os.getpid()
    children = Path(f"/proc/{me}/task/{me}/children").read_text().split()
    idle = {worker.process.pid for worker in IDLE.workers}
    for pid in map(int, children):
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        if b"app.jobs" in command and pid not in idle:
            os.kill(pid, signal.SIGKILL)
