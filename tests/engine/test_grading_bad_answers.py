"""Grading refuses a malformed answer (app/practice): each refusal is an EngineError that
names the answer's field at fault and says what is wrong with it.
"""

import pytest
from grading_examples import HEURISTIC, TEXTBOOK, grade_document

from app.engine import EngineError


@pytest.mark.parametrize(
    ("answer", "field", "says"),
    [
        ([], "answer", "answer must be an object"),
        ({"prune": []}, "answer.prune", 'unknown field "prune"'),
        ({"pruned": ["0.1", "1.5"]}, "answer.pruned[1]", "answer.pruned[1]: there is no node 1.5"),
        (
            {"pruned": [[0], "0"]},
            "answer.pruned[1]",
            "node 0 is given twice (also answer.pruned[0])",
        ),
        ({"pruned": ["0.01"]}, "answer.pruned[0]", '"0.01" is not a path'),
        ({"pruned": [[0, True]]}, "answer.pruned[0]", "is not a path"),
        ({"pruned": "0.1"}, "answer.pruned", "must be a list"),
        ({"pruned": ["0"] * 14}, "answer.pruned", "has 14 entries; the tree has only 13 nodes"),
        (
            {"values": {"1": "2"}},
            'answer.values["1"]',
            'finite number of size at most 1e+12, not "2"',
        ),
        ({"values": {"1": float("nan")}}, 'answer.values["1"]', "not NaN"),
        ({"values": {"1": 10**400}}, 'answer.values["1"]', "finite number"),
        ({"values": {"1": True}}, 'answer.values["1"]', "not true"),
        ({"values": {"x": 2}}, 'answer.values["x"]', '"x" is not a path'),
        ({"values": [2]}, "answer.values", "must be an object by path"),
        ({"windows": {"1": [3]}}, 'answer.windows["1"]', "a window is [α, β]"),
        ({"windows": {"1": ["inf", 3]}}, 'answer.windows["1"]', "a window is [α, β]"),
        ({"best_move": 1.0}, "answer.best_move", "not 1.0"),
        ({"best_move": 3}, "answer.best_move", "(0 to 2), not 3"),
    ],
)
def test_bad_answers_name_their_field(answer, field, says):
    with pytest.raises(EngineError) as err:
        grade_document(TEXTBOOK, answer)
    assert err.value.field == field
    assert says in str(err.value)


def test_a_path_below_the_depth_limit_is_no_node():
    with pytest.raises(EngineError, match=r"there is no node 0\.1 within the depth limit 1"):
        grade_document({"tree": HEURISTIC, "options": {"depth": 1}}, {"pruned": ["0.1"]})
