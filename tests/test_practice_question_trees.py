"""The random trees of the practice questions (app/practice/questions/trees.py) and their
route, ``GET /api/practice/question``: the same kind and seed give the same tree; every tree
asks something worth asking (PVS: a child re-searched and a tested child that is not; MTD(f):
two passes or more from its guess; Star1: a chance child pruned), small enough for a phone;
a bad kind or seed is a 400 naming it."""

from __future__ import annotations

import pytest

from app.engine import parse_tree, resolve_options
from app.practice import grade_answer

QUESTION = "/api/practice/question"


def asked(client, kind, seed):
    response = client.get(QUESTION, query_string={"kind": kind, "seed": seed})
    assert response.status_code == 200, response.json
    return response.json


def leaves(tree):
    if isinstance(tree, list):
        return sum(map(leaves, tree))
    return sum(map(leaves, tree["children"])) if isinstance(tree, dict) else 1


def blank_grading(exercise):
    tree = parse_tree(exercise["tree"])
    return grade_answer(tree, resolve_options(None, exercise["options"]), {})


@pytest.mark.parametrize("kind", ["research", "bounds", "chance_prune"])
def test_each_seed_names_one_tree_worth_asking(client, kind):
    for seed in range(1, 41):
        exercise = asked(client, kind, seed)
        assert exercise == asked(client, kind, seed)
        assert exercise["question"] == kind
        assert leaves(exercise["tree"]) <= 12
        graded = blank_grading(exercise)
        assert graded["question"] == kind
        if kind == "research":
            assert graded["max_score"] >= 1
            sentences = [item["explanation"] for item in graded["items"]]
            assert all("searched again with the full window" in text for text in sentences)
        elif kind == "bounds":
            assert graded["max_score"] >= 2
            assert exercise["options"]["guess"] in range(10)
        else:
            assert graded["max_score"] >= 1
            assert exercise["options"]["bounds"] == [0, 10]
    trees = {str(asked(client, kind, seed)["tree"]) for seed in range(1, 41)}
    assert len(trees) >= 35  # seeds differ


def test_a_pvs_tree_has_a_tested_child_that_is_not_re_searched(client):
    from app.practice.node_table import NodeTable
    from app.practice.questions.research import Research

    for seed in range(1, 21):
        exercise = asked(client, "research", seed)
        table = NodeTable(parse_tree(exercise["tree"]), resolve_options(None, exercise["options"]))
        reading = Research(table)
        assert set(reading.tests) - set(reading.researched)


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"kind": "values", "seed": 1}, "kind"),
        ({"seed": 1}, "kind"),
        ({"kind": "research", "seed": 0}, "seed"),
        ({"kind": "research", "seed": "-3"}, "seed"),
        ({"kind": "research", "seed": "4294967296"}, "seed"),
        ({"kind": "research", "seed": "٣"}, "seed"),
        ({"kind": "bounds", "seed": "1e3"}, "seed"),
    ],
)
def test_a_bad_kind_or_seed_is_a_400_naming_it(client, query, field):
    response = client.get(QUESTION, query_string=query)
    assert response.status_code == 400
    assert response.json["field"] == field
