"""The tree fits every screen it is shown on (README.md, "Reading big trees"), in headless
Chromium.

For every size and tree in SCREENS, at every step: every node
is drawn (one ``g.node[data-path]`` each, nothing folded), and every drawn value and α/β
window is at least 12 CSS px, inside the window and the topmost thing at its centre
(scene_checks.covered_or_small_values: no player bar, caption, toolbar, ruler, legend,
minimap, cutoff note or other node over it). A tree too big to fit (the Pacman preset,
presenting, and in the 640×360 and 320×240 embeds) keeps the current node, its parent and its
children on screen, readable and uncovered at every sampled step; Fit all (F) shows more of
it, at the floor.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from scene_checks import context_problems, covered_or_small_values, drawn_node_count, settled

pytestmark = pytest.mark.browser

# MAX, MIN, MAX, leaves: 1 + 3 + 6 + 12 = 22 nodes, 12 leaves.
EXAM_22 = [[[3, 12], [8, 2]], [[4, 6], [14, 5]], [[2, 9], [7, 1]]]
TREE_22 = "tree=" + quote(json.dumps(EXAM_22))
# b = 3, d = 3: 1 + 3 + 9 + 27 = 40 nodes.
RANDOM_40 = "random=" + quote(
    json.dumps({"seed": 4, "depth": 3, "branching": 3, "low": 0, "high": 99})
)
TEXTBOOK = "preset=textbook"

# (name, page, query, viewport, presenting, tree size)
SCREENS = [
    ("textbook-main-1280x720", "/", TEXTBOOK, (1280, 720), False, 13),
    ("textbook-main-1024x768", "/", TEXTBOOK, (1024, 768), False, 13),
    ("textbook-presenting-1280x720", "/", TEXTBOOK, (1280, 720), True, 13),
    ("textbook-presenting-1024x768", "/", TEXTBOOK, (1024, 768), True, 13),
    ("textbook-phone-390x844", "/", TEXTBOOK, (390, 844), False, 13),
    ("textbook-embed-640x360", "/embed", TEXTBOOK, (640, 360), False, 13),
    ("textbook-embed-320x240", "/embed", TEXTBOOK, (320, 240), False, 13),
    ("22-nodes-main-1280x720", "/", TREE_22, (1280, 720), False, 22),
    ("22-nodes-presenting-1024x768", "/", TREE_22, (1024, 768), True, 22),
    ("22-nodes-embed-640x360", "/embed", TREE_22, (640, 360), False, 22),
    ("22-nodes-phone-390x844", "/", TREE_22, (390, 844), False, 22),
    ("40-nodes-presenting-1280x720", "/", RANDOM_40, (1280, 720), True, 40),
]


def open_screen(page, path: str, query: str, viewport, presenting: bool):
    page.emulate_media(reduced_motion="reduce")  # the view moves at once: measure right away
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    page.goto(f"{path}?{query}")
    page.wait_for_selector("body[data-run-state=done]", timeout=20_000)
    if presenting:
        page.keyboard.press("p")
        page.wait_for_selector("body[data-present=on]")
        page.wait_for_timeout(200)  # the panel's new size reaches the view


def show(page, step: int):
    page.evaluate("(k) => window.prune.player.show(k)", step)
    page.wait_for_function("(k) => window.prune.step === k", arg=step)
    settled(page)


@pytest.mark.parametrize("screen", SCREENS, ids=[s[0] for s in SCREENS])
def test_the_whole_tree_is_drawn_and_nothing_covers_a_value(prune, screen):
    name, path, query, viewport, presenting, size = screen
    page = prune.page
    open_screen(page, path, query, viewport, presenting)
    assert page.evaluate("window.prune.trace.size") == size
    last = page.evaluate("window.prune.trace.length")
    for step in range(last + 1):  # every step: Follow once pushed a leaf off a phone at most
        show(page, step)
        assert drawn_node_count(page) == size, f"{name}, step {step}: not every node drawn"
        assert page.locator("#tree g.node.collapsed").count() == 0, f"{name}, step {step}: folded"
        problems = covered_or_small_values(page)
        assert not problems, f"{name}, step {step}:\n" + "\n".join(problems)
    # The whole tree is on screen: no overview needed.
    assert page.locator("#tree .minimap").is_hidden()
    prune.screenshot(f"fit-{name}")


@pytest.mark.parametrize("viewport", [(1280, 720), (1024, 768)], ids=["1280x720", "1024x768"])
def test_a_big_tree_keeps_its_context_at_every_sampled_step_while_presenting(prune, viewport):
    page = prune.page
    open_screen(page, "/", "preset=pacman", viewport, True)
    last = page.evaluate("window.prune.trace.length")
    assert drawn_node_count(page) < page.evaluate("window.prune.trace.size")  # it folds
    for step in sorted({*range(0, last + 1, 6), last}):
        show(page, step)
        problems = context_problems(page)
        assert not problems, f"step {step}:\n" + "\n".join(problems)
    # Folded: the overview shows, in a strip of its own.
    assert page.locator("#tree .minimap").is_visible()
    prune.screenshot(f"fit-pacman-presenting-{viewport[0]}x{viewport[1]}")


# A frame 320 px wide shows the outline by itself: layout=tree asks for the picture.
SHORT_EMBEDS = [((640, 360), "preset=pacman"), ((320, 240), "preset=pacman&layout=tree")]


@pytest.mark.parametrize("viewport, query", SHORT_EMBEDS, ids=["640x360", "320x240"])
def test_a_big_tree_keeps_its_context_at_every_sampled_step_in_a_short_embed(
    prune, viewport, query
):
    """A folded tree in a short frame is drawn packed, so the current node, its parent and its
    children fit its height at 12 px (drawn roomy, the parent was lost at most steps)."""
    page = prune.page
    open_screen(page, "/embed", query, viewport, False)
    last = page.evaluate("window.prune.trace.length")
    assert drawn_node_count(page) < page.evaluate("window.prune.trace.size")  # it folds
    for step in sorted({*range(0, last + 1, 6), last}):
        show(page, step)
        problems = context_problems(page)
        assert not problems, f"step {step}:\n" + "\n".join(problems)
    prune.screenshot(f"fit-pacman-embed-{viewport[0]}x{viewport[1]}")


def test_fit_all_shows_more_of_a_big_tree_at_the_floor_also_while_presenting(prune):
    page = prune.page
    open_screen(page, "/", "preset=pacman", (1280, 720), True)
    show(page, 60)
    before = drawn_node_count(page)
    page.keyboard.press("f")
    page.wait_for_function(
        "(n) => document.querySelectorAll('#tree g.node').length > n", arg=before
    )
    assert page.evaluate("window.prune.view.transform.k") >= 1  # values at least 12 px
    problems = context_problems(page)
    assert not problems, "\n".join(problems)
    assert page.evaluate("document.body.dataset.present") == "on"  # F left the mode alone
    prune.screenshot("fit-all-pacman-presenting")


def test_fit_all_button_brings_back_the_whole_tree_after_zooming_in(prune):
    page = prune.page
    open_screen(page, "/", TREE_22, (1280, 720), False)
    fitted = page.evaluate("window.prune.view.transform.k")
    for _ in range(4):
        page.click("#zoom-in")
    page.wait_for_function("(k) => window.prune.view.transform.k > k * 1.5", arg=fitted)
    # Zoomed in, part of the tree is off screen: the overview appears.
    page.wait_for_selector("#tree .minimap:not([hidden])")
    page.get_by_role("button", name="Fit all").click()
    page.wait_for_function("(k) => Math.abs(window.prune.view.transform.k - k) < 1e-6", arg=fitted)
    assert not covered_or_small_values(page)
    assert page.locator("#tree .minimap").is_hidden()


def test_a_long_name_is_shortened_with_the_full_name_kept(prune):
    page = prune.page
    doc = {
        "children": [
            {"label": "Northwest passage", "children": [{"value": 3}, {"value": 5}]},
            {"label": "South", "children": [{"value": 2}, {"value": 9}]},
        ]
    }
    open_screen(page, "/embed", "tree=" + quote(json.dumps(doc)), (320, 240), False)
    assert page.evaluate("document.querySelector('#tree svg').dataset.spacing") != "roomy"
    drawn = page.locator('#tree g.node[data-path="0"] .node-label').text_content()
    assert drawn.endswith("…") and len(drawn) < len("Northwest passage")
    title = page.locator('#tree g.node[data-path="0"] .item title').text_content()
    assert title == "Northwest passage"
    label = page.locator('#tree g.node[data-path="0"] .item').get_attribute("aria-label")
    assert "Northwest passage" in label


@pytest.mark.parametrize(
    "viewport, presenting", [((390, 844), False), ((1280, 720), True)], ids=["phone", "presenting"]
)
def test_question_heat_badges_cover_no_value(prune, viewport, presenting):
    """The presenter's heat overlay ("✗ n" above every node students crossed out) takes room
    of its own: a packed tree spreads its levels, and no badge covers a value or window."""
    page = prune.page
    open_screen(page, "/", TEXTBOOK, viewport, presenting)
    show(page, page.evaluate("window.prune.trace.length"))
    # As if every student crossed out every node: a badge over each one.
    page.evaluate(
        """() => { const t = window.prune.trace; const pruned = {};
             for (const key of t.keys) pruned[key] = 3;
             window.prune.asking.heat.show(t, pruned, 7); }"""
    )
    page.wait_for_function("document.querySelectorAll('#tree .heat-badge').length === 13")
    assert drawn_node_count(page) == 13
    problems = covered_or_small_values(page)
    assert not problems, "\n".join(problems)
