"""Practice mode (docs/practice.md), around the exercise: random practice trees are
reproducible by seed and shareable, rules, depth limits and chance nodes are stated and graded,
the embed grades offline and sends nothing once loaded, and axe finds nothing serious on either
page before and after a check."""

from __future__ import annotations

import pytest
from axe_checks import assert_no_serious
from practice_sheet import fill, open_practice

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}


def test_random_practice_is_reproducible_by_seed_and_shareable(prune):
    page = prune.page
    page.set_viewport_size(PHONE)
    open_practice(prune, "difficulty=medium&seed=7")
    first = page.evaluate("JSON.stringify(window.prune.trace.nodes)")
    assert page.evaluate("location.search") == "?difficulty=medium&seed=7"
    open_practice(prune, "difficulty=medium&seed=7")
    assert page.evaluate("JSON.stringify(window.prune.trace.nodes)") == first
    depth = page.evaluate("Math.max(...window.prune.trace.depth)")
    assert depth == 3
    prune.screenshot("practice-medium-390x844")

    page.click("#new-tree")
    page.wait_for_function("(q) => location.search === q", arg="?difficulty=medium&seed=8")
    prune.wait_state("done")
    assert page.evaluate("JSON.stringify(window.prune.trace.nodes)") != first
    page.click("#copy-link")
    link = page.locator("#copy-text").input_value()
    assert link.endswith("/practice?difficulty=medium&seed=8")
    page.click("#copy-embed")
    code = page.locator("#copy-text").input_value()
    assert '/embed/practice?difficulty=medium&amp;seed=8"' in code and code.startswith("<iframe")

    # Easy: depth 2, 3 children; hard: depth 4, and one seed in three has two MIN players.
    open_practice(prune, "difficulty=easy&seed=3")
    assert page.evaluate("window.prune.trace.size") == 13
    open_practice(prune, "difficulty=hard&seed=2&rule=strict")
    assert page.evaluate("window.prune.trace.options.players") == ["max", "min", "min"]
    statement = page.locator("#rule-statement").inner_text()
    assert "Strict rule (CS188): prune only when v > β or v < α" in statement
    assert "MAX, MIN, MIN" in statement
    assert page.evaluate("Math.max(...window.prune.trace.depth)") == 4
    assert page.evaluate("location.search") == "?difficulty=hard&seed=2&rule=strict"


def test_rules_depth_limits_and_chance_are_stated_and_graded(prune):
    page = prune.page
    open_practice(prune, "preset=chance")
    assert "Chance nodes never prune" in page.locator("#rule-statement").inner_text()
    assert page.locator('li.sheet-row[data-kind="chance"] .field-alpha').count() == 0
    page.click("#show-answer")
    page.click("#check")
    result = page.evaluate("window.prune.result")
    assert result["score"] == result["max_score"] > 0
    open_practice(prune, "preset=depth-limited")
    assert "Depth limit 2" in page.locator("#rule-statement").inner_text()
    assert page.locator("#tree g.node.at-limit").count() > 0
    # Nodes at the limit are given (leaves of the exercise): no row, no value to give.
    assert page.locator("li.sheet-row").count() == page.evaluate(
        "window.prune.trace.nodes.filter((n) => !n.terminal).length"
    )


def test_the_embed_grades_offline_and_sends_nothing_after_load(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    response = page.goto("/embed/practice?preset=textbook")
    prune.wait_state("done")
    assert response.headers.get("x-frame-options") is None
    assert "frame-ancestors 'none'" not in response.headers["content-security-policy"]
    assert page.locator(".app-header, #new-tree, #copy-link").count() == 0
    sent = []
    page.on("request", lambda request: sent.append(request.url))
    page.locator('#tree g.node[data-path="1.1"] .shape').click()
    page.locator('#tree g.node[data-path="0.1"] .shape').click()
    fill(page, {"values": {"": 3, "0": 5}, "best_move": 1})
    page.click("#check")
    assert page.locator("#mistakes li").count() > 0
    link = page.locator("#mistakes a.show-me").first
    assert link.get_attribute("target") == "_blank"
    page.click("#try-again")
    page.click("#show-answer")
    page.click("#check")
    assert page.locator("#score").inner_text() == "7 of 7"
    page.wait_for_timeout(300)
    assert sent == [], sent
    prune.screenshot("practice-embed-1280x720")


@pytest.mark.parametrize("viewport", [PROJECTOR, PHONE], ids=["1280x720", "390x844"])
@pytest.mark.parametrize("path", ["/practice", "/embed/practice"])
def test_axe_finds_nothing_serious_before_and_after_a_check(prune, path, viewport):
    page = prune.page
    page.set_viewport_size(viewport)
    open_practice(prune, "difficulty=easy&seed=5", path)
    size = f"{viewport['width']}x{viewport['height']}"
    assert_no_serious(page, f"{path} ({size})")
    page.locator("#tree g.node[data-path='1'] .shape").click()
    page.check("#show-windows")
    fill(page, {"values": {"": 7, "0": 3}, "windows": {"0": ["−∞", 3]}, "best_move": 1})
    page.click("#check")
    assert_no_serious(page, f"{path} after Check ({size})")
    name = path.strip("/").replace("/", "-")
    prune.screenshot(f"{name}-checked-{size}")
    page.locator("#results").scroll_into_view_if_needed()
    prune.screenshot(f"{name}-results-{size}")
