"""The keyboard, whose key it is: page shortcuts never steal a key from the control
that has the focus (keys.js ownsKey): Space and Enter press the focused control and never
play, arrows in radios, selects and the slider are theirs, presentation clickers
(PageUp/PageDown) step from the body and the tree but not from a text; and the embed's
autoplay waits for Play under prefers-reduced-motion. The focus itself: test_keyboard_focus.py."""

from __future__ import annotations

import pytest
from keyboard_focus import FIRST_CUTOFF, TREE_ITEM, assert_focus, press_on
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

TEXTBOOK_STEPS = 27
PROJECTOR = {"width": 1280, "height": 720}


def playing(page) -> bool:
    pressed = page.get_attribute("#btn-play", "aria-pressed")
    assert (pressed == "true") == page.evaluate("window.prune.player.playing")
    return pressed == "true"


def source_kind(page) -> str:
    return page.evaluate("document.querySelector('input[name=source]:checked').value")


def scale(page) -> float:
    return page.evaluate("window.prune.view.transform.k")


# ----- who owns a key (keys.js) -----

OWNS = """async (rows) => {
  const { ownsKey } = await import('/static/js/lib/keys.js');
  const box = document.createElement('div');
  document.body.append(box);
  const out = rows.map(([html, key]) => {
    box.innerHTML = html;
    return ownsKey(box.firstElementChild || document.body, key);
  });
  box.remove();
  return out;
}"""


def test_owns_key_says_which_keys_a_focused_element_uses(prune):
    prune.open("preset=textbook")
    rows = [
        # (element, key, owned)
        ("<button>b</button>", " ", True),
        ("<button>b</button>", "Enter", True),
        ("<button>b</button>", "ArrowRight", False),
        ("<button>b</button>", "PageDown", False),
        ("<a href='#x'>a</a>", " ", True),
        ("<a>not a link</a>", " ", False),
        ("<summary>s</summary>", " ", True),
        ("<input type=checkbox>", " ", True),
        ("<input type=checkbox>", "ArrowLeft", False),
        ("<input type=radio>", "ArrowUp", True),
        ("<input type=radio>", "ArrowRight", True),
        ("<input type=radio>", "Home", False),
        ("<input type=range>", "ArrowLeft", True),
        ("<input type=range>", "End", True),
        ("<input type=range>", "PageUp", True),
        ("<input type=range>", " ", True),
        ("<input type=text>", "Home", True),
        ("<input type=number>", "ArrowUp", True),
        ("<input type=file>", "Enter", True),
        ("<textarea></textarea>", "PageDown", True),
        ("<select><option>1</option></select>", "ArrowDown", True),
        ("<select><option>1</option></select>", "z", True),
        ("<div contenteditable>t</div>", " ", True),
        ("<div role=button tabindex=0>b</div>", " ", True),
        ("<div role=switch tabindex=0>s</div>", "ArrowRight", False),
        ("<div role=slider tabindex=0>s</div>", "ArrowRight", True),
        ("<div role=tab tabindex=0>t</div>", "Home", True),
        ("<div role=option tabindex=0>o</div>", "ArrowDown", True),
        ("<div role=treeitem tabindex=0>t</div>", "ArrowLeft", True),
        ("<div role=treeitem tabindex=0>t</div>", "Enter", True),
        ("<div role=treeitem tabindex=0>t</div>", " ", False),
        ("<div role=treeitem tabindex=0>t</div>", "PageDown", False),
        ("<div role=toString tabindex=0>d</div>", " ", False),
        ("<section tabindex=-1>s</section>", " ", False),
        ("", "ArrowRight", False),  # the body
    ]
    got = prune.page.evaluate(OWNS, [[html, key] for html, key, _ in rows])
    wrong = [(html, key) for (html, key, owned), g in zip(rows, got, strict=True) if g != owned]
    assert not wrong


# ----- Space and Enter press the focused control -----


