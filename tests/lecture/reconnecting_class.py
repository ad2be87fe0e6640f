"""A class on a live server whose clients come back on their own, as the browser's do: each
is a python-socketio client that reconnects, and on every new connection resumes the room
(the presenter, with the key it was given) or re-joins it (a student, with its tab token),
as static/js/lecture/room.js does on "connect". Shared by tests/lecture/
test_lecture_survives_a_worker.py and bench/rooms.py. A helper module: pytest collects
nothing here.
"""

from __future__ import annotations

import os
import secrets
import signal
import threading
import time
import urllib.request
from pathlib import Path

import socketio

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
VIEW = {"tree": TEXTBOOK, "options": {"rule": "standard"}}
RIGHT = {"pruned": ["1.1", "1.2"], "values": {"": 3}, "best_move": 0}


class Member:
    """A presenter (``key`` given) or a student, re-entering the room on every connection."""

    def __init__(self, url: str, code: str | None = None, key: str | None = None):
        self.url, self.code, self.key = url, code, key
        self.token = secrets.token_urlsafe(16)
        self.lock = threading.Lock()
        self.entered = threading.Condition(self.lock)
        self.acks: list[dict] = []  # the resume/join ack of each connection
        self.entered_at: list[float] = []
        self.messages: list[tuple[str, dict]] = []
        self.client = socketio.Client(
            reconnection=True, reconnection_delay=0.25, reconnection_delay_max=1
        )
        self.client.on("connect", self._enter)
        for name in ("lecture:view", "lecture:cursor", "lecture:question", "lecture:answers"):
            self.client.on(name, lambda body, name=name: self._keep(name, body))

    def connect(self) -> None:
        self.client.connect(self.url, transports=["websocket"], wait_timeout=10)

    def _keep(self, name: str, body: dict) -> None:
        with self.lock:
            self.messages.append((name, body))

    def _enter(self) -> None:
        if self.code is None:  # the presenter's first connection: it starts the room itself
            return
        if self.key is not None:
            event, body = "lecture:resume", {"room": self.code, "key": self.key}
        else:
            event, body = "lecture:join", {"room": self.code, "student": self.token}
        self.client.emit(event, body, callback=self._entered)

    def _entered(self, ack: dict) -> None:
        with self.lock:
            self.acks.append(ack)
            self.entered_at.append(time.monotonic())
            self.entered.notify_all()

    def wait_entered(self, times: int, timeout: float) -> dict:
        """The ack of this member's ``times``-th entry (resume or join), once it came."""
        with self.lock:
            if not self.entered.wait_for(lambda: len(self.acks) >= times, timeout):
                raise AssertionError(f"not back within {timeout} s: {self.acks}")
            return self.acks[times - 1]

    def call(self, event: str, body: dict) -> dict:
        return self.client.call(event, {"room": self.code, **body}, timeout=10)

    def last(self, name: str) -> dict | None:
        with self.lock:
            found = [body for kind, body in self.messages if kind == name]
        return found[-1] if found else None

    def close(self) -> None:
        self.client.disconnect()


def start_class(url: str, students: int) -> tuple[Member, list[Member]]:
    """A presenter who started a room on the textbook tree, and ``students`` who joined it."""
    presenter = Member(url)
    presenter.connect()
    started = presenter.client.call("lecture:start", {"view": VIEW, "cursor": {"step": 0}})
    assert started["ok"], started
    presenter.code, presenter.key = started["room"], started["key"]
    class_ = [Member(url, presenter.code) for _ in range(students)]
    for student in class_:
        student.connect()
    for student in class_:
        assert student.wait_entered(1, 10)["ok"], student.acks
    return presenter, class_


def worker_pid(master: int) -> int | None:
    """The pid of gunicorn's worker under ``master`` (its only child), if it has one."""
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return int(children[0]) if children else None


def kill_worker(server) -> tuple[int, float]:
    """SIGKILL the server's worker; (its pid, when it was killed)."""
    pid = worker_pid(server.process.pid)
    assert pid is not None, "gunicorn has no worker"
    os.kill(pid, signal.SIGKILL)
    return pid, time.monotonic()


def wait_for_new_worker(server, old: int, timeout: float = 60) -> float:
    """When a new worker (not ``old``) answered /healthz."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pid = worker_pid(server.process.pid)
        if pid not in (None, old):
            try:
                with urllib.request.urlopen(server.url + "/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        return time.monotonic()
            except OSError:
                pass
        time.sleep(0.02)
    raise AssertionError(f"no new worker answered within {timeout} s")
