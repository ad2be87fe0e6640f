"""negamax, fail-soft/fail-hard, a root window, aspiration search and PVS on random trees:
against minimax, against the recursive references of tests/engine/window_reference.py, and
negamax against easyAI's Negamax (an independent, well-known implementation)."""

import math

import pytest
from easyAI import Negamax
from easyai_games import TreeGame, uniform_trees
from engine_reference import alphabeta_leaves, minimax
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from window_reference import (
    negamax_search,
    normalized,
    to_minimax_form,
    whole_number_null_window,
)
from wire_format import readable

from app.engine import SearchOptions, parse_tree, trace
from app.engine.pvs import null_window

# Small integer ranges make ties common; halves and quarters exercise the null window of
# trees whose values are not whole numbers.
whole_trees = st.recursive(
    st.integers(-4, 4), lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=40
)
real_trees = st.recursive(
    st.sampled_from([-2.5, -1.25, 0.5, 0.75, 1.5, 3.25]),
    lambda kids: st.lists(kids, min_size=1, max_size=4),
    max_leaves=40,
)
trees = whole_trees | real_trees
players = st.sampled_from(
    [("max", "min"), ("min", "max"), ("max", "min", "min"), ("max", "max", "min")]
)
orderings = st.sampled_from(["given", "perfect", "worst", "random"])
windows = st.tuples(st.integers(-5, 5), st.integers(1, 4)).map(lambda w: (w[0], w[0] + w[1]))


def run(tree, **options):
    return trace(parse_tree(tree), SearchOptions(**options))


def leaf_paths(result):
    events = readable(result["nodes"], result["events"])
    return [tuple(e["path"]) for e in events if e["type"] == "leaf"]


def root_sign(cycle):
    return 1 if cycle[0] == "max" else -1


@settings(max_examples=examples(200), deadline=None)
@given(trees, players, orderings)
def test_every_windowed_search_finds_the_minimax_value(tree, cycle, ordering):
    expected = minimax(tree, cycle)
    for options in (
        {"algorithm": "negamax"},
        {"algorithm": "negamax", "fail": "hard"},
        {"algorithm": "pvs"},
        {"algorithm": "pvs", "fail": "hard"},
        {"algorithm": "alphabeta", "fail": "hard"},
    ):
        result = run(tree, players=cycle, ordering=ordering, **options)
        assert result["summary"]["value"] == expected, options


@settings(max_examples=examples(200), deadline=None)
@given(trees, players, st.sampled_from(["standard", "strict"]))
def test_negamax_is_alpha_beta_seen_from_the_mover(tree, cycle, rule):
    classic = run(tree, players=cycle, rule=rule)
    negamax = run(tree, players=cycle, rule=rule, algorithm="negamax")
    assert negamax["summary"]["perspective"] == "mover"
    turned = to_minimax_form(negamax["nodes"], negamax["events"])
    assert normalized(turned) == normalized(classic["events"])
    assert negamax["summary"]["cutoffs"] == classic["summary"]["cutoffs"]


@settings(max_examples=examples(200), deadline=None)
@given(trees, players, st.sampled_from(["soft", "hard"]))
def test_negamax_and_pvs_evaluate_the_leaves_of_the_recursive_pseudocode(tree, cycle, fail):
    hard = fail == "hard"
    value, leaves = negamax_search(tree, cycle, hard=hard)
    result = run(tree, players=cycle, algorithm="negamax", fail=fail)
    assert leaf_paths(result) == leaves
    assert result["summary"]["value"] == root_sign(cycle) * value

    above = null_window(parse_tree_view(tree, cycle))
    value, leaves = negamax_search(tree, cycle, hard=hard, above=above)
    result = run(tree, players=cycle, algorithm="pvs", fail=fail)
    assert leaf_paths(result) == leaves
    assert result["summary"]["value"] == root_sign(cycle) * value


def parse_tree_view(tree, cycle):
    from app.engine.evaluation import make_view

    return make_view(parse_tree(tree), cycle, "pvs", None)


@settings(max_examples=examples(150), deadline=None)
@given(trees, players)
def test_fail_soft_alpha_beta_through_the_window_loop_matches_the_classic_loop(tree, cycle):
    hard = run(tree, players=cycle, algorithm="alphabeta", fail="hard")
    expected_leaves, _ = alphabeta_leaves(tree, cycle, "standard")
    # An open root window: fail-hard prunes exactly as fail-soft (it only clamps values).
    assert leaf_paths(hard) == expected_leaves


