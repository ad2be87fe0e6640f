"""End-to-end: tree input (pasted documents, errors), the two pruning rules, big trees, layout."""

import json
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser


def test_invalid_pasted_tree_shows_the_error_next_to_the_input(prune):
    page = prune.page
    prune.open("preset=textbook")
    prune.paste_and_run('[[1, 2],\n [3, "x"]]')
    prune.wait_state("error")
    error = page.locator("#tree-error")
    assert error.is_visible()
    message = page.inner_text("#tree-error-text")
    assert "[1, 1]" in message and "not a number" in message  # the server's text
    assert page.get_attribute("#tree-text", "aria-invalid") == "true"
    where = page.inner_text("#tree-error-path")
    assert "[1,1]" in where and "line 2" in where
    prune.screenshot("paste-error")

    # "Show in editor" selects the offending node's text.
    page.click("#tree-error-show")
    selected = page.evaluate(
        "(() => { const t = document.getElementById('tree-text');"
        " return t.value.slice(t.selectionStart, t.selectionEnd); })()"
    )
    assert selected == '"x"'

    # The page keeps working: the previous trace still steps...
    page.click("#btn-forward")
    assert prune.step() == 1
    # ...and a valid tree runs afterwards, clearing the error.
    page.fill("#tree-text", "[[1, 2], [3, 4]]")
    assert not error.is_visible()
    page.click("#run")
    prune.wait_state("done")
    assert len(prune.nodes()) == 7
    page.keyboard.press("End")
    assert prune.node("").get_attribute("data-value") == "3"


def test_json_syntax_error_is_shown_without_a_server_call(prune):
    page = prune.page
    prune.open("preset=textbook")
    prune.paste_and_run("[[1, 2], [3")
    prune.wait_state("error")
    assert page.locator("#tree-error").is_visible()
    assert page.inner_text("#tree-error-text")
    page.fill("#tree-text", "[5, [6, 7]]")
    page.click("#run")
    prune.wait_state("done")
    assert len(prune.nodes()) == 5


def test_option_errors_are_shown_next_to_the_option(prune):
    page = prune.page
    prune.open("preset=textbook")
    page.fill("#opt-players", "max,banana")
    page.locator("#opt-players").press("Tab")  # change → rerun
    prune.wait_state("error")
    assert page.locator("#opt-players-error").is_visible()
    assert "banana" in page.inner_text("#opt-players-error")
    page.fill("#opt-players", "max,min")
    page.locator("#opt-players").press("Tab")
    prune.wait_state("done")
    assert not page.locator("#opt-players-error").is_visible()


def test_labels_are_rendered_as_text(prune):
    doc = {
        "tree": [
            {"label": "<img src=x onerror=alert(1)>", "action": "<b>left</b>", "children": [1, 2]},
            {"label": "B", "action": "right", "children": [3, 4]},
        ]
    }
    prune.open().paste_and_run(json.dumps(doc))
    prune.wait_state("done")
    page = prune.page
    assert page.locator("#tree img").count() == 0
    assert page.locator("#tree b").count() == 0
    texts = page.eval_on_selector_all(".node-label", "els => els.map(e => e.textContent)")
    assert "<img src=x onerror=alert(1)>" in texts
    captions = page.eval_on_selector_all(".edge-caption", "els => els.map(e => e.textContent)")
    assert "<b>left</b>" in captions


def test_the_tie_tree_differs_between_the_rules(prune):
    page = prune.page
    prune.open("preset=tie&rule=standard&step=end")
    assert prune.node("1.1").get_attribute("data-state") == "pruned"
    assert prune.node("1.1").get_attribute("data-value") is None
    prune.screenshot("tie-standard")

    # Switching the rule in the form reruns the search and stays at the end.
    page.select_option("#opt-rule", "strict")
    page.wait_for_function("() => location.search.includes('rule=strict')")
    prune.wait_state("done")
    page.wait_for_function("() => window.prune.step === window.prune.trace.length")
    assert prune.node("1.1").get_attribute("data-state") == "visited"
    assert prune.node("1.1").get_attribute("data-value") == "0"
    assert prune.paths_in_state("pruned") == []
    assert page.locator("#pseudocode [data-line='min-test']").inner_text().startswith("if v < α")
    prune.screenshot("tie-strict")

    prune.open("preset=tie&rule=strict&step=end")
    assert prune.node("1.1").get_attribute("data-state") == "visited"


