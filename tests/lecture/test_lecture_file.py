"""The lecture file (SQLite, the default store) outlives the process that wrote it: a new
worker opening the same file takes up every room, its presenter key, view, cursor and seq,
the open question with its answers, and the drill with its results; a process killed right
after acknowledging a change has lost nothing; two processes on one file agree; presenter
keys are kept hashed, never as sent."""

import json
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from lecture_classroom import QUESTION
from support import make_app

from app.lecture.questions import AnswerCaps
from app.lecture.rooms import RoomError
from app.lecture.sqlite_db import LectureDatabase
from app.lecture.sqlite_drills import SqliteDrills
from app.lecture.sqlite_questions import SqliteQuestions
from app.lecture.sqlite_rooms import SqliteRooms

VIEW = json.dumps({"tree": [[3, 12, 8], [2, 4, 6]], "options": {}})
CURSOR = {"step": 0, "playing": False, "speed": 1}
CAPS = AnswerCaps(per_address=10, entries=100)


def stores(path):
    db = LectureDatabase(path)
    return db, SqliteRooms(db, 3600), SqliteQuestions(db, 3600, 5, CAPS), SqliteDrills(db, 3600)


def test_a_new_process_takes_up_rooms_questions_answers_and_drills(tmp_path):
    path = tmp_path / "lecture.sqlite3"
    db, rooms, questions, drills = stores(path)
    room, key = rooms.create(VIEW, CURSOR)
    rooms.change(room.code, key, 4, cursor={"step": 7, "playing": True, "speed": 2})
    asked = questions.ask(room.code, json.dumps(QUESTION))
    questions.answer(room.code, asked.id, "s:one", ("p:1.1", "v:3"), "10.0.0.1")
    questions.answer(room.code, asked.id, "s:two", ("v:3", "m:0"), "10.0.0.2")
    drill = drills.start(room.code, "ties", 9)
    drills.report(room.code, drill.id, "s:one", 2, 3)
    tally, drill_tally = questions.tally(room.code), drills.tally(room.code)
    version = rooms.get(room.code).view_version
    db.close()

    db, rooms, questions, drills = stores(path)  # the new worker
    resumed = rooms.resume(room.code, key)
    assert (resumed.seq, resumed.cursor["step"], resumed.view_version) == (4, 7, version)
    assert resumed.view == VIEW
    assert questions.get(room.code) == asked and questions.tally(room.code) == tally
    assert tally["answered"] == 2 and tally["values"] == {"3": 2}
    assert drills.tally(room.code) == drill_tally and drill_tally["students"] == 1
    assert rooms.change(room.code, key, 4, cursor=CURSOR) is None, "seq 4 is not fresh"
    assert rooms.change(room.code, key, 5, cursor=CURSOR).seq == 5
    with pytest.raises(RoomError, match="only the presenter"):
        rooms.resume(room.code, "not-the-key")
    db.close()


def test_presenter_keys_are_kept_hashed(tmp_path):
    path = tmp_path / "lecture.sqlite3"
    db, rooms, _, _ = stores(path)
    room, key = rooms.create(VIEW, CURSOR)
    kept = b"".join(file.read_bytes() for file in tmp_path.iterdir())
    assert key.encode() not in kept
    assert room.key_hash.encode() in kept
    db.close()


def test_two_processes_on_one_file_share_rooms_and_their_seq(tmp_path):
    path = tmp_path / "lecture.sqlite3"
    first_db, first, _, _ = stores(path)
    second_db, second, _, _ = stores(path)
    room, key = first.create(VIEW, CURSOR)
    assert second.change(room.code, key, 3, cursor={"step": 2}).seq == 3
    assert first.change(room.code, key, 3, cursor={"step": 9}) is None
    assert first.get(room.code).cursor == {"step": 2}
    new_view = json.dumps({"tree": [1, 2], "options": {}})
    second.change(room.code, key, 4, view=new_view)
    assert first.get(room.code).view == new_view, "the new version is read from the file"
    second.end(room.code, key)
    assert first.get(room.code) is None
    first_db.close()
    second_db.close()


KILLED_WRITER = textwrap.dedent(
    """
    import json, sys, time
    from app.lecture.questions import AnswerCaps
    from app.lecture.sqlite_db import LectureDatabase
    from app.lecture.sqlite_questions import SqliteQuestions
    from app.lecture.sqlite_rooms import SqliteRooms

    db = LectureDatabase(sys.argv[1])
    rooms, questions = SqliteRooms(db, 3600), SqliteQuestions(db, 3600, 5, AnswerCaps(1000, 10000))
    room, key = rooms.create('{"tree": [1, 2], "options": {}}', {"step": 0})
    asked = questions.ask(room.code, "{}")
    for seq in range(1, 201):
        rooms.change(room.code, key, seq, cursor={"step": seq})
        questions.answer(room.code, asked.id, f"s:{seq}", (f"v:{seq}",), "10.0.0.1")
    print(json.dumps({"code": room.code, "key": key, "question": asked.id}), flush=True)
    time.sleep(60)  # killed here: no close, no checkpoint
    """
)


def test_a_killed_process_loses_nothing_it_acknowledged(tmp_path):
    path = tmp_path / "lecture.sqlite3"
    writer = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(path)], stdout=subprocess.PIPE, text=True
    )
    told = json.loads(writer.stdout.readline())
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=10)

    db, rooms, questions, _ = stores(path)
    room = rooms.resume(told["code"], told["key"])
    assert (room.seq, room.cursor) == (200, {"step": 200})
    tally = questions.tally(told["code"])
    assert tally["question"] == told["question"] and tally["answered"] == 200
    assert len(tally["values"]) == 200
    db.close()


def test_a_file_of_another_schema_is_made_again_not_misread(tmp_path):
    path = tmp_path / "lecture.sqlite3"
    with sqlite3.connect(path) as old:  # an earlier layout: no entries column, no version
        old.execute("CREATE TABLE questions (code TEXT PRIMARY KEY, asked INTEGER)")
        old.execute("INSERT INTO questions VALUES ('ABCDEF', 3)")
    db, rooms, questions, _ = stores(path)
    room, _ = rooms.create(VIEW, CURSOR)
    asked = questions.ask(room.code, json.dumps(QUESTION))
    questions.answer(room.code, asked.id, "s:one", ("v:3",), "10.0.0.1")
    assert questions.tally(room.code)["answered"] == 1
    assert questions.get("ABCDEF") is None
    db.close()


def test_a_new_app_on_the_same_file_resumes_the_room_and_memory_keeps_nothing(tmp_path, connect):
    path = tmp_path / "lecture.sqlite3"
    first = make_app(PRUNE_LECTURE_DATABASE=str(path))
    start = {"view": json.loads(VIEW), "cursor": CURSOR}
    started = connect(first).emit("lecture:start", start, callback=True)
    assert started["ok"], started
    again = {"room": started["room"], "key": started["key"]}

    second = make_app(PRUNE_LECTURE_DATABASE=str(path))  # the new worker
    resumed = connect(second).emit("lecture:resume", again, callback=True)
    assert resumed["ok"] and resumed["view"] == started["view"]
    assert second.test_client().get(started["view"]["href"]).get_json() == json.loads(VIEW)

    forgetful = make_app(PRUNE_LECTURE_DATABASE=str(path), PRUNE_LECTURE_STORE="memory")
    assert not connect(forgetful).emit("lecture:resume", again, callback=True)["ok"]
