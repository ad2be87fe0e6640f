"""The accessibility audit's findings on what is shown and said: forced colours
show the selected option of a segmented group (item 6); tic-tac-toe announces the computer's
move once and its board shows its focus (items 1 and 4); names say what is drawn: pruned
leaves, Play pressed, the h1 while presenting, practice results, the student count said at
most every few seconds (item 7); and game decision trees name moves in words (item 9). Names
are read from the accessibility tree (ARIA attributes and Playwright's aria snapshots)."""

from __future__ import annotations

import re

import pytest
from keyboard_focus import tab_until
from presenting_steps import TEXTBOOK_STEPS, presenting

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}


# ----- item 6: forced colours show the selected option of a segmented group -----


@pytest.mark.parametrize(
    "path, selector", [("/?preset=textbook", "#tree-form"), ("/play/tictactoe", "#ttt-settings")]
)
def test_forced_colours_show_the_selected_segment(prune, path, selector):
    page = prune.page
    page.emulate_media(forced_colors="active")
    page.set_viewport_size(PROJECTOR)
    page.goto(path)
    page.wait_for_selector(selector + " .segmented")
    for group in page.locator(selector + " .segmented").all():
        labels = group.evaluate(
            "(g) => [...g.querySelectorAll('label')].map((l) => ({"
            " checked: document.getElementById(l.htmlFor).checked,"
            " bg: getComputedStyle(l).backgroundColor }))"
        )
        on = {label["bg"] for label in labels if label["checked"]}
        off = {label["bg"] for label in labels if not label["checked"]}
        assert len(on) == 1 and on.isdisjoint(off), labels


# ----- items 1 and 4: tic-tac-toe says the computer's move once; the board shows its focus -----

BOARD_FOCUS = """() => {
  const a = document.activeElement, s = getComputedStyle(a);
  return { board: a.id === 'board', visible: a.matches(':focus-visible'),
           outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 };
}"""

# Every text the page's live regions take, in order (a MutationObserver set up before the game).
WATCH_LIVE = """() => {
  window.__said = [];
  const live = [...document.querySelectorAll(
    '[aria-live=polite], [aria-live=assertive], [role=status], [role=alert]')]
    .filter((el) => el.getAttribute('aria-live') !== 'off');
  for (const el of live) {
    new MutationObserver(() => window.__said.push(el.textContent.trim()))
      .observe(el, { childList: true, characterData: true, subtree: true });
  }
}"""


def test_the_computers_move_is_announced_once_and_named_on_the_focused_cell(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    held = []
    page.route("**/api/games/tictactoe/move**", lambda route: held.append(route))
    page.goto("/play/tictactoe")
    page.wait_for_selector("[data-cell]:not([disabled])")
    page.evaluate(WATCH_LIVE)
    tab_until(page, "a.dataset.cell === '0'")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('[data-game-status]').textContent.includes('thinking')"
    )
    # While the computer thinks the board holds the focus, and shows it.
    assert page.evaluate(BOARD_FOCUS) == {"board": True, "visible": True, "outline": True}
    for _ in range(500):  # the page says "thinking" as it asks: the request may reach us later
        if held:
            break
        page.wait_for_timeout(10)
    held.pop().continue_()
    page.wait_for_selector("[data-cell]:not([disabled]):focus")
    said = page.evaluate("window.__said")
    computer = [text for text in said if "The computer played O in square" in text]
    assert len(computer) == 1, said
    assert not [text for text in said if "thinking" in text or text == "Your move"], said
    snapshot = page.locator(":focus").aria_snapshot()
    assert "empty" in snapshot and computer[0].split(".")[0] in snapshot, snapshot


