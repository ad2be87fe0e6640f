"""Presentation mode made for clickers (README.md, "Presentation mode"), in headless Chromium.

While presenting, a presenter's remote sends PageDown/PageUp or → ←, Space, and B or . and
those keys must do the same whatever control last had the focus: PageDown/→ one step on,
PageUp/← one step back, Space play or pause (once: never also pressing the focused button),
B or . blank the screen and again show it. Outside presentation mode the focused control keeps
its keys (test_keyboard.py).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
TEXTBOOK_STEPS = 27
START = 10  # each check starts here: room to step both ways

# How each kind of control gets the focus (as a presenter's mouse or Tab would leave it).
FOCUSES = {
    "slider": lambda page: page.click("#scrub"),
    "play button": lambda page: (page.click("#btn-play"), page.click("#btn-play")),
    "step button": lambda page: page.click("#btn-forward"),
    "speed menu": lambda page: page.focus("#speed"),
    "tree node": lambda page: page.focus('#tree [role=treeitem][tabindex="0"]'),
}
FOCUSED = {
    "slider": "#scrub",
    "play button": "#btn-play",
    "step button": "#btn-forward",
    "speed menu": "#speed",
    "tree node": "#tree [role=treeitem]",
}


def playing(page) -> bool:
    return page.evaluate("window.prune.player.playing")


def blank(page) -> bool:
    return page.evaluate("document.body.dataset.blank === 'on'")


def present(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    page.keyboard.press("p")
    page.wait_for_selector("body[data-present=on]")


def focus_and_park(page, kind):
    """Give `kind` the focus, then park the search at START, paused, the focus kept."""
    FOCUSES[kind](page)
    page.evaluate("window.prune.player.pause()")
    page.evaluate(f"window.prune.seek({START})")
    page.wait_for_function(f"() => window.prune.step === {START}")
    assert page.evaluate("(s) => document.activeElement.matches(s)", FOCUSED[kind]), kind


@pytest.mark.parametrize("kind", list(FOCUSES))
def test_each_clicker_key_after_each_kind_of_focus(prune, kind):
    page = prune.page
    present(prune)
    speed = page.input_value("#speed")
    for key, moved in (("PageDown", 1), ("PageUp", -1), ("ArrowRight", 1), ("ArrowLeft", -1)):
        focus_and_park(page, kind)
        page.keyboard.press(key)
        page.wait_for_timeout(100)  # a second step (the control's own) would show by now
        assert prune.step() == START + moved, (kind, key, prune.step())
        assert not playing(page), (kind, key)

    # Space plays, and only plays: the focused button is not pressed as well.
    focus_and_park(page, kind)
    page.evaluate("window.prune.player.setSpeed(0.25)")  # no step comes during the checks
    page.keyboard.press(" ")
    page.wait_for_timeout(100)
    assert playing(page), kind
    assert prune.step() == START, kind
    page.keyboard.press(" ")
    page.wait_for_timeout(100)
    assert not playing(page), kind
    page.evaluate("(v) => window.prune.player.setSpeed(v)", speed)
    assert page.input_value("#speed") == speed, "the speed menu moved"

    # B blanks and shows again; so does the full stop.
    for key in ("b", "."):
        focus_and_park(page, kind)
        page.keyboard.press(key)
        assert blank(page), (kind, key)
        page.keyboard.press(key)
        assert not blank(page), (kind, key)
        assert prune.step() == START
    assert page.evaluate("document.body.dataset.present") == "on"
    prune.assert_clean()


def test_the_blank_screen(prune):
    page = prune.page
    present(prune)
    page.evaluate("window.prune.seek(5)")
    page.keyboard.press("Space")
    assert playing(page)
    page.keyboard.press("B")
    assert blank(page)
    assert not playing(page), "playback goes on behind a blank screen"
    # Black over everything: the tree, the caption and the player.
    covered = page.evaluate(
        """() => ['tree', 'narration', 'player'].map((id) => {
             const r = document.getElementById(id).getBoundingClientRect();
             const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
             return el && el.classList.contains('blank-screen');
           })"""
    )
    assert covered == [True, True, True]
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.blank-screen')).backgroundColor")
        == "rgb(0, 0, 0)"
    )
    prune.screenshot("clicker-blank-1280x720")

    # A step key on a blank screen shows the tree again, at the step it left.
    step = prune.step()
    page.keyboard.press("PageDown")
    assert not blank(page)
    assert prune.step() == step
    page.keyboard.press("PageDown")
    page.wait_for_function("(k) => window.prune.step === k", arg=step + 1)

    # A click shows it again too; leaving the mode does.
    page.keyboard.press(".")
    assert blank(page)
    page.mouse.click(640, 360)
    assert not blank(page)
    page.keyboard.press("b")
    assert blank(page)
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.body.dataset.present === undefined")
    assert not blank(page)
    assert not page.locator(".blank-screen").is_visible()

    # Outside the mode B is nothing, and PageDown on the slider is the slider's.
    page.keyboard.press("b")
    assert not blank(page)
    page.focus("#scrub")
    page.evaluate("window.prune.seek(10)")
    page.keyboard.press("PageDown")
    page.wait_for_timeout(100)
    assert prune.step() < 10, "outside presentation mode the slider keeps PageDown"


def test_a_text_field_keeps_its_keys_while_presenting(prune):
    page = prune.page
    present(prune)
    # A field the page shows while presenting (made here: the question panel's are alike).
    page.evaluate(
        """() => { const f = document.createElement('input'); f.id = 'probe';
                   document.getElementById('stage').append(f); }"""
    )
    page.evaluate("window.prune.seek(4)")
    page.focus("#probe")
    page.keyboard.type("b. ")
    page.keyboard.press("ArrowLeft")
    assert page.input_value("#probe") == "b. "
    assert not blank(page)
    assert prune.step() == 4
    assert not playing(page)
