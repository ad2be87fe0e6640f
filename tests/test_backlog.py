"""One bounded backlog per connection (app/realtime/backlog.py) and the write deadline
(app/realtime/whole_frames.py): a client that stops reading is told why, closed, and freed."""

import json
import queue
import socket

import pytest
import requests
import websocket
from conftest_browser import start_server
from engineio import packet as eio_packet
from test_capacity import socketio_url, wait_for, worst_legal_tree

from app.realtime.backlog import CLOSED_EVENT, BacklogQueue


def message(size):
    return eio_packet.Packet(eio_packet.MESSAGE, data="x" * size)


def test_the_backlog_counts_queued_bytes_and_those_being_written():
    backlog = BacklogQueue(queue.Queue(), queue.Empty, limit=1000)
    backlog.put(message(300))
    backlog.put(message(200))
    assert backlog.backlog() == 500
    backlog.get()  # the writer takes a batch: still unread until it waits again
    backlog.get(block=False)
    assert backlog.backlog() == 500
    backlog.put(message(100))
    backlog.get()  # it waits again: the batch has been written
    assert backlog.backlog() == 100


def test_a_connection_over_its_backlog_is_told_why_and_its_queue_emptied():
    inner = queue.Queue()
    backlog = BacklogQueue(inner, queue.Empty, limit=1000)
    backlog.put(message(600))
    backlog.get()  # being written, and stuck: the client does not read
    backlog.put(message(300))
    backlog.put(message(200))  # 1,100 bytes unread: over
    left = [inner.get_nowait() for _ in range(inner.qsize())]
    assert left[-1] is None and left[-2].packet_type == eio_packet.CLOSE
    name, body = json.loads(left[0].data[1:])
    assert name == CLOSED_EVENT and body["reason"] == "backlog"
    assert "1,000 bytes unread" in body["error"]
    assert len(left) == 3, "what waited is dropped"
    backlog.put(message(10))  # nothing more is queued for it
    assert inner.empty()


def open_socket(server):
    ws = websocket.create_connection(
        socketio_url(server.url),
        timeout=30,
        sockopt=[(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)],
    )
    ws.recv()
    ws.send("40")
    ws.recv()
    return ws


def connections(server):
    return requests.get(server.url + "/healthz", timeout=10).json()["connections"]


@pytest.mark.slow
def test_a_message_over_the_backlog_closes_the_connection_with_a_reason():
    with start_server({"PRUNE_SOCKET_BACKLOG_BYTES": "1000000"}) as server:
        ws = open_socket(server)
        try:
            # The worst tree's node table is over 1,000,000 bytes: this ack cannot be queued.
            ws.send("421" + json.dumps(["run", {"tree": worst_legal_tree()}]))
            frames = []
            while True:
                try:
                    frame = ws.recv()
                except websocket.WebSocketConnectionClosedException:
                    break
                if not frame:
                    break
                frames.append(frame)
            notices = [json.loads(f[2:]) for f in frames if f.startswith("42")]
            assert [name for name, _ in notices] == [CLOSED_EVENT]
            assert "left more than 1,000,000 bytes unread" in notices[0][1]["error"]
            assert frames[-1] == "1", "then Engine.IO's close"
            assert wait_for(lambda: connections(server) == 0, 10)
        finally:
            ws.close()


@pytest.mark.slow
def test_a_client_that_stops_reading_is_disconnected_by_the_write_deadline():
    env = {"PRUNE_SOCKET_WRITE_SECONDS": "2", "PRUNE_STALLED_RUN_SECONDS": "60"}
    with start_server(env) as server:
        ws = open_socket(server)
        try:
            ws.send("421" + json.dumps(["run", {"tree": worst_legal_tree()}]))
            assert wait_for(lambda: connections(server) == 1, 5)
            # Its frames stay unwritten: after 2 s the socket is shut down, long before
            # Engine.IO's ping timeout (45 s) or the stalled run's 60 s.
            assert wait_for(lambda: connections(server) == 0, 15)
        finally:
            ws.close()
