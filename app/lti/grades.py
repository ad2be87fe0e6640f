"""Scores to the LMS's gradebook (LTI Assignment and Grade Services).

A launched page reports a score with its grant (``POST /lti/score``); ``accept_score``
checks it against the grant (a gradable placement, the points placed, the person
launched), keeps the best one when the teacher chose "best", and puts a job in the
outbox (state.py) before anything is sent: a score the LMS refuses or cannot take now is
never lost. ``deliver`` sends a job (an access token from the platform's token endpoint,
the line item found or made, the score posted to it); a failure leaves it in the outbox,
tried again after ``PRUNE_LTI_RETRY_SECONDS``, twice as long each time, at most
``PRUNE_LTI_GRADE_ATTEMPTS`` times. ``send_due`` sends what is due (a background loop and
``flask lti send-scores`` call it).

The score itself comes from the student's browser, which grades practice and drills: a
student can send themself any score up to the placement's points, never one for somebody
else (docs/lti.md, "What a score can be trusted for").
"""

from __future__ import annotations

import contextlib
import time
from datetime import UTC, datetime
from typing import Any

import requests
from pylti1p3.assignments_grades import AssignmentsGradesService
from pylti1p3.exception import LtiException
from pylti1p3.grade import Grade
from pylti1p3.lineitem import LineItem
from pylti1p3.service_connector import ServiceConnector

from ..engine.errors import N_, Language, Message
from .state import LtiState

SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
MAX_OWN_POINTS = 1000  # a practice tree's own maximum (its gradable items) is below this
LEASE_SECONDS = 60  # a job being sent is not taken by another worker meanwhile
BEST_SECONDS = 400 * 86400  # how long the best score of a placement is remembered


class ScoreError(ValueError):
    """A score report that cannot be accepted; the message says why (``str(err)`` in English,
    ``err.translated(language)`` in the learner's language)."""

    def __init__(self, message: Message):
        self.message = message
        super().__init__(str(message))

    def translated(self, language: Language | None = None) -> str:
        return self.message.translated(language)


def accept_score(state: LtiState, grant: dict[str, Any] | None, given: Any, maximum: Any):
    """Check a reported score; the job to send, or None when a better one was sent."""
    if grant is None:
        raise ScoreError(Message(N_("the launch is unknown or has expired: open the item again")))
    if not is_graded(grant):
        raise ScoreError(Message(N_("this placement is not graded")))
    custom, ags = grant["custom"], grant["ags"]
    given, maximum = _number(given, "given"), _number(maximum, "maximum")
    points = int(custom["prune_points"])
    if points and maximum != points:
        says = N_("maximum must be {points}, the points of this placement")
        raise ScoreError(Message(says, points=points))
    if not 0 < maximum <= (points or MAX_OWN_POINTS) or not 0 <= given <= maximum:
        raise ScoreError(Message(N_("given must be from 0 to maximum, and maximum above 0")))
    if custom.get("prune_grading", "best") == "best":
        best_key = "lti-best:" + "|".join(
            [grant["issuer"], grant["client_id"], _placement(grant), grant["user"]]
        )
        best = state.get(best_key)
        if best is not None and given / maximum <= best:
            return None
        state.put(best_key, given / maximum, BEST_SECONDS)
    job = {
        "issuer": grant["issuer"],
        "client_id": grant["client_id"],
        "ags": ags,
        "label": grant["resource_link"]["title"] or custom.get("prune_target", "Prune"),
        "resource_id": custom.get("prune_target", ""),
        "user": grant["user"],
        "given": given,
        "maximum": maximum,
        "timestamp": datetime.now(UTC).isoformat(timespec="milliseconds"),
    }
    return job


def is_graded(grant: dict[str, Any]) -> bool:
    """A placement with points, launched with the platform's score service."""
    ags = grant.get("ags") or {}
    return "prune_points" in (grant.get("custom") or {}) and SCORE_SCOPE in (ags.get("scope") or [])


def _placement(grant: dict[str, Any]) -> str:
    return (grant.get("ags") or {}).get("lineitem") or grant["resource_link"]["id"] or ""


