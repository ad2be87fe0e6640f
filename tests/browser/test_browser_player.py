"""End-to-end: the textbook tree in headless Chromium against the real server (gunicorn)."""

import pytest

pytestmark = pytest.mark.browser

TEXTBOOK_STEPS = 27  # events in the textbook trace (standard rule)
PATHS = "els => els.map(e => e.dataset.path)"


def test_textbook_played_to_the_end(prune):
    prune.open("preset=textbook")
    assert prune.counter() == f"step 0 of {TEXTBOOK_STEPS}"
    assert set(s for s, _ in prune.nodes().values()) == {"unvisited"}
    assert prune.node("").get_attribute("data-state") == "unvisited"
    prune.screenshot("textbook-start")

    prune.page.select_option("#speed", "4")
    prune.page.click("#btn-play")
    assert prune.page.get_attribute("#btn-play", "aria-pressed") == "true"
    prune.wait_counter(f"step {TEXTBOOK_STEPS} of {TEXTBOOK_STEPS}", timeout=20_000)
    prune.page.wait_for_function(
        "() => document.getElementById('btn-play').dataset.playing === 'false'"
    )

    root = prune.node("")
    assert root.get_attribute("data-value") == "3"
    assert root.get_attribute("data-state") == "visited"
    assert prune.paths_in_state("pruned") == ["1.1", "1.2"]
    assert prune.paths_in_state("active") == []

    # Both cutoffs are labelled: [1]'s pruned 4 and 6; [2]'s fired on its last child.
    assert prune.page.locator(".cutoff-label").count() == 2
    label = prune.page.locator(".cutoff-label[data-path='1']")
    assert label.get_attribute("data-kind") == "alpha"
    assert label.get_attribute("data-pruned") == "2"
    assert "α-cutoff" in label.text_content()
    assert "v=2 ≤ α=3" in label.text_content()
    last = prune.page.locator(".cutoff-label[data-path='2']")
    assert last.get_attribute("data-kind") == "alpha" and last.get_attribute("data-pruned") == "0"
    assert "v=2 ≤ α=3" in last.text_content() and "(last child)" in last.text_content()
    assert sorted(prune.page.eval_on_selector_all(".strike", PATHS)) == ["1.1", "1.2"]

    # Values where the search returned, and the principal variation highlighted.
    values = {p: v for p, (_, v) in prune.nodes().items() if v is not None}
    assert values["0"] == "3" and values["1"] == "2" and values["2"] == "2"
    assert "1.1" not in values and "1.2" not in values
    pv = prune.page.eval_on_selector_all("g.node.pv", PATHS)
    assert sorted(pv) == ["", "0", "0.0"]
    assert prune.page.locator(".best-label").count() == 1
    assert prune.page.inner_text("#narration") == (
        "The root returns 3: the search is complete. Best move: B."
    )
    prune.page.wait_for_function("() => location.search.includes('step=end')")
    prune.screenshot("textbook-end")


def test_cutoff_step_narration_and_pseudocode(prune):
    prune.open("preset=textbook")
    prune.page.click("#btn-next-cut")
    assert prune.step() == 14
    # Level order names the textbook tree: root A; MIN nodes B, C, D; leaves E … M.
    assert prune.page.inner_text("#narration") == (
        "MIN node C: v = 2 ≤ α = 3, so the remaining children I and J cannot matter "
        "(MAX above already has a better option): α-cutoff."
    )
    # Screen readers hear it from a polite live region (paced while playing); the visible
    # sentence itself is not announced twice.
    assert prune.page.get_attribute("#narration", "aria-live") == "off"
    assert prune.page.get_attribute("#narration-spoken", "aria-live") == "polite"
    assert prune.page.text_content("#narration-spoken") == prune.page.inner_text("#narration")
    current = prune.page.locator("#pseudocode .line.current")
    assert current.count() == 1
    assert current.get_attribute("data-line") == "min-test"
    assert "α ≥ β" in current.inner_text()
    # The current node and the path to it.
    on_path = prune.page.eval_on_selector_all("g.node.on-path", PATHS)
    assert sorted(on_path) == ["", "1"]
    assert prune.node("1").get_attribute("data-state") == "active"
    assert prune.node("").get_attribute("data-state") == "active"
    prune.screenshot("textbook-cutoff")


def test_back_to_the_start_and_forward_again_restores_every_picture(prune):
    prune.open("preset=textbook")
    n = prune.length()
    assert n == TEXTBOOK_STEPS
    prune.page.locator("#tree").click(position={"x": 5, "y": 5})
    forward = [prune.picture()]
    for _ in range(n):
        prune.page.keyboard.press("ArrowRight")
        forward.append(prune.picture())
    assert forward[-1]["counter"] == f"step {n} of {n}"
    assert len({str(p["nodes"]) for p in forward}) > n // 2  # the picture really changes

    # Step back one by one: every earlier picture comes back exactly.
    for k in range(n - 1, -1, -1):
        prune.page.keyboard.press("ArrowLeft")
        assert prune.picture() == forward[k], f"step {k} differs going back"

    # And forward again from the start.
    for k in range(1, n + 1):
        prune.page.keyboard.press("ArrowRight")
        assert prune.picture() == forward[k], f"step {k} differs going forward again"

    # Seeking far (snapshots) gives the same pictures as stepping.
    for k in (n, 3, 20, 0, 14):
        prune.page.evaluate("(k) => window.prune.seek(k)", k)
        assert prune.picture() == forward[k], f"seek to {k} differs"


