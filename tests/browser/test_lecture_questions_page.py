"""Lecture questions end to end (docs/practice.md): the presenter asks the tree on screen,
students answer in practice mode on their own devices (separate browser contexts), the
presenter sees the counts (answered, root values, moves) and a heat overlay of the crossings on
the tree, also while presenting; a student changes an answer; at the reveal each student sees
their own answer graded as POST /api/practice/grade grades it and answering closes; closing the
question gives the students the lecture back. Real server, real Chromium."""

from __future__ import annotations

import pytest
from axe_checks import assert_no_serious
from lecture_question_panels import (
    answer,
    api_result,
    ask,
    heat_of,
    presenter_counts,
    same_grade,
    send,
    shot,
    shown_result,
    wait_counts,
    wait_question,
)
from playwright.sync_api import expect
from test_lecture import join, start_lecture

pytestmark = pytest.mark.browser


# The textbook tree: A (MAX) over B, C, D (MIN) over E F G | H I J | K L M. Alpha-beta prunes
# I and J (1.1, 1.2); A = 3 by its move to B.
RIGHT = {"pruned": ["1.1", "1.2"], "values": {"": 3, "0": 3, "1": 2, "2": 2}, "best_move": 0}
SECOND = {"pruned": ["1.1", "2.1", "2.2"], "values": {"": 2, "0": 3}, "best_move": 2}
THIRD = {"pruned": ["2"], "values": {"": 14}, "best_move": 1}
SECOND_CHANGED = {"pruned": ["1.1", "1.2"], "values": {"": 3, "0": 3}, "best_move": 0}


