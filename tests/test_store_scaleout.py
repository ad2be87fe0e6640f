"""Saved views in Redis, for instances on several machines (PRUNE_VIEW_STORE=redis://…).

The Redis store keeps the SQLite store's contract (ids from content, written once, size cap,
unknown ids load None), answers 503 when Redis is down, checks at start that Redis fsyncs
every write, and keeps every acknowledged save through a SIGKILL of redis-server. Real
redis-server processes, and real gunicorn instances for the end-to-end test.
"""

import json
import logging
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest_browser import start_server
from support import make_app

from app.config import Config
from app.store import (
    NotDurable,
    RedisViewStore,
    StoreError,
    StoreUnavailable,
    ViewStore,
    canonical,
)
from app.store.redis_views import KEY_PREFIX

sys.path.insert(0, str(Path(__file__).parent / "lecture"))
from redis_server import RedisServer, free_port  # noqa: E402

VIEW = {"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "options": {"rule": "strict"}}


@pytest.fixture(scope="module")
def durable_redis():
    server = RedisServer(appendonly=True, appendfsync="always")
    yield server
    server.stop()


@pytest.fixture
def store(durable_redis):
    store = RedisViewStore.from_url(durable_redis.url, max_bytes=10_000)
    store.redis.flushdb()
    store.check_durability()
    return store


# The contract, as tests/test_store.py checks it for SQLite.


def test_same_view_same_id_as_sqlite_and_loads_back(store, tmp_path):
    first = store.save(VIEW)
    assert store.save({"options": {"rule": "strict"}, "tree": VIEW["tree"]}) == first
    assert store.load(first) == VIEW
    assert store.save({**VIEW, "options": {"rule": "standard"}}) != first
    assert ViewStore(tmp_path / "prune.sqlite3", max_bytes=10_000).save(VIEW) == first


def test_written_once_without_expiry_and_never_overwritten(store):
    identifier = store.save(VIEW)
    assert store.redis.ttl(KEY_PREFIX + identifier) == -1  # no expiry
    other = {"tree": [1, 2], "options": {}}
    other_id = store.save(other)
    # A hash prefix collision (forced): the view already there is kept, the save refused.
    store.redis.delete(KEY_PREFIX + other_id)
    store.redis.set(KEY_PREFIX + other_id, canonical(VIEW))
    with pytest.raises(StoreError, match="id collision"):
        store.save(other)
    assert store.load(other_id) == VIEW


def test_missing_and_malformed_ids_load_nothing(store):
    assert store.load("AAAAAAAAAAAA") is None
    assert store.load("../../etc/passwd") is None
    assert store.load("") is None


def test_size_cap(durable_redis):
    store = RedisViewStore.from_url(durable_redis.url, max_bytes=100)
    keys_before = store.redis.dbsize()
    with pytest.raises(StoreError, match=r"saved views may be at most 100"):
        store.save({"tree": list(range(100))})
    assert store.redis.dbsize() == keys_before


def test_a_new_store_on_the_same_redis_loads_what_another_saved(store, durable_redis):
    identifier = store.save(VIEW)
    assert RedisViewStore.from_url(durable_redis.url, max_bytes=10_000).load(identifier) == VIEW


# Durability: what the server says at start.


def test_a_durable_server_passes_the_check(store):
    assert store.checked and store.refusal is None


def test_a_server_without_fsync_on_every_write_is_refused_when_required():
    server = RedisServer(appendonly=True, appendfsync="everysec")
    try:
        store = RedisViewStore.from_url(server.url, max_bytes=10_000)
        with pytest.raises(NotDurable, match="appendfsync is everysec"):
            store.check_durability()
        with pytest.raises(StoreUnavailable) as refused:  # and each save, until it is fixed
            store.save(VIEW)
        assert refused.value.code == 503
        store.redis.config_set("appendfsync", "always")
        assert store.load(store.save(VIEW)) == VIEW
    finally:
        server.stop()


def test_not_durable_is_a_warning_when_not_required(caplog):
    server = RedisServer(extra_args=["--maxmemory-policy", "allkeys-lru"])  # no AOF at all
    try:
        store = RedisViewStore.from_url(server.url, max_bytes=10_000, require_durable=False)
        with caplog.at_level(logging.WARNING):
            store.check_durability()
        warning = caplog.text
        assert "appendonly is no" in warning and "allkeys-lru" in warning
        assert store.load(store.save(VIEW)) == VIEW
        with pytest.raises(NotDurable):  # the app refuses to start on it by default
            make_app(PRUNE_VIEW_STORE=server.url)
    finally:
        server.stop()


def test_config_disabled_on_managed_redis_is_a_warning(caplog):
    server = RedisServer(appendonly=True, extra_args=["--rename-command", "CONFIG", ""])
    try:
        with caplog.at_level(logging.WARNING):
            app = make_app(PRUNE_VIEW_STORE=server.url)
        assert "cannot check" in caplog.text and "appendfsync always" in caplog.text
        response = app.test_client().post("/api/views", json=VIEW)
        assert response.status_code == 201
    finally:
        server.stop()


def test_a_full_redis_is_a_503(durable_redis):
    store = RedisViewStore.from_url(durable_redis.url, max_bytes=10_000)
    store.redis.config_set("maxmemory", "1")  # noeviction: every write refused (OOM)
    try:
        with pytest.raises(StoreUnavailable, match="refused the request"):
            store.save({"tree": [5, 6], "options": {}})
    finally:
        store.redis.config_set("maxmemory", "0")


# Redis down: the app starts, and saved views answer 503.


def test_redis_down_is_a_503_not_a_crash(caplog):
    url = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    with caplog.at_level(logging.WARNING):
        app = make_app(PRUNE_VIEW_STORE=url)  # starts all the same
    assert "unreachable" in caplog.text
    client = app.test_client()
    saved = client.post("/api/views", json=VIEW)
    assert saved.status_code == 503 and "cannot be reached" in saved.get_json()["error"]
    assert saved.headers.get("Retry-After")
    loaded = client.get("/api/views/AAAAAAAAAAAA")
    assert loaded.status_code == 503 and "cannot be reached" in loaded.get_json()["error"]
    page = client.get("/t/AAAAAAAAAAAA")
    assert page.status_code == 503 and "cannot be reached" in page.get_data(as_text=True)
    assert client.get("/healthz").status_code == 200


def test_redis_down_at_start_is_checked_once_it_is_back():
    port = free_port()
    store = RedisViewStore.from_url(f"redis://127.0.0.1:{port}/0", max_bytes=10_000)
    store.check_durability()
    with pytest.raises(StoreUnavailable):
        store.load("AAAAAAAAAAAA")
    server = RedisServer(port=port, appendonly=True, appendfsync="no")
    try:
        with pytest.raises(StoreUnavailable) as refused:  # not durable: refused, not saved
            store.save(VIEW)
        assert "not configured to keep them safely" in refused.value.description
        assert server_keys(server) == 0
    finally:
        server.stop()


def server_keys(server):
    return RedisViewStore.from_url(server.url, max_bytes=1).redis.dbsize()


# Settings.


def test_the_setting_names_sqlite_or_redis():
    assert Config({}).PRUNE_VIEW_STORE is None
    assert Config({"PRUNE_VIEW_STORE": "sqlite"}).PRUNE_VIEW_STORE is None
    url = "redis://:secret@redis.internal:6379/2"
    assert Config({"PRUNE_VIEW_STORE": url}).PRUNE_VIEW_STORE == url  # noqa: SIM300
    assert Config({}).PRUNE_VIEW_STORE_REQUIRE_DURABLE is True
    relaxed = Config({"PRUNE_VIEW_STORE_REQUIRE_DURABLE": "off"})
    assert relaxed.PRUNE_VIEW_STORE_REQUIRE_DURABLE is False
    with pytest.raises(ValueError, match="PRUNE_VIEW_STORE must be sqlite") as err:
        Config({"PRUNE_VIEW_STORE": "postgres://user:secret@db/prune"})
    assert "secret" not in str(err.value)


# Two real instances on one Redis, and a crash of Redis.


def request(url, body=None):
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data else {}
    req = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def test_two_instances_share_views_and_acknowledged_saves_survive_kill_9(tmp_path):
    data_dir = tmp_path / "redis"
    data_dir.mkdir()
    redis_server = RedisServer(appendonly=True, appendfsync="always", data_dir=str(data_dir))
    env = {"PRUNE_VIEW_STORE": redis_server.url, "PRUNE_RATE_LIMIT": "off"}
    servers = []
    try:
        servers = [start_server(env), start_server(env)]
        first, second = servers

        status, body = request(first.url + "/api/views", VIEW)
        assert status == 201, body
        identifier = json.loads(body)["id"]
        status, body = request(f"{second.url}/api/views/{identifier}")
        assert status == 200 and json.loads(body) == VIEW
        status, body = request(f"{second.url}/t/{identifier}")
        assert status == 200 and identifier in body
        # No saved view went to SQLite (lecture rooms have a file of their own: lecture.sqlite3)
        assert not [
            path for server in servers for path in server.instance_path.glob("prune.sqlite*")
        ]

        # 50 saves at once, to both instances, and redis-server killed while they run.
        views = [{"tree": [[n, n + 1], [n + 2, 7]], "options": {}} for n in range(50)]
        results: list[tuple[int, dict, str]] = []
        lock = threading.Lock()
        some_done = threading.Event()

        def save(n):
            status, body = request(servers[n % 2].url + "/api/views", views[n])
            with lock:
                results.append((status, views[n], body))
                if sum(1 for result in results if result[0] == 201) >= 20:
                    some_done.set()

        threads = [threading.Thread(target=save, args=(n,)) for n in range(50)]
        for thread in threads:
            thread.start()
        assert some_done.wait(30)
        redis_server.kill()
        for thread in threads:
            thread.join(30)
        assert len(results) == 50
        assert {status for status, _, _ in results} <= {201, 503}, results
        acknowledged = [(view, json.loads(body)["id"]) for status, view, body in results
                        if status == 201]  # fmt: skip

        # While Redis is down: a clear 503 from both instances, and they stay up.
        for server in servers:
            status, body = request(server.url + "/api/views", {"tree": [1, 2], "options": {}})
            assert status == 503 and "cannot be reached" in json.loads(body)["error"]
            status, _ = request(f"{server.url}/api/views/{identifier}")
            assert status == 503
            assert server.alive()

        redis_server.restart()  # same port, same data directory
        for view, saved_id in [(VIEW, identifier), *acknowledged]:
            for server in servers:
                status, body = request(f"{server.url}/api/views/{saved_id}")
                assert status == 200, (server.url, saved_id, body)
                assert json.loads(body) == view
        status, _ = request(second.url + "/api/views", {"tree": [1, 2], "options": {}})
        assert status == 201
    finally:
        for server in servers:
            server.stop()
        redis_server.stop()
