"""The second accessibility audit's findings (issue 36, item 5): playing Pacman yourself says
one polite line per round; downloaded and printed trees are described in words (<desc>); the
drill embed's Options box reflows at 320 px and its heading sits in the main landmark; the
Tree/Outline switch shows which is pressed in forced colours; fold toggles are targets of at
least 24 px and a drill (where a tap crosses out) has none; the lesson editor's handle moves a
slide with Enter or Space and the arrows."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}


def test_playing_pacman_yourself_says_one_line_a_round(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.emulate_media(reduced_motion="reduce")
    page.goto("/play/pacman")
    page.wait_for_selector("main[data-game-load=ready]")
    page.locator("#maze").click()
    page.evaluate("() => { document.getElementById('stage').dataset.gameLoad = 'waiting'; }")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("main[data-game-load=ready]")
    status = page.locator("#game-status")
    said = status.inner_text()
    assert said.startswith("Move 1: Pacman went West"), said
    assert (
        "Ghost 1 " in said and "Ghost 2 " in said and said.index("Ghost 1") < said.index("Ghost 2")
    )
    score = page.inner_text("[data-score]")
    assert f"Score {score}, " in said and "dots left." in said
    # That line is the one said: the reason line (what the person played) is not.
    assert status.get_attribute("aria-live") == "polite"
    assert page.get_attribute("#reason", "aria-live") == "off"
    # While the rounds play, nothing is said a round at a time (the switch happens as the
    # playing starts and stops, a moment after the click: expect waits for it).
    page.click('[data-action="play"]')
    expect(status).to_have_attribute("aria-live", "off")
    page.click('[data-action="play"]')
    expect(status).to_have_attribute("aria-live", "polite")


def test_a_printed_tree_is_described_node_by_node(prune):
    page = prune.page
    page.goto("/l/alpha-beta-1/print")
    prune.wait_state("done", timeout=60_000)
    picture = page.locator("svg.tree-picture").first
    title = picture.locator("title").text_content()
    desc = picture.locator("desc").text_content()
    names = picture.locator("g.node[data-path]").evaluate_all(
        "(gs) => gs.map((g) => g.querySelector('.node-label, .name')?.textContent || '')"
    )
    assert title and desc
    lines = desc.split("\n")
    assert len(lines) == picture.locator("g.node[data-path]").count()
    for name in filter(None, names):
        assert any(f" {name}:" in line for line in lines), (name, desc)


def test_the_drill_embeds_options_reflow_at_320_px_and_its_heading_is_in_main(prune):
    page = prune.page
    page.set_viewport_size({"width": 320, "height": 240})
    page.goto("/embed/practice/drill")
    page.wait_for_selector("g.node", state="attached")
    assert page.locator("main h1").count() == 1 and page.locator("body > h1").count() == 0
    page.click("#drill-options summary")
    box = page.locator(".drill-options-box").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 320
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 320


def test_the_tree_outline_switch_shows_the_pressed_one_in_forced_colours(prune):
    page = prune.page
    page.emulate_media(forced_colors="active")
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    buttons = page.locator("[data-layout]")
    assert buttons.count() == 2
    looks = buttons.evaluate_all(
        "(bs) => bs.map((b) => ({ pressed: b.getAttribute('aria-pressed'),"
        " bg: getComputedStyle(b).backgroundColor, fg: getComputedStyle(b).color }))"
    )
    on = [look for look in looks if look["pressed"] == "true"]
    off = [look for look in looks if look["pressed"] == "false"]
    assert len(on) == 1 and len(off) == 1
    assert on[0]["bg"] != off[0]["bg"] and on[0]["fg"] != off[0]["fg"], looks


TOGGLE_TARGET = """() => {
  const toggle = document.querySelector('#tree g.node .toggle');
  const box = toggle.querySelector('.toggle-sign').getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  // 11 CSS px from the sign's centre, on the side away from the node's shape.
  const hit = document.elementFromPoint(x + 11, y);
  return { size: box.width, reached: !!(hit && hit.closest('.toggle') === toggle) };
}"""


def test_a_fold_toggle_is_a_target_of_24_px_even_when_drawn_small(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    page.hover("#tree g.node[data-path='0']")  # a toggle is drawn on hover
    page.wait_for_selector("#tree g.node .toggle", state="attached")
    found = page.evaluate(TOGGLE_TARGET)
    assert found["size"] < 24 and found["reached"], found


def test_a_drill_on_a_touch_screen_draws_no_fold_toggle(browser, base_url, wrap_page):
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        drill = wrap_page(page)
        page.goto("/practice/drill?level=binary&seed=1")
        page.wait_for_selector("#tree g.node", state="attached")
        assert page.evaluate("() => matchMedia('(hover: none)').matches")
        page.locator("#tree g.node[data-path='0']").dispatch_event("dblclick")
        assert page.locator("#tree .toggle").count() == 0
        assert page.locator("#tree g.node.collapsed").count() == 0
        # On the main page, the same touch screen draws its toggles up front.
        page.goto("/?preset=textbook")
        page.wait_for_selector("#tree g.node .toggle", state="attached")
        drill.assert_clean()
    finally:
        context.close()


def test_the_lesson_editors_handle_moves_a_slide_with_enter_and_the_arrows(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto("/lessons/new")
    for title in ["One", "Two", "Three"]:
        page.click("#btn-add-notes")
        page.locator(".slide-card .card-title").last.fill(title)
    titles = lambda: page.locator(".slide-card .card-title").evaluate_all(  # noqa: E731
        "(inputs) => inputs.map((i) => i.value)"
    )
    assert titles() == ["One", "Two", "Three"]
    page.locator(".slide-card").nth(0).locator(".drag-handle").focus()
    page.keyboard.press("Enter")
    handle = page.locator(".slide-card").nth(0).locator(".drag-handle")
    assert handle.get_attribute("aria-pressed") == "true"
    assert "picked up" in page.inner_text("#editor-announce")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert titles() == ["Two", "Three", "One"]
    carried = page.locator(".slide-card").nth(2).locator(".drag-handle")
    assert page.evaluate("() => document.activeElement.dataset.part") == "handle"
    assert carried.get_attribute("aria-pressed") == "true"
    page.keyboard.press(" ")
    assert carried.get_attribute("aria-pressed") == "false"
    assert "put down at position 3" in page.inner_text("#editor-announce")
    # Escape puts a carried slide back where it was.
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    assert titles() == ["Two", "One", "Three"]
    page.keyboard.press("Escape")
    assert titles() == ["Two", "Three", "One"]
    assert "put back at position 3" in page.inner_text("#editor-announce")
