"""Phones scroll down, never sideways (README.md, "Phones").

On a 390×844 and a 320×640 phone every node of the textbook tree, of a 22-node exam tree
(12 leaves) and of a 40-node tree (b=3, d=3) is shown, either as a node of the picture or as a
row of the outline (tree/outline-view.js), with its value inside the window's width, so
scrolling down reaches it; no page is wider than a 320 px window (WCAG 1.4.10) and every
control on it is within its width; the outline follows the steps as the tree does."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 320, "height": 640}
PROJECTOR = {"width": 1280, "height": 720}

# MAX, MIN, MAX, leaves: 1 + 3 + 6 + 12 = 22 nodes.
EXAM_22 = {
    "name": "Exam tree: 22 nodes",
    "players": ["max", "min"],
    "tree": [[[3, 12], [8, 2]], [[4, 6], [14, 5]], [[2, 9], [1, 7]]],
}
# b = 3, d = 3: 1 + 3 + 9 + 27 = 40 nodes.
UNIFORM_40 = {
    "name": "Uniform tree: b=3, d=3",
    "players": ["max", "min"],
    "tree": [
        [[(i * 7 + j * 5 + k * 3) % 19 - 4 for k in range(3)] for j in range(3)] for i in range(3)
    ],
}
TREES = {
    "textbook-13": ("preset=textbook", 13),
    "exam-22": ("tree=" + quote(json.dumps(EXAM_22)), 22),
    "uniform-40": ("tree=" + quote(json.dumps(UNIFORM_40)), 40),
}

# For every node of the trace: where the page shows it (an outline row or a drawn node), and
# its value's box and font size once the row or node is scrolled into sight vertically.
SHOWN = """
() => {
  const t = window.prune.trace;
  const container = document.getElementById('tree');
  const outline = container.classList.contains('outline-mode');
  const out = [];
  for (let id = 0; id < t.size; id++) {
    const path = t.keys[id];
    const sel = outline ? `li.outline-node[data-path="${path}"]` : `g.node[data-path="${path}"]`;
    const el = container.querySelector(sel);
    if (!el) { out.push({path, shown: false}); continue; }
    const value = outline ? el.querySelector('.outline-value') : el.querySelector('.val');
    const text = value ? value.textContent : '';
    let box = null, fontPx = 0, onTop = false;
    if (text) {
      value.scrollIntoView({block: 'center', inline: 'nearest'});
      const r = value.getBoundingClientRect();
      box = {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
      const scale = outline ? 1 : window.prune.view.transform.k;
      fontPx = parseFloat(getComputedStyle(value).fontSize) * scale;
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      onTop = !!hit && (hit === value || value.contains(hit) || el.contains(hit));
    }
    out.push({path, shown: true, text, box, fontPx, onTop,
              folded: !outline && el.classList.contains('collapsed')});
  }
  return {outline, nodes: out, scrollX: window.scrollX,
          pageWidth: document.documentElement.scrollWidth,
          outlineOverflow: outline
            ? container.querySelector('.tree-outline').scrollWidth
              - container.querySelector('.tree-outline').clientWidth
            : 0};
}
"""


def open_tree(prune, query, viewport, step=0):
    prune.page.set_viewport_size(viewport)
    prune.page.emulate_media(reduced_motion="reduce")
    prune.open(f"{query}&step={step}")


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390x844", "320x640"])
@pytest.mark.parametrize("tree", list(TREES))
def test_every_node_and_value_is_reached_by_scrolling_down(prune, tree, viewport):
    query, size = TREES[tree]
    open_tree(prune, query, viewport, step=10)
    assert prune.page.evaluate("window.prune.trace.size") == size
    seen = prune.page.evaluate(SHOWN)
    width = viewport["width"]
    assert len(seen["nodes"]) == size
    for node in seen["nodes"]:
        layout = "outline" if seen["outline"] else "tree"
        assert node["shown"], f"node {node['path']!r} is not shown ({layout})"
        assert not node["folded"], f"node {node['path']!r} is folded"
        if node["text"]:
            box = node["box"]
            assert box["left"] >= 0 and box["right"] <= width, (tree, node)
            assert node["fontPx"] >= 12, (tree, node)
            assert node["onTop"], f"{tree}: the value of {node['path']!r} is covered"
    assert seen["scrollX"] == 0 and seen["pageWidth"] <= width
    assert seen["outlineOverflow"] <= 0
    prune.screenshot(f"narrow-{tree}-{width}x{viewport['height']}")


def test_the_rule_outlines_only_what_cannot_fit(prune):
    """40 nodes (27 leaves) on a phone: the outline; the same tree on a projector, or a
    small tree on a phone: the picture."""
    open_tree(prune, TREES["uniform-40"][0], PHONE)
    page = prune.page
    assert page.locator("#tree .tree-outline").is_visible()
    assert page.locator("#tree .tree-svg").is_hidden()
    assert page.locator("#tree li.outline-node[data-path][data-state]").count() == 40
    assert page.get_attribute('[data-layout="outline"]', "aria-pressed") == "true"
    page.set_viewport_size(PROJECTOR)
    page.wait_for_selector("#tree .tree-outline", state="hidden")
    assert page.locator("#tree .tree-svg").is_visible()
    assert page.get_attribute('[data-layout="tree"]', "aria-pressed") == "true"
    open_tree(prune, "tree=" + quote(json.dumps([[1, 2], [3, 4]])), PHONE)
    assert page.locator("#tree .tree-outline").is_hidden()
    assert page.locator("#tree .tree-svg").is_visible()
    assert page.locator("#tree g.node").count() == 7


def row(page, path):
    return page.locator(f'#tree li.outline-node[data-path="{path}"]')


def test_the_outline_follows_the_steps_and_the_cutoffs(prune):
    page = prune.page
    open_tree(prune, TREES["exam-22"][0], SMALL_PHONE)
    assert page.locator("#tree .tree-outline").is_visible()
    # Step 0: nothing reached; the leaves show the document's values.
    assert row(page, "").get_attribute("data-state") == "unvisited"
    assert "not yet reached" in row(page, "").inner_text()
    assert row(page, "0.0.0").locator(".outline-value").inner_text() == "3"
    # The first cutoff: the subtree it prunes is struck out at that step, not before.
    page.click("#btn-next-cut")
    k = prune.step()
    cut = page.evaluate(
        """(k) => { const t = window.prune.trace; const node = t.nodeOf[k - 1];
             return {node: t.keys[node], pruned: t.prunedIds[k - 1].map((id) => t.keys[id])}; }""",
        k,
    )
    assert cut["pruned"], "the exam tree's first cutoff prunes a child"
    cutter_name = row(page, cut["node"]).locator(".outline-name").inner_text()
    for path in cut["pruned"]:
        assert row(page, path).get_attribute("data-state") == "pruned"
        note = row(page, path).locator(".outline-note").inner_text()
        assert re.fullmatch(rf"[αβ]-cutoff at {cutter_name}", note), note
        decoration = (
            row(page, path)
            .locator(".outline-name")
            .evaluate("(el) => getComputedStyle(el).textDecorationLine")
        )
        assert decoration == "line-through"
    cutter_note = row(page, cut["node"]).locator(".outline-note").inner_text()
    assert re.match(r"[αβ]-cutoff: v=", cutter_note), cutter_note
    page.click("#btn-back")
    assert prune.step() == k - 1
    for path in cut["pruned"]:
        assert row(page, path).get_attribute("data-state") == "unvisited"
    # The current node's row is marked and in sight inside the outline.
    for _ in range(6):
        page.click("#btn-forward")
    current = page.evaluate("window.prune.trace.keys[window.prune.trace.current.current]")
    assert "current" in row(page, current).get_attribute("class")
    assert page.locator("#tree li.outline-node.current").count() == 1
    page.wait_for_function(  # scrolled there at the next frame
        """(path) => {
          const row = document.querySelector(`#tree li.outline-node[data-path="${path}"]`)
            .getBoundingClientRect();
          const box = document.querySelector('#tree .tree-outline').getBoundingClientRect();
          return box.top <= row.top && row.bottom <= box.bottom;
        }""",
        arg=current,
    )
    # Its path is marked, and its α/β window shown as the tree writes it.
    parent = current.rsplit(".", 1)[0] if "." in current else ""
    assert "on-path" in row(page, parent).get_attribute("class")
    assert re.search(r"α=\S+ β=\S+", row(page, parent).inner_text())
    prune.screenshot("narrow-outline-follows-320x640")


def test_the_outline_is_a_keyboard_tree_with_one_tab_stop(prune):
    page = prune.page
    open_tree(prune, TREES["uniform-40"][0], PHONE, step=5)
    tree = page.locator("#tree [role=tree].outline-list")
    assert tree.get_attribute("aria-label")
    items = page.locator("#tree li.outline-node[role=treeitem]")
    assert items.count() == 40
    assert page.locator('#tree li.outline-node[tabindex="0"]').count() == 1
    first = row(page, "")
    assert first.get_attribute("aria-level") == "1"
    assert row(page, "0.1").get_attribute("aria-level") == "3"
    assert row(page, "0.1").get_attribute("aria-posinset") == "2"
    assert row(page, "0.1").get_attribute("aria-setsize") == "3"
    # Named by its text (what a sighted reader sees), described by the tree's sentence.
    assert re.match(r"A\s+MAX\b", first.inner_text())
    assert re.match(r"MAX node A: ", first.get_attribute("aria-description"))
    page.locator('#tree li.outline-node[tabindex="0"]').focus()
    step = prune.step()
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.path") == ""
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.path") == "0"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.path") == "0.0"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.path") == "0"
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.path") == "2.2.2"
    assert prune.step() == step, "the tree's keys must not step the player"
    assert page.locator('#tree li.outline-node[tabindex="0"]').count() == 1


def test_the_switch_shows_the_picture_or_the_outline(prune):
    page = prune.page
    open_tree(prune, TREES["uniform-40"][0], PHONE)
    page.click('[data-layout="tree"]')
    assert page.locator("#tree .tree-svg").is_visible()
    assert page.locator("#tree .tree-outline").is_hidden()
    assert page.get_attribute('[data-layout="tree"]', "aria-pressed") == "true"
    page.click("#btn-forward")  # the reader's choice holds while stepping
    assert page.locator("#tree .tree-outline").is_hidden()
    page.click('[data-layout="outline"]')
    assert page.locator("#tree .tree-outline").is_visible()
    assert page.locator("#tree .tree-svg").is_hidden()
    assert row(page, "").get_attribute("data-state") == "active"


# ----- no page wider than a 320 px window -----

# The controls a user can see: each must be within the window's width (the skip link waits
# off screen until it is focused; a closed menu's links are not shown).
CONTROLS_OUTSIDE = """
(width) => [...document.querySelectorAll(
    'button, a[href], input, select, textarea, summary, [tabindex="0"]')]
  .filter((el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && el.checkVisibility({visibilityProperty: true})
      && !el.closest('svg') && !el.classList.contains('skip-link')
      && (r.left < -0.5 || r.right > width + 0.5); })
  .map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className} `
    + `"${(el.textContent || '').trim().slice(0, 30)}"`)
"""


def assert_fits(page, name, width=320):
    page.wait_for_timeout(300)
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, f"{name}: the page is {scroll_width} px wide"
    outside = page.evaluate(CONTROLS_OUTSIDE, width)
    assert not outside, f"{name}: controls beyond the window's width: {outside}"


PAGES = [
    "/",
    "/embed?preset=textbook",
    "/practice",
    "/compare",
    "/experiments",
    "/play/tictactoe",
    "/play/pacman",
]


@pytest.mark.parametrize("url", PAGES)
def test_no_page_scrolls_sideways_at_320(prune, url):
    page = prune.page
    page.set_viewport_size(SMALL_PHONE)
    page.goto(url)
    if url in ("/", "/embed?preset=textbook"):
        prune.wait_state("done")
    else:
        page.wait_for_load_state("networkidle")
    assert_fits(page, url)
    if url == "/":
        page.click(".more-menu > summary")  # the menu opens inside the window too
        assert page.locator(".more-menu nav").is_visible()
        assert_fits(page, "/ with More open")


def test_the_decision_views_fit_320(prune):
    page = prune.page
    page.set_viewport_size(SMALL_PHONE)
    page.goto("/play/tictactoe")
    page.wait_for_selector('[data-cell="0"]:not([disabled])')
    page.click('[data-cell="0"]')
    page.wait_for_selector('[data-action="show-search"]:not([disabled])')
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    assert_fits(page, "tic-tac-toe's search")
    page.goto("/play/pacman")
    page.wait_for_selector("main[data-game-load=ready]")
    page.click('[data-action="step"]')
    page.wait_for_selector('[data-action="show-search"]:not([disabled])')
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    assert_fits(page, "Pacman's search")
    # The last player button, cut off before: inside the window.
    box = page.locator("#btn-last").bounding_box()
    assert box["x"] + box["width"] <= 320


def test_the_lecture_student_page_fits_320(prune, browser, base_url, wrap_page):
    prune.page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    prune.page.get_by_role("button", name="Start lecture").click()
    prune.page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    code = prune.page.evaluate("window.prune.lecture.code")
    context = browser.new_context(base_url=base_url, viewport=SMALL_PHONE)
    try:
        student = wrap_page(context.new_page())
        student.page.goto(f"/join/{code}")
        student.page.wait_for_selector(".lecture-bar[data-mode=student]")
        student.wait_state("done")
        assert_fits(student.page, "the lecture student page")
        narration = student.page.locator("#narration").bounding_box()
        assert narration["x"] + narration["width"] <= 320
        student.screenshot("narrow-lecture-student-320x640")
        student.assert_clean()
    finally:
        context.close()
