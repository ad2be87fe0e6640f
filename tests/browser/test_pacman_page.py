"""Pacman (/play/pacman) by Prune's first rules (rules=prune, chosen on the page since the
CS188 rules became its default; test_pacman_cs188_page.py tests those): a whole game fetched
once and replayed a round at a time (Pacman's move, then both ghosts'), the score and status
as the API's states say, and "Show the search" opening the decision's tree with its levels
named Pacman, Ghost 1, Ghost 2 and its edges named by the moves."""

from __future__ import annotations

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
ACTIONS = {"North", "South", "East", "West", "Stop"}


def open_game(prune, viewport=PROJECTOR, **settings):
    """The page with a game started on ``settings`` (the page's defaults otherwise)."""
    page = prune.page
    page.set_viewport_size(viewport)
    page.emulate_media(reduced_motion="reduce")  # moves are drawn at once: read them at once
    page.goto("/play/pacman")
    page.wait_for_selector("main[data-game-load=ready]")
    if settings:
        for name, value in settings.items():
            field = f"#pm-{name}"
            if page.get_attribute(field, "type") == "number":
                page.fill(field, str(value))
            else:
                page.select_option(field, str(value))
        page.evaluate("document.getElementById('stage').dataset.gameLoad = 'restart'")
        page.click('[data-action="start"]')
        page.wait_for_selector("main[data-game-load=ready]")
    return page


def api_game(page, base_url, **settings):
    query = {"maze": "small", "seed": 0, "ghosts": "adversarial", "depth": 2, "moves": 100}
    query.update(settings)
    text = "&".join(f"{k}={v}" for k, v in query.items())
    response = page.request.get(f"{base_url}/api/games/pacman/game?{text}")
    assert response.ok, response.text()
    return response.json()


def round_starts(game) -> list[int]:
    starts = [d["state"] for d in game["decisions"]]
    last = len(game["states"]) - 1
    if not starts or starts[-1] < last:
        starts.append(last)
    return starts


def readout(page) -> tuple[int, str]:
    score = int(page.inner_text("[data-score]"))
    return score, page.get_attribute("[data-game-status]", "data-game-status")


def test_stepping_replays_the_game_a_round_at_a_time(prune, base_url):
    page = open_game(prune, rules="prune", maze="small", seed=0)
    game = api_game(page, base_url)
    states, starts = game["states"], round_starts(game)
    assert len(starts) > 3
    # The maze as the API draws it: walls, food, Pacman and two ghosts told apart.
    rows = game["maze"]["rows"]
    assert page.locator("#maze svg .wall").count() == sum(row.count("%") for row in rows)
    assert page.locator("#maze svg .ghost").count() == 2
    assert page.locator("#maze svg .ghost-number").all_text_contents() == ["1", "2"]
    assert readout(page) == (states[0]["score"], "playing")
    assert page.is_disabled('[data-action="step-back"]')
    for r in range(1, 4):
        page.click('[data-action="step"]')
        state = states[starts[r]]
        assert readout(page) == (state["score"], state["status"]), f"round {r}"
        x, y = state["pacman"]
        label = page.get_attribute("#maze svg", "aria-label")
        assert f"Pacman at column {x + 1}, row {y + 1}" in label
        gx, gy = state["ghosts"][1]
        assert f"Ghost 2 at column {gx + 1}, row {gy + 1}" in label
        assert f"{len(state['food'])} food" in label
        # A round is Pacman's move and both ghosts' replies.
        assert [s["agent"] for s in states[starts[r - 1] + 1 : starts[r] + 1]][:1] == [0]
        reason = game["decisions"][r]["reason"] if r < len(game["decisions"]) else None
        if reason:
            assert reason in page.inner_text("#reason")
    page.click('[data-action="step-back"]')
    assert readout(page) == (states[starts[2]]["score"], states[starts[2]]["status"])
    # To the end: the status and score the API's game ends with.
    while not page.is_disabled('[data-action="step"]'):
        page.click('[data-action="step"]')
    assert readout(page) == (game["score"], game["status"])
    # No decision is made from the final position.
    assert page.is_disabled('[data-action="show-search"]')


def test_play_runs_the_rounds_and_pauses(prune, base_url):
    page = open_game(prune, rules="prune")
    game = api_game(page, base_url)
    starts = round_starts(game)
    play = page.locator('[data-action="play"]')
    play.click()
    assert play.get_attribute("aria-pressed") == "true"
    assert play.inner_text() == "Play"  # one name; the pressed state says it plays (issue 26)
    page.wait_for_function(
        "(s) => Number(document.querySelector('[data-score]').textContent) !== s",
        arg=game["states"][0]["score"],
    )
    play.click()
    assert play.get_attribute("aria-pressed") == "false"
    score, _ = readout(page)
    assert score in {game["states"][k]["score"] for k in starts}


