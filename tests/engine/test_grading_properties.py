"""Grading a student's prediction (app/practice) on thousands of random trees: the engine's
own answer scores full marks, and each injected mistake is reported as exactly that mistake,
at exactly its node; any answer is graded within bounds.

The engine's answer is read here from the documented wire format (tests/wire_format.py),
not from app/practice, so the two readings check each other.
"""

import json

import pytest
from grading_examples import mistakes
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from wire_format import readable, table_paths

from app.engine import SearchOptions, parse_document, trace
from app.practice import grade_answer

WEIGHTS = {1: [1], 2: [0.25, 0.75], 3: [0.5, 0.25, 0.25], 4: [0.125, 0.375, 0.25, 0.25]}


# Random trees: small integer ranges so ties are common; some chance nodes (weighted or
# not), and a heuristic value on every inner node so that any depth limit is allowed.
@st.composite
def shapes(draw, level=0, height=None):
    """A leaf value, or (type, weighted, heuristic value, children): mostly 3 or 4 levels."""
    if height is None:
        height = draw(st.sampled_from([0, 1, 2, 3, 3, 4, 4]))
    if level == height or (level > 1 and draw(st.integers(0, 5)) == 0):
        return draw(st.integers(-3, 3))
    kind = draw(st.sampled_from([None] * 5 + ["chance"]))
    weighted, heuristic = draw(st.booleans()), draw(st.integers(-3, 3))
    width = draw(st.sampled_from([1, 2, 3, 3]))
    return kind, weighted, heuristic, [draw(shapes(level + 1, height)) for _ in range(width)]


def searches(*algorithms):
    return st.fixed_dictionaries(
        {
            "algorithm": st.sampled_from(algorithms),
            "rule": st.sampled_from(["standard", "strict"]),
            "players": st.sampled_from(
                [
                    ("max", "min"),
                    ("min", "max"),
                    ("max", "min", "min"),
                    ("max", "max", "min"),
                    ("max", "chance", "min"),
                ]
            ),
            "depth": st.sampled_from([None, None, None, None, 1, 2, 3]),
            "ordering": st.sampled_from(
                ["given", "given", "perfect", "worst", "random", "heuristic"]
            ),
            "seed": st.integers(0, 3),
        }
    )


ANY = searches("alphabeta", "alphabeta", "alphabeta", "minimax", "expectimax")
PRUNING = searches("alphabeta")


def document(shape, p=None):
    """A node object (a number for a leaf) from a drawn shape; ``p`` on its edge if given."""
    if isinstance(shape, int):
        return shape if p is None else {"value": shape, "p": p}
    kind, weighted, heuristic, kids = shape
    weights = WEIGHTS[len(kids)] if kind == "chance" and weighted else [None] * len(kids)
    children = [document(kid, weight) for kid, weight in zip(kids, weights, strict=True)]
    node = {"value": heuristic, "children": children}
    if kind:
        node["type"] = kind
    if p is not None:
        node["p"] = p
    return node


def dotted(path):
    return ".".join(map(str, path))


def engine_answer(tree, options):
    """The engine's own answer, read from its trace as docs/protocol.md describes it."""
    result = trace(parse_document(tree).tree, options)
    events = readable(result["nodes"], result["events"])
    answer = {"pruned": [], "values": {}, "windows": {}, "best_move": None}
    kinds, window = {}, {}
    for event in events:
        path = event["path"]
        if event["type"] == "enter":
            kinds[path] = event["kind"]
            window[path] = [event["alpha"], event["beta"]]
        elif event["type"] == "update":
            window[path] = [event["alpha"], event["beta"]]
        elif event["type"] == "cutoff":
            answer["pruned"].extend(dotted(p) for p in event["pruned"])
        elif event["type"] == "exit":
            answer["values"][dotted(path)] = event["value"]
            if options.algorithm == "alphabeta" and kinds[path] != "chance":
                answer["windows"][dotted(path)] = window[path]
    answer["best_move"] = result["summary"]["best_move"]
    visited = [e["path"] for e in events if e["type"] in ("enter", "leaf")]
    return json.loads(json.dumps(answer)), visited, len(events)


def graded(tree, options, answer):
    return grade_answer(parse_document(tree).tree, options, json.loads(json.dumps(answer)))


