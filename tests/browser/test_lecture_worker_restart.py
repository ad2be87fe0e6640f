"""A lecture in real browsers survives its worker: gunicorn's worker is killed (SIGKILL)
mid-lecture and its master starts a new one; the presenter's and the student's pages
reconnect and re-enter the room on their own (no click, no reload), the student still shows
the presenter's step (and, in a lecture given from a lesson, the slide and its open
question), and the presenter's next steps reach the student."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from conftest_browser import start_server
from lesson_lectures import audience, joined_code, start_lecture
from playwright.sync_api import expect
from prune_page import PrunePage

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lecture"))
from reconnecting_class import kill_worker, wait_for_new_worker  # noqa: E402

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
RESUME_SECONDS = 5


@pytest.fixture
def server():
    server = start_server()
    yield server
    server.stop()


def page_at(browser, server, viewport):
    context = browser.new_context(base_url=server.url, viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, PrunePage(page)


def test_presenter_and_student_pages_resume_on_a_new_worker(browser, server):
    presenter_context, presenter = page_at(browser, server, PROJECTOR)
    student_context, student = page_at(browser, server, PHONE)
    try:
        presenter.open("preset=textbook")
        presenter.page.get_by_role("button", name="Start lecture").click()
        presenter.page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
        code = presenter.page.evaluate("window.prune.lecture.code")
        student.page.goto(f"/join/{code}")
        student.page.wait_for_selector(".lecture-bar[data-mode=student]")
        student.wait_state("done")
        for _ in range(3):
            presenter.page.click("#btn-forward")
        wait_counter(student, presenter.counter())

        old, _ = kill_worker(server)
        ready = wait_for_new_worker(server, old)
        for page in (presenter.page, student.page):  # each page is back in the room
            page.wait_for_function("() => window.prune.lecture.socket?.connected === true")
        presenter.page.wait_for_function("() => window.prune.lecture.ready === true")
        back = time.monotonic() - ready
        assert back <= RESUME_SECONDS, f"the presenter was back {back:.2f} s after the new worker"
        assert student.counter() == presenter.counter() == "step 3 of 27"

        for _ in range(2):
            presenter.page.click("#btn-forward")
        assert presenter.counter() == "step 5 of 27"
        wait_counter(student, "step 5 of 27")
        assert "Following the teacher" in student.page.locator(".lecture-bar").inner_text()
    finally:
        presenter_context.close()
        student_context.close()


LESSON = {
    "title": "Survives",
    "slides": [
        {"title": "Textbook", "notes": "", "view": {"kind": "tree", "preset": "textbook"}},
        {
            "title": "Predict",
            "notes": "",
            "view": {"kind": "tree", "tree": [[5, 6], [7, 4, 5], [3, 8]]},
            "question": {"prompt": "Values?"},
        },
    ],
}
PREDICT_STEPS = 23


def test_a_lesson_lecture_resumes_on_a_new_worker_with_its_slide_and_question(browser, server):
    teacher_context, teacher = page_at(browser, server, PROJECTOR)
    student_context, student = page_at(browser, server, PHONE)
    try:
        code = start_lecture(teacher, server.url, LESSON, slide=1)  # the question: asked
        student.page.goto(f"/join/{code}")
        student.wait_state("done")
        student.page.wait_for_selector("#question-student:not([hidden]) #qs-body:not([hidden])")
        expect(student.page.locator("#counter")).to_contain_text(f"step 0 of {PREDICT_STEPS}")
        panel = teacher.page.locator("#lesson-question")
        expect(panel).to_have_attribute("data-question-state", "open")
        expect(audience(teacher.page)).to_have_text("1 student")

        before = teacher.page.evaluate("window.prune.lecture.socket.id")
        old, _ = kill_worker(server)
        wait_for_new_worker(server, old)
        teacher.page.wait_for_function(
            "(old) => { const l = window.prune.lecture; return l.ready && l.socketId !== old; }",
            arg=before,
        )
        assert joined_code(teacher.page) == code
        expect(audience(teacher.page)).to_have_text("1 student")  # the student is back too
        expect(panel).to_have_attribute("data-question-state", "open")
        teacher.page.keyboard.press("PageDown")  # reveals the question asked before the kill
        expect(panel).to_have_attribute("data-question-state", "revealed")
        student.page.wait_for_selector("#qs-results:not([hidden])")
        teacher.page.keyboard.press("PageDown")
        expect(student.page.locator("#counter")).to_contain_text(f"step 1 of {PREDICT_STEPS}")
        expect(student.page.locator("#lesson-mark")).to_contain_text("slide 2 of 2")
        assert student.page.locator("#question-student #qs-body").is_visible()
    finally:
        teacher_context.close()
        student_context.close()


def wait_counter(student, text, timeout=10.0):
    deadline = time.monotonic() + timeout
    while student.counter() != text:
        assert time.monotonic() < deadline, f"the student shows {student.counter()!r}"
        time.sleep(0.05)
