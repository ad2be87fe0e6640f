"""Lecture drills reach every student: one who joins (or reloads, or reconnects) after the
drill started finds it in the join's ack; with several instances sharing Redis, a student on
another instance than the presenter's gets the drill, reports to it and is counted; ending the
lecture forgets the drill. Real gunicorn servers, a real redis-server, real Socket.IO
clients."""

import queue

import pytest
import redis
import socketio
from conftest_browser import start_server
from redis_server import RedisServer

VIEW = {"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "options": {}}
TOKEN = "late-student-token-0123"


@pytest.fixture(scope="module")
def shared():
    """Two app instances sharing a real redis-server, and a client of that Redis."""
    redis_server = RedisServer()
    instances = []
    try:
        for _ in range(2):
            instances.append(start_server({"MESSAGE_QUEUE": redis_server.url}))
        client = redis.Redis.from_url(redis_server.url)
        yield instances, client
        client.close()
    finally:
        for instance in instances:
            instance.stop()
        redis_server.stop()


@pytest.fixture
def clients():
    """``connect(server, inbox=None)``: a real Socket.IO client (its ``lecture:drill``
    messages into ``inbox``), disconnected after the test."""
    made = []

    def connect(server, inbox=None):
        client = socketio.Client(reconnection=False)
        if inbox is not None:
            client.on("lecture:drill", inbox.put)
        client.connect(server.url, transports=["websocket"], wait_timeout=10)
        made.append(client)
        return client

    yield connect
    for client in made:
        client.disconnect()


def call(client, event, body):
    return client.call(event, body, timeout=10)


def start_lecture(presenter):
    started = call(presenter, "lecture:start", {"view": VIEW, "cursor": {"step": 0}})
    return started["room"], started["key"]


def start_drill(presenter, code, key, level, seed):
    ack = call(presenter, "lecture:drill", {"room": code, "key": key, "level": level, "seed": seed})
    assert ack["ok"]
    return ack["drill"]


def drill_tally(presenter, code, key):
    return call(presenter, "lecture:drill-tally", {"room": code, "key": key})["tally"]


def test_a_student_joining_after_the_drill_started_gets_it_in_the_join_ack(live_server, clients):
    presenter = clients(live_server)
    code, key = start_lecture(presenter)
    before = call(clients(live_server), "lecture:join", {"room": code})
    assert before["ok"] and "drill" not in before  # no drill running yet
    drill = start_drill(presenter, code, key, "ghosts", 9)
    late = clients(live_server)
    joined = call(late, "lecture:join", {"room": code, "student": TOKEN})
    assert joined["ok"] and joined["drill"] == {"id": drill["id"], "level": "ghosts", "seed": 9}
    # The late joiner's result counts like anyone's.
    result = {"room": code, "drill": drill["id"], "right": 1, "done": 2, "student": TOKEN}
    assert call(late, "lecture:drill-result", result)["ok"]
    # A reload (a new connection, the same tab's token) finds the drill again.
    late.disconnect()
    reloaded = call(clients(live_server), "lecture:join", {"room": code, "student": TOKEN})
    assert reloaded["drill"] == drill
    tally = drill_tally(presenter, code, key)
    assert (tally["students"], tally["buckets"]) == (1, [[1, 1]])
    # Another drill replaces it in the next join's ack.
    again = start_drill(presenter, code, key, "binary", 1)
    assert call(clients(live_server), "lecture:join", {"room": code})["drill"] == again
    assert call(presenter, "lecture:end", {"room": code, "key": key})["ok"]


def test_students_on_the_other_instance_get_the_drill_report_and_are_counted(shared, clients):
    (first, second), _ = shared
    presenter = clients(first)
    inbox = queue.Queue()
    early = clients(second, inbox)
    late = clients(second)
    code, key = start_lecture(presenter)
    assert call(early, "lecture:join", {"room": code})["ok"]
    drill = start_drill(presenter, code, key, "ties", 77)
    assert inbox.get(timeout=10) == {"room": code, "drill": drill}  # the broadcast, via Redis
    joined = call(late, "lecture:join", {"room": code})
    assert joined["drill"] == drill  # a late joiner on the other instance, from Redis
    for student, right, done in [(early, 3, 3), (late, 1, 2), (late, 2, 3)]:
        result = {"room": code, "drill": drill["id"], "right": right, "done": done}
        assert call(student, "lecture:drill-result", result) == {"ok": True, "room": code}
    tally = drill_tally(presenter, code, key)
    assert tally == {"drill": drill, "students": 2, "trees": 6, "buckets": [[2, 1], [3, 1]]}
    # The presenter starts another on the first instance: the old one is refused on the second.
    again = start_drill(presenter, code, key, "binary", 5)
    stale = {"room": code, "drill": drill["id"], "right": 1, "done": 1}
    refused = call(late, "lecture:drill-result", stale)
    assert refused["ok"] is False and "that drill is not open" in refused["error"]
    fresh = {"room": code, "drill": again["id"], "right": 0, "done": 1}
    assert call(late, "lecture:drill-result", fresh)["ok"]
    assert drill_tally(presenter, code, key)["students"] == 1
    assert call(presenter, "lecture:end", {"room": code, "key": key})["ok"]


def test_ending_the_lecture_forgets_its_drill(shared, clients):
    (first, second), client = shared
    presenter = clients(first)
    code, key = start_lecture(presenter)
    drill = start_drill(presenter, code, key, "strict", 3)
    student = clients(second)
    assert call(student, "lecture:join", {"room": code})["ok"]
    result = {"room": code, "drill": drill["id"], "right": 1, "done": 1}
    assert call(student, "lecture:drill-result", result)["ok"]
    kept = sorted(name.decode() for name in client.keys(f"prune:lecture:{code}:drill*"))
    assert kept == [f"prune:lecture:{code}:drill", f"prune:lecture:{code}:drill-results"]
    assert call(presenter, "lecture:end", {"room": code, "key": key})["ok"]
    assert client.keys(f"prune:lecture:{code}*") == []
