"""A lesson presented on a projector (/l/<id> at 1024×768, 1280×720, 1920×1080) is presentation
mode (docs/lessons.md, "Pages"), in headless Chromium: values of at least 24 CSS px where the
tree fits (the textbook tree and the 22-node exam tree at 1024×768), every label of every tree
slide of the built-in lesson inside the tree's panel and the topmost thing at its centre at the
first, a middle and the last step (label_checks; the folded Pacman slide keeps its step's
context readable, and every label in the part its camera shows; test_lesson_game_labels.py
checks the game slides), the narration a caption of at least 24 px, the notes at least 24 px,
the header's actions and the player fading after 3 s without a pointer move and back on the
next one, B and . blanking the screen (stopping playback; a step key only brings the slide
back), and the "Single-key shortcuts" setting turning B and . off. A phone keeps the page's own
layout (not presenting).

Before: values of 16–22 px, narration at 15 px, five buttons in a header that stayed, B and
. did nothing."""

from __future__ import annotations

import pytest
from label_checks import label_problems, value_sizes
from lesson_lectures import save, show, steps
from scene_checks import context_problems, drawn_node_count

pytestmark = pytest.mark.browser

LESSON = "/l/alpha-beta-1"
IDLE_MS = 3000  # player/idle-controls.js IDLE_MS
TEXTBOOK, EXAM, PACMAN = 1, 9, 7  # the built-in lesson's slides (app/lessons/builtin.py)
TREE_SLIDES = [0, 1, 2, 3, 4, 5, 6, 7, 9]
SCREENS = {"1024x768": (1024, 768), "1280x720": (1280, 720), "1920x1080": (1920, 1080)}
IDLE = "document.body.dataset.controls === 'idle'"
PLAYER_OPACITY = "(o) => getComputedStyle(document.getElementById('player')).opacity === o"


def open_slide(page, slide: int, size=(1024, 768)):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{LESSON}?slide={slide}&step=0")
    page.wait_for_selector(f'#slide[data-slide-index="{slide}"]:not([data-kind="loading"])')
    page.wait_for_selector('#stage[data-presenting="on"]')
    page.wait_for_timeout(100)  # the panel's final size reaches the view


def font_px(page, selector: str) -> float:
    script = "(s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize)"
    return page.evaluate(script, selector)


@pytest.mark.parametrize("slide", [TEXTBOOK, EXAM], ids=["textbook", "exam-22-nodes"])
def test_values_are_24px_or_more_at_1024x768(prune, slide):
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    open_slide(page, slide)
    size = page.evaluate("window.prune.stage.content.trace.size")
    for step in steps(page, slide):
        show(page, slide, step)
        assert drawn_node_count(page) == size, f"step {step}: the tree is drawn whole"
        sizes = value_sizes(page)
        assert sizes and min(sizes) >= 24, f"step {step}: values of {min(sizes):.1f} px"
        assert not label_problems(page), f"step {step}: {label_problems(page)}"
    assert font_px(page, "#narration") >= 24
    assert font_px(page, "#slide-notes") >= 24
    if slide == EXAM:
        assert font_px(page, "#slide-question") >= 24
    prune.screenshot(f"lesson-presenting-1024x768-slide-{slide}")


@pytest.mark.parametrize("screen", list(SCREENS), ids=list(SCREENS))
def test_every_label_of_every_tree_slide_is_uncovered(prune, screen):
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    for slide in TREE_SLIDES:
        open_slide(page, slide, SCREENS[screen])
        size = page.evaluate("window.prune.stage.content.trace.size")
        for step in steps(page, slide):
            show(page, slide, step)
            where = f"{screen}, slide {slide}, step {step}"
            if drawn_node_count(page) < size:
                assert slide == PACMAN, f"{where}: folded"
                problems = context_problems(page, lesson=True)
                problems += label_problems(page, panned=True)
            else:
                problems = label_problems(page)
                assert min(value_sizes(page) or [24]) >= 24, f"{where}: values under 24 px"
            assert not problems, f"{where}:\n" + "\n".join(problems)
    prune.screenshot(f"lesson-presenting-{screen}")


