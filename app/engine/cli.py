"""``python -m app.engine``: trace a tree, make a random tree, list the presets, search a
game position (``game``, see app/games/cli.py), or run an experiment (``experiment``, see
app/experiments/cli.py).

Output is JSON on stdout (CSV for experiments); bad input is exit status 2 with one line on
stderr and nothing on stdout, so the command composes in shell pipelines and course scripts.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, NoReturn

from .documents import load_document
from .errors import EngineError
from .generators import random_tree
from .options import ALGORITHMS, ORDERINGS, RULES, resolve_options
from .presets import PRESETS
from .search import trace


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise EngineError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m app.engine", description="Prune's alpha-beta engine.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    run = commands.add_parser("trace", help="trace a search over a tree document")
    run.add_argument("file", help="a tree document (JSON), or - for standard input")
    run.add_argument("--algorithm", choices=ALGORITHMS)
    run.add_argument("--rule", choices=RULES)
    run.add_argument("--players", help="the players' cycle, e.g. max,min,min")
    run.add_argument("--depth", type=int, help="depth limit in plies")
    run.add_argument("--ordering", choices=ORDERINGS)
    run.add_argument("--seed", type=int, help="seed for --ordering random")

    generate = commands.add_parser("random", help="print a seeded random tree document")
    generate.add_argument("--seed", type=int, default=0)
    generate.add_argument("--depth", type=int, default=3)
    generate.add_argument("--branching", type=_branching, default=2, help="B or LO-HI")
    generate.add_argument("--low", type=float, default=0)
    generate.add_argument("--high", type=float, default=100)
    generate.add_argument("--real", action="store_true", help="real values instead of integers")
    generate.add_argument("--ragged", action="store_true", help="let some leaves come early")

    listing = commands.add_parser("presets", help="list the presets, or print one")
    listing.add_argument("name", nargs="?")

    from ..games.cli import add_game_commands  # the games build on the engine, not the reverse

    add_game_commands(commands, _Parser)

    from ..experiments.cli import add_experiment_commands  # experiments build on the engine

    add_experiment_commands(commands, _Parser)
    return parser


def _branching(text: str) -> int | tuple[int, int]:
    low, _, high = text.partition("-")
    try:
        return (int(low), int(high)) if high else int(low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not B or LO-HI") from None


def run(argv: list[str]) -> Any:
    args = build_parser().parse_args(argv)
    if args.command == "trace":
        document = load_document(_read(args.file))
        flags = {
            key: getattr(args, key)
            for key in ("algorithm", "rule", "players", "depth", "ordering", "seed")
        }
        return trace(document.tree, resolve_options(document, flags))
    if args.command == "game":
        from ..games.cli import run_game

        return run_game(args)
    if args.command == "experiment":
        from ..experiments.cli import run_experiment

        return run_experiment(args)
    if args.command == "random":
        low, high = (int(args.low), int(args.high)) if not args.real else (args.low, args.high)
        tree = random_tree(args.seed, args.depth, args.branching, low, high, args.real, args.ragged)
        return {"tree": tree}
    if args.name is None:
        return [preset.listing() for preset in PRESETS.values()]
    if args.name not in PRESETS:
        raise EngineError(f"no preset named {args.name!r} (try: {', '.join(PRESETS)})")
    return PRESETS[args.name].document


def _read(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        with open(name, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as err:
        raise EngineError(f"cannot read {name}: {getattr(err, 'strerror', None) or err}") from None


def main(argv: list[str] | None = None) -> int:
    try:
        result = run(sys.argv[1:] if argv is None else argv)
    except EngineError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    try:
        if isinstance(result, str):  # CSV (experiments) is printed as it is
            sys.stdout.write(result)
        else:
            sys.stdout.write(json.dumps(result, ensure_ascii=False, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # a reader such as `head` stopped early: not our error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
