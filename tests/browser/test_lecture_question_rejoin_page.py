"""Lecture questions end to end (docs/practice.md), joining and reloading: a student who joins
after the question was asked gets it, keys in the panel stay the panel's, a reload keeps the
answer sent and sending again replaces it, the presenter's reload resumes the counts; a student
who never answered sees the answer explained, one who joins after the reveal sees it graded,
and ending the lecture closes every panel. Real server, real Chromium."""

from __future__ import annotations

import pytest
from lecture_question_panels import (
    SENT,
    answer,
    api_result,
    ask,
    same_grade,
    shot,
    shown_result,
    wait_counts,
    wait_question,
)
from playwright.sync_api import expect
from test_lecture import PROJECTOR, join, start_lecture

pytestmark = pytest.mark.browser


def test_a_late_joiner_gets_the_open_question_and_reloads_keep_it(prune, new_student):
    code = start_lecture(prune)
    ask(prune)
    # Joining after the question was asked: the join ack carries it.
    late = wait_question(join(new_student(viewport=PROJECTOR), code))
    idle = wait_question(join(new_student(), code))
    shot(late, "lecture-question-student-projector")
    # Keys in the panel are the panel's: X crosses out the focused node; neither it nor the
    # player's keys detach the student from the lecture.
    late.page.locator("#qs-tree g.node[data-path='1'] > .item").focus()
    for key in ("ArrowDown", "ArrowRight", "x", " ", "PageDown"):
        late.page.keyboard.press(key)
    assert late.page.locator("#qs-tree g.node[data-path='1.1'][data-practice=pruned]").count() == 1
    assert late.page.evaluate("window.prune.lecture.following")
    expect(late.page.locator(".lecture-bar")).to_have_attribute("data-mode", "student")
    late.page.check('#qs-rows input[type=checkbox][data-path="1.2"]')
    answer(late, {"values": {"": 3}, "best_move": 0})
    wait_counts(
        prune.page,
        {"answered": "1 of 2 students answered", "heat": {"1.1": 1, "1.2": 1}},
    )

    # A reload keeps the answer sent (it is not sent again: the server counts it already).
    late.page.reload()
    wait_question(late)
    expect(late.page.locator("#qs-sent")).to_have_text(SENT)
    assert late.page.input_value('#qs-rows li.sheet-row[data-path=""] .answer-value') == "3"
    # Sent again after the reload (with the tab's token), it replaces the first answer.
    answer(late, {"values": {"": 2}, "best_move": 0})
    wait_counts(prune.page, {"answered": "1 of 2 students answered", "values": {"2": 1}})
    # The presenter's reload resumes the room with the question and its counts.
    prune.page.reload()
    prune.page.wait_for_selector("#question-presenter:not([hidden])")
    wait_counts(prune.page, {"answered": "1 of 2 students answered", "values": {"2": 1}})
    prune.page.wait_for_selector("#tree g.node[data-heat]")

    prune.page.get_by_role("button", name="Reveal the answer").click()
    late.page.wait_for_selector("#qs-results:not([hidden])")
    tree = prune.page.request.get("/api/presets/textbook").json()
    options = prune.page.evaluate("window.prune.asking.state.question.options")
    given = {"pruned": ["1.1", "1.2"], "values": {"": 2}, "best_move": 0}
    assert same_grade(shown_result(late.page), api_result(prune.page, tree, options, given))
    # The student who never answered sees the answer, explained, and is told so.
    idle.page.wait_for_selector("#qs-results:not([hidden])")
    expect(idle.page.locator("#qs-results-heading")).to_have_text(
        "You did not answer", use_inner_text=True
    )
    expect(idle.page.locator("#qs-state")).to_have_text(
        "The presenter revealed the answer. You did not answer; the answer is shown."
    )
    engine = shown_result(idle.page)["items"]
    assert engine and all(kind.startswith("correct_") for kind, _, _ in engine)
    assert idle.page.input_value('#qs-rows li.sheet-row[data-path="1"] .answer-value') == "2"
    shot(idle, "lecture-question-not-answered-phone", full_page=True)

    # A student joining after the reveal sees it graded at once (nothing to answer).
    after = wait_question(join(new_student(), code))
    after.page.wait_for_selector("#qs-results:not([hidden])")
    expect(after.page.get_by_role("button", name="Send answer")).to_be_hidden()

    # Ending the lecture closes every panel.
    prune.page.get_by_role("button", name="End lecture").click()
    prune.page.get_by_role("button", name="End it").click()
    for student in (late, idle, after):
        expect(student.page.locator("#question-student")).to_be_hidden()
    expect(prune.page.locator("#question-presenter")).to_be_hidden()
