"""Presentation mode leaves every control reachable and uncovered, and covers no node, on a
phone (390x844, 320x640) as on a projector (1024x768, 1280x720): on the main page, and for a
student following a lesson's lecture, whose page has the line saying where the teacher is
and the slide's notes above the tree. There, on a phone, "Exit" sat in the controls' row and
covered their last buttons ("Skip to the end", "Step out")."""

import pytest
from lesson_lectures import start_lecture
from presenting_steps import wait_presenting
from scene_checks import covered_or_small_values
from test_lesson_lecture_slides import LESSON, on_slide

pytestmark = pytest.mark.browser
SIZES = [(390, 844), (320, 640), (1024, 768), (1280, 720)]

# Every control drawn (a button, field, link or focusable element with a box): those outside
# the window, or not what is hit at the centre of their first box (a link's first line), named.
BLOCKED_CONTROLS = """() => [...document.querySelectorAll(
    'button, input, select, textarea, a[href], [tabindex="0"]')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .flatMap((el) => {
    const box = el.getClientRects()[0];
    if (box.width === 0 || box.height === 0) return [];
    const name = `${el.id || el.tagName} "${el.textContent.trim().slice(0, 24)}"`;
    const all = el.getBoundingClientRect();
    if (all.left < 0 || all.top < 0 || all.right > innerWidth || all.bottom > innerHeight) {
      return [`${name} is outside the window`];
    }
    const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
    if (hit && el.contains(hit)) return [];
    return [`${name} is covered by ${hit ? hit.id || hit.tagName : 'nothing'}`];
  })"""


def blocked_at_every_size(page) -> list[str]:
    """Problems at each size: controls blocked, nodes' values covered or too small."""
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(
            "([w, h]) => window.prune.view.width === document.getElementById('tree').clientWidth"
            " && window.prune.view.height === document.getElementById('tree').clientHeight"
            " && innerWidth === w && innerHeight === h",
            arg=[width, height],
        )
        found = page.evaluate(BLOCKED_CONTROLS) + covered_or_small_values(page, "#tree")
        problems += [f"{width}x{height}: {problem}" for problem in found]
    return problems


def test_the_main_page_presenting_leaves_every_control_uncovered(prune):
    page = prune.page
    page.set_viewport_size({"width": 390, "height": 844})
    prune.open("preset=textbook")
    page.keyboard.press("p")
    wait_presenting(page)
    assert page.locator("#present-exit").is_visible()
    assert blocked_at_every_size(page) == []


def test_a_student_presenting_a_lessons_lecture_reaches_exit_and_every_control(
    prune, new_student, base_url
):
    teacher = prune.page
    code = start_lecture(prune, base_url, LESSON, slide=3)  # the textbook tree, with notes
    page = new_student({"width": 390, "height": 844}).page
    # An iPhone's browser has no full screen for a page: the student presents in the window,
    # which turns and resizes below (a full-screen window cannot be resized in the test).
    page.add_init_script("delete Element.prototype.requestFullscreen")
    page.goto(f"/join/{code}")
    page.wait_for_selector("body[data-run-state=done][data-lesson-slide=tree]")
    page.locator("#present-toggle-narrow").click()
    wait_presenting(page)
    assert page.locator("#lesson-card-notes").is_visible()
    assert blocked_at_every_size(page) == []

    # A slide of notes in the tree's place: no controls but "Exit", which stays reachable.
    teacher.locator("#slide-select").select_option("0")
    on_slide(teacher, page, 0, "notes")
    page.wait_for_selector("body[data-lesson-slide=card]")
    for width, height in SIZES[:2]:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(BLOCKED_CONTROLS) == []
    page.locator("#present-exit").click()
    page.wait_for_function("() => document.body.dataset.present === undefined")
