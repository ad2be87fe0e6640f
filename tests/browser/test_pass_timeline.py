"""The pass timeline under the player (panels/pass-timeline.js), in headless Chromium against
the real server: one button per pass of aspiration search, MTD(f) and SSS* (per re-search of
PVS), the current one marked, a click or Enter going to the pass's first step through the
player; hidden for a search without passes; at 1280×720, 1024×768, 390×844 and in 640×360
and 320×240 embeds it is on screen, its buttons at least 24 px and uncovered, and it covers no
node at any step (a small frame folds it to "Pass 2 of 4"); axe finds nothing serious in the
light and dark themes."""

import json
from urllib.parse import quote

import pytest
from axe_checks import assert_no_serious
from scene_checks import covered_or_small_values, settled

pytestmark = pytest.mark.browser

ASPIRATION = "preset=textbook&algorithm=pvs&aspiration=10%2C1"
SSSSTAR = "preset=textbook&algorithm=sssstar"

# Each button of the timeline: its box, and whether it is the topmost thing at its centre.
BUTTONS = """() => [...document.querySelectorAll('#pass-timeline button')]
  .filter((b) => b.offsetParent !== null)
  .map((b) => {
    const r = b.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return {text: b.textContent, x: r.x, y: r.y, w: r.width, h: r.height,
            right: r.right, bottom: r.bottom, topmost: !!top && b.contains(top)};
  })"""


def segments(page):
    return page.eval_on_selector_all(
        "#pass-timeline .pass-segment",
        "(bs) => bs.map((b) => [b.textContent, b.getAttribute('aria-current')])",
    )


def go_to(prune, step):
    prune.page.evaluate("(k) => window.prune.player.show(k)", step)
    prune.page.wait_for_function("(k) => window.prune.step === k", arg=step)


def test_aspiration_passes_are_segments_that_jump_to_their_first_step(prune):
    page = prune.page
    prune.open(ASPIRATION)
    assert page.is_visible("#pass-timeline")
    assert page.get_attribute("#pass-timeline", "aria-label").startswith("Passes")
    go_to(prune, 0)  # nothing reached: names only, none current
    assert segments(page) == [["Pass 1", None], ["Pass 2", None]]
    page.click('#pass-timeline [data-pass="2"]')
    prune.wait_counter("step 24 of 51")
    assert segments(page) == [
        ["Pass 1(9, 11)fails low: ≤ 5", None],
        ["Pass 2(−∞, 11)searching…", "step"],
    ]
    assert "Pass 2 searches again with the window (−∞, 11)" in page.inner_text("#narration")
    page.focus('#pass-timeline [data-pass="1"]')
    page.keyboard.press("Enter")
    prune.wait_counter("step 1 of 51")
    assert page.get_attribute('#pass-timeline [data-pass="1"]', "aria-current") == "step"
    assert page.inner_text("#narration").startswith("Pass 1 of aspiration search")
    go_to(prune, 51)
    assert segments(page)[1] == ["Pass 2(−∞, 11)exact: 3", "step"]
    assert page.get_attribute('#pass-timeline [data-pass="1"]', "data-outcome") == "fail-low"
    prune.screenshot("pass-timeline-aspiration")


def test_mtdf_passes_and_pvs_re_searches_and_none_for_alpha_beta(prune):
    page = prune.page
    prune.open("preset=textbook&algorithm=mtdf&guess=0&step=end")
    assert [text for text, _ in segments(page)] == [
        "Pass 1v ≥ 0?fails high: ≥ 3",
        "Pass 2v ≥ 4?fails low: ≤ 3",
    ]
    tree = quote(json.dumps([[3, 5], [6, 7], [1, 2]]))
    prune.open(f"tree={tree}&algorithm=pvs&step=15")
    assert page.get_attribute("#pass-timeline", "aria-label").startswith("Re-searches")
    assert segments(page) == [["C again(3, ∞)searching…", "step"]]
    prune.open("preset=textbook&algorithm=alphabeta")
    assert page.is_hidden("#pass-timeline")


