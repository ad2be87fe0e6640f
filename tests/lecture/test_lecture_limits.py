"""Lecture-mode limits: rooms per connection, address and process; the view's size; the
request budget; coalesced audience counts; the range of ``seq``. Each refusal is a
``lecture_error`` and an ``ok: false`` ack."""

import json
import math
import time

import pytest
from support import TEXTBOOK, make_app

from app.lecture.limits import RoomQuota
from app.lecture.rooms import MAX_SEQ, RoomError

VIEW = {"tree": TEXTBOOK, "options": {"rule": "standard"}}
CURSOR = {"step": 0, "playing": False, "speed": 1}


def received(client, name):
    return [m["args"][0] for m in client.get_received() if m["name"] == name]


def start(client, view=VIEW):
    return client.emit("lecture:start", {"view": view, "cursor": CURSOR}, callback=True)


def assert_refused(client, ack, error):
    """The ack is ``ok: false`` with ``error``, and the same error came as ``lecture_error``."""
    assert ack == {"ok": False, "error": error}
    assert received(client, "lecture_error")[-1] == {"error": error}


def end(client, ack):
    message = {"room": ack["room"], "key": ack["key"]}
    return client.emit("lecture:end", message, callback=True)


# Rooms per connection, per address, per process


def test_a_connection_may_hold_three_rooms_until_it_ends_one(connect):
    app = make_app()
    presenter = connect(app)
    rooms = [start(presenter) for _ in range(3)]
    assert all(ack["ok"] for ack in rooms)
    assert_refused(
        presenter,
        start(presenter),
        "too many lecture rooms from this connection (3); end one first",
    )
    assert start(connect(app))["ok"]  # another connection is not refused
    assert end(presenter, rooms[0])["ok"]
    assert start(presenter)["ok"]  # the ended room freed its slot


def test_rooms_per_address_count_every_connection_from_it(connect):
    app = make_app(PRUNE_LECTURE_ROOMS_PER_ADDRESS=4)
    first, second, third = connect(app), connect(app), connect(app)
    rooms = [start(first) for _ in range(3)] + [start(second)]
    assert all(ack["ok"] for ack in rooms)
    error = "too many lecture rooms from your network address (4); end one first or try again later"
    assert_refused(second, start(second), error)
    # A presenter who disconnects keeps their rooms (they may reload and resume them).
    first.disconnect()
    assert_refused(third, start(third), error)
    assert end(third, rooms[0])["ok"]  # ended with its key, from another connection
    assert start(third)["ok"]


def test_a_room_whose_presenter_left_ends_and_frees_its_slot(connect):
    app = make_app(PRUNE_LECTURE_ABANDONED_SECONDS=1, PRUNE_LECTURE_ROOMS_PER_ADDRESS=1)
    presenter, returning = connect(app), connect(app)
    left = start(presenter)
    presenter.disconnect()
    error = "too many lecture rooms from your network address (1); end one first or try again later"
    assert_refused(returning, start(returning), error)
    time.sleep(1.2)  # PRUNE_LECTURE_ABANDONED_SECONDS
    gone = connect(app).emit("lecture:join", {"room": left["room"]}, callback=True)
    assert not gone["ok"] and "there is no lecture" in gone["error"]
    assert start(returning)["ok"], "the abandoned room no longer counts"


def test_a_presenter_back_in_time_keeps_the_room(connect):
    app = make_app(PRUNE_LECTURE_ABANDONED_SECONDS=1)
    presenter = connect(app)
    room = start(presenter)
    presenter.disconnect()
    again = connect(app)
    message = {"room": room["room"], "key": room["key"]}
    assert again.emit("lecture:resume", message, callback=True)["ok"]
    time.sleep(1.2)
    assert connect(app).emit("lecture:join", {"room": room["room"]}, callback=True)["ok"]


def test_rooms_share_a_budget_of_view_bytes(connect):
    size = len(json.dumps(VIEW, separators=(",", ":")))
    app = make_app(PRUNE_LECTURE_VIEW_BYTES=2 * size + 10)
    first, second = connect(app), connect(app)
    rooms = [start(first), start(second)]
    assert all(ack["ok"] for ack in rooms)
    error = (
        f"this server's lecture rooms hold all the views they may ({2 * size + 10:,} bytes); "
        "try again later, or with a smaller tree"
    )
    assert_refused(first, start(first), error)
    bigger = {"tree": [TEXTBOOK, TEXTBOOK], "options": {}}
    change = {"room": rooms[0]["room"], "key": rooms[0]["key"], "seq": 1, "view": bigger}
    assert_refused(first, first.emit("lecture:view", change, callback=True), error)
    assert end(second, rooms[1])["ok"]
    assert first.emit("lecture:view", change, callback=True)["ok"], "the ended room's bytes"


