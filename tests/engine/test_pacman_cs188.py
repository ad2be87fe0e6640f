"""Pacman by the CS188 rules: layouts, the rules on hand-worked positions, the course's
ghosts, whole games (properties), and bad input. (The autograder's own files are checked in
test_pacman_cs188_autograder.py.)"""

import json

import pytest
from support import run_cli

from app.engine import EngineError
from app.games.cs188_play import course_decision, play_course_game
from app.games.ghosts import directional_weights, draw, random_weights
from app.games.layouts import LAYOUTS, parse_layout
from app.games.pacman_cs188 import LOSS, WIN, CoursePacman

# Course coordinates: y from the bottom. Pacman at (3, 1); food at (1, 1) and (4, 2).
CORRIDOR = parse_layout(
    """
%%%%%%
%o  .%
%. PG%
%%%%%%
"""
)


# Pacman at (1, 3), the ghost at (2, 1) between two corridors going up.
CROSSING = parse_layout(
    """
%%%%%
%P..%
%.%.%
%.G.%
%%%%%
"""
)


class FixedDraw:
    """A stand-in for ``random.Random`` whose ``random()`` returns the given numbers."""

    def __init__(self, *numbers):
        self.numbers = list(numbers)

    def random(self):
        return self.numbers.pop(0)


def test_layouts_are_read_as_the_course_reads_them():
    small = LAYOUTS["smallClassic"]
    assert (small.width, small.height) == (20, 7)
    assert small.pacman == (9, 1)  # screen row 5 of 7 is y = 1 from the bottom
    assert small.ghosts == ((8, 5), (11, 5))
    assert small.to_data()["pacman"] == [9, 5] and small.to_data()["ghosts"] == [[8, 1], [11, 1]]
    assert len(small.capsules) == 2 and len(small.food) == 55
    # Ghosts numbered by start cell sorted on (x, y): the bottom-left one is Ghost 1 here.
    assert LAYOUTS["minimaxClassic"].ghosts == ((1, 1), (5, 2), (7, 3))
    original = LAYOUTS["originalClassic"]
    assert (original.width, original.height, len(original.ghosts)) == (28, 27, 4)
    # capsuleClassic's last row has one stray wall past the width: read as the course reads it.
    assert LAYOUTS["capsuleClassic"].width == 19
    assert {"small", "corridor", "open"} <= LAYOUTS.keys()


def test_move_order_is_the_courses_and_ghosts_neither_stop_nor_reverse():
    game = CoursePacman(LAYOUTS["smallClassic"])
    start = game.initial()
    assert game.actions(start) == ["West", "Stop", "East"]
    assert CoursePacman(LAYOUTS["smallClassic"], stop=False).actions(start) == ["West", "East"]
    game = CoursePacman(CROSSING)
    ghost = game.initial()._replace(mover=1)
    assert game.actions(ghost) == ["West", "East"]  # no last direction yet
    assert game.actions(ghost._replace(ghost_directions=("East",))) == ["East"]
    assert game.actions(ghost._replace(ghost_directions=("North",))) == ["West", "East"]
    game = CoursePacman(CORRIDOR)
    turning = game.initial()._replace(mover=1, ghost_directions=("East",))
    assert game.actions(turning) == ["North"]  # West would reverse
    game = CoursePacman(parse_layout("%%%%%\n%P.G%\n%%%%%"))
    dead_end = game.initial()._replace(mover=1, ghost_directions=("East",))
    assert game.actions(dead_end) == ["West"]  # a dead end: reversing is the only way out


def test_each_colliding_ghost_costs_500_but_a_winning_move_costs_nothing():
    game = CoursePacman(parse_layout("%%%%%%\n%.PGG%\n%%%%%%"))
    both = game.initial()._replace(ghosts=((1, 1), (1, 1)))
    caught = game.result(both, "West")  # eats the last food onto two normal ghosts: a win
    assert (caught.score, caught.status) == (-1 + 10 + 500, WIN)
    game = CoursePacman(CORRIDOR)
    two = CoursePacman(parse_layout("%%%%%%\n%o  .%\n%. PG%\n%  G %\n%%%%%%"))
    state = two.initial()._replace(ghosts=((2, 2), (2, 2)))
    lost = two.result(state, "West")
    assert (lost.score, lost.status) == (-1 - 500 - 500, LOSS)
    assert two.identity(lost) != two.identity(state)


