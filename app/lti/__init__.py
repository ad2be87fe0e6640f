"""Prune as an LTI 1.3 tool (docs/lti.md): an LMS (Canvas, Moodle, …) launches it with a
signed identity, places its content through Deep Linking, and receives scores through
Assignment and Grade Services.

One job per module: settings.py (environment), registrations.py (the platforms' JSON),
keys.py (the tool's key pair), state.py (the store; redis_state.py when scaled out),
session.py (PyLTI1p3's services on it, no cookies), launch.py (checking a launch),
refusals.py (why one is refused), grants.py (what a launched page may do), targets.py (where
it lands), deep_linking.py (placing content), grades.py (scores to the gradebook, through an
outbox), lecture.py (a lecture followed from a course), routes.py (the routes), commands.py
(``flask lti …``). The protocol itself is PyLTI1p3's (its maintained fork, ``pylti1p3next``).
"""

from __future__ import annotations

from .commands import lti_commands
from .keys import ToolKeys
from .redis_state import RedisLtiState
from .registrations import RegistrationError, read_platforms
from .routes import register_routes
from .settings import apply_settings
from .state import LtiState
from .tool import LtiTool

__all__ = ["RegistrationError", "init_lti"]


def init_lti(app) -> None:
    """Read the registrations (none: LTI is off, its routes say so) and add the routes.

    The tool's key pair is made on first start with registrations (keys.py)."""
    apply_settings(app)
    register_routes(app)
    app.cli.add_command(lti_commands)
    platforms = read_platforms(app.config["PRUNE_LTI_CONFIG"])
    if platforms is None:
        return
    settings = {key: value for key, value in app.config.items() if key.startswith("PRUNE_LTI_")}
    keys = ToolKeys(settings["PRUNE_LTI_KEYS_DIR"])
    keys.private_pem()
    app.extensions["prune.lti"] = LtiTool(platforms, keys, make_state(app, settings), settings)


def make_state(app, settings):
    """The store: Redis when ``PRUNE_LTI_STORE`` names one or, without it, when the app
    shares ``MESSAGE_QUEUE``'s (scaled out: every instance must see every login, nonce and
    score); else the SQLite file ``PRUNE_LTI_DATABASE`` (one machine)."""
    url = settings["PRUNE_LTI_STORE"] or app.config.get("MESSAGE_QUEUE") or ""
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisLtiState.from_url(url)
    if settings["PRUNE_LTI_STORE"]:
        raise ValueError(f"PRUNE_LTI_STORE must be a redis:// URL, not {url!r}")
    return LtiState(settings["PRUNE_LTI_DATABASE"])
