"""``python -m app.engine experiment …``: run an experiment and print its rows as CSV, ready
for a spreadsheet or a plotting script.

* ``experiment random-binary --depth 10 --seeds 0-999 [--rule strict]``
* ``experiment ordering --branching 2 --depths 1-10 --trials 20 --seed 0 [--rule strict]``
* ``experiment rules --branching 2 --depths 1-10 --trials 20 --seed 0 [--values 3]``
* ``experiment optimisations [--positions .........,X........]``
"""

from __future__ import annotations

import argparse
import csv
import io
from collections.abc import Iterable
from typing import Any

from ..engine.errors import N_
from ..engine.options import RULES
from . import parse_span
from .optimisations import DEFAULT_POSITIONS, Optimisations
from .ordering import MoveOrdering
from .pruning_family import PruningFamily
from .random_binary import RandomBinary
from .rules import ORDERINGS, PruningRules


def add_experiment_commands(commands: argparse._SubParsersAction, parser_class) -> None:
    experiment = commands.add_parser("experiment", help=N_("run an experiment; print CSV rows"))
    kinds = experiment.add_subparsers(dest="experiment", required=True, parser_class=parser_class)

    binary = kinds.add_parser("random-binary", help=N_("minimax and alpha-beta, one row per seed"))
    binary.add_argument("--depth", type=int, default=10)
    binary.add_argument("--seeds", type=_span, default=(0, 99), help=N_("A-B, inclusive"))
    binary.add_argument("--rule", choices=RULES, default="standard")

    ordering = kinds.add_parser("ordering", help=N_("perfect, random and worst move ordering"))
    _trial_flags(ordering)
    ordering.add_argument("--rule", choices=RULES, default="standard")

    rules = kinds.add_parser("rules", help=N_("standard against strict pruning on tied values"))
    _trial_flags(rules)
    rules.add_argument("--values", type=int, default=3, help=N_("leaf values 0..K-1"))
    rules.add_argument("--ordering", choices=ORDERINGS, default="given")

    family = kinds.add_parser(
        "pruning-family", help=N_("alpha-beta, PVS, MTD(f), SSS*, aspiration as ordering worsens")
    )
    family.add_argument("--branching", type=int, default=3)
    family.add_argument("--depth", type=int, default=4)
    family.add_argument("--trials", type=int, default=20, help=N_("trees per ordering quality"))
    family.add_argument("--seed", type=int, default=0, help=N_("trial t uses seed S+t"))

    optimisations = kinds.add_parser("optimisations", help=N_("speed-ups on tic-tac-toe"))
    optimisations.add_argument(
        "--positions", default=",".join(DEFAULT_POSITIONS), help=N_("boards, comma-separated")
    )


def _trial_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--branching", type=int, default=2)
    parser.add_argument("--depths", type=_span, default=(1, 10), help=N_("A-B, inclusive"))
    parser.add_argument("--trials", type=int, default=20, help=N_("trees per depth"))
    parser.add_argument("--seed", type=int, default=0, help=N_("trial t uses seed S+t"))


def _span(text: str) -> tuple[int, int]:
    try:
        return parse_span(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not A-B") from None


def run_experiment(args: argparse.Namespace) -> str:
    if args.experiment == "random-binary":
        experiment: Any = RandomBinary(args.depth, args.seeds, args.rule)
    elif args.experiment == "ordering":
        experiment = MoveOrdering(args.branching, args.depths, args.trials, args.seed, args.rule)
    elif args.experiment == "rules":
        experiment = PruningRules(
            args.branching, args.depths, args.trials, args.seed, args.values, args.ordering
        )
    elif args.experiment == "pruning-family":
        experiment = PruningFamily(args.branching, args.depth, args.trials, args.seed)
    else:
        experiment = Optimisations(tuple(args.positions.split(",")))
    return to_csv(experiment.columns, experiment.rows())


def to_csv(columns: Iterable[str], rows: Iterable[dict[str, Any]]) -> str:
    """The rows as CSV text: a header row, then one line per row, each ending in a newline."""
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return text.getvalue()
