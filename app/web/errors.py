"""How errors are answered: JSON under /api (and for bad input), a friendly page elsewhere
(templates/404.html, templates/error.html); talisman adds the security headers to both."""

from __future__ import annotations

import json

from flask import current_app, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException, ServiceUnavailable

from ..engine import EngineError
from ..inputs import error_body
from ..lecture.stores import OUTAGE, STORE_ERRORS

UNREACHABLE = "the server cannot reach its store right now; try again in a few seconds"


def register_error_handlers(app) -> None:
    app.register_error_handler(EngineError, input_error)
    app.register_error_handler(HTTPException, http_error)
    for error in STORE_ERRORS:  # Redis down, the lecture file locked: a 503, one log line
        app.register_error_handler(error, store_error)


def input_error(err: EngineError):
    return error_body(err, gettext), 400


def store_error(err: Exception):
    OUTAGE.failed(err)
    return http_error(ServiceUnavailable(UNREACHABLE, retry_after=5))


def http_error(err: HTTPException):
    if request.path.startswith("/api/"):
        response = err.get_response()  # keeps headers such as Allow and Retry-After
        response.set_data(json.dumps({"error": _message(err)}))
        response.content_type = "application/json"
        return response
    if err.code == 404:
        return render_template("404.html"), 404
    if err.code is None or err.code < 400:
        return err
    response = err.get_response()  # keeps headers such as Allow
    response.set_data(
        render_template("error.html", code=err.code, title=_title(err), message=_page_message(err))
    )
    response.content_type = "text/html; charset=utf-8"
    return response


def _message(err: HTTPException) -> str:
    if getattr(err, "says_why", False):  # its description is the whole message
        return err.description
    if err.code == 429:  # Flask-Limiter's description is the limit, e.g. "120 per 1 minute"
        return gettext("too many requests (limit: %(limit)s); wait a moment", limit=err.description)
    if err.description != type(err).description:  # a message given to abort()
        return err.description
    if err.code == 413:
        limit = current_app.config["MAX_CONTENT_LENGTH"]
        return gettext(
            "the request body is larger than the limit of %(limit)s bytes", limit=f"{limit:,}"
        )
    if err.code == 414:
        limit = current_app.config["PRUNE_MAX_URL_CHARS"]
        return gettext(
            "the address is longer than the limit of %(limit)s characters", limit=f"{limit:,}"
        )
    where = {"method": request.method, "path": request.path}
    if err.code == 404:
        return gettext("not found: %(method)s %(path)s", **where)
    if err.code == 405:
        return gettext("method not allowed: %(method)s %(path)s", **where)
    return f"{err.name.lower()}: {request.method} {request.path}"


def _title(err: HTTPException) -> str:
    return {414: "Address too long", 500: "Something went wrong"}.get(err.code, err.name)


def _page_message(err: HTTPException) -> str:
    """A sentence for people (the JSON message is for programs)."""
    if err.code == 414:
        limit = current_app.config["PRUNE_MAX_URL_CHARS"]
        return (
            f"This address is longer than the {limit:,} characters this server accepts. "
            "A link to a big tree can be shared as a short link instead (“Save short link”)."
        )
    if err.code == 413:
        limit = current_app.config["MAX_CONTENT_LENGTH"]
        return f"What was sent is larger than the {limit:,} bytes this server accepts."
    if err.code == 500:
        return "The server failed to answer this request. Please try again in a moment."
    return err.description or err.name
