"""POST /api/practice/grade: a student's prediction graded against the engine's trace."""

import json

import pytest
from support import TEXTBOOK, make_app

GRADE = "/api/practice/grade"
RIGHT = {
    "pruned": ["1.1", [1, 2]],
    "values": {"": 3, "0": 3, "1": 2, "2": 2},
    "windows": {"1": [3, 2], "0": ["-Infinity", 3], "": [3, "Infinity"]},
    "best_move": 0,
}


def error(response, status=400):
    assert response.status_code == status, response.data
    assert response.mimetype == "application/json"
    return response.get_json()


def test_a_right_answer_scores_full_marks(client):
    response = client.post(GRADE, json={"tree": TEXTBOOK, "answer": RIGHT})
    assert response.status_code == 200
    body = response.get_json()
    assert list(body) == ["score", "max_score", "rule", "items"]
    assert (body["score"], body["max_score"], body["rule"]) == (10, 10, "standard")
    assert {item["kind"] for item in body["items"]} == {
        "correct_prune",
        "correct_value",
        "correct_window",
        "correct_move",
    }
    assert body["items"][2] == {
        "kind": "correct_prune",
        "path": [1, 1],
        "explanation": "I is pruned: after C's first child H, v = 2 ≤ α = 3 at C, so MIN at C "
        "will return at most 2, no better for MAX above than the 3 it already has, and the "
        "search skips I.",
        "step": 14,
    }


def test_a_mistaken_answer_under_the_strict_rule(client):
    answer = {"pruned": ["1.1"], "values": {"": 10, "0": 10, "1": 10}, "best_move": 1}
    body = client.post(
        GRADE, json={"tree": [[10], [10, 0]], "options": {"rule": "strict"}, "answer": answer}
    ).get_json()
    assert body["rule"] == "strict"
    assert [(i["kind"], i["path"], i["step"]) for i in body["items"]] == [
        ("correct_value", [0], 5),
        ("over_prune", [1, 1], 10),
        ("wrong_value", [1], 13),
        ("correct_value", [], 15),
        ("wrong_move", [], 15),
    ]
    assert (body["score"], body["max_score"]) == (1, 4)
    assert body["items"][1]["explanation"] == (
        "F is searched: when C came to it, v = 10 and α = 10, β = 10 at C, and no cutoff "
        "(v < α) held."
    )


def test_the_documents_own_players_and_options_are_used(client):
    document = {"tree": TEXTBOOK, "players": ["min", "max"], "options": {"algorithm": "minimax"}}
    body = client.post(GRADE, json={"tree": document, "answer": {"best_move": 2}}).get_json()
    assert body["max_score"] == 5  # no prunes under minimax: 4 values and the move
    assert body["items"][-1]["explanation"] == "The best move is C (value 6); D returns 14."


def test_infinite_bounds_may_be_json_infinity(client):
    text = json.dumps({"tree": TEXTBOOK, "answer": {"windows": {"": [3, float("inf")]}}})
    assert "Infinity" in text
    body = client.post(GRADE, data=text, content_type="application/json").get_json()
    assert "correct_window" in [item["kind"] for item in body["items"]]


