"""How errors are answered: JSON under /api (and for bad input), a friendly page elsewhere
(templates/404.html, templates/error.html); talisman adds the security headers to both."""

from __future__ import annotations

import json

from flask import current_app, render_template, request
from flask_babel import format_decimal, get_translations, gettext
from werkzeug.exceptions import HTTPException, ServiceUnavailable

from ..engine import EngineError
from ..engine.errors import N_
from ..inputs import error_body
from ..lecture.stores import OUTAGE, STORE_ERRORS
from ..store import StoreError

UNREACHABLE = N_("the server cannot reach its store right now; try again in a few seconds")


def register_error_handlers(app) -> None:
    app.register_error_handler(EngineError, input_error)
    app.register_error_handler(HTTPException, http_error)
    for error in STORE_ERRORS:  # Redis down, the lecture file locked: a 503, one log line
        app.register_error_handler(error, store_error)


def input_error(err: EngineError):
    return error_body(err, get_translations()), 400  # translations: plurals too


def store_error(err: Exception):
    OUTAGE.failed(err)
    return http_error(ServiceUnavailable(gettext(UNREACHABLE), retry_after=5))


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


def store_refusal(err: StoreError) -> str:
    """A save the store refused, in the request's language."""
    if err.kind is None:
        return gettext("this view cannot be saved (id collision); change it slightly")
    sizes = {"size": f"{err.size:,}", "limit": f"{err.limit:,}"}
    if err.kind == "lesson":
        return gettext(
            "the lesson is %(size)s bytes; saved lessons may be at most %(limit)s bytes", **sizes
        )
    if err.kind == "exam":
        return gettext(
            "the exam is %(size)s bytes; saved exams may be at most %(limit)s bytes", **sizes
        )
    return gettext(
        "the view is %(size)s bytes; saved views may be at most %(limit)s bytes", **sizes
    )


def _message(err: HTTPException) -> str:
    if getattr(err, "says_why", False):  # its message is the whole message
        message = getattr(err, "message", None)
        return message.translated(get_translations()) if message is not None else err.description
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
    """The page's heading, in the reader's language (HTTP's own name for a code not listed)."""
    titles = {
        400: gettext("Bad request"),
        403: gettext("Not allowed"),
        405: gettext("Method not allowed"),
        413: gettext("Too much sent"),
        414: gettext("Address too long"),
        429: gettext("Too many requests"),
        500: gettext("Something went wrong"),
        502: gettext("Another server did not answer"),
        503: gettext("Not available right now"),
    }
    return titles.get(err.code, err.name)


def _page_message(err: HTTPException) -> str:
    """A sentence for people (the JSON message is for programs), in their language; a message
    the app gave (abort's description) is kept as given."""
    if err.code == 414:
        limit = format_decimal(current_app.config["PRUNE_MAX_URL_CHARS"])
        return gettext(
            "This address is longer than the %(limit)s characters this server accepts. "
            "A link to a big tree can be shared as a short link instead (“Save short link”).",
            limit=limit,
        )
    if err.code == 413:
        limit = format_decimal(current_app.config["MAX_CONTENT_LENGTH"])
        return gettext(
            "What was sent is larger than the %(limit)s bytes this server accepts.", limit=limit
        )
    if err.code == 500:
        return gettext("The server failed to answer this request. Please try again in a moment.")
    if err.description != type(err).description and err.description:
        return err.description
    generic = {
        400: gettext("The server could not understand this request."),
        403: gettext("This page is not open to this request."),
        405: gettext("This address does not answer this kind of request."),
        429: gettext("Too many requests came from this address; wait a moment and try again."),
        503: gettext("The server cannot answer right now; try again in a few seconds."),
    }
    return generic.get(err.code, err.description or err.name)
