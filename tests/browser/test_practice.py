"""Practice mode (issue 15): /practice and /embed/practice. A student crosses out pruned
branches on the tree (click, or X on the focused node), fills in values, windows and the
best move, and the page grades it in the browser exactly as POST /api/practice/grade does;
"Show me" opens the visualizer at the grader's step; "Try again" keeps what was right.
Random practice trees are reproducible by seed, and the embed sends nothing once loaded."""

from __future__ import annotations

import json
import random
import re
from urllib.parse import parse_qs, urlparse

import pytest
from test_accessibility import assert_no_serious

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
# The textbook tree (standard rule): C is cut off after H (2 ≤ α = 3), so I and J are
# pruned; D's cutoff fires at its last child and prunes nothing. A = 3 by B.
TEXTBOOK_ANSWER = {
    "pruned": ["1.1", "1.2"],
    "values": {"": 3, "0": 3, "1": 2, "2": 2},
    "best_move": 0,
}
PATHLIKE = re.compile(r"\[\d|\b\d+\.\d+\.\d|path")  # what an explanation must never show


def open_practice(prune, query, path="/practice"):
    prune.page.goto(f"{path}?{query}")
    prune.wait_state("done")
    return prune.page


def value_input(page, path):
    return page.locator(f'li.sheet-row[data-path="{path}"] .answer-value')


def window_inputs(page, path):
    row = page.locator(f'li.sheet-row[data-path="{path}"]')
    return row.locator(".answer-alpha"), row.locator(".answer-beta")


def prune_box(page, path):
    return page.locator(f'#sheet-rows input[type=checkbox][data-path="{path}"]')


def fill(page, answer):
    """Type an answer's values and pick its move in the form (marks are made on the tree)."""
    for path, value in answer.get("values", {}).items():
        value_input(page, path).fill(str(value))
    if answer.get("windows"):
        page.check("#show-windows")
        for path, (alpha, beta) in answer["windows"].items():
            a, b = window_inputs(page, path)
            a.fill(str(alpha))
            b.fill(str(beta))
    if answer.get("best_move") is not None:
        page.check(f'input[name=best-move][value="{answer["best_move"]}"]')


def shown_items(page):
    """The results as the page lists them: [{kind, path, step, text, href}]."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#results li.result')].map((li) => ({
            kind: li.dataset.kind, path: li.dataset.path, step: Number(li.dataset.step),
            text: li.querySelector('.result-text').textContent,
            href: li.querySelector('a.show-me') ? li.querySelector('a.show-me').href : null}))"""
    )


def api_grade(page, tree, options, answer):
    response = page.request.post(
        "/api/practice/grade", data={"tree": tree, "options": options, "answer": answer}
    )
    assert response.ok, response.text()
    return response.json()


def dotted(path):
    return ".".join(map(str, path))


# ----- solving, mistakes, try again -----


