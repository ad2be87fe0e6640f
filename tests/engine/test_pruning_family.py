"""The pruning-family experiment (issue 34, docs/experiments.md): its trees are what it says
(distinct leaves, children arranged by the ordering quality, one value for every quality),
every search finds the minimax value on them, and its rows reproduce the known shapes —
the minimal tree under perfect ordering, PVS at or below alpha-beta with perfect ordering and
above it worst first, MTD(f) with a good guess at the Knuth–Moore bound, and SSS* never
evaluating a leaf alpha-beta skips (Stockman's theorem, checked leaf by leaf). Bad parameters
and runs over the limit are refused naming the field; the CLI and the API give the rows."""

from __future__ import annotations

import json
import random

import pytest
from engine_reference import minimax as reference_minimax
from support import run_cli

from app.engine import EngineError, Search, SearchOptions, parse_tree
from app.experiments.pruning_family import (
    ALGORITHMS,
    QUALITIES,
    PruningFamily,
    arranged,
    leaf_values,
)


def minimax(tree, maximizing=True):
    if isinstance(tree, int):
        return tree
    values = [minimax(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def orders(tree, maximizing=True):
    """Per inner node (preorder): "best" if its children come best first, "worst" if worst
    first (both for one child)."""
    if isinstance(tree, int):
        return []
    values = [minimax(child, not maximizing) for child in tree]
    ascending = values == sorted(values)
    descending = values == sorted(values, reverse=True)
    best = descending if maximizing else ascending
    worst = ascending if maximizing else descending
    here = ["either" if best and worst else "best" if best else "worst" if worst else "mixed"]
    return here + [o for child in tree for o in orders(child, not maximizing)]


def leaves(tree):
    return [tree] if isinstance(tree, int) else [v for child in tree for v in leaves(child)]


@pytest.mark.parametrize("quality", [1.0, 0.0, 0.5])
def test_a_quality_orders_every_node_best_or_worst_first(quality):
    values = list(range(27))
    random.Random(4).shuffle(values)
    tree, value = arranged(values, 3, quality, random.Random(9))
    assert sorted(leaves(tree)) == list(range(27)), "the same distinct leaves"
    assert value == minimax(tree)
    found = orders(tree)
    assert "mixed" not in found
    if quality == 1.0:
        assert set(found) <= {"best", "either"}
    if quality == 0.0:
        assert set(found) <= {"worst", "either"}
    if quality == 0.5:
        assert {"best", "worst"} <= set(found)


def test_every_quality_arranges_the_same_game_and_every_search_finds_its_value():
    family = PruningFamily(branching=3, depth=3, trials=3, seed=11)
    values = {q: [value for _, value in family.trees(q)] for q in QUALITIES}
    assert len({tuple(v) for v in values.values()}) == 1, "one game per trial, whatever the order"
    top = 3**3 - 1
    for seed in range(11, 14):
        nested, value = arranged(leaf_values(3, 3, seed), 3, 0.5, random.Random(seed))
        assert value == reference_minimax(nested)
        for name, options in ALGORITHMS.items():
            search = Search(parse_tree(nested), options(value, top))
            for _ in search.batches(4096):
                pass
            assert search.summary["value"] == value, name


@pytest.fixture(scope="module")
def rows():
    return {
        (row["quality"], row["algorithm"]): row
        for row in PruningFamily(branching=3, depth=4, trials=12, seed=0).rows()
    }


def test_perfect_ordering_is_the_minimal_tree_for_alphabeta_pvs_and_a_good_mtdf(rows):
    bound = rows[(1.0, "alphabeta")]["knuth_moore_leaves"]
    assert bound == 3**2 + 3**2 - 1
    for name in ("alphabeta", "pvs", "mtdf-good", "sssstar"):
        assert rows[(1.0, name)]["leaves_mean"] == bound, name


def test_pvs_is_at_or_below_alphabeta_when_ordered_well_and_above_when_not(rows):
    assert rows[(1.0, "pvs")]["leaves_mean"] <= rows[(1.0, "alphabeta")]["leaves_mean"]
    assert rows[(0.0, "pvs")]["leaves_mean"] > rows[(0.0, "alphabeta")]["leaves_mean"]
    assert rows[(0.25, "pvs")]["leaves_mean"] > rows[(0.25, "alphabeta")]["leaves_mean"]


def test_mtdf_with_a_good_guess_evaluates_no_more_than_with_a_bad_one(rows):
    for quality in QUALITIES:
        good, bad = rows[(quality, "mtdf-good")], rows[(quality, "mtdf-bad")]
        assert good["leaves_mean"] <= bad["leaves_mean"]
        assert good["nodes_mean"] <= bad["nodes_mean"]
    assert rows[(0.0, "mtdf-good")]["nodes_mean"] < rows[(0.0, "mtdf-bad")]["nodes_mean"]


def leaf_set(tree, options):
    search = Search(tree, options)
    seen = set()
    for batch in search.batches(4096):
        seen.update(event[1] for event in batch if event[0] == "leaf")
    return seen


def test_sssstar_never_evaluates_a_leaf_that_alphabeta_skips():
    family = PruningFamily(branching=3, depth=4, trials=6, seed=3)
    for quality in QUALITIES:
        for tree, _ in family.trees(quality):
            assert leaf_set(tree, SearchOptions(algorithm="sssstar")) <= leaf_set(
                tree, SearchOptions()
            )


def test_the_rows_are_one_per_quality_and_search_and_keep_the_reference_counts(rows):
    assert len(rows) == len(QUALITIES) * len(ALGORITHMS) == PruningFamily().total_rows()
    for row in rows.values():
        assert row["minimax_leaves"] == 81
        assert row["knuth_moore_leaves"] <= row["leaves_min"] <= row["leaves_mean"]
        assert row["leaves_mean"] <= row["leaves_max"]


@pytest.mark.parametrize(
    ("given", "field"),
    [
        ({"branching": 1}, "branching"),
        ({"depth": 9}, "depth"),
        ({"trials": 0}, "trials"),
        ({"branching": 8, "depth": 6, "trials": 1}, "trials"),
        ({"branching": 8, "depth": 7, "trials": 1}, "depth"),
    ],
)
def test_a_run_out_of_range_or_over_the_work_limit_is_refused_naming_the_field(given, field):
    with pytest.raises(EngineError) as refused:
        PruningFamily(**given)
    assert refused.value.field == field


def test_the_command_line_prints_the_rows_as_csv():
    done = run_cli("experiment", "pruning-family", "--depth", "2", "--trials", "3")
    assert done.returncode == 0, done.stderr
    header, *lines = done.stdout.splitlines()
    assert header.split(",") == list(PruningFamily.columns)
    expected = list(PruningFamily(depth=2, trials=3).rows())
    assert len(lines) == len(expected)
    assert lines[0].split(",")[:4] == ["1.0", "alphabeta", "3", str(expected[0]["leaves_mean"])]


def test_the_api_streams_the_experiments_rows(client):
    answer = client.get("/api/experiments/pruning-family?branching=2&depth=4&trials=3&seed=2")
    items = [json.loads(line) for line in answer.data.decode().splitlines() if line]
    assert items[0]["total"] == len(QUALITIES) * len(ALGORITHMS)
    got = [item["row"] for item in items if "row" in item]
    assert got == list(PruningFamily(branching=2, depth=4, trials=3, seed=2).rows())
    refused = client.get("/api/experiments/pruning-family?depth=12")
    assert refused.status_code == 400 and refused.get_json()["field"] == "depth"
