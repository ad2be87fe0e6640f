"""A lecture given from a lesson: the presenter starts it on /l/<id>; a student who joins
follows the slide (its tree) and the step; a question slide asks its question when it is
reached, PageDown reveals it, and moving on closes it; the student sees which slide the
teacher is on."""

import pytest
from lesson_lectures import audience, end_lecture, start_lecture
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}

LESSON = {
    "title": "Followed",
    "slides": [
        {"title": "Textbook", "notes": "", "view": {"kind": "tree", "preset": "textbook", "to": 6}},
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


@pytest.fixture
def student(browser, base_url, wrap_page):
    context = browser.new_context(base_url=base_url, viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    wrapped = wrap_page(page)
    yield wrapped
    try:
        wrapped.assert_clean()
    finally:
        context.close()


def test_a_student_follows_a_lesson_across_slides_and_a_question(prune, student, base_url):
    teacher = prune.page
    code = start_lecture(prune, base_url, LESSON)
    line = teacher.locator("#lecture-line")
    expect(teacher.locator("#btn-lecture")).to_have_text("End lecture")
    # No PRUNE_PUBLIC_URL and a page opened at 127.0.0.1: the join bar says students cannot open it.
    bar = teacher.locator("#lesson-join")
    expect(bar.locator("a.lecture-link")).to_have_text(f"{base_url}/join/{code}")
    expect(bar.locator(".lecture-loopback-warning")).to_contain_text(
        "Students cannot open this link"
    )
    expect(bar.locator("img.lecture-qr")).to_have_attribute("src", f"/lecture/{code}/qr.svg")

    page = student.page
    page.goto(f"/join/{code}")
    page.wait_for_selector("body[data-run-state=done]")
    mark = page.locator("#lesson-mark")
    expect(mark).to_contain_text("slide 1 of 4: “Textbook”")
    expect(audience(teacher)).to_have_text("1 student")
    assert page.locator("#tree g.node[data-path]").count() == 13

    for _ in range(3):
        teacher.keyboard.press("PageDown")
    expect(teacher.locator("#counter")).to_have_text("step 3 of 27")
    expect(page.locator("#counter")).to_contain_text("step 3 of")

    # To the end of slide 1, then the words: the page keeps the tree (not shown), the mark moves.
    for _ in range(4):
        teacher.keyboard.press("PageDown")
    teacher.locator('#slide[data-slide-index="1"]').wait_for()
    expect(mark).to_contain_text("slide 2 of 4: “Words”")
    assert page.locator("#tree g.node[data-path]").count() == 13

    # The question slide: asked when it is reached.
    teacher.keyboard.press("PageDown")
    teacher.locator('#slide[data-slide-index="2"][data-kind="tree"]').wait_for()
    expect(mark).to_contain_text("slide 3 of 4: “Predict”")
    page.wait_for_selector("#question-student:not([hidden]) #qs-body:not([hidden])")
    assert page.locator("#qs-tree g.node[data-path]").count() == 11

    # PageDown reveals it (the projector's tree stays at the first step); the student is graded.
    teacher.keyboard.press("PageDown")
    page.wait_for_selector("#qs-results:not([hidden])")
    expect(page.locator("#qs-state")).to_contain_text("The presenter revealed the answer")
    expect(teacher.locator("#counter")).to_have_text("step 0 of 23")
    # Moving on closes it: the student follows the next slide's tree.
    teacher.locator("#slide-select").select_option("3")
    teacher.locator('#slide[data-slide-index="3"][data-kind="tree"]').wait_for()
    expect(mark).to_contain_text("slide 4 of 4: “The tie”")
    expect(page.locator("#question-student")).to_be_hidden()
    expect(page.locator("#tree g.node[data-path]")).to_have_count(6)  # [[10], [10, 0]]

    end_lecture(teacher)
    expect(line).to_have_text("The lecture has ended.")


def test_end_lecture_asks_first_cancel_keeps_it_and_ok_ends_it(prune, student, base_url):
    teacher = prune.page
    teacher.set_viewport_size({"width": 1024, "height": 768})
    code = start_lecture(prune, base_url, LESSON)
    page = student.page
    page.goto(f"/join/{code}")
    page.wait_for_selector("body[data-run-state=done]")
    expect(audience(teacher)).to_have_text("1 student")
    button = teacher.locator("#btn-lecture")
    actions = teacher.locator("#lesson-actions")

    button.click()
    expect(actions.locator(".lecture-end-ask")).to_have_text("End the lecture for every student?")
    expect(actions.locator(".lecture-end-cancel")).to_be_focused()  # a second Enter keeps it
    prune.screenshot("lesson-end-lecture-asks")
    teacher.keyboard.press("Enter")
    expect(actions.locator(".lecture-end-ask")).to_have_count(0)
    expect(button).to_be_focused()
    expect(button).to_have_text("End lecture")
    expect(teacher.locator("#lesson-join")).to_be_visible()
    teacher.keyboard.press("PageDown")  # still lecturing: the student follows the step
    expect(page.locator("#counter")).to_contain_text("step 1 ")

    end_lecture(teacher)
    expect(teacher.locator("#lecture-line")).to_have_text("The lecture has ended.")
    expect(button).to_have_text("Start lecture")
    expect(teacher.locator("#lesson-join")).to_be_hidden()
    assert teacher.evaluate(f"localStorage.getItem('prune.lecture.{code}')") is None