SCREENS = [
    ("main-1280x720", "/", (1280, 720)),
    ("main-1024x768", "/", (1024, 768)),
    ("phone-390x844", "/", (390, 844)),
    ("embed-640x360", "/embed", (640, 360)),
    ("embed-320x240", "/embed", (320, 240)),
]


@pytest.mark.parametrize("screen", SCREENS, ids=[s[0] for s in SCREENS])
def test_the_timeline_fits_every_screen_and_covers_no_node(prune, screen):
    name, path, (width, height) = screen
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{path}?{SSSSTAR}")
    page.wait_for_selector("body[data-run-state=done]", timeout=20_000)
    last = page.evaluate("window.prune.trace.length")
    for step in sorted({0, 1, 29, 30, 47, 67, last}):
        go_to(prune, step)
        settled(page)
        page.evaluate("() => window.scrollTo(0, 0)")
        problems = covered_or_small_values(page, "#tree")
        assert not problems, f"{name}, step {step}:\n" + "\n".join(problems)
        # A phone's page scrolls (the player too lies below the fold): bring the timeline up.
        page.eval_on_selector("#pass-timeline", "(t) => t.scrollIntoView({block: 'nearest'})")
        buttons = page.evaluate(BUTTONS)
        assert buttons, f"{name}: no timeline button shown"
        for b in buttons:
            where = f"{name}, step {step}, {b['text']!r}"
            assert b["w"] >= 24 and b["h"] >= 24, f"{where}: {b['w']}×{b['h']} px"
            assert b["x"] >= 0 and b["y"] >= 0, where
            assert b["right"] <= width + 0.5 and b["bottom"] <= height + 0.5, f"{where}: off"
            assert b["topmost"], f"{where}: covered"
    compact = page.get_attribute("#pass-timeline", "data-mode") == "compact"
    if width <= 390:
        assert compact, f"{name}: four passes fit a row {width} px wide?"
    if compact:
        assert page.inner_text("#pass-timeline .pass-summary").startswith("Pass 4 of 4 · v ≥ 3?")
        page.click("#pass-timeline .pass-prev")
        page.wait_for_function("() => window.prune.step === 67")
        page.click("#pass-timeline .pass-prev")
        page.wait_for_function("() => window.prune.step === 47")
        assert page.inner_text("#pass-timeline .pass-summary").startswith("Pass 3 of 4")
    else:
        assert page.locator("#pass-timeline .pass-segment").count() == 4
    prune.screenshot(f"pass-timeline-{name}")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_nothing_serious_with_the_timeline(prune, theme):
    page = prune.page
    prune.open(f"{SSSSTAR}&step=40&theme={theme}")
    assert page.is_visible("#pass-timeline")
    assert_no_serious(page, f"pass timeline ({theme})")
    page.goto(f"/embed?{SSSSTAR}&step=40&theme={theme}")
    page.wait_for_selector("body[data-run-state=done]")
    assert_no_serious(page, f"embed pass timeline ({theme})")


@pytest.mark.parametrize("viewport", [(1280, 720), (390, 844)], ids=["1280x720", "390x844"])
def test_presenting_the_timeline_is_a_row_of_the_player_and_covers_no_node(prune, viewport):
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    page.goto(f"/?{ASPIRATION}&step=30")
    page.wait_for_selector("body[data-run-state=done]")
    page.keyboard.press("p")
    page.wait_for_selector("body[data-present=on]")
    page.mouse.move(viewport[0] / 2, viewport[1] - 40)  # the controls show
    page.wait_for_timeout(300)
    assert page.evaluate(
        "() => document.querySelector('#player').contains(document.querySelector('#pass-timeline'))"
    )
    problems = covered_or_small_values(page, "#tree")
    assert not problems, "\n".join(problems)
    buttons = page.evaluate(BUTTONS)
    assert buttons and all(b["topmost"] and b["h"] >= 24 for b in buttons), buttons
    assert all(b["bottom"] <= viewport[1] + 0.5 for b in buttons)
    prune.screenshot(f"pass-timeline-presenting-{viewport[0]}x{viewport[1]}")
