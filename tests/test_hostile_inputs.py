"""docs/security.md, "Input": every hostile input gets a clear answer, from a live server
process.

Each message a client sends gets its acknowledgement (ok or an error naming the field or
node); HTTP bad input is a 400 or 413, never a 500 or a body that is not JSON.
"""

import json
import time

import pytest
import requests
from conftest_browser import start_server
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from support import TEXTBOOK, raw_socket

LECTURE_EVENTS = ("start", "resume", "end", "join", "leave", "cursor", "view")
VIEW = {"tree": TEXTBOOK, "options": {}}
CURSOR = {"step": 0, "playing": False, "speed": 1}
SURROGATE_TREE = {"label": "\ud800", "children": [1, 2]}
UNLIMITED = {
    "PRUNE_RATE_LIMIT": "off",
    "PRUNE_SOCKET_RUNS": "100000",
    "PRUNE_LECTURE_REQUESTS_PER_SECOND": "100000",
    "PRUNE_LECTURE_REQUEST_BURST": "100000",
    "PRUNE_LECTURE_MESSAGES_PER_SECOND": "100000",
    "PRUNE_LECTURE_ROOMS_PER_CONNECTION": "1000",
    "PRUNE_LECTURE_ROOMS_PER_ADDRESS": "1000",
    "PRUNE_LECTURE_ROOMS_PER_PROCESS": "1000",
}


@pytest.fixture(scope="module")
def server():
    with start_server(UNLIMITED) as live:
        yield live
        assert "Traceback" not in live.stderr(), live.stderr()[-3000:]


@pytest.fixture(scope="module")
def ws(server):
    with raw_socket(server.url) as socket:
        yield Wire(socket)


class Wire:
    """One raw Socket.IO connection: send an event by hand, read until its ack."""

    def __init__(self, socket):
        self.socket = socket
        self.ack_id = 0

    def send(self, event, *args):
        return self.frame(json.dumps([event, *args]))

    def frame(self, body, prefix="42"):
        """Send ``prefix`` + ack id + ``body``; (messages about it, the ack): see ``read_ack``."""
        self.ack_id += 1
        self.socket.send(f"{prefix}{self.ack_id}{body}")
        return self.read_ack()

    def read_ack(self):
        """Read until the ack; after a refusal, also the error event that must follow it.

        The messages are those before the ack, then (for a refusal) that error event: every
        message gets its ack before any other message about it."""
        messages, ack = [], None
        while True:
            frame = self.socket.recv()
            if frame == "2":  # Engine.IO ping
                self.socket.send("3")
            elif ack is None and frame.startswith(f"43{self.ack_id}["):
                ack = json.loads(frame[len(f"43{self.ack_id}") :])[0]
                if not (isinstance(ack, dict) and ack.get("ok") is False):
                    return messages, ack
            elif frame.startswith("42["):
                messages.append(tuple(json.loads(frame[2:])))
                if ack is not None:
                    return messages, ack


def post(server, path, text, **headers):
    return requests.post(
        server.url + path,
        data=text,
        headers={"Content-Type": "application/json", **headers},
        timeout=30,
    )


def refused(messages, ack, family="run_error", says=""):
    """The ack is an error that says ``says``, and the message right after it is the same
    error as ``family``."""
    assert ack["ok"] is False and says in ack["error"], ack
    assert messages and messages[-1] == (family, {**messages[-1][1], "error": ack["error"]})


# 1. NaN and Infinity in a random tree's parameters


@pytest.mark.parametrize("field", ["low", "high", "branching", "depth"])
@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
@pytest.mark.parametrize("real", [False, True])
def test_random_refuses_numbers_that_are_not_finite(server, field, number, real):
    response = post(server, "/api/random", f'{{"{field}": {number}, "real": {json.dumps(real)}}}')
    assert response.status_code == 400, response.text
    assert field in response.json()["error"]
    if field in ("low", "high"):  # (the generator's own errors carry no field: test_api.py)
        assert response.json()["field"] == field


# 2. A lone surrogate in a label


def test_a_view_with_a_lone_surrogate_is_a_400_naming_the_node(server):
    response = post(server, "/api/views", json.dumps({"tree": SURROGATE_TREE}))
    assert response.status_code == 400
    assert response.json()["path"] == []
    assert "surrogate" in response.json()["error"]


def test_a_run_with_a_lone_surrogate_is_refused_and_streams_nothing(ws):
    messages, ack = ws.send("run", {"tree": SURROGATE_TREE})
    refused(messages, ack, says="surrogate")
    messages, ack = ws.send("run", {"tree": [1, 2]})
    assert ack["ok"] is True
    assert not [name for name, _ in messages if name in ("events", "done")]


