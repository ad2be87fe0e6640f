"""The experiments of docs/experiments.md: their figures against independent counts, the
theorems they illustrate, and the command line that prints them."""

from functools import cache
from pathlib import Path

import pytest
from support import run_cli

from app.engine import EngineError, SearchOptions, parse_tree, trace
from app.engine.generators import random_tree
from app.engine.summary import knuth_moore_leaves
from app.experiments.optimisations import (
    GAME,
    METHODS,
    Optimisations,
    alphabeta,
    alphabeta_id,
    alphabeta_ordering,
    alphabeta_tt,
    minimax,
)
from app.experiments.ordering import MoveOrdering
from app.experiments.random_binary import RandomBinary
from app.experiments.rules import PruningRules
from app.experiments.stats import distribution, histogram, percentile

ROOT = Path(__file__).resolve().parents[2]
INF = float("inf")


# --- Move ordering: Knuth–Moore, and what "worst" really gives --------------------------------


@pytest.mark.parametrize(("branching", "depths"), [(2, (1, 8)), (3, (1, 6)), (4, (1, 4))])
def test_perfect_ordering_evaluates_exactly_the_knuth_moore_leaves(branching, depths):
    rows = list(MoveOrdering(branching, depths, trials=8, seed=3).rows())
    perfect = [row for row in rows if row["ordering"] == "perfect"]
    assert [row["depth"] for row in perfect] == list(range(depths[0], depths[1] + 1))
    for row in perfect:
        expected = knuth_moore_leaves(branching, row["depth"])
        assert row["leaves_min"] == row["leaves_max"] == row["knuth_moore_leaves"] == expected
        assert row["minimax_leaves"] == branching ** row["depth"]


@pytest.mark.parametrize(("branching", "depths"), [(2, (1, 8)), (3, (1, 6)), (5, (1, 4))])
def test_worst_ordering_evaluates_every_leaf_only_down_to_depth_3(branching, depths):
    """Worst-first by exact value leaves no cutoff among siblings, but from depth 4 an α
    inherited from three plies up can cut a MIN node whose leaves all lie below it."""
    for row in MoveOrdering(branching, depths, trials=8, seed=3).rows():
        if row["ordering"] != "worst":
            continue
        if row["depth"] <= 3:
            assert row["leaves_min"] == row["leaves_max"] == branching ** row["depth"]
        else:
            assert row["knuth_moore_leaves"] <= row["leaves_min"] <= row["leaves_max"]
            assert row["leaves_max"] <= branching ** row["depth"]


def test_worst_ordering_cut_at_depth_4_with_distinct_values():
    # Root α = 6 after its worst child; in the other subtree the MIN node [4, 5] is tried
    # first by its MAX parent, meets 5 ≤ α and never evaluates the 4.
    tree = [[[[3, 14], [7, 9]], [[13, 11], [4, 5]]], [[[12, 8], [1, 0]], [[15, 6], [2, 10]]]]
    summary = trace(parse_tree(tree), SearchOptions(ordering="worst"))["summary"]
    assert summary["value"] == 7
    assert summary["leaves_evaluated"] == 15


def test_random_ordering_lies_between_and_rows_come_per_depth_and_ordering():
    experiment = MoveOrdering(2, (1, 6), trials=5, seed=0)
    rows = list(experiment.rows())
    assert len(rows) == experiment.total_rows() == 18
    assert [row["ordering"] for row in rows[:3]] == ["perfect", "random", "worst"]
    for row in rows:
        assert set(row) == set(experiment.columns)
        assert row["knuth_moore_leaves"] <= row["leaves_min"] <= row["leaves_max"]
        assert row["minimax_nodes"] == 2 ** (row["depth"] + 1) - 1


# --- Random binary trees against an independent count -----------------------------------------


def count_minimax(node):
    """Nodes in the tree: minimax visits them all."""
    return 1 + sum(count_minimax(kid) for kid in node) if isinstance(node, list) else 1


def count_alphabeta(tree):
    """Textbook fail-soft alpha-beta (standard rule: prune when α ≥ β), MAX at the root:
    (nodes visited, leaves evaluated, cutoffs)."""
    counts = {"nodes": 0, "leaves": 0, "cutoffs": 0}

    def search(node, maximising, alpha, beta):
        counts["nodes"] += 1
        if not isinstance(node, list):
            counts["leaves"] += 1
            return node
        value = -INF if maximising else INF
        for kid in node:
            child = search(kid, not maximising, alpha, beta)
            if maximising:
                value = max(value, child)
                alpha = max(alpha, value)
            else:
                value = min(value, child)
                beta = min(beta, value)
            if alpha >= beta:
                counts["cutoffs"] += 1
                break
        return value

    search(tree, True, -INF, INF)
    return counts["nodes"], counts["leaves"], counts["cutoffs"]


