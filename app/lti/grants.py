"""A launch's grant: what a launched page may do afterwards, kept in the store under a random
token the page carries in its address's fragment (``#lti=…``, never sent in a Referer):
a graded placement's page (its score), the instructor's course page and picker.

It names the person (the platform's ``sub`` and name), their role (instructor or learner),
the course and placement, where the launch landed, and, for a gradable placement, the
platform's grade service (AGS) and the points. The page reports a score with the token;
the score is posted for that person only (grades.py).
"""

from __future__ import annotations

import secrets
from typing import Any

from .state import LtiState

CLAIM = "https://purl.imsglobal.org/spec/lti/claim/"
AGS_CLAIM = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
DEEP_LINKING_CLAIM = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
# Roles that teach (LIS v2 context roles, and the institution roles some LMSs send alone).
TEACHING_ROLES = ("#Instructor", "#Administrator", "#ContentDeveloper", "#TeachingAssistant")


def role_of(roles: list[str]) -> str:
    """``instructor`` for a teaching role, else ``learner``."""
    if any(isinstance(role, str) and role.endswith(TEACHING_ROLES) for role in roles):
        return "instructor"
    return "learner"


def grant_from(body: dict[str, Any], launch_id: str) -> dict[str, Any]:
    """What a grant keeps of a checked launch's claims."""
    context = body.get(CLAIM + "context") or {}
    link = body.get(CLAIM + "resource_link") or {}
    custom = body.get(CLAIM + "custom") or {}
    return {
        "launch_id": launch_id,
        "issuer": body["iss"],
        "client_id": body["aud"][0] if isinstance(body["aud"], list) else body["aud"],
        "deployment_id": body.get(CLAIM + "deployment_id"),
        "user": body.get("sub"),
        "name": body.get("name") or body.get("given_name") or "",
        "role": role_of(body.get(CLAIM + "roles") or []),
        "context": {"id": context.get("id"), "title": context.get("title") or ""},
        "resource_link": {"id": link.get("id"), "title": link.get("title") or ""},
        "custom": {key: str(value) for key, value in custom.items()},
        "ags": body.get(AGS_CLAIM),
        "deep_linking": body.get(DEEP_LINKING_CLAIM),
    }


def course_key(grant: dict[str, Any]) -> str:
    """One course of one platform (its context), for the class summary."""
    return f"{grant['issuer']}|{grant['client_id']}|{grant['context']['id']}"


def open_grant(state: LtiState, grant: dict[str, Any], seconds: int) -> str:
    token = secrets.token_urlsafe(24)
    state.put(f"lti-grant:{token}", grant, seconds)
    return token


def find_grant(state: LtiState, token: str) -> dict[str, Any] | None:
    if not isinstance(token, str) or not 16 <= len(token) <= 64:
        return None
    return state.get(f"lti-grant:{token}")
