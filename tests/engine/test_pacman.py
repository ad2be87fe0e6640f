"""Pacman with two ghosts: the rules, the mazes, and games played by the engine's search."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from support import run_cli

from app.engine import EngineError, SearchOptions
from app.games.mazes import MAZES, parse_maze
from app.games.pacman import GHOST_NEAR, REVERSE, Pacman
from app.games.pacman_play import pacman_decision, play_pacman
from app.games.search import GameSearch, game_options

# Two dead ends on the right: Ghost 1 starts in the top one; Ghost 2 in the bottom corridor.
TEST_MAZE = parse_maze(
    "test",
    "Test",
    """
%%%%%%
%P..G%
%.%%%%
%.G..%
%%%%%%
""",
)


@pytest.fixture
def game():
    return Pacman(TEST_MAZE)


def test_pacman_moves_north_south_east_west_stop_into_open_cells(game):
    start = game.initial()
    assert game.to_move(start) == 0
    assert game.actions(start) == ["South", "East", "Stop"]
    assert game.actions(start._replace(pacman=(2, 3))) == ["East", "West", "Stop"]


def test_ghosts_never_stop_nor_reverse_unless_at_a_dead_end(game):
    ghost_2 = game.initial()._replace(mover=2)
    assert game.actions(ghost_2) == ["East", "West"]  # no last direction yet
    assert game.actions(ghost_2._replace(directions=(None, "East"))) == ["East"]
    assert game.actions(ghost_2._replace(directions=(None, "West"))) == ["West"]
    ghost_1 = game.initial()._replace(mover=1, directions=("East", None))
    assert game.actions(ghost_1) == ["West"]  # a dead end: reversing is the only way out


def test_agents_move_in_turn_and_ghosts_remember_their_direction(game):
    state, movers = game.initial(), []
    for _ in range(6):
        movers.append(game.to_move(state))
        state = game.result(state, game.actions(state)[0])
    assert movers == [0, 1, 2, 0, 1, 2]
    assert state.directions == ("West", "East")
    assert game.agents == ("Pacman", "Ghost 1", "Ghost 2")
    assert game.players == ("max", "min", "min")


def test_every_pacman_move_costs_one_and_food_earns_ten(game):
    start = game.initial()
    stopped = game.result(start, "Stop")
    assert stopped.score == -1 and stopped.food == start.food and stopped.mover == 1
    ate = game.result(start, "East")
    assert ate.score == 9 and (2, 1) not in ate.food
    assert game.utility(ate, 3) == game.evaluate(ate, 3) == 9


def test_the_last_food_wins_500_and_ends_the_game(game):
    last = game.initial()._replace(food=frozenset({(2, 1)}))
    won = game.result(last, "East")
    assert (won.score, won.status) == (509, "win")
    assert game.is_terminal(won) and game.actions(won) == []
    on_a_ghost = last._replace(ghosts=((2, 1), (2, 3)))
    assert game.result(on_a_ghost, "East").status == "win"


def test_a_ghost_and_pacman_on_one_cell_lose_500_whoever_moved(game):
    walked_in = game.result(game.initial()._replace(ghosts=((2, 1), (2, 3))), "East")
    assert (walked_in.score, walked_in.status) == (-1 + 10 - 500, "loss")
    caught = game.initial()._replace(pacman=(3, 1), mover=1)
    caught = game.result(caught, "West")
    assert (caught.score, caught.status, caught.ghosts[0]) == (-500, "loss", (3, 1))
    assert game.is_terminal(caught)


def test_labels_names_and_board(game):
    start = game.initial()
    assert game.move_label(start, "East") == "P→" and game.move_label(start, "Stop") == "P■"
    assert game.move_label(start._replace(mover=2), "West") == "G2←"
    assert game.action_name(start, "South") == "South"
    assert game.probability(start, "South") is None
    eaten = game.result(start, "East")
    assert game.render(eaten) == "%%%%%%\n% P.G%\n%.%%%%\n%.G..%\n%%%%%%"


def test_move_ordering_prefers_food_for_pacman_and_pacman_for_ghosts(game):
    start = game.initial()
    assert game.heuristic(start, "East") == 0 > game.heuristic(start, "Stop")
    ghost_2 = start._replace(mover=2, pacman=(1, 3))
    assert game.heuristic(ghost_2, "West") > game.heuristic(ghost_2, "East")


def test_the_better_evaluation_heads_for_food_and_fears_ghosts():
    game = Pacman(TEST_MAZE, evaluation="better")
    start = game.initial()
    assert game.evaluate(start, 0) == -1  # the nearest food is one step away
    near = start._replace(pacman=(3, 1), food=frozenset({(1, 3)}))
    assert game.evaluate(near, 0) == -4 - GHOST_NEAR
    won = game.result(start._replace(food=frozenset({(2, 1)})), "East")
    assert game.evaluate(won, 0) == won.score


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(sorted(MAZES)), st.lists(st.integers(0, 4), max_size=60))
def test_random_play_keeps_the_score_and_the_rules(name, choices):
    game = Pacman(MAZES[name])
    state, moves = game.initial(), 0
    for choice in choices:
        actions = game.actions(state)
        if not actions:
            break
        assert ("Stop" in actions) == (state.mover == 0)
        if state.mover and len(actions) > 1 and state.directions[state.mover - 1]:
            assert REVERSE[state.directions[state.mover - 1]] not in actions
        moves += state.mover == 0
        state = game.result(state, actions[choice % len(actions)])
        hash(state)
    eaten = len(MAZES[name].food) - len(state.food)
    bonus = {"playing": 0, "win": 500, "loss": -500}[state.status]
    assert state.score == 10 * eaten - moves + bonus
    assert game.is_terminal(state) == (state.status != "playing")


def test_mazes_are_data_with_walls_food_and_starts():
    assert list(MAZES)[0] == "small" and len(MAZES) >= 3
    for maze in MAZES.values():
        data = json.loads(json.dumps(maze.to_data()))
        assert set(data) == {"name", "title", "width", "height", "rows", "pacman", "ghosts"}
        assert len(data["rows"]) == maze.height and {len(r) for r in data["rows"]} == {maze.width}
        assert set("".join(data["rows"])) <= {"%", ".", " "}
        assert len(data["ghosts"]) == 2 and maze.food and 5 <= maze.width <= 9
    assert MAZES["small"].to_data()["rows"][1] == "% . %"


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ("%%%\n%P%\n%%%", "needs one P and 2 G"),
        ("%%%%%\n%PGG \n%%%%%", "border"),
        ("%%%%%%\n%PGG%%\n%%%%.%\n%%%%%%", "cannot reach"),
        ("%%%%\n%PGG%\n%%%%", "rows differ"),
        ("%%%%%%\n%PGGo%\n%%%%%%", "cells are one of"),
        ("%%%%%\n%PGG%\n%%%%%", "no food"),
    ],
)
def test_a_maze_that_cannot_be_played_is_refused(layout, message):
    with pytest.raises(EngineError, match=message):
        parse_maze("bad", "Bad", layout)


def node_depths(nodes):
    depths = []
    for node in nodes:
        depths.append(0 if node["parent"] is None else depths[node["parent"]] + 1)
    return depths


def test_depth_is_counted_in_rounds_of_three_agents():
    traced = pacman_decision("open", decision=0, depth=1)
    depths = node_depths(traced["nodes"])
    assert max(depths) == 3
    kinds = {(d, node["kind"]) for d, node in zip(depths, traced["nodes"], strict=True)}
    assert kinds == {(0, "max"), (1, "min"), (2, "min"), (3, "max")}
    assert traced["agents"] == ["Pacman", "Ghost 1", "Ghost 2"]
    assert traced["options"]["depth"] == 3 and traced["options"]["players"] == ["max", "min", "min"]
    assert traced["nodes"][1]["label"].startswith("P") and traced["nodes"][2]["label"][:2] == "G1"


def replayed_positions(game, played):
    """The game's positions, rebuilt from the record's moves by the rules."""
    positions = [game.initial()]
    for record in played["states"][1:]:
        positions.append(game.result(positions[-1], record["action"]))
    return positions


GAMES = [(2, "given", 0), (2, "random", 1), (2, "random", 2), (2, "heuristic", 0)]
GAMES += [(3, "given", 0), (3, "worst", 0), (1, "random", 3)]


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@pytest.mark.parametrize("name", list(MAZES))
@pytest.mark.parametrize("rule", ["standard", "strict"])
def test_alphabeta_finds_the_minimax_value_at_every_decision(name, rule):
    game = Pacman(MAZES[name])
    for depth, ordering, seed in GAMES:
        played = play_pacman(name, seed=seed, depth=depth, rule=rule, ordering=ordering)
        positions = replayed_positions(game, played)
        assert played["states"][-1]["score"] == positions[-1].score == played["score"]
        for decision in played["decisions"]:
            position = positions[decision["state"]]
            options = SearchOptions(algorithm="minimax", rule=rule, ordering=ordering, seed=seed)
            options = game_options(game, position, options, plies=3 * depth)
            search = GameSearch(game, position, options)
            search.trace()
            assert search.summary["value"] == decision["value"]
            assert decision["minimax_nodes"] == search.summary["nodes_visited"]
            assert decision["nodes_visited"] <= decision["minimax_nodes"]


def test_a_game_records_every_agents_move_and_ends_as_it_says():
    played = json.loads(json.dumps(play_pacman("small")))
    assert played["settings"] == {
        "maze": "small",
        "seed": 0,
        "ghosts": "adversarial",
        "depth": 2,
        "moves": 100,
        "rule": "standard",
        "ordering": "given",
        "evaluation": "score",
    }
    states = played["states"]
    assert states[0]["agent"] is None and states[0]["action"] is None
    assert [s["agent"] for s in states[1:7]] == [0, 1, 2, 0, 1, 2]
    assert played["status"] == states[-1]["status"] != "playing"
    assert [states[d["state"]]["agent"] for d in played["decisions"][1:]] == [2] * (
        len(played["decisions"]) - 1
    )
    assert all(d["action"] == states[d["state"] + 1]["action"] for d in played["decisions"])


def test_adversarial_ghosts_play_the_replies_the_search_predicted():
    played = play_pacman("corridor", moves=8)
    for index in (0, 5):
        traced = pacman_decision("corridor", decision=index)
        nodes, row, predicted = traced["nodes"], 0, []
        for position in traced["summary"]["principal_variation"][:3]:
            row = [r for r, n in enumerate(nodes) if n["parent"] == row][position]
            predicted.append(nodes[row]["action"])
        start = played["decisions"][index]["state"]
        assert predicted == [s["action"] for s in played["states"][start + 1 : start + 4]]


def test_the_reason_names_every_move_and_says_which_values_are_bounds():
    first = play_pacman("small", moves=1)["decisions"][0]
    assert first["reason"] == (
        "South: worth 8 after 2 rounds against ghosts that minimise, "
        "the best of South 8, East at most −491, Stop at most 8"
    )
    # Its parts, for a page that writes the reason in its own language.
    assert first["reason_parts"] == {
        "value": "8",
        "rounds": 2,
        "chance": False,
        "moves": [["South", "8", False], ["East", "−491", True], ["Stop", "8", True]],
    }
    random_ghosts = play_pacman("small", ghosts="random", depth=1, moves=1)["decisions"][0]
    assert "1 round against random ghosts" in random_ghosts["reason"]
    assert "at most" not in random_ghosts["reason"]
    assert random_ghosts["reason_parts"]["chance"] is True
    assert not any(at_most for _, _, at_most in random_ghosts["reason_parts"]["moves"])


def test_random_ghosts_replay_exactly_from_their_seed():
    games = [play_pacman("open", ghosts="random", seed=seed, moves=30) for seed in (7, 7, 8, 9)]
    assert games[0] == games[1]
    moves = [[s["action"] for s in game["states"]] for game in games]
    assert moves[0] != moves[2] or moves[0] != moves[3]
    assert all(g["decisions"][0]["nodes_pruned"] == 0 for g in games)  # expectimax


@pytest.mark.parametrize("ghosts", ["adversarial", "random"])
def test_a_decision_replays_as_it_was_played(ghosts):
    played = play_pacman("corridor", ghosts=ghosts, seed=3, moves=12, evaluation="better")
    for index in (0, 4, len(played["decisions"]) - 1):
        traced = pacman_decision(
            "corridor", decision=index, ghosts=ghosts, seed=3, evaluation="better"
        )
        assert traced["decision"] == played["decisions"][index]
        assert traced["summary"]["value"] == traced["decision"]["value"]
        assert "P" in traced["board"] and traced["board"].count("G") <= 2
        levels = {n["kind"] for n in traced["nodes"]}
        assert levels == ({"max", "min"} if ghosts == "adversarial" else {"max", "chance"})


def test_pause_is_called_between_searches():
    calls = []
    played = play_pacman("small", moves=3, pause=lambda: calls.append(1))
    assert len(calls) >= len(played["decisions"]) - 1 > 0


@pytest.mark.parametrize(
    ("call", "field", "message"),
    [
        (lambda: play_pacman("huge"), "maze", "'huge' is not one of small, corridor, open"),
        (lambda: play_pacman("small", ghosts="smart"), "ghosts", "adversarial, random"),
        (lambda: play_pacman("small", depth=5), "depth", "out of range \\(1 to 4\\)"),
        (lambda: play_pacman("small", depth=True), "depth", "whole number"),
        (lambda: play_pacman("small", moves=0), "moves", "out of range \\(1 to 500\\)"),
        (lambda: play_pacman("small", seed=2**32), "seed", "out of range"),
        (lambda: play_pacman("small", seed="1"), "seed", "whole number"),
        (lambda: play_pacman("small", evaluation="best"), "evaluation", "score, better"),
        (lambda: play_pacman("small", rule="loose"), "rule", "standard, strict"),
        (lambda: play_pacman("small", ordering="best"), "ordering", "given"),
        (lambda: pacman_decision("small", decision=-1), "decision", "out of range"),
        (lambda: pacman_decision("small", decision=99), "decision", "has only 9 decisions"),
        (lambda: Pacman(TEST_MAZE, evaluation="x"), "evaluation", "not one of"),
    ],
)
def test_bad_input_is_an_engine_error_naming_its_field(call, field, message):
    with pytest.raises(EngineError, match=message) as error:
        call()
    assert error.value.field == field


def pacman_cli(*args):
    return run_cli("game", "pacman", *args)


def test_the_command_line_prints_the_game_and_a_decisions_trace():
    done = pacman_cli("--maze", "small", "--seed", "2", "--ghosts", "random", "--moves", "4")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == play_pacman("small", seed=2, ghosts="random", moves=4)
    done = pacman_cli("--maze", "open", "--decision", "1", "--rule", "strict")
    assert done.returncode == 0, done.stderr
    expected = pacman_decision("open", decision=1, rule="strict")
    assert json.loads(done.stdout)["summary"] == expected["summary"]


def test_the_command_line_refuses_a_bad_maze_in_one_line():
    done = pacman_cli("--maze", "nowhere")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "small, corridor, open" in done.stderr