def test_big_tree_renders_and_steps(prune):
    page = prune.page
    prune.open("preset=random-binary-10")
    # Folded around the search: a few dozen of the 2,047 nodes, the rest in summaries.
    drawn = page.locator("g.node").count()
    assert 3 <= drawn <= 80
    assert page.locator("g.node.collapsed .fold-summary").count() >= 1
    n = prune.length()
    assert n > 1000
    page.keyboard.press("End")
    summary = page.evaluate("window.prune.trace.summary")
    assert prune.node("").get_attribute("data-value") == str(summary["value"])
    prune.screenshot("binary-10-end")
    # Show all draws every node; then the pruned ones are exactly the engine's.
    page.click("#expand-all")
    assert page.get_attribute("#expand-all", "aria-pressed") == "true"
    assert page.locator("g.node").count() == 2047
    assert len(prune.paths_in_state("pruned")) == summary["nodes_pruned"]
    # Fold a subtree by its root; press Show all again: the view folds by itself again.
    page.evaluate("window.prune.view.toggle(window.prune.trace.ids.get('0'))")
    assert page.locator("g.node").count() == 2047 - 1022  # [0]'s 1,022 descendants hidden
    page.click("#expand-all")
    assert page.get_attribute("#expand-all", "aria-pressed") == "false"
    assert page.locator("g.node").count() <= 80


def test_deepest_tree_with_a_wide_last_level_renders_and_steps(prune):
    """200 levels, the deepest tree allowed: a chain of 200 nodes over 300 leaves. Events name
    nodes by row of the node table; the page still marks and names every node by its path."""
    page = prune.page
    leaves = [100 + i for i in range(300)]
    leaves[137] = 7  # the fan's MIN node returns 7, and so does every node above it
    tree = leaves
    for _ in range(199):
        tree = [tree]
    prune.open(f"tree={quote(json.dumps(tree, separators=(',', ':')))}")
    page.click("#expand-all")  # every node drawn (500 is under Show all's limit)
    chain = ["", *(".".join(["0"] * depth) for depth in range(1, 200))]
    fan = [f"{chain[-1]}.{i}" for i in range(300)]
    assert set(prune.nodes()) == set(chain + fan)
    assert prune.node(fan[299]).get_attribute("data-state") == "unvisited"
    n = prune.length()
    assert n == 200 + 2 * 300 + 199 + 200  # enter, leaf + update, update, exit

    # Steps 1..200 enter the chain; leaf i is evaluated at step 201 + 2i. In level order the
    # chain takes names 0..199 and fan leaf i name 200 + i: leaf 137 is the 338th, "LZ".
    deepest = "LZ"
    page.evaluate("(k) => window.prune.seek(k)", 201 + 2 * 137)
    assert page.inner_text("#narration") == f"Evaluate leaf {deepest}: its value is 7."
    assert prune.node(fan[137]).get_attribute("data-state") == "visited"
    assert prune.node(fan[138]).get_attribute("data-state") == "unvisited"
    page.evaluate("(k) => window.prune.seek(k)", 200 + 2 * 300 + 1)  # the fan's exit
    assert page.inner_text("#narration").endswith(f"returns 7 (from child {deepest}).")

    page.keyboard.press("End")
    prune.wait_counter(f"step {n} of {n}")
    assert "root returns 7" in page.inner_text("#narration")
    assert prune.node("").get_attribute("data-value") == "7"
    assert page.inner_text("#stats [data-stat=value] dd") == "7"
    assert prune.node(fan[137]).get_attribute("data-value") == "7"
    assert prune.node(fan[299]).get_attribute("data-value") == "399"
    assert page.eval_on_selector_all("g.node.pv", "els => els.length") == 201  # root to [..,137]


