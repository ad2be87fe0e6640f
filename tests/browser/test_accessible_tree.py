"""An accessible tree: the nodes form an ARIA tree with names that say what the
narration says, a roving tab stop and arrow keys; speech is paced; reduced motion moves the
view at once."""

from __future__ import annotations

import re

TEXTBOOK_NAMES = "ABCDEFGHIJKLM"

ACTIVE_NAME = "() => document.activeElement.getAttribute('aria-label')"
ACTIVE_PATH = "() => document.activeElement.closest('g.node').dataset.path"
TAB_STOP = '#tree g.node > .item[tabindex="0"]'  # a node's treeitem: its shape, no text


def ax_tree_items(page) -> list[dict]:
    """The tree and its items as Chromium's accessibility tree exposes them."""
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    cdp.detach()
    out = []
    for node in nodes:
        role = node.get("role", {}).get("value")
        if role in ("tree", "treeitem") and not node.get("ignored"):
            props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
            out.append({"role": role, "name": node.get("name", {}).get("value", ""), **props})
    return out


def test_the_textbook_tree_is_an_aria_tree_of_13_named_items(prune):
    prune.open("preset=textbook&step=14")  # the α-cutoff at C
    items = ax_tree_items(prune.page)
    assert [i["role"] for i in items].count("tree") == 1
    tree_items = [i for i in items if i["role"] == "treeitem"]
    assert len(tree_items) == 13
    names = {re.search(r"(?:node|leaf) ([A-M])\b", i["name"]).group(1): i for i in tree_items}
    assert sorted(names) == list(TEXTBOOK_NAMES)
    # Names carry kind, value, window and state.
    assert names["A"]["name"].startswith("MAX node A: value so far 3, α 3, β ∞, being searched")
    assert names["B"]["name"] == "MIN node B: value 3, α −∞, β 3"
    assert names["C"]["name"] == (
        "MIN node C: value so far 2, α 3, β 2, being searched, cut off after its first child"
    )
    assert names["D"]["name"] == "MIN node D: not yet searched"
    assert names["E"]["name"] == "leaf E: value 3"
    # Issue 26: a pruned leaf keeps its value in its name.
    assert names["I"]["name"] == "leaf I: value 4, pruned, never evaluated"
    assert names["K"]["name"] == "leaf K: value 14, not yet searched"
    # Declared structure: levels, set sizes, positions, expanded inner nodes.
    assert names["A"]["level"] == 1 and names["C"]["level"] == 2 and names["H"]["level"] == 3
    assert names["C"]["expanded"] is True
    c = prune.page.locator('#tree g.node[data-path="1"] > .item')
    assert c.get_attribute("aria-setsize") == "3" and c.get_attribute("aria-posinset") == "2"
    assert "expanded" not in names["E"]


def test_one_tab_stop_follows_the_search_until_the_user_moves_it(prune):
    page = prune.page
    prune.open("preset=textbook&step=5")  # leaf F evaluated
    stops = page.locator(TAB_STOP)
    path_of = "(el) => el.closest('g.node').dataset.path"
    assert stops.count() == 1 and stops.evaluate(path_of) == "0.1"
    page.evaluate("() => window.prune.seek(9)")  # B returns
    assert stops.count() == 1 and stops.evaluate(path_of) == "0"
    # Focus it and walk: ↑ parent, → sibling, ↓ first child, ← back, Home, End.
    stops.focus()
    walk = [("ArrowRight", "MIN node C"), ("ArrowDown", "leaf H"), ("ArrowRight", "leaf I")]
    for key, name in walk:
        page.keyboard.press(key)
        assert page.evaluate(ACTIVE_NAME).startswith(name), key
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(ACTIVE_NAME).startswith("leaf H")
    page.keyboard.press("ArrowUp")
    assert page.evaluate(ACTIVE_NAME).startswith("MIN node C")
    page.keyboard.press("Home")
    assert page.evaluate(ACTIVE_NAME).startswith("MAX node A")
    page.keyboard.press("End")
    assert page.evaluate(ACTIVE_NAME).startswith("leaf M")
    # The arrows moved the focus, never the step; the tab stop stays where the user is.
    assert prune.step() == 9
    page.evaluate("() => window.prune.seek(10)")
    assert page.evaluate(ACTIVE_NAME).startswith("leaf M")
    assert page.locator(TAB_STOP).count() == 1