@pytest.mark.parametrize("key", [" ", "Enter"])
def test_space_and_enter_press_the_focused_button_and_never_play(prune, key):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")

    def pressed(selector):
        press_on(page, selector, key)
        assert not playing(page), f"{key!r} on {selector} toggled playback"

    page.evaluate("document.body.dataset.runState = 'pressed'")
    pressed("#run")
    prune.wait_state("done")

    pressed("#share-toggle")
    expect(page.locator("#share-panel")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#share-panel")).to_be_hidden()

    before = scale(page)
    pressed("#zoom-in")
    page.wait_for_function("(k) => window.prune.view.transform.k > k * 1.2", arg=before)
    zoomed = scale(page)
    pressed("#fit")
    page.wait_for_function("(k) => Math.abs(window.prune.view.transform.k - k) > 1e-3", arg=zoomed)

    pressed("#btn-forward")
    assert prune.step() == 1
    pressed("#btn-last")
    assert prune.step() == TEXTBOOK_STEPS

    pressed("#toggle-inputs")
    expect(page.locator("#toggle-inputs")).to_have_attribute("aria-expanded", "false")
    pressed("#toggle-inputs")
    expect(page.locator("#toggle-inputs")).to_have_attribute("aria-expanded", "true")

    pressed(".lecture-start")
    page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    pressed(".lecture-end")
    expect(page.locator(".lecture-end-ask")).to_be_visible()  # it asks first
    pressed(".lecture-end-confirm")
    expect(page.locator(".lecture-bar")).to_be_hidden()

    page.evaluate("document.body.dataset.runState = 'pressed'")
    pressed("#ed-new")
    prune.wait_state("done")
    assert source_kind(page) == "paste"
    assert page.input_value("#tree-text") == "0"
    assert not playing(page)


def test_space_ticks_the_follow_checkbox_and_plays_elsewhere(prune):
    page = prune.page
    prune.open("preset=textbook")
    assert page.is_checked("#follow")
    press_on(page, "#follow", " ")
    assert not page.is_checked("#follow") and not playing(page)
    page.keyboard.press(" ")
    assert page.is_checked("#follow") and not playing(page)
    # On a node of the tree (which has no use for Space) and on the body, Space plays.
    press_on(page, f'{TREE_ITEM}[tabindex="0"]', " ")
    assert playing(page)
    page.keyboard.press(" ")
    assert not playing(page)
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press(" ")
    assert playing(page)
    page.keyboard.press(" ")
    assert not playing(page)


# ----- arrows in radios, selects and the slider are theirs -----


def test_arrows_move_the_source_radios_and_never_step(prune):
    page = prune.page
    prune.open("preset=textbook&step=3")
    page.focus("#source-kind-preset")
    for key, kind in [("ArrowRight", "random"), ("ArrowDown", "paste"), ("ArrowUp", "random")]:
        page.keyboard.press(key)
        assert source_kind(page) == kind, key
        assert prune.step() == 3, f"{key} on a radio stepped the player"
        assert_focus(page, f"#source-kind-{kind}")
    # Back to Preset: the preset runs again (from step 0), the player did not step back.
    page.evaluate("document.body.dataset.runState = 'moved'")
    page.keyboard.press("ArrowLeft")
    assert source_kind(page) == "preset"
    prune.wait_state("done")
    assert_focus(page, "#source-kind-preset")


def test_arrows_change_a_select_and_the_slider_steps_itself(prune):
    page = prune.page
    prune.open("preset=textbook&step=3")
    page.focus("#speed")
    speeds = [("ArrowDown", "2"), ("ArrowUp", "1"), ("ArrowRight", "2"), ("ArrowLeft", "1")]
    for key, speed in speeds:
        page.keyboard.press(key)
        assert page.input_value("#speed") == speed, key
        assert prune.step() == 3, f"{key} on a select stepped the player"
    # The slider: its own arrows move it one step; Shift+→ still goes to the next cutoff.
    page.focus("#scrub")
    page.keyboard.press("ArrowRight")
    assert prune.step() == 4
    page.keyboard.press("ArrowLeft")
    assert prune.step() == 3
    page.keyboard.press("Shift+ArrowRight")
    assert prune.step() == FIRST_CUTOFF
    page.keyboard.press("Home")
    assert prune.step() == 0
    assert_focus(page, "#scrub")
    # Home and End in a text field move its caret, not the player.
    prune.page.evaluate("(k) => window.prune.seek(k)", 5)
    page.focus("#opt-players")
    page.keyboard.press("End")
    page.keyboard.press("Home")
    assert prune.step() == 5


# ----- presentation clickers: PageDown / PageUp -----


def test_page_down_and_up_step_from_the_body_and_the_tree_not_from_a_text(prune):
    page = prune.page
    prune.open("tree=%5B%5B3%2C12%2C8%5D%2C%5B2%2C4%2C6%5D%2C%5B14%2C5%2C2%5D%5D&step=5")
    assert prune.step() == 5
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("PageDown")
    assert prune.step() == 6
    page.keyboard.press("PageUp")
    page.keyboard.press("PageUp")
    assert prune.step() == 4
    page.focus(f'{TREE_ITEM}[tabindex="0"]')
    page.keyboard.press("PageDown")
    assert prune.step() == 5
    page.keyboard.press("PageUp")
    assert prune.step() == 4
    assert_focus(page, TREE_ITEM)
    for selector in ("#tree-text", "#speed", "#scrub"):
        page.focus(selector)
        before = prune.step()
        page.keyboard.press("PageDown")
        if selector != "#scrub":  # the slider moves by its own page step
            assert prune.step() == before, f"PageDown in {selector} stepped the player"
        assert_focus(page, selector)


# ----- reduced motion -----


def test_embed_autoplay_waits_for_play_with_reduced_motion(prune):
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    page.goto("/embed?preset=textbook&autoplay=1&speed=16")
    prune.wait_state("done")
    page.wait_for_timeout(1500)
    assert page.get_attribute("#btn-play", "aria-pressed") == "false"
    assert prune.step() == 0
    page.click("#btn-play")  # the reader's own Play still plays
    page.wait_for_function("() => window.prune.step >= 2")
