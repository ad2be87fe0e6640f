"""The lecture protocol through Flask-SocketIO's test clients: one presenter, students."""

import time

import pytest
from support import TEXTBOOK, make_app

from app.realtime.sockets import socketio

VIEW = {"tree": TEXTBOOK, "options": {"rule": "standard"}}
CURSOR = {"step": 0, "playing": False, "speed": 1}


@pytest.fixture
def lecture_app():
    return make_app(PRUNE_LECTURE_IDLE_SECONDS=60)


def fetched(app, ref):
    """A view or question fetched by its reference, as a student's page does."""
    response = app.test_client().get(ref["href"])
    assert response.status_code == 200, response.get_json()
    return response.get_json()


@pytest.fixture
def connect(lecture_app):
    clients = []

    def make():
        client = socketio.test_client(lecture_app)
        clients.append(client)
        return client

    yield make
    for client in clients:
        if client.is_connected():
            client.disconnect()


def received(client, name):
    return [m["args"][0] for m in client.get_received() if m["name"] == name]


def start(presenter):
    ack = presenter.emit("lecture:start", {"view": VIEW, "cursor": CURSOR}, callback=True)
    assert ack["ok"], ack
    return ack["room"], ack["key"]


def test_students_join_and_see_the_presenters_view(connect, lecture_app):
    presenter, student = connect(), connect()
    code, key = start(presenter)
    joined = student.emit("lecture:join", {"room": code.lower()}, callback=True)
    ref = joined.pop("view")
    assert joined == {"ok": True, "room": code, "cursor": CURSOR, "seq": 0}
    assert ref["href"] == f"/api/lecture/{code}/views/{ref['version']}"
    assert fetched(lecture_app, ref) == VIEW
    assert "key" not in joined and key not in str(joined)
    assert received(presenter, "lecture:audience") == [{"room": code, "count": 1}]


def test_each_step_reaches_students_and_stale_steps_do_not(connect):
    presenter, student, other = connect(), connect(), connect()
    code, key = start(presenter)
    for client in (student, other):
        client.emit("lecture:join", {"room": code}, callback=True)
    cursor = {"step": 4, "playing": True, "speed": 2}
    ack = presenter.emit(
        "lecture:cursor", {"room": code, "key": key, "seq": 2, "cursor": cursor}, callback=True
    )
    assert ack == {"ok": True, "room": code, "seq": 2, "stale": False}
    for client in (student, other):
        assert received(client, "lecture:cursor") == [{"room": code, "seq": 2, "cursor": cursor}]
    late = {"step": 1, "playing": False, "speed": 1}
    ack = presenter.emit(
        "lecture:cursor", {"room": code, "key": key, "seq": 1, "cursor": late}, callback=True
    )
    assert ack["stale"] is True
    assert received(student, "lecture:cursor") == []
    rejoined = connect().emit("lecture:join", {"room": code}, callback=True)
    assert rejoined["cursor"] == cursor and rejoined["seq"] == 2


def test_a_new_view_is_sent_to_students_by_reference(connect, lecture_app):
    presenter, student = connect(), connect()
    code, key = start(presenter)
    old = student.emit("lecture:join", {"room": code}, callback=True)["view"]
    view = {"tree": [[10], [10, 0]], "options": {"rule": "strict"}}
    message = {"room": code, "key": key, "seq": 1, "view": view, "cursor": CURSOR}
    assert presenter.emit("lecture:view", message, callback=True)["ok"]
    [sent] = received(student, "lecture:view")
    ref = sent.pop("view")
    assert sent == {"room": code, "cursor": CURSOR, "seq": 1}
    assert ref["version"] != old["version"] and fetched(lecture_app, ref) == view
    gone = lecture_app.test_client().get(old["href"])
    assert gone.status_code == 404 and "gone" in gone.get_json()["error"]
    wrong = lecture_app.test_client().get(f"/api/lecture/{code}/views/guess")
    assert wrong.status_code == 404


def test_invalid_views_are_refused_naming_the_node(connect):
    presenter = connect()
    code, key = start(presenter)
    bad = {"room": code, "key": key, "seq": 1, "view": {"tree": [[1, "x"]]}}
    ack = presenter.emit("lecture:view", bad, callback=True)
    assert ack == {"ok": False, "error": 'node [0, 1]: leaf value "x" is not a number'}
    assert received(presenter, "lecture_error") == [{"error": ack["error"]}]


def test_students_cannot_drive(connect):
    presenter, student = connect(), connect()
    code, key = start(presenter)
    student.emit("lecture:join", {"room": code}, callback=True)
    for wrong in (None, "guess", key[:-1]):
        message = {"room": code, "key": wrong, "seq": 9, "cursor": {"step": 9}}
        ack = student.emit("lecture:cursor", message, callback=True)
        assert ack == {"ok": False, "error": "only the presenter can drive this lecture"}
    ack = student.emit("lecture:view", {"room": code, "seq": 9, "view": VIEW}, callback=True)
    assert not ack["ok"]
    assert connect().emit("lecture:join", {"room": code}, callback=True)["seq"] == 0