def test_a_capsule_scares_every_ghost_for_40_moves_at_half_speed():
    game = CoursePacman(CORRIDOR)
    state = game.initial()._replace(pacman=(1, 3))  # beside the capsule at (1, 2)
    state = game.result(state, "South")
    assert state.scared == (40,) and state.capsules == frozenset() and state.score == -1
    state = game.result(state, "West")  # the ghost, from (4, 1)
    assert state.ghosts == ((3.5, 1),) and state.scared == (39,)
    between = state._replace(mover=1)
    assert game.actions(between) == ["West"]  # between cells: it can only go on
    # A timer at 1: the ghost is put on the nearest cell, halves rounding up (bottom-up y).
    rounding = game.initial()._replace(mover=1, ghosts=((3, 2),), scared=(1,))
    rounded = game.result(rounding, "North")  # (3, 2.5) rounds to (3, 3): a wall? no, y = 3
    assert rounded.ghosts == ((3, 3),) and rounded.scared == (0,)


def test_an_eaten_ghost_scores_200_and_goes_home_unscared_with_no_direction():
    game = CoursePacman(CORRIDOR)
    state = game.initial()._replace(
        ghosts=((2, 1),), ghost_directions=("West",), scared=(12,), pacman=(3, 1)
    )
    eaten = game.result(state, "West")
    assert eaten.score == -1 + 200
    assert (eaten.ghosts, eaten.ghost_directions, eaten.scared) == (((4, 1),), ("Stop",), (0,))
    assert eaten.status == "playing" and eaten.pacman_direction == "West"


def test_pacmans_direction_is_his_last_move_and_part_of_the_state():
    game = CoursePacman(CORRIDOR)
    start = game.initial()
    west = game.result(start, "West")
    stopped = game.result(west._replace(mover=0), "Stop")
    assert stopped.pacman_direction == "West" and start.pacman_direction == "Stop"
    assert game.identity(west) != game.identity(west._replace(pacman_direction="East"))
    assert game.identity(west) == game.identity(west._replace(mover=0))  # whose turn: no


def test_directional_ghosts_weigh_moves_as_the_course_does():
    game = CoursePacman(CROSSING)
    ghost = game.initial()._replace(mover=1)  # West is 2 from Pacman, East 4
    assert directional_weights(game, ghost) == pytest.approx({"West": 0.9, "East": 0.1})
    scared = ghost._replace(scared=(40,))  # scared: flee, half a cell (2.5 against 3.5)
    assert directional_weights(game, scared) == pytest.approx({"West": 0.1, "East": 0.9})
    tie = ghost._replace(pacman=(2, 3))  # 3 from Pacman either way
    assert directional_weights(game, tie) == pytest.approx({"West": 0.5, "East": 0.5})
    assert random_weights(game, ghost) == {"West": 0.5, "East": 0.5}
    # The draw sorts actions by name and takes the first whose running total reaches r.
    assert draw({"West": 0.1, "East": 0.9}, FixedDraw(0.9)) == "East"
    assert draw({"West": 0.1, "East": 0.9}, FixedDraw(0.95)) == "West"


@pytest.mark.parametrize(
    ("layout", "seed"),
    [("testClassic", 0), ("trappedClassic", 1), ("minimaxClassic", 1), ("mediumClassic", 3)],
)
def test_alphabeta_plays_minimaxs_game_for_less(layout, seed):
    minimax = play_course_game(layout, algorithm="minimax", seed=seed)
    alphabeta = play_course_game(layout, algorithm="alphabeta", seed=seed)
    assert alphabeta["states"] == minimax["states"]
    assert alphabeta["status"] != "playing"
    for fast, full in zip(alphabeta["decisions"], minimax["decisions"], strict=True):
        assert (fast["value"], fast["optimal"], fast["action"]) == (
            full["value"],
            full["optimal"],
            full["action"],
        )
        assert fast["states_explored"] <= fast["nodes_visited"] <= full["nodes_visited"]
        assert full["nodes_visited"] == full["minimax_nodes"]


def test_a_game_records_capsules_scared_timers_and_half_positions():
    game = play_course_game("mediumClassic", seed=1)
    states = game["states"]
    assert len(states[0]["capsules"]) == 2 and states[0]["scared"] == [0, 0]
    assert game["settings"]["rules"] == "cs188" and game["settings"]["layout"] == "mediumClassic"
    assert [s["agent"] for s in states[1:4]] == [0, 1, 2]
    scared = [s for s in states if any(s["scared"])]
    assert scared, "Pacman eats a capsule in this game"
    halves = [g for s in scared for g in s["ghosts"] if g != [int(g[0]), int(g[1])]]
    assert halves, "a scared ghost stands between cells"


def test_a_decisions_trace_is_the_games_decision():
    game = play_course_game("trappedClassic", algorithm="alphabeta")
    traced = course_decision("trappedClassic", decision=0)
    summary = traced["summary"]
    assert traced["decision"] == game["decisions"][0]
    assert summary["states_explored"] == game["decisions"][0]["states_explored"]
    assert summary["optimal"] == game["decisions"][0]["optimal"]
    assert traced["agents"] == ["Pacman", "Ghost 1", "Ghost 2"]
    assert "P" in traced["board"]


