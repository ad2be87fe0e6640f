"""A lecture given from a lesson outlives the presenter's reload and a lost connection: the
lesson page keeps the room's key (localStorage) and names the room in the address
(?present=CODE beside ?slide and ?step); a reload resumes the room where it was, with its
open question, and a reconnect resumes it and sends the moves made meanwhile. A room that
ended is said so plainly, and a new lecture starts. A student who reloads comes back to the
teacher's slide and step. A reconnect keeps the open question and its count."""

import pytest
import socketio
from lesson_lectures import audience, end_lecture, joined_code, save, start_lecture
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
LESSON = {
    "title": "Resumed",
    "slides": [
        {"title": "Textbook", "notes": "", "view": {"kind": "tree", "preset": "textbook"}},
        {"title": "Words", "notes": "Just words"},
        {
            "title": "Predict",
            "notes": "",
            "view": {"kind": "tree", "tree": [[5, 6], [7, 4, 5], [3, 8]]},
            "question": {"prompt": "Values?"},
        },
        {"title": "The tie", "notes": "", "view": {"kind": "tree", "preset": "tie"}},
    ],
}
PREDICT_STEPS = 23  # the question slide's trace


@pytest.fixture
def open_student(browser, base_url, wrap_page):
    """``open_student(code)``: a student's page (a phone) joined to lecture ``code``."""
    made = []

    def open_page(code):
        context = browser.new_context(base_url=base_url, viewport=PHONE)
        page = context.new_page()
        page.set_default_timeout(15_000)
        wrapped = wrap_page(page)
        made.append((wrapped, context))
        page.goto(f"/join/{code}")
        page.wait_for_selector("body[data-run-state=done]")
        return page

    yield open_page
    try:
        for wrapped, _ in made:
            wrapped.assert_clean()
    finally:
        for _, context in made:
            context.close()


def shown(code):
    return f"{code[:3]}-{code[3:]}"


def end_elsewhere(base_url, code, key):
    """End lecture ``code`` from another client holding its key (another tab, a device)."""
    other = socketio.Client(reconnection=False)
    other.connect(base_url, transports=["websocket"], wait_timeout=10)
    try:
        assert other.call("lecture:end", {"room": code, "key": key}, timeout=10)["ok"] is True
    finally:
        other.disconnect()


def test_a_reload_resumes_the_room_where_it_was_with_its_question(prune, open_student, base_url):
    teacher = prune.page
    code = start_lecture(prune, base_url, LESSON)
    student = open_student(code)
    line, mark = teacher.locator("#lecture-line"), student.locator("#lesson-mark")
    expect(audience(teacher)).to_have_text("1 student")

    # The question slide: asked when reached, held at its first step.
    teacher.locator("#slide-select").select_option("2")
    teacher.locator('#slide[data-slide-index="2"][data-kind="tree"]').wait_for()
    panel = teacher.locator('#lesson-question[data-question-state="open"]')
    expect(panel).to_have_attribute("data-answered", "0")
    student.wait_for_selector("#question-student:not([hidden]) #qs-body:not([hidden])")
    for part in (f"present={code}", "slide=2", "step=0"):
        assert part in teacher.url

    teacher.reload()
    prune.wait_state("done")
    expect(teacher.locator("#btn-lecture")).to_have_text("End lecture")
    assert joined_code(teacher) == code
    expect(audience(teacher)).to_have_text("1 student")
    expect(teacher.locator("#slide")).to_have_attribute("data-slide-index", "2")
    expect(panel).to_have_attribute("data-answered", "0")  # still open, unrevealed
    expect(teacher.locator("#counter")).to_have_text(f"step 0 of {PREDICT_STEPS}")

    # PageDown reveals first (the tree stays), then steps; the student follows.
    teacher.keyboard.press("PageDown")
    expect(teacher.locator('#lesson-question[data-question-state="revealed"]')).to_be_visible()
    expect(teacher.locator("#counter")).to_have_text(f"step 0 of {PREDICT_STEPS}")
    student.wait_for_selector("#qs-results:not([hidden])")
    teacher.keyboard.press("PageDown")
    teacher.keyboard.press("PageDown")
    expect(student.locator("#counter")).to_contain_text(f"step 2 of {PREDICT_STEPS}")

    # A student who reloads is back at the teacher's slide and step, the answer revealed.
    student.reload()
    student.wait_for_selector("body[data-run-state=done]")
    expect(mark).to_contain_text("slide 3 of 4: “Predict”")
    expect(student.locator("#counter")).to_contain_text(f"step 2 of {PREDICT_STEPS}")
    student.wait_for_selector("#qs-results:not([hidden])")
    expect(student.locator("#qs-state")).to_contain_text("The presenter revealed the answer")

    # Moving on closes the question: the student's page shows the next slide.
    teacher.locator("#slide-select").select_option("3")
    expect(mark).to_contain_text("slide 4 of 4: “The tie”")
    expect(student.locator("#question-student")).to_be_hidden()
    expect(teacher.locator("#lesson-question")).to_be_hidden()

    end_lecture(teacher)
    expect(line).to_have_text("The lecture has ended.")
    assert "present=" not in teacher.url and "slide=3" in teacher.url
    assert teacher.evaluate(f"localStorage.getItem('prune.lecture.{code}')") is None


