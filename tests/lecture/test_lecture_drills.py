"""Lecture drills: the presenter starts a drill (a level and a seed) for the room, every
student gets the same, each student's page reports trees right and done under its anonymous
token, and the presenter's tally counts students by trees right. Flask-SocketIO's test
clients."""

import json
import subprocess
from pathlib import Path

import pytest
from support import TEXTBOOK, make_app

from app.lecture.drills import DRILL_LEVELS, MAX_SEED, NOT_OPEN

ROOT = Path(__file__).resolve().parents[2]
VIEW = {"tree": TEXTBOOK, "options": {"rule": "standard"}}
CURSOR = {"step": 0, "playing": False, "speed": 1}


def received(client, name):
    return [m["args"][0] for m in client.get_received() if m["name"] == name]


@pytest.fixture
def room(connect):
    app = make_app(PRUNE_LECTURE_IDLE_SECONDS=60)
    presenter = connect(app)
    started = presenter.emit("lecture:start", {"view": VIEW, "cursor": CURSOR}, callback=True)
    code, key = started["room"], started["key"]
    students = []
    for _ in range(3):
        student = connect(app)
        assert student.emit("lecture:join", {"room": code}, callback=True)["ok"]
        students.append(student)
    return {"app": app, "presenter": presenter, "code": code, "key": key, "students": students}


def start(room, level="ties", seed=7, key=None):
    message = {"room": room["code"], "key": key or room["key"], "level": level, "seed": seed}
    return room["presenter"].emit("lecture:drill", message, callback=True)


def report(room, student, drill, right, done, token=None):
    message = {"room": room["code"], "drill": drill, "right": right, "done": done}
    if token:
        message["student"] = token
    return student.emit("lecture:drill-result", message, callback=True)


def tally(room):
    message = {"room": room["code"], "key": room["key"]}
    return room["presenter"].emit("lecture:drill-tally", message, callback=True)


def test_every_student_gets_the_drill_and_the_presenter_counts_buckets(room):
    assert tally(room) == {"ok": True, "room": room["code"], "tally": None}
    ack = start(room)
    assert ack["ok"] and ack["drill"]["level"] == "ties" and ack["drill"]["seed"] == 7
    drill = ack["drill"]
    for student in room["students"]:
        assert received(student, "lecture:drill")[-1] == {"room": room["code"], "drill": drill}
    one, two, three = room["students"]
    assert report(room, one, drill["id"], 2, 3)["ok"]
    assert report(room, two, drill["id"], 2, 2)["ok"]
    assert report(room, three, drill["id"], 0, 1)["ok"]
    assert report(room, three, drill["id"], 1, 2)["ok"]  # the latest replaces the last
    counted = tally(room)["tally"]
    assert counted == {"drill": drill, "students": 3, "trees": 7, "buckets": [[1, 1], [2, 2]]}
    # A new drill starts the counts again, and a result for the old one is refused.
    again = start(room, "binary", 1)["drill"]
    assert tally(room)["tally"]["students"] == 0
    assert report(room, one, drill["id"], 3, 3) == {"ok": False, "error": NOT_OPEN}
    assert report(room, one, again["id"], 1, 1)["ok"]


@pytest.mark.parametrize("level", ["pvs", "star1"])
def test_a_drill_of_a_question_level_is_started_and_counted(room, level):
    """PVS's and Star1's levels (practice's questions) run in a room like any other."""
    ack = start(room, level, 3)
    assert ack["ok"] and ack["drill"]["level"] == level
    one = room["students"][0]
    assert received(one, "lecture:drill")[-1] == {"room": room["code"], "drill": ack["drill"]}
    assert report(room, one, ack["drill"]["id"], 1, 2)["ok"]
    assert tally(room)["tally"]["trees"] == 2


def test_the_anonymous_token_counts_a_reloaded_page_once(room, connect):
    drill = start(room)["drill"]
    first = room["students"][0]
    assert report(room, first, drill["id"], 1, 1, token="tab-token-0123456789")["ok"]
    reloaded = connect(room["app"])
    assert reloaded.emit("lecture:join", {"room": room["code"]}, callback=True)["ok"]
    assert report(room, reloaded, drill["id"], 2, 2, token="tab-token-0123456789")["ok"]
    assert tally(room)["tally"]["students"] == 1


@pytest.mark.parametrize(
    "message, error",
    [
        ({"level": "huge", "seed": 1}, "level must be one of"),
        ({"level": "ties", "seed": -1}, "seed must be a whole number"),
        ({"level": "ties", "seed": MAX_SEED + 1}, "seed must be a whole number"),
        ({"level": "ties", "seed": True}, "seed must be a whole number"),
    ],
)
def test_bad_drills_are_refused(room, message, error):
    ack = room["presenter"].emit(
        "lecture:drill", {"room": room["code"], "key": room["key"], **message}, callback=True
    )
    assert not ack["ok"] and error in ack["error"]


def test_only_the_presenter_starts_or_reads_and_only_members_report(room, connect):
    student = room["students"][0]
    ack = student.emit(
        "lecture:drill", {"room": room["code"], "key": "wrong", "level": "ties", "seed": 1},
        callback=True,
    )  # fmt: skip
    assert not ack["ok"]
    ack = student.emit("lecture:drill-tally", {"room": room["code"], "key": "x"}, callback=True)
    assert not ack["ok"]
    drill = start(room)["drill"]
    outsider = connect(room["app"])
    assert not report(room, outsider, drill["id"], 1, 1)["ok"]
    for right, done in [(2, 1), (-1, 0), (1.5, 2), (None, 1)]:
        assert not report(room, student, drill["id"], right, done)["ok"]


def test_the_levels_are_the_browsers():
    module = json.dumps((ROOT / "static/js/drill/trees.js").as_uri())
    script = (
        f"import {{ ALL_LEVELS }} from {module};"
        " console.log(JSON.stringify(ALL_LEVELS.map((l) => l.id)));"
    )
    output = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    ).stdout
    assert tuple(json.loads(output)) == DRILL_LEVELS


def test_ending_the_lecture_forgets_its_drill(room):
    """In memory too (with Redis: tests/lecture/test_drills_for_everyone.py)."""
    drill = start(room)["drill"]
    drills = room["app"].extensions["prune.lecture.drills"]
    assert drills.get(room["code"]).public() == drill
    ended = room["presenter"].emit(
        "lecture:end", {"room": room["code"], "key": room["key"]}, callback=True
    )
    assert ended["ok"] and drills.get(room["code"]) is None
