"""Fixtures shared by the lecture tests: a real redis-server, and each room store in turn."""

import pytest
import redis
from redis_server import RedisServer

from app.lecture.rooms import MemoryRooms, RedisRooms


@pytest.fixture(scope="module")
def redis_url():
    server = RedisServer()
    yield server.url
    server.stop()


@pytest.fixture(params=["memory", "redis"])
def rooms(request):
    """Each room store in turn: in memory, and in a real redis-server."""
    if request.param == "memory":
        return MemoryRooms(idle_seconds=60)
    client = redis.Redis.from_url(request.getfixturevalue("redis_url"))
    client.flushdb()
    return RedisRooms(client, idle_seconds=60)
