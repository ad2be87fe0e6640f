"""The practice questions of PVS, MTD(f) and Star1 (app/practice/questions) against
independent computations from the papers' pseudocode (tests/engine/questions_reference.py),
on seeded random trees: the re-searched children, the bounds after each pass, the pruned
chance children. Tapping (or writing) the reference's answer scores full marks, with right
items only; leaving it out misses exactly the reference's nodes; and the sentences name the
nodes and numbers of the search.
"""

from __future__ import annotations

import random

import pytest
from questions_reference import as_document, mtdf_bounds, pvs_researched, star1_pruned

from app.engine import EngineError, parse_tree, resolve_options
from app.practice import grade_answer

INF = float("inf")


def random_minimax(rng, level=0, height=3):
    if level == height or (level > 1 and rng.random() < 0.2):
        return rng.randint(0, 9)
    return [random_minimax(rng, level + 1, height) for _ in range(rng.randint(2, 3))]


def random_star(rng, level=0, height=3):
    if level == height:
        return rng.randint(0, 10)
    children = [random_star(rng, level + 1, height) for _ in range(rng.randint(2, 3))]
    return {"chance": children} if level % 2 == 1 else children


def graded(tree, options, answer):
    return grade_answer(parse_tree(as_document(tree)), resolve_options(None, options), answer)


def dotted(path):
    return ".".join(map(str, path))


@pytest.mark.parametrize("seed", range(120))
def test_pvs_re_searched_children_are_the_references(seed):
    tree = random_minimax(random.Random(seed))
    researched = pvs_researched(tree)
    right = graded(tree, {"algorithm": "pvs"}, {"tapped": [dotted(p) for p in researched]})
    assert right["question"] == "research"
    assert right["score"] == right["max_score"] == len(researched)
    assert {item["kind"] for item in right["items"]} <= {"correct_tap"}
    blank = graded(tree, {"algorithm": "pvs"}, {})
    assert {tuple(item["path"]) for item in blank["items"]} == researched
    assert blank["score"] == 0


@pytest.mark.parametrize("seed", range(120))
def test_mtdf_bounds_after_each_pass_are_the_references(seed):
    rng = random.Random(seed)
    tree, guess = random_minimax(rng), rng.randint(-2, 12)
    passes = mtdf_bounds(tree, guess)
    answer = {"bounds": [[lo if lo > -INF else "-Infinity", hi if hi < INF else "Infinity"] for lo, hi in passes]}  # fmt: skip  # noqa: E501
    right = graded(tree, {"algorithm": "mtdf", "guess": guess}, answer)
    assert right["question"] == "bounds"
    assert right["score"] == right["max_score"] == len(passes)
    assert [item["pass"] for item in right["items"]] == list(range(1, len(passes) + 1))
    wrong = graded(tree, {"algorithm": "mtdf", "guess": guess}, {"bounds": [[guess, guess]]})
    assert wrong["items"][0]["kind"] == ("correct_bounds" if passes[0] == (guess, guess) else "wrong_bounds")  # fmt: skip  # noqa: E501
    assert all(item["kind"] == "missing_bounds" for item in wrong["items"][1:])


@pytest.mark.parametrize("seed", range(120))
def test_star1_pruned_chance_children_are_the_references(seed):
    tree = random_star(random.Random(seed))
    pruned = star1_pruned(tree, 0, 10)
    options = {"algorithm": "star1", "bounds": [0, 10]}
    right = graded(tree, options, {"tapped": [dotted(p) for p in pruned]})
    assert right["question"] == "chance_prune"
    assert right["score"] == right["max_score"] == len(pruned)
    blank = graded(tree, options, {})
    assert {tuple(item["path"]) for item in blank["items"]} == pruned


def test_the_references_trees_ask_something():
    """The random trees exercise the questions: re-searches, passes, chance cutoffs."""
    researched = [pvs_researched(random_minimax(random.Random(s))) for s in range(120)]
    assert sum(bool(r) for r in researched) >= 20
    assert sum(len(mtdf_bounds(random_minimax(random.Random(s)), 0)) >= 3 for s in range(120)) >= 20  # fmt: skip  # noqa: E501
    assert sum(bool(star1_pruned(random_star(random.Random(s)), 0, 10)) for s in range(120)) >= 20  # fmt: skip  # noqa: E501


