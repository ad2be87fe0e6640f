"""A placed lesson's questions answered at the learner's own pace, in real headless Chromium
against Prune and the lti1p3platform LMS: the learner launched into the graded lesson (no
lecture) answers each question slide in the embed's answer sheet; the server checks each
answer, the page says right or wrong with the explanations, and once both are answered the
score reaches the LMS's gradebook (read back through AGS), again after a better try ("best").
A plain embed at 640×360 answers for practice with the sheet in the tree's place, in German
too; nothing is sent."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lms import LEARNER
from test_deep_linking import place
from test_grades import read_results
from test_lesson_grades import LESSON, save_lesson

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from axe_checks import assert_no_serious  # noqa: E402

pytestmark = pytest.mark.browser

DONE = "() => document.body.dataset.runState === 'done'"
SHOWN = "() => !document.getElementById('lesson-answer').hidden"
CHECKED = "() => document.getElementById('la-verdict').textContent.includes('{}')"
TREE_NODES_UNCOVERED = """() => [...document.querySelectorAll('#tree g.node')].every((node) => {
  const box = node.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return hit && node.contains(hit);
})"""


def fill(page, values, move):
    """The lecture's answer sheet filled as a student types: a value per inner node, the move."""
    for path, value in values.items():
        page.fill(f"#la-rows [data-path='{path}'] .answer-value", value)
    page.check(f"#la-best-move input[value='{move}']")


def check(page, says):
    page.click("#la-check")
    page.wait_for_function(CHECKED.format(says))
    assert page.evaluate("document.activeElement.id") == "la-results-heading"


def test_a_launched_learner_answers_each_question_and_the_gradebook_gets_the_best(lms, prune, page):
    page.set_viewport_size({"width": 1024, "height": 768})
    lesson_id = save_lesson(prune, LESSON)
    choice = {"kind": "lesson", "lesson": lesson_id, "gradable": "on", "grading": "best"}
    [item] = place(lms, prune, choice)
    line_item = lms.create_lineitem(item["lineItem"])
    hint = lms.add_launch(roles=[LEARNER], custom=item["custom"], lineitem=line_item["id"])
    page.goto(lms.login_initiation_url(hint))
    page.wait_for_function(DONE)
    page.wait_for_function(SHOWN)
    assert page.url.startswith(f"{prune.url}/embed/l/{lesson_id}")
    assert page.evaluate(TREE_NODES_UNCOVERED)  # the sheet beside the tree, not over it

    # The first question half right: B's value and the move wrong, each said why.
    fill(page, {"": "3", "0": "2", "1": "3"}, 0)
    check(page, "2 of 4: 2 things to look at again.")
    mistakes = page.locator("#la-mistakes").inner_text()
    assert "Wrong value" in mistakes and "B returns 1, not 2" in mistakes
    assert "Wrong move" in mistakes
    assert page.locator("#la-progress").inner_text() == "1 of 2 questions answered."
    assert lms.scores.get(line_item["id"]) is None
    assert_no_serious(page, "#lesson-answer")

    # The words slide asks nothing; the second question right: the lesson's 1.5 of 2 is sent.
    page.click("#btn-next-slide")
    page.wait_for_function("() => document.getElementById('lesson-answer').hidden")
    page.click("#btn-next-slide")
    page.wait_for_function(SHOWN)
    fill(page, {"": "3", "0": "1", "1": "3"}, 1)
    check(page, "Right: 4 of 4.")
    progress = page.locator("#la-progress").inner_text()
    assert progress == "2 of 2 questions answered. Score 1.5 of 2 sent to your course."
    assert [row["resultScore"] for row in read_results(prune, lms, line_item["id"])] == [1.5]

    # Back to the first: its check is shown again; a worse try stays out of the gradebook ...
    page.select_option("#slide-select", "0")
    page.wait_for_function(SHOWN)
    assert page.locator("#la-score").inner_text() == "2 of 4"
    fill(page, {"": "1"}, 0)
    check(page, "1 of 4: 3 things to look at again.")
    assert (
        page.locator("#la-progress")
        .inner_text()
        .endswith("Score 1.25 of 2 not sent: your better score stays in your course.")
    )
    # ... and a better one is sent again.
    fill(page, {"": "3", "0": "1"}, 1)
    check(page, "Right: 4 of 4.")
    assert page.locator("#la-progress").inner_text().endswith("Score 2 of 2 sent to your course.")
    read = read_results(prune, lms, line_item["id"])
    assert [(row["userId"], row["resultScore"], row["resultMaximum"]) for row in read] == [
        ("student-7", 2, 2)
    ]
    last = lms.scores[line_item["id"]][-1]
    assert (last["activityProgress"], last["gradingProgress"]) == ("Completed", "FullyGraded")
    assert page.context.cookies() == []


def test_a_plain_embed_in_a_small_frame_answers_for_practice_in_german_too(lms, prune, page):
    lesson_id = save_lesson(prune, LESSON)
    page.set_viewport_size({"width": 640, "height": 360})
    page.goto(f"{prune.url}/embed/l/{lesson_id}")
    page.wait_for_function(DONE)
    assert page.locator("#lesson-answer").is_hidden()  # folded: the tree has the room
    toggle = page.locator("#btn-answer")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.focus()
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.locator("#lesson-answer").is_visible() and page.locator("#tree").is_hidden()
    # Nothing typed is not a number: said at the field, nothing sent.
    page.fill("#la-rows [data-path='0'] .answer-value", "one")
    page.click("#la-check")
    assert page.locator("#la-errors").is_visible()
    assert page.evaluate("document.activeElement.closest('[data-path]').dataset.path") == "0"
    fill(page, {"": "3", "0": "1", "1": "3"}, 1)
    check(page, "Right: 4 of 4.")
    assert "nothing is sent" in page.locator("#la-progress").inner_text()
    box = page.locator("#la-check").bounding_box()
    assert box["x"] + box["width"] <= 640  # readable in the frame: nothing past its right edge
    toggle.click()  # the tree again, fitted to its room once it is laid out again
    assert page.locator("#tree").is_visible()
    page.wait_for_function(TREE_NODES_UNCOVERED)
    assert lms.scores == {}

    page.goto(f"{prune.url}/embed/l/{lesson_id}?lang=de")
    page.wait_for_function(DONE)
    page.click("#btn-answer")
    fill(page, {"": "3", "0": "2", "1": "3"}, 1)
    check(page, "3 von 4: 1 Punkt zum nochmaligen Ansehen.")
    assert "B liefert 1, nicht 2" in page.locator("#la-mistakes").inner_text()
    assert "nirgendwohin gesendet" in page.locator("#la-progress").inner_text()