def test_a_lecture_with_a_lone_surrogate_is_refused_and_creates_no_room():
    with start_server({"PRUNE_LECTURE_ROOMS_PER_CONNECTION": "1"}) as one_room:
        with raw_socket(one_room.url) as socket:
            wire = Wire(socket)
            view = {"tree": SURROGATE_TREE, "options": {}}
            messages, ack = wire.send("lecture:start", {"view": view, "cursor": CURSOR})
            refused(messages, ack, "lecture_error", "surrogate")
            _, ack = wire.send("lecture:start", {"view": VIEW, "cursor": CURSOR})
            assert ack["ok"] is True, "the refused start took no room from the quota"
        assert "Traceback" not in one_room.stderr()


# 3. A seq of 2**64


def test_a_huge_seq_is_refused_and_the_room_still_answers(server, ws):
    _, room = ws.send("lecture:start", {"view": VIEW, "cursor": CURSOR})
    drive = {"room": room["room"], "key": room["key"], "cursor": CURSOR}
    messages, ack = ws.send("lecture:cursor", {**drive, "seq": 2**64})
    refused(messages, ack, "lecture_error", "seq must be a whole number")
    with raw_socket(server.url) as socket:
        _, joined = Wire(socket).send("lecture:join", {"room": room["room"]})
        assert joined["ok"] is True and joined["seq"] == 0
    _, resumed = ws.send("lecture:resume", {"room": room["room"], "key": room["key"]})
    assert resumed["ok"] is True
    _, moved = ws.send("lecture:cursor", {**drive, "seq": 1})
    assert moved == {"ok": True, "room": room["room"], "seq": 1, "stale": False}


# 4. Two arguments, binary attachments, and other packets python-socketio cannot dispatch


def test_a_run_with_two_arguments_is_refused(ws):
    messages, ack = ws.send("run", {"tree": TEXTBOOK}, {"tree": TEXTBOOK})
    refused(messages, ack, says="run takes one argument (an object); got 2")


def test_a_lecture_message_with_two_arguments_gets_lecture_error(ws):
    messages, ack = ws.send("lecture:join", {"room": "ABC123"}, 1)
    refused(messages, ack, "lecture_error", "takes one argument")


def test_a_binary_run_is_refused_once_its_attachment_arrives(ws):
    ws.ack_id += 1
    ws.socket.send(f'451-{ws.ack_id}["run",{{"_placeholder":true,"num":0}}]')
    ws.socket.send_binary(b"\x00\x01\x02")
    messages, ack = ws.read_ack()
    refused(messages, ack, says="binary attachments are not accepted")
    messages, ack = ws.frame('["lecture:join",{"room":"ABC123"}]', prefix="450-")
    refused(messages, ack, "lecture_error", "binary attachments are not accepted")
    assert ws.send("run", {"tree": [1, 2]})[1]["ok"] is True


def test_a_binary_event_missing_its_attachments_is_answered_and_the_connection_goes_on(ws):
    declared = '["run",{"tree":{"_placeholder":true,"num":0},"x":{"_placeholder":true,"num":1}}]'
    messages, ack = ws.frame(declared, prefix="452-")  # two declared, none sent
    refused(messages, ack, says="binary attachments are not accepted")
    assert ws.send("run", {"tree": [1, 2]})[1]["ok"] is True, "the next message is its own"


def test_transport_garbage_is_logged_in_one_line(server):
    with raw_socket(server.url) as socket:
        socket.send("49[1]")  # a Socket.IO packet of no known type
        socket.send("xyz")  # not even an Engine.IO packet: the session ends
    deadline = time.monotonic() + 10
    while "unreadable frame" not in server.stderr() and time.monotonic() < deadline:
        time.sleep(0.1)
    log = server.stderr()
    assert "sent an unreadable frame: invalid literal" in log
    assert "message handler error: Unknown packet type." in log
    assert "Traceback" not in log


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ('{"run": {}}', "a message must be a list"),
        ("[]", "a message must be a list"),
        ("[[1], {}]", "a message must be a list"),
        ('["disconnect"]', "'disconnect' is a reserved event name"),
        ('["unreadable", {"too_deep": 1}]', "'unreadable' is a reserved event name"),
    ],
)
def test_packets_that_are_not_events_are_refused(ws, body, says):
    messages, ack = ws.frame(body)
    refused(messages, ack, says=says)
    assert ws.send("run", {"tree": [1, 2]})[1]["ok"] is True


# 5. A chunked body over the limit


def chunks(text, size=65536):
    data = text.encode()
    for start in range(0, len(data), size):
        yield data[start : start + size]


def test_a_chunked_body_over_the_limit_is_a_413(server):
    cap = 2 * 1024 * 1024
    body = '{"tree": [1, 2]}' + " " * cap
    response = post(server, "/api/trace", chunks(body))
    assert response.status_code == 413
    assert "limit" in response.json()["error"]
    exact = '{"tree": [1, 2]}' + " " * (cap - len('{"tree": [1, 2]}'))
    assert post(server, "/api/trace", chunks(exact)).status_code == 200


# 6. options that are not an object


