"""No answer before its step (README.md, "Presentation mode"), and a game decision presented
and opened in the visualizer (item 5), in headless Chromium.

"Show the search" opens at step 0, and at step 0 nothing on screen beside the tree's own
drawing (leaf values are drawn from the start, as always) states the root value or which
moves are pruned: the statistics' value and best move read "—", pruned stubs carry no "+N"
and no "never generated" yet. The main page's preset description gives nothing away either:
its answer is shown at the last step. A decision presents with P, and "Open in the
visualizer" opens the same tree on the main page at the step shown.
"""

from __future__ import annotations

import re

import pytest
from test_tictactoe_page import open_game, play

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}

# The visible text of the decision view outside the tree's drawing.
TEXT_BESIDE_THE_TREE = """() => {
  const section = document.getElementById('decision');
  return [...section.children].filter((el) => el.id !== 'tree')
    .map((el) => el.innerText).join('\\n');
}"""


def numbers(text: str) -> set[str]:
    """The standalone numbers in `text` ("59.9%" is 59.9, never 9)."""
    text = text.replace(",", "").replace("\u2212", "-")
    return set(re.findall(r"(?<![\d.])-?\d+(?:\.\d+)?(?![\d.])", text))


def open_small_decision(prune):
    """Play X in 1 and 7 (the computer takes 0 between): the search behind the computer's
    second reply has a small tree (899 positions) and a value of its own (−5, a loss for X
    the computer sees coming; 0, a draw, would also be a count)."""
    page = open_game(prune)
    play(page, 1)
    assert page.locator('[data-cell="7"]').inner_text().strip() == ""
    play(page, 7)
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    return page


def test_the_search_opens_at_step_0_without_its_answer(prune):
    page = open_small_decision(prune)
    length = page.evaluate("window.prune.trace.length")
    assert page.inner_text("#counter") == f"step 0 of {length}"
    summary = page.evaluate("window.prune.trace.summary")
    value = f"{summary['value']:g}"
    beside = page.evaluate(TEXT_BESIDE_THE_TREE)
    assert page.locator('#decision [data-stat="value"]').inner_text() == "—"
    assert page.locator('#decision [data-stat="best_action"]').inner_text() == "—"
    assert page.get_attribute('#decision [data-stat="value"]', "data-value") is None
    # Pruned stubs say nothing yet: no "+N" drawn, no "never generated" in their names.
    stubs = page.evaluate(
        """() => window.prune.trace.nodes.map((row, id) => [row, id])
             .filter(([row]) => Number.isFinite(row.unexpanded))
             .map(([, id]) => window.prune.trace.keys[id])"""
    )
    assert stubs, "the decision has no pruned stubs to check"
    for path in stubs:
        node = page.locator(f'#tree g.node[data-path="{path}"]')
        if node.count():
            assert not node.locator(".stub-caption").is_visible(), path
            label = node.locator("[role=treeitem]").get_attribute("aria-label")
            assert "never generated" not in label, label
            assert node.get_attribute("data-state") != "pruned"
    prune.screenshot("decision-step-0-1280x720")

    # The root value is nowhere beside the tree, unless as one of the counts (where the value
    # is not distinctive, the check proves nothing: the board chosen makes it so).
    counts = numbers(page.inner_text("#decision .search-stats"))
    counts |= numbers(page.inner_text("#decision .search-progress"))
    counts |= numbers(page.inner_text("#counter"))
    assert value not in counts, f"value {value} is not distinctive on this board"
    assert value not in numbers(beside), (value, beside)

    # At the end the answer is there.
    page.click("#btn-last")
    assert page.inner_text("#counter") == f"step {length} of {length}"
    assert numbers(page.locator('#decision [data-stat="value"]').inner_text()) == {value}
    assert value in numbers(page.evaluate(TEXT_BESIDE_THE_TREE))
    pruned_stubs = [
        path
        for path in stubs
        if page.locator(f'#tree g.node[data-path="{path}"][data-state="pruned"]').count()
    ]
    assert page.locator("#tree .stub-caption:visible").count() == len(pruned_stubs)