def path_of(key):
    return [int(step) for step in key.split(".")] if key else []


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@settings(max_examples=examples(800), deadline=None)
@given(shapes(), ANY)
def test_the_engines_own_answer_scores_full_marks_with_correct_items_only(shape, options):
    tree, options = document(shape), SearchOptions(**options)
    answer, _, steps = engine_answer(tree, options)
    result = graded(tree, options, answer)
    assert mistakes(result) == []
    expected = len(answer["pruned"]) + len(answer["values"]) + len(answer["windows"])
    expected += answer["best_move"] is not None
    assert result["score"] == result["max_score"] == len(result["items"]) == expected
    assert result["rule"] == options.rule
    assert all(0 < item["step"] <= steps and item["explanation"] for item in result["items"])
    assert [item["step"] for item in result["items"]] == sorted(i["step"] for i in result["items"])


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@settings(max_examples=examples(700), deadline=None)
@given(shapes(), PRUNING, st.data())
def test_a_dropped_prune_is_exactly_one_missed_prune_at_it(shape, options, data):
    tree, options = document(shape), SearchOptions(**options)
    answer, _, _ = engine_answer(tree, options)
    if not answer["pruned"]:
        return
    dropped = data.draw(st.sampled_from(answer["pruned"]))
    answer["pruned"].remove(dropped)
    result = graded(tree, options, answer)
    assert mistakes(result) == [("missed_prune", path_of(dropped))]
    assert result["score"] == result["max_score"] - 1


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@settings(max_examples=examples(500), deadline=None)
@given(shapes(), ANY, st.data())
def test_crossing_out_a_visited_node_is_exactly_one_over_prune_at_it(shape, options, data):
    tree, options = document(shape), SearchOptions(**options)
    answer, visited, _ = engine_answer(tree, options)
    if len(visited) < 2:
        return
    marked = data.draw(st.sampled_from(visited[1:]))
    answer["pruned"].append(list(marked))
    result = graded(tree, options, answer)
    assert mistakes(result) == [("over_prune", list(marked))]
    correct = len(result["items"]) - 1
    assert result["score"] == max(0, correct - 1)
    # Nothing in the crossed-out subtree is graded, and everything outside it still is.
    for item in result["items"]:
        assert item["kind"] == "over_prune" or item["path"][: len(marked)] != list(marked)


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@settings(max_examples=examples(500), deadline=None)
@given(shapes(), ANY, st.data(), st.sampled_from([1, -1, 0.5]))
def test_a_changed_value_is_exactly_one_wrong_value_at_it(shape, options, data, change):
    tree, options = document(shape), SearchOptions(**options)
    answer, _, _ = engine_answer(tree, options)
    if not answer["values"]:
        return
    key = data.draw(st.sampled_from(sorted(answer["values"])))
    answer["values"][key] += change
    result = graded(tree, options, answer)
    assert mistakes(result) == [("wrong_value", path_of(key))]
    assert result["score"] == result["max_score"] - 1


@settings(max_examples=examples(300), deadline=None)
@given(shapes(), ANY, st.data())
def test_a_changed_best_move_is_exactly_one_wrong_move(shape, options, data):
    tree, options = document(shape), SearchOptions(**options)
    answer, _, _ = engine_answer(tree, options)
    moves = len(tree["children"]) if isinstance(tree, dict) else 0
    if answer["best_move"] is None or moves < 2:
        return
    answer["best_move"] = data.draw(
        st.sampled_from([m for m in range(moves) if m != answer["best_move"]])
    )
    result = graded(tree, options, answer)
    assert mistakes(result) == [("wrong_move", [])]
    assert result["items"][-1]["explanation"].startswith("The best move is ")


@settings(max_examples=examples(300), deadline=None)
@given(shapes(), PRUNING, st.data())
def test_a_changed_window_or_a_dropped_value_is_exactly_that_mistake(shape, options, data):
    tree, options = document(shape), SearchOptions(**options)
    answer, _, _ = engine_answer(tree, options)
    if not answer["windows"]:
        return
    key = data.draw(st.sampled_from(sorted(answer["windows"])))
    alpha = answer["windows"][key][0]
    answer["windows"][key][0] = 99 if alpha == "-Infinity" else "-Infinity"
    del answer["values"][key]
    result = graded(tree, options, answer)
    assert sorted(mistakes(result)) == [
        ("missing_value", path_of(key)),
        ("wrong_window", path_of(key)),
    ]


@settings(max_examples=examples(250), deadline=None)
@given(shapes(), ANY, st.data())
def test_any_answer_is_graded_within_bounds_and_nothing_under_a_mark(shape, options, data):
    tree, options = document(shape), SearchOptions(**options)
    paths = table_paths(trace(parse_document(tree).tree, options)["nodes"])
    marks = data.draw(st.lists(st.sampled_from(paths), unique=True, max_size=4))
    given = data.draw(st.lists(st.sampled_from(paths), unique=True))
    values = {dotted(path): data.draw(st.integers(-3, 3)) for path in given}
    result = graded(tree, options, {"pruned": [list(m) for m in marks], "values": values})
    assert 0 <= result["score"] <= result["max_score"]
    for item in result["items"]:
        path = tuple(item["path"])
        assert not any(path[: len(m)] == m and path != m for m in marks)
        assert path not in marks or item["kind"].endswith(("prune", "move"))