@pytest.mark.parametrize("options", [[], False, 0, "", [1], "x"])
def test_options_must_be_an_object(server, ws, options):
    response = post(server, "/api/trace", json.dumps({"tree": TEXTBOOK, "options": options}))
    assert response.status_code == 400
    assert response.json()["field"] == "options"
    messages, ack = ws.send("run", {"tree": TEXTBOOK, "options": options})
    refused(messages, ack, says="options must be an object")
    assert ack["field"] == "options"


def test_null_options_are_not_given(server):
    response = post(server, "/api/trace", json.dumps({"tree": TEXTBOOK, "options": None}))
    assert response.status_code == 200


# 7. CS188 import refuses what a run would refuse


CS188 = """num_agents: "2"
start_state: "A"
win_states: ""
lose_states: ""
successors: \"\"\"
A Left {child}
A Right C
\"\"\"
evaluation: \"\"\"
{child} {value}
C 2
\"\"\"
"""


@pytest.mark.parametrize(
    ("child", "value", "says"),
    [
        ("B", "1e300", "line 10: value '1e300' is larger than 1e+12"),
        ("B" * 81, "1", "line 6: state 'BBBBBBBBBBBBBBBBBBBB'… is longer than 80 characters"),
    ],
)
def test_cs188_import_refuses_what_a_run_would_naming_the_line(server, child, value, says):
    text = CS188.format(child=child, value=value)
    response = post(server, "/api/cs188/import", json.dumps({"text": text}))
    assert response.status_code == 400
    assert response.json()["error"].startswith(says)
    fine = post(server, "/api/cs188/import", json.dumps({"text": CS188.format(child="B", value=1)}))
    assert post(server, "/api/trace", json.dumps({"tree": fine.json()})).status_code == 200


# 8. Unreadable messages: the right reason, the right event family


def test_a_syntax_error_is_not_called_too_deep(ws):
    messages, ack = ws.frame('["run",{"tree":]}]')
    refused(messages, ack, says="not valid JSON")
    assert "deep" not in ack["error"]
    messages, ack = ws.frame('["run",{"tree":' + "[" * 5000 + "1" + "]" * 5000 + "}]")
    refused(messages, ack, says="nests too deeply")


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ('["lecture:join",{"room":]}]', "not valid JSON"),
        ('["lecture:start",' + "[" * 5000 + "]" * 5000 + "]", "nests too deeply"),
        ('["lecture:start",5]', "the message must be an object"),
        ('["lecture:view"]', "the message must be an object"),
    ],
)
def test_a_malformed_lecture_message_gets_lecture_error(ws, body, says):
    messages, ack = ws.frame(body)
    refused(messages, ack, "lecture_error", says)
    assert not [name for name, _ in messages if name == "run_error"]


# Any JSON value, as run or as any lecture:* event


@pytest.fixture(scope="module")
def room(ws):
    _, started = ws.send("lecture:start", {"view": VIEW, "cursor": CURSOR})
    return started


TEXT = st.text(st.characters(exclude_categories=()) | st.just("\ud800"), max_size=8)
KEYS = ["tree", "options", "view", "cursor", "room", "key", "seq", "step", "playing", "speed"]
KEYS += ["label", "value", "children", "type", "p", "action", "players", "depth", "algorithm"]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | TEXT
    | st.sampled_from(["@room", "@key", "ABC123", "max", "min", "chance", "strict", "minimax"])
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(KEYS) | TEXT, inner, max_size=4)
    ),
    max_leaves=12,
)
# Messages shaped like the real ones, so that most of them pass the first checks.
SHAPED = st.fixed_dictionaries(
    {"room": st.just("@room") | VALUES},
    optional={
        "key": st.sampled_from(["@key", "\ud800"]) | TEXT | VALUES,
        "seq": st.integers(min_value=-1, max_value=2**64) | VALUES,
        "cursor": st.just(CURSOR)
        | st.fixed_dictionaries({}, optional={"step": VALUES, "playing": VALUES, "speed": VALUES})
        | VALUES,
        "view": st.fixed_dictionaries({"tree": VALUES}, optional={"options": VALUES}) | VALUES,
        "tree": VALUES,
        "options": VALUES,
    },
)
EVENTS = st.sampled_from(["run", *(f"lecture:{name}" for name in LECTURE_EVENTS)])


@settings(
    max_examples=examples(1500),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(event=EVENTS, payload=SHAPED | VALUES)
def test_any_json_value_is_acknowledged(server, ws, room, event, payload):
    """ "@room" and "@key" stand for a live room's code and key (not in lecture:end, which
    would end it), so that messages reach the checks behind them."""
    text = json.dumps([event, payload]).replace('"@room"', json.dumps(room["room"]))
    if event != "lecture:end":
        text = text.replace('"@key"', json.dumps(room["key"]))
    logged = len(server.stderr())
    messages, ack = ws.frame(text)
    assert isinstance(ack, dict) and isinstance(ack.get("ok"), bool), ack
    if not ack["ok"]:
        family = "lecture_error" if event.startswith("lecture:") else "run_error"
        refused(messages, ack, family)
        assert "failed" not in ack["error"], ack  # refused as input, not by a handler's bug
    assert "Traceback" not in server.stderr()[logged:]
