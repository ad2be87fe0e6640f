"""The computations a worker process runs for the server (app/compute/job_pool.py), and that
process's loop: ``python -m app.jobs MEGABYTES``.

A job is a kind named in ``KINDS`` and JSON arguments; its answer is JSON bytes. The process
reads jobs from stdin and writes answers to stdout, one frame each (a 4-byte big-endian
length, then the bytes): a job is ``{"kind", "args", "seconds"}``; an answer is ``b"o"`` and
the JSON, or ``b"e"`` and ``{"error", "field"?, "path"?, "budget"?}``. The process's address
space is capped at MEGABYTES and each job's CPU time at its ``seconds`` (``RLIMIT_CPU``, so a
runaway job ends itself); a job over either budget answers an error with ``"budget"`` set,
and the server then replaces the process. It runs at a lower priority than the server.
Nothing here knows Flask: the server checks a request's input first, so an error here is
rare (and still named).
"""

from __future__ import annotations

import os
import resource
import signal
import struct
import sys
from collections.abc import Callable
from typing import Any, BinaryIO

import orjson

from .engine import EngineError, Limits

NICENESS = 10
HEADER = struct.Struct(">I")


class OutOfTime(Exception):
    """The job used up its CPU time (``SIGXCPU``)."""


def _no_pause() -> None:
    """Nothing else shares this process: a search never needs to give way."""


def pacman_game(maze: str, settings: dict[str, Any]) -> Any:
    from .games.pacman_play import play_pacman

    return play_pacman(maze, **settings, pause=_no_pause)


def pacman_trace(maze: str, settings: dict[str, Any]) -> Any:
    from .games.pacman_play import pacman_decision

    return pacman_decision(maze, **settings, pause=_no_pause)


def pacman_tree(maze: str, settings: dict[str, Any]) -> Any:
    from .games.pacman_play import pacman_practice_tree

    return pacman_practice_tree(maze, **settings, pause=_no_pause)


def course_game(layout: str, settings: dict[str, Any]) -> Any:
    from .games.cs188_play import play_course_game

    return play_course_game(layout, **settings, pause=_no_pause)


def course_trace(layout: str, settings: dict[str, Any]) -> Any:
    from .games.cs188_play import course_decision

    return course_decision(layout, **settings, pause=_no_pause)


def course_tree(layout: str, settings: dict[str, Any]) -> Any:
    from .games.cs188_play import course_practice_tree

    return course_practice_tree(layout, **settings, pause=_no_pause)


def tictactoe(kind: str, board: str, given: dict[str, str], limits: dict[str, Any]) -> Any:
    from .games.options import read_game_options
    from .games.tictactoe_play import tictactoe_move, tictactoe_trace

    answer = {"move": tictactoe_move, "trace": tictactoe_trace}[kind]
    options = read_game_options(given, Limits(**limits))
    return answer(board, options, Limits(**limits), _no_pause)


def tictactoe_tree(board: str, size: str) -> Any:
    from .games.tictactoe_play import tictactoe_practice_tree

    return tictactoe_practice_tree(board, size)


def trace(run: Any, limits: dict[str, Any]) -> bytes:
    """A run request's whole trace as JSON (app/web/traces.py's shape)."""
    from .tracing import trace_chunks

    return b"".join(trace_chunks(run, Limits(**limits), _no_pause))


def run(message: Any, limits: dict[str, Any], batch: int) -> bytes:
    """A socket run computed whole, as lines of JSON (app/tracing.py's ``run_lines``)."""
    from .tracing import run_lines

    return run_lines(message, Limits(**limits), batch, _no_pause)


def grade(run: Any, answer: Any, limits: dict[str, Any], locale: str = "en") -> Any:
    from .i18n.catalogs import load_translations
    from .inputs import read_run
    from .practice import grade_answer

    document, options = read_run(run, Limits(**limits), _no_pause)
    translations = load_translations(locale)
    return grade_answer(document.tree, options, answer, Limits(**limits), translations, locale)


def cs188_import(text: str, limits: dict[str, Any]) -> Any:
    from .engine.cs188 import parse_cs188

    return parse_cs188(text, Limits(**limits))


def cs188_export(run: Any, limits: dict[str, Any]) -> Any:
    from .engine.cs188_export import export_cs188
    from .inputs import read_run

    document, options = read_run(run, Limits(**limits), _no_pause)
    return export_cs188(document, options)


def course_import(text: str, limits: dict[str, Any]) -> Any:
    from .engine.course_formats import import_tree

    return import_tree(text, Limits(**limits))


def course_export(body: Any, limits: dict[str, Any]) -> Any:
    from .engine.exports import export
    from .inputs import read_run

    run = {key: body[key] for key in ("tree", "options") if key in body}
    document, options = read_run(run, Limits(**limits), _no_pause)
    windows = body.get("windows", True) is not False
    return {"text": export(document, options, body.get("format"), body.get("step"), windows)}


def random_document(body: Any, limits: dict[str, Any]) -> Any:
    from .inputs import read_random

    return read_random(body, Limits(**limits))


def exam(spec: Any, limits: dict[str, Any]) -> Any:
    """A whole exam, every variant (app/exams); a refused spec is an input error."""
    from .exams import ExamLimits, SpecError, generate_exam

    try:
        return generate_exam(spec, ExamLimits(**limits))
    except SpecError as err:
        raise EngineError(err.message, field=err.field) from None


KINDS: dict[str, Callable[..., Any]] = {
    "pacman.game": pacman_game,
    "pacman.trace": pacman_trace,
    "pacman.tree": pacman_tree,
    "cs188.game": course_game,
    "cs188.trace": course_trace,
    "cs188.tree": course_tree,
    "tictactoe": tictactoe,
    "tictactoe.tree": tictactoe_tree,
    "trace": trace,
    "grade": grade,
    "run": run,
    "cs188.import": cs188_import,
    "cs188.export": cs188_export,
    "formats.import": course_import,
    "formats.export": course_export,
    "random": random_document,
    "exam": exam,
}


def read_frame(stream: BinaryIO) -> bytes | None:
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    return stream.read(HEADER.unpack(header)[0])


def write_frame(stream: BinaryIO, data: bytes) -> None:
    stream.write(HEADER.pack(len(data)) + data)
    stream.flush()


def answer(job: dict[str, Any]) -> bytes:
    """The answer frame to one job."""
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    used = resource.getrusage(resource.RUSAGE_SELF)
    spent = int(used.ru_utime + used.ru_stime) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (spent + int(job["seconds"]), hard))
    try:
        result = KINDS[job["kind"]](*job["args"])
        return b"o" + (result if isinstance(result, bytes) else orjson.dumps(result))
    except EngineError as err:
        message = err.message.to_data()  # translated where it is answered
        error = {"error": str(err), "message": message, "field": err.field, "path": err.path}
        return b"e" + orjson.dumps(error)
    except MemoryError:
        return b"e" + orjson.dumps({"error": "memory", "budget": "memory"})
    except OutOfTime:
        return b"e" + orjson.dumps({"error": "time", "budget": "time"})
    finally:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def _out_of_time(signum, frame) -> None:
    raise OutOfTime


def main(argv: list[str]) -> int:
    limit = int(argv[1]) * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.nice(NICENESS)
    signal.signal(signal.SIGXCPU, _out_of_time)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server ends this process, not ^C
    jobs, answers = sys.stdin.buffer, sys.stdout.buffer
    while (frame := read_frame(jobs)) is not None:
        write_frame(answers, answer(orjson.loads(frame)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
