"""Pacman (/play/pacman) by the CS188 rules, the page's default: the course's layouts with
their capsules, scared ghosts drawn blue between cells, play it yourself by arrow keys and
the pad (the ghosts reply as the API's game says), "Show the search" from a played position
with the autograder's count, the selectors, a pasted layout's error, and the address."""

from __future__ import annotations

import re
from urllib.parse import quote, urlencode

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
DEFAULTS = {
    "rules": "cs188",
    "layout": "smallClassic",
    "ghosts": "directional",
    "algorithm": "alphabeta",
    "seed": 0,
    "depth": 2,
}


def open_page(prune, address="", viewport=PROJECTOR):
    page = prune.page
    page.set_viewport_size(viewport)
    page.emulate_media(reduced_motion="reduce")  # moves are drawn at once: read them at once
    page.goto(f"/play/pacman{address}")
    page.wait_for_selector("main[data-game-load=ready]")
    return page


def api(page, base_url, route, **settings):
    query = urlencode({**DEFAULTS, **settings}, safe=",")
    response = page.request.get(f"{base_url}/api/games/pacman/{route}?{query}")
    assert response.ok, response.text()
    return response.json()


def round_starts(game) -> list[int]:
    starts = [k - 1 for k, s in enumerate(game["states"]) if s["agent"] == 0]
    last = len(game["states"]) - 1
    if not starts or starts[-1] < last:
        starts.append(last)
    return starts


def shown(page) -> dict:
    """What the page says about the round shown."""
    return {
        "score": int(page.inner_text("[data-score]")),
        "status": page.get_attribute("[data-game-status]", "data-game-status"),
        "label": page.get_attribute("#maze svg", "aria-label"),
    }


def where(x, y) -> str:
    column = f"column {x + 1}" if x == int(x) else f"between columns {int(x) + 1} and {int(x) + 2}"
    row = f"row {y + 1}" if y == int(y) else f"between rows {int(y) + 1} and {int(y) + 2}"
    text = f"{column}, {row}"
    return text if text.startswith("between") else f"at {text}"


def assert_state_drawn(page, state):
    seen = shown(page)
    assert (seen["score"], seen["status"]) == (state["score"], state["status"])
    x, y = state["pacman"]
    assert f"Pacman {where(x, y)}" in seen["label"]
    for i, (gx, gy) in enumerate(state["ghosts"]):
        assert f"Ghost {i + 1}" in seen["label"] and where(gx, gy) in seen["label"]


def wait_for_game(page, action):
    page.evaluate("document.getElementById('stage').dataset.gameLoad = 'waiting'")
    action()
    page.wait_for_selector("main[data-game-load=ready]")


def test_small_classic_loads_with_its_capsules_and_ghosts(prune, base_url):
    page = open_page(prune)
    game = api(page, base_url, "game")
    maze, start = game["maze"], game["states"][0]
    assert page.input_value("#pm-rules") == "cs188"
    assert page.input_value("#pm-maze") == "smallClassic"
    layouts = page.locator("#pm-maze option").evaluate_all("(os) => os.map((o) => o.value)")
    assert {"smallClassic", "trappedClassic", "minimaxClassic", "originalClassic"} <= set(layouts)
    assert page.locator("#maze svg .wall").count() == sum(row.count("%") for row in maze["rows"])
    capsules = page.locator("#maze svg .capsule:not(.eaten)")
    assert capsules.count() == len(maze["capsules"]) == 2
    cells = sorted(capsules.evaluate_all("(cs) => cs.map((c) => c.dataset.cell)"))
    assert cells == sorted(f"{x},{y}" for x, y in start["capsules"])
    assert page.locator("#maze svg .ghost").count() == len(start["ghosts"]) == 2
    assert page.locator("#maze svg .ghost.scared").count() == 0
    assert_state_drawn(page, start)
    assert "2 capsules left" in shown(page)["label"]
    assert f"0 of {len(game['decisions'])} moves played" in page.inner_text("#move-count")
    # The count and the reason agree: none played, the next is move 1 (issue 30).
    assert page.inner_text("#reason").startswith("Pacman's move 1:")