def test_show_the_search_names_the_agents_and_the_moves(prune, base_url):
    page = open_game(prune, rules="prune", maze="small", seed=0)
    page.click('[data-action="step"]')  # round 1: the decision Pacman makes from there
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    assert "move 2" in page.inner_text("#decision-title")
    levels = page.locator("#tree .level-ruler .level .level-name").all_text_contents()
    assert levels[:3] == ["Pacman", "Ghost 1", "Ghost 2"]
    captions = set(page.locator("#tree .edge-caption").all_text_contents())
    assert captions and captions <= ACTIONS
    names = page.locator("#tree g.node .node-label").all_text_contents()
    assert any(name.startswith("P") and name != "P" for name in names if name != "A")
    assert any(name.startswith("G1") for name in names)

    response = page.request.get(
        f"{base_url}/api/games/pacman/trace?maze=small&seed=0&ghosts=adversarial&depth=2"
        "&evaluation=score&decision=1"
    )
    assert response.ok, response.text()
    result = response.json()
    assert result["agents"] == ["Pacman", "Ghost 1", "Ghost 2"]
    summary = result["summary"]
    for key in ("minimax_nodes", "nodes_visited", "leaves_evaluated", "minimax_leaves"):
        value = page.get_attribute(f'#decision [data-stat="{key}"]', "data-value")
        assert float(value) == summary[key], key
    assert page.evaluate("window.prune.trace.size") == len(result["nodes"])

    # The miniature maze follows the focused node.
    first = page.evaluate("window.prune.trace.keys[window.prune.trace.children[0][0]]")
    page.locator(f'#tree g.node[data-path="{first}"] > g.item').focus()
    page.wait_for_function(
        "(p) => document.querySelector('.mini-maze').dataset.node === p", arg=first
    )
    assert "Focused node: Pacman " in page.inner_text("[data-decision-position] .mini-caption")
    prune.screenshot("pacman-search-1280x720")
    assert_no_serious(page, "/play/pacman with the search open")


def test_random_ghosts_are_searched_by_expectimax(prune, base_url):
    page = open_game(prune, rules="prune", ghosts="random", seed=3)
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    assert "Expectimax" in page.inner_text("#decision .search-line")
    levels = page.locator("#tree .level-ruler .level").evaluate_all(
        "(ls) => ls.map((l) => [l.dataset.kind, l.textContent.trim()])"
    )
    assert levels[0] == ["max", "Pacman"]
    assert levels[1][0] == "chance"


def test_a_bad_seed_says_what_is_wrong(prune):
    page = open_game(prune)
    page.fill("#pm-seed", "-4")
    page.click('[data-action="start"]')
    page.wait_for_selector("main[data-game-load=error]")
    assert "seed" in page.inner_text("#pm-error").lower()
    prune.errors.clear()  # the 400 is logged by the browser as a failed resource


def test_the_page_on_a_phone(prune):
    page = open_game(prune, PHONE)
    page.click('[data-action="step"]')
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_no_serious(page, "/play/pacman (390×844)")
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    tree = page.locator("#tree").bounding_box()
    assert tree["width"] > 300 and tree["height"] > 300
    prune.screenshot("pacman-search-390x844")


# Each line of each folded node's summary against every other text of the tree (names,
# captions, windows, values): the pairs whose boxes overlap, as "line / text". Boxes, not
# elementFromPoint: the tree's texts take no pointer events.
OVERLAPPING_SUMMARY_LINES = """() => {
  const texts = [...document.querySelectorAll('#tree svg text')].filter(
    (t) => !t.classList.contains('fold-summary') && t.textContent.trim());
  const boxes = texts.map((t) => [t, t.getBoundingClientRect()]);
  const found = [];
  for (const line of document.querySelectorAll('#tree .fold-summary tspan')) {
    if (!line.textContent) continue;
    const a = line.getBoundingClientRect();
    for (const [text, b] of boxes) {
      const apart = a.right <= b.left + 1 || b.right <= a.left + 1
        || a.bottom <= b.top + 1 || b.bottom <= a.top + 1;
      if (!apart) found.push(`${line.textContent} / ${text.textContent}`);
    }
  }
  return found;
}"""


# True once a folded node is drawn and the nodes stand where they stood at the last poll.
LAID_OUT = """() => {
  const nodes = [...document.querySelectorAll('#tree g.node')];
  const where = nodes.map((g) => g.getAttribute('transform')).join(' ');
  const still = where === window.laidOutBefore;
  window.laidOutBefore = where;
  return still && document.querySelector('#tree .fold-summary') !== null;
}"""


def test_a_folded_moves_summary_is_not_covered_by_a_neighbours_name(prune):
    """CS188's decision at 1280×720 folds moves under which a neighbour's name ("G2←", at its
    node's top left) sat one level down: each summary line is read in full."""
    page = open_game(prune)
    page.click('[data-action="step"]')
    page.click('[data-action="show-search"]')
    prune.wait_state("done")
    page.evaluate("() => window.prune.seek(Math.floor(window.prune.trace.length / 2))")
    page.wait_for_function(LAID_OUT, polling=150)  # the step's cut laid out, and still
    assert page.evaluate(OVERLAPPING_SUMMARY_LINES) == []