def test_rooms_per_process_are_capped_and_expired_rooms_free_their_slots(connect):
    app = make_app(
        PRUNE_LECTURE_ROOMS_PER_PROCESS=3,
        PRUNE_LECTURE_ROOMS_PER_ADDRESS=100,
        PRUNE_LECTURE_IDLE_SECONDS=1,
    )
    presenters = [connect(app) for _ in range(4)]
    assert all(start(presenter)["ok"] for presenter in presenters[:3])
    late = presenters[3]
    assert_refused(
        late, start(late), "this server holds too many lecture rooms (3); try again later"
    )
    time.sleep(1.2)  # every room expires
    assert [start(late)["ok"] for _ in range(3)] == [True, True, True]


def test_a_refused_view_takes_no_room(connect):
    app = make_app(PRUNE_LECTURE_ROOMS_PER_CONNECTION=1)
    presenter = connect(app)
    assert not start(presenter, {"tree": []})["ok"]
    assert start(presenter)["ok"]


def test_the_quota_forgets_rooms_that_ended_elsewhere(rooms):
    """With Redis, another instance may end a room: the quota asks the store when full."""
    quota = RoomQuota(5, 5, 2, rooms.alive)

    def create():
        return rooms.create(json.dumps(VIEW), CURSOR)

    first, key = quota.create("a", "10.0.0.1", create)
    quota.create("b", "10.0.0.2", create)
    with pytest.raises(RoomError, match=r"too many lecture rooms \(2\)"):
        quota.create("c", "10.0.0.3", create)
    rooms.end(first.code, key)  # not through this quota: it was not told
    room, _ = quota.create("c", "10.0.0.3", create)
    assert rooms.alive([first.code, room.code, "ZZZZZZ"]) == {room.code}


# The view is held to the run limits


