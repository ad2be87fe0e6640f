"""Errors said to people in their language (issue 36): the JSON API's and the socket's
input errors follow the request's language (``lang=``, the ``prune_lang`` cookie,
``Accept-Language``; for a socket, those of its connection), naming the same node, path and
field, with the same values, as the English; the machine-readable parts (``path``,
``field``) stay as they are. English stays the default."""

import functools
import json
import re

import pytest
from support import make_app, wait_until

from app.compute import job_pool
from app.compute.job_pool import JobsBusy, ServerBusy
from app.engine.errors import Message
from app.realtime.sockets import socketio
from app.web import experiment_pool
from app.web.experiment_pool import ExperimentsBusy

# Node [1]'s value is text: the engine names the node and the value in every language.
BAD_LEAF = [3, {"value": "x"}]
SAYS = {
    "en": 'node [1]: leaf value "x" is not a number',
    "de": 'Knoten [1]: Blattwert "x" ist keine Zahl',
    "es": 'nodo [1]: el valor de hoja "x" no es un número',
    "zh-Hans": '节点 [1]：叶节点值 "x" 不是数字',
}


@pytest.mark.parametrize("lang", ["en", "de", "es", "zh-Hans"])
def test_a_bad_tree_is_named_in_the_requests_language(client, lang):
    response = client.post(f"/api/trace?lang={lang}", json={"tree": BAD_LEAF})
    assert response.status_code == 400
    assert response.get_json() == {"error": SAYS[lang], "path": [1]}


def test_accept_language_and_english_by_default(client):
    german = client.post(
        "/api/trace", json={"tree": BAD_LEAF}, headers={"Accept-Language": "de-DE,de;q=0.9"}
    )
    assert german.get_json()["error"] == SAYS["de"]
    assert client.post("/api/trace", json={"tree": BAD_LEAF}).get_json()["error"] == SAYS["en"]


def test_a_field_error_keeps_its_field_and_names_it_in_german(client):
    tree = {"children": [1, {"value": 2, "colour": "red"}]}
    english = client.post("/api/trace", json={"tree": tree}).get_json()
    german = client.post("/api/trace?lang=de", json={"tree": tree}).get_json()
    assert english["error"] == (
        "node [1]: unknown field 'colour' (expected one of label, type, value, children, p, action)"
    )
    assert german["error"] == (
        "Knoten [1]: unbekanntes Feld 'colour' "
        "(erwartet: eines von label, type, value, children, p, action)"
    )
    assert german["path"] == english["path"] == [1]


def test_a_limit_is_said_with_the_same_number(client, app):
    deep = 1
    for _ in range(app.config["PRUNE_MAX_DEPTH"] + 1):
        deep = [deep]
    english = client.post("/api/trace", json={"tree": deep}).get_json()["error"]
    german = client.post("/api/trace?lang=de", json={"tree": deep}).get_json()["error"]
    limit = str(app.config["PRUNE_MAX_DEPTH"])
    assert f"at most {limit} levels deep" in english
    assert f"höchstens {limit} Ebenen tief" in german


def test_the_apis_404_and_a_request_without_a_tree_in_german(client):
    missing = client.get("/api/no-such-thing?lang=de")
    assert missing.status_code == 404
    assert missing.get_json() == {"error": "nicht gefunden: GET /api/no-such-thing"}
    empty = client.post("/api/trace?lang=es", json={"options": {}})
    assert empty.get_json() == {"error": 'la petición no tiene "tree"', "field": "tree"}


def test_a_socket_run_error_is_in_the_connections_language(app):
    client = socketio.test_client(app, query_string="lang=de")
    ack = client.emit("run", {"tree": BAD_LEAF, "options": {}}, callback=True)
    assert ack["ok"] is False
    assert ack["error"] == SAYS["de"]
    errors = [m["args"][0] for m in client.get_received() if m["name"] == "run_error"]
    assert errors == [{"error": SAYS["de"], "path": [1]}]
    client.disconnect()


def test_a_socket_follows_its_handshakes_accept_language(app):
    client = socketio.test_client(app, headers={"Accept-Language": "zh-CN,zh;q=0.9"})
    ack = client.emit("run", {"tree": BAD_LEAF, "options": {}}, callback=True)
    assert ack["error"] == SAYS["zh-Hans"]
    client.disconnect()