def test_a_scared_ghost_is_drawn_blue_between_cells(prune, base_url):
    page = open_page(prune)
    game = api(page, base_url, "game")
    states, starts = game["states"], round_starts(game)
    # The first round that starts with a scared ghost between two cells (Pacman ate a capsule).
    found = next(
        (r, i)
        for r, k in enumerate(starts)
        for i, (x, y) in enumerate(states[k]["ghosts"])
        if states[k]["scared"][i] > 0 and (x != int(x) or y != int(y))
    )
    r, i = found
    state = states[starts[r]]
    wait_for_game(page, lambda: page.goto(f"/play/pacman?round={r}"))
    assert_state_drawn(page, state)
    ghost = page.locator(f'#maze svg .ghost[data-ghost="{i + 1}"]')
    assert "scared" in ghost.get_attribute("class")
    assert ghost.get_attribute("data-scared") == str(state["scared"][i])
    fill = ghost.locator(".ghost-body").evaluate("(p) => getComputedStyle(p).fill")
    red, green, blue = map(int, re.findall(r"\d+", fill))
    assert blue > 150 and blue > 2 * red and blue > 2 * green, "a scared ghost is blue"
    x, y = state["ghosts"][i]
    tx, ty = map(float, re.findall(r"[-\d.]+", ghost.get_attribute("transform")))
    assert (tx, ty) == (x + 0.5, y + 0.5)
    timer = state["scared"][i]
    assert f"Ghost {i + 1} (scared, {timer} moves left) between" in shown(page)["label"]
    assert f"Ghost {i + 1} is scared for {timer} more moves" in page.inner_text("#scared-readout")
    assert page.locator("#maze svg .capsule:not(.eaten)").count() == len(state["capsules"]) < 2
    prune.screenshot("pacman-cs188-scared-1280x720")


def test_arrow_keys_and_the_pad_move_pacman_and_the_ghosts_reply(prune, base_url):
    page = open_page(prune)
    start = api(page, base_url, "game")["states"][0]
    page.locator("#maze").click()
    # North of Pacman's start is a wall: nothing is asked of the server.
    page.keyboard.press("ArrowUp")
    assert "cannot go North" in page.inner_text("#game-status")
    assert shown(page)["score"] == start["score"]
    wait_for_game(page, lambda: page.keyboard.press("ArrowLeft"))
    mine = api(page, base_url, "game", pacman="West", moves=2)
    assert_state_drawn(page, mine["states"][round_starts(mine)[1]])
    ghosts_moved = [s["agent"] for s in mine["states"][1 : round_starts(mine)[1] + 1]]
    assert ghosts_moved == [0, 1, 2], "Pacman's move, then both ghosts'"
    assert "1 of 2 moves played" in page.inner_text("#move-count")
    east = page.get_by_role("button", name="Move Pacman East")
    wait_for_game(page, east.click)
    mine = api(page, base_url, "game", pacman="West,East", moves=3)
    assert_state_drawn(page, mine["states"][round_starts(mine)[2]])
    assert "pacman=West,East" in page.url and "round=2" in page.url
    names = page.locator("#move-pad [data-move]").evaluate_all(
        "(bs) => bs.map((b) => b.getAttribute('aria-label'))"
    )
    assert all(names) and len(names) == 5
    # Step plays the move Pacman's search chose from there, as the API decided it.
    next_move = mine["decisions"][-1]
    assert next_move["state"] == round_starts(mine)[2]
    assert next_move["reason"] in page.inner_text("#reason")
    page.click('[data-action="step"]')
    assert_state_drawn(page, mine["states"][round_starts(mine)[3]])


def test_show_the_search_from_a_played_position(prune, base_url):
    page = open_page(prune, "?pacman=West,West&round=2")
    assert "2 of 3 moves played" in page.inner_text("#move-count")
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    trace = api(page, base_url, "trace", pacman="West,West", decision=2)
    summary = trace["summary"]
    assert "move 3" in page.inner_text("#decision-title")
    sentence = (
        f"The autograder would count {summary['states_explored']} states; "
        f"the tree has {summary['nodes_visited']} nodes."
    )
    assert page.inner_text("#decision .autograder-count") == sentence
    assert summary["states_explored"] < summary["nodes_visited"]
    page.click("#btn-last")  # the optimal moves are an answer: shown at the search's end
    optimal = page.get_attribute('#decision [data-stat="optimal"]', "data-value")
    assert optimal == ",".join(summary["optimal"])
    assert page.evaluate("window.prune.trace.size") == len(trace["nodes"])
    # At a round the person played: what alpha-beta would have played there instead.
    page.click('[data-action="step-back"]')
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    assert page.inner_text("#decision-title") == (
        "What alpha-beta would play at move 2 (you played West)"
    )
    before = api(page, base_url, "trace", pacman="West", decision=1)["summary"]
    assert page.get_attribute('#decision [data-stat="states_explored"]', "data-value") == str(
        before["states_explored"]
    )
    # In the search, the arrow keys step the search; Pacman stays where he is.
    address, step = page.url, page.evaluate("window.prune.step")
    page.focus("#decision-title")
    page.keyboard.press("ArrowRight")  # the search opens at step 0: one step on
    assert page.evaluate("window.prune.step") == step + 1
    assert page.url == address and "1 of 3 moves played" in page.inner_text("#move-count")
    prune.screenshot("pacman-cs188-search-1280x720")
    assert_no_serious(page, "/play/pacman (CS188) with the search open")


