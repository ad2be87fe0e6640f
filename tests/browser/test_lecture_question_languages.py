"""A lecture question in several languages at once (issue 36): the presenter's question panel
(the answered line, the tallies, the state) in German, and each student's panel (the state,
the answer sheet's rows, the sent line, the grade at the reveal) in that student's own
language, with the same numbers and node names in each. Real server, real Chromium."""

from __future__ import annotations

import pytest
from lecture_question_panels import wait_question
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
# The textbook tree: alpha-beta prunes I and J (1.1, 1.2); A = 3 by its move to B.
RIGHT = {"pruned": ["1.1", "1.2"], "values": {"": 3, "0": 3, "1": 2, "2": 2}, "best_move": 0}


def join_in(student, code, lang):
    student.page.goto(f"/?lecture={code}&lang={lang}")
    student.page.wait_for_selector(".lecture-bar[data-mode=student]")
    student.wait_state("done")
    return student


def send_answer(student, given):
    page = student.page
    for path in given["pruned"]:
        page.check(f'#qs-rows input[type=checkbox][data-path="{path}"]')
    for path, value in given["values"].items():
        page.fill(f'#qs-rows li.sheet-row[data-path="{path}"] .answer-value', str(value))
    page.check(f'#qs-best-move input[value="{given["best_move"]}"]')
    page.click("#qs-send")


def tallies(page):
    return page.evaluate(
        """() => Object.fromEntries(['qp-values', 'qp-moves', 'qp-pruned'].map((id) => [id,
            [...document.querySelectorAll(`#${id} li`)].map((li) => li.textContent)]))"""
    )


def test_the_presenter_and_each_student_see_the_question_in_their_own_language(prune, new_student):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook&lang=de")
    page.click("button.lecture-start")
    page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    code = page.evaluate("window.prune.lecture.code")
    german = join_in(new_student(), code, "de")
    chinese = join_in(new_student(), code, "zh-Hans")
    expect(page.locator(".lecture-audience")).to_have_text("2 Studierende")
    page.click("#question-ask")
    page.wait_for_selector("#question-presenter:not([hidden])")
    expect(page.locator("#qp-answered")).to_have_text("0 von 2 Studierenden haben geantwortet")
    expect(page.locator("#qp-state")).to_have_text(
        "Die Studierenden antworten auf ihren Geräten und können ihre Antwort ändern, bis du "
        "die Lösung zeigst."
    )
    assert tallies(page)["qp-values"] == ["Noch kein Wert der Wurzel angegeben."]

    for student, state, root_kind in (
        (
            german,
            "Die vortragende Person hat eine Frage gestellt: Beantworte sie unten.",
            "MAX · Wurzel",
        ),  # noqa: E501
        (chinese, "主讲人提出了一道题：请在下方作答。", "MAX · 根节点"),
    ):
        wait_question(student)
        expect(student.page.locator("#qs-state")).to_have_text(state)
        kind = student.page.locator('#qs-rows li.sheet-row[data-path=""] .row-kind')
        assert kind.inner_text().endswith(root_kind)
    send_answer(german, RIGHT)
    expect(german.page.locator("#qs-sent")).to_have_text(
        "Antwort gesendet; du kannst sie ändern, bis die vortragende Person die Lösung zeigt."
    )
    expect(page.locator("#qp-answered")).to_have_text("1 von 2 Studierenden haben geantwortet")
    shown = tallies(page)
    assert shown["qp-values"] == ["Wert der Wurzel 3: 1 Antwort"], shown
    assert shown["qp-moves"] == ["Zug B: 1 Antwort"], shown
    assert sorted(shown["qp-pruned"]) == ["Knoten I: 1 Antwort", "Knoten J: 1 Antwort"], shown
    assert page.locator('#tree g.node[data-path="1.1"] > .item').get_attribute(
        "aria-description"
    ) == ("durchgestrichen in 1 von 1 Antwort")

    page.click("#qp-reveal")
    expect(page.locator("#qp-state")).to_have_text(
        "Lösung gezeigt: Alle Studierenden sehen ihre eigene Antwort bewertet."
    )
    expect(german.page.locator("#qs-state")).to_have_text(
        "Die vortragende Person hat die Lösung gezeigt. Deine Punkte: 7 von 7."
    )
    expect(chinese.page.locator("#qs-state")).to_have_text(
        "主讲人公布了答案。你没有作答；下面显示答案。"
    )
    assert "✓ richtige Antwort" in tallies(page)["qp-values"][0]
    prune.screenshot("lecture-question-presenter-de")
    german.screenshot("lecture-question-student-de-phone")
    prune.assert_clean()
