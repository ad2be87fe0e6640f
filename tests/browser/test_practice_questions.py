"""Practice's questions of PVS, MTD(f) and Star1 (docs/practice.md, "Questions beyond
alpha-beta") in Chromium, on a phone (390×844) and a projector (1280×720): the address
/practice?question=…&seed=N opens the question's tree; ticks on the tree and in the form are
one answer; a right answer scores full marks and a wrong one is explained by node names,
exactly as POST /api/practice/grade grades it; the tree's values stay readable and
uncovered; axe finds nothing serious on the checked question. Screenshots are written to
test-results/screenshots/."""

from __future__ import annotations

import pytest
from axe_checks import assert_no_serious
from practice_sheet import api_grade, open_practice
from scene_checks import covered_or_small_values

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "projector": {"width": 1280, "height": 720}}
SEED = 3


def exercise(page):
    """The tree document and options the page searched (the question's, from the API)."""
    return page.evaluate(
        "() => ({tree: JSON.parse(window.prune.exercise.question.source.text),"
        " options: window.prune.exercise.question.options})"
    )


def shown(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('#results li.result')].map((li) => ({
            kind: li.dataset.kind, path: li.dataset.path,
            text: li.querySelector('.result-text').textContent}))"""
    )


def as_shown(graded):
    return [
        {"kind": i["kind"], "path": ".".join(map(str, i["path"])), "text": i["explanation"]}
        for i in graded["items"]
    ]


def check(page):
    page.click("#question-check")
    page.wait_for_function("() => !document.getElementById('results').hidden")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", ["research", "chance_prune"])
def test_a_tap_question_answered_right_then_wrong(prune, kind, size):
    page = prune.page
    page.set_viewport_size(SIZES[size])
    open_practice(prune, f"question={kind}&seed={SEED}")
    assert page.locator("#answer-form").is_hidden()
    assert page.locator("#question-form").is_visible()
    assert not covered_or_small_values(page, "#tree")
    run = exercise(page)
    right = api_grade(page, run["tree"], run["options"], {})
    truth = [".".join(map(str, item["path"])) for item in right["items"]]
    assert truth and all(item["kind"] == "missed_tap" for item in right["items"])

    # Right: the first by a click on the tree (a projector) or its box (a phone).
    first = truth[0]
    if size == "projector":
        page.locator(f'#tree g.node[data-path="{first}"] .shape').click()
    else:
        page.locator(f'#question-tap-list input[data-path="{first}"]').check()
    assert page.locator(f'#question-tap-list input[data-path="{first}"]').is_checked()
    for path in truth[1:]:
        page.locator(f'#question-tap-list input[data-path="{path}"]').check()
    check(page)
    assert page.locator("#score").inner_text() == f"{len(truth)} of {len(truth)}"
    assert page.locator("#results-summary").inner_text() == "Everything is right."
    prune.screenshot(f"question-{kind}-{size}-right")

    # Wrong: one missed, one not of them; explained as the server explains it.
    page.locator(f'#question-tap-list input[data-path="{first}"]').uncheck()
    boxes = page.locator("#question-tap-list input[type=checkbox]")
    others = [p for p in boxes.evaluate_all("(els) => els.map((e) => e.dataset.path)") if p not in truth]  # fmt: skip  # noqa: E501
    page.locator(f'#question-tap-list input[data-path="{others[0]}"]').check()
    assert page.locator("#results-stale").is_visible()
    check(page)
    tapped = [*truth[1:], others[0]]
    graded = api_grade(page, run["tree"], run["options"], {"tapped": tapped})
    assert sorted(shown(page), key=str) == sorted(as_shown(graded), key=str)
    kinds = {item["kind"] for item in shown(page)}
    assert {"missed_tap", "over_tap"} <= kinds
    row = page.locator(f'#question-tap-list li[data-path="{others[0]}"]')
    assert row.get_attribute("data-grade") == "over"
    assert "not one of them" in row.inner_text()
    assert prune.node(first).get_attribute("data-grade") == "missing"
    prune.screenshot(f"question-{kind}-{size}-wrong")
    assert_no_serious(page, f"practice question {kind} at {size}")
    page.click("#try-again")
    assert not page.locator(f'#question-tap-list input[data-path="{others[0]}"]').is_checked()
    prune.assert_clean()


@pytest.mark.parametrize("size", SIZES)
def test_the_bounds_question_answered_right_then_wrong(prune, size):
    page = prune.page
    page.set_viewport_size(SIZES[size])
    open_practice(prune, f"question=bounds&seed={SEED}")
    run = exercise(page)
    passes = page.locator("#question-passes li")
    assert passes.count() >= 2
    page.click("#question-show-answer")
    check(page)
    assert page.locator("#score").inner_text() == f"{passes.count()} of {passes.count()}"
    prune.screenshot(f"question-bounds-{size}-right")

    page.fill("#pass-0-upper", "−∞")
    page.fill("#pass-1-lower", "")
    check(page)
    answer = page.evaluate(
        """() => ({bounds: window.prune.questions.read().answer.bounds.map((pair) => pair &&
            pair.map((x) => (Number.isFinite(x) ? x : String(x))))})"""
    )
    graded = api_grade(page, run["tree"], run["options"], answer)
    assert sorted(shown(page), key=str) == sorted(as_shown(graded), key=str)
    first = page.locator('#question-passes li[data-pass="1"]')
    assert first.get_attribute("data-grade") == "wrong"
    assert "not [" in page.locator('#results li[data-kind="wrong_bounds"]').first.inner_text()
    assert page.locator('#question-passes li[data-pass="2"]').get_attribute("data-grade") == "missing"  # fmt: skip  # noqa: E501
    prune.screenshot(f"question-bounds-{size}-wrong")
    assert_no_serious(page, f"practice question bounds at {size}")

    page.fill("#pass-0-lower", "three")
    page.click("#question-check")
    assert "Pass 1: “three” is not a number" in page.locator("#question-errors").inner_text()
    prune.assert_clean()


def test_a_preset_searched_by_pvs_is_asked_its_question(prune):
    """A link with algorithm=pvs (any tree the visualizer can show) asks PVS's question."""
    page = prune.page
    open_practice(prune, "preset=textbook&algorithm=pvs")
    assert page.locator("#question-form").is_visible()
    assert "PVS" in page.locator("#rule-statement").inner_text()
    assert "search again" in page.locator("#question-text").inner_text()
    prune.assert_clean()


FOCUSED = "() => document.activeElement && document.activeElement.closest('g.node')?.dataset.path"


def test_the_keyboard_ticks_a_node_with_x_and_checks_with_the_form(prune):
    page = prune.page
    page.set_viewport_size(SIZES["projector"])
    open_practice(prune, f"question=research&seed={SEED}")
    run = exercise(page)
    [first, *_] = [".".join(map(str, i["path"])) for i in api_grade(page, run["tree"], run["options"], {})["items"]]  # fmt: skip  # noqa: E501
    for _ in range(30):  # Tab from the top of the page into the tree
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED) is not None:
            break
    page.keyboard.press("Home")
    for index in map(int, first.split(".")):
        page.keyboard.press("ArrowDown")
        for _ in range(index):
            page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == first
    page.keyboard.press("x")
    assert page.locator(f'#question-tap-list input[data-path="{first}"]').is_checked()
    assert prune.node(first).get_attribute("data-practice") == "tapped"
    assert "ticked" in page.locator("#practice-status").inner_text()
    page.locator("#question-check").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.getElementById('results').hidden")
    assert (
        page.locator(f'#results li[data-path="{first}"]').get_attribute("data-kind")
        == "correct_tap"
    )
    prune.assert_clean()