def big_view(leaves):
    return {"tree": [[1000 + i for i in range(10)] for _ in range(leaves // 10)], "options": {}}


def test_a_view_over_the_size_limit_is_refused_with_its_size(connect):
    app = make_app(MAX_CONTENT_LENGTH=10_000)
    presenter = connect(app)
    small, big = big_view(1500), big_view(2500)
    small_size = len(json.dumps(small, separators=(",", ":")))
    size = len(json.dumps(big, separators=(",", ":")))
    assert small_size <= 10_000 < size
    error = f"the lecture view has {size:,} bytes; the limit is 10,000"
    assert_refused(presenter, start(presenter, big), error)
    ack = start(presenter, small)
    assert ack["ok"] and app.test_client().get(ack["view"]["href"]).get_json() == small
    change = {"room": ack["room"], "key": ack["key"], "seq": 1, "view": big}
    assert_refused(presenter, presenter.emit("lecture:view", change, callback=True), error)


# join, leave, resume and end share a budget per connection


def test_join_leave_resume_and_end_are_rate_limited(connect):
    app = make_app(PRUNE_LECTURE_REQUESTS_PER_SECOND=2, PRUNE_LECTURE_REQUEST_BURST=4)
    presenter, student = connect(app), connect(app)
    ack = start(presenter)
    code, key = ack["room"], ack["key"]
    error = "too many lecture requests; wait a moment"

    acks = [student.emit("lecture:join", {"room": code}, callback=True) for _ in range(2)]
    acks += [student.emit("lecture:leave", {"room": code}, callback=True) for _ in range(2)]
    assert all(a["ok"] for a in acks)
    assert_refused(student, student.emit("lecture:join", {"room": code}, callback=True), error)
    assert_refused(student, student.emit("lecture:leave", {"room": code}, callback=True), error)

    resumes = [presenter.emit("lecture:resume", {"room": code, "key": key}, callback=True)]
    resumes += [presenter.emit("lecture:resume", {"room": code, "key": key}, callback=True)]
    resumes += [presenter.emit("lecture:resume", {"room": code, "key": key}, callback=True)]
    assert [a["ok"] for a in resumes] == [True, True, True]  # the start took the first token
    assert_refused(
        presenter,
        presenter.emit("lecture:resume", {"room": code, "key": key}, callback=True),
        error,
    )
    assert_refused(
        presenter, presenter.emit("lecture:end", {"room": code, "key": key}, callback=True), error
    )

    time.sleep(0.6)  # one token back at 2 a second
    assert presenter.emit("lecture:end", {"room": code, "key": key}, callback=True)["ok"]


def test_room_codes_cannot_be_guessed_quickly(connect):
    guesser = connect(make_app())
    began = time.monotonic()
    acks = [guesser.emit("lecture:join", {"room": f"AAAA{a}{b}"}, callback=True)
            for a in "ABCDEFGH" for b in "ABCDEFGH"]  # fmt: skip
    elapsed = time.monotonic() - began
    tried = [a for a in acks if "no lecture" in a["error"]]
    limited = [a for a in acks if a["error"] == "too many lecture requests; wait a moment"]
    assert len(tried) + len(limited) == len(acks) == 64
    assert len(tried) <= 10 + 5 * elapsed + 1  # the burst, then 5 a second


# Audience counts are coalesced


def audience(presenter):
    return [m["count"] for m in received(presenter, "lecture:audience")]


def test_a_rush_of_joins_reaches_the_presenter_as_a_few_counts(connect):
    app = make_app()
    presenter = connect(app)
    code = start(presenter)["room"]
    students = [connect(app) for _ in range(40)]
    began = time.monotonic()
    for student in students:
        assert student.emit("lecture:join", {"room": code}, callback=True)["ok"]
    elapsed = time.monotonic() - began
    time.sleep(0.8)  # the merged count follows within a window (0.25 s)
    counts = audience(presenter)
    assert counts[0] == 1  # the first change goes out at once
    assert counts[-1] == 40
    assert len(counts) <= 4 + math.ceil(elapsed * 4) + 1 < 40
    assert counts == sorted(counts)

    for student in students:
        student.disconnect()
    time.sleep(0.8)
    counts = audience(presenter)
    assert counts[-1] == 0 and len(counts) <= 4 + math.ceil((time.monotonic() - began) * 4)


def test_a_count_still_merging_is_dropped_when_the_room_ends(connect):
    app = make_app(PRUNE_LECTURE_AUDIENCE_PER_SECOND=1)
    presenter, first, second = connect(app), connect(app), connect(app)
    ack = start(presenter)
    for student in (first, second):
        student.emit("lecture:join", {"room": ack["room"]}, callback=True)
    assert audience(presenter) == [1]  # the second join waits for the window
    assert end(presenter, ack)["ok"]
    time.sleep(1.3)
    assert audience(presenter) == []


def test_leaving_a_room_one_does_not_watch_sends_no_count(connect):
    app = make_app()
    presenter, student = connect(app), connect(app)
    code = start(presenter)["room"]
    assert student.emit("lecture:leave", {"room": code}, callback=True) == {
        "ok": True,
        "room": code,
    }
    time.sleep(0.3)
    assert audience(presenter) == []


# seq fits JavaScript's safe integers


def test_every_store_keeps_seq_in_javascripts_safe_range(rooms):
    room, key = rooms.create(json.dumps(VIEW), CURSOR)
    for bad in (2**53, 2**64, -1, True, 1.0, "1"):
        with pytest.raises(RoomError, match="seq must be a whole number from 0 to 9,007,199"):
            rooms.change(room.code, key, bad, cursor={"step": 1})
    assert rooms.change(room.code, key, MAX_SEQ, cursor={"step": 1}).seq == MAX_SEQ


def test_seq_above_javascripts_safe_integers_is_refused(connect):
    app = make_app()
    presenter, student = connect(app), connect(app)
    ack = start(presenter)
    code, key = ack["room"], ack["key"]
    error = "seq must be a whole number from 0 to 9,007,199,254,740,991"

    def drive(seq, step):
        message = {"room": code, "key": key, "seq": seq, "cursor": {"step": step}}
        return presenter.emit("lecture:cursor", message, callback=True)

    assert MAX_SEQ == 2**53 - 1
    assert drive(2**53 - 1, 7) == {"ok": True, "room": code, "seq": 2**53 - 1, "stale": False}
    for seq in (2**53, 2**64):
        assert_refused(presenter, drive(seq, 8), error)
    joined = student.emit("lecture:join", {"room": code}, callback=True)
    assert joined["ok"] and joined["seq"] == 2**53 - 1 and joined["cursor"]["step"] == 7
    resumed = presenter.emit("lecture:resume", {"room": code, "key": key}, callback=True)
    assert resumed["ok"] and resumed["seq"] == 2**53 - 1