@settings(max_examples=examples(200), deadline=None)
@given(whole_trees, players, windows, st.sampled_from(["soft", "hard"]))
def test_a_root_window_fails_low_or_high_with_the_right_bound(tree, cycle, window, fail):
    truth = minimax(tree, cycle)
    low, high = window
    summary = run(tree, players=cycle, window=window, fail=fail)["summary"]
    value, stated = summary["value"], summary["window"]
    assert (stated["alpha"], stated["beta"]) == (low, high)
    if fail == "hard":
        assert value == min(max(truth, low), high)
    if low < value < high:
        assert (stated["outcome"], value) == ("exact", truth)
    elif value <= low:
        # fail low: the value is an upper bound on the minimax value (fail-soft: the best one)
        assert stated["outcome"] == "fail-low"
        assert truth <= value
    else:
        assert stated["outcome"] == "fail-high"
        assert truth >= value


@settings(max_examples=examples(200), deadline=None)
@given(
    trees,
    players,
    st.integers(-6, 6),
    st.sampled_from([0.5, 1, 3]),
    st.sampled_from(["alphabeta", "negamax", "pvs"]),
)
def test_aspiration_search_re_searches_at_most_once_and_finds_the_value(
    tree, cycle, guess, delta, algorithm
):
    truth = minimax(tree, cycle)
    result = run(tree, players=cycle, algorithm=algorithm, aspiration=(guess, delta))
    summary = result["summary"]
    assert summary["value"] == truth
    passes = [e for e in result["events"] if e[0] == "pass"]
    assert [p[1] for p in passes] == list(range(1, summary["passes"] + 1))
    assert passes[0][4] == "aspiration"
    inside = guess - delta < truth < guess + delta
    assert summary["passes"] == (1 if inside else 2) or (truth in (guess - delta, guess + delta))
    if summary["passes"] == 2:
        # minimax form: the failed side opens to infinity, the other is kept
        assert summary["window"]["outcome"] == "exact"
        if algorithm != "negamax" or root_sign(cycle) == 1:
            why = passes[1][4]
            kept = passes[1][3] if why == "fail-low" else passes[1][2]
            opened = passes[1][2] if why == "fail-low" else passes[1][3]
            assert opened == ("-Infinity" if why == "fail-low" else "Infinity")
            assert kept == (guess + delta if why == "fail-low" else guess - delta)
    # a root entered once per pass
    assert sum(1 for e in result["events"] if e[0] == "enter" and e[1] == 0) == len(passes) or (
        not isinstance(tree, list)
    )


@settings(max_examples=examples(150), deadline=None)
@given(whole_trees, players)
def test_pvs_with_perfect_ordering_never_re_searches_and_never_evaluates_more(tree, cycle):
    pvs = run(tree, players=cycle, algorithm="pvs", ordering="perfect")
    alphabeta = run(tree, players=cycle, ordering="perfect")
    assert pvs["summary"]["researches"] == 0
    assert set(leaf_paths(pvs)) <= set(leaf_paths(alphabeta))


def test_a_fail_high_is_searched_again_with_the_full_window():
    # B (the second child) is better than A: its null-window test (3, 4) fails high.
    result = run([[3, 5], [6, 7], [1, 2]], algorithm="pvs")
    events = result["events"]
    research = [e for e in events if e[0] == "research"]
    assert research == [("research", 4, 3, "Infinity")]
    at = events.index(research[0])
    assert events[at - 1][:2] == ("update", 4) or events[at - 1][0] == "exit"
    assert events[at + 1] == ("enter", 4, "min", 3, "Infinity")
    assert result["summary"]["value"] == 6
    assert result["summary"]["researches"] == 1


def test_the_null_window_is_the_next_value_above_alpha():
    assert null_window(parse_tree_view([[3, 5], [6, 7]], ("max", "min")))(3) == 4
    assert null_window(parse_tree_view([[3, 5], [6, 7]], ("max", "min")))(2.5) == 3
    real = null_window(parse_tree_view([[2.5, 3.75], [1.5, 0.5]], ("max", "min")))
    assert (real(2.5), real(-1.5), real(3.75)) == (3.75, -0.5, 4.75)
    assert whole_number_null_window(3) == 4


@settings(max_examples=examples(200), deadline=None)
@given(uniform_trees())
def test_negamax_evaluates_the_leaves_easyai_negamax_evaluates(case):
    tree, depth = case
    evaluated = []
    game = TreeGame(tree, evaluated)
    value = Negamax(depth, scoring=lambda g: g.scoring())
    value(game)
    result = run(tree, algorithm="negamax")
    assert leaf_paths(result) == evaluated
    assert math.isclose(value.alpha, result["summary"]["value"])


@pytest.mark.parametrize("algorithm", ["negamax", "pvs"])
def test_a_chance_node_is_refused_naming_it(algorithm):
    from app.engine import EngineError

    tree = parse_tree([[1, 2], {"type": "chance", "children": [3, 4]}])
    with pytest.raises(EngineError, match=r"node \[1\]: is a chance node"):
        trace(tree, SearchOptions(algorithm=algorithm))
    with pytest.raises(EngineError, match="players") as err:
        trace(parse_tree([[1, 2]]), SearchOptions(algorithm=algorithm, players=("max", "chance")))
    assert err.value.field == "players"
