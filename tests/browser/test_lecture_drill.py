"""A drill for the lecture room (docs/practice.md, "Drills"): the presenter starts one from the
lecture bar, every student is invited to the same seeded trees (separate browser contexts),
each student's checks reach the presenter only as anonymous counts of students by trees right.
The drill tab itself sends nothing: its lecture tab relays its counts."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_lecture import PHONE, join, start_lecture

pytestmark = pytest.mark.browser

PRUNED_PATHS = """() => {
  const t = window.prune.trace;
  const cut = t.events.flatMap((e, k) => (e.type === 'cutoff' ? t.prunedIds[k] : []));
  return cut.map((id) => t.keys[id]);
}"""


def open_invitation(student):
    """The drill page the invitation links to, opened in the student's context."""
    link = student.page.locator("#drill-invite-link")
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    drill = student.page.context.new_page()
    drill.goto(href)
    drill.wait_for_selector("body[data-run-state=done]")
    drill.sent = []
    drill.on("request", lambda request: drill.sent.append(request.url))
    drill.on("websocket", lambda socket: drill.sent.append(socket.url))
    return drill


def do_trees(drill, answers):
    """Cross out the engine's prunes (all, or all but one) in each tree; Check; Next."""
    for right in answers:
        paths = drill.evaluate(PRUNED_PATHS)
        for path in paths if right else paths[1:]:
            drill.locator(f'#tree g.node[data-path="{path}"] .shape').click()
        drill.click("[data-action=check]")
        drill.click("[data-action=next]")


def test_the_presenter_starts_a_drill_and_sees_anonymous_buckets(prune, new_student):
    code = start_lecture(prune)
    page = prune.page
    students = [join(new_student(PHONE), code) for _ in range(3)]
    page.click("#drill-host summary")
    page.select_option("#drill-host-level", "binary")
    page.click("#drill-host-start")
    state = page.locator("#drill-host-state")
    expect(state).to_contain_text("Drill running (2-ply, binary): 0 students")
    drills = [open_invitation(student) for student in students]
    # The same seeded trees for everyone: the same level and seed, the same leaves.
    leaves = [d.locator("#tree g.node.terminal .val").all_text_contents() for d in drills]
    assert leaves[0] == leaves[1] == leaves[2]
    named = {(d.evaluate("window.prune.level"), d.evaluate("window.prune.seed")) for d in drills}
    assert len(named) == 1
    do_trees(drills[0], [True, True, True])
    do_trees(drills[1], [True, False, True])
    do_trees(drills[2], [False, True, True])
    expect(state).to_contain_text("3 students, 9 trees checked", timeout=10_000)
    buckets = page.locator("#drill-host-buckets li")
    assert buckets.all_text_contents() == ["2 trees right: 2 students", "3 trees right: 1 student"]
    assert drills[1].locator("[data-score]").inner_text() == "2/3"
    # The drill tabs joined nothing and sent nothing; the room still counts 3 students.
    assert all(drill.sent == [] for drill in drills), [drill.sent for drill in drills]
    expect(page.locator(".lecture-audience")).to_have_text("3 students")
    # A new drill from the presenter restarts the students' drill tabs on its trees.
    page.select_option("#drill-host-level", "ties")
    page.click("#drill-host-start")
    for drill in drills:
        expect(drill.locator("#drill-level")).to_have_value("ties")
        expect(drill.locator("[data-score]")).to_have_text("0/0")
    expect(state).to_contain_text("Drill running (4-ply with ties): 0 students")
    page.screenshot(path="/tmp/shots-drills/lecture-drill-presenter-1280x720.png")
    for drill in drills:
        drill.close()


def test_the_presenters_level_list_names_the_levels_as_the_drill_page_does_in_german(prune):
    """The lecture bar's levels (drill/trees.js names) read as the drill page's own list,
    which the server writes in the page's language."""
    page = prune.page
    options = "(select) => [...select.options].map((o) => [o.value, o.textContent])"
    page.goto("/practice/drill?lang=de")
    drill_page = dict(page.locator("#drill-level").evaluate(options))
    page.goto("/?preset=textbook&lang=de")
    page.wait_for_selector("#counter")
    presenter = dict(page.locator("#drill-host-level").evaluate(options, timeout=5000))
    assert drill_page["three-ply"] != "3-ply"  # German, not the English name
    assert {key: presenter[key] for key in drill_page} == drill_page