def test_the_textbook_tree_solved_on_the_tree_and_in_the_form_scores_full_marks(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    open_practice(prune, "preset=textbook")
    assert "Standard rule: prune when α ≥ β" in page.locator("#rule-statement").inner_text()
    # Step 0 only: leaf values, no inner value, no window, no cutoff, nothing struck.
    assert page.locator("#tree g.node.inner .val").all_text_contents() in ([], ["", "", "", ""])
    assert page.locator("#tree .win, #tree .cutoff-label, #tree .strike").count() == 0
    assert page.locator("#tree g.node.terminal .val").all_text_contents() == [
        "3", "12", "8", "2", "4", "6", "14", "5", "2"
    ]  # fmt: skip

    page.locator('#tree g.node[data-path="1.1"] .shape').click()  # I: its node
    page.locator('#tree line.practice-hit[data-path="1.2"]').click()  # J: its edge
    assert prune_box(page, "1.1").is_checked() and prune_box(page, "1.2").is_checked()
    for path in ("1.1", "1.2"):
        assert prune.node(path).get_attribute("data-practice") == "pruned"
    assert page.locator("#tree .practice-strike").count() == 2
    fill(page, TEXTBOOK_ANSWER)
    page.click("#check")

    assert page.locator("#score").inner_text() == "7 of 7"
    assert page.locator("#mistakes li").count() == 0
    items = shown_items(page)
    assert {item["kind"] for item in items} == {"correct_prune", "correct_value", "correct_move"}
    assert page.evaluate("document.activeElement.id") == "results-heading"
    graded = page.evaluate(
        "() => [...document.querySelectorAll('#tree g.node[data-grade]')].map((g) => [g.dataset.path, g.dataset.grade])"  # noqa: E501
    )
    assert sorted(graded) == sorted([[p, "correct"] for p in ("", "0", "1", "2", "1.1", "1.2")])
    assert page.locator("#tree .practice-badge").count() == 6
    api = api_grade(page, TEXTBOOK, {}, TEXTBOOK_ANSWER)
    assert page.evaluate("window.prune.result") == api
    assert (api["score"], api["max_score"]) == (7, 7)
    prune.screenshot("practice-textbook-solved-1280x720")


def test_each_kind_of_mistake_is_explained_by_name_and_show_me_opens_its_step(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    open_practice(prune, "preset=textbook")
    answer = {
        "pruned": ["0.1", "1.2"],  # F is searched (over-prune); J right; I missed
        "values": {"": 3, "0": 4, "1": 2},  # B wrong; D missing
        "windows": {"": ["3", "∞"], "1": ["3", "3"]},  # A right; C is α 3, β 2
        "best_move": 2,  # D: wrong
    }
    for path in answer["pruned"]:
        page.locator(f'#tree g.node[data-path="{path}"] .shape').click()
    fill(page, answer)
    page.click("#check")

    api_answer = {**answer, "windows": {"": [3, "Infinity"], "1": [3, 3]}}
    api = api_grade(page, TEXTBOOK, {}, api_answer)
    assert page.evaluate("window.prune.result") == api
    assert page.locator("#score").inner_text() == f"{api['score']} of {api['max_score']}"
    items = shown_items(page)
    kinds = [item["kind"] for item in items]
    mistaken = ("over_prune", "missed_prune", "wrong_value", "missing_value", "wrong_window")
    for kind in (*mistaken, "wrong_move"):
        assert kind in kinds, kind
    # Mistakes first, each with "Show me" at the grader's step; correct ones after, folded.
    mistakes = page.locator("#mistakes li")
    assert mistakes.count() == 6 and all(item["href"] for item in items[:6])
    assert not any(item["href"] for item in items[6:])
    by_key = {(item["kind"], dotted(item["path"])): item for item in api["items"]}
    names = {"": "A", "0": "B", "1": "C", "2": "D", "0.1": "F", "1.1": "I"}
    for item in items:
        truth = by_key[(item["kind"], item["path"])]
        assert item["text"] == truth["explanation"]
        assert item["step"] == truth["step"]
        assert not PATHLIKE.search(item["text"]), item["text"]
        if item["path"] in names and item["kind"] != "wrong_move":
            assert names[item["path"]] in item["text"]
        if item["href"]:
            query = parse_qs(urlparse(item["href"]).query)
            assert query["preset"] == ["textbook"] and query["step"] == [str(truth["step"])]
    over = next(i for i in items if i["kind"] == "over_prune")
    assert over["text"].startswith("F is searched")
    assert next(i for i in items if i["kind"] == "wrong_move")["text"].startswith(
        "The best move is B (value 3); D"
    )
    # The tree marks each graded node, with an icon for each grade (not colour alone).
    assert prune.node("0.1").get_attribute("data-grade") == "over"
    assert prune.node("1.1").get_attribute("data-grade") == "missing"
    assert prune.node("0").get_attribute("data-grade") == "wrong"
    f_item = page.locator('#tree g.node[data-path="0.1"] [role=treeitem]')
    # Issue 26: the grade is in the name (the view's "not yet searched" would be wrong here).
    assert f_item.get_attribute("aria-description") == "marked pruned by you"
    assert f_item.get_attribute("aria-label").endswith(": value 12, checked, over-pruned")
    icons = page.locator("#tree .practice-badge text").all_text_contents()
    assert {"⊘", "?", "✗", "✓"} <= set(icons)
    prune.screenshot("practice-mistakes-1280x720")

    # Try again: the wrong answers go, the right ones stay.
    page.click("#try-again")
    assert page.locator("#results").is_hidden()
    assert value_input(page, "0").input_value() == ""  # B's wrong value
    assert window_inputs(page, "1")[0].input_value() == ""  # C's wrong window
    assert not prune_box(page, "0.1").is_checked()  # F over-pruned
    assert page.locator("input[name=best-move]:checked").count() == 0
    assert value_input(page, "1").input_value() == "2"  # C's right value
    assert value_input(page, "").input_value() == "3"
    assert window_inputs(page, "")[1].input_value() == "∞"
    assert prune_box(page, "1.2").is_checked()  # J, right
    assert prune.node("0.1").get_attribute("data-practice") is None

    # "Show me" opens the visualizer at that very step.
    page.goto(over["href"])
    prune.wait_state("done")
    assert page.evaluate("window.prune.step") == over["step"]


def test_keyboard_only_mark_on_the_tree_and_answer_in_the_form(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    open_practice(prune, "preset=textbook")
    page.locator("#tree [role=treeitem][tabindex='0']").focus()
    assert page.evaluate("document.activeElement.closest('g.node').dataset.path") == ""
    for key in ("ArrowDown", "ArrowRight", "ArrowDown", "ArrowRight", "x", "ArrowRight", "X"):
        page.keyboard.press(key)  # B, C, H, I (cross out), J (cross out)
    assert prune.node("1.1").get_attribute("data-practice") == "pruned"
    assert prune.node("1.2").get_attribute("data-practice") == "pruned"
    item = page.locator('#tree g.node[data-path="1.2"] [role=treeitem]')
    assert item.get_attribute("aria-description") == "marked pruned by you"
    assert page.locator("#practice-status").inner_text() == "J marked pruned."
    page.keyboard.press("x")  # and back
    assert not prune_box(page, "1.2").is_checked()
    page.keyboard.press("x")
    # Enter on the root: its value in the form; then the form in Tab order.
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == value_input(page, "").get_attribute("id")
    page.keyboard.type("3")
    steps = [("Tab", 4), ("3", 0), ("Tab", 4), ("2", 0), ("Tab", 4), ("2", 0), ("Tab", 4)]
    for key, times in steps:  # past A's 3 checkboxes, B's 3, C's 3 (I, J: checked), D's 3
        if times:
            for _ in range(times):
                page.keyboard.press(key)
        else:
            page.keyboard.type(key)
    assert page.evaluate("document.activeElement.name") == "best-move"
    page.keyboard.press("Space")  # B
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "check"
    page.keyboard.press("Enter")
    assert page.locator("#score").inner_text() == "7 of 7"


def test_a_field_that_is_not_a_number_is_named_and_nothing_is_graded(prune):
    page = prune.page
    open_practice(prune, "preset=textbook")
    value_input(page, "0").fill("three")
    page.click("#check")
    assert "B's value: “three” is not a number." in page.locator("#sheet-errors").inner_text()
    assert page.evaluate("document.activeElement.id") == value_input(page, "0").get_attribute("id")
    assert value_input(page, "0").get_attribute("aria-invalid") == "true"
    assert page.locator("#results").is_hidden()
    # Show the answer: the engine's, which grades full marks.
    page.click("#show-answer")
    page.click("#check")
    assert page.locator("#score").inner_text() == "7 of 7"


# ----- random practice, links, the embed -----


def test_random_practice_is_reproducible_by_seed_and_shareable(prune):
    page = prune.page
    page.set_viewport_size(PHONE)
    open_practice(prune, "difficulty=medium&seed=7")
    first = page.evaluate("JSON.stringify(window.prune.trace.nodes)")
    assert page.evaluate("location.search") == "?difficulty=medium&seed=7"
    open_practice(prune, "difficulty=medium&seed=7")
    assert page.evaluate("JSON.stringify(window.prune.trace.nodes)") == first
    depth = page.evaluate("Math.max(...window.prune.trace.depth)")
    assert depth == 3
    prune.screenshot("practice-medium-390x844")

    page.click("#new-tree")
    page.wait_for_function("(q) => location.search === q", arg="?difficulty=medium&seed=8")
    prune.wait_state("done")
    assert page.evaluate("JSON.stringify(window.prune.trace.nodes)") != first
    page.click("#copy-link")
    link = page.locator("#copy-text").input_value()
    assert link.endswith("/practice?difficulty=medium&seed=8")
    page.click("#copy-embed")
    code = page.locator("#copy-text").input_value()
    assert '/embed/practice?difficulty=medium&amp;seed=8"' in code and code.startswith("<iframe")

    # Easy: depth 2, 3 children; hard: depth 4, and one seed in three has two MIN players.
    open_practice(prune, "difficulty=easy&seed=3")
    assert page.evaluate("window.prune.trace.size") == 13
    open_practice(prune, "difficulty=hard&seed=2&rule=strict")
    assert page.evaluate("window.prune.trace.options.players") == ["max", "min", "min"]
    statement = page.locator("#rule-statement").inner_text()
    assert "Strict rule (CS188): prune only when v > β or v < α" in statement
    assert "MAX, MIN, MIN" in statement
    assert page.evaluate("Math.max(...window.prune.trace.depth)") == 4
    assert page.evaluate("location.search") == "?difficulty=hard&seed=2&rule=strict"


def test_rules_depth_limits_and_chance_are_stated_and_graded(prune):
    page = prune.page
    open_practice(prune, "preset=chance")
    assert "Chance nodes never prune" in page.locator("#rule-statement").inner_text()
    assert page.locator('li.sheet-row[data-kind="chance"] .field-alpha').count() == 0
    page.click("#show-answer")
    page.click("#check")
    result = page.evaluate("window.prune.result")
    assert result["score"] == result["max_score"] > 0
    open_practice(prune, "preset=depth-limited")
    assert "Depth limit 2" in page.locator("#rule-statement").inner_text()
    assert page.locator("#tree g.node.at-limit").count() > 0
    # Nodes at the limit are given (leaves of the exercise): no row, no value to give.
    assert page.locator("li.sheet-row").count() == page.evaluate(
        "window.prune.trace.nodes.filter((n) => !n.terminal).length"
    )


def test_the_embed_grades_offline_and_sends_nothing_after_load(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    response = page.goto("/embed/practice?preset=textbook")
    prune.wait_state("done")
    assert response.headers.get("x-frame-options") is None
    assert "frame-ancestors 'none'" not in response.headers["content-security-policy"]
    assert page.locator(".app-header, #new-tree, #copy-link").count() == 0
    sent = []
    page.on("request", lambda request: sent.append(request.url))
    page.locator('#tree g.node[data-path="1.1"] .shape').click()
    page.locator('#tree g.node[data-path="0.1"] .shape').click()
    fill(page, {"values": {"": 3, "0": 5}, "best_move": 1})
    page.click("#check")
    assert page.locator("#mistakes li").count() > 0
    link = page.locator("#mistakes a.show-me").first
    assert link.get_attribute("target") == "_blank"
    page.click("#try-again")
    page.click("#show-answer")
    page.click("#check")
    assert page.locator("#score").inner_text() == "7 of 7"
    page.wait_for_timeout(300)
    assert sent == [], sent
    prune.screenshot("practice-embed-1280x720")


@pytest.mark.parametrize("viewport", [PROJECTOR, PHONE], ids=["1280x720", "390x844"])
@pytest.mark.parametrize("path", ["/practice", "/embed/practice"])
def test_axe_finds_nothing_serious_before_and_after_a_check(prune, path, viewport):
    page = prune.page
    page.set_viewport_size(viewport)
    open_practice(prune, "difficulty=easy&seed=5", path)
    size = f"{viewport['width']}x{viewport['height']}"
    assert_no_serious(page, f"{path} ({size})")
    page.locator("#tree g.node[data-path='1'] .shape").click()
    page.check("#show-windows")
    fill(page, {"values": {"": 7, "0": 3}, "windows": {"0": ["−∞", 3]}, "best_move": 1})
    page.click("#check")
    assert_no_serious(page, f"{path} after Check ({size})")
    name = path.strip("/").replace("/", "-")
    prune.screenshot(f"{name}-checked-{size}")
    page.locator("#results").scroll_into_view_if_needed()
    prune.screenshot(f"{name}-results-{size}")


# ----- the browser's grader against the server's -----


REPEATED_LABELS = ["G1↓", "P→", "B"]  # as a game tree's: one label at many nodes ("B" a letter too)


def random_tree(rng, level=0, height=None):
    """A node: small integer (or half) values so ties are common; some chance nodes, weighted
    or not; a heuristic value on every inner node, so any depth limit is allowed; some nodes
    labelled from a few repeated labels, so that explanations must qualify names."""
    if height is None:
        height = rng.choice([1, 2, 2, 3, 3, 4])
    node = random_node(rng, level, height)
    if rng.random() < 0.2:
        node = node if isinstance(node, dict) else {"value": node}
        node["label"] = rng.choice(REPEATED_LABELS)
    return node


def random_node(rng, level, height):
    if level == height or (level > 1 and rng.randint(0, 5) == 0):
        return rng.randint(-3, 3) if rng.random() < 0.9 else rng.randint(-6, 6) + 0.5
    width = rng.choice([1, 2, 2, 3, 3])
    children = [random_tree(rng, level + 1, height) for _ in range(width)]
    node = {"value": rng.randint(-3, 3), "children": children}
    if rng.random() < 0.15:
        node["type"] = "chance"
        if rng.random() < 0.5:
            weights = {1: [1.0], 2: [0.25, 0.75], 3: [0.5, 0.25, 0.25]}[width]
            node["children"] = [
                {**(c if isinstance(c, dict) else {"value": c}), "p": w}
                for c, w in zip(children, weights, strict=True)
            ]
    return node


def random_options(rng):
    options = {
        "algorithm": rng.choice(["alphabeta", "alphabeta", "alphabeta", "minimax", "expectimax"]),
        "rule": rng.choice(["standard", "strict"]),
        "players": rng.choice(["max,min", "min,max", "max,min,min", "max,chance,min"]),
        "depth": rng.choice([None, None, None, 1, 2, 3]),
        "ordering": rng.choice(["given", "given", "perfect", "worst", "random", "heuristic"]),
        "seed": rng.randint(0, 3),
    }
    return {key: value for key, value in options.items() if value is not None}


def engine_facts(trace):
    """From a trace (the wire format): each row's path, the cut rows, exit values, windows."""
    nodes, paths, kids = trace["nodes"], [""], [[] for _ in trace["nodes"]]
    for row, node in enumerate(nodes[1:], start=1):
        parent = node["parent"]
        position = str(len(kids[parent]))
        paths.append(f"{paths[parent]}.{position}" if parent else position)
        kids[parent].append(row)
    pruned, values, windows, last, visited = [], {}, {}, {}, set()
    for event in trace["events"]:
        kind, row = event[0], event[1]
        if kind in ("enter", "leaf"):
            visited.add(row)
        if kind == "cutoff":
            pruned.extend(event[6])
        elif kind in ("enter", "update"):
            last[row] = event[3:5] if kind == "enter" else event[5:7]
        elif kind == "exit":
            values[row] = event[2]
            if last[row][0] is not None and nodes[row]["kind"] != "chance":
                windows[row] = last[row]
    unvisited = [row for row in range(len(nodes)) if row not in visited]
    return paths, kids, pruned, values, windows, unvisited


def random_answer(rng, trace):
    """Near the engine's answer: some of its prunes and some others (nested too, the root
    now and then), values right, nearly right (1e-12 off), rounded as shown, or wrong, some
    windows, values for nodes the search never reaches, a move."""
    paths, kids, pruned, values, windows, unvisited = engine_facts(trace)
    rows = list(range(1, len(paths)))
    others = rng.sample(rows, min(len(rows), rng.randint(0, 3)))
    marks = [r for r in pruned if rng.random() < 0.7] + others
    if rng.random() < 0.05:
        marks.append(0)
    answer = {"pruned": [paths[r] for r in dict.fromkeys(marks)], "values": {}, "windows": {}}
    for row, value in values.items():
        roll = rng.random()
        if roll < 0.15:
            continue
        if roll < 0.3:
            value = value * (1 + 1e-12) + 1e-13
        elif roll < 0.4 and isinstance(value, float):
            value = round(value, 3)  # as the page shows a chance average (1.667 for 5/3)
        elif roll < 0.5:
            value = rng.randint(-3, 3)
        answer["values"][paths[row]] = value
        if row in windows and rng.random() < 0.5:
            alpha, beta = windows[row]
            if rng.random() < 0.3:
                alpha = rng.choice(["-Infinity", -1, 0, 1])
            answer["windows"][paths[row]] = [alpha, beta]
    for row in unvisited:
        if rng.random() < 0.3:
            answer["values"][paths[row]] = rng.randint(-3, 3)
    if kids[0] and rng.random() < 0.85:
        answer["best_move"] = rng.randrange(len(kids[0]))
    return answer


GRADE_IN_PAGE = """
async (cases) => {
  const { grade } = await import('/static/js/practice/grader.js');
  const { Trace } = await import('/static/js/trace/trace.js');
  return cases.map(({ trace: r, answer }) => {
    const trace = new Trace(r.nodes, r.options);
    trace.append(r.events);
    trace.finish(r.summary);
    return grade(trace, answer);
  });
}
"""


def test_the_browsers_grader_agrees_with_the_api_on_random_trees_and_answers(prune):
    page = prune.page
    open_practice(prune, "preset=textbook")
    rng = random.Random(15)
    cases, expected = [], []
    while len(cases) < 150:
        tree, options = random_tree(rng), random_options(rng)
        if not isinstance(tree, dict):
            continue
        response = page.request.post("/api/trace", data={"tree": tree, "options": options})
        assert response.ok, response.text()
        trace = response.json()
        answer = random_answer(rng, trace)
        expected.append(api_grade(page, tree, options, answer))
        cases.append({"trace": trace, "answer": json.loads(json.dumps(answer))})
    graded = page.evaluate(GRADE_IN_PAGE, cases)
    kinds, qualified = set(), 0
    for case, mine, theirs in zip(cases, graded, expected, strict=True):
        assert mine == theirs, json.dumps(case["answer"])
        kinds.update(item["kind"] for item in theirs["items"])
        qualified += any(" (node " in item["explanation"] for item in theirs["items"])
    # The answers exercised every kind of item, and repeated labels were told apart.
    assert kinds == {
        "correct_prune", "missed_prune", "over_prune", "correct_value", "wrong_value",
        "missing_value", "correct_window", "wrong_window", "correct_move", "wrong_move",
        "missing_move", "value_for_pruned",
    }  # fmt: skip
    assert qualified >= 10
