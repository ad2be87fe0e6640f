"""Practice's questions in the small embeds (640×360 and 320×240) and their links: the
question's tree is drawn with its values readable and uncovered (whole at 640×360; at
320×240 practice draws every node and the tree pans, as for its other trees), its form
reachable; New
tree moves to the next seed of the same question; "Show me" opens the visualizer on the same
tree and search at the item's step. Screenshots are written to test-results/screenshots/."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from practice_sheet import open_practice
from scene_checks import covered_or_small_values

pytestmark = pytest.mark.browser

EMBEDS = {"640x360": {"width": 640, "height": 360}, "320x240": {"width": 320, "height": 240}}


@pytest.mark.parametrize("size", EMBEDS)
@pytest.mark.parametrize("kind", ["research", "bounds", "chance_prune"])
def test_a_question_in_a_small_embed(prune, kind, size):
    page = prune.page
    page.set_viewport_size(EMBEDS[size])
    open_practice(prune, f"question={kind}&seed=5", path="/embed/practice")
    page.locator("#tree").scroll_into_view_if_needed()
    prune.screenshot(f"question-embed-{kind}-{size}-tree")
    problems = covered_or_small_values(page, "#tree")
    if size == "320x240":  # practice draws every node and pans (a drag, Shift+arrows)
        problems = [problem for problem in problems if "outside the 320x240 window" not in problem]
    assert not problems
    page.locator("#question-show-answer").scroll_into_view_if_needed()
    page.click("#question-show-answer")
    page.click("#question-check")
    page.wait_for_function("() => !document.getElementById('results').hidden")
    assert page.locator("#results-summary").inner_text() == "Everything is right."
    prune.screenshot(f"question-embed-{kind}-{size}")
    prune.assert_clean()


def test_new_tree_and_show_me_keep_the_question(prune):
    page = prune.page
    open_practice(prune, "question=research&seed=4")
    first = page.evaluate("window.prune.exercise.question.source.text")
    page.click("#new-tree")
    page.wait_for_function("() => new URLSearchParams(location.search).get('seed') === '5'")
    prune.wait_state("done")
    assert parse_qs(urlparse(page.url).query) == {"question": ["research"], "seed": ["5"]}
    assert page.evaluate("window.prune.exercise.question.source.text") != first
    page.click("#question-check")  # nothing ticked: every re-searched child is missed
    link = page.locator("#mistakes li a.show-me").first
    query = parse_qs(urlparse(link.get_attribute("href")).query)
    assert query["algorithm"] == ["pvs"]
    assert query["tree"] == [page.evaluate("JSON.stringify(JSON.parse(window.prune.exercise.question.source.text))")]  # fmt: skip  # noqa: E501
    step = int(query["step"][0])
    event = page.evaluate(f"window.prune.trace.events[{step - 1}].type")
    assert event == "research"  # the step shows the re-search
    prune.assert_clean()
