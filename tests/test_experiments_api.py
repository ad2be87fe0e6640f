"""The experiments' streaming API: rows as NDJSON lines, the random-binary distribution, bad
parameters as a 400 naming the field; and on a real gevent server, a long run neither keeps
other requests waiting nor outlives its client (closing the request frees its place within a
second); experiments run one per address, within their own pool and budgets."""

import json
import time

import pytest
import requests
from conftest_browser import start_server
from support import make_app

from app.experiments.ordering import MoveOrdering
from app.experiments.random_binary import RandomBinary
from app.experiments.stats import distribution


def lines(response):
    """The stream's objects (the empty lines sent while a row is computed left out)."""
    return [json.loads(line) for line in response.data.decode().splitlines() if line]


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
        ("random-binary?depth=1_0", "depth", "depth must be a whole number"),
        ("random-binary?seeds=%D9%A5-%D9%A6", "seeds", "seeds must be a range A-B"),
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


def experiments(server) -> int:
    return requests.get(f"{server.url}/healthz", timeout=10).json()["experiments"]


def test_a_long_run_leaves_the_server_answering_and_stops_with_its_client(server):
    url = f"{server.url}/api/experiments/random-binary?depth=12&seeds=0-2000"
    with requests.get(url, stream=True, timeout=30) as stream:
        # The empty lines sent while a row is computed are left out, as the page does.
        reader = (json.loads(line) for line in stream.iter_lines() if line)
        assert next(reader)["total"] == 2001
        assert "row" in next(reader)
        assert experiments(server) == 1  # the run holds a place in the experiments' pool
        # Others are served while it computes: pages, the API, a search.
        assert requests.get(f"{server.url}/", timeout=10).status_code == 200
        api = requests.post(f"{server.url}/api/trace", json={"tree": [[3, 12]]}, timeout=10)
        assert api.status_code == 200
        # One experiment at a time from one address.
        second = requests.get(f"{server.url}/api/experiments/random-binary?seeds=0-1", timeout=10)
        assert second.status_code == 429 and "from your address is still running" in second.text
        assert second.headers["Retry-After"] == "5"  # PRUNE_EXPERIMENT_RETRY_SECONDS
        assert "row" in next(reader)  # it goes on
    # The client went away: its process is killed at the next empty line (half a second;
    # more on a loaded machine).
    deadline = time.monotonic() + 10
    while experiments(server) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert experiments(server) == 0
    small = requests.get(f"{server.url}/api/experiments/random-binary?seeds=0-1", timeout=10)
    assert small.status_code == 200 and "summary" in small.text


def test_a_cancelled_experiment_frees_its_place_even_in_a_long_row():
    # One row of this ordering experiment takes many seconds: the place comes back anyway.
    with start_server({"PRUNE_API_RATE_LIMIT": "6000/minute"}) as live:
        url = f"{live.url}/api/experiments/ordering?branching=2&depths=18-18&trials=1"
        with requests.get(url, stream=True, timeout=30) as stream:
            # Empty lines (the heartbeat, sent while the process starts) are skipped.
            assert json.loads(next(line for line in stream.iter_lines() if line))["total"] == 3
            assert experiments(live) == 1
        deadline = time.monotonic() + 10  # a row of this run takes a minute
        while experiments(live) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert experiments(live) == 0


@pytest.mark.parametrize(
    ("settings", "query", "error"),
    [
        ({"PRUNE_EXPERIMENT_SECONDS": 2}, "ordering?depths=18-18&trials=1", "ran out of its 2 s"),
        ({"PRUNE_EXPERIMENT_MEGABYTES": 60}, "ordering?depths=16-16&trials=1", "its 60 MB"),
    ],
)
def test_an_experiment_over_its_budget_says_so(settings, query, error):
    answer = make_app(**settings).test_client().get(f"/api/experiments/{query}")
    assert answer.status_code == 200
    last = lines(answer)[-1]
    assert error in last["error"] and last.keys() == {"error"}


def test_the_pool_holds_a_limited_number_of_experiments():
    app = make_app(PRUNE_MAX_EXPERIMENTS=1, PRUNE_EXPERIMENT_QUEUE_SECONDS=0)
    pool = app.extensions["prune.experiments"]
    pool.admit("10.0.0.1")  # another address's experiment fills the pool
    answer = app.test_client().get("/api/experiments/random-binary?seeds=0-1")
    assert answer.status_code == 429
    assert "as many experiments as it can (1)" in answer.get_json()["error"]


def test_an_experiment_never_read_gives_its_place_back_when_closed():
    app = make_app()
    pool = app.extensions["prune.experiments"]
    answer = app.test_client().get("/api/experiments/random-binary?seeds=0-1", buffered=False)
    assert answer.status_code == 200 and pool.running == 1
    answer.close()  # the client went away before the first byte
    assert pool.running == 0
