"""Prune's Pacman by the CS188 rules against the course autograder's own files.

tests/engine/cs188/pacman/ holds the autograder's three PacmanGameTreeTest cases with their
official solutions (UC Berkeley's; see the README there). Each solution line is one Pacman
decision on smallClassic: ``[[optimal actions, distinct states], [the same without Stop]]``.

Two checks per algorithm:
- Prune's own game (``play_course_game``) has one decision per line, with that line's optimal
  actions and count (so its moves, its ghosts' draws and its end are the autograder's);
- the autograder's protocol, written here from RULES.md with Prune's rules and ghosts only:
  Pacman plays the line's first optimal action, Python's ``random`` is re-seeded with
  ``seed + k`` after the k-th decision, each ghost draws once; and at every position the
  search without Stop generates the second count.
"""

import ast
import random
from pathlib import Path

import pytest

from app.engine import SearchOptions
from app.games.cs188_play import play_course_game
from app.games.ghosts import ghost_move
from app.games.layouts import LAYOUTS
from app.games.pacman_cs188 import CoursePacman
from app.games.search import GameSearch, game_options

FILES = Path(__file__).parent / "cs188" / "pacman"
CASES = {
    "minimax": "q2-8-pacman-game",
    "alphabeta": "q3-8-pacman-game",
    "expectimax": "q4-7-pacman-game",
}


def read_test_file(name):
    """The ``.test`` file's settings (``key: "value"`` lines) and its layout."""
    text = (FILES / f"{name}.test").read_text()
    settings = {}
    for line in text.splitlines():
        key, colon, value = line.partition(":")
        if colon and value.strip().startswith('"') and value.strip() != '"""':
            settings[key.strip()] = value.strip().strip('"')
    layout = text.split('layout: """', 1)[1].split('"""', 1)[0]
    return settings, layout


def solution_lines(name):
    text = (FILES / f"{name}.solution").read_text()
    block = text.split('optimalActions: """', 1)[1].split('"""', 1)[0]
    return [ast.literal_eval(line) for line in block.strip().splitlines()]


def test_the_test_files_ask_for_smallclassic_seed_0_depth_2():
    for algorithm, name in CASES.items():
        settings, layout = read_test_file(name)
        assert settings["seed"] == "0" and settings["depth"] == "2"
        assert settings["layoutName"] == "smallClassic"
        assert (
            settings["alg"]
            == {
                "minimax": "MinimaxAgent",
                "alphabeta": "AlphaBetaAgent",
                "expectimax": "ExpectimaxAgent",
            }[algorithm]
        )
        assert layout.strip() == LAYOUTS["smallClassic"].text


@pytest.mark.parametrize("algorithm", CASES)
def test_prunes_game_equals_the_solution_line_by_line(algorithm):
    lines = solution_lines(CASES[algorithm])
    game = play_course_game(
        "smallClassic", algorithm=algorithm, seed=0, depth=2, ghosts="directional"
    )
    assert len(game["decisions"]) == len(lines) == 146
    for number, (decision, line) in enumerate(zip(game["decisions"], lines, strict=True), 1):
        (optimal, count), _ = line
        assert (decision["optimal"], decision["states_explored"]) == (optimal, count), number
        assert decision["action"] == optimal[0]
        assert decision["states_explored"] <= decision["nodes_visited"]
    assert game["status"] != "playing"


def search(game, state, algorithm):
    options = SearchOptions(algorithm=algorithm, rule="strict")
    plies = 2 * len(game.agents)
    search = GameSearch(game, state, game_options(game, state, options, plies))
    return search.decide()


@pytest.mark.parametrize("algorithm", CASES)
def test_the_autograders_protocol_gives_both_counts_of_every_line(algorithm):
    lines = solution_lines(CASES[algorithm])
    game = CoursePacman(LAYOUTS["smallClassic"])
    without_stop = CoursePacman(LAYOUTS["smallClassic"], stop=False)
    state, seed = game.initial(), 0
    random.seed(seed)
    for number, line in enumerate(lines, 1):
        (optimal, count), (optimal_no_stop, count_no_stop) = line
        summary = search(game, state, algorithm)
        assert (summary["optimal"], summary["states_explored"]) == (optimal, count), number
        summary = search(without_stop, state, algorithm)
        found = (summary["optimal"], summary["states_explored"])
        assert found == (optimal_no_stop, count_no_stop), number
        state = game.result(state, optimal[0])
        random.seed(seed + number)
        while state.mover != 0 and not game.is_terminal(state):
            state = game.result(state, ghost_move("directional", game, state, random))
    assert game.is_terminal(state)
