"""Two searches of one tree side by side (docs/experiments.md): /compare shows two panes on one
player whose step k is "k nodes reached"; the nodes one search reaches and the other does not
are marked in both panes and named in a summary. The expected sets are computed here from POST
/api/trace, independently of the page's JavaScript."""

from __future__ import annotations

import base64
import json
import re
import urllib.request
import zlib
from urllib.parse import quote

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
TIE = [[10], [10, 0]]
REACH = ("enter", "leaf")

# {path: data-differs} of the nodes drawn in one pane.
MARKED = """(side) => Object.fromEntries([...document.querySelectorAll(
  `#${side}-tree g.node[data-differs]`)].map((g) => [g.dataset.path, g.dataset.differs]))"""
# What a pane shows: its counts, narration and every drawn node's state.
PANE = """(side) => ({
  counts: {...document.getElementById(`${side}-counts`).dataset},
  narration: document.getElementById(`${side}-narration`).textContent,
  finished: document.getElementById(`pane-${side}`).dataset.finished,
  nodes: [...document.querySelectorAll(`#${side}-tree g.node`)].map(
    (g) => [g.dataset.path, g.dataset.state, g.dataset.value ?? null]),
})"""


# ----- the expected answers, from the API -----


def api(live_server, path: str, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        live_server.url + path,
        data=data,
        headers={"Content-Type": "application/json", "Accept": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def trace_of(live_server, tree, options) -> dict:
    return api(live_server, "/api/trace", {"tree": tree, "options": options})


def paths(result) -> list[str]:
    """Each node's dotted path (data-path), by row of the node table."""
    out: list[str] = []
    count: dict[int, int] = {}
    for row in result["nodes"]:
        parent = row["parent"]
        if parent is None:
            out.append("")
            continue
        position = count.get(parent, 0)
        count[parent] = position + 1
        out.append(str(position) if out[parent] == "" else f"{out[parent]}.{position}")
    return out


def names(result) -> dict[str, str]:
    """path → the node's letter name (level order: root A, then B, C, …)."""
    keys = paths(result)
    children: dict[int, list[int]] = {}
    for i, row in enumerate(result["nodes"]):
        if row["parent"] is not None:
            children.setdefault(row["parent"], []).append(i)
    order, queue = [], [0]
    while queue:
        node = queue.pop(0)
        order.append(node)
        queue.extend(children.get(node, []))
    assert len(order) <= 26
    return {keys[node]: chr(65 + n) for n, node in enumerate(order)}


def reached(result) -> set[str]:
    keys = paths(result)
    return {keys[event[1]] for event in result["events"] if event[0] in REACH}


def packed(view: dict) -> str:
    """A view packed as share.js packs ?z=: JSON, raw deflate, base64url without padding."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = deflate.compress(json.dumps(view).encode()) + deflate.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


# ----- the page -----


def open_compare(prune, query: str):
    prune.page.goto(f"/compare?{query}")
    prune.wait_state("done")


def pane(prune, side: str) -> dict:
    return prune.page.evaluate(PANE, side)


def test_minimax_against_alphabeta_marks_exactly_what_alphabeta_prunes(prune, live_server):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    tree = api(live_server, "/api/presets/textbook")
    minimax = trace_of(live_server, tree, {"algorithm": "minimax"})
    alphabeta = trace_of(live_server, tree, {"algorithm": "alphabeta"})
    only_left = reached(minimax) - reached(alphabeta)
    assert only_left and not reached(alphabeta) - reached(minimax)

    open_compare(prune, "preset=textbook&left=algorithm:minimax&right=algorithm:alphabeta")
    assert page.locator("#left-title").text_content() == "Minimax"
    assert page.locator("#right-title").text_content() == "Alpha-beta, standard rule"
    page.click("#btn-last")
    for side in ("left", "right"):
        marked = page.evaluate(MARKED, side)
        assert set(marked) == only_left, side
        assert set(marked.values()) == {"only-left"}
        # A shape marks them, not colour alone; a screen reader hears it on the node.
        for path in only_left:
            g = page.locator(f'#{side}-tree g.node[data-path="{path}"]')
            assert g.locator(".differs-mark").count() == 1
            description = g.locator(".item").get_attribute("aria-description")
            assert description == "Only minimax visits this node."
    # They are exactly the nodes alpha-beta prunes, and minimax visits them all.
    right = {p: state for p, state, _ in pane(prune, "right")["nodes"]}
    left = {p: state for p, state, _ in pane(prune, "left")["nodes"]}
    assert {p for p, state in right.items() if state == "pruned"} == only_left
    assert all(left[p] == "visited" for p in only_left)

    summary = page.locator("#compare-summary").text_content()
    by_name = names(minimax)
    expected = sorted(by_name[p] for p in only_left)
    assert summary.startswith("Only minimax visits: ")
    assert f"Only minimax visits: {' and '.join(expected)}." in summary  # "I and J"
    assert "Only alpha-beta visits: none." in summary
    assert not any(p in summary for p in only_left if "." in p)  # names, never paths
    prune.screenshot("compare-textbook-end-1280x720")


def test_a_folded_node_says_how_many_differing_nodes_it_hides(prune, live_server):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    tree = api(live_server, "/api/presets/pacman")
    minimax = trace_of(live_server, tree, {"algorithm": "minimax"})
    alphabeta = trace_of(live_server, tree, {"algorithm": "alphabeta"})
    only_left = reached(minimax) - reached(alphabeta)
    open_compare(prune, "preset=pacman")
    page.click("#btn-last")
    for side in ("left", "right"):
        folded = page.evaluate(
            """(side) => [...document.querySelectorAll(`#${side}-tree g.node.collapsed`)].map(
                (g) => [g.dataset.path, g.dataset.differsInside ?? null])""",
            side,
        )
        assert folded, "pacman folds some subtrees at 1280×720"
        for path, count in folded:
            below = sum(1 for p in only_left if p.startswith(f"{path}.") or (path == "" and p))
            assert count == (str(below) if below else None), (side, path)
        assert any(count for _, count in folded)


def test_stepping_counts_nodes_reached_in_both_and_back_restores(prune, live_server):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    tree = api(live_server, "/api/presets/textbook")
    results = {
        "left": trace_of(live_server, tree, {"algorithm": "minimax"}),
        "right": trace_of(live_server, tree, {"algorithm": "alphabeta"}),
    }
    totals = {side: len(reached(result)) for side, result in results.items()}
    open_compare(prune, "preset=textbook")  # minimax against alpha-beta by default
    length = max(totals.values()) + 1
    assert prune.counter() == f"step 0 of {length}"
    pictures = [{side: pane(prune, side) for side in totals}]
    for k in range(1, length + 1):
        page.click("#btn-forward")
        assert page.evaluate("window.prune.step") == k
        pictures.append({side: pane(prune, side) for side in totals})
        for side, total in totals.items():
            shown = pictures[k][side]
            assert int(shown["counts"]["reached"]) == min(k, total), (k, side)
            assert shown["finished"] == ("true" if k > total else "false"), (k, side)
        if k == totals["right"] + 1:  # alpha-beta is done, minimax goes on
            node = paths(results["left"])[
                [e[1] for e in results["left"]["events"] if e[0] in REACH][k - 1]
            ]
            assert page.locator("#compare-now-text").text_content() == (
                f"Alpha-beta has finished ({totals['right']} nodes); "
                f"minimax reaches {names(results['left'])[node]}."
            )
            assert page.locator("#compare-now").get_attribute("data-apart") == "true"
    # At the end both searches are complete, with all their leaves and cutoffs.
    for side, result in results.items():
        kinds = [event[0] for event in result["events"]]
        assert pictures[-1][side]["counts"] == {
            "reached": str(totals[side]),
            "leaves": str(kinds.count("leaf")),
            "cutoffs": str(kinds.count("cutoff")),
            "pass": str(kinds.count("pass")),  # none for the classic searches
        }
    assert pictures[-1]["left"]["counts"]["leaves"] == "9"
    assert "the search is complete" in pictures[-1]["right"]["narration"]
    for k in range(length - 1, -1, -1):
        page.click("#btn-back")
        assert {side: pane(prune, side) for side in totals} == pictures[k], k


def test_the_panes_say_when_the_searches_are_at_different_nodes(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    # Step 8: minimax reaches I (1.1), the leaf alpha-beta pruned; alpha-beta reaches D (2).
    open_compare(prune, "preset=textbook&step=7")
    assert page.locator("#compare-now").get_attribute("data-apart") == "false"
    assert page.locator("#compare-now-text").text_content() == "Same node: both reach H."
    assert page.locator("g.node[data-other-here]").count() == 0
    page.click("#btn-forward")
    assert page.locator("#compare-now").get_attribute("data-apart") == "true"
    text = page.locator("#compare-now-text").text_content()
    assert text == "Different nodes: minimax reaches I, alpha-beta reaches D."
    # Each pane marks where the other search is (a dotted ring), its own node has the cursor.
    assert (
        page.locator('#left-tree g.node[data-other-here="true"]').get_attribute("data-path") == "2"
    )
    assert (
        page.locator('#right-tree g.node[data-other-here="true"]').get_attribute("data-path")
        == "1.1"
    )
    assert page.locator("#left-tree .other-here").count() == 1
    assert page.locator("#right-tree .other-here").count() == 1
    # The address keeps the step (a link opens it); a reload shows the same picture.
    page.wait_for_function("() => new URLSearchParams(location.search).get('step') === '8'")
    before = {side: pane(prune, side) for side in ("left", "right")}
    page.reload()
    prune.wait_state("done")
    assert {side: pane(prune, side) for side in ("left", "right")} == before


@pytest.mark.parametrize("how", ["tree", "z"])
def test_strict_rule_alone_visits_the_tied_leaf(prune, live_server, how):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    standard = trace_of(live_server, TIE, {"rule": "standard"})
    strict = trace_of(live_server, TIE, {"rule": "strict"})
    assert reached(strict) - reached(standard) == {"1.1"}  # the leaf 0
    source = f"tree={quote(json.dumps(TIE))}" if how == "tree" else f"z={packed({'tree': TIE})}"
    open_compare(prune, f"{source}&left=rule:standard&right=rule:strict")
    page.keyboard.press("End")
    assert page.locator("#left-title").text_content() == "Alpha-beta, standard rule"
    assert page.locator("#right-title").text_content() == "Alpha-beta, strict rule"
    for side in ("left", "right"):
        assert page.evaluate(MARKED, side) == {"1.1": "only-right"}, side
    leaf = page.locator('#right-tree g.node[data-path="1.1"]')
    assert leaf.get_attribute("data-state") == "visited"
    assert leaf.get_attribute("data-value") == "0"
    assert (
        page.locator('#left-tree g.node[data-path="1.1"]').get_attribute("data-state") == "pruned"
    )
    assert page.locator("#compare-summary").text_content() == (
        "Only the standard rule visits: none. Only the strict rule visits: F."
    )
    # The form shows the link's tree and comparison.
    assert page.locator("#cmp-tree").input_value() == ""
    assert page.locator("#cmp-kind").input_value() == "rule"


def test_arrow_keys_step_both_panes(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    open_compare(prune, "preset=textbook&left=ordering:given&right=ordering:perfect")
    page.locator("body").click(position={"x": 5, "y": 5})  # focus on nothing that takes arrows
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert prune.step() == 3
    for side in ("left", "right"):
        assert pane(prune, side)["counts"]["reached"] == "3"
    page.keyboard.press("ArrowLeft")
    assert prune.step() == 2
    for side in ("left", "right"):
        assert pane(prune, side)["counts"]["reached"] == "2"
    # Shift+→: to the next step that shows a cutoff in either search (the first one fires at
    # C after H, and is drawn with the next node reached: step 8 in both orderings).
    page.keyboard.press("Shift+ArrowRight")
    assert prune.step() == 8
    assert pane(prune, "left")["counts"]["cutoffs"] == "1"
    page.keyboard.press("ArrowLeft")
    assert pane(prune, "left")["counts"]["cutoffs"] == "0"
    # Perfect ordering searches D's best leaf first and prunes the two others.
    assert page.evaluate(MARKED, "right") == {"2.0": "only-left", "2.1": "only-left"}
    assert "perfect ordering" in page.locator("#right-title").text_content()


def test_the_form_chooses_tree_and_comparison_and_links_back(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    open_compare(prune, "preset=textbook")
    assert page.locator("#back-link").get_attribute("href") == "/?preset=textbook"
    assert page.locator("#cmp-orderings").is_hidden()
    page.select_option("#cmp-tree", "best-ordering")
    page.select_option("#cmp-kind", "ordering")
    assert page.locator("#cmp-orderings").is_visible()
    page.select_option("#cmp-order-left", "worst")
    page.select_option("#cmp-order-right", "perfect")
    page.click("button.cmp-go")
    page.wait_for_url(
        re.compile(r"/compare\?preset=best-ordering&left=algorithm:alphabeta,ordering:worst&")
    )
    prune.wait_state("done")
    assert page.url.endswith("&right=algorithm:alphabeta,ordering:perfect")
    assert page.locator("#left-title").text_content() == "Alpha-beta, standard rule, worst ordering"
    assert page.locator("#back-link").get_attribute("href") == "/?preset=best-ordering"
    # Each pane opens its own search in the visualizer, at the step it shows.
    page.click("#btn-last")
    href = page.locator("#right-open").get_attribute("href")
    assert href.startswith("/?preset=best-ordering&algorithm=alphabeta&ordering=perfect&step=")
    page.click("#right-open")
    prune.wait_state("done")
    assert page.evaluate("window.prune.trace.options.ordering") == "perfect"
    assert prune.step() == prune.length()


@pytest.mark.parametrize("viewport", [PROJECTOR, PHONE], ids=["1280x720", "390x844"])
def test_readable_and_accessible_on_a_projector_and_a_phone(prune, viewport):
    page = prune.page
    page.set_viewport_size(viewport)
    open_compare(prune, "preset=textbook&step=8")
    size = f"{viewport['width']}x{viewport['height']}"
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    left = page.locator("#left-tree").bounding_box()
    right = page.locator("#right-tree").bounding_box()
    assert left["height"] >= 300 and right["height"] >= 300
    if viewport is PHONE:
        assert right["y"] >= left["y"] + left["height"]  # stacked
        # The player stays on screen while the page scrolls.
        page.locator("#pane-right").scroll_into_view_if_needed()
        box = page.locator("#player").bounding_box()
        assert box["y"] + box["height"] <= viewport["height"] + 1
        prune.screenshot(f"compare-textbook-8-{size}-scrolled")
        page.evaluate("window.scrollTo(0, 0)")
    else:
        assert abs(left["y"] - right["y"]) < 1 and right["x"] >= left["x"] + left["width"]
    prune.screenshot(f"compare-textbook-8-{size}")
    assert_no_serious(page, f"/compare?preset=textbook&step=8 ({size})")


def test_a_tree_that_cannot_be_searched_says_why(prune):
    page = prune.page
    page.goto(f"/compare?tree={quote('[[1,')}")
    prune.wait_state("error")
    assert "cannot be shown" in page.locator("#compare-summary").text_content()
    assert "cannot be shown" in page.locator("#left-tree .pane-error").text_content()