def test_a_presenter_who_reconnects_keeps_the_room(connect):
    presenter, student = connect(), connect()
    code, key = start(presenter)
    student.emit("lecture:join", {"room": code}, callback=True)
    presenter.disconnect()
    again = connect()
    resumed = again.emit("lecture:resume", {"room": code, "key": key}, callback=True)
    assert resumed["ok"] and resumed["audience"] == 1 and "href" in resumed["view"]
    ack = again.emit(
        "lecture:cursor", {"room": code, "key": key, "seq": 1, "cursor": {"step": 3}}, callback=True
    )
    assert ack["ok"]
    assert received(student, "lecture:cursor")[0]["cursor"]["step"] == 3
    refused = connect().emit("lecture:resume", {"room": code, "key": "nope"}, callback=True)
    assert refused["ok"] is False


def test_leaving_and_disconnecting_update_the_audience(connect):
    presenter, first, second = connect(), connect(), connect()
    code, _ = start(presenter)
    first.emit("lecture:join", {"room": code}, callback=True)
    second.emit("lecture:join", {"room": code}, callback=True)
    first.disconnect()
    second.emit("lecture:leave", {"room": code}, callback=True)
    counts = [m["count"] for m in received(presenter, "lecture:audience")]
    assert counts == [1, 2, 1, 0]


def test_rooms_expire_when_idle(connect):
    app = make_app(PRUNE_LECTURE_IDLE_SECONDS=1)
    presenter, student = socketio.test_client(app), socketio.test_client(app)
    code, _ = start(presenter)
    time.sleep(1.2)
    ack = student.emit("lecture:join", {"room": code}, callback=True)
    assert ack == {"ok": False, "error": f"there is no lecture {code} (it may have ended)"}


@pytest.mark.parametrize(
    ("event", "message", "error"),
    [
        ("lecture:join", {"room": "12"}, "'12' is not a lecture code"),
        ("lecture:join", "ABCDEF", "the message must be an object"),
        ("lecture:start", {"view": VIEW, "cursor": {"step": -1}}, "cursor step must be"),
        ("lecture:start", {"view": VIEW, "cursor": {"speed": 17}}, "cursor speed must be from"),
        ("lecture:start", {"view": VIEW, "cursor": {"jump": 1}}, "cursor must be an object"),
        (
            "lecture:start",
            {"view": {"tree": []}, "cursor": CURSOR},
            "inner node needs at least one child",
        ),
    ],
)
def test_bad_messages_get_clear_errors(connect, event, message, error):
    ack = connect().emit(event, message, callback=True)
    assert ack["ok"] is False and error in ack["error"]


def test_presenter_messages_are_rate_limited(connect):
    app = make_app(PRUNE_LECTURE_MESSAGES_PER_SECOND=3)
    presenter = socketio.test_client(app)
    code, key = start(presenter)
    acks = [
        presenter.emit(
            "lecture:cursor",
            {"room": code, "key": key, "seq": seq, "cursor": {"step": seq}},
            callback=True,
        )
        for seq in range(1, 6)
    ]
    assert [a["ok"] for a in acks] == [True, True, True, False, False]
    assert acks[-1]["error"] == "too many lecture messages; slow down"


def test_the_presenter_ends_the_lecture_for_everyone(connect):
    presenter, student = connect(), connect()
    code, key = start(presenter)
    student.emit("lecture:join", {"room": code}, callback=True)
    refused = student.emit("lecture:end", {"room": code, "key": "guess"}, callback=True)
    assert refused == {"ok": False, "error": "only the presenter can drive this lecture"}
    assert presenter.emit("lecture:end", {"room": code, "key": key}, callback=True)["ok"]
    assert received(student, "lecture:ended") == [{"room": code}]
    late = connect().emit("lecture:join", {"room": code}, callback=True)
    assert late == {"ok": False, "error": f"there is no lecture {code} (it may have ended)"}


def test_unknown_fields_are_refused_as_in_runs(connect):
    presenter, student = connect(), connect()
    code, key = start(presenter)
    ack = student.emit("lecture:join", {"room": code, "name": "Ada"}, callback=True)
    assert ack == {"ok": False, "error": "unknown field 'name' (expected room, student)"}
    drive = {"room": code, "key": key, "seq": 1, "cursor": CURSOR, "note": 1}
    ack = presenter.emit("lecture:cursor", drive, callback=True)
    assert ack["error"] == "unknown field 'note' (expected room, key, seq, cursor)"


def test_guesses_at_codes_are_limited_per_address():
    app = make_app(PRUNE_LECTURE_CODE_GUESSES_PER_MINUTE=3)
    presenter = socketio.test_client(app)
    code, _ = start(presenter)
    guessers = [socketio.test_client(app), socketio.test_client(app)]  # one address
    for guess in ("AAAAAA", "BBBBBB", "CCCCCC"):
        ack = guessers[0].emit("lecture:join", {"room": guess}, callback=True)
        assert ack["error"].startswith("there is no lecture")
    ack = guessers[1].emit("lecture:join", {"room": "DDDDDD"}, callback=True)
    assert ack["error"].startswith("too many lecture codes that name no room from your network")
    ack = guessers[1].emit("lecture:resume", {"room": "EEEEEE", "key": "x"}, callback=True)
    assert ack["error"].startswith("too many lecture codes"), "resume is no way around it"
    assert guessers[1].emit("lecture:join", {"room": code}, callback=True)["ok"], "a real code"
    for client in (presenter, *guessers):
        client.disconnect()
