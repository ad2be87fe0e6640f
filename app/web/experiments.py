"""The experiments' API (``/api/experiments/<name>``) and page (``/experiments``).

An experiment may take tens of seconds, so its rows stream as they are computed, one JSON
object a line (``application/x-ndjson``): ``{"columns", "total"}`` first, then
``{"row", "done"}`` per row, then ``{"summary"}`` (``null`` but for random-binary); empty
lines may come between them while a row is computed. The page shows progress from them and
cancels by closing the request. Each run computes in a process of its own, within the
experiments' pool and budgets (app/web/experiment_pool.py), so that searches and pages keep
their latency; finished results are kept per query and a run being computed is followed, not
repeated (app/web/experiment_results.py: ``X-Prune-Experiment`` says ``computed``, ``shared``
or ``cached``). Parameters are the command line's (docs/experiments.md); a bad one is a 400
naming its field, before anything is computed.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, request
from flask_babel import get_translations

from ..experiments.catalog import build
from ..experiments.error_lines import SaidIn
from .experiment_pool import Budget, ExperimentPool, ExperimentStream
from .experiment_results import ExperimentResults, Recording, Shared
from .traces import query_options

experiment_pages = Blueprint("experiments", __name__)
experiments_api = Blueprint("experiments_api", __name__, url_prefix="/api/experiments")


def init_experiments(app) -> None:
    """The app's experiment pool, from its settings."""
    config = app.config
    app.extensions["prune.experiments"] = ExperimentPool(
        config["PRUNE_MAX_EXPERIMENTS"],
        queue_wait=config["PRUNE_EXPERIMENT_QUEUE_SECONDS"],
        retry_seconds=config["PRUNE_EXPERIMENT_RETRY_SECONDS"],
    )
    app.extensions["prune.experiments.results"] = ExperimentResults(
        config["PRUNE_EXPERIMENT_CACHE_ENTRIES"], config["PRUNE_EXPERIMENT_CACHE_BYTES"]
    )


@experiment_pages.get("/experiments")
def experiments_page():
    return render_template("experiments.html")


@experiments_api.get("/<name>")
def run_experiment(name: str):
    given = query_options()
    build(name, given)  # a bad parameter is a 400 now, not a line later
    results: ExperimentResults = current_app.extensions["prune.experiments.results"]
    key = results.key(name, given)
    found = results.find(key)
    if found is not None:
        return _answer(found)
    config = current_app.config
    pool = current_app.extensions["prune.experiments"]
    address = request.remote_addr or "unknown"
    pool.admit(address)
    shared, mine = results.start(key)  # another request may have started it meanwhile
    if not mine:
        pool.release(address)
        return _answer(shared)
    budget = Budget(config["PRUNE_EXPERIMENT_SECONDS"], config["PRUNE_EXPERIMENT_MEGABYTES"])
    stream = ExperimentStream(pool, address, name, given, budget)
    return _answer(Recording(results, key, shared, stream), "computed")


def _answer(body: bytes | Shared | Recording, how: str = "") -> Response:
    """The NDJSON answer: a finished body, a run followed, or a run computed here."""
    if isinstance(body, Shared):
        body, how = body.follow(), "shared"
    if not isinstance(body, bytes):  # a run that may end with an error line: in my language
        body = SaidIn(body, get_translations())
    headers = {"X-Prune-Experiment": how or "cached"}
    return Response(body, mimetype="application/x-ndjson", headers=headers)
