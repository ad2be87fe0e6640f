"""Big trees a class can read (README.md, "Reading big trees"): at every step the node the step
is about is on screen with its value at least 12 CSS px, on a projector and on a phone; the
levels are named by their players; the overview (minimap) moves the view."""

from __future__ import annotations

import json
import random
from urllib.parse import quote

import pytest

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
# 49,837 nodes: the largest tree the default node limit (50,000) lets through this generator.
BIG = {"seed": 9, "depth": 7, "branching": [4, 5], "low": 0, "high": 100}
TREES = {
    "pacman": "preset=pacman",
    "random-binary-10": "preset=random-binary-10",
    "random-50k": "random=" + quote(json.dumps(BIG)),
}

# For each step asked for: where the current node's value text is, how big, and what covers
# the edges of the tree panel (the level ruler on the left, the minimap at the bottom).
MEASURE = """
(ks) => ks.map((k) => {
  const p = window.prune;
  p.seek(k);
  const t = p.trace;
  const s = t.current;
  const outline = document.getElementById('tree').classList.contains('outline-mode');
  const g = outline
    ? document.querySelector(`#tree li.outline-node[data-path="${t.keys[s.current]}"]`)
    : document.querySelector(`#tree g.node[data-path="${t.keys[s.current]}"]`);
  const value = g && g.querySelector(outline ? '.outline-value' : '.val');
  const box = value ? value.getBoundingClientRect() : null;
  const panel = document.getElementById('tree').getBoundingClientRect();
  const ruler = document.querySelector('#tree .level-ruler').getBoundingClientRect();
  const minimap = document.querySelector('#tree .minimap');
  const mapTop = outline || minimap.hidden ? panel.bottom : minimap.getBoundingClientRect().top;
  return {
    k, node: t.keys[s.current], text: value ? value.textContent : null, outline,
    fontPx: value
      ? parseFloat(getComputedStyle(value).fontSize) * (outline ? 1 : p.view.transform.k) : 0,
    box: box && {left: box.left, right: box.right, top: box.top, bottom: box.bottom,
                 height: box.height},
    free: {left: Math.max(panel.left, ruler.right), right: panel.right, top: panel.top,
           bottom: mapTop},
    window: {width: innerWidth, height: innerHeight},
  };
})
"""


def sampled_steps(n: int, count: int = 30) -> list[int]:
    """`count` steps spread over 1..n: the first, the last, evenly spaced and a few at random."""
    even = {1 + round(i * (n - 1) / (count - 9)) for i in range(count - 8)}
    rng = random.Random(n)
    while len(even) < count:
        even.add(rng.randint(1, n))
    return sorted(even)


@pytest.mark.parametrize("viewport", [PROJECTOR, PHONE], ids=["1280x720", "390x844"])
@pytest.mark.parametrize("tree", list(TREES))
def test_the_current_node_is_readable_at_every_sampled_step(prune, tree, viewport):
    page = prune.page
    page.emulate_media(reduced_motion="reduce")  # the view moves at once: measure right away
    page.set_viewport_size(viewport)
    prune.open(TREES[tree])
    if tree == "random-50k":
        assert page.evaluate("window.prune.trace.size") > 49_000
    n = prune.length()
    results = page.evaluate(MEASURE, sampled_steps(n))
    assert len(results) == 30
    for r in results:
        assert r["text"], f"step {r['k']}: node {r['node']!r} shows no value"
        assert r["fontPx"] >= 12, r
        assert r["box"]["height"] >= 12, r
        box, free = r["box"], r["free"]
        assert free["left"] <= box["left"] and box["right"] <= free["right"], r
        assert free["top"] <= box["top"] and box["bottom"] <= free["bottom"], r
        assert box["right"] <= r["window"]["width"] and box["bottom"] <= r["window"]["height"], r
    # On a phone a tree that cannot fit reads as an outline (issue 21): one row per node up to
    # 600 nodes, folded beyond (tree/outline-fold.js: a few hundred rows, the current one
    # among them, checked above); the 50,000-node tree has no outline and folds, as big trees
    # do on a projector.
    size = page.evaluate("window.prune.trace.size")
    outline = viewport is PHONE and tree != "random-50k"
    assert all(r["outline"] == outline for r in results)
    if outline:
        rows = page.locator("#tree li.outline-node").count()
        assert rows == size if size <= 600 else 0 < rows < 600, (size, rows)
    elif tree != "pacman" or viewport is PHONE:
        # Big trees fold: a few dozen nodes are drawn, never the whole tree.
        assert page.locator("#tree g.node").count() < size
    prune.screenshot(f"big-tree-{tree}-{viewport['width']}x{viewport['height']}")