def test_double_click_collapses_a_subtree(prune):
    prune.open("preset=textbook")
    page = prune.page
    node = prune.node("1")
    node.dblclick()
    assert page.locator("g.node").count() == 10
    assert "collapsed" in node.get_attribute("class")
    node.dblclick()
    assert page.locator("g.node").count() == 13


def test_random_tree_form(prune):
    page = prune.page
    prune.open("preset=textbook")
    page.click("label[for=source-kind-random]")
    page.fill("#random-seed", "7")
    page.fill("#random-depth", "3")
    page.fill("#random-branching", "2")
    page.click("#random-generate")
    prune.wait_state("done")
    assert len(prune.nodes()) == 15
    page.wait_for_function("() => location.search.includes('random=')")


def test_phone_layout(browser, live_server, wrap_page):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server.url)
    page = context.new_page()
    prune = wrap_page(page)
    prune.open(f"tree={quote('[[3,12,8],[2,4,6],[14,5,2]]')}&step=14")
    box = page.locator("#tree").bounding_box()
    assert box["height"] > 300 and box["width"] >= 380
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"horizontal overflow: {width}px"
    assert page.locator("#btn-play").is_visible()
    prune.screenshot("phone-390x844")
    prune.assert_clean()
    context.close()


def test_projector_layout_fits_without_scrolling(prune):
    prune.open("preset=textbook&step=14")
    page = prune.page
    assert page.evaluate("document.scrollingElement.scrollHeight") <= 720
    for selector in ("#tree", "#narration", "#btn-play", "#counter", "#pseudocode", "#run"):
        box = page.locator(selector).bounding_box()
        assert box and box["y"] + min(box["height"], 40) <= 720, selector
    prune.screenshot("projector-1280x720")


DIGEST = """() => [...document.querySelectorAll('g.node')].map((g) =>
    `${g.dataset.path}:${g.dataset.state}:${g.dataset.value ?? ''}:${g.textContent}`).join(' ')
  + '|' + [...document.querySelectorAll('.cutoff-label, .strike')].map(
    (e) => e.dataset.path).sort().join(' ')"""

# Stepping one by one: the trace's state moves one event at a time from step 0 (trace.seek
# applies the next event to the state it holds), and the page draws it at the steps asked
# for (drawing the others would only cost time: the picture is drawn from the state).
STEP_ALL = (
    """(ks) => {
  const digest = DIGEST;
  const out = {};
  const trace = window.prune.trace;
  window.prune.seek(0);
  for (let k = 0; k <= trace.length; k++) {
    if (trace.seek(k).step !== k) throw new Error(`step ${k} not reached`);
    if (ks.includes(k)) {
      window.prune.seek(k);
      out[k] = digest();
    }
  }
  return out;
}"""
).replace("DIGEST", DIGEST)


def test_seeking_across_snapshots_matches_stepping(prune):
    """On a trace of thousands of steps (snapshots every 256), any seek order gives the
    picture that stepping one by one gave."""
    page = prune.page
    prune.open("preset=random-binary-10")
    n = prune.length()
    ks = [0, 1, 255, 256, 257, 511, 512, 700, 1300, n - 1, n]
    stepped = {int(k): v for k, v in page.evaluate(STEP_ALL, ks).items()}
    assert len(set(stepped.values())) >= len(ks) - 2  # the picture really changes
    for k in [n, 257, 256, 1, 700, 255, 0, n - 1, 512, 511, 1300]:
        page.evaluate("(k) => window.prune.seek(k)", k)
        assert page.evaluate(DIGEST) == stepped[k], f"seek to {k}"
    # One step back from just past a snapshot boundary.
    page.evaluate("() => window.prune.seek(257)")
    page.locator("#tree").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(DIGEST) == stepped[256]


def test_saved_view_short_link_opens_the_view(prune):
    page = prune.page
    response = page.request.post(
        "/api/views", data={"tree": [[10], [10, 0]], "options": {"rule": "strict"}}
    )
    assert response.status == 201, response.text()
    page.goto(response.json()["url"] + "?step=end")
    prune.wait_state()
    assert page.input_value("#opt-rule") == "strict"
    assert prune.node("1.1").get_attribute("data-state") == "visited"
    assert prune.node("").get_attribute("data-value") == "10"