@pytest.mark.parametrize(
    ("field", "value", "settings"),
    [
        ("pm-algorithm", "minimax", {"algorithm": "minimax"}),
        ("pm-ghosts", "random", {"ghosts": "random", "seed": 3}),
        ("pm-maze", "mediumClassic", {"layout": "mediumClassic"}),
    ],
)
def test_the_selectors_change_the_game(prune, base_url, field, value, settings):
    page = open_page(prune)
    first = api(page, base_url, "game")["decisions"][0]
    page.select_option(f"#{field}", value)
    if "seed" in settings:
        page.fill("#pm-seed", str(settings["seed"]))
    wait_for_game(page, lambda: page.click('[data-action="start"]'))
    game = api(page, base_url, "game", **settings)
    chosen = game["decisions"][0]
    figures = f"It searched {chosen['nodes_visited']:,} of {chosen['minimax_nodes']:,} positions"
    assert figures in page.inner_text("#reason")
    counted = f"the autograder would count {chosen['states_explored']} states"
    assert counted in page.inner_text("#reason")
    assert game["decisions"] != api(page, base_url, "game")["decisions"]
    assert f"of {len(game['decisions'])}" in page.inner_text("#move-count")
    walls = sum(row.count("%") for row in game["maze"]["rows"])
    assert page.locator("#maze svg .wall").count() == walls
    assert f"{field.removeprefix('pm-').replace('maze', 'layout')}={value}" in page.url
    if value == "minimax":
        assert first["nodes_visited"] < chosen["nodes_visited"]
    page.click('[data-action="step"]')
    assert_state_drawn(page, game["states"][round_starts(game)[1]])


def test_a_pasted_layout_names_the_row_and_column_at_fault(prune, base_url):
    page = open_page(prune)
    page.select_option("#pm-maze", "paste")
    bad = "%%%%%\n%P.G%\n%.x.%\n%%%%%"
    page.fill("#pm-layout-text", bad)
    page.click('[data-action="start"]')
    page.wait_for_selector("main[data-game-load=error]")
    answer = page.request.get(f"{base_url}/api/games/pacman/game?layout={quote(bad)}")
    assert answer.status == 400
    message = answer.json()["error"]
    assert "row 3, column 3" in message
    assert message in page.inner_text("#pm-error")
    assert page.get_attribute("#pm-layout-text", "aria-invalid") is not None
    selected = page.evaluate(
        "(() => { const t = document.getElementById('pm-layout-text');"
        " return t.value.slice(t.selectionStart, t.selectionEnd); })()"
    )
    assert selected == "x"
    prune.errors.clear()  # the 400 is logged by the browser as a failed resource
    good = bad.replace("x", ".")
    page.fill("#pm-layout-text", good)
    wait_for_game(page, lambda: page.click('[data-action="start"]'))
    game = api(page, base_url, "game", layout=good)
    assert game["maze"]["name"] == "custom"
    assert_state_drawn(page, game["states"][0])
    # The address carries the pasted layout: a reload plays it again.
    page.reload()
    page.wait_for_selector("main[data-game-load=ready]")
    assert page.input_value("#pm-layout-text") == good
    assert_state_drawn(page, game["states"][0])


def test_a_link_reproduces_a_played_game(prune, base_url):
    page = open_page(prune, "?ghosts=random&seed=5&layout=mediumClassic")
    page.locator("#maze").click()
    wait_for_game(page, lambda: page.keyboard.press("ArrowLeft"))
    link = page.url
    drawn = shown(page)
    other = prune.page.context.new_page()
    other.emulate_media(reduced_motion="reduce")
    other.goto(link)
    other.wait_for_selector("main[data-game-load=ready]")
    assert other.input_value("#pm-ghosts") == "random" and other.input_value("#pm-seed") == "5"
    assert shown(other) == drawn
    other.close()


def test_the_cs188_page_on_a_phone(prune):
    page = open_page(prune, "?round=37", PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    pad = page.locator("#move-pad [data-move]")
    for k in range(pad.count()):
        box = pad.nth(k).bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24
    assert_no_serious(page, "/play/pacman (CS188, 390×844)")
    prune.screenshot("pacman-cs188-390x844")
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    assert page.locator("#decision .autograder-count").is_visible()
    prune.screenshot("pacman-cs188-search-390x844")
