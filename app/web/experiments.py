"""The experiments' API (``/api/experiments/<name>``) and page (``/experiments``).

An experiment may take tens of seconds, so its rows stream as they are computed, one JSON
object a line (``application/x-ndjson``): ``{"columns", "total"}`` first, then
``{"row", "done"}`` per row, then ``{"summary"}`` (``null`` but for random-binary); empty
lines may come between them while a row is computed. The page shows progress from them and
cancels by closing the request. Each run computes in a process of its own, within the
experiments' pool and budgets (app/web/experiment_pool.py), so that searches and pages keep
their latency. Parameters are the command line's (docs/experiments.md); a bad one is a 400
naming its field, before anything is computed.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, request

from ..experiments.catalog import build
from .experiment_pool import Budget, ExperimentPool, ExperimentStream
from .traces import query_options

experiment_pages = Blueprint("experiments", __name__)
experiments_api = Blueprint("experiments_api", __name__, url_prefix="/api/experiments")


def init_experiments(app) -> None:
    """The app's experiment pool, from its settings."""
    app.extensions["prune.experiments"] = ExperimentPool(app.config["PRUNE_MAX_EXPERIMENTS"])


@experiment_pages.get("/experiments")
def experiments_page():
    return render_template("experiments.html")


@experiments_api.get("/<name>")
def run_experiment(name: str):
    given = query_options()
    build(name, given)  # a bad parameter is a 400 now, not a line later
    config = current_app.config
    pool = current_app.extensions["prune.experiments"]
    address = request.remote_addr or "unknown"
    pool.admit(address)
    budget = Budget(config["PRUNE_EXPERIMENT_SECONDS"], config["PRUNE_EXPERIMENT_MEGABYTES"])
    return Response(
        ExperimentStream(pool, address, name, given, budget), mimetype="application/x-ndjson"
    )
