"""MTD(f) and SSS* against easyAI's memory-enhanced test driver (an independent, well-known
implementation of Plaat et al.'s MT family): the same value, and the same leaves evaluated
in the same order. easyAI's table keeps interior nodes only, so a leaf a later pass reaches
again is scored again there while Prune answers it from its table: the comparison takes
easyAI's leaves in the order each is first scored. SSS* is easyAI's SSS (MTD from a score
above every leaf); MTD(f) is its driver with Plaat's next test value (g + 1 when g is the
lower bound, else g)."""

from easyAI import SSS, TranspositionTable
from easyAI.AI.MTdriver import mtd
from easyai_games import TreeGame, uniform_trees
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from wire_format import readable

from app.engine import SearchOptions, parse_tree, trace


def prune_search(tree, **options):
    """Prune's value at the root and the paths of the leaves it evaluates, in order."""
    result = trace(parse_tree(tree), SearchOptions(**options))
    events = readable(result["nodes"], result["events"])
    leaves = [tuple(e["path"]) for e in events if e["type"] == "leaf"]
    return result["summary"]["value"], leaves


def first_scored(evaluated):
    return list(dict.fromkeys(evaluated))


def plaat_next(lowerbound, upperbound, g):
    return g + 1 if g == lowerbound else g


@settings(max_examples=examples(200), deadline=None)
@given(uniform_trees(), st.integers(-6, 6))
def test_mtdf_evaluates_the_leaves_easyai_mtd_evaluates(case, guess):
    tree, depth = case
    evaluated = []
    value = mtd(TreeGame(tree, evaluated), guess, plaat_next, depth, None, TranspositionTable())
    assert prune_search(tree, algorithm="mtdf", guess=guess) == (value, first_scored(evaluated))


@settings(max_examples=examples(200), deadline=None)
@given(uniform_trees())
def test_sssstar_evaluates_the_leaves_easyai_sss_evaluates(case):
    tree, depth = case
    evaluated = []
    sss = SSS(depth, scoring=lambda game: game.scoring(), tt=TranspositionTable())
    sss(TreeGame(tree, evaluated))
    assert prune_search(tree, algorithm="sssstar") == (sss.alpha, first_scored(evaluated))
