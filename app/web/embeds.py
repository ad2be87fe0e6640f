"""Embeddable pages (``/embed``): the only pages another site may frame.

Their ``frame-ancestors`` comes from ``PRUNE_EMBED_ORIGINS``; every other page keeps the
default ``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``. They set no cookie, so
they work in third-party iframes whatever the browser's cookie policy.

An embed of a preset or a saved view loads its tree and trace with cacheable GETs
(``/api/presets/<name>[/trace]``, ``/api/views/<id>[/trace]``, see ``traces.py``), which
the per-address rate limit does not count: a class behind one address all see the tree.
The page gives the script the engine's version (``data-trace-version``) to put in the
trace's address, so a saved view's trace may be cached for good.
"""

from __future__ import annotations

import functools

from flask import abort, render_template

from ..lecture.rooms import RoomError, normalize_code
from ..security import CONTENT_SECURITY_POLICY, talisman
from ..store import view_store
from .lessons import embed_lesson
from .pages import DRILL_LEVELS, _index
from .traces import ENGINE_VERSION


def embed():
    return render_template("embed.html", saved_id=None, trace_version=ENGINE_VERSION)


def embed_saved(identifier: str):
    if view_store().load(identifier) is None:
        abort(404)
    return render_template("embed.html", saved_id=identifier, trace_version=ENGINE_VERSION)


def embed_practice():
    """Practice in an iframe: the tree and trace load once; grading stays in the browser."""
    return render_template("embed_practice.html", embed=True, trace_version=ENGINE_VERSION)


def embed_drill():
    """The drill in an iframe: trees are generated and graded in the browser; nothing is sent."""
    return render_template("drill.html", levels=DRILL_LEVELS, embed=True)


def embed_join(code: str):
    """``/embed/join/<code>``: a student following lecture ``code`` in a frame (an LMS page):
    the main page's follow view (slide, step, questions) without its inputs, sized by
    ``lti.frameResize`` (templates/embed_join.html)."""
    try:
        code = normalize_code(code)
    except RoomError:
        abort(404)
    return _index(None, template="embed_join.html", lecture_code=code)


def init_embeds(app) -> None:
    """Register the embed routes with this app's framing policy."""
    policy = {**CONTENT_SECURITY_POLICY, "frame-ancestors": app.config["PRUNE_EMBED_ORIGINS"]}
    framable = talisman(frame_options=None, content_security_policy=policy)
    routes = (
        ("/embed", embed),
        ("/embed/practice", embed_practice),  # a fixed path: matched before <identifier>
        ("/embed/practice/drill", embed_drill),
        ("/embed/l/<identifier>", embed_lesson),  # a lesson, with slide navigation
        ("/embed/join/<code>", embed_join),  # a student following a lecture
        ("/embed/<identifier>", embed_saved),
    )
    for rule, view in routes:
        # A fresh wrapper per app: talisman keeps its options on the function object.
        app.add_url_rule(rule, view.__name__, framable(functools.wraps(view)(_call(view))))


def _call(view):
    def wrapper(**kwargs):
        return view(**kwargs)

    return wrapper
