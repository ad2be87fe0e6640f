"""The keyboard (issue 12): page shortcuts never steal a key from the control that has the
focus (keys.js ownsKey), presentation clickers (PageUp/PageDown) step, the focus never drops
to the page's body when a panel or the lecture bar changes, the whole page works without a
mouse, and the embed's autoplay waits for Play under prefers-reduced-motion."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

TEXTBOOK_STEPS = 27
FIRST_CUTOFF = 14  # the textbook tree's first cutoff
PROJECTOR = {"width": 1280, "height": 720}
TREE_ITEM = "g.node > .item[role=treeitem]"  # a node's treeitem: its shape, no text

FOCUS = """() => {
  const a = document.activeElement;
  return {
    body: !a || a === document.body,
    visible: !!a && a.matches(':focus-visible'),
    what: a ? `${a.tagName}#${a.id}.${a.getAttribute('class') || ''}` : '',
  };
}"""


def assert_focus(page, selector: str | None = None):
    """The focus is on a control (`selector` if given), not the body, and it shows."""
    state = page.evaluate(FOCUS)
    assert not state["body"], "the focus dropped to the page's body"
    assert state["visible"], f"{state['what']} has the focus but does not show it"
    if selector:
        assert page.evaluate("(s) => document.activeElement.matches(s)", selector), (
            f"the focus is on {state['what']}, not {selector}"
        )


@pytest.fixture
def student(browser, base_url, wrap_page):
    """A second browser (its own context and storage), projector-sized: a student."""
    context = browser.new_context(base_url=base_url, viewport=PROJECTOR)
    page = context.new_page()
    page.set_default_timeout(15_000)
    wrapped = wrap_page(page)
    try:
        yield wrapped
        wrapped.assert_clean()
    finally:
        context.close()


def join(student, code):
    student.page.goto(f"/join/{code}")
    student.page.wait_for_selector(".lecture-bar[data-mode=student]")
    student.wait_state("done")
    return student.page


def playing(page) -> bool:
    pressed = page.get_attribute("#btn-play", "aria-pressed")
    assert (pressed == "true") == page.evaluate("window.prune.player.playing")
    return pressed == "true"


def source_kind(page) -> str:
    return page.evaluate("document.querySelector('input[name=source]:checked').value")


def scale(page) -> float:
    return page.evaluate("window.prune.view.transform.k")


def press_on(page, selector: str, key: str):
    page.focus(selector)
    page.keyboard.press(key)


def tab_to(page, selector: str, limit: int = 80, back: bool = False):
    """Press Tab (Shift+Tab: `back`) until the focus is on `selector`."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


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


# ----- a keyboard-only session -----


