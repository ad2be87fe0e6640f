"""A big tree's outline on a phone folds (tree/outline-fold.js; README.md, "Phones"): a
2,047-node tree lists a few hundred rows, never all of them; collapsed rows say how many nodes
they hold and are aria-expanded false; a tap or → opens one and ← folds it again; the
current node's row is always listed and followed while the player steps; axe finds nothing
serious in the folded outline."""

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}

ROWS = "() => document.querySelectorAll('#tree li.outline-node').length"
CURRENT = """() => {
  const p = window.prune;
  const s = p.trace.seek(p.step);
  const path = p.trace.keys[s.current];
  const row = document.querySelector(`#tree li.outline-node[data-path="${path}"]`);
  if (!row) return null;
  const box = row.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return {inSight: box.top >= 0 && box.bottom <= innerHeight, ownHit: !!hit && row.contains(hit)};
}"""


def collapsed_row(page):
    return page.locator('#tree li.outline-node[aria-expanded="false"]').first


def test_a_big_trees_outline_folds_and_opens_by_tap_and_key(prune):
    page = prune.page
    page.set_viewport_size(PHONE)
    prune.open("preset=random-binary-10&step=300")
    assert page.evaluate("window.prune.trace.size") == 2047
    assert page.locator("#tree").evaluate("(t) => t.classList.contains('outline-mode')")
    rows = page.evaluate(ROWS)
    assert 0 < rows < 600, rows
    folded = collapsed_row(page)
    path = folded.get_attribute("data-path")
    count = int(folded.locator(".outline-folded").inner_text().split()[0].lstrip("+"))
    assert count > 0
    assert page.evaluate(CURRENT) == {"inSight": True, "ownHit": True}

    # A tap opens it: its children are listed under it, and it says so.
    folded.click()
    row = page.locator(f'#tree li.outline-node[data-path="{path}"]')
    assert row.get_attribute("aria-expanded") == "true"
    assert row.locator(".outline-folded").inner_text() == ""
    assert page.locator(f'#tree li.outline-node[data-path="{path}.0"]').count() == 1
    assert page.evaluate(ROWS) > rows
    # ← folds it again (it is not on the path to the current node), → opens it.
    assert page.evaluate("document.activeElement.dataset.path") == path
    page.keyboard.press("ArrowLeft")
    assert row.get_attribute("aria-expanded") == "false"
    assert page.locator(f'#tree li.outline-node[data-path="{path}.0"]').count() == 0
    page.keyboard.press("ArrowRight")
    assert row.get_attribute("aria-expanded") == "true"
    page.keyboard.press("ArrowRight")  # now on its first child
    assert page.evaluate("document.activeElement.dataset.path") == f"{path}.0"

    # Stepping on: the current node's row is listed, in sight and uncovered at every step.
    for _ in range(40):
        page.click("#btn-forward")
        assert page.evaluate(CURRENT) == {"inSight": True, "ownHit": True}
    assert page.evaluate(ROWS) < 600
    prune.screenshot("outline-folded-390x844")
    assert_no_serious(page, "a folded outline (390×844)")
