"""A student who joins the lecture after the presenter started a drill (or reloads the page)
is invited to it all the same: the join's acknowledgement carries the running drill, and the
invitation under the lecture bar links to its level and seed, as the broadcast's does for
the students who were there when it started (separate browser contexts)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect
from test_lecture import PHONE, join, start_lecture

pytestmark = pytest.mark.browser


def invitation(student):
    """The invitation's link, once it is shown, read as {"level", "seed", "room", "drill"}."""
    link = student.page.locator("#drill-invite-link")
    expect(student.page.locator("#drill-invite")).to_be_visible()
    expect(link).to_be_visible()
    query = parse_qs(urlsplit(link.get_attribute("href")).query)
    return {name: values[0] for name, values in query.items()}


def test_a_student_joining_after_the_drill_started_is_invited(prune, new_student):
    code = start_lecture(prune)
    page = prune.page
    early = join(new_student(PHONE), code)
    page.click("#drill-host summary")
    page.select_option("#drill-host-level", "ghosts")
    page.click("#drill-host-start")
    expect(page.locator("#drill-host-state")).to_contain_text("Drill running")
    sent = invitation(early)  # the broadcast, to the students already there
    assert sent["level"] == "ghosts" and sent["room"] == code and sent["seed"].isdigit()

    late = join(new_student(PHONE), code)
    assert invitation(late) == sent
    late.page.screenshot(path="/tmp/shots-drills/lecture-drill-late-joiner-390x844.png")
    late.page.reload()  # a reload joins again: the invitation comes back with it
    late.page.wait_for_selector(".lecture-bar[data-mode=student]")
    assert invitation(late) == sent

    # The invitation opens the drill on the presenter's level and seed.
    drill = late.page.context.new_page()
    drill.goto(late.page.locator("#drill-invite-link").get_attribute("href"))
    drill.wait_for_selector("body[data-run-state=done]")
    assert drill.evaluate("[window.prune.level, window.prune.seed]") == [
        "ghosts",
        int(sent["seed"]),
    ]
    drill.close()