def test_animated_follow_also_ends_with_the_current_node_readable(prune):
    """Without reduced motion the view glides; once it has settled the node is on screen."""
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open(TREES["pacman"])
    for k in (5, 40, 41, 120, 196):
        page.evaluate("(k) => window.prune.seek(k)", k)
        page.wait_for_timeout(700)  # slower than a step at 1×: the move animates
        (r,) = page.evaluate(MEASURE.replace("p.seek(k);", ""), [k])
        assert r["fontPx"] >= 12 and r["box"]["height"] >= 12, r
        box, free = r["box"], r["free"]
        assert free["left"] <= box["left"] and box["right"] <= free["right"], r
        assert free["top"] <= box["top"] and box["bottom"] <= free["bottom"], r


def test_no_zoom_setting_hides_the_values(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open(TREES["random-binary-10"] + "&step=100")
    for _ in range(12):
        page.click("#zoom-out")
    page.wait_for_timeout(300)
    assert page.evaluate("window.prune.view.transform.k") >= 1
    page.click("#fit")
    page.wait_for_timeout(500)
    assert page.evaluate("window.prune.view.transform.k") >= 1
    shown = page.evaluate(
        """() => [...document.querySelectorAll('#tree g.node .val')]
             .filter((v) => v.textContent && getComputedStyle(v).display !== 'none').length"""
    )
    assert shown > 0


def test_folded_subtrees_say_what_they_hold_and_open_on_demand(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=random-binary-10&step=40")
    trace_size = page.evaluate("window.prune.trace.size")
    summaries = page.evaluate(
        """() => [...document.querySelectorAll('#tree g.node.collapsed')].map((g) => ({
             path: g.dataset.path, state: g.dataset.state,
             lines: [...g.querySelectorAll('.fold-summary tspan')].map((t) => t.textContent)}))"""
    )
    assert summaries
    sizes = page.evaluate(
        "(ps) => ps.map((p) => window.prune.trace.subtree[window.prune.trace.ids.get(p)] - 1)",
        [s["path"] for s in summaries],
    )
    for summary, size in zip(summaries, sizes, strict=True):
        assert summary["lines"][0] == f"{size:,} nodes"
        if summary["state"] == "unvisited":
            assert summary["lines"][1] == "not yet searched"
        elif summary["state"] == "pruned":
            assert summary["lines"][1] == "pruned"
        else:
            assert summary["lines"][1].endswith("pruned")
    on_screen = page.evaluate(
        """(paths) => { const panel = document.getElementById('tree').getBoundingClientRect();
             return paths.filter((p) => {
               const r = document.querySelector(`#tree g.node[data-path="${p}"] .fold-summary`)
                 .getBoundingClientRect();
               return r.left >= panel.left && r.right <= panel.right && r.top >= panel.top
                 && r.bottom <= panel.bottom; }); }""",
        [s["path"] for s in summaries if s["state"] == "unvisited"],
    )
    unsearched = on_screen[0]
    before = page.locator("#tree g.node").count()
    page.locator(f'#tree g.node[data-path="{unsearched}"] .fold-summary').click()
    child = f"{unsearched}.0"
    page.wait_for_selector(f'#tree g.node[data-path="{child}"]')
    assert page.locator("#tree g.node").count() > before
    assert "collapsed" not in (
        page.get_attribute(f'#tree g.node[data-path="{unsearched}"]', "class")
    )
    assert page.locator("#tree g.node").count() < trace_size


def test_wide_families_show_a_window_and_the_rest_as_more(prune):
    """A root with 40 children on a phone: a window around the child being searched, the
    others behind "… N more", which moves the window when pressed."""
    page = prune.page
    page.set_viewport_size(PHONE)
    tree = [[i, 100 - i] for i in range(40)]
    prune.open("tree=" + quote(json.dumps(tree)) + "&step=100")
    page.click('[data-layout="tree"]')  # the picture: a phone would show the outline
    more = page.locator("#tree g.more")
    assert more.count() >= 1
    counts = [int(t.split()[1]) for t in more.locator(".more-text").all_text_contents()]
    drawn_children = page.evaluate(
        """() => [...document.querySelectorAll('#tree g.node')]
             .filter((g) => /^\\d+$/.test(g.dataset.path)).length"""
    )
    assert drawn_children + sum(counts) == 40
    current = page.evaluate("window.prune.trace.keys[window.prune.trace.current.current]")
    assert page.locator(f'#tree g.node[data-path="{current}"]').count() == 1
    side = more.first.get_attribute("data-side")
    first_drawn = page.evaluate(
        "() => [...document.querySelectorAll('#tree g.node')].map((g) => g.dataset.path)"
        ".filter((p) => /^\\d+$/.test(p)).map(Number).sort((a, b) => a - b)"
    )
    more.first.click()
    page.wait_for_function(
        """([side, first]) => {
          const drawn = [...document.querySelectorAll('#tree g.node')].map((g) => g.dataset.path)
            .filter((p) => /^\\d+$/.test(p)).map(Number);
          return side === 'before' ? Math.min(...drawn) < first[0]
                                   : Math.max(...drawn) > first[first.length - 1];
        }""",
        arg=[side, first_drawn],
    )


def test_the_level_ruler_names_the_pacman_players(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=pacman&step=12")
    page.click("#fit")
    levels = page.evaluate(
        """() => [...document.querySelectorAll('#tree .level-ruler .level')].map((l) => ({
             depth: Number(l.dataset.depth), kind: l.dataset.kind, name: l.textContent.trim(),
             variant: l.dataset.variant || null}))"""
    )
    names = {level["depth"]: level["name"] for level in levels}
    assert [names[d] for d in range(6)] == [
        "Pacman",
        "Ghost 1",
        "Ghost 2",
        "Pacman",
        "Ghost 1",
        "Ghost 2",
    ]
    assert names[6] == "leaves"
    # The two ghosts differ by more than their name: the second is a variant in the ruler…
    assert [level["variant"] for level in levels if level["name"] == "Ghost 1"] == [None, None]
    assert [level["variant"] for level in levels if level["name"] == "Ghost 2"] == ["1", "1"]
    # …and in the tree: its nodes carry an inner mark and another outline colour.
    ghost_1 = page.locator('#tree g.node[data-agent="1"]').first
    ghost_2 = page.locator('#tree g.node[data-agent="2"]').first
    assert ghost_2.locator(".inner-mark").count() == 1
    assert ghost_1.locator(".inner-mark").count() == 0
    stroke = "(g) => getComputedStyle(g.querySelector('.shape')).stroke"
    assert ghost_1.evaluate(stroke) != ghost_2.evaluate(stroke)
    # A visible level's label sits beside its nodes.
    row = page.locator('#tree .level-ruler .level[data-depth="1"]')
    if row.is_visible():
        node_y = ghost_1.evaluate(
            "(g) => g.getBoundingClientRect().y + g.getBoundingClientRect().height / 2"
        )
        box = row.bounding_box()
        assert abs(box["y"] + box["height"] / 2 - node_y) < 40


def test_levels_without_agents_are_named_by_kind(prune):
    prune.open("preset=textbook")
    names = prune.page.locator("#tree .level-ruler .level .level-name").all_text_contents()
    assert names == ["MAX", "MIN", "leaves"]


def test_nodes_show_their_names(prune):
    prune.open("preset=textbook")
    labels = prune.page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#tree g.node')].map((g) =>
             [g.dataset.path, g.querySelector('.node-label').textContent]))"""
    )
    assert labels[""] == "A" and labels["0"] == "B" and labels["2"] == "D"
    assert labels["0.0"] == "E" and labels["2.2"] == "M"


def test_the_minimap_shows_the_whole_tree_and_a_click_moves_the_view(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=random-binary-10&step=200")
    minimap = page.locator("#tree canvas.minimap")
    assert minimap.is_visible()
    assert "2047 nodes" in minimap.get_attribute("aria-label")
    before = page.evaluate("[window.prune.view.transform.x, window.prune.view.transform.y]")
    box = minimap.bounding_box()
    # The far right of the bottom row: one of the last leaves (0.66 px each), far from the
    # search, folded away until now.
    far_right = "1" + ".1" * 7
    assert page.locator(f'#tree g.node[data-path^="{far_right}."]').count() == 0
    page.mouse.click(box["x"] + box["width"] - 1, box["y"] + box["height"] - 1)
    page.wait_for_selector(f'#tree g.node[data-path^="{far_right}."].terminal')
    after = page.evaluate("[window.prune.view.transform.x, window.prune.view.transform.y]")
    assert after != before
    panel = page.locator("#tree").bounding_box()
    leaves = page.locator(f'#tree g.node[data-path^="{far_right}."].terminal')
    on_screen = [
        b
        for b in (leaves.nth(i).bounding_box() for i in range(leaves.count()))
        if panel["x"] <= b["x"]
        and b["x"] + b["width"] <= panel["x"] + panel["width"]
        and panel["y"] <= b["y"]
        and b["y"] + b["height"] <= panel["y"] + panel["height"]
    ]
    assert on_screen


def test_small_trees_are_drawn_whole_without_a_minimap(prune):
    prune.page.set_viewport_size(PHONE)
    prune.open("preset=textbook")
    assert prune.page.locator("#tree g.node").count() == 13
    assert prune.page.locator("#tree canvas.minimap").is_hidden()


def test_the_embed_names_the_pacman_players_too(prune):
    prune.page.goto("/embed?preset=pacman&step=12")
    prune.wait_state("done")
    names = prune.page.locator("#tree .level-ruler .level .level-name").all_text_contents()
    assert names[:3] == ["Pacman", "Ghost 1", "Ghost 2"]
