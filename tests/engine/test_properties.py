"""Properties on thousands of random trees: alpha-beta against plain minimax."""

import random

import pytest
from engine_reference import alphabeta_leaves, best_move, minimax, replace_leaves
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from wire_format import readable

from app.engine import SearchOptions, parse_tree, trace
from app.engine.summary import knuth_moore_leaves

# Small integer ranges make ties common, which is where the two rules differ.
trees = st.recursive(
    st.integers(-4, 4), lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=40
)
players = st.sampled_from(
    [("max", "min"), ("min", "max"), ("max", "min", "min"), ("max", "max", "min")]
)
rules = st.sampled_from(["standard", "strict"])
orderings = st.sampled_from(["given", "perfect", "worst", "random", "heuristic"])


def search(tree, **options):
    """The trace, its events read back as objects with paths (tests/wire_format.py)."""
    result = trace(parse_tree(tree), SearchOptions(**options))
    return {**result, "events": readable(result["nodes"], result["events"])}


def leaf_paths(events):
    return [tuple(e["path"]) for e in events if e["type"] == "leaf"]


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@settings(max_examples=examples(2000), deadline=None)
@given(trees, players, rules)
def test_alphabeta_value_and_best_move_equal_minimax(tree, cycle, rule):
    summary = search(tree, players=cycle, rule=rule)["summary"]
    assert summary["value"] == minimax(tree, cycle)
    assert summary["best_move"] == best_move(tree, cycle)


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@settings(max_examples=examples(1000), deadline=None)
@given(trees, players, rules)
def test_engine_evaluates_exactly_the_leaves_of_the_textbook_pseudocode(tree, cycle, rule):
    result = search(tree, players=cycle, rule=rule)
    expected_leaves, expected_value = alphabeta_leaves(tree, cycle, rule)
    assert leaf_paths(result["events"]) == expected_leaves
    assert result["summary"]["value"] == expected_value


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@settings(max_examples=examples(1000), deadline=None)
@given(trees, players)
def test_strict_evaluates_a_superset_of_standard(tree, cycle):
    standard = set(leaf_paths(search(tree, players=cycle, rule="standard")["events"]))
    strict = set(leaf_paths(search(tree, players=cycle, rule="strict")["events"]))
    assert standard <= strict


@settings(max_examples=examples(500), deadline=None)
@given(trees, players, rules)
def test_pruned_subtrees_cannot_change_the_root(tree, cycle, rule):
    events = search(tree, players=cycle, rule=rule)["events"]
    root_value = minimax(tree, cycle)
    for cutoff in (e for e in events if e["type"] == "cutoff"):
        for path in cutoff["pruned"]:
            for extreme in (-1000, 1000):
                assert minimax(replace_leaves(tree, path, extreme), cycle) == root_value


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@settings(max_examples=examples(1000), deadline=None)
@given(trees, players, rules, orderings, st.integers(0, 1000))
def test_every_ordering_finds_the_minimax_value(tree, cycle, rule, ordering, seed):
    summary = search(tree, players=cycle, rule=rule, ordering=ordering, seed=seed)["summary"]
    assert summary["value"] == minimax(tree, cycle)


@settings(max_examples=examples(1000), deadline=None)
@given(trees, players, rules)
def test_trace_is_well_formed(tree, cycle, rule):
    result = search(tree, players=cycle, rule=rule)
    events, summary = result["events"], result["summary"]
    open_nodes, seen, pruned = [], set(), set()
    for event in events:
        path = tuple(event["path"])
        assert not any(path[: len(p)] == p for p in pruned), "an event inside a pruned subtree"
        if event["type"] in ("enter", "leaf"):
            assert path not in seen
            seen.add(path)
            assert path[:-1] == (open_nodes[-1] if open_nodes else ())
        if event["type"] == "enter":
            open_nodes.append(path)
        elif event["type"] == "exit":
            assert open_nodes.pop() == path
        elif event["type"] == "cutoff":
            pruned.update(tuple(p) for p in event["pruned"])
    assert not open_nodes
    assert summary["nodes_visited"] == len(seen)
    assert summary["nodes_visited"] + summary["nodes_pruned"] == summary["minimax_nodes"]
    assert summary["leaves_evaluated"] == sum(e["type"] == "leaf" for e in events)


@st.composite
def uniform_distinct_trees(draw):
    branching = draw(st.integers(2, 4))
    depth = draw(st.integers(1, 4 if branching < 4 else 3))
    values = list(range(branching**depth))
    random.Random(draw(st.integers(0, 2**32))).shuffle(values)
    leaves = iter(values)

    def build(level):
        return next(leaves) if level == depth else [build(level + 1) for _ in range(branching)]

    return build(0), branching, depth


@settings(max_examples=examples(1000), deadline=None)
@given(uniform_distinct_trees(), st.sampled_from([("max", "min"), ("min", "max")]), rules)
def test_perfect_ordering_meets_the_knuth_moore_minimum(case, cycle, rule):
    tree, branching, depth = case
    summary = search(tree, players=cycle, rule=rule, ordering="perfect")["summary"]
    assert summary["leaves_evaluated"] == knuth_moore_leaves(branching, depth)
    assert summary["knuth_moore_leaves"] == knuth_moore_leaves(branching, depth)


@settings(max_examples=examples(1000), deadline=None)
@given(uniform_distinct_trees(), rules)
def test_worst_ordering_prunes_nothing_shallow_and_never_beats_perfect_ordering(case, rule):
    """Worst-first children (by exact value) leave alpha-beta no cutoff down to depth 3: every
    value it meets improves on the last. Deeper, a window inherited from above can still cut
    (depth 4 has counterexamples), but never below the Knuth–Moore minimum of perfect order."""
    tree, branching, depth = case
    worst = search(tree, rule=rule, ordering="worst")["summary"]["leaves_evaluated"]
    perfect = search(tree, rule=rule, ordering="perfect")["summary"]["leaves_evaluated"]
    if depth <= 3:
        assert worst == branching**depth
    assert worst >= perfect


chance_trees = st.recursive(
    st.integers(-4, 4),
    lambda kids: (
        st.lists(kids, min_size=1, max_size=3)
        | st.lists(kids, min_size=1, max_size=3).map(lambda k: {"type": "chance", "children": k})
    ),
    max_leaves=25,
)


@settings(max_examples=examples(500), deadline=None)
@given(chance_trees, st.sampled_from(["minimax", "alphabeta", "expectimax"]), rules)
def test_chance_nodes_average_under_every_algorithm(tree, algorithm, rule):
    summary = search(tree, algorithm=algorithm, rule=rule)["summary"]
    expected = minimax(tree, ("max", "min"), expectimax=algorithm == "expectimax")
    assert summary["value"] == expected
