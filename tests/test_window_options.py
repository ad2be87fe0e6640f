"""The windowed searches' options (fail, window, aspiration, algorithm negamax and pvs) as
every way in takes them: the API, a tree document, the CLI; bad ones named, never a 500."""

import json

import pytest
from support import TEXTBOOK, run_cli

CHANCE_TREE = [[1, 2], {"type": "chance", "children": [3, 4]}]


def post(client, tree, options):
    return client.post("/api/trace", json={"tree": tree, "options": options})


def test_the_api_runs_pvs_with_aspiration_and_states_the_passes(client):
    body = post(client, TEXTBOOK, {"algorithm": "pvs", "aspiration": {"guess": 10, "delta": 1}})
    assert body.status_code == 200
    data = body.get_json()
    assert data["options"]["aspiration"] == {"guess": 10, "delta": 1}
    passes = [e for e in data["events"] if e[0] == "pass"]
    assert [p[4] for p in passes] == ["aspiration", "fail-low"]
    assert data["summary"]["value"] == 3
    assert data["summary"]["passes"] == 2


def test_a_tree_document_carries_the_window_options(client):
    document = {"tree": TEXTBOOK, "options": {"algorithm": "negamax", "window": [4, 6]}}
    data = post(client, document, {}).get_json()
    assert data["options"]["window"] == [4, 6]
    assert data["summary"]["window"] == {"alpha": 4, "beta": 6, "outcome": "fail-low"}
    assert data["summary"]["perspective"] == "mover"


@pytest.mark.parametrize(
    ("options", "field", "says"),
    [
        ({"algorithm": "minimax", "fail": "hard"}, "fail", "not minimax"),
        ({"fail": "medium"}, "fail", "'medium'"),
        ({"window": [3, 3]}, "window", "a must be less than b"),
        ({"window": [1, "x"]}, "window", "must be a number"),
        ({"window": [1]}, "window", "two numbers"),
        ({"aspiration": {"guess": 3}}, "aspiration", '"delta"'),
        ({"aspiration": {"guess": 3, "delta": 0}}, "aspiration", "more than 0"),
        ({"window": [1, 2], "aspiration": {"guess": 3, "delta": 1}}, "window", "give one"),
        ({"algorithm": "pvs", "rule": "strict"}, "rule", "rule standard"),
        ({"algorithm": "expectimax", "aspiration": "3,1"}, "aspiration", "expectimax"),
    ],
)
def test_bad_window_options_are_400s_naming_the_field(client, options, field, says):
    response = post(client, TEXTBOOK, options)
    assert response.status_code == 400
    body = response.get_json()
    assert body["field"] == field
    assert says in body["error"]


def test_a_chance_node_under_negamax_is_a_400_naming_the_node(client):
    response = post(client, CHANCE_TREE, {"algorithm": "negamax"})
    assert response.status_code == 400
    body = response.get_json()
    assert body["path"] == [1]
    assert "chance node" in body["error"]


def test_the_cli_takes_the_window_flags(tmp_path):
    document = tmp_path / "tree.json"
    document.write_text(json.dumps({"tree": TEXTBOOK}))
    command = ["trace", str(document)]
    done = run_cli(*command, "--algorithm", "alphabeta", "--fail", "hard", "--window", "2,5")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)["summary"]
    assert summary["window"] == {"alpha": 2, "beta": 5, "outcome": "exact"}
    assert summary["options"]["fail"] == "hard"
    refused = run_cli(*command, "--aspiration", "3")
    assert refused.returncode == 2
    assert "aspiration" in refused.stderr


def test_a_game_refuses_the_windowed_searches_naming_the_algorithm():
    from app.engine import EngineError
    from app.games.options import read_game_options

    with pytest.raises(EngineError, match="searches whole trees") as err:
        read_game_options({"algorithm": "pvs"})
    assert err.value.field == "algorithm"
    assert read_game_options({"algorithm": "alphabeta"}).algorithm == "alphabeta"
