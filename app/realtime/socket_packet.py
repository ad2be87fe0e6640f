"""python-socketio's packet, adapted to Prune's traffic: big JSON messages, never binary.

* Sending skips python-socketio's search for binary values (a walk over every event that
  cost as much as encoding it) and encodes with orjson, 7x faster than the standard
  library on event batches. Reading stays with the standard library: it reads NaN as a
  number, so the tree's validation rejects it naming the node.
* Every event a client sends must reach a handler, or its sender waits forever for the
  acknowledgement. python-socketio would only log (or raise on) a packet it cannot read,
  call a one-argument handler with extra arguments (a TypeError), or wait for binary
  attachments (a declared one that never came left the connection swallowing every later
  message as an attachment). Such a packet becomes an event of its family (its own
  ``lecture:…`` event when its name can be read, else ``unreadable``, answered like a
  ``run``) with a ``Refusal`` as its argument and its ack id kept; the handler answers it as
  bad input. A binary event is refused at once; its attachments, if they come, are ignored.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass

import orjson
from engineio import json as engineio_json
from socketio import packet

from ..engine.errors import N_, Message
from ..engine.parse_reasons import json_reason

UNREADABLE = "unreadable"
RESERVED = ("connect", "disconnect", "connect_error", "disconnecting")
# The event name at the start of a packet whose JSON cannot be read: '421["lecture:join",…'.
_NAME = re.compile(r'^[0-9]+(?:[0-9]+-)?(?:/[^,]*,)?[0-9]*\[\s*"([a-z:_]{1,40})"')


@dataclass(frozen=True)
class Refusal:
    """Why a received message cannot be handled; ``too_deep``: its JSON nests too deeply."""

    error: Message | None = None
    too_deep: bool = False


TOO_DEEP = Refusal(too_deep=True)


class PacketJSON:
    """The ``json`` module interface python-socketio calls."""

    loads = staticmethod(engineio_json.loads)

    @staticmethod
    def dumps(data, **_compact_options) -> str:
        try:
            return orjson.dumps(data).decode()  # orjson's output is always compact
        except orjson.JSONEncodeError:
            # A lone surrogate or an integer over 64 bits echoed from the input: the standard
            # library writes both, and the message (an ack, often) still goes out.
            return json.dumps(data, separators=(",", ":"))


class Packet(packet.Packet):
    uses_binary_events = False
    json = PacketJSON

    def decode(self, encoded_packet):
        if isinstance(encoded_packet, bytes):  # an attachment no event waits for: ignored
            self.packet_type, self.id, self.namespace, self.data = packet.ACK, None, None, []
            return 0
        try:
            attachments = super().decode(encoded_packet)
        except (RecursionError, ValueError) as err:
            if self.packet_type not in (packet.EVENT, packet.BINARY_EVENT):
                raise
            self.packet_type = packet.EVENT  # its attachments, if any, are never awaited
            self.data = _unreadable(encoded_packet, err)
            return 0
        if self.packet_type in (packet.BINARY_EVENT, packet.BINARY_ACK):
            # Refused at once, whatever attachments it declares: none is awaited, so one that
            # never comes cannot leave the connection waiting (swallowing later messages).
            self.packet_type = (
                packet.EVENT if self.packet_type == packet.BINARY_EVENT else packet.ACK
            )
            self.data = _refuse(
                self.data, Message(N_("binary attachments are not accepted; send JSON"))
            )
            return 0
        if self.packet_type == packet.EVENT:
            self.data = _event(self.data)
        return attachments


def _event(data):
    """``data`` if it is ``[name, body?]``, else the event refused."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        says = Message(N_('a message must be a list: ["event name", body]'))
        return [UNREADABLE, Refusal(says)]
    if data[0] in RESERVED or data[0] == UNREADABLE:  # (ours, only ever from here)
        says = Message(N_("{name} is a reserved event name"), name=repr(data[0]))
        return [UNREADABLE, Refusal(says)]
    if len(data) > 2:
        says = Message(
            N_("{name} takes one argument (an object); got {count}"),
            name=data[0][:40],
            count=len(data) - 1,
        )
        return _refuse(data, says)
    return data


def _refuse(data, error: Message) -> list:
    """The event ``data`` names (its family's, see ``_family``), refused with ``error``."""
    name = data[0] if isinstance(data, list) and data else None
    return [_family(name), Refusal(error)]


def _family(name) -> str:
    """The event whose handler answers a refused message, so that its error matches the
    event's family: ``lecture:…`` answers with lecture_error, ``unreadable`` with run_error."""
    if isinstance(name, str) and name.startswith("lecture:"):
        return name
    return UNREADABLE


def _unreadable(encoded_packet, err: Exception) -> list:
    found = _NAME.match(encoded_packet) if isinstance(encoded_packet, str) else None
    name = _family(found.group(1) if found else None)
    if isinstance(err, RecursionError):
        return [name] if name == UNREADABLE else [name, TOO_DEEP]
    if isinstance(err, json.JSONDecodeError):
        error = Message(
            N_("the message is not valid JSON: {problem} (column {column})"),
            problem=json_reason(err.msg),
            column=err.colno,
        )
    else:  # e.g. an integer with thousands of digits
        error = Message(
            N_("the message could not be read: {problem}"), problem=json_reason(str(err))
        )
    return [name, Refusal(error)]


class OneLine(logging.Filter):
    """Logs a client's unreadable packet (python-socketio raises, Engine.IO logs the error
    with its traceback) as one line: the error, without the traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], ValueError):
            record.msg = f"{record.getMessage()}: {record.exc_info[1]}"
            record.args, record.exc_info, record.exc_text = None, None, None
        return True


def log_bad_packets_in_one_line(*loggers: logging.Logger) -> None:
    for logger in loggers:
        if not any(isinstance(each, OneLine) for each in logger.filters):
            logger.addFilter(OneLine())
