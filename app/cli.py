"""``python -m app.engine``: one command line composed of the engine's commands (``trace``,
``random``, ``presets``: app/engine/cli.py), the games' (``game``: app/games/cli.py), the
experiments' (``experiment``: app/experiments/cli.py) and the exams' (``exam``:
app/exams/cli.py). The engine imports none of its users;
this module, outside it, puts them together (app/engine/__main__.py hands over to ``main``).

Output is JSON on stdout (CSV for experiments); bad input is exit status 2 with one line on
stderr and nothing on stdout, so the command composes in shell pipelines and course scripts.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, NoReturn

from .engine.cli import ENGINE_COMMANDS, add_engine_commands, run_engine_command
from .engine.errors import EngineError
from .exams.cli import add_exam_commands, run_exam
from .experiments.cli import add_experiment_commands, run_experiment
from .games.cli import add_game_commands, run_game

RUNNERS = {
    **dict.fromkeys(ENGINE_COMMANDS, run_engine_command),
    "game": run_game,
    "experiment": run_experiment,
    "exam": run_exam,
}


class _Parser(argparse.ArgumentParser):
    """Reports a usage error as an ``EngineError``, so it leaves like any bad input."""

    def error(self, message: str) -> NoReturn:
        raise EngineError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m app.engine", description="Prune's alpha-beta engine.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    add_engine_commands(commands, _Parser)
    add_game_commands(commands, _Parser)
    add_experiment_commands(commands, _Parser)
    add_exam_commands(commands, _Parser)
    return parser


def run(argv: list[str]) -> Any:
    args = build_parser().parse_args(argv)
    return RUNNERS[args.command](args)


def main(argv: list[str] | None = None) -> int:
    try:
        result = run(sys.argv[1:] if argv is None else argv)
    except EngineError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    try:
        if isinstance(result, str):  # CSV (experiments) and LaTeX (exams) are printed as they are
            sys.stdout.write(result)
        else:
            sys.stdout.write(json.dumps(result, ensure_ascii=False, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # a reader such as `head` stopped early: not our error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
