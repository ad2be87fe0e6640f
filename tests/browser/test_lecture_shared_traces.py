"""A class computes each trace once: a student following a lecture gets each view's trace
from the room, searched once by the server for everyone: fetched by reference on joining
(``/api/lecture/<code>/views/<version>/trace``), carried in the message on a slide change
(a small view); it never runs the search over its own socket, yet sees what the presenter
sees."""

from __future__ import annotations

import re

import pytest
from test_lecture import join, start_lecture, student_page, wait_same  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser
PAYLOAD = re.compile(r"/api/lecture/[A-Z2-9]{6}/views/[^/]+(/trace)?$")


def test_a_student_gets_each_views_trace_and_runs_no_search(prune, student_page):  # noqa: F811
    code = start_lecture(prune)
    student = student_page()
    fetched, runs = [], []
    student.page.on(
        "response",
        lambda r: (
            fetched.append((r.url.endswith("/trace"), r.status)) if PAYLOAD.search(r.url) else None
        ),
    )
    student.page.on(
        "websocket",
        lambda ws: ws.on("framesent", lambda f: runs.append(f) if '"run"' in str(f) else None),
    )
    join(student, code)
    assert wait_same(prune, student)["counter"] == "step 0 of 27"
    assert fetched == [(False, 200), (True, 200)]  # joining: the view, then its trace

    prune.page.select_option("#preset", "pacman")  # a new view: carried with its trace
    prune.wait_state("done")
    prune.page.click("#btn-forward")
    got = wait_same(prune, student)
    assert got["counter"].startswith("step 1 of")
    assert student.page.evaluate("window.prune.title") == prune.page.evaluate("window.prune.title")
    assert fetched == [(False, 200), (True, 200)] and runs == []  # nothing fetched, no run