def _number(value: Any, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise ScoreError(Message(N_("{field} must be a number"), field=field))
    return float(value)


class StoreConnector(ServiceConnector):
    """PyLTI1p3's service connector, its access tokens kept in the store per platform and
    client (the library's Flask one shares them by issuer alone, in one process)."""

    def __init__(self, registration, requests_session, state: LtiState):
        super().__init__(registration, requests_session)
        self.state = state

    def _key(self, scope_key: str) -> str:
        return f"lti-token:{self._registration.get_client_id()}:{scope_key}"

    def _get_cached_access_token(self, scope_key: str) -> str | None:
        return self.state.get(self._key(scope_key))

    def _cache_access_token(self, scope_key: str, access_token: str, expires_in: float):
        if expires_in and expires_in > 60:
            self.state.put(self._key(scope_key), access_token, expires_in - 30)


def deliver(tool, job: dict[str, Any]) -> None:
    """Send one score; raises ``LtiException`` or ``requests.RequestException`` if it fails."""
    registration = tool.config.find_registration_by_params(job["issuer"], job["client_id"])
    connector = StoreConnector(registration, tool.http(), tool.state)
    service = AssignmentsGradesService(connector, job["ags"])
    grade = (
        Grade()
        .set_score_given(job["given"])
        .set_score_maximum(job["maximum"])
        .set_timestamp(job["timestamp"])
        .set_activity_progress("Completed")
        .set_grading_progress("FullyGraded")
        .set_user_id(job["user"])
    )
    line_item = None
    if not job["ags"].get("lineitem"):
        line_item = (
            LineItem()
            .set_tag(job["resource_id"])
            .set_resource_id(job["resource_id"])
            .set_label(job["label"])
            .set_score_maximum(job["maximum"])
        )
    if line_item is not None:
        line_item = service.find_or_create_lineitem(line_item)
    # A 2xx whose body is not JSON (read only after the status) was taken by the LMS.
    with contextlib.suppress(requests.exceptions.JSONDecodeError):
        service.put_grade(grade, line_item)


def send(tool, job_id: int, job: dict[str, Any], attempts: int) -> bool:
    """Try ``job`` once; True when the LMS took it."""
    try:
        deliver(tool, job)
    except (LtiException, requests.RequestException) as err:
        settings = tool.settings
        if attempts + 1 >= settings["PRUNE_LTI_GRADE_ATTEMPTS"]:
            retry_in = 365 * 86400  # kept for an operator (flask lti scores), no longer tried
        else:
            retry_in = settings["PRUNE_LTI_RETRY_SECONDS"] * 2 ** min(attempts, 10)
        tool.state.failed(job_id, _reason(err), retry_in)
        return False
    tool.state.sent(job_id)
    return True


def queue_and_send(tool, job: dict[str, Any]) -> bool:
    """Keep ``job`` in the outbox, then try it at once; True when the LMS took it."""
    tool.start_sender()
    job_id = tool.state.enqueue(job)
    return tool.state.take(job_id, LEASE_SECONDS) and send(tool, job_id, job, 0)


def send_due(tool) -> int:
    """Send every job whose time has come; how many the LMS took."""
    taken = 0
    for job_id, job, attempts in tool.state.due():
        if tool.state.take(job_id, LEASE_SECONDS):
            taken += send(tool, job_id, job, attempts)
    return taken


def _reason(err: Exception) -> str:
    response = getattr(err, "response", None) or (err.args[1] if len(err.args) > 1 else None)
    status = getattr(response, "status_code", None)
    return f"{type(err).__name__}: {err.args[0] if err.args else ''}" + (
        f" (HTTP {status})" if status else ""
    )


def wait_and_send(tool, stop) -> None:
    """The outbox's loop: send what is due every ``PRUNE_LTI_RETRY_SECONDS`` until ``stop``."""
    while not stop.wait(tool.settings["PRUNE_LTI_RETRY_SECONDS"]):
        try:
            send_due(tool)
        except Exception:  # noqa: BLE001  (a broken store must not end the loop)
            time.sleep(1)
