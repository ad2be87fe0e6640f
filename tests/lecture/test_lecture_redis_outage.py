"""Redis down mid-lecture: two gunicorn instances share rooms and broadcasts through a real
redis-server (append-only, so its data outlives it), the presenter on one, students on both.
While Redis is down every presenter action and every answer is refused with a clear
``lecture_error`` (no ``ok``), and the servers log no traceback; once it is back the class
goes on where it was, and every step acknowledged with ``ok`` reaches every student on both
instances (a step published before an instance listened again is re-sent to its students).
"""

import time

import pytest
import requests
from conftest_browser import start_server
from reconnecting_class import RIGHT, VIEW, Member, start_class
from redis_server import RedisServer
from support import wait_until

from app.lecture.stores import UNAVAILABLE
from app.web.errors import UNREACHABLE

OUTAGE_SECONDS = 3


@pytest.fixture
def instances():
    redis_server = RedisServer(appendonly=True)
    servers = []
    try:
        for _ in range(2):
            servers.append(start_server({"MESSAGE_QUEUE": redis_server.url}))
        yield redis_server, servers
    finally:
        for server in servers:
            server.stop()
        redis_server.stop()


def step(presenter, seq):
    body = {"key": presenter.key, "seq": seq, "cursor": {"step": seq, "playing": False, "speed": 1}}
    return presenter.call("lecture:cursor", body)


def test_a_redis_outage_refuses_clearly_and_loses_no_acknowledged_step(instances):
    redis_server, (first, second) = instances
    presenter, here = start_class(first.url, 2)
    there = [Member(second.url, presenter.code) for _ in range(2)]
    errors = []
    presenter.client.on("lecture_error", errors.append)
    try:
        for student in there:
            student.connect()
            assert student.wait_entered(1, 10)["ok"]
        students = [*here, *there]
        asked = presenter.call("lecture:question", {"key": presenter.key, "question": VIEW})
        asked_view = there[0].acks[0]["view"]["href"]
        assert asked["ok"] and step(presenter, 1)["ok"]

        redis_server.kill()
        down = time.monotonic()
        refused = [step(presenter, 2), step(presenter, 3)]
        assert refused == [{"ok": False, "error": UNAVAILABLE}] * 2
        body = {"question": asked["question"], "answer": RIGHT, "student": there[0].token}
        assert there[0].call("lecture:answer", body) == {"ok": False, "error": UNAVAILABLE}
        fetched = requests.get(second.url + asked_view, timeout=10)
        assert fetched.status_code in (200, 503), "a view is served, or a clear 503: never a 500"
        if fetched.status_code == 503:
            assert fetched.json() == {"error": UNREACHABLE}
        wait_until(lambda: len(errors) >= 2, 5)
        assert errors[:2] == [{"error": UNAVAILABLE}] * 2
        time.sleep(max(0, OUTAGE_SECONDS - (time.monotonic() - down)))
        redis_server.start()

        # Back: the presenter steps on (as the browser does after a refusal); the first
        # steps may be acknowledged before an instance listens again.
        acknowledged = []
        for seq in range(4, 40):
            if step(presenter, seq)["ok"]:
                acknowledged.append(seq)
            if len(acknowledged) >= 3:
                break
            time.sleep(0.1)
        assert acknowledged, "the presenter could not step after Redis came back"
        latest = acknowledged[-1]
        for student in students:
            wait_until(
                lambda s=student: (
                    (s.last("lecture:cursor") or {}).get("seq", 0) >= latest
                    or (s.last("lecture:view") or {}).get("seq", 0) >= latest
                ),
                10,
            )
        resumed = presenter.call("lecture:resume", {"key": presenter.key})
        assert resumed["seq"] == latest and resumed["question"]["id"] == asked["question"]
        assert there[0].call("lecture:answer", body)["ok"], "answers are taken again"
        presenters_log = first.stderr()
        assert presenters_log.count("lecture store unavailable") == 1, "one warning line"
        for server in (first, second):
            assert "Traceback" not in server.stderr()
    finally:
        for member in [presenter, *here, *there]:
            member.close()
