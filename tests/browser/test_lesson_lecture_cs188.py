"""A CS188 Pacman decision on a lesson slide reaches the students in a lecture: its whole tree
(GET /api/games/pacman/tree?rules=cs188…&size=whole), step for step with the presenter's trace
and its levels named by agent. (A decision too large to build whole sends no tree, as any
other: tests/js/lesson-lecture-views.test.js, test_lesson_lecture_slides.py.)"""

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
