"""Security headers (flask-talisman), the HTTP API's rate limit (Flask-Limiter), the longest
address answered, and the WSGI layers outside Flask (trusted proxies, headers for Socket.IO).

The CSP allows only this origin's scripts and styles: no inline script anywhere. A page
that must differ (a future ``/embed``, framed by other sites) overrides per view with
``@talisman(content_security_policy=…, frame_options=…)``.

Talisman sets headers on Flask's responses only. Engine.IO answers ``/socket.io/`` before
Flask, so ``wrap_wsgi`` adds the same headers (computed by talisman itself, once) to every
response that lacks them, the websocket upgrade's included; and it puts werkzeug's
``ProxyFix`` outside everything, so Flask, the rate limit and Socket.IO handlers all see the
client address that ``PRUNE_TRUSTED_PROXIES`` proxies vouch for.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import limits
from flask import Blueprint, abort, current_app, g, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_talisman import Talisman
from werkzeug.exceptions import TooManyRequests
from werkzeug.middleware.proxy_fix import ProxyFix

from .realtime.admission import SocketAdmission
from .realtime.whole_frames import websocket_sockets
from .static_files import wrap_static

CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": ["'self'", "data:", "blob:"],
    # 'self' covers same-origin ws:// and wss:// (CSP Level 3, as browsers implement it).
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "frame-ancestors": "'none'",
}

talisman = Talisman()


def init_security_headers(app) -> None:
    talisman.init_app(
        app,
        content_security_policy=CONTENT_SECURITY_POLICY,
        frame_options="DENY",
        referrer_policy="same-origin",
        # Classrooms run Prune on plain http: never redirect, and keep cookies usable there.
        force_https=False,
        session_cookie_secure=False,
    )


def init_rate_limit(app, *blueprints: Blueprint) -> Limiter:
    """Limit the ``blueprints``' routes, counted together, to ``PRUNE_API_RATE_LIMIT`` per address,
    except the views marked ``not_rate_limited`` (what a browser may cache).

    One Limiter per app, so each app (each test) counts in its own memory.
    """
    limits.parse_many(app.config["PRUNE_API_RATE_LIMIT"])  # a typo fails at start, not per request
    limiter = Limiter(get_remote_address)
    shared = limiter.shared_limit(
        lambda: current_app.config["PRUNE_API_RATE_LIMIT"], scope="api", exempt_when=_cacheable
    )
    for blueprint in blueprints:
        shared(blueprint)
    limiter.init_app(app)
    _keep_a_refusals_own_retry_after(app)
    app.extensions["prune.limiter"] = limiter
    return limiter


def _keep_a_refusals_own_retry_after(app) -> None:
    """Flask-Limiter's after_request hook writes ``Retry-After`` on every limited response:
    its window's reset, or the response's own value if that is later. An answer that gives
    its own (the experiments' pool's "one at a time" 429, the computed count's 429, the
    store's 503) keeps it: it says what that refusal means, not when the window ends. The
    limiter's own 429 has none of its own, so it carries the limiter's window.

    Flask runs after_request hooks last registered first: ``remember`` (appended after the
    limiter's) runs before the limiter's hook, ``restore`` (put first) after every other."""

    def remember(response):
        g.prune_own_retry_after = response.headers.get("Retry-After")
        return response

    def restore(response):
        own = g.pop("prune_own_retry_after", None)
        if own is not None:
            response.headers["Retry-After"] = own
        return response

    app.after_request(remember)
    app.after_request_funcs.setdefault(None, []).insert(0, restore)


def not_rate_limited(view):
    """Mark an API view as not counted by the per-address limit: a cacheable GET whose
    answer a browser (or a shared cache) may keep. If it computes, it calls
    ``charge_computation`` for that."""
    view.prune_not_rate_limited = True
    return view


def _cacheable() -> bool:
    view = current_app.view_functions.get(request.endpoint or "")
    return request.method in ("GET", "HEAD") and getattr(view, "prune_not_rate_limited", False)


def charge_computation(cost: int = 1) -> None:
    """Count a computation made for a route that is ``not_rate_limited`` (a trace missing
    from the cache, or a large answer sent from it) against the caller's address:
    ``PRUNE_API_RATE_LIMIT`` again, in a count of its own, ``cost`` requests' worth (see
    ``cost_of``), so that varying a cacheable request's options, or fetching a big one back
    to back, cannot use the server without limit. Raises a 429 with ``Retry-After`` when
    over it."""
    for strategy, item, address in _computed_counts():
        if not strategy.hit(item, "prune-computed", address, cost=cost):
            raise _spent(strategy, item, address)


def refuse_when_spent() -> None:
    """A 429 before computing anything for an address whose count is already spent."""
    for strategy, item, address in _computed_counts():
        if not strategy.test(item, "prune-computed", address):
            raise _spent(strategy, item, address)


def _computed_counts():
    limiter = current_app.extensions.get("prune.limiter")
    if limiter is None or not current_app.config.get("RATELIMIT_ENABLED", True):
        return
    address = get_remote_address()
    for item in limits.parse_many(current_app.config["PRUNE_API_RATE_LIMIT"]):
        yield limiter.limiter, item, address


def _spent(strategy, item, address) -> TooManyRequests:
    reset = strategy.get_window_stats(item, "prune-computed", address).reset_time
    return TooManyRequests(str(item), retry_after=max(1, math.ceil(reset - time.time())))


def cost_of(seconds: float = 0.0, sent_bytes: int = 0, failed: bool = False) -> int:
    """What a computation or an answer counts against the rate limit: one request's worth per
    ``PRUNE_COMPUTE_UNIT_MS`` of computing (at least one for a result; a failure only for
    the whole units it cost, so a cheap refusal is free) and per ``PRUNE_SENT_UNIT_BYTES``
    sent beyond the first."""
    config = current_app.config
    units = seconds * 1000 / config["PRUNE_COMPUTE_UNIT_MS"]
    computing = math.floor(units) if failed else max(1, math.ceil(units))
    sending = sent_bytes // config["PRUNE_SENT_UNIT_BYTES"]
    return computing + sending if seconds else sending


class Meter:
    """Times the computation it runs (refused at once if the caller's count is spent)."""

    seconds: float | None = None
    failed = False

    def run(self, compute: Callable[[], Any]) -> Any:
        refuse_when_spent()
        started = time.perf_counter()
        try:
            return compute()
        except BaseException:
            self.failed = True
            raise
        finally:
            self.seconds = time.perf_counter() - started


@contextlib.contextmanager
def charged_by_time():
    """A ``Meter`` whose computation, if it ran, is charged by its time when the block ends,
    also when it failed. The answer (or the error) it gave goes out: the charge refuses the
    caller's next computations, until the count's window has passed."""
    meter = Meter()
    try:
        yield meter
    finally:
        if meter.seconds is not None:
            with contextlib.suppress(TooManyRequests):
                charge_computation(cost_of(meter.seconds, failed=meter.failed))


def init_url_limit(app) -> None:
    """Answer 414 (with the error pages and headers of every other error) to a request
    target, path and query as sent, longer than ``PRUNE_MAX_URL_CHARS``."""

    def check_url_length():
        limit = current_app.config["PRUNE_MAX_URL_CHARS"]
        if request_target_length(request.environ) > limit:
            abort(414)

    # First of all the before_request hooks: a refused address costs nothing else.
    app.before_request_funcs.setdefault(None, []).insert(0, check_url_length)


def request_target_length(environ) -> int:
    """Characters in the request target as the client sent it (gunicorn's RAW_URI)."""
    raw = environ.get("RAW_URI") or environ.get("REQUEST_URI")
    if raw is None:
        path = quote(environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", ""))
        query = environ.get("QUERY_STRING", "")
        raw = f"{path}?{query}" if query else path
    return len(raw)


def wrap_wsgi(app) -> None:
    """The WSGI layers outside Flask and Socket.IO; call last, after ``init_socketio``.

    From the outside in: ``ProxyFix`` (when ``PRUNE_TRUSTED_PROXIES`` > 0), then the
    admission of Socket.IO connections (app/realtime/admission.py), then the security headers, then
    the static files (WhiteNoise, app/static_files.py), then Socket.IO's middleware and
    Flask. ``x_for`` gives the client's address to the rate limit and the lecture limits;
    ``x_proto`` lets the app know a proxy spoke https to the client. ``X-Forwarded-Host``
    is not trusted: the proxy passes ``Host`` on (the nginx example does), and links for
    students come from ``PRUNE_PUBLIC_URL``, never from a header.
    """
    config = app.config
    wrap_static(app)
    app.wsgi_app = SecurityHeaders(
        app.wsgi_app, talisman_headers(app), config["PRUNE_SOCKET_WRITE_SECONDS"]
    )
    app.wsgi_app = SocketAdmission(
        app.wsgi_app, config["PRUNE_SOCKETS_PER_ADDRESS"], config["PRUNE_MAX_SOCKETS"]
    )
    proxies = app.config["PRUNE_TRUSTED_PROXIES"]
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)


def talisman_headers(app) -> list[tuple[str, str]]:
    """The headers talisman gives an ordinary page (the CSP written once, in this module)."""
    with app.test_request_context("/"):
        response = app.response_class()
        talisman._set_response_headers(response)
    skip = {"content-type", "content-length"}
    return [(name, value) for name, value in response.headers if name.lower() not in skip]


class SecurityHeaders:
    """Adds ``headers`` to every response that talisman did not see: one without a
    Content-Security-Policy (talisman gives every Flask response one; an embed's own policy,
    which leaves out X-Frame-Options on purpose, stays as it is). A websocket upgrade is
    answered by simple-websocket on gunicorn's socket, not through ``start_response``: the
    socket wrapper of app/realtime/whole_frames.py adds them to the 101 answer."""

    def __init__(self, wsgi_app, headers: list[tuple[str, str]], write_seconds: float):
        raw_lines = b"".join(f"{n}: {v}\r\n".encode("latin-1") for n, v in headers)
        self.wsgi_app = websocket_sockets(wsgi_app, raw_lines, write_seconds)
        self.headers = headers

    def __call__(self, environ, start_response):
        def start(status, response_headers, exc_info=None):
            present = {name.lower() for name, _ in response_headers}
            if "content-security-policy" not in present:
                extra = [(n, v) for n, v in self.headers if n.lower() not in present]
                response_headers = [*response_headers, *extra]
            return start_response(status, response_headers, exc_info)

        return self.wsgi_app(environ, start)
