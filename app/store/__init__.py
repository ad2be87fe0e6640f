"""Saved views for short links, and lessons: content-addressed, immutable, size-capped.

Lessons (``/l/<id>``, docs/lessons.md) are kept by the same stores as views, under their
own table or key prefix (``save(lesson, kind="lesson")``, ``load(id, kind="lesson")``).

A saved view's id is derived from its content (a hash of its canonical JSON), so saving the
same view twice gives the same id and nothing is ever overwritten. Two stores keep that
contract:

- ``ViewStore`` (sqlite.py), the default: one SQLite file on one machine, ``DATABASE_PATH``
  or ``instance/prune.sqlite3``.
- ``RedisViewStore`` (redis_views.py), with ``PRUNE_VIEW_STORE=redis://host:port/db``: one
  Redis that instances on several machines share; it must fsync every write
  (``appendonly yes``, ``appendfsync always``).

A store that cannot be reached raises ``StoreUnavailable``, an HTTP 503.
"""

from __future__ import annotations

from pathlib import Path

from flask import current_app

from .common import ID_LENGTH, ID_PATTERN, StoreError, StoreUnavailable, canonical, view_id
from .redis_views import NotDurable, RedisViewStore
from .sqlite import ViewStore

__all__ = [
    "ID_LENGTH",
    "ID_PATTERN",
    "NotDurable",
    "RedisViewStore",
    "StoreError",
    "StoreUnavailable",
    "ViewStore",
    "canonical",
    "init_store",
    "view_id",
    "view_store",
]


def init_store(app) -> None:
    """One store per app: Redis when ``PRUNE_VIEW_STORE`` names one, else the SQLite file.

    Redis is not needed at start: if it is down, the app starts and saved views answer 503
    until it is back. A Redis that says it would lose saves stops the start when
    ``PRUNE_VIEW_STORE_REQUIRE_DURABLE`` is on (``NotDurable``).
    """
    max_bytes = app.config["PRUNE_MAX_SAVED_BYTES"]
    url = app.config.get("PRUNE_VIEW_STORE")
    if url:
        store = RedisViewStore.from_url(
            url,
            max_bytes,
            require_durable=app.config.get("PRUNE_VIEW_STORE_REQUIRE_DURABLE", True),
            logger=app.logger,
        )
        store.check_durability()
    else:
        path = app.config.get("DATABASE_PATH") or Path(app.instance_path) / "prune.sqlite3"
        store = ViewStore(path, max_bytes)
    app.extensions["prune.views"] = store


def view_store() -> ViewStore | RedisViewStore:
    return current_app.extensions["prune.views"]