def test_random_binary_rows_match_an_independent_count():
    experiment = RandomBinary(depth=10, seeds=(0, 19))
    rows = list(experiment.rows())
    assert [row["seed"] for row in rows] == list(range(20))
    for row in rows:
        tree = random_tree(row["seed"], 10, 2, 0, 100)
        nodes, leaves, cutoffs = count_alphabeta(tree)
        assert row["minimax_nodes"] == count_minimax(tree) == 2047
        assert row["minimax_leaves"] == 1024
        assert (row["alphabeta_nodes"], row["alphabeta_leaves"], row["cutoffs"]) == (
            nodes,
            leaves,
            cutoffs,
        )
        assert row["percent_saved"] == round(100 * (1 - nodes / 2047), 1)


def test_strict_rule_never_evaluates_fewer_leaves():
    standard = RandomBinary(depth=8, seeds=(0, 49)).rows()
    strict = RandomBinary(depth=8, seeds=(0, 49), rule="strict").rows()
    for loose, tight in zip(standard, strict, strict=True):
        assert tight["alphabeta_leaves"] >= loose["alphabeta_leaves"]


# --- Pruning rules on ties ---------------------------------------------------------------------


def test_rules_rows_count_the_same_trees_as_the_generator():
    experiment = PruningRules(2, (1, 5), trials=6, seed=11, values=3)
    rows = list(experiment.rows())
    assert len(rows) == experiment.total_rows() == 5
    for row in rows:
        depth = row["depth"]
        standard = [count_alphabeta(random_tree(11 + t, depth, 2, 0, 2))[1] for t in range(6)]
        assert row["standard_leaves_mean"] == round(sum(standard) / 6, 2)
        assert row["strict_leaves_mean"] >= row["standard_leaves_mean"]
        assert row["minimax_leaves"] == 2**depth
    assert rows[-1]["strict_leaves_mean"] > rows[-1]["standard_leaves_mean"]  # ties cost strict


# --- Statistics ----------------------------------------------------------------------------------


def test_distribution_against_hand_computed_figures():
    # Linear interpolation at (n − 1)·p: p10 sits 0.4 of the way from 15 to 20, p90 0.6 of
    # the way from 40 to 50.
    summary = distribution([50, 15, 40, 20, 35])
    assert summary["mean"] == 32
    assert summary["median"] == 35
    assert summary["p10"] == pytest.approx(17)
    assert summary["p90"] == pytest.approx(46)
    assert (summary["min"], summary["max"], summary["count"]) == (15, 50, 5)
    assert percentile([1, 2, 3, 4], 50) == 2.5
    assert percentile([1, 2, 3, 4], 10) == pytest.approx(1.3)
    assert percentile([7], 90) == 7


def test_histogram_bins_are_fixed_width_with_the_last_edge_closed():
    # Five values: ⌈log₂ 5⌉ + 1 = 4 bins of width 0.75 from 1 to 4.
    assert histogram([1, 2, 2, 3, 4]) == {"edges": [1, 1.75, 2.5, 3.25, 4], "counts": [1, 2, 1, 1]}
    assert histogram([0, 5, 10], bins=2) == {"edges": [0, 5, 10], "counts": [1, 2]}
    assert histogram([7]) == {"edges": [6.5, 7.5], "counts": [1]}  # one value: a bin around it
    assert histogram([7, 7], bins=1) == {"edges": [6.5, 7.5], "counts": [2]}
    counts = distribution(list(range(1000)))["histogram"]["counts"]
    assert len(counts) == 11 and sum(counts) == 1000
    with pytest.raises(ValueError):
        distribution([])


# --- Tic-tac-toe optimisations ----------------------------------------------------------------


def shift(value):
    """A child's value seen one ply further from the searched position (10 − d, d − 10)."""
    return value - 1 if value > 0 else value + 1 if value < 0 else 0


@cache
def exact(board):
    """The position's value counting plies from itself: plain memoised minimax."""
    if GAME.is_terminal(board):
        return GAME.utility(board, 0)
    values = [shift(exact(GAME.result(board, cell))) for cell in GAME.actions(board)]
    return max(values) if GAME.to_move(board) == 0 else min(values)