def test_p_presents_the_decision_and_the_clicker_keys_work(prune):
    page = open_small_decision(prune)
    assert page.locator('#decision [data-action="present"]').is_visible()
    page.keyboard.press("p")
    page.wait_for_selector("body[data-present=on]")
    assert page.evaluate("document.getElementById('decision').classList.contains('presenting')")
    # The search takes the screen: the side panel is hidden, the tree is most of it.
    assert not page.locator(".decision-side").is_visible()
    tree = page.locator("#tree").bounding_box()
    assert tree["width"] >= PROJECTOR["width"] - 2 and tree["height"] >= 0.5 * PROJECTOR["height"]
    assert page.locator("#decision").bounding_box()["y"] == 0
    assert page.evaluate("window.prune.view.minScale") == 2  # values at least 24 px
    # A clicker after the slider was touched.
    page.click("#scrub")
    page.evaluate("window.prune.seek(3)")
    page.keyboard.press("PageDown")
    page.wait_for_function("() => window.prune.step === 4")
    page.keyboard.press("PageUp")
    page.wait_for_function("() => window.prune.step === 3")
    page.keyboard.press("b")
    assert page.evaluate("document.body.dataset.blank") == "on"
    page.keyboard.press("b")
    prune.screenshot("decision-presenting-1280x720")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.body.dataset.present === undefined")
    assert page.locator(".decision-side").is_visible()
    # Closed, there is nothing to present: P does nothing.
    page.click('[data-action="close-search"]')
    page.keyboard.press("p")
    page.wait_for_timeout(100)
    assert page.evaluate("document.body.dataset.present") is None


def test_open_in_the_visualizer_opens_the_same_tree_at_the_same_step(prune, wrap_page):
    page = open_small_decision(prune)
    link = page.locator("[data-visualizer-link]")
    link.wait_for(state="visible")
    page.evaluate("window.prune.seek(7)")
    page.wait_for_function("() => window.prune.step === 7")
    decision = page.evaluate(
        """() => { const t = window.prune.trace; const s = t.seek(7);
                   return {length: t.length, current: t.keys[s.current],
                           paths: [...document.querySelectorAll('#tree g.node')]
                             .map((g) => g.dataset.path), value: t.summary.value}; }"""
    )
    with page.context.expect_page() as opened:
        link.click()
    main = wrap_page(opened.value)
    main.page.set_viewport_size(PROJECTOR)
    main.wait_state("done")
    assert main.counter() == f"step 7 of {decision['length']}"
    visual = main.page.evaluate(
        """() => { const t = window.prune.trace; const s = t.seek(window.prune.step);
                   return {current: t.keys[s.current], value: t.summary.value}; }"""
    )
    assert visual["current"] == decision["current"]
    assert visual["value"] == decision["value"]
    # Every node the decision drew is in the visualizer's tree, at the same path.
    known = set(main.page.evaluate("() => [...window.prune.trace.keys]"))
    assert set(decision["paths"]) <= known
    main.screenshot("decision-in-the-visualizer-1280x720")
    main.assert_clean()


def test_the_main_page_says_no_answer_at_step_0(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    assert prune.step() == 0
    text = page.evaluate("document.body.innerText").lower()
    assert "answer 3" not in text and "never looked at" not in text
    assert "4 and 6" not in text
    # The preset list's descriptions (also what a lecture's student page holds) neither.
    descriptions = page.eval_on_selector_all(
        "#preset option", "(os) => os.map((o) => o.dataset.description)"
    )
    assert all("answer" not in d.lower() and "never looked at" not in d for d in descriptions)
    page.evaluate("window.prune.seek(window.prune.trace.length)")
    page.wait_for_function(
        "() => document.getElementById('doc-title').textContent.includes('Answer 3')"
    )
