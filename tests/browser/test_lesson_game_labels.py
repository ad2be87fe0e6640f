"""Every label of every game slide of a lesson can be read while presenting (README.md, "Reading
big trees"): a CS188-rules Pacman decision, Pacman under Prune's rules (the small maze) and a
tic-tac-toe position, each at its first, a middle and its last step, at 1024×768 and 1280×720,
in headless Chromium. Each node value, α/β window, node name, edge move caption ("Pacman ←",
"X→4"), cutoff note, fold summary and level-ruler chip is inside the window and the tree's
panel (no row clipped under the caption or the player) and the topmost thing at its centre
(label_checks). Where the tree is drawn whole its values are at least 12 px; a folded tree
keeps its step's context readable (scene_checks), and its labels are checked in the part its
camera shows.

Before: a CS188 decision had 31–61 overlapping labels, the Pacman preset 19–34, a tic-tac-toe
middle step 4 clipped labels."""

from __future__ import annotations

import pytest
from label_checks import label_problems, value_sizes
from lesson_lectures import save, show, steps
from scene_checks import context_problems, drawn_node_count

pytestmark = pytest.mark.browser

SCREENS = {"1024x768": (1024, 768), "1280x720": (1280, 720)}
CS188 = {"rules": "cs188", "layout": "smallClassic", "pacman": "West,West", "decision": "2"}
GAMES = {
    "pacman-cs188": {"kind": "game", "game": "pacman", "query": CS188},
    "pacman-prune": {"kind": "game", "game": "pacman", "query": {"maze": "small", "decision": "0"}},
    "tictactoe": {"kind": "game", "game": "tictactoe", "query": {"board": "XO.X.O..."}},
}
LESSON = {
    "title": "Games",
    "slides": [
        {"title": f"Game {name}", "notes": "Who moves next?", "view": view}
        for name, view in GAMES.items()
    ],
}


@pytest.fixture(scope="module")
def lesson_id(base_url):
    return save(base_url, LESSON)


def open_slide(page, lesson: str, slide: int, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"/l/{lesson}?slide={slide}&step=0")
    page.wait_for_selector(f'#slide[data-slide-index="{slide}"][data-kind="game"]')
    page.wait_for_selector('#stage[data-presenting="on"]')
    page.wait_for_function("() => window.prune.stage.content && window.prune.stage.content.trace")
    page.wait_for_timeout(100)  # the panel's final size reaches the view


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", list(GAMES))
def test_every_label_of_a_game_slide_is_uncovered(prune, lesson_id, game, screen):
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    slide = list(GAMES).index(game)
    open_slide(page, lesson_id, slide, SCREENS[screen])
    size = page.evaluate("window.prune.stage.content.trace.size")
    found = []
    for step in steps(page, slide):
        show(page, slide, step)
        where = f"{game}, {screen}, step {step}"
        folded = drawn_node_count(page) < size
        problems = label_problems(page, panned=folded)
        if folded:
            problems += context_problems(page, lesson=True)
        else:
            assert min(value_sizes(page) or [12]) >= 12, f"{where}: values under 12 px"
        prune.screenshot(f"lesson-game-{game}-{screen}-step-{step}")
        found += [f"{where}: {problem}" for problem in problems]
    assert not found, f"{len(found)} problems\n" + "\n".join(found)
