"""The Socket.IO contract against a real server: gunicorn's gevent worker in a subprocess,
and python-socketio's real client over a websocket."""

import json

import pytest
import requests
import websocket
from support import TEXTBOOK, Recorder, engine_trace, raw_socket

from app.engine.presets import PRESETS


@pytest.fixture
def recorder(live_server):
    recorder = Recorder(live_server.url)
    yield recorder
    recorder.close()


def test_textbook_run_over_a_real_websocket(recorder):
    assert recorder.client.transport() == "websocket"
    ack = recorder.run(TEXTBOOK)
    assert ack["ok"] is True
    assert len(ack["nodes"]) == 13
    done, events = recorder.wait_done(ack["run"])
    expected = engine_trace(TEXTBOOK)
    assert done["summary"] == expected["summary"]
    assert events == expected["events"]


def test_bad_input_gets_run_error_and_the_connection_stays_up(recorder):
    ack = recorder.run([[1, "x"]])
    error = 'node [0, 1]: leaf value "x" is not a number'
    assert ack == {"ok": False, "error": error, "path": [0, 1]}
    with recorder.lock:
        assert recorder.finished.wait_for(lambda: recorder.errors, 10)
        assert recorder.errors == [{"error": error, "path": [0, 1]}]
    assert recorder.client.connected
    ack = recorder.run(TEXTBOOK, {"rule": "strict"})
    assert ack["ok"] is True
    done, _ = recorder.wait_done(ack["run"])
    assert done["summary"]["value"] == 3


def test_a_5000_level_chain_is_answered_over_http_and_socket(live_server):
    deep = "[" * 5000 + "1" + "]" * 5000
    response = requests.post(
        live_server.url + "/api/trace",
        data='{"tree": ' + deep + "}",
        headers={"Content-Type": "application/json"},
        timeout=10,
    )
    assert response.status_code == 400
    assert "nests too deeply" in response.json()["error"]

    # No client library encodes such a message: send the raw Socket.IO packet.
    with raw_socket(live_server.url) as ws:
        ws.send('421["run",{"tree":' + deep + "}]")
        received = [ws.recv(), ws.recv()]
        assert received[0].startswith("431"), "the ack comes first"
        assert received[1].startswith('42["run_error",')
        ack = json.loads(received[0][3:])[0]
        assert ack["ok"] is False
        assert "nests too deeply" in ack["error"]
        ws.send('422["run",{"tree":[1,2]}]')  # the connection still works
        assert json.loads(ws.recv()[3:])[0]["ok"] is True


def test_the_ack_arrives_before_the_first_events(live_server):
    """On the wire, in order: the ack (with the run id), then that run's events, then done."""
    tree = json.dumps({"tree": PRESETS["random-binary-10"].document, "options": {}})
    with raw_socket(live_server.url) as ws:
        for ack_id in range(1, 6):
            ws.send(f'42{ack_id}["run",{tree}]')
            first = ws.recv()
            assert first.startswith(f"43{ack_id}"), first[:40]
            run_id = json.loads(first[len(f"43{ack_id}") :])[0]["run"]
            while not (message := ws.recv()).startswith('42["done"'):
                assert json.loads(message[2:])[1]["run"] == run_id
            assert json.loads(message[2:])[1]["run"] == run_id


def test_other_origins_cannot_open_a_socket(live_server):
    url = live_server.url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
    with pytest.raises(websocket.WebSocketBadStatusException, match="400"):
        websocket.create_connection(url, timeout=10, origin="http://elsewhere.example")
    same = websocket.create_connection(url, timeout=10, origin=live_server.url)
    try:
        assert same.recv().startswith("0")
    finally:
        same.close()
