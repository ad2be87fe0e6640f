"""Practising on a game decision: the decision view offers "Practice this decision" when its
whole tree is small enough; the practice page builds it from the game route, names nodes by
their moves and levels by their agents, grades it like any tree, and Show me carries it."""

from urllib.parse import parse_qs, urlparse

import pytest
from prune_page import PrunePage

pytestmark = pytest.mark.browser


def solve_and_check(page):
    """Solve with Show answer, check: full marks, on at most 20 graded items (homework size),
    and every row of the answer sheet names a different node."""
    page.click("#show-answer")
    page.click("#check")
    score = page.locator("#score").inner_text()
    got, _, total = score.partition(" of ")
    assert got == total and 0 < int(total) <= 20, score
    names = page.locator("#sheet-rows .row-name").all_text_contents()
    assert names and len(set(names)) == len(names), names


def test_a_late_tictactoe_position_is_practised_at_homework_size(page):
    prune = PrunePage(page)
    page.goto("/practice?game=tictactoe&board=XO.XO....&rule=strict")
    prune.wait_state("done")
    names = page.locator("#tree g.node .node-label").all_text_contents()
    assert "X→3" in names and "O→9" in names
    assert "Strict rule" in page.locator("#rule-statement").inner_text()
    solve_and_check(page)
    # The visualizer (and Show me) get the tree packed in the link, with the rule.
    query = parse_qs(urlparse(page.locator("#visualizer-link").get_attribute("href")).query)
    assert "z" in query and query["rule"] == ["strict"]
    page.goto(page.locator("#visualizer-link").get_attribute("href"))
    prune.wait_state("done")
    assert page.locator('g.node[data-path="0"] .node-label').text_content() == "X→3"
    assert not prune.errors


def test_a_pacman_decision_opens_in_practice_from_its_search(page):
    prune = PrunePage(page)
    # Practice builds Prune's first rules' decisions (GET /api/games/pacman/tree); the page's
    # default became the CS188 rules (issue 22), so the game asks for Prune's.
    page.goto("/play/pacman?rules=prune&maze=small")
    page.wait_for_selector("[data-game-status]")
    page.click('[data-action="start"]')
    page.wait_for_function("() => document.querySelector('main').dataset.gameLoad === 'ready'")
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    link = page.locator("[data-practice-link]")
    assert link.is_visible()
    page.goto(link.get_attribute("href"))
    prune.wait_state("done")
    ruler = page.locator("#tree .level-ruler .level-name").all_text_contents()
    assert ruler[:3] == ["Pacman", "Ghost 1", "Ghost 2"]
    solve_and_check(page)
    assert not prune.errors


def test_the_first_tictactoe_move_is_too_big_to_practise(page):
    prune = PrunePage(page)
    page.goto("/play/tictactoe")
    page.click("label[for=mark-o]")  # the computer plays X, from the empty board
    page.wait_for_function(
        "() => document.querySelector('[data-action=show-search]')"
        ".getAttribute('aria-disabled') === 'false'"
    )
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    assert page.locator("[data-practice-link]").is_hidden()
    page.goto("/practice?game=tictactoe&board=X........")
    prune.wait_state("error")
    assert "59,705 positions" in page.locator("#practice-loading").inner_text()
