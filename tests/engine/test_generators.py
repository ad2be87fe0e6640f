import pytest

from app.engine import EngineError, parse_tree
from app.engine.generators import random_tree


def test_same_seed_same_tree_and_uniform_shape():
    assert random_tree(seed=3, depth=4) == random_tree(seed=3, depth=4)
    assert random_tree(seed=3, depth=4) != random_tree(seed=4, depth=4)
    tree = parse_tree(random_tree(seed=1, depth=10, branching=2, low=0, high=100))
    assert len(tree) == 2047
    assert all(0 <= v <= 100 for v in tree.values if v is not None)


def test_branching_range_ragged_and_real_values():
    tree = parse_tree(random_tree(seed=2, depth=5, branching=(2, 3), ragged=True, real=True))
    branchings = {len(kids) for kids in tree.children if kids}
    assert branchings <= {2, 3}
    leaf_depths = {tree.depths[n] for n, kids in enumerate(tree.children) if not kids}
    assert len(leaf_depths) > 1
    assert any(isinstance(v, float) and v != int(v) for v in tree.values if v is not None)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"branching": 0}, "branching must be between 1 and 20"),
        ({"branching": [3, 2]}, "branching must be between 1 and 20"),
        ({"depth": 31}, "depth must be a whole number from 0 to 30"),
        ({"low": 5, "high": 1}, "low must not be above high"),
        ({"depth": 20, "branching": 3}, "more than 250,000 nodes"),
    ],
)
def test_bad_parameters_are_engine_errors(kwargs, message):
    with pytest.raises(EngineError, match=message):
        random_tree(**kwargs)