def test_moves_made_while_the_connection_is_lost_reach_the_students(prune, open_student, base_url):
    teacher = prune.page
    code = start_lecture(prune, base_url, LESSON)
    first = open_student(code)
    line = teacher.locator("#lecture-line")
    expect(audience(teacher)).to_have_text("1 student")

    # The connection drops and stays down while the teacher clicks on.
    teacher.evaluate("window.prune.lecture.socket.io.reconnection(false)")
    teacher.evaluate("window.prune.lecture.socket.io.engine.close()")
    expect(line).to_contain_text("the connection was lost")
    for _ in range(3):
        teacher.keyboard.press("PageDown")
    expect(teacher.locator("#counter")).to_have_text("step 3 of 27")

    # Back: the room is resumed and the students get where the teacher is now.
    teacher.evaluate("window.prune.lecture.socket.io.reconnection(true)")
    teacher.evaluate("window.prune.lecture.socket.connect()")
    expect(first.locator("#counter")).to_contain_text("step 3 of")
    expect(line).to_be_hidden()  # "the connection was lost" is gone
    assert joined_code(teacher) == code

    # The new connection presents the room: it hears who joins, and drives on.
    second = open_student(code)
    expect(audience(teacher)).to_have_text("2 students")
    teacher.keyboard.press("PageDown")
    for student in (first, second):
        expect(student.locator("#counter")).to_contain_text("step 4 of")


def test_a_room_that_ended_meanwhile_is_said_plainly_and_a_new_one_starts(prune, base_url):
    teacher = prune.page
    code = start_lecture(prune, base_url, LESSON)
    stored = teacher.evaluate(f"JSON.parse(localStorage.getItem('prune.lecture.{code}'))")

    # The room ends behind this page's back (another tab, another device with the key).
    end_elsewhere(base_url, code, stored["key"])
    teacher.reload()
    prune.wait_state("done")
    line = teacher.locator("#lecture-line")
    expect(line).to_have_text(
        f"Lecture {shown(code)} cannot be resumed: this lecture has ended. "
        "“Start lecture” opens a new one."
    )
    button = teacher.locator("#btn-lecture")
    expect(button).to_have_text("Start lecture")
    assert "present=" not in teacher.url
    assert teacher.evaluate(f"localStorage.getItem('prune.lecture.{code}')") is None

    button.click()
    expect(button).to_have_text("End lecture")
    again = joined_code(teacher)
    assert again != code
    assert f"present={again}" in teacher.url

    # A room that ends while presented is said so at the next move, the same way.
    key = teacher.evaluate(f"JSON.parse(localStorage.getItem('prune.lecture.{again}')).key")
    end_elsewhere(base_url, again, key)
    teacher.keyboard.press("PageDown")
    expect(line).to_have_text(
        f"Lecture {shown(again)}: this lecture has ended. “Start lecture” opens a new one."
    )
    expect(button).to_have_text("Start lecture")
    assert "present=" not in teacher.url
    assert teacher.evaluate(f"localStorage.getItem('prune.lecture.{again}')") is None