def test_arrows_fold_and_open_and_enter_edits_the_node(prune):
    page = prune.page
    prune.open("preset=textbook&step=9")
    page.locator('#tree g.node[data-path="0"] > .item').focus()
    page.keyboard.press("ArrowUp")  # B is open: ↑ folds it
    b = page.locator('#tree g.node[data-path="0"] > .item')
    assert b.get_attribute("aria-expanded") == "false"
    assert page.locator('#tree g.node[data-path="0.0"]').count() == 0
    assert page.evaluate(ACTIVE_PATH) == "0"
    page.keyboard.press("ArrowDown")  # folded: ↓ opens it
    assert b.get_attribute("aria-expanded") == "true"
    page.keyboard.press("ArrowDown")  # open: ↓ goes to its first child
    assert page.evaluate(ACTIVE_NAME).startswith("leaf E")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "ed-value"
    assert page.inner_text("#ed-selected").startswith("Leaf E")


def test_the_keyboard_reaches_nodes_a_big_tree_folds_away(prune):
    page = prune.page
    prune.open("preset=random-binary-10&step=30")
    page.locator(TAB_STOP).focus()
    page.keyboard.press("Home")  # the root
    page.keyboard.press("ArrowDown")  # its first child
    page.keyboard.press("ArrowRight")  # its second child, folded
    assert page.evaluate(ACTIVE_PATH) == "1"
    assert page.get_attribute('#tree g.node[data-path="1"] > .item', "aria-expanded") == "false"
    page.keyboard.press("ArrowDown")  # opens it
    page.keyboard.press("ArrowDown")  # its first child, drawn now
    assert page.evaluate(ACTIVE_PATH) == "1.0"
    page.wait_for_timeout(400)  # the opened children glide into place
    box = page.evaluate(
        """() => { const r = document.activeElement.getBoundingClientRect();
                   const p = document.getElementById('tree').getBoundingClientRect();
                   return r.left >= p.left && r.right <= p.right
                     && r.top >= p.top && r.bottom <= p.bottom; }"""
    )
    assert box, "the focused node is scrolled into view"


def test_speech_is_paced_while_playing_and_says_where_it_stopped(prune):
    page = prune.page
    prune.open("preset=random-binary-10")
    page.evaluate(
        """() => {
          window.__spoken = [];
          window.__shown = 0;
          new MutationObserver(() => window.__spoken.push(performance.now()))
            .observe(document.getElementById('narration-spoken'), {childList: true,
                                                                   characterData: true});
          new MutationObserver(() => window.__shown++)
            .observe(document.getElementById('narration'), {childList: true,
                                                             characterData: true});
        }"""
    )
    page.select_option("#speed", "16")
    page.click("#btn-play")
    page.wait_for_timeout(3000)
    page.click("#btn-play")  # pause
    shown, spoken = page.evaluate("() => [window.__shown, window.__spoken]")
    assert shown >= 30  # the screen changed at every step…
    assert len(spoken) <= 4  # …speech at most every 2.5 s, and once more on the pause
    gaps = [b - a for a, b in zip(spoken, spoken[1:-1], strict=False)]
    assert all(gap >= 2400 for gap in gaps), gaps
    assert page.text_content("#narration-spoken") == page.inner_text("#narration")


def test_reduced_motion_moves_the_view_within_one_frame(prune):
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    prune.open("preset=textbook&step=9")
    page.click("#zoom-in")
    page.click("#zoom-in")
    zoomed = page.evaluate("() => window.prune.view.transform.k")
    moved = page.evaluate(
        """async () => {
          const frame = () => new Promise((r) => requestAnimationFrame(r));
          document.getElementById('fit').click();
          await frame();
          const first = window.prune.view.transform.k;
          await new Promise((r) => setTimeout(r, 500));
          return [first, window.prune.view.transform.k];
        }"""
    )
    assert moved[0] == moved[1] != zoomed
    folded = page.evaluate(
        """async () => {
          const frame = () => new Promise((r) => requestAnimationFrame(r));
          const t = window.prune.trace;
          window.prune.view.toggle(t.ids.get('0'));
          await frame();
          const leaf = document.querySelector('#tree g.node[data-path="0.0"]');
          const d = document.querySelector('#tree g.node[data-path="1"]').getAttribute('transform');
          await new Promise((r) => setTimeout(r, 500));
          return [leaf === null, d === document.querySelector(
            '#tree g.node[data-path="1"]').getAttribute('transform')];
        }"""
    )
    assert folded == [True, True]
