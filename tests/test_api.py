"""The JSON API: traces, presets, random trees, and every class of bad input."""

import json

import pytest
from support import TEXTBOOK, engine_trace, make_app, wire
from wire_format import readable

from app.engine.generators import random_tree
from app.engine.presets import PRESETS


def post_text(client, text, path="/api/trace", content_type="application/json"):
    return client.post(path, data=text, content_type=content_type)


def test_trace_of_the_textbook_tree(client):
    response = client.post("/api/trace", json={"tree": TEXTBOOK})
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"nodes", "summary", "events", "options"}
    assert body["summary"]["value"] == 3
    assert body["summary"]["best_move"] == 0
    events = readable(body["nodes"], body["events"])
    cutoffs = [e for e in events if e["type"] == "cutoff"]
    assert cutoffs[0]["path"] == (1,)
    assert cutoffs[0]["pruned"] == [(1, 1), (1, 2)]
    assert len(body["nodes"]) == 13
    assert body["nodes"][0] == {"parent": None, "kind": "max", "terminal": False}
    assert body["nodes"][5] == {"parent": 0, "kind": "min", "terminal": False}
    assert body["options"]["algorithm"] == "alphabeta"
    expected = engine_trace(TEXTBOOK)
    assert body["events"] == expected["events"]
    assert body["summary"] == expected["summary"]


def test_trace_applies_options_over_the_documents_own(client):
    document = {"tree": [[10], [10, 0]], "options": {"rule": "standard", "algorithm": "minimax"}}
    body = client.post(
        "/api/trace", json={"tree": document, "options": {"rule": "strict", "algorithm": None}}
    ).get_json()
    assert body["options"]["rule"] == "strict"
    assert body["options"]["algorithm"] == "minimax"  # None keeps the document's setting
    assert body["events"] == engine_trace(document, {"rule": "strict"})["events"]


def test_trace_of_a_preset_document_uses_its_players(client):
    document = PRESETS["pacman"].document
    body = client.post("/api/trace", json={"tree": document}).get_json()
    assert body["options"]["players"] == ["max", "min", "min"]
    assert body["summary"] == engine_trace(document)["summary"]


def assert_input_error(response, status=400, path=None, field=None, says=()):
    assert response.status_code == status, response.data
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert isinstance(body["error"], str) and body["error"]
    assert body.get("path") == path
    assert body.get("field") == field
    for words in says:
        assert words in body["error"]
    return body


def test_a_label_that_is_not_text_is_a_400_naming_its_node(client):
    # JSON's "\ud800" reads as a lone surrogate, which no UTF-8 encoder (nor orjson) accepts.
    body = '{"tree": [2, {"label": "\\ud800", "value": 1}]}'
    response = client.post("/api/trace", data=body, content_type="application/json")
    assert_input_error(response, path=[1], says=["label holds half of a UTF-16 surrogate pair"])


def test_bad_leaf_names_its_node(client):
    response = client.post("/api/trace", json={"tree": [[1, "x"], [2]]})
    assert_input_error(response, path=[0, 1], says=["node [0, 1]", '"x" is not a number'])


def test_nan_text_names_its_node(client):
    response = post_text(client, '{"tree": [[1, 2], [NaN, 3]]}')
    assert_input_error(response, path=[1, 0], says=["node [1, 0]", "not a finite number"])


def test_too_many_nodes(client):
    response = client.post("/api/trace", json={"tree": [1] * 50_000})
    assert_input_error(response, says=["more than 50,000 nodes"])


def test_too_deep_for_the_depth_limit_names_the_node(client):
    chain = 1
    for _ in range(201):
        chain = [chain]
    body = assert_input_error(client.post("/api/trace", json={"tree": chain}), path=[0] * 201)
    assert "at most 200 levels deep" in body["error"]


def test_a_5000_level_chain_is_a_400_not_a_500(client):
    text = '{"tree": ' + "[" * 5000 + "1" + "]" * 5000 + "}"
    assert_input_error(post_text(client, text), says=["nests too deeply", "200 levels"])


def test_oversized_body_is_413(client):
    text = json.dumps({"tree": [1] * (1024 * 1024)})
    assert len(text) > 2 * 1024 * 1024
    assert_input_error(post_text(client, text), status=413, says=["2,097,152 bytes"])


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded"])
def test_non_json_content_type_is_415(client, content_type):
    response = post_text(client, json.dumps({"tree": TEXTBOOK}), content_type=content_type)
    assert_input_error(response, status=415, says=["application/json"])


def test_malformed_json_is_400(client):
    assert_input_error(post_text(client, '{"tree": [1, 2'), says=["not valid JSON", "line 1"])


def test_huge_integer_literal_is_400(client):
    assert_input_error(post_text(client, '{"tree": [' + "9" * 5000 + "]}"), says=["not valid JSON"])


