"""Accessibility of a lecture from a lesson (docs/lessons.md, "In a lecture"): axe on a
lesson's lecture (join bar, question panel, the student's question with its prompt); a question
slide's own prompt is written in the editor and saved in the lesson (question.prompt); a
lesson's steps are said in the paced live region, as on /; a drill says its new tree and its
score, and N obeys the single-key setting."""

import json
import urllib.request

import pytest
from axe_checks import assert_no_serious
from lesson_lectures import joined_code, save
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
TREE = [[5, 6], [7, 4, 5], [3, 8]]


def test_the_editor_writes_a_question_slides_own_prompt(prune, base_url):
    page = prune.page
    page.goto(f"{base_url}/lessons")
    draft = {
        "title": "Prompted",
        "slides": [{"title": "Predict", "notes": "", "view": {"kind": "tree", "tree": TREE}}],
    }
    page.evaluate("(d) => localStorage.setItem('prune.lesson-draft', JSON.stringify(d))", draft)
    page.goto(f"{base_url}/lessons/new")
    page.locator("body[data-ready=true]").wait_for()
    prompt = page.locator("#slide-0-prompt")
    assert prompt.is_hidden()  # not a question yet
    page.locator("#slide-0-question").focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")  # the prompt, shown now
    assert page.evaluate("document.activeElement.id") == "slide-0-prompt"
    assert page.get_by_label("Question's prompt").count() == 1
    page.keyboard.type("Which leaves are never evaluated?")
    page.locator("#btn-save").click()
    link = page.locator("#saved-link")
    link.wait_for()
    lesson_id = link.get_attribute("href").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{base_url}/api/lessons/{lesson_id}") as response:
        saved = json.load(response)
    assert saved["slides"][0]["question"] == {"prompt": "Which leaves are never evaluated?"}

    # The projector says it under the slide.
    page.goto(f"{base_url}/l/{lesson_id}")
    prune.wait_state("done")
    assert page.locator("#slide-question").inner_text() == (
        "Question: Which leaves are never evaluated?"
    )


def test_axe_a_lessons_lecture_with_its_join_bar_and_question_panel(prune, new_student, base_url):
    page = prune.page
    page.set_viewport_size({"width": 1280, "height": 720})
    question = {"title": "P", "notes": "", "view": {"kind": "tree", "tree": TREE}, "question": True}
    page.goto(f"{base_url}/l/{save(base_url, {'title': 'Asked', 'slides': [question]})}")
    prune.wait_state("done")
    page.locator("#btn-lecture").click()
    code = joined_code(page)
    student = new_student()
    student.page.goto(f"/join/{code}")
    student.page.wait_for_selector("#question-student:not([hidden]) #qs-body:not([hidden])")
    expect(page.locator("#lesson-question")).to_have_attribute("data-question-state", "open")
    # The controls as the presenter sees them: shown, and kept so by a keyboard focus among
    # them (they fade after 3 s idle; a slow machine would otherwise check them mid-fade).
    page.focus("#btn-forward")
    page.keyboard.press("Tab")
    page.mouse.move(300, 300)
    assert page.evaluate("document.body.dataset.controls") is None
    assert_no_serious(page, "lesson lecture, question open")
    assert_no_serious(student.page, "student, a lesson's question")


def test_a_lessons_steps_are_said_in_a_paced_live_region(prune, base_url):
    page = prune.page
    lesson = {
        "title": "Said",
        "slides": [{"title": "T", "notes": "", "view": {"kind": "tree", "tree": TREE}}],
    }
    page.goto(f"{base_url}/l/{save(base_url, lesson)}")
    prune.wait_state("done")
    spoken = page.locator("#narration-spoken")
    assert spoken.get_attribute("aria-live") == "polite"
    assert page.locator("#narration").get_attribute("aria-live") == "off"  # said once, not twice
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    shown = page.locator("#narration").inner_text()
    assert shown.startswith("Visit MIN node B")
    assert spoken.inner_text() == shown  # paused: said at once


def test_a_drill_says_its_new_tree_and_score_and_n_obeys_the_single_key_setting(prune, base_url):
    page = prune.page
    page.goto(f"{base_url}/practice/drill?level=binary&seed=1")
    prune.wait_state("done")
    status = page.locator("#drill-status")
    assert status.get_attribute("aria-live") == "polite"
    page.locator("#drill-check").click()
    assert "Score: " in status.inner_text() and "of 1 tree right." in status.inner_text()
    page.keyboard.press("n")
    seed = page.evaluate("window.prune.seed")
    assert seed != 1
    assert status.inner_text().startswith("A new tree (2-ply, binary)")

    # Single-key shortcuts off (the setting every page keeps): N does nothing; Next still works.
    page.evaluate("localStorage.setItem('prune.singleKeyShortcuts', 'off')")
    page.reload()
    prune.wait_state("done")
    before = page.evaluate("window.prune.seed")
    page.locator("body").press("n")
    assert page.evaluate("window.prune.seed") == before
    page.locator("#drill-next").click()
    assert page.evaluate("window.prune.seed") != before
