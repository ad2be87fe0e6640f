"""The built-in lesson's trees fit every screen it is shown on (fit first, fold last), in
headless Chromium: presented at 1280×720, 1024×768 and on a 390×844 phone, and embedded in
640×360 and 320×240 frames. On every tree slide that can be drawn whole, at its first, a
middle and its last step, every node is drawn and every value and α/β window is at least
12 CSS px, inside the window and the topmost thing at its centre (scene_checks: nothing of
the page — title, notes, player, minimap — over it). On short screens the notes fold behind a
"Notes" button, which shows them in the tree's place and back.

The Pacman slide (127 nodes) and the 22-node exam tree fold in the small frames: there, at
the same steps, the current node, its parent and its children are drawn, readable, on screen
and uncovered (scene_checks.context_problems).

Before: in the 320×240 embed the tree had 6–100 px of height (notes, a two-line title and a
two-line player took the rest), and on the phone Follow pushed the textbook's last leaf off
screen; a folded tree in the small frames, drawn roomy, lost the parent or the current node
at most steps."""

from __future__ import annotations

import pytest
from scene_checks import context_problems, covered_or_small_values, drawn_node_count, settled

pytestmark = pytest.mark.browser

PAGES = [
    ("presented-1280x720", "/l", (1280, 720)),
    ("presented-1024x768", "/l", (1024, 768)),
    ("phone-390x844", "/l", (390, 844)),
    ("embed-640x360", "/embed/l", (640, 360)),
    ("embed-320x240", "/embed/l", (320, 240)),
]
# The built-in lesson's tree slides: the textbook (13 nodes), the tie tree (6), the 11-node
# window tree, the 22-node exam tree (9); the Pacman slide (7) in the small frames, where
# it (and the exam tree in the smallest) folds and keeps its context.
SMALL_FRAME_SLIDES = [0, 1, 2, 3, 4, 5, 6, 7, 9]
ALL_TREE_SLIDES = [0, 1, 2, 3, 4, 5, 6, 9]
FOLDING_SLIDES = {7, 9}


def open_slide(page, path: str, slide: int):
    page.goto(f"{path}/alpha-beta-1?slide={slide}&step=0")
    page.wait_for_selector(f'#slide[data-slide-index="{slide}"][data-kind="tree"]')
    page.wait_for_timeout(100)  # the panel's final size reaches the view


def show(page, slide: int, step: int):
    page.evaluate("([slide, step]) => window.prune.goTo({slide, step})", [slide, step])
    page.wait_for_function(
        "(k) => window.prune.position.step === k && document.getElementById('counter')"
        ".textContent.startsWith(`step ${k} `)",
        arg=step,
    )
    settled(page)


@pytest.mark.parametrize("screen", PAGES, ids=[p[0] for p in PAGES])
def test_every_tree_slide_is_drawn_whole_or_keeps_its_context(prune, screen):
    name, path, (width, height) = screen
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": width, "height": height})
    slides = SMALL_FRAME_SLIDES if path == "/embed/l" else ALL_TREE_SLIDES
    for slide in slides:
        open_slide(page, path, slide)
        size = page.evaluate("window.prune.stage.content.trace.size")
        span = page.evaluate("(k) => window.prune.deck.range(k)", slide)
        for step in (span["from"], (span["from"] + span["to"]) // 2, span["to"]):
            show(page, slide, step)
            where = f"{name}, slide {slide}, step {step}"
            if drawn_node_count(page) < size:
                assert slide in FOLDING_SLIDES, f"{where}: not every node drawn"
                problems = context_problems(page, lesson=True)
            else:
                problems = covered_or_small_values(page)
            assert not problems, f"{where}:\n" + "\n".join(problems)
    prune.screenshot(f"lesson-{name}")


@pytest.mark.parametrize("viewport", [(640, 360), (320, 240)], ids=["640x360", "320x240"])
def test_short_frames_fold_the_notes_behind_a_button(prune, viewport):
    page = prune.page
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    open_slide(page, "/embed/l", 1)
    notes = page.locator("#slide-notes")
    toggle = page.get_by_role("button", name="Notes")
    assert notes.is_hidden(), "the notes take the tree's room in a short frame"
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert notes.is_visible() and page.locator("#tree").is_hidden()
    assert "alpha-beta" in notes.inner_text()
    toggle.click()
    assert notes.is_hidden() and page.locator("#tree").is_visible()
    # A question slide's question goes with its notes.
    open_slide(page, "/embed/l", 4)
    question = page.locator("#slide-question")
    assert question.is_hidden()
    toggle.click()
    assert question.is_visible() and "Question" in question.inner_text()


def test_the_notes_stay_under_the_tree_on_tall_screens(prune):
    page = prune.page
    page.set_viewport_size({"width": 1024, "height": 768})
    open_slide(page, "/l", 1)
    assert page.locator("#slide-notes").is_visible()
    assert page.get_by_role("button", name="Notes").is_hidden()
