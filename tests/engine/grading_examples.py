"""Shared by the grading tests (tests/engine/test_grading_*.py): the textbook tree and other
hand-made trees, grading a tree document against an answer, and the short views of a result
the tests compare (its items, its mistakes). A helper module: pytest collects nothing here.
"""

from app.engine import parse_document, resolve_options
from app.practice import grade_answer

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
CHANCE = {
    "tree": [
        [3, 12, 9],
        [2, 4, 6],
        [{"value": 15, "p": 0.5}, {"value": 6, "p": 0.25}, {"value": 0, "p": 0.25}],
    ],
    "players": ["max", "chance"],
}
HEURISTIC = [{"value": 3, "children": [3, 12, 8]}, {"value": 2, "children": [2, 4, 6]}]
# Why I and J are pruned in TEXTBOOK, as the explanations say it.
CUT_AT_C = (
    "after C's first child H, v = 2 ≤ α = 3 at C, so MIN at C will return at most 2, "
    "no better for MAX above than the 3 it already has"
)


def grade_document(tree, answer, **options):
    parsed = parse_document(tree)
    return grade_answer(parsed.tree, resolve_options(parsed, options), answer)


def items(result):
    return [(i["kind"], i["path"], i["step"], i["explanation"]) for i in result["items"]]


def mistakes(result):
    return [(i["kind"], i["path"]) for i in result["items"] if not i["kind"].startswith("correct")]
