"""A lecture on a real network: the presenter's page warns when the join link points to this
computer only (docs/deployment.md, "A lecture on the classroom network")."""

from __future__ import annotations

import pytest
from conftest_browser import start_server
from test_lecture import PROJECTOR

pytestmark = pytest.mark.browser


def start(page, url):
    page.set_viewport_size(PROJECTOR)
    page.set_default_timeout(15_000)
    page.goto(f"{url}/?preset=textbook")
    page.wait_for_selector("body[data-run-state=done]")  # a lecture starts from a run view
    page.get_by_role("button", name="Start lecture").click()
    page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")


def test_a_loopback_join_link_is_flagged_with_the_fix(page, base_url):
    start(page, base_url)  # the test server listens on 127.0.0.1, without PRUNE_PUBLIC_URL
    warning = page.locator(".lecture-loopback-warning")
    text = warning.inner_text()
    assert "Students cannot open this link: 127.0.0.1 is this computer" in text
    assert "HOST=0.0.0.0 PRUNE_PUBLIC_URL=http://" in text
    assert warning.get_attribute("role") == "alert"


def test_a_public_url_gives_no_warning(browser):
    with start_server({"PRUNE_PUBLIC_URL": "http://192.0.2.10:8000"}) as server:
        context = browser.new_context()
        try:
            page = context.new_page()
            start(page, server.url)
            link = page.locator(".lecture-link").inner_text()
            assert link.startswith("http://192.0.2.10:8000/join/")
            assert page.locator(".lecture-loopback-warning").count() == 0
        finally:
            context.close()
