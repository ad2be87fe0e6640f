"""Driving a lecture question in a test (docs/practice.md, "Lecture questions"): the student's
side (answer on the tree or in the sheet, send, wait for the question, read the grade shown)
and the presenter's (ask, read and wait for the counts, the heat of the crossings), the grade
the API gives for the same answer, and screenshots. Used by test_lecture_questions_page.py and
test_lecture_question_rejoin_page.py."""

from __future__ import annotations

import time

from playwright.sync_api import expect
from prune_page import KEEP_SCREENSHOTS, SCREENSHOTS

SENT = "Answer sent; you can change it until the presenter reveals."


# ----- a student's form -----


def answer(student, given, on_tree=False):
    """Fill the question's form with `given` (crossings on the tree, or ticked in the sheet),
    send it, and wait for the server's ack."""
    page = student.page
    for path in given.get("pruned", []):
        if on_tree:
            page.locator(f'#qs-tree g.node[data-path="{path}"] .shape').click()
        else:
            page.check(f'#qs-rows input[type=checkbox][data-path="{path}"]')
    for path, value in given.get("values", {}).items():
        page.fill(f'#qs-rows li.sheet-row[data-path="{path}"] .answer-value', str(value))
    if given.get("best_move") is not None:
        page.check(f'#qs-best-move input[value="{given["best_move"]}"]')
    send(student)


def send(student):
    page = student.page
    page.evaluate("document.getElementById('qs-sent').textContent = ''")
    page.get_by_role("button", name="Send answer").click()
    expect(page.locator("#qs-sent")).to_have_text(SENT)


def wait_question(student):
    """The student's panel is open with the question's tree and form."""
    student.page.wait_for_selector("#question-student:not([hidden]) #qs-body:not([hidden])")
    student.page.wait_for_selector("#qs-tree g.node[data-path='2.2']")
    return student


def shown_result(page):
    """The grade the student's page shows: score and items (kind, path, explanation)."""
    return page.evaluate(
        """() => ({
            score: document.getElementById('qs-score').textContent,
            items: [...document.querySelectorAll('#qs-results li.result')].map((li) => [
                li.dataset.kind, li.dataset.path, li.querySelector('.result-text').textContent]),
        })"""
    )


def api_result(page, tree, options, given):
    response = page.request.post(
        "/api/practice/grade", data={"tree": tree, "options": options, "answer": given}
    )
    assert response.ok, response.text()
    graded = response.json()
    return {
        "score": f"{graded['score']} of {graded['max_score']}",
        "items": [
            [item["kind"], ".".join(map(str, item["path"])), item["explanation"]]
            for item in graded["items"]
        ],
    }


def same_grade(shown, expected):
    """The page lists mistakes first, the API by step: the same items in another order."""
    return shown["score"] == expected["score"] and sorted(shown["items"]) == sorted(
        expected["items"]
    )


# ----- the presenter's panel -----


def presenter_counts(page):
    """What the presenter's page shows: the answered line, the heat on the tree's nodes (and
    its badges), and the tallies (values by number, moves by node name, crossings by name)."""
    return page.evaluate(
        """() => {
            const tally = (id) => Object.fromEntries([...document.querySelectorAll(
                `#${id} li.tally`)].map((li) => [li.dataset.label, Number(li.dataset.count)]));
            return {
                answered: document.getElementById('qp-answered').textContent,
                heat: Object.fromEntries([...document.querySelectorAll('#tree g.node[data-heat]')]
                    .map((g) => [g.dataset.path, Number(g.dataset.heat)])),
                badges: Object.fromEntries([...document.querySelectorAll('#tree .heat-badge')]
                    .map((b) => [b.dataset.path, b.textContent])),
                values: tally('qp-values'),
                moves: tally('qp-moves'),
                pruned: tally('qp-pruned'),
            };
        }"""
    )


def wait_counts(page, want, timeout=8.0):
    deadline = time.monotonic() + timeout
    while True:
        got = presenter_counts(page)
        if all(got[key] == value for key, value in want.items()):
            return got
        if time.monotonic() > deadline:
            assert {key: got[key] for key in want} == want
        time.sleep(0.05)


def heat_of(*answers):
    heat = {}
    for given in answers:
        for path in given["pruned"]:
            heat[path] = heat.get(path, 0) + 1
    return heat


def shot(student_or_presenter, name, full_page=False):
    if not KEEP_SCREENSHOTS:  # PRUNE_SCREENSHOTS=1 keeps them (prune_page.py)
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    student_or_presenter.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


def ask(prune):
    prune.page.get_by_role("button", name="Ask as a question").click()
    prune.page.wait_for_selector("#question-presenter:not([hidden])")
    expect(prune.page.locator("#qp-heading")).to_be_focused()
