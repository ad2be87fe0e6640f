"""The keyboard, the focus: the whole page works without a mouse (a preset, a run,
the tree, the editor, a link copied, a lecture started and ended), and the focus never drops
to the page's body when the share panel closes, the lecture bar changes (presenter and
student), an editor button has no more to do, or the tree's notice closes."""

from __future__ import annotations

import pytest
from keyboard_focus import FIRST_CUTOFF, TREE_ITEM, assert_focus, press_on
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}


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


def tab_to(page, selector: str, limit: int = 80, back: bool = False):
    """Press Tab (Shift+Tab: `back`) until the focus is on `selector`."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


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
    page.keyboard.press("Enter")  # it asks first, the focus on "Keep lecturing"
    assert_focus(page, ".lecture-end-cancel")
    page.keyboard.press("Enter")
    assert_focus(page, ".lecture-end")
    expect(page.locator(".lecture-bar")).to_be_visible()
    page.keyboard.press("Enter")
    press_on(page, ".lecture-end-confirm", "Enter")
    expect(page.locator(".lecture-bar")).to_be_hidden()
    assert_focus(page, ".lecture-start")


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
    press_on(page, ".lecture-end-confirm", "Enter")
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