def test_another_lessons_room_or_one_without_its_key_is_not_driven_here(prune, wrap_page, base_url):
    teacher = prune.page
    code = start_lecture(prune, base_url, LESSON)
    other_lesson = save(base_url, {**LESSON, "title": "Another"})

    # The same browser (it holds the key) opens another lesson with that room in its address.
    other = teacher.context.new_page()
    other.set_default_timeout(15_000)
    watched = [wrap_page(other)]
    other.goto(f"{base_url}/l/{other_lesson}?present={code}&slide=1")
    other.wait_for_selector("body[data-run-state=done]")
    line = other.locator("#lecture-line")
    expect(line).to_have_text(
        f"Lecture {shown(code)} presents another lesson, so this page cannot drive it. "
        "“Start lecture” opens a new one."
    )
    expect(other.locator("#btn-lecture")).to_have_text("Start lecture")
    assert "present=" not in other.url and "slide=1" in other.url
    # The room's own lesson page still holds its key, and resumes after a reload.
    teacher.reload()
    prune.wait_state("done")
    assert joined_code(teacher) == code

    # A browser without the room's key (a copied link) is told so.
    stranger = teacher.context.browser.new_context(base_url=base_url)
    try:
        page = stranger.new_page()
        page.set_default_timeout(15_000)
        watched.append(wrap_page(page))
        page.goto(f"/l/{other_lesson}?present={code}")
        page.wait_for_selector("body[data-run-state=done]")
        expect(page.locator("#lecture-line")).to_have_text(
            f"Lecture {shown(code)} cannot be resumed: this browser does not hold its key. "
            "“Start lecture” opens a new one."
        )
        assert "present=" not in page.url
        for wrapped in watched:
            wrapped.assert_clean()
    finally:
        stranger.close()
        other.close()


def test_a_reconnect_keeps_the_open_question_and_its_count(prune, open_student, base_url):
    teacher = prune.page
    code = start_lecture(prune, base_url, LESSON, slide=2)  # the question slide: asked at once
    student = open_student(code)
    panel = teacher.locator("#lesson-question")
    expect(panel).to_have_attribute("data-question-state", "open")
    student.wait_for_selector("#question-student:not([hidden]) #qs-body:not([hidden])")
    student.locator('#qs-rows li.sheet-row[data-path=""] .answer-value').fill("5")
    student.get_by_role("button", name="Send answer").click()
    expect(panel).to_have_attribute("data-answered", "1")

    before = teacher.evaluate("window.prune.lecture.socket.id")
    teacher.evaluate("window.prune.lecture.socket.io.engine.close()")  # back by itself
    teacher.wait_for_function(
        "(old) => { const l = window.prune.lecture; return l.ready && l.socketId !== old; }",
        arg=before,
    )
    expect(panel).to_have_attribute("data-question-state", "open")
    expect(panel).to_have_attribute("data-answered", "1")
    expect(panel.locator("#lq-answered")).to_have_text("1 of 1 student answered")

    teacher.keyboard.press("PageDown")  # reveals (no step), over the new connection
    expect(panel).to_have_attribute("data-question-state", "revealed")
    student.wait_for_selector("#qs-results:not([hidden])")
    expect(teacher.locator("#counter")).to_have_text(f"step 0 of {PREDICT_STEPS}")
