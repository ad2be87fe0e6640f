"""Lecture questions across two app instances sharing Redis (the `cluster` fixture: two
gunicorn servers and a redis-server): the presenter on one asks, students on the other
answer, the presenter gets the counts, and the reveal reaches the students.
"""

import queue

import socketio as socketio_client
from lecture_classroom import CURSOR, QUESTION, RIGHT, VIEW, counts


def client_for(server, names=()):
    inbox = queue.Queue()
    client = socketio_client.Client(reconnection=False)
    for name in names:
        client.on(name, lambda body, name=name: inbox.put((name, body)))
    client.connect(server.url, transports=["websocket"], wait_timeout=10)
    return client, inbox


def next_message(inbox, name, until=lambda body: True):
    while True:
        kind, body = inbox.get(timeout=10)
        if kind == name and until(body):
            return body


def test_students_on_another_instance_answer_the_presenters_question(cluster):
    first, second = cluster
    presenter, presenter_inbox = client_for(first, ["lecture:answers"])
    students = [client_for(second, ["lecture:question", "lecture:reveal"]) for _ in range(2)]
    try:
        started = presenter.call("lecture:start", {"view": VIEW, "cursor": CURSOR}, timeout=10)
        code, key = started["room"], started["key"]
        for student, _ in students:
            assert student.call("lecture:join", {"room": code}, timeout=10)["ok"]

        message = {"room": code, "key": key, "question": QUESTION}
        question_id = presenter.call("lecture:question", message, timeout=10)["question"]
        for student, inbox in students:
            asked = next_message(inbox, "lecture:question")
            assert asked["question"]["id"] == question_id
            answer = {"room": code, "question": question_id, "answer": RIGHT}
            assert student.call("lecture:answer", answer, timeout=10)["ok"]

        body = next_message(presenter_inbox, "lecture:answers", lambda b: b["answered"] == 2)
        assert body == counts(
            question_id, 2, 2, {"1.1": 2, "1.2": 2}, {"3": 2}, {"0": 2}, room=code
        )

        reveal = {"room": code, "key": key, "question": question_id}
        assert presenter.call("lecture:reveal", reveal, timeout=10)["ok"]
        for student, inbox in students:
            assert next_message(inbox, "lecture:reveal") == {"room": code, "question": question_id}
            late = {"room": code, "question": question_id, "answer": RIGHT}
            refused = student.call("lecture:answer", late, timeout=10)
            assert refused == {"ok": False, "error": "the answer has been revealed"}
    finally:
        presenter.disconnect()
        for student, _ in students:
            student.disconnect()
