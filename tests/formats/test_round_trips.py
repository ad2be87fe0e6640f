"""import(export(tree)) is the same tree, for every format that can hold it, over random
trees with labels, ties, negative and fractional values; a format that cannot hold a
feature names it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from app.engine import EngineError, parse_document, parse_tree, resolve_options
from app.engine.course_formats import import_tree
from app.engine.exports import export

values = st.one_of(
    st.integers(-50, 50),
    st.sampled_from([0.5, -2.25, 3.75, 1e-3]),
)
shapes = st.recursive(
    values.map(lambda v: {"value": v}),
    lambda kids: st.lists(kids, min_size=1, max_size=4).map(lambda c: {"children": c}),
    max_leaves=20,
)


def named(tree, prefix="N", actions=False):
    """Give every node a unique label (and, with ``actions``, a move)."""
    counter = iter(range(10_000))
    stack = [tree]
    while stack:
        node = stack.pop()
        node["label"] = f"{prefix}{next(counter)}"
        for position, kid in enumerate(node.get("children", [])):
            if actions:
                kid["action"] = f"m{position}"
            stack.append(kid)
    return tree


def round_trip(data, fmt):
    document = parse_document({"tree": data})
    text = export(document, resolve_options(document, {}), fmt)
    result = import_tree(text)
    return result, parse_tree(data).to_data()


@settings(max_examples=examples(60), deadline=None)
@given(shapes, st.booleans())
def test_brackets_round_trip(tree, labelled):
    tree = named(tree) if labelled else tree
    result, expected = round_trip(tree, "brackets")
    assert result["format"] in ("brackets",)
    assert result["tree"] == expected


@settings(max_examples=examples(60), deadline=None)
@given(shapes, st.booleans())
def test_mit6034_round_trip(tree, labelled):
    tree = named(tree) if labelled else tree
    result, expected = round_trip(tree, "mit6034")
    assert result["tree"] == expected


@settings(max_examples=examples(60), deadline=None)
@given(shapes.filter(lambda t: "children" in t))
def test_aima_round_trip(tree):
    result, expected = round_trip(named(tree, actions=True), "aima")
    assert result["format"] == "aima"
    assert result["tree"] == expected


@pytest.mark.parametrize("fmt", ["brackets", "mit6034", "aima"])
def test_chance_nodes_are_refused_naming_the_feature(fmt):
    tree = {
        "type": "max",
        "children": [
            {"type": "chance", "children": [{"p": 0.5, "value": 1}, {"p": 0.5, "value": 3}]},
            {"value": 2},
        ],
    }
    document = parse_document({"tree": tree})
    with pytest.raises(EngineError, match=f"{fmt} cannot hold node types"):
        export(document, resolve_options(document, {}), fmt)


def test_brackets_refuse_moves_and_odd_labels():
    for tree, words in [
        ({"children": [{"action": "left", "value": 1}, 2]}, "brackets cannot hold moves"),
        ({"label": "a b", "children": [1, 2]}, "brackets hold labels of letters"),
    ]:
        document = parse_document({"tree": tree})
        with pytest.raises(EngineError, match=words):
            export(document, resolve_options(document, {}), "brackets")
