"""A CS188 Pacman decision travels like the others (/play/pacman under the CS188 rules): its
"Open in the visualizer" link opens its whole tree there (the same steps as the decision's
trace, levels named by agent), whence it saves as a CS188 .test and .solution; "Practice this
decision" makes it a practice tree. (A lesson lecture sends it to students:
tests/test_lecture_game_trees.py checks that its tree replays step for step.)"""

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser


def open_decision(prune, address):
    page = prune.page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/play/pacman{address}")
    page.wait_for_selector("main[data-game-load=ready]")
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    return page


def test_a_cs188_decision_opens_in_the_visualizer_and_saves_as_a_test(prune, base_url):
    page = open_decision(prune, "?rules=cs188&layout=smallClassic&pacman=West,West&round=2")
    trace = page.request.get(
        f"{base_url}/api/games/pacman/trace?rules=cs188&layout=smallClassic"
        "&pacman=West,West&decision=2"
    ).json()
    link = page.locator("[data-visualizer-link]")
    link.wait_for()
    href = link.get_attribute("href")
    assert "z=" in href  # the tree and its options, packed
    page.goto(href)
    prune.wait_state("done")
    assert page.input_value("#opt-rule") == "strict"  # the course's rule
    assert page.input_value("#opt-algorithm") == "alphabeta"
    # Its whole tree, step for step the decision's search, levels named by agent.
    steps = page.evaluate("window.prune.trace.length")
    assert steps == len(trace["events"])
    assert page.evaluate("window.prune.trace.summary.value") == trace["summary"]["value"]
    ruler = page.locator("#tree .level-ruler .level-name").all_text_contents()
    assert ruler[:3] == ["Pacman", "Ghost 1", "Ghost 2"]
    # And out as the autograder's files.
    with page.expect_download() as info:
        page.click("#ed-save-test")
    text = Path(info.value.path()).read_text()
    assert 'alg: "AlphaBetaAgent"' in text
    with page.expect_download() as info:
        page.click("#ed-save-solution")
    solution = Path(info.value.path()).read_text()
    best = trace["summary"]["best_action"]
    assert f'action: "{best}"' in solution
    assert not prune.errors


def test_a_cs188_decision_becomes_a_practice_tree(prune):
    page = open_decision(prune, "?rules=cs188&layout=trappedClassic")
    practice = page.locator("[data-practice-link]")
    assert practice.is_visible()
    page.goto(practice.get_attribute("href"))
    prune.wait_state("done")
    ruler = page.locator("#tree .level-ruler .level-name").all_text_contents()
    assert ruler[:2] == ["Pacman", "Ghost 1"]
    assert "Strict rule" in page.locator("#rule-statement").inner_text()
    page.click("#show-answer")
    page.click("#check")
    got, _, total = page.locator("#score").inner_text().partition(" of ")
    assert got == total and int(total) > 0
    assert not prune.errors