@pytest.mark.parametrize(
    ("body", "field", "says"),
    [
        ({"tree": TEXTBOOK, "extra": 1}, "extra", "unknown field 'extra'"),
        ({"options": {}}, "tree", 'no "tree"'),
        ({"tree": TEXTBOOK, "options": {"rule": "lenient"}}, "rule", "rule 'lenient'"),
        ({"tree": TEXTBOOK, "options": {"depth": -1}}, "depth", "out of range"),
        ({"tree": TEXTBOOK, "options": {"colour": "red"}}, "colour", "unknown field"),
        ({"tree": TEXTBOOK, "options": [1]}, "options", "must be an object"),
        ({"tree": {"tree": TEXTBOOK, "players": ["max", "dog"]}}, "players", "'dog'"),
        (
            {"tree": {"tree": TEXTBOOK, "players": ["max", "min"], "agents": ["Pacman"]}},
            "agents",
            "agents has 1 name for 2 players",
        ),
    ],
)
def test_bad_fields_are_named(client, body, field, says):
    assert_input_error(client.post("/api/trace", json=body), field=field, says=[says])


def test_body_must_be_an_object(client):
    assert_input_error(client.post("/api/trace", json=[TEXTBOOK]), says=['{"tree"'])


def test_depth_limit_without_heuristic_names_the_node(client):
    response = client.post("/api/trace", json={"tree": TEXTBOOK, "options": {"depth": 1}})
    assert_input_error(response, path=[0], says=["node [0]"])


def test_wrong_method_is_a_json_405(client):
    response = client.get("/api/trace")
    assert_input_error(response, status=405, says=["method not allowed"])
    assert "POST" in response.headers["Allow"]


def test_presets_list(client):
    response = client.get("/api/presets")
    assert response.status_code == 200
    listing = response.get_json()
    assert [p["name"] for p in listing] == list(PRESETS)
    textbook = listing[0]
    assert set(textbook) == {"name", "title", "description", "answer", "source"}
    assert textbook["title"] == PRESETS["textbook"].title


def test_preset_document(client):
    response = client.get("/api/presets/textbook")
    assert response.status_code == 200
    document = response.get_json()
    assert document["tree"] == TEXTBOOK
    assert document["name"] == PRESETS["textbook"].title
    assert document == wire(PRESETS["textbook"].document)


def test_preset_document_names_its_agents(client):
    document = client.get("/api/presets/pacman").get_json()
    assert document["players"] == ["max", "min", "min"]
    assert document["agents"] == ["Pacman", "Ghost 1", "Ghost 2"]


def test_a_saved_view_keeps_its_documents_agents(client):
    document = {"tree": [[1, 2], [3]], "players": ["max", "min"], "agents": ["Ann", "Bo"]}
    saved = client.post("/api/views", json={"tree": document})
    assert saved.status_code == 201, saved.data
    view = client.get(f"/api/views/{saved.get_json()['id']}").get_json()
    assert view["tree"] == document


def test_unknown_preset_is_a_json_404(client):
    body = assert_input_error(client.get("/api/presets/nope"), status=404, says=["'nope'"])
    assert "textbook" in body["error"]


def test_random_tree_is_seeded(client):
    params = {"seed": 7, "depth": 3, "branching": [2, 3], "low": -5, "high": 5, "ragged": True}
    first = client.post("/api/random", json=params)
    assert first.status_code == 200
    document = first.get_json()
    assert document == {"tree": random_tree(**params)}
    assert client.post("/api/random", json=params).get_json() == document
    other = client.post("/api/random", json={**params, "seed": 8}).get_json()
    assert other != document
    assert client.post("/api/trace", json={"tree": document}).status_code == 200


def test_random_real_values(client):
    tree = client.post("/api/random", json={"depth": 1, "branching": 4, "real": True}).get_json()
    assert all(isinstance(leaf, float) and 0 <= leaf <= 100 for leaf in tree["tree"])


@pytest.mark.parametrize(
    ("params", "field", "says"),
    [
        ({"seed": -1}, "seed", "seed must be"),
        ({"seed": "x"}, "seed", "seed must be"),
        ({"real": "yes"}, "real", "real must be true or false"),
        ({"ragged": 1}, "ragged", "ragged must be true or false"),
        ({"size": 3}, "size", "unknown field 'size'"),
        ({"branching": [3, 2]}, None, "branching"),
        ({"branching": "2"}, None, "branching"),
        ({"depth": 31}, None, "depth"),
        ({"low": 10, "high": 1}, None, "low must not be above high"),
        ({"depth": 20, "branching": 20}, None, "more than 50,000 nodes"),
    ],
)
def test_random_bad_parameters(client, params, field, says):
    assert_input_error(client.post("/api/random", json=params), field=field, says=[says])


def test_random_needs_json(client):
    response = post_text(client, "depth=3", path="/api/random", content_type="text/plain")
    assert_input_error(response, status=415)


def test_api_rate_limit_answers_429_in_json():
    client = make_app(RATELIMIT_ENABLED=True, PRUNE_API_RATE_LIMIT="3/minute").test_client()
    assert [client.get("/api/presets").status_code for _ in range(3)] == [200] * 3
    response = client.post("/api/trace", json={"tree": TEXTBOOK})
    assert_input_error(response, status=429, says=["too many requests", "3 per 1 minute"])
    assert int(response.headers["Retry-After"]) > 0
    assert client.get("/").status_code == 200  # pages are not limited
