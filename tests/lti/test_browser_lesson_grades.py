"""A lesson placed as a graded item, answered in its lecture, in real headless Chromium against
Prune under gunicorn and the lti1p3platform LMS: the instructor places the lesson (one point
a question slide) and gives it as a lecture linked to the course; a learner who opens the
placed lesson joins that lecture, answers its question slide, and at the reveal their score
reaches the LMS's gradebook through AGS; the lesson's presenter names them only once names
are turned on."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from lms import LEARNER
from playwright.sync_api import expect
from support import wait_until
from test_course_lecture import link, teach_page
from test_deep_linking import place

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from lecture_question_panels import answer, wait_question  # noqa: E402
from lesson_lectures import save, show  # noqa: E402

pytestmark = pytest.mark.browser

TEXTBOOK = {"kind": "tree", "preset": "textbook"}
LESSON = {
    "title": "Predict",
    "slides": [
        {"title": "Before", "notes": "We predict next."},
        {"title": "First", "notes": "", "view": TEXTBOOK, "question": True},
        {"title": "Second", "notes": "", "view": TEXTBOOK, "question": True},
    ],
}
# The textbook tree: alpha-beta prunes I and J (1.1, 1.2); A = 3 by its move to B.
RIGHT = {"pruned": ["1.1", "1.2"], "values": {"": 3, "0": 3, "1": 2, "2": 2}, "best_move": 0}


class Page:
    def __init__(self, page):
        self.page = page


def test_a_learner_answers_a_graded_lessons_question_in_its_lecture_and_the_lms_gets_it(
    lms, served, browser
):
    lesson_id = save(served.url, LESSON)
    choice = {"kind": "lesson", "lesson": lesson_id, "gradable": "on", "grading": "latest"}
    [item] = place(lms, served, choice)
    line_item = lms.create_lineitem(item["lineItem"])
    assert line_item["scoreMaximum"] == 2

    teacher = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    teacher.goto(f"{served.url}/l/{lesson_id}?slide=0")
    teacher.wait_for_function("() => document.body.dataset.runState !== undefined")
    teacher.locator("#btn-lecture").click()
    href = teacher.locator("#lesson-join:not([hidden]) a.lecture-link")
    expect(href).to_have_attribute("href", re.compile(r"/join/[A-Z0-9]+$"))
    code = re.search(r"/join/([A-Z0-9]+)$", href.get_attribute("href")).group(1)
    assert link(served, teach_page(lms), code).status_code == 303

    learner = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    hint = lms.add_launch(
        "student-1", "Ada Lovelace", [LEARNER], custom=item["custom"], lineitem=line_item["id"]
    )
    learner.goto(lms.login_initiation_url(hint))
    learner.wait_for_selector(".lecture-bar[data-mode=student]")
    assert learner.url.startswith(f"{served.url}/embed/join/{code}")

    show(teacher, 1, teacher.evaluate("() => window.prune.deck.range(1).from"))
    expect(teacher.locator("#lesson-question")).to_be_visible()
    answer(wait_question(Page(learner)), RIGHT)
    note = teacher.locator("#lesson-question .qp-names-note")
    expect(note).to_have_text("1 student here is named by your course. Their names are hidden.")
    assert "Ada" not in teacher.locator("body").inner_text()
    teacher.locator("#lesson-question #qp-names-toggle").check()
    expect(teacher.locator("#lesson-question #qp-names-list li")).to_have_text(
        ["Ada Lovelace answered"]
    )

    teacher.locator("#lq-reveal").click()
    learner.wait_for_selector("#qs-results:not([hidden])")
    shown = learner.locator("#qs-score").inner_text()
    given, maximum = map(int, re.fullmatch(r"(\d+) of (\d+)", shown).groups())
    expect(teacher.locator("#lesson-question #qp-names-list li")).to_have_text(
        [f"Ada Lovelace {given} of {maximum}"], timeout=10_000
    )
    scores = wait_until(lambda: lms.scores.get(line_item["id"]))  # sent as the roster noted it
    assert [(s["userId"], s["scoreGiven"], s["scoreMaximum"]) for s in scores] == [
        ("student-1", round(given / maximum, 4), 2)
    ]
    assert scores[0]["gradingProgress"] == "FullyGraded"
