"""The experiments' streaming API: rows as NDJSON lines, the random-binary distribution, bad
parameters as a 400 naming the field; and on a real gevent server, a long run neither keeps
other requests waiting nor outlives its client (closing the request frees its slot)."""

import json
import time

import pytest
import requests
from conftest_browser import start_server

from app.experiments.ordering import MoveOrdering
from app.experiments.random_binary import RandomBinary
from app.experiments.stats import distribution


def lines(response):
    return [json.loads(line) for line in response.data.decode().splitlines()]


def test_random_binary_streams_its_rows_and_their_spread(client):
    answer = client.get("/api/experiments/random-binary?depth=6&seeds=10-29&rule=strict")
    assert answer.status_code == 200 and answer.mimetype == "application/x-ndjson"
    head, *items, last = lines(answer)
    expected = list(RandomBinary(6, (10, 29), "strict").rows())
    assert head == {"columns": list(RandomBinary.columns), "total": 20}
    assert [item["row"] for item in items] == expected
    assert [item["done"] for item in items] == list(range(1, 21))
    nodes = [row["alphabeta_nodes"] for row in expected]
    assert last["summary"]["alphabeta_nodes"] == distribution(nodes)


def test_ordering_rows_are_the_experiments(client):
    answer = client.get("/api/experiments/ordering?branching=3&depths=1-3&trials=4&seed=5")
    rows = [item["row"] for item in lines(answer) if "row" in item]
    assert rows == list(MoveOrdering(3, (1, 3), 4, 5).rows())
    assert lines(answer)[-1] == {"summary": None}


def test_optimisations_default_to_the_documented_positions(client):
    head = lines(client.get("/api/experiments/optimisations?positions=X...O....,XO..X...."))[0]
    assert head["total"] == 10  # two positions, five methods


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("random-binary?depth=x", "depth", "depth must be a whole number"),
        ("random-binary?seeds=a-b", "seeds", "seeds must be a range A-B"),
        ("random-binary?seeds=0-20000", "seeds", "at most 10,000 seeds"),
        ("ordering?branching=9", "branching", "branching 9 is out of range"),
        ("ordering?depths=1-30", "depths", "depths"),
        ("rules?values=0", "values", "values 0 is out of range"),
        ("ordering?foo=1", "foo", "unknown field 'foo'"),
        ("optimisations?positions=XXX", "positions", "3 characters, not 9"),
        ("nothing", "experiment", "no experiment named 'nothing'"),
    ],
)
def test_bad_parameters_are_a_400_naming_the_field(client, query, field, message):
    answer = client.get(f"/api/experiments/{query}")
    assert answer.status_code == 400
    assert message in answer.get_json()["error"] and answer.get_json()["field"] == field


@pytest.fixture(scope="module")
def server():
    with start_server({"PRUNE_API_RATE_LIMIT": "6000/minute"}) as live:
        yield live


def searches(server) -> int:
    return requests.get(f"{server.url}/healthz", timeout=10).json()["searches"]


def test_a_long_run_leaves_the_server_answering_and_stops_with_its_client(server):
    url = f"{server.url}/api/experiments/random-binary?depth=12&seeds=0-2000"
    with requests.get(url, stream=True, timeout=30) as stream:
        reader = stream.iter_lines()
        assert json.loads(next(reader))["total"] == 2001
        assert "row" in json.loads(next(reader))
        assert searches(server) == 1  # the run holds a search slot
        # Others are served while it computes: pages, the API, another small experiment.
        assert requests.get(f"{server.url}/", timeout=10).status_code == 200
        small = requests.get(f"{server.url}/api/experiments/random-binary?seeds=0-1", timeout=10)
        assert small.status_code == 200 and "summary" in small.text
        assert "row" in json.loads(next(reader))  # and the long run goes on
    # The client went away: the run stops at its next row and frees its slot.
    deadline = time.monotonic() + 20
    while searches(server) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert searches(server) == 0
