"""Why a launch (or a login) is refused: an HTTP status and a sentence for the person who
clicked the link in their LMS, shown on a page (templates/lti/refused.html), never a 500.

``refusal_for`` turns the protocol library's errors into one; the checks of launch.py raise
their own with the exact reason (a bad signature, an expired token, a replayed nonce…).
The title and the reason are marked for the catalogs: the page says them in the learner's
language (the launch's ``Accept-Language``, or the ``prune_lang`` cookie); a detail from the
protocol library or the platform (``detail``) is shown as it came.
"""

from __future__ import annotations

from pylti1p3.exception import LtiException, OIDCException

from ..engine.errors import N_, Language, Message


class Refusal(Exception):
    """A refused LTI request: ``status`` (4xx, or 502 when the platform cannot be reached),
    a short ``title`` (a catalog message) and the ``reason`` in a sentence (``str``: English;
    ``translated(language)``: the reader's language)."""

    def __init__(self, status: int, title: str, reason: str | Message):
        self.message = reason if isinstance(reason, Message) else Message(reason)
        super().__init__(str(self.message))
        self.status = status
        self.title = title
        self.reason = str(self.message)

    def translated(self, language: Language | None = None) -> tuple[str, str]:
        """The title and the reason in ``language``."""
        return Message(self.title).translated(language), self.message.translated(language)


def oversized(size: int, limit: int) -> Refusal:
    says = N_("The launch token is {size} bytes; at most {limit}.")
    reason = Message(says, size=f"{size:,}", limit=f"{limit:,}")
    return Refusal(413, N_("Launch token too large"), reason)


def missing(field: str) -> Refusal:
    reason = Message(N_("The request has no {field}."), field=field)
    return Refusal(400, N_("Not an LTI launch"), reason)


def unknown_issuer(issuer: str | None) -> Refusal:
    says = N_("Prune is not registered with the platform {issuer} (or that client id).")
    return Refusal(400, N_("Unknown platform"), Message(says, issuer=repr(issuer)))


def unknown_state() -> Refusal:
    says = N_(
        "This launch did not start from Prune's login, or took too long: open the link again."
    )
    return Refusal(400, N_("Launch not recognised"), Message(says))


def replayed() -> Refusal:
    says = N_(
        "This launch was already used (a replayed nonce): open the link again from your course."
    )
    return Refusal(400, N_("Launch already used"), Message(says))


def nonce_mismatch() -> Refusal:
    says = N_("The launch's nonce is not the one Prune gave.")
    return Refusal(400, N_("Launch not recognised"), Message(says))


def bad_signature(detail: str | Message) -> Refusal:
    says = N_("The launch's signature is not valid ({detail}).")
    return Refusal(401, N_("Bad signature"), Message(says, detail=detail))


def expired() -> Refusal:
    says = N_("The launch token has expired: open the link again.")
    return Refusal(401, N_("Launch expired"), Message(says))


def unknown_deployment(deployment: str | None) -> Refusal:
    says = N_("The deployment {deployment} of this platform is not registered with Prune.")
    return Refusal(403, N_("Unknown deployment"), Message(says, deployment=repr(deployment)))


def platform_down(detail: str) -> Refusal:
    says = N_("Prune could not fetch the platform's keys to check the launch ({detail}).")
    return Refusal(502, N_("Platform not reachable"), Message(says, detail=detail))


def launch_needed(again: str | None = None) -> Refusal:
    """A page that needs a launch (a grant) reached without one."""
    says = (
        N_("Open the content picker again from your course.")
        if again == "picker"
        else N_("Open Prune again from your course.")
    )
    return Refusal(403, N_("Launch needed"), Message(says))


def refusal_for(err: Exception) -> Refusal:
    """A refusal for an error of the protocol library that launch.py does not name itself."""
    if isinstance(err, Refusal):
        return err
    if isinstance(err, (LtiException, OIDCException)):
        says = Message(N_("The launch is not valid: {detail}"), detail=str(err))
        return Refusal(400, N_("Launch refused"), says)
    return Refusal(400, N_("Launch refused"), Message(N_("The launch is not valid.")))
