"""Tic-tac-toe's search view at 1280×720 (docs/games.md): the column beside the tree (the position
at the node and the statistics) fits the screen unscrolled, whatever the rule and ordering say
about the search, at the first and the last step: no scrollbar (scrollHeight ≤ clientHeight,
scrollWidth ≤ clientWidth) and every part of it inside the window. Before: the column scrolled
(912 px of content in 672)."""

from __future__ import annotations

import pytest
from test_tictactoe_page import open_game, play

pytestmark = pytest.mark.browser

SIDE = """() => {
  const side = document.querySelector('#decision .decision-side');
  const parts = [...side.querySelectorAll('h3, .mini-board, .mini-caption, p, table, dt, dd')];
  const out = parts.filter((el) => el.getBoundingClientRect().bottom > innerHeight + 0.5)
    .map((el) => `${el.tagName} ${el.textContent.slice(0, 30)}`);
  return {scroll: [side.scrollHeight, side.clientHeight, side.scrollWidth, side.clientWidth], out};
}"""


@pytest.mark.parametrize(
    "rule, ordering", [("standard", "given"), ("strict", "heuristic")], ids=["standard", "strict"]
)
def test_the_statistics_column_fits_1280x720_unscrolled(prune, rule, ordering):
    page = open_game(prune)
    page.select_option("#ttt-rule", rule)
    page.select_option("#ttt-ordering", ordering)
    play(page, 0)
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    for step in ("step 0", "#btn-last"):
        if step.startswith("#"):
            page.click(step)
        page.wait_for_timeout(100)
        side = page.evaluate(SIDE)
        height, client_height, width, client_width = side["scroll"]
        assert height <= client_height, f"{step}: {height} px of content in {client_height}"
        assert width <= client_width, f"{step}: {width} px wide in {client_width}"
        assert not side["out"], f"{step}: below the window: {side['out']}"
    prune.screenshot(f"tictactoe-side-1280x720-{rule}")