def test_an_option_error_keeps_its_field_and_value(client):
    run = {"tree": BAD_LEAF[:1] + [4], "options": {"rule": "sideways"}}
    english = client.post("/api/trace", json=run).get_json()
    german = client.post("/api/trace?lang=de", json=run).get_json()
    assert english == {"error": "rule 'sideways' is not one of standard, strict", "field": "rule"}
    assert german == {"error": "rule 'sideways' ist keiner von standard, strict", "field": "rule"}


def test_a_documents_settings_are_named_in_spanish(client):
    document = {"tree": [1, 2], "players": ["max", "mid"]}
    english = client.post("/api/trace", json={"tree": document}).get_json()
    spanish = client.post("/api/trace?lang=es", json={"tree": document}).get_json()
    assert english == {"error": "players: 'mid' is not one of max, min, chance", "field": "players"}
    assert spanish == {"error": "players: 'mid' no es uno de max, min, chance", "field": "players"}


def test_a_runs_own_refusals_follow_its_connection():
    """Refused for running too often, then stopped for want of a search slot (the stream's
    refusal, sent after the ack from outside the request): in German, as the English says."""
    app = make_app(
        PRUNE_SOCKET_RUNS=1,
        PRUNE_SOCKET_RUN_SECONDS=60,
        PRUNE_MAX_SEARCHES=1,
        PRUNE_SEARCH_WAIT_SECONDS=0,
    )
    said = {}
    for lang in ("en", "de"):
        client = socketio.test_client(app, query_string=f"lang={lang}")
        with app.extensions["prune.searches"].claim(0) as held:  # every slot taken
            assert held
            assert client.emit("run", {"tree": [[1, 2], [3]]}, callback=True)["ok"] is True
            busy = wait_until(
                lambda client=client: [
                    m["args"][0]["error"] for m in client.get_received() if m["name"] == "run_error"
                ]
            )
        again = client.emit("run", {"tree": [1]}, callback=True)
        said[lang] = (busy, again["error"])
        client.disconnect()
    assert said["en"] == (
        ["the server is busy with other searches; run again in a moment"],
        "too many runs; wait a moment",
    )
    assert said["de"] == (
        ["der Server ist mit anderen Suchen beschäftigt; in einem Moment erneut ausführen"],
        "zu viele Durchläufe; bitte einen Moment warten",
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [({"seed": -1}, "seed"), ({"low": float("nan")}, "low"), ({"ragged": "yes"}, "ragged")],
)
def test_random_tree_settings_are_refused_in_the_requests_language(client, body, field):
    english = client.post("/api/random", data=json.dumps(body), content_type="application/json")
    german = client.post(
        "/api/random?lang=de", data=json.dumps(body), content_type="application/json"
    )
    assert english.status_code == german.status_code == 400
    said, says = english.get_json(), german.get_json()
    assert said["field"] == says["field"] == field
    assert says["error"] != said["error"] and says["error"].startswith(field)
    assert re.findall(r"\d+", says["error"]) == re.findall(r"\d+", said["error"])


def test_a_lone_surrogate_is_named_where_it_is_in_spanish(client):
    lesson = {"title": "\ud800", "slides": []}
    answer = client.post(
        "/api/lessons?lang=es", data=json.dumps(lesson), content_type="application/json"
    )
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith("title: contiene la mitad de un par sustituto")


def test_a_busy_server_says_why_in_the_askers_language():
    """The job pool's and the experiment pool's refusals (429 and 503, with Retry-After),
    as the error handler answers them: in German, with the same numbers as the English."""
    app = make_app()
    refusals = {
        "/api/busy/jobs": JobsBusy(Message(job_pool.ADDRESS_FULL, count=2)),
        "/api/busy/full": ServerBusy(Message(job_pool.FULL)),
        "/api/busy/experiments": ExperimentsBusy(Message(experiment_pool.ALL_RUNNING, limit=3)),
    }
    for path, refusal in refusals.items():
        app.add_url_rule(path, path, functools.partial(_raise, refusal))
    client = app.test_client()
    for path in refusals:
        english, german = client.get(path), client.get(path + "?lang=de")
        assert english.status_code == german.status_code in (429, 503)
        assert german.headers["Retry-After"]
        said, says = english.get_json()["error"], german.get_json()["error"]
        assert says != said and re.findall(r"\d+", says) == re.findall(r"\d+", said)
    german = client.get("/api/busy/jobs?lang=de").get_json()["error"]
    assert german.startswith("Ihre Adresse hat schon 2 ")


def _raise(refusal):
    raise refusal
