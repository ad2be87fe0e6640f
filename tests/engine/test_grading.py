"""Grading a student's prediction (app/practice): on thousands of random trees the engine's
own answer scores full marks and each injected mistake is reported as exactly that mistake,
at exactly its node; textbook examples check the explanations word for word.

The engine's answer is read here from the documented wire format (tests/wire_format.py),
not from app/practice, so the two readings check each other.
"""

import json
import random
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wire_format import readable, table_paths

from app.engine import EngineError, SearchOptions, parse_document, resolve_options, trace
from app.practice import grade_answer
from app.practice.explain import fmt
from app.practice.names import move_name
from app.practice.truth import Truth

ROOT = Path(__file__).resolve().parents[2]
TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
TIE = [[10], [10, 0]]
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


def mistakes(result):
    return [(i["kind"], i["path"]) for i in result["items"] if not i["kind"].startswith("correct")]


def path_of(key):
    return [int(step) for step in key.split(".")] if key else []


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@settings(max_examples=800, deadline=None)
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
@settings(max_examples=700, deadline=None)
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
@settings(max_examples=500, deadline=None)
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
@settings(max_examples=500, deadline=None)
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


@settings(max_examples=300, deadline=None)
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


@settings(max_examples=300, deadline=None)
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


@settings(max_examples=250, deadline=None)
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


# Textbook examples, explanations checked by hand.


def grade_document(tree, answer, **options):
    parsed = parse_document(tree)
    return grade_answer(parsed.tree, resolve_options(parsed, options), answer)


def items(result):
    return [(i["kind"], i["path"], i["step"], i["explanation"]) for i in result["items"]]


CUT_AT_C = (
    "after C's first child H, v = 2 ≤ α = 3 at C, so MIN at C will return at most 2, "
    "no better for MAX above than the 3 it already has"
)


def test_the_textbook_tree_answered_right():
    answer = {
        "pruned": ["1.1", [1, 2]],
        "values": {"": 3, "0": 3, "1": 2, "2": 2.0},
        "windows": {"1": [3, 2], "0": ["-Infinity", 3], "": [3, "Infinity"]},
        "best_move": 0,
    }
    result = grade_document(TEXTBOOK, answer)
    assert result["score"] == result["max_score"] == 10
    assert result["rule"] == "standard"
    assert items(result) == [
        ("correct_value", [0], 9, "B returns 3."),
        ("correct_window", [0], 9, "At B, α = −∞ and β = 3 when it returns."),
        ("correct_prune", [1, 1], 14, f"I is pruned: {CUT_AT_C}, and the search skips I."),
        ("correct_prune", [1, 2], 14, f"J is pruned: {CUT_AT_C}, and the search skips J."),
        ("correct_value", [1], 15, "C returns 2."),
        ("correct_window", [1], 15, "At C, α = 3 and β = 2 when it returns."),
        ("correct_value", [2], 25, "D returns 2."),
        ("correct_value", [], 27, "A returns 3."),
        ("correct_window", [], 27, "At A, α = 3 and β = ∞ when it returns."),
        ("correct_move", [], 27, "The best move is B (value 3)."),
    ]


def test_the_textbook_tree_answered_wrong():
    answer = {
        "pruned": ["1.2", "2"],
        "values": {"": 3, "1": 3, "0.0": 7},
        "windows": {"1": [3, 4]},
        "best_move": 2,
    }
    result = grade_document(TEXTBOOK, answer)
    assert items(result) == [
        ("missing_value", [0], 9, "B's value is missing: it returns 3."),
        ("missed_prune", [1, 1], 14, f"I is pruned: {CUT_AT_C}, and the search skips I."),
        ("correct_prune", [1, 2], 14, f"J is pruned: {CUT_AT_C}, and the search skips J."),
        (
            "wrong_value",
            [1],
            15,
            "C returns 2, not 3: a MIN node returns the smallest value its searched children "
            "returned (2; its last 2 children were pruned).",
        ),
        ("wrong_window", [1], 15, "At C, α = 3 and β = 2 when it returns, not α = 3, β = 4."),
        (
            "over_prune",
            [2],
            17,
            "D is searched: when A came to it, v = 3 and α = 3, β = ∞ at A, "
            "and no cutoff (α ≥ β) held.",
        ),
        ("correct_value", [], 27, "A returns 3."),
        (
            "wrong_move",
            [],
            27,
            "The best move is B (value 3); D returns at most 2, so it is no better.",
        ),
    ]
    # Correct: J, A's value = 2; over prunes: 1. The value of leaf E is ignored.
    assert (result["score"], result["max_score"]) == (1, 8)


