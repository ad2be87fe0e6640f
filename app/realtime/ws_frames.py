"""How a message leaves as websocket frames: small ones framed once and shared, large ones
deflated.

A lecture step is one ~100-byte message to every student of a room. python-socketio encodes
it once, but simple-websocket then frames it once per student through wsproto, and wsproto's
permessage-deflate (every browser offers it) compressed it once per student too, each
student keeping a zlib stream of its own (about 100 KiB of the worker's memory, from its
first message for as long as it stays). bench/arrival.py measured the deflate at about a fifth
of a step's cost, and wsproto's framing at about a tenth. Here:

* A message under ``DEFLATE_MIN_BYTES`` goes uncompressed, its RSV1 bit clear, as RFC 7692
  allows (section 6: a message need not be compressed; the compressed stream only holds
  what was compressed, so skipping one does not disturb it).
* Such a message's frame is the same bytes for every connection (a server's frames are not
  masked): ``SharedFrames.send`` builds it once (a small cache of recent ones) and writes it
  to the socket itself, so that a step to a class of 1,000 is framed once, not 1,000 times.
  Anything else (a large message, a connection that is closing) takes simple-websocket's
  own path, as before.
* A large message (a run's node table, its event batches) is still deflated, but the
  server's zlib stream is not kept from one message to the next (``server_no_context_takeover``
  is added to the answer to the browser's offer, as the RFC lets a server do): its memory is
  freed once the message is sent. Each message is then compressed on its own, so the same
  message to many connections compresses to the same bytes: one up to
  ``SHARED_DEFLATE_MAX_BYTES`` (a lecture view that carries its trace, to a whole class) is
  compressed once (``deflated`` keeps a few recent ones) and only framed per connection.

Messages from the client are read whatever it chose. ``frame_messages(eio_server)`` installs
both on an Engine.IO server; under gevent and with threads alike.
"""

from __future__ import annotations

import functools
import struct
import zlib
from typing import Any

import simple_websocket.ws
from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI
from wsproto.connection import ConnectionState
from wsproto.extensions import PerMessageDeflate
from wsproto.frame_protocol import Opcode, RsvBits

DEFLATE_MIN_BYTES = 1024
# A whole message up to this size is deflated once for all connections (``deflated``);
# larger ones (a big run's node table, to one client) each on their own, and not kept.
SHARED_DEFLATE_MAX_BYTES = 512 * 1024
FIN_TEXT = 0x81  # FIN, no RSV bit, opcode 1 (text)


class LargeMessagesDeflated(PerMessageDeflate):
    """wsproto's permessage-deflate, for messages of ``DEFLATE_MIN_BYTES`` or more only, and
    without keeping the server's zlib stream from one message to the next."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("server_no_context_takeover", True)
        super().__init__(*args, **kwargs)
        self._plain = False  # the message being sent goes uncompressed

    def frame_outbound(
        self, proto: Any, opcode: Opcode, rsv: RsvBits, data: bytes, fin: bool
    ) -> tuple[RsvBits, bytes]:
        if opcode in (Opcode.TEXT, Opcode.BINARY):  # a message's first frame decides for it
            self._plain = fin and len(data) < DEFLATE_MIN_BYTES
        if self._plain and opcode in (Opcode.TEXT, Opcode.BINARY, Opcode.CONTINUATION):
            return rsv, data
        shared = opcode in (Opcode.TEXT, Opcode.BINARY) and fin and not proto.client
        if shared and self.server_no_context_takeover and len(data) <= SHARED_DEFLATE_MAX_BYTES:
            return RsvBits(True, rsv[1], rsv[2]), deflated(bytes(data), self.server_max_window_bits)
        return super().frame_outbound(proto, opcode, rsv, data, fin)


@functools.lru_cache(maxsize=8)
def deflated(payload: bytes, window_bits: int) -> bytes:
    """A whole message's permessage-deflate payload, as wsproto makes it for a server that
    keeps no context (a fresh stream, flushed, its empty block's tail cut: RFC 7692 7.2.1):
    the same bytes for every connection with the same window, so a lecture view carried to a
    class is compressed once."""
    compressor = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -window_bits)
    return (compressor.compress(payload) + compressor.flush(zlib.Z_SYNC_FLUSH))[:-4]


@functools.lru_cache(maxsize=64)
def text_frame(message: str) -> bytes | None:
    """The whole, unmasked, uncompressed frame of a text message under
    ``DEFLATE_MIN_BYTES``; None for a larger one."""
    payload = message.encode()
    if len(payload) >= DEFLATE_MIN_BYTES:
        return None
    if len(payload) <= 125:
        return bytes((FIN_TEXT, len(payload))) + payload
    return bytes((FIN_TEXT, 126)) + struct.pack("!H", len(payload)) + payload


def shared_frames(websocket_class: type) -> type:
    """``websocket_class`` (Engine.IO's simple-websocket driver), writing small text messages
    as ``text_frame`` builds them."""

    class SharedFrames(websocket_class):
        def send(self, message: Any) -> Any:
            ws = self.ws
            frame = text_frame(message) if isinstance(message, str) else None
            if frame is None or not ws.connected or ws.ws.state is not ConnectionState.OPEN:
                return super().send(message)
            ws.sock.send(frame)  # an error ends the writer, as simple-websocket's would
            return None

    SharedFrames.__name__ = SharedFrames.__qualname__ = f"SharedFrames{websocket_class.__name__}"
    return SharedFrames


def frame_messages(eio_server: Any) -> None:
    """Small messages framed once, large ones deflated, on ``eio_server``'s websockets."""
    simple_websocket.ws.PerMessageDeflate = LargeMessagesDeflated  # named when it accepts
    websocket_class = eio_server._async.get("websocket")
    if isinstance(websocket_class, type) and issubclass(websocket_class, SimpleWebSocketWSGI):
        eio_server._async = {**eio_server._async, "websocket": shared_frames(websocket_class)}
