"""The LTI 1.3 tool's settings, read from the environment like every other (app/config.py).

Each key is its environment variable's name; ``init_lti`` puts them into ``app.config``
without replacing a value the app was created with (tests and operators may give any).
docs/lti.md lists them with their limits.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

# name: (default, smallest allowed); a value below the smallest, or not a whole number, stops
# the start with a message naming the variable.
LIMITS = {
    # How long a login's state and nonce wait for their launch (the LMS posts it at once).
    "PRUNE_LTI_STATE_SECONDS": (600, 10),
    # The longest id_token accepted (bytes); a longer one is refused with a 413 page.
    "PRUNE_LTI_MAX_TOKEN_BYTES": (65_536, 1024),
    # Seconds to wait for the platform (its keys, its token and grade endpoints).
    "PRUNE_LTI_PLATFORM_TIMEOUT_SECONDS": (5, 1),
    # How long a platform's public keys are kept before they are fetched again.
    "PRUNE_LTI_KEYS_CACHE_SECONDS": (300, 0),
    # How long a launch lets its page report a score (seconds).
    "PRUNE_LTI_SESSION_SECONDS": (8 * 3600, 60),
    # Scores one launch may report in an hour (a 429 above it): a page reports one per
    # Check at most, so this only stops a script posting in a loop.
    "PRUNE_LTI_SCORES_PER_HOUR": (120, 1),
    # A score the LMS refused or did not answer is tried again this many times, waiting
    # PRUNE_LTI_RETRY_SECONDS, then twice as long each time.
    "PRUNE_LTI_GRADE_ATTEMPTS": (50, 1),
    "PRUNE_LTI_RETRY_SECONDS": (30, 1),
}


def lti_settings(environ: Mapping[str, str], instance_path: str) -> dict[str, Any]:
    """The settings: the file of registrations, the key and state folders, the limits."""
    instance = Path(instance_path)
    settings: dict[str, Any] = {
        "PRUNE_LTI_CONFIG": environ.get("PRUNE_LTI_CONFIG") or str(instance / "lti.json"),
        "PRUNE_LTI_KEYS_DIR": environ.get("PRUNE_LTI_KEYS_DIR") or str(instance / "lti-keys"),
        "PRUNE_LTI_DATABASE": environ.get("PRUNE_LTI_DATABASE") or str(instance / "lti.sqlite3"),
        # Scaled out: the store in this Redis (else MESSAGE_QUEUE's, else the SQLite file).
        "PRUNE_LTI_STORE": environ.get("PRUNE_LTI_STORE") or "",
    }
    for name, (default, smallest) in LIMITS.items():
        settings[name] = _whole_number(environ, name, default, smallest)
    return settings


def _whole_number(environ: Mapping[str, str], name: str, default: int, smallest: int) -> int:
    raw = environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {raw!r}") from None
    if value < smallest:
        raise ValueError(f"{name} must be at least {smallest}, not {value}")
    return value


def apply_settings(app) -> None:
    for name, value in lti_settings(os.environ, app.instance_path).items():
        app.config.setdefault(name, value)