def test_the_tie_tree_separates_the_rules():
    right = {"pruned": [], "values": {"": 10, "0": 10, "1": 10}, "best_move": 0}
    standard = grade_document(TIE, right)
    assert standard["rule"] == "standard"
    assert mistakes(standard) == [("missed_prune", [1, 1])]
    assert standard["items"][1]["explanation"] == (
        "F is pruned: after C's first child E, v = 10 ≤ α = 10 at C, so MIN at C will return at "
        "most 10, no better for MAX above than the 10 it already has, and the search skips F."
    )
    assert (standard["score"], standard["max_score"]) == (4, 5)

    strict = grade_document(
        TIE,
        {"pruned": ["1.1"], "values": {"": 10, "0": 10, "1": 10}, "best_move": 1},
        rule="strict",
    )
    assert strict["rule"] == "strict"
    assert items(strict)[-4:] == [
        (
            "over_prune",
            [1, 1],
            10,
            "F is searched: when C came to it, v = 10 and α = 10, β = 10 at C, "
            "and no cutoff (v < α) held.",
        ),
        (
            "wrong_value",
            [1],
            13,
            "C returns 0, not 10: a MIN node returns the smallest value its children returned "
            "(10, 0).",
        ),
        ("correct_value", [], 15, "A returns 10."),
        (
            "wrong_move",
            [],
            15,
            "The best move is B (value 10); C returns at most 0, so it is no better.",
        ),
    ]
    assert (strict["score"], strict["max_score"]) == (1, 4)


CHANCE = {
    "tree": [
        [3, 12, 9],
        [2, 4, 6],
        [{"value": 15, "p": 0.5}, {"value": 6, "p": 0.25}, {"value": 0, "p": 0.25}],
    ],
    "players": ["max", "chance"],
}


def test_chance_nodes_are_averaged_and_never_prune():
    answer = {"pruned": ["0.2"], "values": {"": 9, "0": 8, "1": 4.0, "2": 8.25}, "best_move": 2}
    result = grade_document(CHANCE, answer)
    assert mistakes(result) == [("over_prune", [0, 2]), ("wrong_value", [2])]
    explanations = {i["kind"]: i["explanation"] for i in result["items"]}
    assert explanations["over_prune"] == (
        "G is searched: chance nodes never prune, so B searches all its children."
    )
    assert explanations["wrong_value"] == (
        "D returns 9, not 8.25: a CHANCE node returns the average of its children's values "
        "weighted by their probabilities (0.5 × 15, 0.25 × 6, 0.25 × 0)."
    )
    assert explanations["correct_move"] == "The best move is D (value 9)."
    unweighted = grade_document(CHANCE, {"values": {"0": 7}})["items"][0]["explanation"]
    assert unweighted == (
        "B returns 8, not 7: a CHANCE node returns the average of its children's values (3, 12, 9)."
    )


def test_chance_values_compare_within_a_relative_tolerance_or_as_the_page_writes_them():
    tree = {"tree": [[1, 2, 2]], "players": ["max", "chance"]}
    close = grade_document(tree, {"values": {"": 5 / 3 * (1 + 1e-12), "0": 1.6666666666667}})
    assert mistakes(close) == [("missing_move", [])]
    shown = grade_document(tree, {"values": {"0": 1.667}})  # 5/3 as the page shows it
    assert ("wrong_value", [0]) not in mistakes(shown)
    far = grade_document(tree, {"values": {"0": 1.66}})
    assert ("wrong_value", [0]) in mistakes(far)
    assert "B returns 1.667, not 1.66" in far["items"][0]["explanation"]


