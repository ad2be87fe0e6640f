"""Game decisions on the server: time and memory of the searches behind the game pages.

    python bench/games.py [--rounds 5]

Prints, for the empty-board tic-tac-toe decision (target: under 2 s and under 200 MB) and for
a depth-2 Pacman decision from the start of the largest maze: the best wall time over
--rounds runs of the whole trace (search, node table, renumbering) plus its JSON encoding,
the peak of Python's allocations during one run (tracemalloc), and the process's peak
resident memory (ru_maxrss) after the runs. A whole Pacman game is timed too.

By the CS188 rules: the autograder's smallClassic game (seed 0, depth 2, DirectionalGhosts;
146 decisions) for each algorithm, one decision's trace, and the whole alpha-beta game from
the command line (``python -m app.engine game pacman --rules cs188 …``, interpreter start
included; target ≤ 3 s; the trace's target ≤ 200 ms).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson  # noqa: E402

from app.engine import SearchOptions  # noqa: E402
from app.games.cs188_play import course_decision, play_course_game  # noqa: E402
from app.games.mazes import MAZES  # noqa: E402
from app.games.pacman_play import pacman_decision, play_pacman  # noqa: E402
from app.games.tictactoe_play import tictactoe_trace  # noqa: E402


def measure(name: str, run: Callable[[], dict], rounds: int) -> None:
    best = float("inf")
    size = 0
    for _ in range(rounds):
        start = time.perf_counter()
        size = len(orjson.dumps(run()))
        best = min(best, time.perf_counter() - start)
    tracemalloc.start()
    result = run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    summary = result.get("summary", {})
    counts = ""
    if summary:
        counts = (
            f", {summary['nodes_visited']:,} visited of {summary['minimax_nodes']:,}"
            f", {len(result['nodes']):,} rows, {len(result['events']):,} events"
        )
    print(
        f"{name}: {best * 1000:.0f} ms (best of {rounds}), peak allocations "
        f"{peak / 2**20:.1f} MiB, JSON {size / 2**20:.2f} MiB{counts}"
    )


def command_line(rounds: int) -> None:
    """The autograder's alpha-beta game from the command line, start-up included."""
    command = [sys.executable, "-m", "app.engine", "game", "pacman", "--rules", "cs188"]
    command += ["--layout", "smallClassic", "--algorithm", "alphabeta", "--seed", "0"]
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    print(f"CS188 rules, smallClassic, alphabeta, whole game on the CLI: {best * 1000:.0f} ms")


def largest_maze() -> str:
    return max(MAZES.values(), key=lambda maze: maze.width * maze.height).name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores")
    measure(
        "tic-tac-toe, empty board",
        lambda: tictactoe_trace(".........", SearchOptions()),
        args.rounds,
    )
    maze = largest_maze()
    measure(
        f"Pacman, {maze}, depth 2, decision 0",
        lambda: pacman_decision(maze, decision=0),
        args.rounds,
    )
    measure(f"Pacman, {maze}, whole game (≤ 100 moves)", lambda: play_pacman(maze), 1)
    for algorithm in ("minimax", "alphabeta", "expectimax"):
        measure(
            f"CS188 rules, smallClassic, {algorithm}, whole game",
            lambda algorithm=algorithm: play_course_game("smallClassic", algorithm=algorithm),
            args.rounds,
        )
    measure(
        "CS188 rules, smallClassic, alphabeta, decision 12's trace",
        lambda: course_decision("smallClassic", decision=12),
        args.rounds,
    )
    command_line(args.rounds)
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak resident memory: {peak_rss:.0f} MiB")


if __name__ == "__main__":
    main()