def test_the_header_and_the_player_fade_when_idle_and_come_back(prune):
    page = prune.page
    page.clock.install()
    open_slide(page, TEXTBOOK)
    actions = page.locator("#lesson-actions")
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # time moves only when told
    page.mouse.move(300, 300)  # the controls shown now, for IDLE_MS
    assert not page.evaluate(IDLE) and actions.is_visible()
    page.clock.run_for(IDLE_MS - 500)
    assert not page.evaluate(IDLE), "faded too early"
    page.clock.run_for(1000)
    assert page.evaluate(IDLE)
    page.wait_for_function(PLAYER_OPACITY, arg="0")
    opacity = "(id) => getComputedStyle(document.getElementById(id)).opacity"
    assert page.evaluate(opacity, "lesson-actions") == "0"
    # The slide's title stays; the tree keeps its size (the controls keep their room).
    assert page.locator("#slide-title").is_visible()
    prune.screenshot("lesson-presenting-idle")

    page.mouse.move(400, 300)
    page.mouse.move(420, 310)
    assert not page.evaluate(IDLE)
    page.wait_for_function(PLAYER_OPACITY, arg="1")
    assert page.evaluate(opacity, "lesson-actions") == "1"
    page.clock.run_for(IDLE_MS + 100)
    assert page.evaluate(IDLE)
    # A clicker's key brings them back, and steps.
    page.keyboard.press("PageDown")
    assert not page.evaluate(IDLE)
    assert page.locator("#counter").inner_text().startswith("step 1 ")
    # Never faded while one of them has keyboard focus.
    page.focus("#btn-forward")
    page.keyboard.press("Tab")
    page.clock.run_for(3 * IDLE_MS)
    assert not page.evaluate(IDLE)


@pytest.mark.parametrize("key", ["b", "."])
def test_b_and_dot_blank_the_screen(prune, key):
    page = prune.page
    open_slide(page, TEXTBOOK)
    page.keyboard.press("Space")  # playing
    page.wait_for_function("() => document.getElementById('btn-play').dataset.playing === 'true'")
    page.keyboard.press(key)
    sheet = page.locator(".blank-screen")
    assert page.evaluate("document.body.dataset.blank") == "on" and sheet.is_visible()
    assert page.get_attribute("#btn-play", "data-playing") == "false", "playback stops"
    box = sheet.bounding_box()
    assert box["width"] >= 1024 and box["height"] >= 768
    assert page.evaluate("document.elementFromPoint(500, 400).className") == "blank-screen"
    prune.screenshot("lesson-presenting-blank")
    # A step key only brings the slide back: the class sees the step it left.
    counter = page.locator("#counter").inner_text()
    page.keyboard.press("PageDown")
    assert sheet.is_hidden() and page.evaluate("document.body.dataset.blank") is None
    assert page.locator("#counter").inner_text() == counter
    page.keyboard.press(key)
    assert sheet.is_visible()
    page.keyboard.press(key)
    assert sheet.is_hidden()


def test_the_single_key_setting_turns_b_and_dot_off(prune):
    page = prune.page
    page.goto("/")
    page.evaluate("localStorage.setItem('prune.singleKeyShortcuts', 'off')")
    open_slide(page, TEXTBOOK)
    for key in ("b", "."):
        page.keyboard.press(key)
        assert page.locator(".blank-screen").count() == 0
        assert page.evaluate("document.body.dataset.blank") is None
    page.keyboard.press("PageDown")  # the clicker's step keys are no single keys: they work
    assert page.locator("#counter").inner_text().startswith("step 1 ")


def test_a_phone_is_not_presenting(prune):
    page = prune.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{LESSON}?slide={TEXTBOOK}")
    page.wait_for_selector(f'#slide[data-slide-index="{TEXTBOOK}"][data-kind="tree"]')
    assert page.get_attribute("#stage", "data-presenting") is None
    page.keyboard.press("b")
    assert page.locator(".blank-screen").count() == 0
    assert page.locator("#lesson-actions").is_visible()


def test_a_tic_tac_toe_slide_shows_the_step_s_position_beside_the_tree(prune, base_url):
    lesson = {
        "title": "A game",
        "slides": [
            {
                "title": "X to move",
                "notes": "Where should X play?",
                "view": {"kind": "game", "game": "tictactoe", "query": {"board": "XO.X.O..."}},
            }
        ],
    }
    page = prune.page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"/l/{save(base_url, lesson)}")
    page.wait_for_selector('#slide[data-kind="game"]')
    cells = page.locator("#slide-position .mini-cell")
    assert cells.count() == 9
    # Whole cells, none over another (another page's .mini-board rule squeezed them).
    boxes = [cells.nth(k).bounding_box() for k in range(9)]
    assert all(box["height"] >= 40 for box in boxes)
    assert boxes[3]["y"] >= boxes[0]["y"] + boxes[0]["height"]
    caption = page.locator("#slide-position .mini-caption")
    assert "the position searched" in caption.inner_text()
    show(page, 0, 3)
    assert "→" in caption.inner_text() and "the position searched" not in caption.inner_text()
    prune.screenshot("lesson-presenting-tictactoe-1280x720")
