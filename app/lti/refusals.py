"""Why a launch (or a login) is refused: an HTTP status and a sentence for the person who
clicked the link in their LMS, shown on a page (templates/lti/refused.html), never a 500.

``refusal_for`` turns the protocol library's errors into one; the checks of launch.py raise
their own with the exact reason (a bad signature, an expired token, a replayed nonce…).
"""

from __future__ import annotations

from pylti1p3.exception import LtiException, OIDCException


class Refusal(Exception):
    """A refused LTI request: ``status`` (4xx, or 502 when the platform cannot be reached),
    a short ``title`` and the ``reason`` in a sentence."""

    def __init__(self, status: int, title: str, reason: str):
        super().__init__(reason)
        self.status = status
        self.title = title
        self.reason = reason


def oversized(size: int, limit: int) -> Refusal:
    return Refusal(
        413, "Launch token too large", f"The launch token is {size:,} bytes; at most {limit:,}."
    )


def missing(field: str) -> Refusal:
    return Refusal(400, "Not an LTI launch", f"The request has no {field}.")


def unknown_issuer(issuer: str | None) -> Refusal:
    return Refusal(
        400,
        "Unknown platform",
        f"Prune is not registered with the platform {issuer!r} (or that client id).",
    )


def unknown_state() -> Refusal:
    return Refusal(
        400,
        "Launch not recognised",
        "This launch did not start from Prune's login, or took too long: open the link again.",
    )


def replayed() -> Refusal:
    return Refusal(
        400,
        "Launch already used",
        "This launch was already used (a replayed nonce): open the link again from your course.",
    )


def nonce_mismatch() -> Refusal:
    return Refusal(400, "Launch not recognised", "The launch's nonce is not the one Prune gave.")


def bad_signature(detail: str) -> Refusal:
    return Refusal(401, "Bad signature", f"The launch's signature is not valid ({detail}).")


def expired() -> Refusal:
    return Refusal(401, "Launch expired", "The launch token has expired: open the link again.")


def unknown_deployment(deployment: str | None) -> Refusal:
    return Refusal(
        403,
        "Unknown deployment",
        f"The deployment {deployment!r} of this platform is not registered with Prune.",
    )


def platform_down(detail: str) -> Refusal:
    return Refusal(
        502,
        "Platform not reachable",
        f"Prune could not fetch the platform's keys to check the launch ({detail}).",
    )


def refusal_for(err: Exception) -> Refusal:
    """A refusal for an error of the protocol library that launch.py does not name itself."""
    if isinstance(err, Refusal):
        return err
    if isinstance(err, (LtiException, OIDCException)):
        return Refusal(400, "Launch refused", f"The launch is not valid: {err}")
    return Refusal(400, "Launch refused", "The launch is not valid.")
