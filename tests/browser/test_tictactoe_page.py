"""Tic-tac-toe against alpha-beta (/play/tictactoe): the student plays in a real browser,
the computer never loses, and "Show the search" opens the decision's tree in the same view
as the visualizer, with statistics equal to the API's summary and a miniature board that
follows the focused node."""

from __future__ import annotations

import random
from functools import cache

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

# ----- a tiny solver: the student's moves -----


def winner(board: str) -> str | None:
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def to_move(board: str) -> str:
    return "X" if board.count("X") == board.count("O") else "O"


@cache
def value(board: str) -> int:
    """+1 if X wins with best play from here, −1 if O does, 0 for a draw."""
    won = winner(board)
    if won:
        return 1 if won == "X" else -1
    if "." not in board:
        return 0
    mark = to_move(board)
    results = [value(board[:i] + mark + board[i + 1 :]) for i in range(9) if board[i] == "."]
    return max(results) if mark == "X" else min(results)


def best_move(board: str) -> int:
    """The first cell (in cell order) of an optimal move for the side to move."""
    mark = to_move(board)
    moves = [i for i in range(9) if board[i] == "."]
    pick = max if mark == "X" else min
    target = pick(value(board[:i] + mark + board[i + 1 :]) for i in moves)
    return next(i for i in moves if value(board[:i] + mark + board[i + 1 :]) == target)


# ----- the page -----


def read_board(page) -> str:
    marks = page.eval_on_selector_all(
        "[data-cell]",
        "(cells) => cells.sort((a, b) => a.dataset.cell - b.dataset.cell)"
        ".map((c) => c.textContent.trim() || '.')",
    )
    return "".join(marks)


def status(page) -> str:
    return page.get_attribute("[data-game-status]", "data-game-status")


def wait_for_student(page):
    """Until it is the student's move again or the game is over."""
    page.wait_for_function(
        """() => {
          const s = document.querySelector('[data-game-status]');
          return s.dataset.gameStatus !== 'playing'
            || document.querySelectorAll('[data-cell]:not([disabled])').length > 0;
        }"""
    )


def open_game(prune, viewport=PROJECTOR):
    page = prune.page
    page.set_viewport_size(viewport)
    page.goto("/play/tictactoe")
    wait_for_student(page)
    return page


def play(page, cell: int):
    filled = 9 - read_board(page).count(".")
    page.click(f'[data-cell="{cell}"]')
    page.wait_for_function(
        """(n) => {
          const s = document.querySelector('[data-game-status]').dataset.gameStatus;
          const marks = [...document.querySelectorAll('[data-cell]')]
            .filter((c) => c.textContent.trim());
          return s !== 'playing' || (marks.length >= n
            && document.querySelectorAll('[data-cell]:not([disabled])').length > 0);
        }""",
        arg=filled + 2,
    )


def play_out(page, choose) -> list[str]:
    """Play until the game ends, the student's moves chosen by ``choose(board)``; the boards."""
    boards = []
    while status(page) == "playing":
        board = read_board(page)
        boards.append(board)
        play(page, choose(board))
    boards.append(read_board(page))
    return boards


def test_a_full_game_as_x_against_perfect_play_is_a_draw(prune):
    page = open_game(prune)
    assert page.locator("[data-game-status]").inner_text() == "Your move"
    assert read_board(page) == "." * 9
    labels = page.eval_on_selector_all(
        "[data-cell]", "(cs) => cs.map((c) => c.getAttribute('aria-label'))"
    )
    assert labels[0] == "square 1 (row 1, column 1), empty"
    assert labels[8] == "square 9 (row 3, column 3), empty"
    boards = play_out(page, best_move)
    assert status(page) == "draw"
    assert page.locator("[data-game-status]").inner_text() == "Draw"
    assert boards[-1].count(".") == 0
    # The game over, no cell can be pressed.
    assert page.locator("[data-cell]:not([disabled])").count() == 0
    first = page.get_attribute('[data-cell="0"]', "aria-label")
    assert first.startswith("square 1 (row 1, column 1), ")
    assert page.get_attribute('[data-cell="0"]', "aria-label").endswith(boards[-1][0])


