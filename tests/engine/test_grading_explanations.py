"""Grading on textbook examples (app/practice): every item's kind, node, step and
explanation checked word for word by hand: right and wrong answers, the two pruning rules on
a tie, chance nodes, marks inside marks, several MIN players, depth limits, moves named by
their actions, and values given for pruned nodes.
"""

import pytest
from grading_examples import CHANCE, CUT_AT_C, TEXTBOOK, grade_document, items, mistakes

from app.engine import EngineError

TIE = [[10], [10, 0]]


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
