"""The game API: the computer's tic-tac-toe move and its trace, Pacman's games and decisions,
as cacheable GETs whose bad input is a 400 naming the field."""

import pytest

from app.engine import SearchOptions, parse_document, resolve_options
from app.games.document import decision_document
from app.games.homework import MAX_GRADED_ITEMS, graded_items, homework_document
from app.games.pacman_play import pacman_decision, play_pacman
from app.games.tictactoe import TicTacToe
from app.games.tictactoe_play import tictactoe_trace
from app.practice.truth import Truth


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
    document = client.get("/api/games/tictactoe/tree?board=XOXOXO...").get_json()
    assert document["players"] == ["max", "min"] and document["agents"] == ["X", "O"]
    assert document["name"] == "Tic-tac-toe: XOXOXO..."  # not cut: 5 graded items
    traced = client.post("/api/trace", json={"tree": document}).get_json()
    searched = tictactoe_trace("XOXOXO...", SearchOptions())["summary"]
    for key in ("value", "best_move", "nodes_visited", "minimax_nodes"):
        assert traced["summary"][key] == searched[key]


def test_a_larger_decision_is_cut_to_at_most_20_graded_items(client):
    # Whole, X's move on XO.XO.... is 38 graded items under the standard rule; Pacman's
    # third move on the open maze against random ghosts more. Each is searched less deep.
    cases = [
        ("tictactoe/tree?board=XO.XO....", "Tic-tac-toe: XO.XO...., searched 2 plies deep"),
        (
            "pacman/tree?maze=open&decision=2&ghosts=random",
            "Pacman's move 3 on open, searched 4 plies deep",
        ),
    ]
    for query, name in cases:
        document = client.get(f"/api/games/{query}").get_json()
        assert document["name"] == name
        assert graded_items(document) <= MAX_GRADED_ITEMS == 20
        for rule in ("standard", "strict"):
            answer = {"pruned": [], "values": {}}
            graded = client.post(
                "/api/practice/grade",
                json={"tree": document, "options": {"rule": rule}, "answer": answer},
            ).get_json()
            assert graded["max_score"] <= 20
    pacman = client.get("/api/games/pacman/tree?maze=open&decision=2&ghosts=random").get_json()
    assert pacman["options"] == {"algorithm": "expectimax"}
    parsed = parse_document(pacman)
    names = Truth(parsed.tree, resolve_options(parsed)).names
    assert len(set(names)) == len(names) and any("under" in name for name in names)


def test_size_whole_gives_the_decision_uncut_for_the_visualizer(client):
    # "Open in the visualizer" replays the decision step for step: its tree must be whole.
    whole = client.get("/api/games/tictactoe/tree?board=XO.XO....&size=whole").get_json()
    assert whole["name"] == "Tic-tac-toe: XO.XO...." and graded_items(whole) == 60
    pacman = client.get("/api/games/pacman/tree?maze=open&decision=2&ghosts=random&size=whole")
    assert pacman.status_code == 200
    assert graded_items(pacman.get_json()) > MAX_GRADED_ITEMS
    for query in ("tictactoe/tree?board=XO.XO....", "pacman/tree?maze=open&decision=2"):
        refused = client.get(f"/api/games/{query}&size=huge")
        assert refused.status_code == 400 and refused.get_json()["field"] == "size"


def test_the_cut_prefers_fewer_plies_then_one_move_then_depth_1():
    game = TicTacToe()
    assert graded_items(decision_document(game, "XO.XO....", None, "x")) == 60
    assert homework_document(game, "XO.XO....", None, "x")["name"] == "x, searched 2 plies deep"
    # 3 plies from XO....... are 88 items, 2 plies 34: the subtree under X's move to 3 fits.
    under = homework_document(game, "XO.......", 3, "y")
    assert under["name"] == "y, after X→4" and graded_items(under) == 20
    assert under["players"] == ["min", "max"]  # O moves at its root
    # 2 plies are 34 items, and a move leaves only 1 ply: the decision at depth 1.
    shallow = homework_document(game, "XO.......", 2, "z")
    assert shallow["name"] == "z, searched 1 ply deep" and graded_items(shallow) == 2


def test_a_decision_too_big_to_practise_is_a_400_with_its_size(client):
    answer = client.get("/api/games/tictactoe/tree?board=X........")
    assert answer.status_code == 400 and "59,705 positions" in answer.get_json()["error"]
    answer = client.get("/api/games/pacman/tree?maze=small&decision=0&rule=strict")
    assert answer.status_code == 400 and answer.get_json()["field"] == "rule"
