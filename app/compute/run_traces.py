"""A run's trace, computed where it should be (docs/deployment.md, "Why gevent"): a small
request (at most ``PRUNE_INLINE_TRACE_BYTES`` of JSON, such as the textbook trees) in the
server, giving way to the other clients between batches; a bigger one in a worker process
(``job_pool.py``), which names a bad node or option. Used by the web's trace routes
(app/web/traces.py, app/web/api.py) and a lecture view's trace (app/lecture/payloads.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import asdict
from typing import Any

import orjson
from flask import current_app

from ..inputs import limits_from
from ..tracing import big_payload, trace_chunks
from .job_pool import Timer, run_job
from .turns import take_turns


def trace_body(run: Any) -> Iterator[bytes]:
    """A run request's whole trace as JSON (app/tracing.py), validated first: a bad request
    raises before the first byte. A small request (at most ``PRUNE_INLINE_TRACE_BYTES`` of
    JSON, such as the textbook trees) is computed here, giving way to the other clients
    between batches; a bigger one in a worker process (job_pool.py), which names a bad node or
    option."""
    limits = limits_from(current_app.config)
    payload = _worker_payload(run)
    if payload is None:
        return trace_chunks(run, limits, take_turns)
    return iter([run_job("trace", [payload, asdict(limits)])])


def prepared_trace(run: Any) -> Callable[[Timer], bytes]:
    """What computes the trace of ``run`` (as ``trace_body`` does), timed by the meter it is
    given: a small request's search, a big one's job (not its wait for a worker)."""
    limits = limits_from(current_app.config)
    payload = _worker_payload(run)
    if payload is None:
        chunks = trace_chunks(run, limits, take_turns)  # validated now
        return lambda meter: meter.run(lambda: b"".join(chunks))
    return lambda meter: run_job("trace", [payload, asdict(limits)], meter=meter)


def _worker_payload(run: Any) -> orjson.Fragment | None:
    """``run`` as JSON for a worker process when it is too big to compute here, else None."""
    payload = big_payload(run, current_app.config["PRUNE_INLINE_TRACE_BYTES"])
    return None if payload is None else orjson.Fragment(payload)
