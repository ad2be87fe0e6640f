"""A page on school Wi-Fi: what the pages students open cost the network (docs/benchmarks.md,
"Pages on school Wi-Fi").

Each page is opened in a fresh browser context (an empty cache) from a server of its own, as
script/server runs it (the build's bundle, WhiteNoise, compression). Until the page is usable
it may fetch at most ``MAX_REQUESTS`` documents, files and API answers, and receive at most
``MAX_BYTES`` in all (headers and bodies as they crossed the network, compressed:
Playwright's ``request.sizes()``), Socket.IO's included. Socket.IO's own requests (Engine.IO's
long-polling before the websocket upgrade: how many depends on timing) are one connection, not
the page's files: they are not counted as fetches. A second
visit in the same context must ask the server for no static file: the build's files are
immutable, so the browser keeps them; this is read in the server's own access log.

How long these pages take on an emulated slow network is a measure, not a test:
bench/page_load.py, recorded in docs/benchmarks.md.
"""

from __future__ import annotations

import re
import time

import pytest
from conftest_browser import start_server

pytestmark = pytest.mark.browser

MAX_REQUESTS = 10
MAX_BYTES = 250 * 1024
PHONE = {"width": 390, "height": 844}

# Where a student lands, and what shows the page is usable there.
PAGES = {
    "visualizer": ("/", "body[data-run-state=done] #tree g.node[data-path]"),
    "lesson": ("/l/alpha-beta-1", '#slide[data-slide-index="0"] #tree g.node[data-path]'),
    "drill": ("/practice/drill", "body[data-run-state=done] #tree g.node[data-path]"),
    "pacman": ("/play/pacman", "main[data-game-load=ready]"),
}
JOINED = "body[data-run-state=done] .lecture-bar[data-mode=student]"


@pytest.fixture(scope="module")
def server():
    with start_server({"PRUNE_LECTURE_ROOMS_PER_ADDRESS": "100"}) as live:
        yield live


@pytest.fixture
def visit(browser, server):
    """`visit(path, ready)`: open ``path`` in a fresh context until ``ready`` shows; returns
    the requests it made and the bytes it received, and a function that visits it again."""
    contexts = []

    def make(path, ready):
        context = browser.new_context(base_url=server.url, viewport=PHONE)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        requests, finished = [], []
        page.on("request", lambda request: requests.append(request))
        page.on("requestfinished", lambda request: finished.append(request))
        page.goto(path)
        page.wait_for_selector(ready)
        made = [r.url for r in requests]
        done = [r for r in finished if r.url in made]
        received = 0
        for request in done:
            sizes = request.sizes()
            received += sizes["responseHeadersSize"] + sizes["responseBodySize"]
        assert not errors, errors

        def again():
            mark = len(server.stdout())
            page.goto(path)
            page.wait_for_selector(ready)
            time.sleep(0.3)  # the access log line of the last request
            return server.stdout()[mark:]

        return made, received, again

    yield make
    for context in contexts:
        context.close()


def static_requests(access_log: str) -> list[str]:
    return re.findall(r'"GET (/static/\S+)', access_log)


def assert_light(made, received):
    fetched = [url for url in made if "/socket.io/" not in url]
    assert len(fetched) <= MAX_REQUESTS, "\n".join(fetched)
    assert received <= MAX_BYTES, f"{received} bytes"
    # The build's files, not the modules one by one.
    scripts = [url for url in made if url.endswith(".js")]
    assert scripts and all("/static/dist/" in url for url in scripts), scripts


@pytest.mark.parametrize("name", PAGES)
def test_a_page_loads_in_few_requests_and_bytes_and_a_second_visit_fetches_no_static_file(
    visit, name
):
    path, ready = PAGES[name]
    made, received, again = visit(path, ready)
    assert_light(made, received)
    assert static_requests(again()) == []


def test_the_join_page_a_student_opens_is_light_too(visit, browser, server):
    teacher = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 720})
    try:
        page = teacher.new_page()
        page.set_default_timeout(20_000)
        page.goto("/?preset=textbook")
        page.wait_for_selector("body[data-run-state=done]")
        page.get_by_role("button", name="Start lecture").click()
        page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
        code = page.evaluate("window.prune.lecture.code")

        made, received, again = visit(f"/join/{code}", JOINED)
        assert_light(made, received)
        assert static_requests(again()) == []
    finally:
        teacher.close()
