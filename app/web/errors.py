"""How errors are answered: JSON under /api (and for bad input), a friendly page elsewhere."""

from __future__ import annotations

import json

from flask import current_app, render_template, request
from werkzeug.exceptions import HTTPException

from ..engine import EngineError
from ..inputs import error_body


def register_error_handlers(app) -> None:
    app.register_error_handler(EngineError, input_error)
    app.register_error_handler(HTTPException, http_error)


def input_error(err: EngineError):
    return error_body(err), 400


def http_error(err: HTTPException):
    if request.path.startswith("/api/"):
        response = err.get_response()  # keeps headers such as Allow and Retry-After
        response.set_data(json.dumps({"error": _message(err)}))
        response.content_type = "application/json"
        return response
    if err.code == 404:
        return render_template("404.html"), 404
    return err


def _message(err: HTTPException) -> str:
    if err.code == 429:  # Flask-Limiter's description is the limit, e.g. "120 per 1 minute"
        return f"too many requests (limit: {err.description}); wait a moment"
    if err.description != type(err).description:  # a message given to abort()
        return err.description
    if err.code == 413:
        limit = current_app.config["MAX_CONTENT_LENGTH"]
        return f"the request body is larger than the limit of {limit:,} bytes"
    return f"{err.name.lower()}: {request.method} {request.path}"