def test_the_computer_never_loses_to_random_moves(prune):
    rng = random.Random(7)
    page = open_game(prune)
    for mark in ("X", "O", "X"):
        page.click("label[for=mark-x]" if mark == "X" else "label[for=mark-o]")
        page.click('[data-action="new-game"]')
        wait_for_student(page)
        play_out(page, lambda b: rng.choice([i for i in range(9) if b[i] == "."]))
        assert status(page) in ("draw", "x-wins" if mark == "O" else "o-wins")


def test_the_student_plays_o_and_the_computer_moves_first(prune):
    page = open_game(prune)
    page.click("label[for=mark-o]")
    assert page.is_checked("#first-computer")  # X always starts: the computer does
    wait_for_student(page)
    board = read_board(page)
    assert board.count("X") == 1 and board.count("O") == 0
    filled = board.index("X")
    assert page.is_disabled(f'[data-cell="{filled}"]')
    assert page.locator("[data-cell]:not([disabled])").count() == 8
    assert page.get_attribute(f'[data-cell="{filled}"]', "aria-label").endswith(", X")
    # Undo has nothing to take back: the student has not moved.
    assert page.is_disabled('[data-action="undo"]')
    play_out(page, best_move)
    assert status(page) == "draw"


def test_undo_takes_back_a_move_and_its_reply_and_new_game_starts_again(prune):
    page = open_game(prune)
    assert page.is_disabled('[data-action="undo"]')
    assert page.is_disabled('[data-action="show-search"]')
    play(page, 0)
    after = read_board(page)
    assert after[0] == "X" and after.count("O") == 1
    play(page, best_move(after))
    assert read_board(page).count(".") == 5
    page.click('[data-action="undo"]')
    assert read_board(page) == after
    assert page.locator("[data-game-status]").inner_text() == "Your move"
    page.click('[data-action="undo"]')
    assert read_board(page) == "." * 9
    assert page.is_disabled('[data-action="undo"]')
    assert page.is_disabled('[data-action="show-search"]')
    play(page, 4)
    assert read_board(page).count(".") == 7
    page.click('[data-action="new-game"]')
    assert read_board(page) == "." * 9
    assert status(page) == "playing"
    assert page.locator("[data-cell]:not([disabled])").count() == 9


def test_the_keyboard_plays_and_keeps_the_focus_in_the_board(prune):
    page = open_game(prune)
    page.focus('[data-cell="4"]')
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-cell]:not([disabled])').length === 7"
    )
    # The pressed cell is filled (disabled): the focus went to a free cell, not to the page.
    focused = page.evaluate("document.activeElement.dataset.cell ?? null")
    assert focused is not None and page.is_enabled(f'[data-cell="{focused}"]')
    assert "The computer played O in square" in page.inner_text("#last-move")
    page.keyboard.press("Space")
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-cell]')]"
        ".filter((c) => c.textContent).length === 4"
    )
    # Undo keeps the focus on itself, though it has nothing left to take back.
    page.focus('[data-action="undo"]')
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert read_board(page) == "." * 9
    assert page.evaluate("document.activeElement.dataset.action") == "undo"
    assert page.get_attribute('[data-action="undo"]', "aria-disabled") == "true"


STATS = {
    "minimax_nodes": "minimax_nodes",
    "nodes_visited": "nodes_visited",
    "leaves_evaluated": "leaves_evaluated",
    "minimax_leaves": "minimax_leaves",
    "nodes_pruned": "nodes_pruned",
    "percent_saved": "percent_saved",
}


def stat(page, key: str) -> float:
    return float(page.get_attribute(f'#decision [data-stat="{key}"]', "data-value"))


