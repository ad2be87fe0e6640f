"""Star1 and Star2 (Ballard 1983): pruning at chance nodes with leaf bounds [L, U]. Their
value is the expectimax value, and every subtree they skip could hold any values within the
bounds without changing the root's value (checked at both extremes)."""

import pytest
from engine_reference import minimax, replace_leaves
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from wire_format import readable

from app.engine import EngineError, SearchOptions, parse_tree, resolve_options, trace

LOW, HIGH = 0, 10
trees = st.recursive(
    st.integers(LOW, HIGH), lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=30
)
# Chance levels alternating with MAX/MIN (Star2's trees), and two that do not alternate.
ALTERNATING = [("max", "chance"), ("chance", "max"), ("max", "chance", "min", "chance")]
cycles = st.sampled_from([*ALTERNATING, ("max", "chance", "chance"), ("max", "min", "chance")])


def search(tree, cycle, algorithm="star1", bounds=(LOW, HIGH)):
    options = SearchOptions(algorithm=algorithm, players=cycle, bounds=bounds)
    result = trace(parse_tree(tree), options)
    return {**result, "events": readable(result["nodes"], result["events"])}


def assert_pruning_is_sound(tree, cycle, events):
    value = minimax(tree, cycle)
    for cut in (e for e in events if e["type"] in ("cutoff", "chance_cutoff")):
        for path in cut["pruned"]:
            for extreme in (LOW, HIGH):
                changed = minimax(replace_leaves(tree, path, extreme), cycle)
                assert changed == pytest.approx(value), (cut, path, extreme)


@settings(max_examples=examples(400), deadline=None)
@given(trees, cycles)
def test_star1_returns_expectimax_and_prunes_only_what_the_bounds_allow(tree, cycle):
    result = search(tree, cycle)
    assert result["summary"]["value"] == pytest.approx(minimax(tree, cycle))
    assert_pruning_is_sound(tree, cycle, result["events"])


@settings(max_examples=examples(400), deadline=None)
@given(trees, st.sampled_from(ALTERNATING))
def test_star2_returns_expectimax_and_prunes_only_what_the_bounds_allow(tree, cycle):
    result = search(tree, cycle, algorithm="star2")
    assert result["summary"]["value"] == pytest.approx(minimax(tree, cycle))
    assert_pruning_is_sound(tree, cycle, result["events"])


def test_star1_cuts_a_chance_node_with_the_bound_arithmetic():
    # MAX root; chance children of two leaves each (p = 0.5); leaves in [0, 10].
    # After B's first child (3): 0.5·3 + 0.5·10 = 6.5 ≤ α = 7, so B's last child is skipped.
    result = search([[7, 7], [3, 9]], ("max", "chance"))
    cut = next(e for e in result["events"] if e["type"] == "chance_cutoff")
    assert (cut["path"], cut["value_bound"], cut["relation"], cut["bound"]) == ((1,), 6.5, "<=", 7)
    assert cut["pruned"] == [(1, 1)]
    assert result["summary"]["value"] == 7
    assert result["summary"]["leaves_evaluated"] == 3


def test_star1_prunes_nothing_when_the_bounds_are_loose():
    result = search([[7, 7], [3, 9]], ("max", "chance"), bounds=(-100, 100))
    assert not [e for e in result["events"] if e["type"] == "chance_cutoff"]
    assert result["summary"]["leaves_evaluated"] == 4


def test_star2_probes_can_cut_before_any_child_is_searched_whole():
    # MIN root: A = 2 makes β = 2. B is a chance node over two MAX nodes (p = 0.5 each).
    # Star1 searches B's first MAX child whole (3, 1, 1: no leaf reaches its window's top).
    # Star2 probes each MAX child's first leaf: 0.5·3 + 0.5·3 = 3 ≥ β = 2 cuts B at once.
    tree = [2, [[3, 1, 1], [3, 1, 1]]]
    cycle = ("min", "chance", "max")
    star1 = search(tree, cycle)
    star2 = search(tree, cycle, algorithm="star2")
    assert star1["summary"]["value"] == star2["summary"]["value"] == 2
    assert star1["summary"]["leaves_evaluated"] == 5
    assert star2["summary"]["leaves_evaluated"] == 3
    cut = next(e for e in star2["events"] if e["type"] == "chance_cutoff")
    assert (cut["path"], cut["value_bound"], cut["relation"], cut["bound"]) == ((1,), 3, ">=", 2)


def test_weighted_chance_children_use_their_probabilities():
    tree = parse_tree(
        [[8, 8], {"type": "chance", "children": [{"value": 2, "p": 0.8}, {"value": 9, "p": 0.2}]}]
    )
    result = trace(tree, SearchOptions(algorithm="star1", bounds=(0, 10)))
    cut = next(e for e in result["events"] if e[0] == "chance_cutoff")
    assert cut[1:5] == (4, pytest.approx(0.8 * 2 + 0.2 * 10), "<=", 8)
    assert result["summary"]["value"] == 8


def test_a_leaf_outside_the_bounds_is_refused_naming_it():
    with pytest.raises(EngineError, match=r"node \[1, 0\]: has the value 12, outside"):
        search([[1, 2], [12, 3]], ("max", "chance"))


def test_star1_needs_bounds():
    with pytest.raises(EngineError, match="star1 needs bounds") as error:
        trace(parse_tree([[1, 2]]), SearchOptions(algorithm="star1"))
    assert error.value.field == "bounds"


def test_star2_refuses_a_tree_where_chance_does_not_alternate_naming_the_node():
    with pytest.raises(EngineError, match=r"node \[0\]: is a chance node under a chance node"):
        search([[[1, 2]], [[3, 4]]], ("chance", "chance"), algorithm="star2")


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ([5, 1], "L must be below U"),
        ([1], "bounds must be two numbers"),
        (["a", 3], "'a' is not a number"),
        ([0, 1e13], "is not a number within"),
    ],
)
def test_bad_bounds_name_the_field(given, message):
    with pytest.raises(EngineError, match=message) as error:
        resolve_options(None, {"algorithm": "star1", "bounds": given})
    assert error.value.field == "bounds"


def test_bounds_apply_to_star1_and_star2_only():
    with pytest.raises(EngineError, match="bounds applies to star1 and star2 only"):
        resolve_options(None, {"algorithm": "expectimax", "bounds": [0, 10]})
    assert resolve_options(None, {"algorithm": "star2", "bounds": "0, 10"}).bounds == (0, 10)


def test_star2_after_probing_prunes_only_what_the_probes_did_not_see():
    # B's MIN children are probed (upper bounds 1 and 0), then Star1 cuts after the first:
    # of the probed second child, nothing is left unseen, so nothing is listed as pruned.
    tree, cycle = [0, [[1, 0], [0]]], ("max", "chance", "min", "chance")
    result = search(tree, cycle, algorithm="star2")
    assert result["summary"]["value"] == 0
    assert not [e for e in result["events"] if e["type"] == "chance_cutoff"]
    assert_pruning_is_sound(tree, cycle, result["events"])
