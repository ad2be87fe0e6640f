"""Random practice cases: seeded trees, options and answers near the engine's, for checking
the practice page's grader (static/js/practice/grader.js) against the server's (app/practice).
Used by tests/engine/test_grading_agreement.py (under Node, in seconds) and
tests/browser/test_practice_grader_agreement.py (in Chromium, through the API).

The trees have small integer (or half) values, so ties are common; some chance nodes,
weighted or not; some labels repeated, so explanations must qualify names. The answers mix
the engine's prunes with others (nested, the root now and then), right values, nearly right
ones, values rounded as the page shows them, wrong ones, windows right and wrong, values for
nodes the search never reaches, and a move or none: every kind of graded item."""

from __future__ import annotations

REPEATED_LABELS = ["G1↓", "P→", "B"]  # as a game tree's: one label at many nodes ("B" a letter too)
# Every kind of item the graders give: a set of cases should exercise them all.
ITEM_KINDS = {
    "correct_prune", "missed_prune", "over_prune", "correct_value", "wrong_value",
    "missing_value", "correct_window", "wrong_window", "correct_move", "wrong_move",
    "missing_move", "value_for_pruned",
}  # fmt: skip


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


def engine_answer(trace):
    """The engine's own answer, read from its trace: every prune, value and window, its move."""
    paths, _, pruned, values, windows, _ = engine_facts(trace)
    return {
        "pruned": [paths[row] for row in pruned],
        "values": {paths[row]: value for row, value in values.items()},
        "windows": {paths[row]: list(window) for row, window in windows.items()},
        "best_move": trace["summary"]["best_move"],
    }


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
