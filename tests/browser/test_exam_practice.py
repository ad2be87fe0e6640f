"""A whole exam to practise (/exams/<id>/practice): the variant's questions listed, the
current one (kept in the address) in practice's embed on its own tree, players and rule,
graded there with practice's explanations; Next and Previous walk the exam."""

import json

import pytest
from test_exam_print import create

pytestmark = pytest.mark.browser


def node_count(tree):
    return 1 if not isinstance(tree, list) else 1 + sum(node_count(c) for c in tree)


def test_a_student_practises_the_exam_question_by_question(prune, base_url):
    identifier, exam = create(base_url)
    questions = exam["variants"][1]["questions"]
    page = prune.page
    page.goto(f"{base_url}/exams/{identifier}/practice?variant=2&question=2")
    prune.wait_state("done", timeout=60_000)
    assert page.locator("#exam-practice-title").inner_text() == f"Question 2 of {len(questions)}"
    assert page.locator("#exam-practice-prompt").inner_text() == questions[1]["prompt"]
    assert page.locator("#exam-practice-list button").count() == len(questions)
    current = page.locator("#exam-practice-list button[aria-current=step]")
    assert current.inner_text() == "Question 2"
    frame = page.frame_locator("#exam-practice-frame")
    frame.locator("body[data-run-state=done]").wait_for(timeout=60_000)
    tree = questions[1]["tree"]["tree"]
    assert frame.locator("#tree g.node[data-path]").count() == node_count(tree)
    src = page.locator("#exam-practice-frame").get_attribute("src")
    assert src.startswith("/embed/practice?")
    # Graded in the embed with practice's explanations: an empty answer has mistakes.
    frame.locator("#check").click()
    assert frame.locator("#mistakes li").count() > 0
    # The frame takes the height the embed reports.
    page.wait_for_function(
        "() => document.getElementById('exam-practice-frame').style.height !== ''"
    )
    page.click("#exam-practice-next")
    assert page.locator("#exam-practice-title").inner_text() == f"Question 3 of {len(questions)}"
    assert page.evaluate("new URLSearchParams(location.search).get('question')") == "3"
    frame.locator("body[data-run-state=done]").wait_for(timeout=60_000)
    third = questions[2]["tree"]
    assert frame.locator("#tree g.node[data-path]").count() == node_count(third["tree"])
    assert json.loads(page.evaluate("JSON.stringify(document.activeElement.id)")) == (
        "exam-practice-title"
    )
    page.click("#exam-practice-list button >> text=Question 1")
    assert page.locator("#exam-practice-previous").is_disabled()