def test_the_board_shows_its_focus_once_the_game_is_over(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto("/play/tictactoe")
    page.wait_for_selector("[data-cell]:not([disabled])")
    tab_until(page, "a.dataset.cell === '0'")
    for _ in range(5):  # the student's moves, from the keyboard: the focused free cell each time
        page.keyboard.press("Enter")
        page.wait_for_function(
            "() => document.querySelector('[data-game-status]').dataset.gameStatus !== 'playing'"
            " || document.activeElement.matches('[data-cell]:not([disabled])')"
        )
        if page.get_attribute("[data-game-status]", "data-game-status") != "playing":
            break
    assert page.get_attribute("[data-game-status]", "data-game-status") != "playing"
    assert page.evaluate(BOARD_FOCUS) == {"board": True, "visible": True, "outline": True}
    outcome = page.inner_text("#last-move")
    assert outcome.endswith(("The computer wins.", "It is a draw.", "You win."))


# ----- item 7: names that say what is drawn -----


def test_a_pruned_leaf_is_named_with_its_value(prune):
    page = prune.page
    prune.open("preset=textbook")
    page.keyboard.press("End")  # the player's End: the last step
    prune.wait_counter(f"step {TEXTBOOK_STEPS} of {TEXTBOOK_STEPS}")
    leaf = page.get_by_role("treeitem", name="leaf I: value 4, pruned, never evaluated", exact=True)
    assert leaf.count() == 1


def test_play_keeps_its_name_and_says_pressed(prune):
    page = prune.page
    prune.open("preset=textbook")
    page.focus("#btn-play")
    page.keyboard.press("Space")
    assert page.get_attribute("#btn-play", "aria-pressed") == "true"
    assert page.locator("#btn-play").aria_snapshot() == '- button "Play" [pressed]'
    page.keyboard.press("Space")
    assert page.locator("#btn-play").aria_snapshot() == '- button "Play"'


def test_presentation_mode_keeps_an_h1(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    page.keyboard.press("p")
    assert presenting(page)
    assert page.get_by_role("heading", level=1).count() == 1
    presenting_h1 = page.get_by_role("heading", level=1, name=re.compile("^Presenting: Textbook"))
    assert presenting_h1.count() == 1
    page.keyboard.press("Escape")
    assert page.get_by_role("heading", level=1).count() == 1
    assert page.get_by_role("heading", level=1, name=re.compile("Prune$")).count() == 1


def test_the_practice_tree_and_score_say_what_check_found(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto("/practice?preset=textbook")
    page.wait_for_selector("#tree g.node")
    page.get_by_role("button", name="Check").click()
    page.get_by_role("heading", level=2, name=re.compile(r"^Score: \d+ of \d+$")).wait_for()
    root = page.get_by_role("treeitem", name="MAX node A: checked, missing", exact=True)
    assert root.count() == 1
    assert page.get_by_role("treeitem", name=re.compile("not yet searched")).count() == 0


def test_the_practice_embeds_h1_is_in_a_landmark(prune):
    page = prune.page
    page.goto("/embed/practice?preset=textbook")
    page.wait_for_selector("#tree g.node")
    in_landmark = page.evaluate(
        "[...document.querySelectorAll('h1')]"
        ".map((h) => !!h.closest('main, header, nav, aside, footer'))"
    )
    assert in_landmark == [True]


def test_the_presenters_student_count_is_said_at_most_every_few_seconds(prune):
    page = prune.page
    page.clock.install()
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    page.get_by_role("button", name="Start lecture").click()
    page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    page.evaluate(WATCH_LIVE)
    for count in range(1, 6):  # five students join within a second
        page.evaluate("(n) => window.prune.lecture.bar.showAudience(n)", count)
        page.clock.run_for(200)
    assert page.inner_text(".lecture-audience") == "5 students"  # shown at once
    page.clock.run_for(6000)
    # The count's own announcements ("5 students"), not other lines that name students.
    said = [text for text in page.evaluate("window.__said") if re.fullmatch(r"\d+ students?", text)]
    assert said == ["1 student", "5 students"] or said == ["5 students"], said


# ----- item 9: game decision trees read well -----


def test_a_pacman_decision_names_moves_in_words_and_deep_levels(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto("/play/pacman")
    page.locator('[data-action="show-search"][aria-disabled="false"]').first.wait_for()
    page.locator('[data-action="show-search"]').first.click()
    page.wait_for_selector("#decision [role=treeitem]")
    assert page.evaluate("Math.max(...window.prune.trace.depth)") >= 6  # seven levels or more
    names = page.eval_on_selector_all(
        "#decision [role=treeitem]", "(items) => items.map((i) => i.getAttribute('aria-label'))"
    )
    shown = page.eval_on_selector_all(
        "#decision g.node text", "(ts) => ts.map((t) => t.textContent)"
    )
    assert "MIN node Pacman west (Ghost 1): not yet searched" in names, names[:6]
    assert not any(ch in n for n in names for ch in "↑↓←→■"), names[:6]
    assert any(ch in t for t in shown for ch in "↑↓←→"), "the symbols stay on screen"
    # Keyboard only: into the tree, then ↓ (open, first child) down to the seventh level.
    tab_until(page, "a.getAttribute('role') === 'treeitem' && !!a.closest('#decision')")
    for _ in range(20):
        if page.evaluate("document.activeElement.getAttribute('aria-level')") == "7":
            break
        page.keyboard.press("ArrowDown")
    item = page.evaluate(
        "['aria-level', 'aria-label'].map((a) => document.activeElement.getAttribute(a))"
    )
    assert item[0] == "7" and item[1].endswith(", level 7"), item
    level6 = page.get_attribute('#decision [role=treeitem][aria-level="6"]', "aria-label")
    assert "level" not in level6, level6
