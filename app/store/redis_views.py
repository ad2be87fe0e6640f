"""Saved views in Redis: the store for instances on several machines.

Every instance reaches the same Redis over the network (SQLite's WAL needs one host). The
contract is the SQLite store's: a view's id comes from its content, a key is written once
with ``SET key value NX`` and no expiry (never overwritten), the size cap is the same, and
unknown ids load ``None``.

An acknowledged save survives a crash of Redis only when Redis fsyncs its append-only file
before it answers: ``appendonly yes`` and ``appendfsync always``. Saved views have no expiry,
so an ``allkeys-*`` eviction policy could also drop them. ``check_durability`` asks the server
(``CONFIG GET``) at start; with ``PRUNE_VIEW_STORE_REQUIRE_DURABLE`` on (the default) the app
refuses to start, or to save, on a server that says it would lose saves.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from .common import COLLISION, ID_PATTERN, StoreError, StoreUnavailable, checked_body

KEY_PREFIX = "prune:view:"
KEY_PREFIXES = {
    "view": KEY_PREFIX,
    "lesson": "prune:lesson:",
    "exam": "prune:exam:",
}  # common.KINDS
CONNECT_TIMEOUT = 2.0  # seconds; a query string in the URL (socket_timeout=…) overrides these
SOCKET_TIMEOUT = 5.0
UNREACHABLE = "saved views are unavailable: the view store cannot be reached; try again shortly"
REFUSED = "saved views are unavailable: the view store refused the request; try again later"
NOT_DURABLE = "saved views cannot be saved: the view store is not configured to keep them safely"
REQUIRED = (
    "appendonly yes, appendfsync always, and a maxmemory-policy that never evicts keys "
    "without expiry (noeviction or volatile-*)"
)


class NotDurable(RuntimeError):
    """The Redis server says it would lose acknowledged saves (and durability is required)."""


def durability_problems(client: redis.Redis) -> list[str]:
    """What in the server's configuration could lose an acknowledged save (empty: nothing).

    Raises ``redis.ResponseError`` when ``CONFIG`` is refused (managed Redis often disables
    it) and ``redis.ConnectionError`` / ``redis.TimeoutError`` when the server is unreachable.
    """
    setting = {}
    for name in ("appendonly", "appendfsync", "maxmemory-policy"):  # one per call: Redis < 7
        setting[name] = str(client.config_get(name).get(name, "")).lower()
    problems = []
    if setting["appendonly"] != "yes":
        problems.append(f"appendonly is {setting['appendonly'] or 'unknown'} (needs yes)")
    if setting["appendfsync"] != "always":
        problems.append(f"appendfsync is {setting['appendfsync'] or 'unknown'} (needs always)")
    if setting["maxmemory-policy"].startswith("allkeys-"):
        problems.append(
            f"maxmemory-policy is {setting['maxmemory-policy']}, which may evict saved views "
            "(use noeviction or a volatile-* policy)"
        )
    return problems


class RedisViewStore:
    """Saved views as Redis strings ``prune:view:<id>`` holding the view's canonical JSON."""

    kind = "redis"

    def __init__(
        self,
        client: redis.Redis,
        max_bytes: int,
        *,
        require_durable: bool = True,
        logger: logging.Logger | None = None,
    ):
        self.redis = client
        self.max_bytes = max_bytes
        self.require_durable = require_durable
        self.log = logger or logging.getLogger(__name__)
        self.where = _where(client)
        self.checked = False  # has the server's durability been looked at yet?
        self.refusal: str | None = None  # why saves are refused (required but not durable)

    @classmethod
    def from_url(cls, url: str, max_bytes: int, **options: Any) -> RedisViewStore:
        """A store on the Redis at ``url``; nothing is connected until it is used."""
        client = redis.Redis.from_url(
            url,
            decode_responses=True,
            socket_connect_timeout=CONNECT_TIMEOUT,
            socket_timeout=SOCKET_TIMEOUT,
            # A dropped connection (Redis restarted) is retried once at once; a server that
            # stays down becomes a 503 within a few seconds, not a long wait.
            retry=Retry(ExponentialBackoff(cap=0.2, base=0.05), 1),
        )
        return cls(client, max_bytes, **options)

    def check_durability(self) -> None:
        """Ask the server whether it keeps acknowledged writes through a crash, and act on it.

        Unreachable: a warning; the check runs again at the next save. ``CONFIG`` refused:
        a warning naming what to verify by hand. Not durable: a warning, or ``NotDurable``
        (and saves refused) when durability is required.
        """
        try:
            problems = durability_problems(self.redis)
        except (redis.ConnectionError, redis.TimeoutError) as err:
            self.log.warning(
                "saved views: Redis at %s is unreachable (%s); saving and loading views "
                "answer 503 until it is back, and its durability is checked then",
                self.where, err,
            )  # fmt: skip
            return
        except redis.ResponseError as err:
            self.checked, self.refusal = True, None
            self.log.warning(
                "saved views: cannot check that Redis at %s keeps saves through a crash "
                "(CONFIG GET refused: %s); make sure it runs with %s",
                self.where, err, REQUIRED,
            )  # fmt: skip
            return
        self.checked = True
        if not problems:
            self.refusal = None
            self.log.info("saved views: Redis at %s is durable (appendfsync always)", self.where)
            return
        message = (
            f"saved views: Redis at {self.where} may lose acknowledged saves in a crash: "
            f"{'; '.join(problems)}. Run it with {REQUIRED}"
        )
        if self.require_durable:
            self.refusal = message
            raise NotDurable(message + " (or set PRUNE_VIEW_STORE_REQUIRE_DURABLE=off)")
        self.log.warning("%s (PRUNE_VIEW_STORE_REQUIRE_DURABLE is off: saving anyway)", message)

    def _ensure_durable(self) -> None:
        if self.checked and self.refusal is None:
            return
        try:
            self.check_durability()  # not yet checked, or refused: perhaps fixed since
        except NotDurable as err:
            self.log.error("%s", err)
            raise StoreUnavailable(NOT_DURABLE, retry_after=60) from None

    def save(self, view: dict[str, Any], kind: str = "view", max_bytes: int | None = None) -> str:
        """As ``ViewStore.save``: a view, or a lesson under its own prefix."""
        body, identifier = checked_body(view, max_bytes or self.max_bytes, kind)
        self._ensure_durable()
        key = KEY_PREFIXES[kind] + identifier
        try:
            for _attempt in range(2):
                if self.redis.set(key, body, nx=True):  # no expiry; never overwrite
                    return identifier
                stored = self.redis.get(key)
                if stored is not None:
                    break
        except redis.RedisError as err:
            raise self._unavailable("save", err) from None
        if stored != body:  # a hash prefix collision: never overwrite what was saved
            raise StoreError(COLLISION)
        return identifier

    def load(self, identifier: str, kind: str = "view") -> dict[str, Any] | None:
        if not ID_PATTERN.match(identifier):
            return None
        try:
            stored = self.redis.get(KEY_PREFIXES[kind] + identifier)
        except redis.RedisError as err:
            raise self._unavailable("load", err) from None
        return json.loads(stored) if stored is not None else None

    def _unavailable(self, action: str, err: Exception) -> StoreUnavailable:
        self.log.warning(
            "saved views: cannot %s a view in Redis at %s: %r",
            action, self.where, err,
        )  # fmt: skip
        if isinstance(err, (redis.ConnectionError, redis.TimeoutError)):
            return StoreUnavailable(UNREACHABLE)
        return StoreUnavailable(REFUSED)  # e.g. OOM under noeviction, READONLY on a replica


def _where(client: redis.Redis) -> str:
    """The server's address for logs, without credentials."""
    kwargs = client.connection_pool.connection_kwargs
    if "path" in kwargs:
        return f"unix:{kwargs['path']}"
    return f"{kwargs.get('host', '?')}:{kwargs.get('port', '?')}/{kwargs.get('db', 0)}"
