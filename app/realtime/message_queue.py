"""The Socket.IO message queue over Redis (``MESSAGE_QUEUE``), made safe for a Redis outage.

python-socketio's ``RedisManager`` (5.18) gives up a broadcast that cannot be published
with an error line and no error to the caller, and re-subscribes after an outage only after
a back-off of 1, 2, 4, 8… seconds: a presenter got ``ok`` for steps that never left this
instance, and the students of other instances missed every step published before their
instance had subscribed again. ``LectureQueue`` changes both:

- a broadcast (``emit``) that cannot be published raises ``QueueUnavailable``: the handler
  answers ``lecture_error`` instead of ``ok`` (an ``ok`` means published);
- it retries its subscription every ``RETRY_SECONDS``, and once subscribed again calls each
  of ``on_resubscribed`` (lecture mode re-sends the latest view and cursor of every room
  watched on this instance, so a step published while it was not listening is not lost).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import socketio

log = logging.getLogger(__name__)
RETRY_SECONDS = 1.0


class QueueUnavailable(Exception):
    """A broadcast could not be published to the message queue."""


class LectureQueue(socketio.RedisManager):
    def __init__(self, url: str, **kwargs):
        super().__init__(url, **kwargs)
        self.on_resubscribed: list[Callable[[], None]] = []
        self.publish_failed = False

    def _publish(self, data):
        """Publish ``data``; a broadcast that cannot be published raises (other messages are
        given up with python-socketio's own log line, as before)."""
        for attempt in range(2):
            try:
                if not self.connected:
                    self._redis_connect()
                published = self.redis.publish(self.channel, self.json.dumps(data))
                if self.publish_failed:
                    self.publish_failed = False
                    log.warning("the message queue takes broadcasts again")
                return published
            except Exception as exc:  # redis raises its own errors, and OSError
                self.connected = False
                if attempt == 0:
                    continue
                if not self.publish_failed:
                    self.publish_failed = True
                    log.warning("the message queue cannot publish: %s", exc)
                if data.get("method") == "emit":
                    raise QueueUnavailable(str(exc)) from None
        return None

    def _redis_listen_with_retries(self):
        """``RedisManager``'s, retrying every ``RETRY_SECONDS`` and telling
        ``on_resubscribed`` when it listens again after a failure."""
        subscribed, failed = False, False
        while True:
            try:
                if not subscribed:
                    self._redis_connect()
                    self.pubsub.subscribe(self.channel)
                    subscribed = True
                    if failed:
                        failed = False
                        log.warning("the message queue is subscribed again")
                        self._resubscribed()
                yield from self.pubsub.listen()
            except Exception as exc:
                if not failed:
                    log.warning("the message queue stopped listening: %s", exc)
                subscribed, failed = False, True
                time.sleep(RETRY_SECONDS)

    def _resubscribed(self) -> None:
        for callback in self.on_resubscribed:
            try:
                callback()
            except Exception:  # a failed re-send must not stop the listening
                log.warning("re-sending after the message queue returned failed", exc_info=True)
