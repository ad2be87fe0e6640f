"""Security headers (flask-talisman) and the HTTP API's rate limit (Flask-Limiter).

The CSP allows only this origin's scripts and styles: no inline script anywhere. A page
that must differ (a future ``/embed``, framed by other sites) overrides per view with
``@talisman(content_security_policy=…, frame_options=…)``.
"""

from __future__ import annotations

import limits
from flask import Blueprint, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_talisman import Talisman

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


def init_rate_limit(app, blueprint: Blueprint) -> Limiter:
    """Limit ``blueprint``'s routes, counted together, to ``PRUNE_API_RATE_LIMIT`` per address.

    One Limiter per app, so each app (each test) counts in its own memory.
    """
    limits.parse_many(app.config["PRUNE_API_RATE_LIMIT"])  # a typo fails at start, not per request
    limiter = Limiter(get_remote_address)
    limiter.shared_limit(lambda: current_app.config["PRUNE_API_RATE_LIMIT"], scope="api")(blueprint)
    limiter.init_app(app)
    return limiter
