"""A lecture followed from the LMS, in real headless Chromium against Prune under gunicorn
(its Socket.IO lecture rooms) and the lti1p3platform LMS: the instructor's launch links the
lecture they started to the course; two learners' launches land in it; they answer the
question; the presenter's tallies are anonymous until the teacher turns names on, then name
them (as text, never markup), with their scores after the reveal, in English and in German;
the instructor's class summary lists them."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from lms import INSTRUCTOR, LEARNER
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from axe_checks import assert_no_serious  # noqa: E402
from lecture_question_panels import answer, shot, wait_question  # noqa: E402

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
# The textbook tree: alpha-beta prunes I and J (1.1, 1.2); A = 3 by its move to B.
RIGHT = {"pruned": ["1.1", "1.2"], "values": {"": 3, "0": 3, "1": 2, "2": 2}, "best_move": 0}
WRONG = {"pruned": ["2"], "values": {"": 14}, "best_move": 1}
# What the presenter's names say, in English and in German (the same numbers and names).
SAYS = {
    "en": {
        "hidden": "2 students here are named by your course. Their names are hidden.",
        "shown": "2 students here are named by your course.",
        "answered": "answered",
        "score": "{} of {}",
        "audience": "2 students",
    },
    "de": {
        "hidden": "2 Studierende hier haben ihren Namen von deinem Kurs."
        " Ihre Namen sind verborgen.",
        "shown": "2 Studierende hier haben ihren Namen von deinem Kurs.",
        "answered": "hat geantwortet",
        "score": "{} von {}",
        "audience": "2 Studierende",
    },
}


def new_page(browser, viewport):
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(15_000)
    return page


class Student:
    """What lecture_question_panels expects: a thing with a page."""

    def __init__(self, page):
        self.page = page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_class_from_the_lms_answers_named_only_once_the_teacher_turns_names_on(
    lms, served, browser, lang
):
    says = SAYS[lang]
    presenter = new_page(browser, PROJECTOR)
    presenter.goto(served.url + f"/?preset=textbook&lang={lang}")
    presenter.wait_for_function("() => document.body.dataset.runState === 'done'")
    presenter.click(".lecture-start")
    presenter.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    code = presenter.evaluate("window.prune.lecture.code")

    teacher = new_page(browser, {"width": 640, "height": 360})
    teacher.goto(lms.login_initiation_url(lms.add_launch("teacher-1", "Grace", [INSTRUCTOR])))
    teacher.fill("#lti-lecture-room", code)
    teacher.get_by_role("button", name="Let the class follow it").click()
    expect(teacher.locator("#lti-lecture-linked")).to_contain_text(code)

    students = []
    for user, name in (("student-1", "Ada Lovelace"), ("student-2", "<img src=x>Alan")):
        page = new_page(browser, PHONE)
        page.goto(lms.login_initiation_url(lms.add_launch(user, name, [LEARNER])))
        page.wait_for_selector(".lecture-bar[data-mode=student]")
        assert page.url.startswith(f"{served.url}/embed/join/{code}")
        students.append(Student(page))
    expect(presenter.locator(".lecture-audience")).to_have_text(says["audience"])
    presenter.click("#question-ask")
    for student, given in zip(students, (RIGHT, WRONG), strict=True):
        answer(wait_question(student), given)
    expect(presenter.locator("#qp-values li.tally")).to_have_count(2)  # both root values

    # Anonymous by default: the control is there, off, and no name is on the page.
    toggle = presenter.locator("#qp-names-toggle")
    expect(toggle).not_to_be_checked()
    expect(presenter.locator(".qp-names-note")).to_have_text(says["hidden"])
    assert "Ada" not in presenter.locator("body").inner_text()
    toggle.check()
    expect(presenter.locator(".qp-names-note")).to_have_text(says["shown"])
    names = presenter.locator("#qp-names-list li")
    expect(names).to_have_count(2)
    assert names.evaluate_all("(lis) => lis.map((li) => li.textContent)") == [
        f"<img src=x>Alan {says['answered']}",
        f"Ada Lovelace {says['answered']}",
    ]
    assert presenter.locator("#qp-names img").count() == 0  # a name is text, never markup
    presenter.click("#qp-reveal")
    for student in students:
        student.page.wait_for_selector("#qs-results:not([hidden])")
    ada_score = students[0].page.locator("#qs-score").inner_text()  # "7 of 7"
    given, maximum = re.fullmatch(r"(\d+) of (\d+)", ada_score).groups()
    expect(presenter.locator("#qp-names-list li").nth(1)).to_have_text(
        f"Ada Lovelace {says['score'].format(given, maximum)}", timeout=10_000
    )
    shot(Student(presenter), f"lti-lecture-names-projector-{lang}")
    assert_no_serious(presenter, f"the presenter's named class (1280×720, {lang})")
    toggle.uncheck()
    expect(presenter.locator("#qp-names-list")).to_be_hidden()

    teacher.reload()
    summary = teacher.locator("#lti-summary tbody tr")
    rows = summary.evaluate_all(
        "(trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent))"
    )
    item = f"Lecture {code}, question 1"
    assert ["Ada Lovelace", item, ada_score] in rows
    assert any(row[0] == "<img src=x>Alan" and row[1] == item for row in rows)
    shot(Student(teacher), "lti-teach-lecture-640x360", full_page=True)