def test_marks_inside_marks_and_inside_engine_pruned_subtrees_are_neutral():
    tree = [[3, 12, 8], [2, [4, 1], 6], [14, 5, 2]]  # C's second child is an inner node
    right = {"pruned": ["1.1", "1.2"], "values": {"": 3, "0": 3, "1": 2, "2": 2}, "best_move": 0}
    base = grade_document(tree, right)
    assert base["score"] == base["max_score"]
    # A mark inside a correct mark, and one inside an engine-pruned subtree: no item.
    inside = grade_document(tree, {**right, "pruned": ["1.1", "1.1.0", "1.2"]})
    assert inside == base
    alone = grade_document(tree, {**right, "pruned": ["1.1.1", "1.2"]})
    assert mistakes(alone) == [("missed_prune", [1, 1])]
    # Everything under an over-pruned mark goes ungraded: C's prunes, its value, its marks.
    over = grade_document(tree, {**right, "pruned": ["1", "1.1", "1.2"]})
    assert mistakes(over) == [("over_prune", [1])]
    assert (over["score"], over["max_score"]) == (base["max_score"] - 4, base["max_score"])


def test_several_min_players_a_depth_limit_and_the_at_least_bound():
    # max, min, min: C's MIN child is searched with β from C, the window from A above.
    tree = {"tree": [[[3, 5], [4]], [[2, 9], [7]]], "players": ["max", "min", "min"]}
    result = grade_document(tree, {"values": {"1.0": 9}})
    wrong = next(i for i in result["items"] if i["kind"] == "wrong_value")
    assert wrong["explanation"] == (
        "F returns 2, not 9: a MIN node returns the smallest value its searched children "
        "returned (2; its last child was pruned)."
    )
    # At a depth limit the heuristic leaves are given, not graded.
    limited = {"tree": [{"value": 1, "children": [5, 6]}, {"value": 2, "children": [0]}]}
    answer = {"values": {"": 2}, "best_move": 1, "pruned": []}
    assert grade_document(limited, answer, depth=1)["score"] == 2
    # A MIN root: a child that failed high returned a lower bound.
    result = grade_document([[3, 12], [14, 5]], {"best_move": 1}, players="min,max")
    assert result["items"][-1]["explanation"] == (
        "The best move is B (value 12); C returns at least 14, so it is no better."
    )


def test_over_prunes_say_why_the_search_went_there():
    def why(tree, path, **options):
        result = grade_document(tree, {"pruned": [path]}, **options)
        return next(i["explanation"] for i in result["items"] if i["kind"] == "over_prune")

    assert why(TEXTBOOK, "") == "A is searched: the search always starts at the root."
    assert why(TEXTBOOK, "1.0") == "H is searched: a node always searches its first child."
    assert why(TEXTBOOK, "1.1", algorithm="minimax") == "I is searched: minimax never prunes."
    assert why(TEXTBOOK, "2.0", algorithm="expectimax") == "K is searched: expectimax never prunes."
    assert why([[1, 5], [9, 0]], "0.1", rule="strict", players="min,max") == (
        "E is searched: when B came to it, v = 1 and α = 1, β = ∞ at B, and no cutoff (v > β) held."
    )


def test_moves_are_named_with_their_actions():
    tree = [
        {"label": "Stay", "children": [1]},
        {"action": "West", "children": [3]},
        {"label": "go", "action": "East", "children": [2]},
    ]
    result = grade_document(tree, {"best_move": 2})
    assert result["items"][-1]["explanation"] == (
        "The best move is C (West) (value 3); go (East) returns at most 2, so it is no better."
    )
    missing = grade_document(tree, {})["items"][-1]["explanation"]
    assert missing == "The best move is missing: it is C (West) (value 3)."
    leaves = [{"action": "North", "value": 1}, {"action": "South", "value": 0}]
    wrong = grade_document(leaves, {"best_move": 1})["items"][-1]["explanation"]
    assert wrong == "The best move is B (North) (value 1); C (South) returns 0."


def test_a_root_without_moves_grades_no_move():
    assert grade_document(7, {}) == {"score": 0, "max_score": 0, "rule": "standard", "items": []}
    limited = grade_document({"value": 4, "children": [1, 2]}, {}, depth=0)
    assert limited["max_score"] == 0
    with pytest.raises(EngineError, match="give null") as err:
        grade_document(7, {"best_move": 0})
    assert err.value.field == "answer.best_move"


