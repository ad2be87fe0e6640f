"""A lecture survives its worker: gunicorn (as script/server runs it, rooms in the default
lecture file) serves a room with a presenter, students and an open question with answers;
the worker is killed with SIGKILL mid-lecture and gunicorn's master starts a new one. Every
client reconnects and re-enters the room on its own, and finds the same view, step, open
question and answers; the presenter's key still drives it, and the next step reaches all."""

import json
import urllib.request

import pytest
from conftest_browser import start_server
from reconnecting_class import RIGHT, VIEW, kill_worker, start_class, wait_for_new_worker
from support import wait_until

STUDENTS = 6
RESUME_SECONDS = 5  # the measure: everyone back within 5 s of the new worker


@pytest.fixture
def server():
    server = start_server()
    yield server
    server.stop()


def answer(student, question):
    body = {"question": question, "answer": RIGHT, "student": student.token}
    return student.call("lecture:answer", body)


def fetch(url):
    with urllib.request.urlopen(url, timeout=5) as answer:
        return answer.status, json.loads(answer.read())


def test_a_killed_worker_loses_no_room_question_or_answer(server):
    presenter, students = start_class(server.url, STUDENTS)
    try:
        for seq in range(1, 6):
            cursor = {"step": seq, "playing": False, "speed": 1}
            step = {"key": presenter.key, "seq": seq, "cursor": cursor}
            assert presenter.call("lecture:cursor", step)["ok"]
        asked = presenter.call("lecture:question", {"key": presenter.key, "question": VIEW})
        assert asked["ok"], asked
        question = asked["question"]
        answered = [answer(student, question) for student in students[:4]]
        assert all(ack["ok"] for ack in answered), answered
        before = presenter.call("lecture:resume", {"key": presenter.key})
        assert before["answers"]["answered"] == 4
        version = before["view"]["version"]

        everyone = [presenter, *students]
        entries = [len(member.acks) for member in everyone]
        old, _ = kill_worker(server)
        ready = wait_for_new_worker(server, old)
        acks = [member.wait_entered(n + 1, 20) for member, n in zip(everyone, entries, strict=True)]
        assert all(ack["ok"] for ack in acks), acks
        back = max(member.entered_at[-1] for member in everyone) - ready
        assert back <= RESUME_SECONDS, f"the last client was back {back:.2f} s after the new worker"

        resumed = acks[0]
        assert (resumed["seq"], resumed["cursor"]["step"]) == (5, 5)
        assert resumed["view"]["version"] == version
        assert resumed["question"]["id"] == question
        kept = {name: value for name, value in before["answers"].items() if name != "students"}
        assert kept.items() <= resumed["answers"].items(), "the same question and counts"
        for joined in acks[1:]:
            assert (joined["seq"], joined["cursor"]["step"]) == (5, 5)
            assert joined["view"]["version"] == version and joined["question"]["id"] == question
        status, view = fetch(server.url + resumed["view"]["href"])
        assert status == 200 and view["tree"] == VIEW["tree"]
        assert fetch(server.url + resumed["question"]["href"])[0] == 200

        # The class goes on: the presenter's key drives the room, every student follows.
        step = {"key": presenter.key, "seq": 6, "cursor": {"step": 6, "playing": False, "speed": 1}}
        stepped = presenter.call("lecture:cursor", step)
        assert stepped == {"ok": True, "room": presenter.code, "seq": 6, "stale": False}
        late, again = answer(students[5], question), answer(students[0], question)
        assert late["ok"] and again["ok"], (late, again)
        counts = presenter.call("lecture:resume", {"key": presenter.key})["answers"]
        assert counts["answered"] == 5 and counts["values"] == {"3": 5}
        for student in students:
            wait_until(lambda s=student: (s.last("lecture:cursor") or {}).get("seq") == 6, 5)
    finally:
        for member in [presenter, *students]:
            member.close()
