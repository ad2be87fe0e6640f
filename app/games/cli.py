"""``python -m app.engine game …``: a game decision's trace, or a whole Pacman game.

* ``game tictactoe --board BOARD`` prints the decision's trace like ``trace``:
  ``{"summary", "events", "nodes"}`` (and the ``options`` and ``agents`` it ran with).
* ``game pacman --maze NAME`` prints the game: its states and each decision's summary;
  with ``--decision I``, the full trace of Pacman's decision I instead.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..engine.options import ORDERINGS, RULES
from .options import read_game_options

GAME_ALGORITHMS = ("alphabeta", "minimax")


def add_game_commands(commands: argparse._SubParsersAction, parser_class) -> None:
    game = commands.add_parser("game", help="search a game position, or play a Pacman game")
    games = game.add_subparsers(dest="game", required=True, parser_class=parser_class)

    tictactoe = games.add_parser("tictactoe", help="the trace of the move on a board")
    tictactoe.add_argument("--board", required=True, help="9 cells of X, O or ., row-major")
    tictactoe.add_argument("--algorithm", choices=GAME_ALGORITHMS)
    _search_flags(tictactoe)
    tictactoe.add_argument("--seed", type=int, help="seed for --ordering random")
    tictactoe.add_argument("--depth", type=int, help="depth limit in plies")

    pacman = games.add_parser("pacman", help="play a game; or trace one decision")
    pacman.add_argument("--maze", required=True)
    pacman.add_argument("--seed", type=int, default=0, help="seed for random ghosts")
    pacman.add_argument("--ghosts", default="adversarial", help="adversarial or random")
    pacman.add_argument("--depth", type=int, default=2, help="depth limit in rounds")
    pacman.add_argument("--moves", type=int, default=100, help="Pacman's moves at most")
    pacman.add_argument("--decision", type=int, help="print the trace of decision I (from 0)")
    pacman.add_argument("--evaluation", default="score", help="score or better")
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
    from .pacman_play import pacman_decision, play_pacman

    settings = {
        "seed": args.seed,
        "ghosts": args.ghosts,
        "depth": args.depth,
        "rule": args.rule or "standard",
        "ordering": args.ordering or "given",
        "evaluation": args.evaluation,
    }
    if args.decision is not None:
        return pacman_decision(args.maze, decision=args.decision, **settings)
    return play_pacman(args.maze, moves=args.moves, **settings)
