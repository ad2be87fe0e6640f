"""``python -m app.engine game …``: a game decision's trace, or a whole Pacman game.

* ``game tictactoe --board BOARD`` prints the decision's trace like ``trace``:
  ``{"summary", "events", "nodes"}`` (and the ``options`` and ``agents`` it ran with).
* ``game pacman --maze NAME`` prints the game: its states and each decision's summary;
  with ``--decision I``, the full trace of Pacman's decision I instead. These are Prune's
  first rules (``--rules prune``, the default with ``--maze``).
* ``game pacman --rules cs188 --layout NAME|FILE|-`` plays by the CS188 project's rules
  (the default with ``--layout``): ``--algorithm`` and ``--ghosts directional|random|
  adversarial`` chosen apart, the strict pruning rule and no move cap by default.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..engine.errors import N_, EngineError, Message
from ..engine.options import ORDERINGS, RULES
from .options import read_game_options

GAME_ALGORITHMS = ("alphabeta", "minimax")
PACMAN_RULES = ("prune", "cs188")


def add_game_commands(commands: argparse._SubParsersAction, parser_class) -> None:
    game = commands.add_parser("game", help=N_("search a game position, or play a Pacman game"))
    games = game.add_subparsers(dest="game", required=True, parser_class=parser_class)

    tictactoe = games.add_parser("tictactoe", help=N_("the trace of the move on a board"))
    tictactoe.add_argument("--board", required=True, help=N_("9 cells of X, O or ., row-major"))
    tictactoe.add_argument("--algorithm", choices=GAME_ALGORITHMS)
    _search_flags(tictactoe)
    tictactoe.add_argument("--seed", type=int, help=N_("seed for --ordering random"))
    tictactoe.add_argument("--depth", type=int, help=N_("depth limit in plies"))

    pacman = games.add_parser("pacman", help=N_("play a game; or trace one decision"))
    pacman.add_argument("--rules", choices=PACMAN_RULES, help=N_("prune (with --maze) or cs188"))
    pacman.add_argument("--maze", help=N_("one of Prune's mazes (the prune rules)"))
    pacman.add_argument("--layout", help=N_("a layout's name, a .lay file, or - for stdin"))
    pacman.add_argument("--algorithm", help=N_("cs188 rules: minimax, alphabeta or expectimax"))
    pacman.add_argument("--seed", type=int, default=0, help=N_("seed for random ghosts"))
    pacman.add_argument(
        "--ghosts", help=N_("adversarial or random; cs188 rules: directional (default) too")
    )
    pacman.add_argument("--depth", type=int, default=2, help=N_("depth limit in rounds"))
    pacman.add_argument("--moves", type=int, help=N_("Pacman's moves at most (prune rules: 100)"))
    pacman.add_argument("--decision", type=int, help=N_("print the trace of decision I (from 0)"))
    pacman.add_argument("--evaluation", default="score", help=N_("score or better"))
    _search_flags(pacman)


def _search_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rule", choices=RULES)
    parser.add_argument("--ordering", choices=ORDERINGS)


def run_game(args: argparse.Namespace) -> Any:
    if args.game == "tictactoe":
        from .tictactoe_play import tictactoe_trace

        flags = {
            key: getattr(args, key) for key in ("algorithm", "rule", "ordering", "seed", "depth")
        }
        return tictactoe_trace(args.board, read_game_options(flags))
    if args.rules == "cs188" or (args.rules is None and args.layout is not None):
        return _course_game(args)
    if args.maze is None or args.layout is not None or args.algorithm is not None:
        raise EngineError(
            Message(N_("the prune rules play --maze NAME (give --rules cs188 for --layout)"))
        )
    from .pacman_play import pacman_decision, play_pacman

    settings = {
        "seed": args.seed,
        "ghosts": args.ghosts or "adversarial",
        "depth": args.depth,
        "rule": args.rule or "standard",
        "ordering": args.ordering or "given",
        "evaluation": args.evaluation,
    }
    if args.decision is not None:
        return pacman_decision(args.maze, decision=args.decision, **settings)
    return play_pacman(args.maze, moves=args.moves or 100, **settings)


def _course_game(args: argparse.Namespace) -> Any:
    """A game by the CS188 rules; ``--layout`` is a name, a file, or ``-`` for stdin."""
    from .cs188_play import course_decision, play_course_game
    from .layouts import LAYOUTS

    given = args.layout or args.maze
    if given is None:
        raise EngineError(
            Message(N_("give --layout NAME, a .lay file, or - (try --layout smallClassic)"))
        )
    layout = given if given in LAYOUTS else _layout_text(given)
    chosen = {
        "seed": args.seed,
        "ghosts": args.ghosts,
        "algorithm": args.algorithm,
        "depth": args.depth,
        "rule": args.rule,
        "ordering": args.ordering,
    }
    settings = {key: value for key, value in chosen.items() if value is not None}
    if args.decision is not None:
        return course_decision(layout, decision=args.decision, **settings)
    return play_course_game(layout, moves=args.moves, **settings)


def _layout_text(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        return Path(name).read_text()
    except (OSError, UnicodeDecodeError) as err:
        reason = getattr(err, "strerror", None) or err
        raise EngineError(
            Message(
                N_("--layout {name}: not a built-in layout, and {reason}"),
                name=name,
                reason=str(reason),
            )
        ) from None
