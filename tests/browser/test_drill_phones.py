"""Drills fit a phone (/practice/drill at 390×844 and 320×640): over 30 seeds of every level,
each tree is either drawn whole — every node inside the tree's box, its value at 12 px or more,
nothing (a level chip, the minimap, a button) over it — or shown as the outline, one row per
node and no sideways scroll; in the outline a tap on a row or X crosses out, and after Check
the marks are in view (the worst graded row in the outline's sight; on a picture, every
badge inside the box)."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = {"390x844": {"width": 390, "height": 844}, "320x640": {"width": 320, "height": 640}}
LEVELS = ["binary", "two-ply", "three-ply", "ties", "strict", "ghosts", "chance"]
SEEDS = 30

# How the tree shown is drawn, and what is wrong with it.
PROBE = """() => {
  const box = document.getElementById("tree").getBoundingClientRect();
  const outline = document.querySelector("#tree .tree-outline");
  if (outline && !outline.hidden) {
    return {mode: "outline", rows: outline.querySelectorAll("li.outline-node").length,
            sideways: outline.scrollWidth > outline.clientWidth + 1, size: window.prune.trace.size};
  }
  const problems = [];
  for (const g of document.querySelectorAll("#tree g.node[data-path]")) {
    const r = g.querySelector(".shape").getBoundingClientRect();
    const where = g.dataset.path || "root";
    const inside = r.left >= box.left - 1 && r.right <= box.right + 1
      && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    if (!inside) {
      problems.push(`${where} outside the box`);
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const over = hit && (hit.getAttribute("class") || hit.tagName);
    if (!hit || !g.contains(hit)) problems.push(`${where} under ${over}`);
    const val = g.querySelector(".val");
    if (val && val.textContent) {
      const scale = r.width / g.querySelector(".shape").getBBox().width;
      const px = parseFloat(getComputedStyle(val).fontSize) * scale;
      if (px < 11.9) problems.push(`${where} value at ${px.toFixed(1)} px`);
    }
  }
  return {mode: "tree", problems};
}"""


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_every_drill_tree_is_whole_or_outlined_on_a_phone(prune, base_url, size):
    page = prune.page
    page.set_viewport_size(SIZES[size])
    modes = {"tree": 0, "outline": 0}
    for level in LEVELS:
        page.goto(f"{base_url}/practice/drill?level={level}&seed=1")
        prune.wait_state("done")
        for k in range(SEEDS):
            if k:
                page.locator("#drill-next").click()
            seen = page.evaluate(PROBE)
            where = f"{level} seed {page.evaluate('window.prune.seed')}"
            modes[seen["mode"]] += 1
            if seen["mode"] == "tree":
                assert seen["problems"] == [], where
            else:
                assert seen["rows"] == seen["size"] and not seen["sideways"], where
    assert modes["tree"] > 0 and modes["outline"] > 0, modes


def test_crossing_out_in_the_outline_by_tap_and_key_and_the_marks_in_view(prune, base_url):
    page = prune.page
    page.set_viewport_size(SIZES["390x844"])
    page.goto(f"{base_url}/practice/drill?level=ties&seed=3")
    prune.wait_state("done")
    outline = page.locator("#tree .tree-outline")
    assert outline.is_visible()
    pruned = page.evaluate(
        """() => { const t = window.prune.trace;
        const cut = t.events.flatMap((e, k) => e.type === 'cutoff' ? t.prunedIds[k] : []);
        return cut.map((id) => t.keys[id]); }"""
    )
    assert len(pruned) >= 2
    first = outline.locator(f"li.outline-node[data-path='{pruned[0]}']")
    first.click()  # a tap on a phone
    assert first.get_attribute("data-practice") == "pruned"
    assert "crossed out" in first.inner_text()
    assert page.evaluate("window.prune.marked") == [pruned[0]]
    # The keyboard: X on the focused row (the outline's roving tab stop).
    second = outline.locator(f"li.outline-node[data-path='{pruned[1]}']")
    second.focus()
    page.keyboard.press("x")
    assert second.get_attribute("data-practice") == "pruned"
    page.keyboard.press("x")  # and back
    assert second.get_attribute("data-practice") is None
    # Check with one of them left: the worst graded row is scrolled into the outline's sight.
    outline.evaluate("el => { el.scrollTop = 0; }")
    page.locator("#drill-check").click()
    assert page.locator("[data-score]").inner_text() == "0/1"
    missing = outline.locator(f"li.outline-node[data-path='{pruned[1]}']")
    assert missing.get_attribute("data-grade") == "missing"
    assert "checked, missing" in missing.inner_text()
    row, box = missing.bounding_box(), outline.bounding_box()
    assert box["y"] <= row["y"] and row["y"] + row["height"] <= box["y"] + box["height"]
    assert first.get_attribute("data-grade") == "correct"


def test_a_whole_tree_on_a_phone_keeps_its_check_marks_in_the_box(prune, base_url):
    page = prune.page
    page.set_viewport_size(SIZES["390x844"])
    page.goto(f"{base_url}/practice/drill?level=two-ply&seed=4")
    prune.wait_state("done")
    assert page.locator("#tree .tree-outline").is_hidden()
    page.locator("#tree g.node:not([data-path='']) .shape").first.click()  # one mark, likely wrong
    page.locator("#drill-check").click()
    page.locator("#tree .practice-badge").first.wait_for()
    # All the badges and the box measured at once (a late redraw replaces the badges' elements).
    box, badges = page.evaluate(
        """() => {
          const rect = (el) => { const r = el.getBoundingClientRect();
            return {x: r.x, y: r.y, width: r.width, height: r.height}; };
          return [rect(document.getElementById('tree')),
                  [...document.querySelectorAll('#tree .practice-badge')].map(rect)];
        }"""
    )
    assert badges
    for b in badges:
        assert b["width"] > 0, b
        assert box["x"] <= b["x"] and b["x"] + b["width"] <= box["x"] + box["width"]
        assert box["y"] <= b["y"] and b["y"] + b["height"] <= box["y"] + box["height"]
