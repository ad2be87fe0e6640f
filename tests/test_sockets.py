"""The Socket.IO contract, through Flask-SocketIO's test client (handlers run in-process)."""

import pytest
from support import TEXTBOOK, engine_trace, make_app, wait_until

from app.engine.generators import random_tree
from app.engine.presets import PRESETS
from app.realtime.socket_packet import UNREADABLE, Packet
from app.realtime.sockets import socketio

BIG_TREE = random_tree(seed=3, depth=14, branching=2)  # 32,767 nodes: minimax sends ~82k events


class Inbox:
    """Everything the test client received, kept across ``get_received`` calls."""

    def __init__(self, client):
        self.client = client
        self.messages = []

    def pump(self):
        fresh = [(m["name"], m["args"][0]) for m in self.client.get_received()]
        self.messages.extend(fresh)
        return fresh

    def of_run(self, run_id, name=None):
        return [
            body
            for kind, body in self.messages
            if body.get("run") == run_id and (name is None or kind == name)
        ]

    def wait_done(self, run_id):
        def done():
            self.pump()
            return self.of_run(run_id, "done")

        return wait_until(done)[0]

    def trace(self, run_id):
        """The run's events in trace order, checked to be complete and contiguous."""
        batches = sorted(self.of_run(run_id, "events"), key=lambda b: b["offset"])
        events = []
        for batch in batches:
            assert batch["offset"] == len(events)
            events.extend(batch["events"])
        return events


@pytest.fixture
def inbox(socket_client):
    return Inbox(socket_client)


def run(client, tree, options=None):
    return client.emit("run", {"tree": tree, "options": options or {}}, callback=True)


def test_run_streams_the_engines_trace(socket_client, inbox):
    ack = run(socket_client, TEXTBOOK)
    assert ack["ok"] is True
    assert isinstance(ack["run"], str) and ack["run"]
    expected = engine_trace(TEXTBOOK)
    assert ack["options"] == expected["summary"]["options"]
    assert len(ack["nodes"]) == 13
    assert ack["nodes"][1] == {"parent": 0, "kind": "min", "terminal": False}
    assert ack["nodes"] == engine_trace(TEXTBOOK)["nodes"]
    assert ack["document"] == {
        "name": None,
        "description": None,
        "answer": None,
        "source": None,
        "agents": None,
    }
    done = inbox.wait_done(ack["run"])
    assert done["summary"] == expected["summary"]
    assert done["summary"]["value"] == 3
    assert done["total_events"] == len(expected["events"])
    assert inbox.trace(ack["run"]) == expected["events"]


def test_events_come_in_batches_of_about_the_configured_size():
    app = make_app(PRUNE_EVENT_BATCH=4)
    client = socketio.test_client(app)
    inbox = Inbox(client)
    tree = PRESETS["random-binary-10"].document
    ack = run(client, tree, {"algorithm": "minimax"})
    inbox.wait_done(ack["run"])
    sizes = [len(b["events"]) for b in inbox.of_run(ack["run"], "events")]
    expected = engine_trace(tree, {"algorithm": "minimax"})["events"]
    assert sum(sizes) == len(expected) > 1000
    assert min(sizes[:-1]) >= 4  # the engine closes a batch once it holds 4 events or more
    assert len(sizes) <= len(expected) / 4
    assert inbox.trace(ack["run"]) == expected
    client.disconnect()


def test_ack_carries_the_documents_texts(socket_client, inbox):
    document = PRESETS["textbook"].document
    ack = run(socket_client, document)
    texts = {k: document[k] for k in ("name", "description", "answer", "source")}
    assert ack["document"] == {**texts, "agents": None}
    inbox.wait_done(ack["run"])


def test_ack_names_the_agents_while_the_documents_players_hold(socket_client, inbox):
    document = PRESETS["pacman"].document
    for options, agents in (
        ({}, ["Pacman", "Ghost 1", "Ghost 2"]),
        ({"players": "max,min,min"}, ["Pacman", "Ghost 1", "Ghost 2"]),
        ({"players": "max,min"}, None),  # another cycle: the names would name wrong levels
    ):
        ack = run(socket_client, document, options)
        assert ack["ok"] is True
        assert ack["document"]["agents"] == agents, options
        inbox.wait_done(ack["run"])


def test_agents_without_players_are_refused_by_field(socket_client, inbox):
    ack = run(socket_client, {"tree": TEXTBOOK, "agents": ["Pacman", "Ghost"]})
    assert (ack["ok"], ack["field"]) == (False, "agents")
    assert "needs players" in ack["error"]


