"""Changing the rule, the ordering or the algorithm searches the tree again and keeps the
reader at the node they were looking at (its first step in the new search, or the cutoff
that prunes it there), instead of going back to step 0."""

from urllib.parse import quote

import pytest
from prune_page import PrunePage

pytestmark = pytest.mark.browser

CURRENT = """() => {
  const t = window.prune.trace, k = window.prune.step;
  return k ? t.keys[t.nodeOf[k - 1]] : null;
}"""

FIRST_REACHED = """(path) => {
  const t = window.prune.trace, id = t.ids.get(path);
  for (let i = 0; i < t.length; i++) {
    const type = t.events[i].type;
    if (t.nodeOf[i] === id && (type === "enter" || type === "leaf")) return i + 1;
  }
  return -1;
}"""


def change_option(prune, select: str, value: str):
    prune.page.evaluate("document.body.dataset.runState = 'changing'")
    prune.page.select_option(select, value)
    prune.wait_state("done")


def go_to_first_reach(prune, path: str) -> int:
    step = prune.page.evaluate(FIRST_REACHED, path)
    assert step > 0
    prune.page.evaluate("(k) => window.prune.player.show(k)", step)
    assert prune.page.evaluate(CURRENT) == path
    return step


CHANGES = [("#opt-rule", "strict"), ("#opt-ordering", "perfect")]


@pytest.mark.parametrize(("select", "value"), CHANGES)
def test_a_new_rule_or_ordering_keeps_the_node_in_view(page, select, value):
    prune = PrunePage(page).open("preset=textbook")
    before = go_to_first_reach(prune, "0.1")  # the leaf 12, which every search here visits
    change_option(prune, select, value)
    assert prune.page.evaluate(CURRENT) == "0.1"
    assert prune.step() == prune.page.evaluate(FIRST_REACHED, "0.1")
    if value == "perfect":  # the ordering moved the node: another step, the same node
        assert prune.step() != before
    assert page.locator('g.node[data-path="0.1"]').count() == 1
    assert not prune.errors


def test_a_node_the_new_rule_prunes_shows_the_cutoff_that_prunes_it(page):
    tie = quote("[[10],[10,0]]")
    prune = PrunePage(page).open(f"tree={tie}&rule=strict")
    go_to_first_reach(prune, "1.1")  # the strict rule evaluates the 0
    change_option(prune, "#opt-rule", "standard")
    step = prune.step()
    cutoff = prune.page.evaluate("(k) => window.prune.trace.events[k - 1]", step)
    assert cutoff["type"] == "cutoff"
    assert prune.page.evaluate(CURRENT) == "1"
    pruned = page.locator('g.node[data-path="1.1"]')
    assert pruned.get_attribute("data-state") == "pruned"


def test_at_the_end_a_new_rule_stays_at_the_end(page):
    prune = PrunePage(page).open("preset=textbook&step=end")
    change_option(prune, "#opt-rule", "strict")
    assert prune.step() == prune.length()