@pytest.mark.parametrize(
    ("answer", "field", "says"),
    [
        ([], "answer", "answer must be an object"),
        ({"prune": []}, "answer.prune", 'unknown field "prune"'),
        ({"pruned": ["0.1", "1.5"]}, "answer.pruned[1]", "answer.pruned[1]: there is no node 1.5"),
        (
            {"pruned": [[0], "0"]},
            "answer.pruned[1]",
            "node 0 is given twice (also answer.pruned[0])",
        ),
        ({"pruned": ["0.01"]}, "answer.pruned[0]", '"0.01" is not a path'),
        ({"pruned": [[0, True]]}, "answer.pruned[0]", "is not a path"),
        ({"pruned": "0.1"}, "answer.pruned", "must be a list"),
        ({"pruned": ["0"] * 14}, "answer.pruned", "has 14 entries; the tree has only 13 nodes"),
        (
            {"values": {"1": "2"}},
            'answer.values["1"]',
            'finite number of size at most 1e+12, not "2"',
        ),
        ({"values": {"1": float("nan")}}, 'answer.values["1"]', "not NaN"),
        ({"values": {"1": 10**400}}, 'answer.values["1"]', "finite number"),
        ({"values": {"1": True}}, 'answer.values["1"]', "not true"),
        ({"values": {"x": 2}}, 'answer.values["x"]', '"x" is not a path'),
        ({"values": [2]}, "answer.values", "must be an object by path"),
        ({"windows": {"1": [3]}}, 'answer.windows["1"]', "a window is [α, β]"),
        ({"windows": {"1": ["inf", 3]}}, 'answer.windows["1"]', "a window is [α, β]"),
        ({"best_move": 1.0}, "answer.best_move", "not 1.0"),
        ({"best_move": 3}, "answer.best_move", "(0 to 2), not 3"),
    ],
)
def test_bad_answers_name_their_field(answer, field, says):
    with pytest.raises(EngineError) as err:
        grade_document(TEXTBOOK, answer)
    assert err.value.field == field
    assert says in str(err.value)


HEURISTIC = [{"value": 3, "children": [3, 12, 8]}, {"value": 2, "children": [2, 4, 6]}]


def test_a_path_below_the_depth_limit_is_no_node():
    with pytest.raises(EngineError, match=r"there is no node 0\.1 within the depth limit 1"):
        grade_document({"tree": HEURISTIC, "options": {"depth": 1}}, {"pruned": ["0.1"]})


# Names and numbers as the front end makes them.


def test_names_follow_the_documented_rules():
    def names(tree, **options):
        parsed = parse_document(tree)
        return Truth(parsed.tree, resolve_options(parsed, options)).names

    assert names(TEXTBOOK) == list("ABEFGCHIJDKLM")  # by row: preorder
    labelled = [{"label": "Left", "children": [1, 2]}, [3]]
    assert names(labelled) == ["A", "Left", "D", "E", "C", "F"]  # labelling renames no other
    fan = names([list(range(30))])
    assert fan[:3] == ["A", "B", "C"] and fan[-2:] == ["AE", "AF"]
    assert names(HEURISTIC, depth=1) == ["A", "B", "C"]  # nodes below the limit take none


# A game tree's labels: "G1↓" at every ghost move.
REPEATED = {
    "tree": [
        {
            "label": "P→",
            "children": [{"label": "G1↓", "children": [1, 2]}, {"label": "G1↓", "value": 5}],
        },
        {"label": "B", "children": [{"label": "G1↓", "children": [3, 4]}, 9]},
    ]
}


def test_repeated_labels_are_qualified_by_parent_and_letter_name_in_explanations():
    parsed = parse_document(REPEATED)
    names = Truth(parsed.tree, resolve_options(parsed)).names
    # The label B is not the letter name B: P→ has that place.
    assert names == [
        "A", "P→", "G1↓ under P→ (node D)", "H", "I", "G1↓ under P→ (node E)",
        "B", "G1↓ under B (node F)", "J", "K", "G",
    ]  # fmt: skip
    assert len(set(names)) == len(names)
    result = grade_document(REPEATED, {"values": {"0.0": 9}})
    said = {tuple(i["path"]): i["explanation"] for i in result["items"]}
    assert said[(0, 0)] == (
        "G1↓ under P→ (node D) returns 2, not 9: a MAX node returns the largest value its "
        "children returned (1, 2)."
    )


