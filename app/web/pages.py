"""HTML pages, and the health probe that load balancers and the test server poll."""

from __future__ import annotations

import io
from typing import Any

import segno
from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for

from ..lecture.rooms import RoomError, normalize_code
from ..store import view_store
from .preset_words import preset_choices

pages = Blueprint("pages", __name__)

# The drill's levels, in the order static/js/drill/trees.js's LEVELS lists them (a browser
# test checks that the two agree); drill.html shows each name in the page's language (the
# catalogs have the names from trees.js).
DRILL_LEVELS = [
    {"id": "binary", "name": "2-ply, binary"},
    {"id": "two-ply", "name": "2-ply, 2–3 children"},
    {"id": "three-ply", "name": "3-ply"},
    {"id": "ties", "name": "4-ply with ties"},
    {"id": "strict", "name": "Strict rule (CS188), ties"},
    {"id": "ghosts", "name": "Players max, min, min"},
    {"id": "chance", "name": "Chance nodes"},
    {"id": "pvs", "name": "PVS: children searched again"},
    {"id": "star1", "name": "Star1: chance children pruned"},
]


@pages.get("/")
def index():
    return _index(saved_id=None)


def _index(saved_id: str | None, template: str = "index.html", **extra: Any):
    """The visualizer's page (or a page built on it: embed_join.html) with what it needs."""
    presets = preset_choices(described=True)
    limits = public_limits(current_app.config)
    public_url = current_app.config["PRUNE_PUBLIC_URL"]
    return render_template(
        template, presets=presets, limits=limits, saved_id=saved_id, public_url=public_url, **extra
    )


@pages.get("/compare")
def compare():
    """Two searches of one tree side by side on one player (static/js/compare/page.js)."""
    from .traces import ENGINE_VERSION  # the version the cacheable trace GETs carry

    presets = preset_choices()
    return render_template("compare.html", presets=presets, trace_version=ENGINE_VERSION)


@pages.get("/practice")
def practice():
    """Practice: predict the search on a tree, graded in the browser (static/js/practice/)."""
    from .traces import ENGINE_VERSION  # the version the cacheable trace GETs carry

    presets = preset_choices(described=True)
    return render_template(
        "practice.html", presets=presets, embed=False, trace_version=ENGINE_VERSION
    )


@pages.get("/practice/drill")
def drill():
    """Drill: many small seeded trees, generated and graded in the browser (static/js/drill/)."""
    return render_template("drill.html", levels=DRILL_LEVELS, embed=False)


@pages.get("/help")
def help_page():
    """Every page's keys and what the tree's marks mean (templates/_help.html), on one page."""
    return render_template("help.html")


@pages.get("/t/<identifier>")
def saved(identifier: str):
    """A short link: the visualizer opening a saved view (a friendly 404 if there is none)."""
    if view_store().load(identifier) is None:
        abort(404)
    return _index(saved_id=identifier)


@pages.get("/join/<code>")
def join(code: str):
    """The link students open (or type): the visualizer, following lecture ``code``."""
    return redirect(url_for("pages.index", lecture=_lecture_code(code)))


@pages.get("/lecture/<code>/qr.svg")
def lecture_qr(code: str):
    """A QR code of the join link, for the projector.

    The link starts with ``PRUNE_PUBLIC_URL`` when it is set. Without it, the address this
    request came to is the best guess, but it is the client's ``Host`` header: the answer
    then depends on it, so it is kept from shared caches (and varies on ``Host``)."""
    public_url = current_app.config.get("PRUNE_PUBLIC_URL")
    origin = public_url or request.host_url.rstrip("/")
    path = url_for("pages.join", code=_lecture_code(code))
    if public_url:  # url_for's path includes SCRIPT_NAME; the public URL names its own prefix
        path = path.removeprefix(request.script_root)
    link = origin + path
    svg = io.BytesIO()
    segno.make(link, error="m").save(svg, kind="svg", scale=8, border=2, xmldecl=False)
    headers = {"Content-Type": "image/svg+xml"}
    if public_url:
        headers["Cache-Control"] = "max-age=3600"
    else:
        headers["Cache-Control"] = "private, max-age=3600"
        headers["Vary"] = "Host"
    return svg.getvalue(), 200, headers


def _lecture_code(text: str) -> str:
    try:
        return normalize_code(text)
    except RoomError:
        abort(404)


@pages.get("/healthz")
def healthz():
    """Alive, with the load a class puts on this process: open Socket.IO connections, the
    searches streaming now, the experiments computing and the jobs in worker processes."""
    return {
        "ok": True,
        "connections": len(current_app.extensions["prune.connections"]),
        "searches": current_app.extensions["prune.searches"].running,
        "experiments": current_app.extensions["prune.experiments"].running,
        "jobs": current_app.extensions["prune.jobs"].running,
    }


def public_limits(config: Any) -> dict[str, int]:
    """The limits a page needs to check input before sending it (see docs/protocol.md)."""
    return {
        "max_nodes": config["PRUNE_MAX_NODES"],
        "max_depth": config["PRUNE_MAX_DEPTH"],
        "max_message_bytes": config["MAX_CONTENT_LENGTH"],
        # The longest address (path and query) the server answers; longer gets a 414.
        "max_url_chars": config["PRUNE_MAX_URL_CHARS"],
    }