def test_bad_input_gets_run_error_and_the_connection_stays_usable(socket_client, inbox):
    ack = run(socket_client, [[1, True]])
    assert ack["ok"] is False
    assert ack["path"] == [0, 1]
    assert "node [0, 1]" in ack["error"]
    errors = [body for name, body in inbox.pump() if name == "run_error"]
    assert errors == [{"error": ack["error"], "path": [0, 1]}]

    ack = run(socket_client, TEXTBOOK, {"rule": "sideways"})
    assert (ack["ok"], ack["field"]) == (False, "rule")

    ack = run(socket_client, TEXTBOOK)
    assert ack["ok"] is True
    assert inbox.wait_done(ack["run"])["summary"]["value"] == 3


@pytest.mark.parametrize(
    ("message", "says"),
    [
        (None, "must be an object"),
        ([1, 2], "must be an object"),
        ({"options": {}}, 'no "tree"'),
        ({"tree": TEXTBOOK, "colour": 1}, "unknown field 'colour'"),
        ({"tree": [1] * 50_000}, "more than 50,000 nodes"),
    ],
)
def test_malformed_run_messages(socket_client, message, says):
    ack = socket_client.emit("run", message, callback=True)
    assert ack["ok"] is False
    assert says in ack["error"]


def test_a_message_over_the_size_limit_gets_run_error():
    app = make_app(MAX_CONTENT_LENGTH=1000)
    client = socketio.test_client(app)
    ack = run(client, [123456] * 200)
    assert ack["ok"] is False
    assert "the limit is 1,000" in ack["error"]
    client.disconnect()


def test_unreadable_packet_decodes_to_an_event_that_keeps_its_ack_id():
    deep = "[" * 5000 + "1" + "]" * 5000
    packet = Packet(encoded_packet='27["run",{"tree":' + deep + "}]")
    assert packet.id == 7
    assert packet.data == [UNREADABLE]


def test_a_5000_level_chain_gets_an_answer(socket_client, inbox):
    deep = "[" * 5000 + "1" + "]" * 5000
    socketio.server._handle_eio_message(socket_client.eio_sid, '29["run",{"tree":' + deep + "}]")
    ack = socket_client.acks["args"][0]
    assert ack["ok"] is False
    assert "nests too deeply" in ack["error"]
    assert [name for name, _ in inbox.pump()] == ["run_error"]
    assert run(socket_client, TEXTBOOK)["ok"] is True


def test_a_new_run_cancels_the_previous_one(socket_client, inbox):
    first = run(socket_client, BIG_TREE, {"algorithm": "minimax"})
    assert first["ok"] is True
    second = run(socket_client, TEXTBOOK)
    inbox.pump()
    before = len(inbox.messages)
    inbox.wait_done(second["run"])
    after_ack = inbox.messages[before:]
    assert not [body for _, body in after_ack if body.get("run") == first["run"]]
    assert inbox.of_run(first["run"], "done") == []
    sent = sum(len(b["events"]) for b in inbox.of_run(first["run"], "events"))
    assert sent < 80_000  # stopped early: the whole trace has 81,916 events
    assert inbox.trace(second["run"]) == engine_trace(TEXTBOOK)["events"]


def test_disconnect_stops_the_stream(app, monkeypatch):
    tasks = []
    start = socketio.start_background_task

    def recording_start(target, *args):
        tasks.append((start(target, *args), args[0]))
        return tasks[-1][0]

    monkeypatch.setattr(socketio, "start_background_task", recording_start)
    client = socketio.test_client(app)
    assert run(client, BIG_TREE, {"algorithm": "minimax"})["ok"] is True
    client.disconnect()
    task, started = tasks[0]
    task.join(5)
    assert not task.is_alive()
    assert started.cancelled
    assert len(app.extensions["prune.connections"]) == 0


def test_runs_are_rate_limited_per_connection():
    app = make_app(PRUNE_SOCKET_RUNS=3, PRUNE_SOCKET_RUN_SECONDS=60)
    client = socketio.test_client(app)
    assert [run(client, [1])["ok"] for _ in range(3)] == [True] * 3
    client.get_received()
    refused = run(client, [1])
    assert refused == {"ok": False, "error": "too many runs; wait a moment"}
    errors = [m["args"][0] for m in client.get_received() if m["name"] == "run_error"]
    assert errors == [{"error": "too many runs; wait a moment"}]
    other = socketio.test_client(app)  # another connection has its own budget
    assert run(other, [1])["ok"] is True
    client.disconnect()
    other.disconnect()