def reachable_positions_with_a_move():
    seen, frontier = {GAME.initial()}, [GAME.initial()]
    while frontier:
        board = frontier.pop()
        for cell in GAME.actions(board):
            child = GAME.result(board, cell)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return sorted(board for board in seen if not GAME.is_terminal(board))


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
def test_tt_and_iterative_deepening_agree_with_alphabeta_everywhere():
    positions = reachable_positions_with_a_move()
    assert len(positions) == 4520
    for board in positions:
        plain = alphabeta(board)
        assert plain.value == exact(board), board
        for method in (alphabeta_tt, alphabeta_id, alphabeta_ordering):
            outcome = method(board)
            assert outcome.value == plain.value, (method.__name__, board)
            move_value = shift(exact(GAME.result(board, outcome.best_move)))
            assert move_value == plain.value, (method.__name__, board)


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
def test_node_counts_from_the_empty_board():
    board = GAME.initial()
    plain = alphabeta(board)
    assert minimax(board).nodes == 549_946
    assert plain.nodes == 20_866
    assert alphabeta_tt(board).nodes < plain.nodes
    assert alphabeta_ordering(board).nodes < plain.nodes
    assert (plain.value, plain.best_move) == (0, 0)


def test_optimisation_rows_one_per_position_and_method():
    experiment = Optimisations(("XO..X....", "X...O...."))
    rows = list(experiment.rows())
    assert len(rows) == experiment.total_rows() == 2 * len(METHODS)
    assert [row["method"] for row in rows[:5]] == list(METHODS)
    assert {row["value"] for row in rows if row["position"] == "XO..X...."} == {6}
    assert all(row["seconds"] >= 0 and row["nodes"] > 0 for row in rows)


# --- Arguments ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: RandomBinary(depth=15), "depth"),
        (lambda: RandomBinary(seeds=(0, 10_000)), "seeds"),
        (lambda: RandomBinary(seeds=(5, 3)), "seeds"),
        (lambda: RandomBinary(depth=14, seeds=(0, 999)), "seeds"),
        (lambda: RandomBinary(rule="loose"), "rule"),
        (lambda: MoveOrdering(branching=9), "branching"),
        (lambda: MoveOrdering(depths=(1, 19)), "depths"),
        (lambda: MoveOrdering(depths=(0, 3)), "depths"),
        (lambda: MoveOrdering(trials=0), "trials"),
        (lambda: MoveOrdering(depths=(1, 16), trials=100), "trials"),
        (lambda: MoveOrdering(seed=-1), "seed"),
        (lambda: PruningRules(values=0), "values"),
        (lambda: PruningRules(ordering="heuristic"), "ordering"),
        (lambda: Optimisations(("XXX......",)), "positions"),
        (lambda: Optimisations(()), "positions"),
    ],
)
def test_bad_arguments_name_their_field(make, field):
    with pytest.raises(EngineError) as caught:
        make()
    assert caught.value.field == field
    assert str(caught.value).startswith(field)


# --- Command line -------------------------------------------------------------------------------


def cli(*args):
    return run_cli("experiment", *args)


@pytest.mark.parametrize(
    ("args", "header", "rows"),
    [
        (
            ("random-binary", "--depth", "10", "--seeds", "3-7"),
            "seed,minimax_nodes,alphabeta_nodes,alphabeta_leaves,minimax_leaves,cutoffs,"
            "percent_saved",
            5,
        ),
        (
            ("ordering", "--branching", "3", "--depths", "1-4", "--trials", "3", "--seed", "2"),
            "depth,ordering,trials,nodes_mean,leaves_mean,leaves_min,leaves_max,"
            "minimax_nodes,minimax_leaves,knuth_moore_leaves",
            12,
        ),
        (
            ("rules", "--depths", "2-6", "--trials", "4", "--values", "2"),
            "depth,trials,standard_leaves_mean,strict_leaves_mean,standard_nodes_mean,"
            "strict_nodes_mean,minimax_leaves",
            5,
        ),
        (
            ("optimisations", "--positions", "XO..X....,X...O....,XOX.O...."),
            "position,method,value,best_move,nodes,seconds",
            15,
        ),
    ],
)
def test_each_command_prints_csv_with_a_header(args, header, rows):
    done = cli(*args)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    assert lines[0] == header
    assert lines[-1] == "" and len(lines) == rows + 2  # one newline ends every row


def test_random_binary_seed_is_the_random_commands_tree():
    row = cli("random-binary", "--seeds", "10-10").stdout.splitlines()[1].split(",")
    preset = trace(parse_tree(random_tree(10, 10, 2, 0, 100)), SearchOptions())["summary"]
    assert int(row[2]) == preset["nodes_visited"]


def test_bad_input_exits_2_with_one_line():
    for args, expected in [
        (("random-binary", "--depth", "15"), "depth 15 is out of range"),
        (("random-binary", "--seeds", "x"), "is not A-B"),
        (("ordering", "--branching", "9"), "branching 9 is out of range"),
        (("rules", "--values", "0"), "values 0 is out of range"),
        (("optimisations", "--positions", "XXXOO...."), "positions: 'XXXOO....'"),
        (("sideways",), "invalid choice"),
    ]:
        done = cli(*args)
        assert done.returncode == 2, args
        assert done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0], (args, done.stderr)