def test_moves_a_person_chose_are_played_and_the_search_shown_from_there():
    played = play_course_game("testClassic", pacman=["North", "North"])
    assert [s["action"] for s in played["states"] if s["agent"] == 0] == ["North", "North"]
    assert played["decisions"] == [] and played["status"] == "playing"
    traced = course_decision("testClassic", pacman=["North", "North"], decision=2)
    assert traced["decision"]["state"] == len(played["states"]) - 1


BAD_LAYOUTS = [
    ("%%%\n%.%\n%%%", "no P"),
    ("%%%%\n%PP%\n%.G%\n%%%%", "row 2, column 3: a second P"),
    ("%%%%%%%\n%PGGGG%\n%.G...%\n%%%%%%%", "row 2, column 6: a G too many"),
    ("%%%%\n%Px%\n%.G%\n%%%%", "row 2, column 3: 'x' is not one of"),
    ("%%%%\n%P.G\n%%%%", "row 2, column 4: the border must be all wall"),
    ("%%%%\n%P.\n%%%%", "row 2, column 4: the row ends after 3 characters"),
    ("%%%%%\n%PG%%\n%%%%%\n%.%%%\n%%%%%", "row 4, column 2: Pacman cannot reach"),
    ("%%%%\n%PG%\n%%%%", "no food"),
    ("%" * 31 + "\n%P.G\n", "at most 30 × 30"),
    ("", "empty"),
]


@pytest.mark.parametrize(("text", "message"), BAD_LAYOUTS)
def test_bad_layouts_are_errors_naming_the_row_and_column(text, message):
    with pytest.raises(EngineError, match=message) as error:
        play_course_game(text + "\n")
    assert error.value.field == "layout"


@pytest.mark.parametrize(
    ("given", "field", "message"),
    [
        ({"layout": "bigClassic"}, "layout", "is not one of smallClassic"),
        ({"ghosts": "smart"}, "ghosts", "directional, random, adversarial"),
        ({"algorithm": "greedy"}, "algorithm", "minimax, alphabeta, expectimax"),
        ({"ghosts": "adversarial", "algorithm": "expectimax"}, "ghosts", "predicted"),
        ({"depth": 5}, "depth", "out of range"),
        ({"pacman": ["North", "Up"]}, "pacman", "move 2: 'Up' is not one of"),
        ({"decision": 500}, "decision", "the game has only"),
    ],
)
def test_bad_settings_name_their_field(given, field, message):
    given = {"layout": "testClassic", **given}
    layout = given.pop("layout")
    play = course_decision if "decision" in given else play_course_game
    with pytest.raises(EngineError, match=message) as error:
        play(layout, **given)
    assert error.value.field == field


def cli(*args, stdin=""):
    return run_cli("game", "pacman", *args, stdin=stdin or "")


def test_the_command_line_plays_by_the_cs188_rules_from_a_name_a_file_or_stdin(tmp_path):
    flags = ("--rules", "cs188", "--algorithm", "alphabeta", "--ghosts", "directional")
    done = cli(*flags, "--layout", "smallClassic", "--seed", "0", "--depth", "2")
    assert done.returncode == 0, done.stderr
    game = json.loads(done.stdout)
    assert len(game["decisions"]) == 146 and game["decisions"][0]["states_explored"] == 39
    done = cli(*flags, "--layout", "smallClassic", "--decision", "1")
    summary = json.loads(done.stdout)["summary"]
    assert (summary["best_action"], summary["optimal"], summary["states_explored"]) == (
        "West",
        ["West"],
        75,
    )
    assert {"value", "nodes_visited", "leaves_evaluated"} <= summary.keys()
    layout = tmp_path / "mine.lay"
    layout.write_text(LAYOUTS["testClassic"].text)
    from_file = json.loads(cli("--layout", str(layout), "--depth", "1").stdout)
    from_stdin = json.loads(cli("--layout", "-", "--depth", "1", stdin=layout.read_text()).stdout)
    assert from_file["states"] == from_stdin["states"]
    assert from_file["maze"]["name"] == "custom"


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("--layout", "-"), "%%%%\n%PG.\n%%%%\n", "error: layout row 2, column 4: the border"),
        (("--layout", "/no/such.lay"), None, "error: --layout /no/such.lay: not a built-in"),
        (("--rules", "cs188"), None, "error: give --layout"),
    ],
)
def test_the_command_line_refuses_a_bad_layout_in_one_line(args, stdin, message):
    done = cli(*args, stdin=stdin)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(message) and done.stderr.count("\n") == 1
