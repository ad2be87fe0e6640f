"""MTD(f) and SSS* (as MTD(+∞)): values, passes, the transposition table's events, and the
leaves they evaluate against independent references (best_first_reference.py) and alpha-beta.
"""

import pytest
from best_first_reference import mtdf_leaves, sss_star_leaves
from engine_reference import alphabeta_leaves, minimax
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from wire_format import readable

from app.engine import EngineError, SearchOptions, parse_tree, resolve_options, trace

# Small ranges make ties common; the wide one makes them rare.
tied_trees = st.recursive(
    st.integers(-4, 4), lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=40
)
spread_trees = st.recursive(
    st.integers(-1000, 1000), lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=40
)
trees = st.one_of(tied_trees, spread_trees)
FIGURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def search(tree, **options):
    result = trace(parse_tree(tree), SearchOptions(**options))
    return {**result, "events": readable(result["nodes"], result["events"])}


def leaf_paths(events):
    return [tuple(e["path"]) for e in events if e["type"] == "leaf"]


def test_mtdf_passes_narrow_the_root_bounds_until_they_meet():
    result = search(FIGURE, algorithm="mtdf", guess=0)
    passes = [e for e in result["events"] if e["type"] == "pass"]
    assert [(p["number"], p["alpha"], p["beta"], p["why"]) for p in passes] == [
        (1, -1, 0, "mtdf"),
        (2, 3, 4, "mtdf"),
    ]
    root_stores = [
        (e["lower"], e["upper"])
        for e in result["events"]
        if e["type"] == "tt" and e["action"] == "store" and e["path"] == ()
    ]
    assert root_stores == [(3, "Infinity"), (3, 3)]
    summary = result["summary"]
    assert summary["value"] == 3
    assert [(p["lower"], p["upper"]) for p in summary["passes"]] == [(3, "Infinity"), (3, 3)]
    assert summary["options"]["guess"] == 0
    assert summary["principal_variation"] == [0, 0]


def test_a_table_hit_answers_a_node_without_entering_it():
    events = search(FIGURE, algorithm="mtdf", guess=0)["events"]
    second = events[next(i for i, e in enumerate(events) if e.get("number") == 2) :]
    hit = next(e for e in second if e["type"] == "tt" and e["action"] == "hit")
    assert (hit["path"], hit["lower"], hit["upper"]) == ((0, 0), 3, 3)
    assert (0, 0) not in leaf_paths(second)  # a stored leaf is not evaluated again
    every_leaf = leaf_paths(events)
    assert len(every_leaf) == len(set(every_leaf))


def test_sssstar_is_mtd_from_plus_infinity():
    result = search(FIGURE, algorithm="sssstar")
    passes = [e for e in result["events"] if e["type"] == "pass"]
    assert passes[0]["alpha"] == passes[0]["beta"] == "Infinity"
    assert {p["why"] for p in passes} == {"sssstar"}
    assert [p["beta"] for p in passes] == ["Infinity", 14, 5, 3]
    assert result["summary"]["value"] == 3


@settings(max_examples=examples(400), deadline=None)
@given(trees, st.integers(-6, 6))
def test_mtdf_finds_the_minimax_value_with_the_papers_leaves_and_windows(tree, guess):
    result = search(tree, algorithm="mtdf", guess=guess)
    value, leaves, windows = mtdf_leaves(tree, guess)
    assert result["summary"]["value"] == minimax(tree) == value
    assert leaf_paths(result["events"]) == leaves
    passes = [(e["alpha"], e["beta"]) for e in result["events"] if e["type"] == "pass"]
    assert passes == windows


@settings(max_examples=examples(400), deadline=None)
@given(trees)
def test_sssstar_evaluates_stockmans_leaves_and_none_that_alphabeta_skips(tree):
    events = search(tree, algorithm="sssstar")["events"]
    value, stockman = sss_star_leaves(tree)
    assert value == minimax(tree)
    sss = leaf_paths(events)
    # Plaat et al. (1996): MTD(+∞) evaluates the same leaves as Stockman's SSS*, in order.
    assert sss == stockman
    # Stockman (1979): SSS* never evaluates a leaf alpha-beta skips (same ordering).
    assert set(sss) <= set(alphabeta_leaves(tree)[0])


@settings(max_examples=examples(200), deadline=None)
@given(trees, st.sampled_from(["perfect", "worst", "random", "heuristic"]), st.integers(0, 99))
def test_every_ordering_keeps_the_minimax_value(tree, ordering, seed):
    for algorithm in ("mtdf", "sssstar"):
        summary = search(tree, algorithm=algorithm, ordering=ordering, seed=seed)["summary"]
        assert summary["value"] == minimax(tree)


def test_a_chance_node_is_refused_naming_it():
    tree = parse_tree([[1, 2], {"type": "chance", "children": [3, 4]}])
    with pytest.raises(EngineError, match=r"node \[1\]: is a chance node: mtdf"):
        trace(tree, SearchOptions(algorithm="mtdf"))


def test_a_fractional_leaf_is_refused_naming_it():
    with pytest.raises(EngineError, match=r"node \[0, 1\]: has the value 2.5: sssstar"):
        trace(parse_tree([[1, 2.5], [3, 4]]), SearchOptions(algorithm="sssstar"))


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"algorithm": "alphabeta", "guess": 3}, "guess", "guess applies to mtdf only"),
        ({"algorithm": "mtdf", "guess": "x"}, "guess", "guess must be a whole number"),
        ({"algorithm": "mtdf", "guess": 2.5}, "guess", "guess must be a whole number"),
    ],
)
def test_bad_guess_options_name_the_field(options, field, message):
    with pytest.raises(EngineError, match=message) as error:
        resolve_options(None, options)
    assert error.value.field == field


def test_a_guess_may_be_negative_and_travel_as_text():
    assert resolve_options(None, {"algorithm": "mtdf", "guess": "-7"}).guess == -7


def test_the_command_line_takes_guess_and_bounds():
    import json

    from support import run_cli

    def cli(*args):
        return run_cli("trace", "-", *args, stdin="[[3,12,8],[2,4,6],[14,5,2]]")

    done = cli("--algorithm", "mtdf", "--guess", "-5")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["events"][0] == ["pass", 1, -6, -5, "mtdf"]
    assert result["summary"]["value"] == 3
    star = json.loads(
        cli("--algorithm", "star1", "--bounds", "0,14", "--players", "max,chance").stdout
    )
    assert star["summary"]["options"]["bounds"] == [0, 14]
    refused = cli("--bounds", "0,14")
    assert refused.returncode == 2 and "bounds applies to star1 and star2 only" in refused.stderr
