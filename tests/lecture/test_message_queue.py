"""The message queue in a Redis outage (app/realtime/message_queue.py): a broadcast that Redis
does not take is an error, never a silent loss; when the queue listens again each instance
re-sends the latest view and cursor of the rooms watched on it to its own students, once."""

import threading
import time

import pytest
import redis
from lecture_classroom import CURSOR, VIEW, received
from redis_server import RedisServer, free_port
from support import make_app, wait_until

from app.lecture.events import resend_rooms
from app.realtime.message_queue import RETRY_SECONDS, LectureQueue, QueueUnavailable


def test_a_broadcast_redis_does_not_take_raises_and_other_messages_are_given_up():
    queue = LectureQueue(f"redis://127.0.0.1:{free_port()}/0")  # nothing listens there
    with pytest.raises(QueueUnavailable):
        queue._publish({"method": "emit", "event": "lecture:cursor"})
    assert queue._publish({"method": "enter_room"}) is None


def test_the_queue_tells_when_it_listens_again_after_redis_was_down():
    redis_server = RedisServer()
    queue = LectureQueue(redis_server.url, channel="flask-socketio")
    told = threading.Event()
    queue.on_resubscribed.append(told.set)
    listening = queue._redis_listen_with_retries()
    reader = threading.Thread(target=lambda: next(listening, None), daemon=True)
    try:
        reader.start()
        wait_until(lambda: redis_server_subscribers(redis_server) == 1)
        redis_server.kill()
        time.sleep(2 * RETRY_SECONDS)
        assert not told.is_set()
        redis_server.start()
        assert told.wait(5 * RETRY_SECONDS), "subscribed again within a few seconds"
        assert redis_server_subscribers(redis_server) == 1
    finally:
        redis_server.stop()


def redis_server_subscribers(redis_server):
    client = redis.Redis.from_url(redis_server.url)
    try:
        return client.pubsub_numsub("flask-socketio")[0][1]
    finally:
        client.close()


def test_students_here_get_the_latest_view_and_cursor_again(connect):
    """What the queue's callback sends (events.resend_rooms): each room's latest view,
    cursor and seq, to its students on this instance only."""
    app = make_app()
    presenter, student, elsewhere = connect(app), connect(app), connect(app)
    started = presenter.emit("lecture:start", {"view": VIEW, "cursor": CURSOR}, callback=True)
    code, key = started["room"], started["key"]
    assert student.emit("lecture:join", {"room": code}, callback=True)["ok"]
    step = {"room": code, "key": key, "seq": 7, "cursor": {**CURSOR, "step": 4}}
    assert presenter.emit("lecture:cursor", step, callback=True)["ok"]
    student.get_received(), elsewhere.get_received(), presenter.get_received()

    resend_rooms(app)
    (resent,) = received(student, "lecture:view")
    assert resent == {"room": code, "view": started["view"], "cursor": step["cursor"], "seq": 7}
    assert received(elsewhere, "lecture:view") == [], "only the room's students"
    assert received(presenter, "lecture:view") == []
