"""One experiment computed in a process of its own: ``python -m app.experiments.worker NAME
PARAMETERS_JSON MEGABYTES``. It writes the API's NDJSON lines to stdout (docs/experiments.md):
``{"columns", "total"}``, ``{"row", "done"}`` per row, ``{"summary"}``; or an error line
(error_lines.py) when it runs out of its memory budget (its address space is capped at
MEGABYTES). It runs at a lower priority than the server, which starts, times and stops it
(app/web/experiment_pool.py).
"""

from __future__ import annotations

import json
import os
import resource
import sys

import orjson

from ..engine.errors import N_, Message
from .catalog import build, summarize
from .error_lines import error_line

NICENESS = 10


def write(item: dict | bytes) -> None:
    sys.stdout.buffer.write(item if isinstance(item, bytes) else orjson.dumps(item) + b"\n")
    sys.stdout.buffer.flush()


def main(argv: list[str]) -> int:
    name, given, megabytes = argv[1], json.loads(argv[2]), int(argv[3])
    limit = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.nice(NICENESS)
    try:
        experiment = build(name, given)
        write({"columns": list(experiment.columns), "total": experiment.total_rows()})
        rows: list[dict] = []
        for row in experiment.rows():
            rows.append(row)
            write({"row": row, "done": len(rows)})
        write({"summary": summarize(name, rows)})
    except MemoryError:
        rows = []  # frees what it can before saying so
        says = N_("this experiment needs more than its {megabytes} MB; ask for less")
        write(error_line(Message(says, megabytes=f"{megabytes:,}")))
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
