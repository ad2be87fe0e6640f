"""The engine's own commands for ``python -m app.engine``: ``trace`` a tree document,
make a ``random`` tree, list or print the ``presets``.

``add_engine_commands`` adds them to the parser that app/cli.py composes (beside the games'
and the experiments' commands, which the engine knows nothing of); ``run_engine_command``
runs one and returns its JSON-ready result. Bad input raises ``EngineError``: app/cli.py turns
it into exit status 2 with one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .documents import load_document
from .errors import N_, EngineError, Message
from .generators import random_tree
from .options import ALGORITHMS, FAILS, ORDERINGS, RULES, resolve_options
from .presets import PRESETS
from .search import trace

ENGINE_COMMANDS = ("trace", "random", "presets")


def add_engine_commands(commands: argparse._SubParsersAction, parser_class) -> None:
    run = commands.add_parser("trace", help=N_("trace a search over a tree document"))
    run.add_argument("file", help=N_("a tree document (JSON), or - for standard input"))
    run.add_argument("--algorithm", choices=ALGORITHMS)
    run.add_argument("--rule", choices=RULES)
    run.add_argument("--players", help=N_("the players' cycle, e.g. max,min,min"))
    run.add_argument("--depth", type=int, help=N_("depth limit in plies"))
    run.add_argument("--ordering", choices=ORDERINGS)
    run.add_argument("--seed", type=int, help=N_("seed for --ordering random"))
    run.add_argument("--fail", choices=FAILS, help=N_("fail-soft (default) or fail-hard"))
    run.add_argument("--window", help=N_("a root window A,B (alphabeta, negamax, pvs)"))
    run.add_argument("--aspiration", help=N_("aspiration search GUESS,DELTA"))
    run.add_argument("--guess", help=N_("MTD(f)'s first guess (--algorithm mtdf)"))
    run.add_argument("--bounds", help=N_("L,U: the range of every leaf value (star1, star2)"))

    generate = commands.add_parser("random", help=N_("print a seeded random tree document"))
    generate.add_argument("--seed", type=int, default=0)
    generate.add_argument("--depth", type=int, default=3)
    generate.add_argument("--branching", type=_branching, default=2, help=N_("B or LO-HI"))
    generate.add_argument("--low", type=float, default=0)
    generate.add_argument("--high", type=float, default=100)
    generate.add_argument("--real", action="store_true", help=N_("real values instead of integers"))
    generate.add_argument("--ragged", action="store_true", help=N_("let some leaves come early"))

    listing = commands.add_parser("presets", help=N_("list the presets, or print one"))
    listing.add_argument("name", nargs="?")


def _branching(text: str) -> int | tuple[int, int]:
    low, _, high = text.partition("-")
    try:
        return (int(low), int(high)) if high else int(low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not B or LO-HI") from None


def run_engine_command(args: argparse.Namespace) -> Any:
    if args.command == "trace":
        document = load_document(_read(args.file))
        flags = {
            key: getattr(args, key)
            for key in (
                *("algorithm", "rule", "players", "depth", "ordering", "seed"),
                *("fail", "window", "aspiration", "guess", "bounds"),
            )
        }
        return trace(document.tree, resolve_options(document, flags))
    if args.command == "random":
        low, high = (int(args.low), int(args.high)) if not args.real else (args.low, args.high)
        tree = random_tree(args.seed, args.depth, args.branching, low, high, args.real, args.ragged)
        return {"tree": tree}
    if args.name is None:
        return [preset.listing() for preset in PRESETS.values()]
    if args.name not in PRESETS:
        raise EngineError(
            Message(
                N_("no preset named {name} (try: {names})"),
                name=repr(args.name),
                names=", ".join(PRESETS),
            )
        )
    return PRESETS[args.name].document


def _read(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        with open(name, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as err:
        reason = getattr(err, "strerror", None) or str(err)
        raise EngineError(
            Message(N_("cannot read {name}: {reason}"), name=name, reason=reason)
        ) from None
