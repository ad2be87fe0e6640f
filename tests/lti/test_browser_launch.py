"""In real headless Chromium: the LMS's launch (its auto-submitting form) lands a learner on
a drawn drill inside Prune, the drill's try of N trees sends its score to the LMS's
gradebook, and no cookie is set on the way. The instructor's pages fit a small frame."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lms import INSTRUCTOR, LEARNER

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from axe_checks import assert_no_serious  # noqa: E402

pytestmark = pytest.mark.browser

PRUNED_PATHS = """() => {
  const t = window.prune.trace;
  const cut = t.events.flatMap((e, k) => (e.type === 'cutoff' ? t.prunedIds[k] : []));
  return cut.map((id) => t.keys[id]);
}"""
DONE = "() => document.body.dataset.runState === 'done'"
NOTHING_COVERED = """() => [...document.querySelectorAll('#tree g.node')].every((node) => {
  const box = node.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return hit && node.contains(hit);
})"""


def test_a_learner_lands_on_a_drawn_drill_and_its_score_reaches_the_gradebook(lms, prune, page):
    page.set_viewport_size({"width": 1024, "height": 768})
    line_item = lms.create_lineitem({"label": "Drill", "scoreMaximum": 2})
    custom = {
        "prune_target": "/embed/practice/drill?level=binary&seed=11&trees=2",
        "prune_points": "2",
        "prune_grading": "best",
    }
    hint = lms.add_launch(roles=[LEARNER], custom=custom, lineitem=line_item["id"])
    page.goto(lms.login_initiation_url(hint))
    page.wait_for_function(DONE)
    assert page.url.startswith(prune.url + "/embed/practice/drill?level=binary")
    assert page.locator("#tree g.node").count() > 3
    assert page.evaluate(NOTHING_COVERED)
    for path in page.evaluate(PRUNED_PATHS):  # the first tree right
        page.locator(f'#tree g.node[data-path="{path}"]').first.click()
    page.click("#drill-check")
    page.click("#drill-next")
    page.wait_for_function(DONE)
    page.click("#drill-check")  # the second with nothing crossed out: a miss
    page.wait_for_function(
        "() => document.getElementById('drill-status').textContent.includes('sent to your course')"
    )
    assert "Score 1 of 2 sent to your course." in page.locator("#drill-status").inner_text()
    [score] = lms.scores[line_item["id"]]
    assert (score["userId"], score["scoreGiven"], score["scoreMaximum"]) == ("student-7", 1, 2)
    assert page.context.cookies() == []


def test_a_reload_of_the_launched_drill_keeps_its_grant_and_the_score_still_arrives(
    lms, prune, page
):
    page.set_viewport_size({"width": 1024, "height": 768})
    line_item = lms.create_lineitem({"label": "Drill", "scoreMaximum": 1})
    custom = {
        "prune_target": "/embed/practice/drill?level=binary&seed=5&trees=1",
        "prune_points": "1",
        "prune_grading": "latest",
    }
    hint = lms.add_launch(roles=[LEARNER], custom=custom, lineitem=line_item["id"])
    page.goto(lms.login_initiation_url(hint))
    page.wait_for_function(DONE)
    assert "#lti=" not in page.url  # the drill rewrote its address: the fragment is gone
    page.reload()
    page.wait_for_function(DONE)
    for path in page.evaluate(PRUNED_PATHS):
        page.locator(f'#tree g.node[data-path="{path}"]').first.click()
    page.click("#drill-check")
    page.wait_for_function(
        "() => document.getElementById('drill-status').textContent.includes('sent to your course')"
    )
    [score] = lms.scores[line_item["id"]]
    assert (score["userId"], score["scoreGiven"], score["scoreMaximum"]) == ("student-7", 1, 1)
    assert page.context.cookies() == []
    # Another tab (a link opened anew) has no grant: it sends nothing.
    other = page.context.new_page()
    other.goto(page.url)
    other.wait_for_function(DONE)
    kept = "() => sessionStorage.getItem('prune.lti.grant:/embed/practice/drill')"
    assert page.evaluate(kept) is not None
    assert other.evaluate(kept) is None


@pytest.mark.parametrize("size", [(320, 240), (640, 360), (1280, 720)])
def test_the_picker_the_course_page_and_a_refusal_fit_the_lms_frame(lms, prune, page, size):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    hint = lms.add_launch(user="teacher-1", name="Grace Hopper", roles=[INSTRUCTOR], deep_link=True)
    page.goto(lms.login_initiation_url(hint))
    page.wait_for_selector("#lti-picker")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.screenshot(
        path=f"test-results/screenshots/lti-picker-{width}x{height}.png", full_page=True
    )
    hint = lms.add_launch(user="teacher-1", name="Grace Hopper", roles=[INSTRUCTOR])
    page.goto(lms.login_initiation_url(hint))
    page.wait_for_selector("[data-action=start-lecture]")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.screenshot(path=f"test-results/screenshots/lti-teach-{width}x{height}.png", full_page=True)
    assert_no_serious(page, f"lti course page {width}x{height}")
    answer = page.goto(prune.url + "/lti/login?iss=https://unknown.example&login_hint=x")
    assert answer.status == 400
    assert "not registered with the platform" in page.locator("#lti-reason").inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.screenshot(path=f"test-results/screenshots/lti-refused-{width}x{height}.png")
