"""Experiment slides over HTTP: a lesson accepts each of the experiments' API's names with a
query the API would run, and refuses a query the API would refuse, as a 400 naming the same
field under the slide (``slides[0].view.query.seeds``); and the streams recorded for the JS
tests (tests/js/fixtures/experiment-*.ndjson) are the rows the API streams now."""

import json
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "js" / "fixtures"
# The fixtures' queries (tests/js/fixtures/README.md): one per chart a slide can draw.
RECORDED = {
    "random-binary-one": ("random-binary", {"depth": "10", "seeds": "73", "rule": "standard"}),
    "random-binary-many": ("random-binary", {"depth": "10", "seeds": "0-99", "rule": "standard"}),
    "ordering": ("ordering", {"branching": "2", "depths": "1-6", "trials": "5", "seed": "0"}),
    "rules": (
        "rules",
        {"branching": "2", "depths": "1-6", "trials": "5", "seed": "0", "values": "3"},
    ),
    "optimisations": ("optimisations", {"positions": "X...O....,XO..X...."}),
}
BAD = [
    ("random-binary", {"seeds": "0-99999"}, "seeds"),
    ("random-binary", {"depth": "99"}, "depth"),
    ("random-binary", {"rule": "lenient"}, "rule"),
    ("ordering", {"branching": "9"}, "branching"),
    ("ordering", {"depths": "5-2"}, "depths"),
    ("ordering", {"trials": "many"}, "trials"),
    ("rules", {"values": "0"}, "values"),
    ("rules", {"ordering": "sideways"}, "ordering"),
    ("optimisations", {"positions": "XXX"}, "positions"),
    ("optimisations", {"depth": "3"}, "depth"),
]


def lesson_with(name, query):
    view = {"kind": "experiment", "name": name, "query": query}
    return {"title": "Charts", "slides": [{"title": "A chart", "notes": "", "view": view}]}


def post(client, lesson):
    return client.post("/api/lessons", data=json.dumps(lesson), content_type="application/json")


def api_lines(client, name, query):
    answer = client.get(f"/api/experiments/{name}", query_string=query)
    assert answer.status_code == 200, answer.data
    return [json.loads(line) for line in answer.data.decode().splitlines() if line]


@pytest.mark.parametrize(("name", "query"), RECORDED.values(), ids=RECORDED.keys())
def test_each_experiment_is_a_slide_with_a_query_the_api_runs(client, name, query):
    saved = post(client, lesson_with(name, query))
    assert saved.status_code == 201, saved.get_json()
    loaded = client.get(f"/api/lessons/{saved.get_json()['id']}").get_json()
    assert loaded["slides"][0]["view"] == {"kind": "experiment", "name": name, "query": query}


@pytest.mark.parametrize(("name", "query", "field"), BAD)
def test_a_query_the_api_refuses_is_refused_naming_the_same_field(client, name, query, field):
    api = client.get(f"/api/experiments/{name}", query_string=query)
    assert api.status_code == 400 and api.get_json()["field"] == field
    refused = post(client, lesson_with(name, query))
    assert refused.status_code == 400
    assert refused.get_json()["field"] == f"slides[0].view.query.{field}"
    assert field in refused.get_json()["error"]


def test_an_empty_value_is_not_given_as_in_the_api(client):
    query = {"branching": "2", "depths": "1-2", "trials": ""}
    assert client.get("/api/experiments/ordering", query_string=query).status_code == 200
    assert post(client, lesson_with("ordering", query)).status_code == 201


@pytest.mark.parametrize("name", ["random", "random_binary", "line"])
def test_a_name_the_api_does_not_have_is_refused(client, name):
    refused = post(client, lesson_with(name, {}))
    assert refused.status_code == 400
    assert refused.get_json()["field"] == "slides[0].view.name"
    assert "random-binary, ordering, rules, optimisations" in refused.get_json()["error"]


@pytest.mark.parametrize("fixture", RECORDED)
def test_the_recorded_streams_are_what_the_api_streams(client, fixture):
    name, query = RECORDED[fixture]
    recorded = [json.loads(line) for line in (FIXTURES / f"experiment-{fixture}.ndjson").open()]

    def timeless(items):  # a search's seconds differ from run to run; nothing else may
        return [
            {**item, "row": {k: v for k, v in item["row"].items() if k != "seconds"}}
            if "row" in item
            else item
            for item in items
        ]

    assert timeless(api_lines(client, name, query)) == timeless(recorded)
