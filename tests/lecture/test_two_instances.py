"""Two app processes sharing rooms through Redis: the presenter drives one, a student follows
on the other. Real gunicorn servers, a real redis-server, real Socket.IO clients."""

import queue

import requests
import socketio

VIEW = {"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "options": {}}


def client_for(server, inbox=None):
    client = socketio.Client(reconnection=False)
    if inbox is not None:
        for name in ("lecture:cursor", "lecture:view", "lecture:audience"):
            client.on(name, lambda body, name=name: inbox.put((name, body)))
    client.connect(server.url, transports=["websocket"], wait_timeout=10)
    return client


def next_message(inbox, name):
    while True:
        kind, body = inbox.get(timeout=10)
        if kind == name:
            return body


def test_presenter_on_one_instance_drives_students_on_the_other(cluster):
    first, second = cluster
    presenter_inbox, student_inbox = queue.Queue(), queue.Queue()
    presenter = client_for(first, presenter_inbox)
    student = client_for(second, student_inbox)
    try:
        started = presenter.call("lecture:start", {"view": VIEW, "cursor": {"step": 0}}, timeout=10)
        code, key = started["room"], started["key"]

        joined = student.call("lecture:join", {"room": code}, timeout=10)
        assert joined["ok"]
        view = requests.get(second.url + joined["view"]["href"], timeout=10).json()
        assert view == VIEW, "the student's instance serves the view from Redis"
        assert next_message(presenter_inbox, "lecture:audience") == {"room": code, "count": 1}

        for seq in (1, 2, 3):
            message = {"room": code, "key": key, "seq": seq, "cursor": {"step": seq * 5}}
            assert presenter.call("lecture:cursor", message, timeout=10)["ok"]
            body = next_message(student_inbox, "lecture:cursor")
            assert body["seq"] == seq and body["cursor"]["step"] == seq * 5

        refused = student.call(
            "lecture:cursor", {"room": code, "key": "x", "seq": 9, "cursor": {}}, timeout=10
        )
        assert refused["ok"] is False

        # The presenter reconnects to the *other* instance and keeps driving.
        presenter.disconnect()
        presenter = client_for(second)
        resumed = presenter.call("lecture:resume", {"room": code, "key": key}, timeout=10)
        assert resumed["ok"] and resumed["seq"] == 3 and resumed["audience"] == 1
        message = {"room": code, "key": key, "seq": 4, "cursor": {"step": 40}}
        assert presenter.call("lecture:cursor", message, timeout=10)["ok"]
        assert next_message(student_inbox, "lecture:cursor")["cursor"]["step"] == 40
    finally:
        presenter.disconnect()
        student.disconnect()
