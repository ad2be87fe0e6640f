"""Rooms that survive a worker: how long a class takes to resume, and what keeping rooms in
the lecture file costs a step.

    python bench/rooms.py [--students 100] [--kills 3] [--steps 2000]

1. *Resume*: starts the app under gunicorn (as script/server does; rooms in the default
   lecture file), a presenter and ``--students`` students (python-socketio clients that
   reconnect and re-enter the room on every new connection, as the browser's do), an open
   question with an answer from every student; then SIGKILLs the worker ``--kills`` times.
   For each kill: the time from the kill until a new worker answers /healthz, and from then
   until the last client is back in the room (target: ≤ 5 s), and whether every answer was
   still counted (target: 0 lost).
2. *Store cost*: ``--steps`` presenter steps and answers on the in-process stores (memory,
   the lecture file), time per call p50 / p99: what the durable write adds to a step.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from load_support import ROOT, machine, start_server

sys.path.append(str(ROOT / "tests" / "lecture"))
from reconnecting_class import (  # noqa: E402
    RIGHT,
    VIEW,
    kill_worker,
    start_class,
    wait_for_new_worker,
)

from app.lecture.questions import AnswerCaps, MemoryQuestions  # noqa: E402
from app.lecture.rooms import MemoryRooms  # noqa: E402
from app.lecture.sqlite_db import LectureDatabase  # noqa: E402
from app.lecture.sqlite_questions import SqliteQuestions  # noqa: E402
from app.lecture.sqlite_rooms import SqliteRooms  # noqa: E402


def resume(students: int, kills: int) -> None:
    server = start_server({"PRUNE_LECTURE_ROOMS_PER_ADDRESS": "100"})
    presenter, class_ = start_class(server.url, students)
    try:
        asked = presenter.call("lecture:question", {"key": presenter.key, "question": VIEW})
        for student in class_:
            body = {"question": asked["question"], "answer": RIGHT, "student": student.token}
            assert student.call("lecture:answer", body)["ok"]
        everyone = [presenter, *class_]
        for kill in range(1, kills + 1):
            entries = [len(member.acks) for member in everyone]
            old, killed = kill_worker(server)
            ready = wait_for_new_worker(server, old)
            deadline = time.monotonic() + 60
            for member, n in zip(everyone, entries, strict=True):
                with member.lock:
                    member.entered.wait_for(
                        lambda m=member, n=n: len(m.acks) > n, max(0, deadline - time.monotonic())
                    )
            came = [m for m, n in zip(everyone, entries, strict=True) if len(m.acks) > n]
            back = sorted(member.entered_at[-1] - ready for member in came)
            counted = presenter.call("lecture:resume", {"key": presenter.key})["answers"]
            print(
                f"kill {kill}: new worker after {ready - killed:.2f} s; back {len(came)} of "
                f"{len(everyone)} clients (presenter: {presenter in came}), p50 "
                f"{statistics.median(back):.2f} s, last {back[-1]:.2f} s after the new worker; "
                f"answers counted {counted['answered']} of {students}; "
                f"all ok: {all(m.acks[-1]['ok'] for m in came)}"
            )
    finally:
        for member in [presenter, *class_]:
            member.close()
        server.stop()


def timed(calls) -> str:
    times = []
    for call in calls:
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    times.sort()
    p99 = times[int(len(times) * 0.99)]
    return f"p50 {statistics.median(times) * 1e6:.0f} µs, p99 {p99 * 1e6:.0f} µs"


def store_cost(steps: int) -> None:
    view = json.dumps({"tree": [[i % 97 for i in range(50_000)]], "options": {}})  # ~190 KB
    caps = AnswerCaps(steps, steps * 10)
    with tempfile.TemporaryDirectory() as folder:
        db = LectureDatabase(Path(folder) / "lecture.sqlite3")
        print("memory:", one_store(MemoryRooms(3600), MemoryQuestions(3600, 5, caps), view, steps))
        file_stores = SqliteRooms(db, 3600), SqliteQuestions(db, 3600, 5, caps)
        print("lecture file:", one_store(*file_stores, view, steps))
        db.close()


def one_store(rooms, questions, view: str, steps: int) -> str:
    """Time ``steps`` cursor steps, ``steps`` answers and 200 tallies on one store."""
    room, key = rooms.create(view, {"step": 0})
    asked = questions.ask(room.code, "{}")
    fields = ("p:1.1", "p:1.2", "v:3", "m:0")

    def step(seq: int):
        return lambda: rooms.change(room.code, key, seq, cursor={"step": seq})

    def answer(n: int):
        return lambda: questions.answer(room.code, asked.id, f"s:{n}", fields, f"a{n}")

    stepped = timed(step(seq) for seq in range(1, steps + 1))
    answered = timed(answer(n) for n in range(steps))
    tallied = timed([lambda: questions.tally(room.code)] * 200)
    return f"step {stepped}; answer {answered}; tally of {steps} answers {tallied}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=100)
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--steps", type=int, default=2000)
    args = parser.parse_args()
    print(machine())
    resume(args.students, args.kills)
    store_cost(args.steps)


if __name__ == "__main__":
    main()