def test_a_value_for_a_pruned_node_is_its_own_mistake():
    tree = [[3, 12, 8], [2, [4, 1], 6], [14, 5, 2]]  # C's second child is an inner node
    right = {"pruned": ["1.1", "1.2"], "values": {"": 3, "0": 3, "1": 2, "2": 2}, "best_move": 0}
    base = grade_document(tree, right)
    # I's value, and a value for N under it: each a value_for_pruned at the cutoff's step.
    unmarked = {"pruned": ["1.2"], "values": {**right["values"], "1.1": 4, "1.1.0": 4}}
    result = grade_document(tree, {**right, **unmarked})
    assert [item for item in items(result) if item[1][:2] == [1, 1]] == [
        ("missed_prune", [1, 1], 14, f"I is pruned: {CUT_AT_C}, and the search skips I."),
        (
            "value_for_pruned",
            [1, 1],
            14,
            f"I is never evaluated: {CUT_AT_C}, and the search skips I, so no value is "
            "computed for I.",
        ),
        (
            "value_for_pruned",
            [1, 1, 0],
            14,
            f"N is never evaluated: it is inside I, which is pruned: {CUT_AT_C}, and the search "
            "skips I, so no value is computed for N.",
        ),
    ]
    # Each costs a point, as an over prune does; the maximum stays.
    assert result["max_score"] == base["max_score"]
    assert result["score"] == base["score"] - 1 - 2
    # Under a mark (the student says it is pruned) a value is ignored, as before.
    assert grade_document(tree, {**right, "values": {**right["values"], "1.1": 4}}) == base
    # A value for a visited leaf is ignored too.
    assert grade_document(tree, {**right, "values": {**right["values"], "0.0": 7}}) == base


def test_names_and_numbers_equal_the_front_ends():
    trees = [
        TEXTBOOK,
        [{"label": "Left", "action": "West", "children": [1, 2]}, {"action": "B", "children": [3]}],
        [list(range(30)), [{"label": "x→4", "action": "4", "value": 1}]],
        CHANCE,
        REPEATED,
    ]
    tables, expected = [], []
    for tree in trees:
        parsed = parse_document(tree)
        truth = Truth(parsed.tree, resolve_options(parsed))
        tables.append({"nodes": truth.nodes, "children": truth.children})
        expected.append(
            [
                truth.names,
                [move_name(truth.nodes, truth.names, row) for row in range(len(truth.nodes))],
            ]
        )
    special = "0 -0.0 3 -7 1e12 2.5 0.0625 0.1875 -0.0625 9.9995 0.0004 -1.234e-7 1234567.5 "
    special += "999999.9996 0.00099999 123.4565 0.3333333333333333 inf -inf"
    drawn = random.Random(15)
    numbers = [float(x) for x in special.split()]
    numbers += [drawn.uniform(-1, 1) * 10 ** drawn.randint(-8, 12) for _ in range(300)]
    numbers += [drawn.randint(-400, 400) / 16 for _ in range(100)]
    names_js = json.dumps((ROOT / "static/js/lib/names.js").as_uri())
    format_js = json.dumps((ROOT / "static/js/lib/format.js").as_uri())
    script = f"""
      import {{ uniqueNames, moveName }} from {names_js};
      import {{ fmt }} from {format_js};
      const tables = {json.dumps(tables)};
      const numbers = {json.dumps(numbers)};
      const names = tables.map((t) => {{
        const trace = {{ size: t.nodes.length, nodes: t.nodes, children: t.children }};
        const names = uniqueNames(trace);
        return [names, t.nodes.map((_, id) => moveName(trace, id, names))];
      }});
      console.log(JSON.stringify([names, numbers.map(fmt)]));
    """
    output = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    ).stdout
    names, formatted = json.loads(output)
    assert names == expected
    assert formatted == [fmt(x) for x in numbers]