def test_keyboard_controls(prune):
    prune.open("preset=textbook")
    prune.page.locator("#tree").click(position={"x": 5, "y": 5})
    kb = prune.page.keyboard
    for _ in range(3):
        kb.press("ArrowRight")
    assert prune.counter() == f"step 3 of {TEXTBOOK_STEPS}"
    kb.press("ArrowLeft")
    assert prune.step() == 2
    kb.press("End")
    assert prune.step() == TEXTBOOK_STEPS
    kb.press("Home")
    assert prune.step() == 0
    kb.press("Shift+ArrowRight")  # next cutoff
    assert prune.step() == 14
    kb.press("Shift+ArrowLeft")  # no earlier cutoff: stays
    assert prune.step() == 14
    kb.press("Home")

    kb.press(" ")
    assert prune.page.get_attribute("#btn-play", "aria-pressed") == "true"
    prune.page.wait_for_function("() => window.prune.step >= 1", timeout=5_000)
    kb.press(" ")
    assert prune.page.get_attribute("#btn-play", "aria-pressed") == "false"
    paused_at = prune.step()
    prune.page.wait_for_timeout(900)
    assert prune.step() == paused_at

    # Keyboard-only: Tab reaches the player's buttons, which have accessible names, and
    # Enter on a focused button presses it (Space too: test_keyboard.py).
    for selector in ("#btn-first", "#btn-back", "#btn-play", "#btn-forward", "#btn-last",
                     "#btn-prev-cut", "#btn-next-cut"):  # fmt: skip
        assert prune.page.get_attribute(selector, "aria-label")
    prune.page.focus("#btn-forward")
    before = prune.step()
    kb.press("Enter")
    assert prune.step() == before + 1
    # Typing in a field does not step the player.
    prune.page.focus("#opt-players")
    kb.press("ArrowRight")
    assert prune.step() == before + 1


def test_slider_and_speed(prune):
    prune.open("preset=textbook")
    slider = prune.page.locator("#scrub")
    assert slider.get_attribute("max") == str(TEXTBOOK_STEPS)
    slider.fill("10")
    assert prune.step() == 10
    assert prune.counter() == f"step 10 of {TEXTBOOK_STEPS}"
    speeds = prune.page.eval_on_selector_all("#speed option", "els => els.map(e => e.value)")
    assert speeds[0] == "0.25" and speeds[-1] == "16"


def test_url_reproduces_the_view(prune):
    prune.open("preset=textbook&step=14")
    assert prune.step() == 14
    picture = prune.picture()
    prune.page.keyboard.press("ArrowRight")
    prune.page.wait_for_function("() => location.search.includes('step=15')")
    prune.page.reload()
    prune.wait_state()
    assert prune.step() == 15

    # The same tree given inline in the URL shows the same picture as the preset.
    tree = "%5B%5B3%2C12%2C8%5D%2C%5B2%2C4%2C6%5D%2C%5B14%2C5%2C2%5D%5D"
    prune.open(f"tree={tree}&rule=standard&step=14")
    assert prune.page.is_checked("#source-kind-paste")
    assert prune.picture()["nodes"] == picture["nodes"]
    prune.page.wait_for_function("() => location.search.includes('tree=')")


def test_minimax_never_prunes(prune):
    prune.open("preset=textbook&algorithm=minimax&step=end")
    assert prune.paths_in_state("pruned") == []
    assert prune.node("").get_attribute("data-value") == "3"
    assert prune.page.locator(".cutoff-label").count() == 0
    assert prune.page.input_value("#opt-algorithm") == "minimax"
    assert prune.page.locator("#pseudocode [data-line='min-test']").count() == 0
    assert "13 of 13" in prune.page.inner_text("[data-stat='visited'] dd")


def test_narration_tells_a_depth_limited_node_from_a_real_leaf(prune):
    # Step 3 is the first evaluation in both trees: enter root, enter B, evaluate its first
    # child. Searched to depth 2 the node table stops at the limit: A; B, C; D, E, F, G.
    prune.open("preset=depth-limited")
    prune.page.evaluate("() => window.prune.seek(3)")
    assert "Depth limit reached: D is scored by its heuristic value" in prune.page.inner_text(
        "#narration"
    )
    prune.open("preset=textbook")
    prune.page.evaluate("() => window.prune.seek(3)")
    assert prune.page.inner_text("#narration") == "Evaluate leaf E: its value is 3."


@pytest.mark.parametrize("url", ["/?preset=textbook", "/embed?preset=textbook"])
def test_the_tree_refits_when_the_window_is_resized(prune, url):
    # A phone turned to landscape and back, or a projector window dragged narrower.
    page = prune.page
    page.set_viewport_size({"width": 1280, "height": 720})
    # The picture, also where a phone would show the outline (test_narrow_pages.py): this
    # is about the picture's refit (the embed by its address, the page by its switch).
    page.goto(url + "&layout=tree" if url.startswith("/embed") else url)
    prune.wait_state("done")
    if not url.startswith("/embed"):
        page.click('[data-layout="tree"]')
    wide = page.evaluate("window.prune.view.width")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("(wide) => window.prune.view.width < wide", arg=wide)
    # Refitted for the phone: the root and its children (what step 0 is about) are on screen,
    # the first child's value readable, and the view never shrank below readable size.
    page.evaluate("() => window.prune.player.show(2)")  # the first MIN node, entered
    page.wait_for_function(
        """() => {
          const tree = document.getElementById("tree").getBoundingClientRect();
          const inside = (el) => {
            const box = el.getBoundingClientRect();
            return box.left >= tree.left - 1 && box.right <= tree.right + 1
              && box.top >= tree.top - 1 && box.bottom <= tree.bottom + 1;
          };
          const value = document.querySelector('#tree g.node[data-path="0"] .val');
          return inside(document.querySelector('#tree g.node[data-path=""]'))
            && value && inside(value) && value.getBoundingClientRect().height >= 12
            && window.prune.view.transform.k >= 1;
        }"""
    )
