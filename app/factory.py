"""The application factory.

``create_app`` builds the Flask app: settings, pages and the JSON API, the pages' language
(Flask-Babel, ``app.i18n``), security headers, the API's rate limit, the pages' scripts and
sheets (the build's or the modules), compression, the Socket.IO server
(``app.realtime.sockets.socketio``), and the WSGI layers outside them
all (static files, trusted proxies, headers on Socket.IO's answers).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.routing import IntegerConverter

from .assets import init_assets
from .compute.job_pool import init_jobs
from .config import Config
from .i18n import init_i18n
from .lecture import drill_events, question_events  # noqa: F401  (register their handlers)
from .lecture.events import init_lecture
from .lecture.payloads import init_lecture_payloads
from .lti import init_lti
from .realtime.sockets import init_socketio
from .security import init_rate_limit, init_security_headers, init_url_limit, wrap_wsgi
from .static_files import init_compression
from .store import init_store
from .web.api import api
from .web.embeds import init_embeds
from .web.errors import register_error_handlers
from .web.exams import exam_pages, exams_api
from .web.experiments import experiment_pages, experiments_api, init_experiments
from .web.games import game_pages, games_api
from .web.lecture_payloads import lecture_payloads
from .web.lessons import lesson_pages, lessons_api
from .web.pages import pages
from .web.practice import practice_api

ROOT = Path(__file__).resolve().parent.parent


class AsciiInteger(IntegerConverter):
    """``<int:…>`` in a path: ASCII digits only. Werkzeug's matches ``\\d``, which takes any
    Unicode digit (``/slides/٠/trace`` would be slide 0)."""

    regex = r"[0-9]+"


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """A new app; ``config`` overrides the settings read from the environment."""
    instance_path = os.environ.get("INSTANCE_PATH")
    app = Flask(
        __name__,
        instance_path=os.path.abspath(instance_path) if instance_path else None,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_object(Config())
    app.config.update(config or {})
    app.json.sort_keys = False  # keep the engine's field order, and save the sorting
    app.url_map.converters["int"] = AsciiInteger  # before any route is added

    app.register_blueprint(pages)
    app.register_blueprint(api)
    app.register_blueprint(game_pages)
    app.register_blueprint(games_api)
    app.register_blueprint(experiment_pages)
    app.register_blueprint(experiments_api)
    app.register_blueprint(practice_api)
    app.register_blueprint(lecture_payloads)
    app.register_blueprint(lesson_pages)
    app.register_blueprint(lessons_api)
    app.register_blueprint(exam_pages)
    app.register_blueprint(exams_api)
    register_error_handlers(app)
    init_assets(app)
    init_i18n(app)  # after the assets: a page's messages are its bundles' modules'
    init_security_headers(app)
    init_compression(app)
    init_url_limit(app)
    init_rate_limit(app, api, games_api, experiments_api, practice_api, lessons_api)
    init_socketio(app)
    init_experiments(app)
    init_jobs(app)
    init_lecture(app)
    init_lecture_payloads(app)
    init_store(app)
    init_embeds(app)
    init_lti(app)
    # Last: outside Socket.IO's middleware, so that /socket.io/ answers carry the security
    # headers and trusted proxies' client addresses reach Socket.IO handlers too.
    wrap_wsgi(app)
    return app