@pytest.mark.parametrize(
    ("body", "field", "says"),
    [
        (
            {"tree": TEXTBOOK, "answer": {"pruned": ["0.1", "1.5"]}},
            "answer.pruned[1]",
            "there is no node 1.5",
        ),
        ({"tree": TEXTBOOK, "answer": {"values": {"1": "two"}}}, 'answer.values["1"]', 'not "two"'),
        ({"tree": TEXTBOOK, "answer": {"values": {"9": 2}}}, 'answer.values["9"]', "no node 9"),
        ({"tree": TEXTBOOK, "answer": {"guess": 1}}, "answer.guess", "unknown field"),
        ({"tree": TEXTBOOK, "answer": "0.1"}, "answer", "must be an object"),
        ({"tree": TEXTBOOK, "answer": {"pruned": {"0": 1}}}, "answer.pruned", "a list of paths"),
        ({"tree": TEXTBOOK, "answer": {"best_move": "B"}}, "answer.best_move", 'not "B"'),
        ({"tree": TEXTBOOK, "answer": {"windows": {"1": 3}}}, 'answer.windows["1"]', "[α, β]"),
        ({"tree": TEXTBOOK}, "answer", 'no "answer"'),
        ({"tree": TEXTBOOK, "answer": {}, "extra": 1}, "extra", "unknown field 'extra'"),
        ({"answer": {}}, "tree", 'no "tree"'),
        ({"tree": TEXTBOOK, "options": {"rule": "lax"}, "answer": {}}, "rule", "rule 'lax'"),
        *(
            (
                {"tree": TEXTBOOK, "options": {"algorithm": name, **extra}, "answer": {}},
                "algorithm",
                f"algorithm '{name}' cannot be graded",
            )
            for name, extra in [
                ("sssstar", {}),
                ("star2", {"bounds": [0, 20]}),
                ("negamax", {}),
            ]
        ),
        (
            {"tree": TEXTBOOK, "options": {"algorithm": "pvs"}, "answer": {"tapped": ["9"]}},
            "answer.tapped[0]",
            "there is no node 9",
        ),
        (
            {"tree": TEXTBOOK, "options": {"algorithm": "mtdf"}, "answer": {"bounds": [3]}},
            "answer.bounds[0]",
            "[lower, upper]",
        ),
        (
            {"tree": TEXTBOOK, "options": {"aspiration": {"guess": 3, "delta": 1}}, "answer": {}},
            "aspiration",
            "aspiration cannot be graded",
        ),
    ],
)
def test_bad_requests_are_400s_naming_the_field(client, body, field, says):
    answer = error(client.post(GRADE, json=body))
    assert answer.get("field") == field
    assert says in answer["error"]


def test_pvs_mtdf_and_star1_are_graded_by_their_own_questions(client):
    """The algorithm names the question: re-searched children, bounds per pass, chance cuts."""
    pvs = client.post(GRADE, json={"tree": TEXTBOOK, "options": {"algorithm": "pvs"}, "answer": {"tapped": []}})  # fmt: skip  # noqa: E501
    assert pvs.status_code == 200
    assert pvs.json["question"] == "research"
    mtdf = client.post(GRADE, json={"tree": TEXTBOOK, "options": {"algorithm": "mtdf", "guess": 3}, "answer": {"bounds": [[3, "Infinity"]]}})  # fmt: skip  # noqa: E501
    assert mtdf.json["question"] == "bounds"
    assert mtdf.json["items"][0]["kind"] == "correct_bounds"
    tree = {"type": "max", "children": [{"type": "chance", "children": [2, 8]}, {"type": "chance", "children": [0, 3]}]}  # fmt: skip  # noqa: E501
    star = client.post(GRADE, json={"tree": tree, "options": {"algorithm": "star1", "bounds": [0, 10]}, "answer": {"tapped": ["1.1"]}})  # fmt: skip  # noqa: E501
    assert star.json["question"] == "chance_prune"
    assert [item["kind"] for item in star.json["items"]] == ["correct_tap"]
    assert star.json["score"] == star.json["max_score"] == 1


def test_a_bad_tree_names_its_node(client):
    answer = error(client.post(GRADE, json={"tree": [[1, "x"]], "answer": {}}))
    assert answer["path"] == [0, 1]


def test_a_request_that_is_not_an_object_is_a_400(client):
    assert "must be an object" in error(client.post(GRADE, json=[TEXTBOOK]))["error"]


def test_an_oversized_body_is_413(client):
    text = json.dumps({"tree": TEXTBOOK, "answer": {"pruned": ["0"] * (1024 * 1024)}})
    assert len(text) > 2 * 1024 * 1024
    response = client.post(GRADE, data=text, content_type="application/json")
    assert "2,097,152 bytes" in error(response, 413)["error"]


def test_json_is_required_and_get_is_refused(client):
    response = client.post(GRADE, data="{}", content_type="text/plain")
    assert error(response, 415)
    assert client.get(GRADE).status_code == 405


def test_grading_counts_against_the_api_rate_limit():
    client = make_app(RATELIMIT_ENABLED=True, PRUNE_API_RATE_LIMIT="2/minute").test_client()
    request = {"tree": TEXTBOOK, "answer": RIGHT}
    assert [client.post(GRADE, json=request).status_code for _ in range(3)] == [200, 200, 429]
