"""A class behind one address (docs/security.md, "Sharing the server"): 1,000 students opening
the same embed or short link within a minute all see the tree, the trees and traces of presets
and saved views are cacheable (ETag, 304, Cache-Control) and computed once, and POST /api/trace
stays limited.

The first tests run against a live server (gunicorn's gevent worker, the default rate limit
of 120 requests a minute per address); the last ones against the Flask test client.
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from conftest_browser import start_server
from support import TEXTBOOK, make_app

from app.compute.trace_cache import TraceCache
from app.web.traces import ENGINE_VERSION, IMMUTABLE, SHORT

STUDENTS = 1000
THREADS = 50
TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
VERSION = re.compile(r'data-trace-version="([0-9a-f]+)"')


@pytest.fixture(scope="module")
def server():
    with start_server({"PRUNE_API_RATE_LIMIT": None, "PRUNE_RATE_LIMIT": None}) as live:
        yield live


def load_all(loads, count=STUDENTS):
    """Run ``loads(session)`` ``count`` times on THREADS threads, a session per thread (its
    own connections, as browsers have); the list of what each returned."""
    local = threading.local()

    def one(_):
        session = getattr(local, "session", None)
        if session is None:
            session = local.session = requests.Session()
        return loads(session)

    with ThreadPoolExecutor(THREADS) as pool:
        return list(pool.map(one, range(count)))


def get(session, url):
    response = session.get(url, timeout=30)
    return response.status_code, response.headers.get("X-Prune-Trace"), response.content


def test_a_thousand_loads_of_one_embed_from_one_address_all_succeed(server):
    page = requests.get(f"{server.url}/embed?preset=textbook&rule=strict", timeout=10)
    version = VERSION.search(page.text).group(1)
    assert version == ENGINE_VERSION
    trace_url = f"{server.url}/api/presets/textbook/trace?rule=strict&v={version}"

    def student(session):
        # What the embed's page makes: the page, then the preset and its trace (in parallel).
        return [
            get(session, f"{server.url}/embed?preset=textbook&rule=strict"),
            get(session, f"{server.url}/api/presets/textbook"),
            get(session, trace_url),
        ]

    loads = load_all(student)
    statuses = Counter(status for load in loads for status, _, _ in load)
    assert statuses == {200: 3 * STUDENTS}
    assert len({load[2][2] for load in loads}) == 1  # every student got the same bytes
    made = Counter(load[2][1] for load in loads)
    assert made == {"computed": 1, "cached": STUDENTS - 1}  # the trace was computed once
    # It is POST /api/trace's answer.
    post = requests.post(
        f"{server.url}/api/trace", json={"tree": TREE, "options": {"rule": "strict"}}, timeout=10
    )
    assert post.status_code == 200
    assert post.json()["events"] == requests.get(trace_url, timeout=10).json()["events"]


def test_a_thousand_loads_of_one_short_link_and_its_embed_all_succeed(server):
    saved = requests.post(
        f"{server.url}/api/views", json={"tree": [[1, 5], [2, 7]], "options": {"rule": "strict"}}
    ).json()
    identifier = saved["id"]
    trace_url = f"{server.url}/api/views/{identifier}/trace?v={ENGINE_VERSION}"

    def student(session):
        return [
            get(session, f"{server.url}/t/{identifier}?step=3"),
            get(session, f"{server.url}/api/views/{identifier}"),
            get(session, f"{server.url}/embed/{identifier}"),
            get(session, trace_url),
        ]

    loads = load_all(student)
    assert Counter(status for load in loads for status, _, _ in load) == {200: 4 * STUDENTS}
    assert len({load[3][2] for load in loads}) == 1
    assert Counter(load[3][1] for load in loads) == {"computed": 1, "cached": STUDENTS - 1}


def test_cacheable_gets_have_etags_304s_and_cache_control(server):
    saved = requests.post(f"{server.url}/api/views", json={"tree": [[4, 9], [6]]}).json()
    urls = {
        f"/api/views/{saved['id']}": IMMUTABLE,
        f"/api/views/{saved['id']}/trace?v={ENGINE_VERSION}": IMMUTABLE,
        f"/api/views/{saved['id']}/trace": SHORT,
        f"/api/views/{saved['id']}/trace?v=old": SHORT,
        "/api/presets/tie": SHORT,
        "/api/presets/tie/trace?algorithm=minimax": SHORT,
    }
    assert IMMUTABLE == "public, max-age=31536000, immutable"
    for url, cache_control in urls.items():
        first = requests.get(server.url + url, timeout=10)
        second = requests.get(server.url + url, timeout=10)
        assert first.status_code == second.status_code == 200, url
        assert first.headers["Cache-Control"] == cache_control, url
        etag = first.headers["ETag"]
        assert etag.startswith('"') and etag == second.headers["ETag"], url
        assert first.content == second.content, url
        unchanged = requests.get(server.url + url, headers={"If-None-Match": etag}, timeout=10)
        assert unchanged.status_code == 304, url
        assert unchanged.content == b""
        assert unchanged.headers["ETag"] == etag
        assert unchanged.headers["Cache-Control"] == cache_control
        changed = requests.get(server.url + url, headers={"If-None-Match": '"x"'}, timeout=10)
        assert changed.status_code == 200


def test_post_trace_stays_limited_and_cached_gets_do_not_count(server):
    """Last on this server: it spends the address's budget."""
    session = requests.Session()
    statuses = [
        session.post(f"{server.url}/api/trace", json={"tree": TREE}, timeout=10).status_code
        for _ in range(125)
    ]
    assert 429 in statuses and statuses.count(200) <= 120
    refused = session.post(f"{server.url}/api/trace", json={"tree": TREE}, timeout=10)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "too many requests" in refused.json()["error"]
    # What a browser may cache still answers, a hundred times over.
    for _ in range(100):
        assert session.get(f"{server.url}/api/presets/textbook", timeout=10).status_code == 200
        trace = session.get(f"{server.url}/api/presets/textbook/trace?rule=strict", timeout=10)
        assert trace.status_code == 200


