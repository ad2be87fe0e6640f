"""The game API: the computer's tic-tac-toe move and its trace, Pacman's games and decisions,
as cacheable GETs whose bad input is a 400 naming the field."""

import pytest

from app.engine import SearchOptions
from app.games.pacman_play import pacman_decision, play_pacman
from app.games.tictactoe_play import tictactoe_trace


def test_the_computer_answers_a_corner_with_the_centre(client):
    answer = client.get("/api/games/tictactoe/move?board=X........")
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["move"] == 4 and body["board"] == "X...O...."
    assert body["status"] == "playing" and body["value"] == 0
    assert body["summary"]["best_action"] == 4


def test_the_computer_takes_a_win_and_says_so(client):
    body = client.get("/api/games/tictactoe/move?board=XX.OO....").get_json()
    assert body["move"] == 2 and body["status"] == "x-wins" and body["value"] == 9


def test_the_trace_is_the_engines_with_its_agents(client):
    body = client.get("/api/games/tictactoe/trace?board=X...O....&rule=strict").get_json()
    expected = tictactoe_trace("X...O....", SearchOptions(rule="strict"))
    assert body["summary"] == expected["summary"]
    assert body["nodes"] == expected["nodes"]
    assert body["events"] == [list(e) for e in expected["events"]]
    assert body["agents"] == ["X", "O"] and body["options"]["players"] == ["max", "min"]
    o_to_move = client.get("/api/games/tictactoe/trace?board=X........").get_json()
    assert o_to_move["agents"] == ["O", "X"] and o_to_move["options"]["players"] == ["min", "max"]


def test_a_trace_is_computed_once_then_revalidated(client):
    first = client.get("/api/games/tictactoe/trace?board=X...O...X")
    assert first.headers["X-Prune-Trace"] == "computed"
    again = client.get("/api/games/tictactoe/trace?board=X...O...X")
    assert again.headers["X-Prune-Trace"] == "cached" and again.data == first.data
    unchanged = client.get(
        "/api/games/tictactoe/trace?board=X...O...X",
        headers={"If-None-Match": first.headers["ETag"]},
    )
    assert unchanged.status_code == 304


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("", "board", "give the board"),
        ("board=XX.......", "board", "2 X and 0 O"),
        ("board=XXXOO....", None, "the game is over"),
        ("board=.........&ordering=best", "ordering", "ordering 'best' is not one of"),
        ("board=.........&players=max", "players", "unknown field 'players'"),
        ("board=.........&depth=0", "depth", "depth must be at least 1"),
        ("board=.........&depth=x", "depth", "depth must be a whole number"),
        ("board=.........&algorithm=minimax", None, "549,946 positions"),
        ("board=.........&rule=strict", None, "more than 50,000 positions"),
        ("board=.........&board=X........", "board", "given 2 times"),
    ],
)
def test_bad_tictactoe_requests_are_a_400_naming_the_problem(client, query, field, message):
    for kind in ("move", "trace"):
        answer = client.get(f"/api/games/tictactoe/{kind}?{query}")
        assert answer.status_code == 400, (kind, query)
        body = answer.get_json()
        assert message in body["error"]
        assert body.get("field") == field


def test_the_mazes_are_listed(client):
    mazes = client.get("/api/games/pacman/mazes").get_json()
    assert [m["name"] for m in mazes] == ["small", "corridor", "open"]
    assert all(5 <= m["width"] <= 9 and 5 <= m["height"] <= 9 for m in mazes)


def test_a_pacman_game_and_a_decision_are_the_engines(client):
    query = "maze=corridor&seed=3&ghosts=random&moves=6"
    game = client.get(f"/api/games/pacman/game?{query}").get_json()
    assert game == play_pacman("corridor", seed=3, ghosts="random", moves=6)
    body = client.get("/api/games/pacman/trace?maze=corridor&seed=3&ghosts=random&decision=2")
    expected = pacman_decision("corridor", seed=3, ghosts="random", decision=2)
    assert body.get_json()["summary"] == expected["summary"]
    assert body.get_json()["decision"] == game["decisions"][2]
    assert body.get_json()["agents"] == ["Pacman", "Ghost 1", "Ghost 2"]


@pytest.mark.parametrize(
    ("route", "query", "field", "message"),
    [
        ("game", "", "maze", "give the maze"),
        ("game", "maze=big", "maze", "'big' is not one of small, corridor, open"),
        ("game", "maze=small&seed=x", "seed", "seed must be a whole number"),
        ("game", "maze=small&ghosts=nice", "ghosts", "nice"),
        ("game", "maze=small&depth=9", "depth", "depth"),
        ("game", "maze=small&moves=0", "moves", "moves"),
        ("game", "maze=small&rule=lax", "rule", "rule 'lax' is not one of"),
        ("game", "maze=small&decision=1", "decision", "unknown field 'decision'"),
        ("trace", "maze=small", "decision", "give the decision"),
        ("trace", "maze=small&decision=400", "decision", "the game has only"),
        ("trace", "maze=small&moves=3&decision=0", "moves", "unknown field 'moves'"),
    ],
)
def test_bad_pacman_requests_are_a_400_naming_the_field(client, route, query, field, message):
    answer = client.get(f"/api/games/pacman/{route}?{query}")
    assert answer.status_code == 400
    assert message in answer.get_json()["error"] and answer.get_json()["field"] == field


def test_the_game_pages_are_served(client):
    assert client.get("/play/tictactoe").status_code == 200
    page = client.get("/play/pacman")
    assert page.status_code == 200 and b"corridor" in page.data


def test_a_small_decision_is_built_whole_to_practise_on(client):
    document = client.get("/api/games/tictactoe/tree?board=XO.XO....").get_json()
    assert document["players"] == ["max", "min"] and document["agents"] == ["X", "O"]
    traced = client.post("/api/trace", json={"tree": document}).get_json()
    searched = tictactoe_trace("XO.XO....", SearchOptions())["summary"]
    for key in ("value", "best_move", "nodes_visited", "minimax_nodes"):
        assert traced["summary"][key] == searched[key]
    pacman = client.get("/api/games/pacman/tree?maze=open&decision=2&ghosts=random").get_json()
    assert pacman["options"] == {"algorithm": "expectimax"}
    traced = client.post("/api/trace", json={"tree": pacman}).get_json()
    decided = pacman_decision("open", decision=2, ghosts="random")["summary"]
    assert traced["summary"]["value"] == decided["value"]


def test_a_decision_too_big_to_practise_is_a_400_with_its_size(client):
    answer = client.get("/api/games/tictactoe/tree?board=X........")
    assert answer.status_code == 400 and "59,705 positions" in answer.get_json()["error"]
    answer = client.get("/api/games/pacman/tree?maze=small&decision=0&rule=strict")
    assert answer.status_code == 400 and answer.get_json()["field"] == "rule"
