"""A CS188 Pacman decision on a lesson slide reaches the students in a lecture: its whole tree
(GET /api/games/pacman/tree?rules=cs188…&size=whole), step for step with the presenter's trace
and its levels named by agent. A decision too large to build whole (over the 2,000 positions a
tree document holds) sends no tree: the student's page says it is on the teacher's screen, and
the previous slide's tree is gone, through steps and a reload (rules that do not replay:
test_lesson_lecture_slides.py)."""

import pytest
from lesson_lectures import start_lecture
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PROJECTOR = {"width": 1280, "height": 720}
COURSE = {"rules": "cs188", "layout": "smallClassic", "pacman": "West,West", "decision": "2"}
LESSON = {
    "title": "CS188 Pacman",
    "slides": [
        {"title": "Textbook", "notes": "", "view": {"kind": "tree", "preset": "textbook"}},
        {
            "title": "Pacman, the course's way",
            "notes": "Two ghosts, strict rule.",
            "view": {"kind": "game", "game": "pacman", "query": COURSE, "to": 4},
        },
    ],
}
TEACHER_CURRENT = """() => { const t = window.prune.stage.content.trace;
  const s = t.seek(window.prune.position.step); return t.keys[s.current]; }"""
STUDENT_CURRENT = """() => { const t = window.prune.trace;
  const s = t.seek(window.prune.step); return t.keys[s.current]; }"""


def on_slide(teacher, page, index):
    teacher.locator(f'#slide[data-slide-index="{index}"][data-kind="game"]').wait_for()
    page.locator(f'#lesson-mark[data-slide="{index}"]').wait_for(state="attached")


def test_a_cs188_decision_is_sent_to_students_step_for_step(prune, browser, base_url):
    teacher = prune.page
    code = start_lecture(prune, base_url, LESSON)
    context = browser.new_context(base_url=base_url, viewport=PROJECTOR)
    try:
        page = context.new_page()
        page.goto(f"/join/{code}")
        page.wait_for_selector("body[data-run-state=done][data-lesson-slide=tree]")
        teacher.locator("#slide-select").select_option("1")
        on_slide(teacher, page, 1)
        page.wait_for_selector("body[data-run-state=done][data-lesson-slide=tree]", timeout=30_000)
        length = teacher.locator("#counter").inner_text().split(" of ")[1]
        expect(page.locator("#counter")).to_have_text(f"step 0 of {length}")
        for _ in range(4):
            teacher.keyboard.press("PageDown")
        expect(page.locator("#counter")).to_have_text(f"step 4 of {length}")
        assert page.evaluate(STUDENT_CURRENT) == teacher.evaluate(TEACHER_CURRENT)
        ruler = page.locator("#tree .level-ruler .level-name").all_text_contents()
        assert ruler[:3] == ["Pacman", "Ghost 1", "Ghost 2"]
    finally:
        context.close()


def test_a_cs188_decision_too_big_to_send_is_said_and_the_last_tree_goes(prune, browser, base_url):
    # Three rounds deep: 2,662 positions, over the 2,000 a tree document may hold (its route
    # answers 400), so students are told the decision is on the teacher's screen instead.
    view = {"kind": "game", "game": "pacman", "query": {**COURSE, "depth": "3"}}
    deep = {"title": "Pacman, three rounds deep", "notes": "Watch the projector.", "view": view}
    teacher = prune.page
    code = start_lecture(
        prune, base_url, {"title": "Too big", "slides": [LESSON["slides"][0], deep]}
    )
    context = browser.new_context(base_url=base_url, viewport=PROJECTOR)
    try:
        page = context.new_page()
        page.goto(f"/join/{code}")
        page.wait_for_selector("body[data-run-state=done][data-lesson-slide=tree]")
        expect(page.locator("#tree g.node[data-path]")).to_have_count(13)  # the textbook tree
        teacher.locator("#slide-select").select_option("1")
        on_slide(teacher, page, 1)
        page.wait_for_selector("body[data-lesson-slide=card]", timeout=30_000)
        expect(page.locator("#lesson-card-title")).to_have_text("Pacman, three rounds deep")
        expect(page.locator("#lesson-card-message")).to_have_text(
            "This game decision is on the teacher's screen."
        )
        expect(page.locator("#tree")).to_be_hidden()
        teacher.keyboard.press("PageDown")  # a step on the teacher's screen brings no tree back
        expect(page.locator("#lesson-mark")).to_contain_text("slide 2 of 2")
        page.wait_for_timeout(500)
        expect(page.locator("#tree")).to_be_hidden()
        expect(page.locator("#lesson-card-message")).to_be_visible()
        page.reload()  # nor does a reload
        page.wait_for_selector("body[data-lesson-slide=card]", timeout=30_000)
        expect(page.locator("#tree")).to_be_hidden()
        expect(page.locator("#lesson-card-message")).to_have_text(
            "This game decision is on the teacher's screen."
        )
        page.screenshot(path="test-results/screenshots/lesson-student-cs188-too-big.png")
        # The presenter's request for the whole tree was refused (400, which the page handles
        # by sending no tree); the browser logs any refused resource.
        refused = [e for e in prune.errors if "status of 400" in e]
        assert len(refused) == len(prune.errors)
        prune.errors.clear()
    finally:
        context.close()
