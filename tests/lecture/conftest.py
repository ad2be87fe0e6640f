"""Fixtures shared by the lecture tests: a real redis-server, each room store in turn (memory,
the lecture file, Redis), Socket.IO test clients, and two app instances sharing Redis."""

import pytest
import redis
from conftest_browser import start_server
from redis_server import RedisServer

from app.lecture.rooms import MemoryRooms, RedisRooms
from app.lecture.sqlite_db import LectureDatabase
from app.lecture.sqlite_rooms import SqliteRooms
from app.realtime.sockets import socketio


@pytest.fixture(scope="module")
def redis_url():
    server = RedisServer()
    yield server.url
    server.stop()


@pytest.fixture
def lecture_db(tmp_path):
    """A lecture file of its own (closed after the test)."""
    db = LectureDatabase(tmp_path / "lecture.sqlite3")
    yield db
    db.close()


@pytest.fixture(params=["memory", "sqlite", "redis"])
def rooms(request):
    """Each room store in turn: in memory, in a lecture file, and in a real redis-server."""
    if request.param == "memory":
        return MemoryRooms(idle_seconds=60)
    if request.param == "sqlite":
        return SqliteRooms(request.getfixturevalue("lecture_db"), idle_seconds=60)
    client = redis.Redis.from_url(request.getfixturevalue("redis_url"))
    client.flushdb()
    return RedisRooms(client, idle_seconds=60)


@pytest.fixture
def connect():
    """``connect(app)``: a Socket.IO test client of ``app``, disconnected after the test."""
    made = []

    def make(app):
        client = socketio.test_client(app)
        made.append(client)
        return client

    yield make
    for client in made:
        if client.is_connected():
            client.disconnect()


@pytest.fixture(scope="module")
def cluster():
    """Two gunicorn instances of the app sharing a real redis-server (the message queue)."""
    redis_server = RedisServer()
    servers = []
    try:
        for _ in range(2):
            servers.append(start_server({"MESSAGE_QUEUE": redis_server.url}))
        yield servers
    finally:
        for server in servers:
            server.stop()
        redis_server.stop()