def test_the_class_answers_the_presenter_sees_counts_and_each_student_their_grade(
    prune, new_student
):
    code = start_lecture(prune)
    students = [join(new_student(), code) for _ in range(3)]
    prune.page.wait_for_function(
        "() => document.querySelector('.lecture-audience').textContent === '3 students'"
    )
    for _ in range(6):
        prune.page.click("#btn-forward")
    ask(prune)
    # The projector does not give the answer away: back to step 0, the leaves only.
    prune.wait_counter("step 0 of 27")
    assert prune.page.locator("#qp-answered").inner_text() == "0 of 3 students answered"
    # The Ask button goes while a question is open: one question at a time.
    expect(prune.page.get_by_role("button", name="Ask as a question")).to_be_hidden()
    for student in students:
        wait_question(student)
        assert student.page.locator("#qs-tree g.node[data-path='0'] .val").count() == 0
        rule = student.page.locator("#qs-rule").inner_text()
        assert "Standard rule: prune when α ≥ β." in rule
        assert student.page.evaluate("window.prune.lecture.following")
    # The lecture's own tree and controls give way to the question on a phone.
    expect(students[0].page.locator("#tree")).to_be_hidden()
    expect(students[0].page.locator("#player")).to_be_hidden()
    expect(students[0].page.locator(".lecture-bar[data-mode=student]")).to_be_visible()
    shot(students[0], "lecture-question-student-phone", full_page=True)
    assert_no_serious(students[0].page, "a student's question panel (390×844)")

    answer(students[0], RIGHT, on_tree=True)
    answer(students[1], SECOND)
    answer(students[2], THIRD)
    want = {
        "answered": "3 of 3 students answered",
        "heat": heat_of(RIGHT, SECOND, THIRD),
        "values": {"3": 1, "2": 1, "14": 1},
        "moves": {"B": 1, "D": 1, "C": 1},
        "pruned": {"I": 2, "J": 1, "L": 1, "M": 1, "D": 1},
    }
    got = wait_counts(prune.page, want)
    assert got["badges"] == {path: f"✗ {n}" for path, n in want["heat"].items()}
    # The tint says it too, but never alone: the treeitem says it in words.
    item = prune.page.locator("#tree g.node[data-path='1.1'] > .item")
    assert item.get_attribute("aria-description") == "crossed out by 2 of 3 answers"
    # Before the reveal the tallies mark no answer as right, unless the presenter turns
    # "Hide answers" off (on by default in a lecture).
    verdicts = prune.page.locator("#question-presenter .tally-verdict")
    assert verdicts.count() == 0
    prune.page.uncheck("#hide-answers")
    expect(prune.page.locator("#qp-values li[data-label='3'] .tally-verdict")).to_have_text(
        "✓ right answer"
    )
    prune.page.check("#hide-answers")
    expect(verdicts).to_have_count(0)
    shot(prune, "lecture-question-presenter-projector")
    assert_no_serious(prune.page, "the presenter's question panel (1280×720)")

    # Presenting keeps the heat on the tree, badges readable on top (issue 21).
    prune.page.locator("#stage").focus()
    prune.page.keyboard.press("p")
    prune.page.wait_for_selector("body[data-present=on]")
    got = presenter_counts(prune.page)
    assert got["heat"] == want["heat"] and got["badges"] == {
        path: f"✗ {n}" for path, n in want["heat"].items()
    }
    badge = prune.page.locator("#tree .heat-badge").first
    assert badge.is_visible()
    shot(prune, "lecture-question-presenting-heat")
    prune.page.keyboard.press("Escape")
    prune.page.wait_for_function("() => document.body.dataset.present === undefined")

    # A student changes their answer: the counts follow, still 3 answered.
    page = students[1].page
    for path in ("2.1", "2.2"):
        page.uncheck(f'#qs-rows input[type=checkbox][data-path="{path}"]')
    page.check('#qs-rows input[type=checkbox][data-path="1.2"]')
    page.fill('#qs-rows li.sheet-row[data-path=""] .answer-value', "3")
    page.check('#qs-best-move input[value="0"]')
    expect(page.locator("#qs-sent")).to_have_text(
        "You changed your answer: send it again to replace the one sent."
    )
    send(students[1])
    wait_counts(
        prune.page,
        {
            "answered": "3 of 3 students answered",
            "heat": heat_of(RIGHT, SECOND_CHANGED, THIRD),
            "values": {"3": 2, "14": 1},
            "moves": {"B": 2, "C": 1},
            "pruned": {"I": 2, "J": 2, "D": 1},
        },
    )

    # The reveal: each student's page grades that student's last answer, as the API does.
    prune.page.get_by_role("button", name="Reveal the answer").click()
    expect(prune.page.locator("#qp-state")).to_contain_text("Answer revealed")
    tree = prune.page.request.get("/api/presets/textbook").json()
    options = prune.page.evaluate("window.prune.asking.state.question.options")
    for student, given in zip(students, (RIGHT, SECOND_CHANGED, THIRD), strict=True):
        student.page.wait_for_selector("#qs-results:not([hidden])")
        expected = api_result(prune.page, tree, options, given)
        shown = shown_result(student.page)
        assert same_grade(shown, expected), (shown, expected)
        state = student.page.locator("#qs-state").inner_text()
        assert state == f"The presenter revealed the answer. Your score: {expected['score']}."
        # Show me opens the visualizer at that step, in a new tab.
        link = student.page.locator("#qs-results a.show-me").first
        if link.count():
            assert link.get_attribute("target") == "_blank"
            assert "step=" in link.get_attribute("href") and "tree=" in link.get_attribute("href")
    assert shown_result(students[0].page)["score"] == "7 of 7"
    # The node badges: I and J crossed out right on the first student's tree.
    grades = students[0].page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#qs-tree .practice-badge')]
            .map((b) => [b.dataset.path, b.dataset.grade]))"""
    )
    assert grades["1.1"] == "correct" and grades["1.2"] == "correct"

    # Answering is closed: no Send, a locked form, the tree's marks stay, the server refuses.
    page = students[2].page
    expect(page.get_by_role("button", name="Send answer")).to_be_hidden()
    for field in ('li.sheet-row[data-path=""] .answer-value', "input[type=checkbox]"):
        expect(page.locator(f"#qs-rows {field}").first).to_be_disabled()
    expect(page.locator("#qs-best-move input").first).to_be_disabled()
    page.locator("#qs-tree g.node[data-path='0.1'] .shape").click()
    expect(page.locator("#qs-tree-status")).to_have_text(
        "The answer has been revealed: answering is closed."
    )
    assert page.locator("#qs-tree g.node[data-path='0.1'][data-practice]").count() == 0
    question = page.evaluate("window.prune.answering.state.question.id")
    ack = page.evaluate(
        """([code, question]) => new Promise((resolve) => window.prune.lecture.socket.emit(
            'lecture:answer', {room: code, question, answer: {pruned: ['1.1']}}, resolve))""",
        [code, question],
    )
    assert ack == {"ok": False, "error": "the answer has been revealed"}
    shot(students[0], "lecture-question-student-revealed-phone", full_page=True)
    assert_no_serious(students[0].page, "a student's graded question (390×844)")

    # The presenter's tallies now mark the answer: A = 3 by B; I and J pruned, D searched.
    verdicts = prune.page.evaluate(
        """() => [...document.querySelectorAll('#question-presenter li.tally')]
            .filter((li) => li.querySelector('.tally-verdict'))
            .map((li) => [li.parentElement.id, li.dataset.label,
                          li.querySelector('.tally-verdict').textContent])"""
    )
    assert sorted(verdicts) == sorted(
        [
            ["qp-values", "3", "✓ right answer"],
            ["qp-moves", "B", "✓ right answer"],
            ["qp-pruned", "I", "✓ pruned"],
            ["qp-pruned", "J", "✓ pruned"],
            ["qp-pruned", "D", "✗ searched"],
        ]
    )
    expect(prune.page.get_by_role("button", name="Reveal the answer")).to_be_hidden()
    shot(prune, "lecture-question-presenter-revealed")

    # Closing the question gives everyone the lecture back.
    prune.page.get_by_role("button", name="Close the question").click()
    for student in students:
        expect(student.page.locator("#question-student")).to_be_hidden()
        expect(student.page.locator("#tree")).to_be_visible()
        expect(student.page.locator(".lecture-status")).to_have_text(
            "The presenter closed the question."
        )
    expect(prune.page.locator("#question-presenter")).to_be_hidden()
    assert prune.page.locator("#tree g.node[data-heat], #tree .heat-badge").count() == 0
    ask_button = prune.page.get_by_role("button", name="Ask as a question")
    expect(ask_button).to_be_focused()
    # The lecture goes on: the students follow the presenter's steps again.
    for _ in range(4):
        prune.page.click("#btn-forward")
    for student in students:
        student.wait_counter("step 4 of 27")
    shot(students[1], "lecture-question-closed-student-phone")
