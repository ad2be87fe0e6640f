"""Driving the practice page in a test (/practice and /embed/practice): open it, reach a
node's value, window and "pruned" inputs in the answer sheet, fill in an answer's values,
windows and best move, and grade an answer with POST /api/practice/grade. Used by the
practice tests (tests/browser/test_practice*.py)."""

from __future__ import annotations


def open_practice(prune, query, path="/practice"):
    prune.page.goto(f"{path}?{query}")
    prune.wait_state("done")
    return prune.page


def value_input(page, path):
    return page.locator(f'li.sheet-row[data-path="{path}"] .answer-value')


def window_inputs(page, path):
    row = page.locator(f'li.sheet-row[data-path="{path}"]')
    return row.locator(".answer-alpha"), row.locator(".answer-beta")


def prune_box(page, path):
    return page.locator(f'#sheet-rows input[type=checkbox][data-path="{path}"]')


def fill(page, answer):
    """Type an answer's values and pick its move in the form (marks are made on the tree)."""
    for path, value in answer.get("values", {}).items():
        value_input(page, path).fill(str(value))
    if answer.get("windows"):
        page.check("#show-windows")
        for path, (alpha, beta) in answer["windows"].items():
            a, b = window_inputs(page, path)
            a.fill(str(alpha))
            b.fill(str(beta))
    if answer.get("best_move") is not None:
        page.check(f'input[name=best-move][value="{answer["best_move"]}"]')


def api_grade(page, tree, options, answer):
    response = page.request.post(
        "/api/practice/grade", data={"tree": tree, "options": options, "answer": answer}
    )
    assert response.ok, response.text()
    return response.json()