# ----- the test client -----


def test_trace_gets_answer_what_post_answers_with_options_validated_as_a_runs():
    client = make_app().test_client()
    post = client.post("/api/trace", json={"tree": TEXTBOOK, "options": {"rule": "strict"}})
    preset = client.get("/api/presets/textbook").json
    posted = client.post("/api/trace", json={"tree": preset, "options": {"rule": "strict"}})
    got = client.get("/api/presets/textbook/trace?rule=strict")
    assert got.status_code == 200 and got.data == posted.data
    assert got.json["events"] == post.json["events"]

    saved = client.post("/api/views", json={"tree": TEXTBOOK, "options": {"rule": "strict"}}).json
    view = client.get(f"/api/views/{saved['id']}/trace")
    assert view.data == post.data  # the view's own options
    over = client.get(f"/api/views/{saved['id']}/trace?rule=standard&algorithm=minimax")
    assert over.json["options"]["rule"] == "standard"
    assert over.json["options"]["algorithm"] == "minimax"

    for query, field in [
        ("rule=bogus", "rule"),
        ("depth=x", "depth"),
        ("colour=red", "colour"),
        ("rule=strict&rule=standard", "rule"),
        ("players=max,king", "players"),
    ]:
        bad = client.get(f"/api/presets/textbook/trace?{query}")
        assert bad.status_code == 400, query
        assert bad.json["field"] == field, query
    assert client.get("/api/presets/nope/trace").status_code == 404
    assert client.get("/api/views/AAAAAAAAAAAA/trace").status_code == 404
    assert client.get("/api/views/AAAAAAAAAAAA").status_code == 404


def test_a_trace_is_computed_once_and_the_cache_is_bounded():
    app = make_app(PRUNE_TRACE_CACHE_ENTRIES=2)
    client = app.test_client()
    first = client.get("/api/presets/tie/trace")
    assert first.headers["X-Prune-Trace"] == "computed"
    for _ in range(5):
        again = client.get("/api/presets/tie/trace")
        assert again.headers["X-Prune-Trace"] == "cached" and again.data == first.data
    cache = app.extensions["prune.traces"]
    assert cache.computed == 1
    client.get("/api/presets/tie/trace?rule=strict")
    client.get("/api/presets/textbook/trace")
    assert len(cache) == 2  # the least recently used went out
    assert client.get("/api/presets/tie/trace").headers["X-Prune-Trace"] == "computed"
    assert cache.computed == 4


def test_the_cache_computes_a_key_once_while_many_wait():
    cache = TraceCache(max_entries=4, max_bytes=100)
    started = threading.Event()
    release = threading.Event()
    calls = []

    def compute():
        calls.append(1)
        started.set()
        release.wait(5)
        return b"body"

    results = []
    threads = [
        threading.Thread(target=lambda: results.append(cache.get_or_compute("k", compute)))
        for _ in range(10)
    ]
    threads[0].start()
    started.wait(5)
    for thread in threads[1:]:
        thread.start()
    release.set()
    for thread in threads:
        thread.join(5)
    assert len(calls) == 1
    assert sorted(results, key=lambda r: not r[1]) == [(b"body", True)] + [(b"body", False)] * 9
    # Too big to keep: answered, not kept; and the bytes bound evicts.
    assert cache.get_or_compute("big", lambda: b"x" * 101) == (b"x" * 101, True)
    assert cache.get("big") is None
    cache.get_or_compute("a", lambda: b"y" * 60)
    cache.get_or_compute("b", lambda: b"z" * 60)
    assert cache.get("a") is None and cache.get("b") == b"z" * 60


def test_computing_counts_against_the_address_and_cached_answers_do_not():
    client = make_app(RATELIMIT_ENABLED=True, PRUNE_API_RATE_LIMIT="3/minute").test_client()
    for seed in range(3):
        assert client.get(f"/api/presets/tie/trace?ordering=random&seed={seed}").status_code == 200
    refused = client.get("/api/presets/tie/trace?ordering=random&seed=99")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "too many requests" in refused.json["error"]
    # Bad options are a 400, not a charge; cached traces and documents still answer.
    assert client.get("/api/presets/tie/trace?rule=bogus").status_code == 400
    for _ in range(10):
        assert client.get("/api/presets/tie/trace?ordering=random&seed=0").status_code == 200
        assert client.get("/api/presets/tie").status_code == 200
    # The POSTs have their own count, and keep it.
    assert [client.post("/api/trace", json={"tree": TREE}).status_code for _ in range(4)] == [
        200,
        200,
        200,
        429,
    ]