PVS_TREE = [[[3, 5], [6, 9]], [[1, 2], [0, -1]], [[8, 4], [7, 9]]]


def test_pvs_sentences_say_the_test_and_its_outcome():
    result = graded(PVS_TREE, {"algorithm": "pvs"}, {"tapped": ["1", "2", ""]})
    said = {dotted(item["path"]): (item["kind"], item["explanation"]) for item in result["items"]}
    assert said["2"] == (
        "correct_tap",
        "D's null-window test asks: is D better than 5 for MAX at A? It returned 7 > 5, a fail "
        "high, so D is searched again with the full window (5, ∞).",
    )
    assert said["1"] == (
        "over_tap",
        "C's null-window test asks: is C better than 5 for MAX at A? It returned 2 ≤ 5, a fail "
        "low: C is no better, so C is not searched again.",
    )
    assert said[""] == ("over_tap", "A is searched once: the root is never tested.")
    assert result["score"] == 0  # one right, two over
    assert result["max_score"] == 1


def test_mtdf_sentences_give_each_passs_window_and_bounds():
    result = graded(PVS_TREE, {"algorithm": "mtdf", "guess": 0}, {"bounds": [None, [4, "Infinity"]]})  # fmt: skip  # noqa: E501
    first, second, *_, last = result["items"]
    assert first["kind"] == "missing_bounds"
    assert second["explanation"] == (
        "Pass 2 searches A with the null window (3, 4): is A at least 4? It returned 5 ≥ 4, a "
        "fail high, so A is at least 5: the bounds are [5, ∞], not [4, ∞]."
    )
    assert last["explanation"].endswith("the bounds are [8, 8]; they meet, so A's value is 8.")


STAR_TREE = [{"chance": [2, 8]}, {"chance": [1, 9]}, {"chance": [0, 3, 4]}]


def test_star1_sentences_spell_the_bound_arithmetic():
    options = {"algorithm": "star1", "bounds": [0, 10]}
    result = graded(STAR_TREE, options, {"tapped": ["1.1", "2"]})
    said = {dotted(item["path"]): (item["kind"], item["explanation"]) for item in result["items"]}
    assert said["2.2"] == (
        "missed_tap",
        "K is pruned: after D's children I and J, D's value is at most (0 + 3 + 10) / 3 = 4.333 "
        "≤ α = 5, so the rest of D's children cannot matter.",
    )
    assert said["1.1"][1] == (
        "H is searched: when C came to it, C's value could still be anything from 0.5 to 5.5, "
        "neither at most α = 5 nor at least β = ∞."
    )
    assert said["2"][1] == "D is not a chance node's child: only chance nodes' children are asked about."  # fmt: skip  # noqa: E501


@pytest.mark.parametrize(
    ("options", "answer", "field"),
    [
        ({"algorithm": "pvs"}, {"tapped": "1"}, "answer.tapped"),
        ({"algorithm": "pvs"}, {"tapped": ["1", "1"]}, "answer.tapped[1]"),
        ({"algorithm": "pvs"}, {"tapped": ["7"]}, "answer.tapped[0]"),
        ({"algorithm": "pvs"}, {"pruned": ["1"]}, "answer.pruned"),
        ({"algorithm": "pvs"}, [], "answer"),
        ({"algorithm": "mtdf"}, {"bounds": [[1]]}, "answer.bounds[0]"),
        ({"algorithm": "mtdf"}, {"bounds": [[1, "x"]]}, "answer.bounds[0]"),
        ({"algorithm": "mtdf"}, {"bounds": [[0, 1]] * 50}, "answer.bounds"),
        ({"algorithm": "mtdf"}, {"bounds": {"0": [1, 2]}}, "answer.bounds"),
        ({"algorithm": "mtdf"}, {"bounds": [[1e300, 2]]}, "answer.bounds[0]"),
        ({"algorithm": "star1", "bounds": [-9, 9]}, {"tapped": [[0, -1]]}, "answer.tapped[0]"),
    ],
)
def test_hostile_answers_name_their_field(options, answer, field):
    with pytest.raises(EngineError) as refused:
        graded(PVS_TREE, options, answer)
    assert refused.value.field == field