def test_a_whole_session_without_a_mouse(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    prune.open()

    # Choose a preset with the arrows of its list (each choice runs).
    tab_to(page, "#preset")
    first = page.input_value("#preset")
    for key in ("ArrowDown", "ArrowUp"):
        page.evaluate("document.body.dataset.runState = 'choosing'")
        page.keyboard.press(key)
        prune.wait_state("done")
        assert_focus(page, "#preset")
    assert page.input_value("#preset") == first == "textbook"

    # Run, step, jump to the first cutoff: the arrows on a button are the player's.
    tab_to(page, "#run")
    page.evaluate("document.body.dataset.runState = 'running'")
    page.keyboard.press("Enter")
    prune.wait_state("done")
    assert_focus(page, "#run")
    page.keyboard.press("ArrowRight")
    assert prune.step() == 1
    page.keyboard.press("Shift+ArrowRight")
    assert prune.step() == FIRST_CUTOFF
    assert_focus(page, "#run")

    # Into the tree, down to a leaf, and open it in the editor.
    tab_to(page, TREE_ITEM)
    assert_focus(page, TREE_ITEM)
    page.keyboard.press("Home")
    assert_focus(page, 'g.node[data-path=""] > .item')
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert_focus(page, 'g.node[data-path="0.0"] > .item')
    assert prune.step() == FIRST_CUTOFF  # the tree's arrows never step
    page.keyboard.press("Enter")
    assert_focus(page, "#ed-value")
    page.keyboard.press("Control+a")
    page.keyboard.type("42")
    page.evaluate("document.body.dataset.runState = 'edited'")
    page.keyboard.press("Enter")
    prune.wait_state("done")
    assert prune.node("0.0").get_attribute("data-value") == "42"
    assert prune.step() == FIRST_CUTOFF
    assert_focus(page, "#ed-value")

    # Copy a link: Share opens on Copy link; Escape gives the focus back to Share.
    tab_to(page, "#share-toggle", back=True)
    page.keyboard.press("Enter")
    assert_focus(page, "#share-copy-link")
    page.keyboard.press("Enter")
    expect(page.locator("#share-status")).to_have_text("Link copied.")
    link = page.input_value("#share-link")
    assert link.startswith(page.evaluate("location.origin") + "/?z=")
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.keyboard.press("Escape")
    expect(page.locator("#share-panel")).to_be_hidden()
    assert_focus(page, "#share-toggle")

    # Start a lecture and end it.
    tab_to(page, ".lecture-start")
    page.keyboard.press("Enter")
    page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    assert_focus(page, ".lecture-bar .lecture-qr-button")
    tab_to(page, ".lecture-end")
    page.keyboard.press("Enter")
    expect(page.locator(".lecture-bar")).to_be_hidden()
    assert_focus(page, ".lecture-start")


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


# ----- the focus never drops to the body -----


def test_focus_returns_when_the_share_panel_closes(prune):
    page = prune.page
    prune.open("preset=textbook")
    press_on(page, "#share-toggle", "Enter")
    assert_focus(page, "#share-copy-link")
    tab_to(page, "#share-close", back=True)
    page.keyboard.press("Enter")
    expect(page.locator("#share-panel")).to_be_hidden()
    assert_focus(page, "#share-toggle")
    # Escape from a field of the panel, and the mouse's ✕.
    page.keyboard.press("Enter")
    page.focus("#share-embed")
    page.keyboard.press("Escape")
    assert_focus(page, "#share-toggle")
    page.keyboard.press("Enter")
    page.click("#share-close")
    assert page.evaluate("document.activeElement.id") == "share-toggle"


def test_focus_moves_with_the_lecture_bar(prune, student):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    page.get_by_role("button", name="Start lecture").click()  # the mouse, this time
    page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    assert page.evaluate("document.activeElement.matches('.lecture-qr-button')")
    code = page.evaluate("window.prune.lecture.code")

    spage = join(student, code)
    # Explore on my own ⇄ Follow the teacher again, from the keyboard.
    press_on(spage, ".lecture-explore", "Enter")
    spage.wait_for_selector(".lecture-bar[data-mode=detached]")
    assert_focus(spage, ".lecture-follow")
    spage.keyboard.press("Enter")
    spage.wait_for_selector(".lecture-bar[data-mode=student]")
    assert_focus(spage, ".lecture-explore")
    # A player key on a lecture button detaches (the player takes it); the focus stays.
    spage.keyboard.press("ArrowRight")
    spage.wait_for_selector(".lecture-bar[data-mode=detached]")
    assert_focus(spage, ".lecture-follow")
    press_on(spage, ".lecture-follow", " ")
    spage.wait_for_selector(".lecture-bar[data-mode=student]")
    assert_focus(spage, ".lecture-explore")
    # Keys in the tree move between nodes and never detach.
    student.wait_state("done")
    press_on(spage, f'{TREE_ITEM}[tabindex="0"]', "Home")
    spage.keyboard.press("ArrowDown")
    assert_focus(spage, TREE_ITEM)
    assert spage.evaluate("window.prune.lecture.following")
    # The teacher ends the lecture while the student's focus is in the bar: the bar says so
    # and the focus goes to Start lecture, shown again; closing the message keeps it there.
    spage.focus(".lecture-explore")
    press_on(page, ".lecture-end", "Enter")
    assert_focus(page, ".lecture-start")
    spage.wait_for_selector(".lecture-bar[data-mode=error]")
    assert_focus(spage, ".lecture-start")
    press_on(spage, ".lecture-bar button", "Enter")
    expect(spage.locator(".lecture-bar")).to_be_hidden()
    assert_focus(spage, ".lecture-start")


def test_a_student_leaving_gets_the_focus_back(prune, student):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    press_on(page, ".lecture-start", " ")
    page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    assert_focus(page, ".lecture-qr-button")
    code = page.evaluate("window.prune.lecture.code")
    spage = join(student, code)
    press_on(spage, ".lecture-leave", "Enter")
    expect(spage.locator(".lecture-bar")).to_be_hidden()
    assert_focus(spage, ".lecture-start")


def test_editor_buttons_keep_the_focus_at_their_end(prune):
    page = prune.page
    prune.open("preset=textbook")
    prune.select("1")
    press_on(page, "#ed-left", "Enter")  # the node becomes the first child: ◀ has no more
    prune.wait_state("done")
    page.wait_for_selector('g.node.selected[data-path="0"]')
    expect(page.locator("#ed-left")).to_have_attribute("aria-disabled", "true")
    assert_focus(page, "#ed-left")
    page.keyboard.press("Enter")  # nothing to do: no edit, no run
    assert page.evaluate("document.body.dataset.runState") == "done"
    assert_focus(page, "#ed-left")
    press_on(page, "#ed-undo", "Enter")
    prune.wait_state("done")
    expect(page.locator("#ed-undo")).to_have_attribute("aria-disabled", "true")
    assert_focus(page, "#ed-undo")
    page.keyboard.press("Space")  # nothing left to undo
    assert_focus(page, "#ed-undo")
    # Delete on a child of the root: the root is selected, Delete cannot act, focus stays.
    prune.select("2")
    press_on(page, "#ed-delete", "Enter")
    prune.wait_state("done")
    assert_focus(page, "#ed-delete")


def test_focus_leaves_the_tree_notice_for_the_tree_or_the_source(prune):
    page = prune.page
    page.goto("/?z=damaged")
    prune.wait_state("error")
    press_on(page, "#tree-notice-close", "Enter")
    expect(page.locator("#tree-notice")).to_be_hidden()
    assert_focus(page)
