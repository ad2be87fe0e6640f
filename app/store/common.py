"""What every saved-view store shares: ids from content, the size cap, and the two errors."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from typing import Any

from werkzeug.exceptions import ServiceUnavailable

ID_LENGTH = 12
ID_PATTERN = re.compile(rf"^[A-Za-z0-9_-]{{{ID_LENGTH}}}$")


class StoreError(Exception):
    """A save the store refuses. ``str(err)`` is English; a save over the size limit names its
    ``kind``, ``size`` and ``limit`` (bytes) so that the web layer says it in the asker's
    language (app/web/errors.py ``store_refusal``); all three are None for an id collision."""

    def __init__(
        self,
        message: str,
        kind: str | None = None,
        size: int | None = None,
        limit: int | None = None,
    ):
        super().__init__(message)
        self.kind, self.size, self.limit = kind, size, limit


class StoreUnavailable(ServiceUnavailable):
    """The store cannot be reached (or cannot keep a save safely) right now.

    An HTTP 503: Flask's error handlers answer it with this message (JSON under /api, the
    error page elsewhere) and a ``Retry-After``, wherever a view is saved or loaded.
    """

    def __init__(self, message: str, retry_after: int = 5):
        super().__init__(message, retry_after=retry_after)


def canonical(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def view_id(body: str) -> str:
    digest = hashlib.sha256(body.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()[:ID_LENGTH]


# What a store keeps: saved views (short links /t/<id>), lessons (/l/<id>) and generated
# exams (/exams/<id>), each kind in its own table (SQLite) or under its own key prefix
# (Redis), so an id of one never opens another.
KINDS = ("view", "lesson", "exam")


def checked_body(view: dict[str, Any], max_bytes: int, kind: str = "view") -> tuple[str, str]:
    """``view``'s canonical JSON and its id; a StoreError if it is over ``max_bytes``."""
    body = canonical(view)
    size = len(body.encode())
    if size > max_bytes:
        raise StoreError(
            f"the {kind} is {size:,} bytes; saved {kind}s may be at most {max_bytes:,} bytes",
            kind,
            size,
            max_bytes,
        )
    return body, view_id(body)


COLLISION = "this view cannot be saved (id collision); change it slightly"
