"""The drill's question levels (docs/practice.md, "Drills"): "pvs" (tap the children PVS
searches again) and "star1" (cross out the chance children Star1 prunes), on a phone
(390×844: the picture, or the outline when it cannot be drawn whole) and a projector
(1280×720). A tree answered right scores, one with a miss and a wrong tap does not, the
verdict names both, "Why?" holds the question grader's sentences, and the score and streak
run as for the other levels. Screenshots are written to test-results/screenshots/."""

from __future__ import annotations

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "projector": {"width": 1280, "height": 720}}
RIGHT_ANSWER = """async () => {
  const { questionAnswer } = await import('/static/js/practice/questions/index.js');
  return questionAnswer(window.prune.trace).tapped;
}"""
# Nodes the question is about that are not in the answer: PVS's inner nodes, Star1's chance
# children.
OTHERS = """(right) => {
  const t = window.prune.trace;
  const ids = [...Array(t.size).keys()].filter((id) => id > 0 && (t.options.algorithm === 'pvs'
    ? !t.nodes[id].terminal : t.nodes[t.parent[id]].kind === 'chance'));
  return ids.map((id) => t.keys[id]).filter((path) => !right.includes(path));
}"""


def tap(page, path):
    """A tap on the node: its row in the outline when the tree is outlined, else its shape."""
    outline = page.locator("#tree .tree-outline")
    if outline.is_visible():
        page.locator(f"#tree li.outline-node[data-path='{path}']").click()
    else:
        page.locator(f'#tree g.node[data-path="{path}"] .shape').click()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("level", ["pvs", "star1"])
def test_a_question_level_scored_like_the_others(prune, level, size):
    page = prune.page
    page.set_viewport_size(SIZES[size])
    page.goto(f"/practice/drill?level={level}&seed=7")
    prune.wait_state("done")
    algorithm = page.evaluate("window.prune.trace.options.algorithm")
    assert algorithm == {"pvs": "pvs", "star1": "star1"}[level]
    assert ("search again" if level == "pvs" else "Star1 prune") in page.locator("#rule-statement").inner_text()  # fmt: skip  # noqa: E501

    right = page.evaluate(RIGHT_ANSWER)
    assert right
    for path in right:
        tap(page, path)
    assert sorted(page.evaluate("window.prune.marked")) == sorted(right)
    page.locator("#drill-check").click()
    assert page.locator("[data-score]").inner_text() == "1/1"
    assert page.locator("#drill-status").inner_text().startswith("Right:")
    prune.screenshot(f"drill-{level}-{size}-right")

    page.locator("#drill-next").click()
    prune.wait_state("done")
    page.wait_for_function("() => window.prune.marked.length === 0 && !!window.prune.trace")
    right = page.evaluate(RIGHT_ANSWER)
    others = page.evaluate(OTHERS, right)
    for path in [*right[1:], others[0]]:
        tap(page, path)
    page.locator("#drill-check").click()
    assert page.locator("[data-score]").inner_text() == "1/2"
    status = page.locator("#drill-status").inner_text()
    assert "1 missed" in status and "1 not one of them" in status, status
    why = page.locator("#drill-why-list li")
    assert why.count() == len(right) + 1
    texts = why.all_text_contents()
    expected = "searched again" if level == "pvs" else "pruned"
    assert any(expected in text for text in texts), texts
    page.locator("#drill-why summary").click()
    prune.screenshot(f"drill-{level}-{size}-wrong")
    assert_no_serious(page, f"drill level {level} at {size}")
    prune.assert_clean()