def test_show_the_search_opens_the_decision_tree_with_its_statistics(prune, base_url):
    page = open_game(prune)
    play(page, 0)  # X in the top-left corner; the computer replies
    board = read_board(page)
    reply = next(i for i in range(9) if board[i] == "O")
    assert page.is_hidden("#decision")
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    assert page.is_visible("#decision")
    assert f"O→{reply + 1}" in page.inner_text("#decision-title")  # squares are 1 to 9
    # The tree view of the visualizer: nodes with paths and states, named by their moves.
    assert page.locator("#tree g.node[data-path][data-state]").count() > 3
    names = page.locator("#tree g.node .node-label").all_text_contents()
    assert "A" in names  # the position searched: the root, named as any unlabelled node
    assert any(name.startswith("O→") for name in names)
    assert page.locator("#tree .level-ruler .level-name").first.inner_text() == "O"

    # The statistics are the API's summary for the board before the computer's move.
    response = page.request.get(f"{base_url}/api/games/tictactoe/trace?board=X........")
    assert response.ok
    summary = response.json()["summary"]
    for key, field in STATS.items():
        assert stat(page, key) == pytest.approx(summary[field]), key
    cutoffs = summary["cutoffs"]["alpha"] + summary["cutoffs"]["beta"]
    assert stat(page, "cutoffs") == cutoffs
    assert summary["minimax_nodes"] > summary["nodes_visited"]
    # The search opens at step 0 (issue 21): the best move is its answer, shown at the end.
    assert page.inner_text("#counter").startswith("step 0 of ")
    assert page.get_attribute('#decision [data-stat="best_action"]', "data-value") is None
    page.click("#btn-last")
    assert int(page.get_attribute('#decision [data-stat="best_action"]', "data-value")) == reply
    assert "standard rule" in page.inner_text("#decision .search-line")

    # The miniature board: the root is the board searched; a focused node shows its position.
    mini = page.locator(".mini-board")
    assert mini.get_attribute("data-board") == "X........"
    first = page.evaluate("window.prune.trace.keys[window.prune.trace.children[0][0]]")
    cell = int(page.evaluate("window.prune.trace.nodes[window.prune.trace.children[0][0]].action"))
    page.locator(f'#tree g.node[data-path="{first}"] > g.item').focus()
    expected = "X" + "........"
    expected = expected[:cell] + "O" + expected[cell + 1 :]
    page.wait_for_function(
        "(b) => document.querySelector('.mini-board').dataset.board === b", arg=expected
    )
    assert mini.get_attribute("data-node") == first
    assert "Focused node" in page.inner_text(".mini-caption")
    # The arrow keys move the focus in the tree, and the board follows.
    page.keyboard.press("ArrowRight")
    second = page.evaluate("window.prune.trace.keys[window.prune.trace.children[0][1]]")
    page.wait_for_function(
        "(p) => document.querySelector('.mini-board').dataset.node === p", arg=second
    )
    # The player replays the search from the start.
    page.click("#btn-first")
    assert page.inner_text("#counter").startswith("step 0 of ")
    page.click("#btn-forward")
    assert page.inner_text("#counter").startswith("step 1 of ")
    prune.screenshot("tictactoe-search-1280x720")
    assert_no_serious(page, "/play/tictactoe with the search open")


def test_the_rule_and_ordering_reach_the_search(prune, base_url):
    page = open_game(prune)
    page.select_option("#ttt-rule", "strict")
    assert "strict rule" in page.inner_text("#rule-statement")
    page.select_option("#ttt-ordering", "heuristic")
    play(page, 0)
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    response = page.request.get(
        f"{base_url}/api/games/tictactoe/trace?board=X........&rule=strict&ordering=heuristic"
    )
    summary = response.json()["summary"]
    assert stat(page, "nodes_visited") == summary["nodes_visited"]
    assert "strict rule" in page.inner_text("#decision .search-line")


def test_the_page_on_a_phone(prune):
    page = open_game(prune, PHONE)
    assert_no_serious(page, "/play/tictactoe (390×844)")
    play(page, 4)
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    tree = page.locator("#tree").bounding_box()
    assert tree["width"] > 300 and tree["height"] > 300
    # Nothing is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    prune.screenshot("tictactoe-search-390x844")
    assert_no_serious(page, "/play/tictactoe with the search open (390×844)")
