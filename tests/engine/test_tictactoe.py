"""Tic-tac-toe: the rules, the published counts, and each decision's trace checked against
the engine's search of the same game tree built whole, and against easyAI's Negamax."""

import json
import re

import pytest
from easyAI import Negamax, TwoPlayerGame
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from support import run_cli
from wire_format import readable, table_paths

from app.engine import EngineError, SearchOptions, parse_tree, trace
from app.games.options import read_game_options
from app.games.tictactoe import TicTacToe, parse_board, status, winner
from app.games.tictactoe_play import tictactoe_move, tictactoe_trace

GAME = TicTacToe()


def reachable():
    """Every position of a game from the empty board (5,478 of them)."""
    seen, pending = set(), [GAME.initial()]
    while pending:
        board = pending.pop()
        if board not in seen:
            seen.add(board)
            pending.extend(GAME.result(board, cell) for cell in GAME.actions(board))
    return seen


POSITIONS = reachable()
OPEN_POSITIONS = sorted(board for board in POSITIONS if not GAME.is_terminal(board))


def test_the_game_has_the_known_number_of_positions():
    assert len(POSITIONS) == 5478


def test_moves_are_the_empty_cells_in_cell_order_and_marks_alternate():
    assert GAME.actions(".........") == list(range(9))
    assert GAME.actions("X...O...X") == [1, 2, 3, 5, 6, 7]
    assert GAME.to_move("X...O....") == 0
    assert GAME.result("X........", 4) == "X...O...."
    assert GAME.move_label("X........", 4) == "O→5"  # square 5, the centre, for people


def test_a_line_ends_the_game_and_scores_by_how_soon():
    assert winner("XXXOO....") == "X" and GAME.is_terminal("XXXOO....")
    assert GAME.actions("XXXOO....") == []
    assert GAME.utility("XXXOO....", 1) == 9
    assert GAME.utility("XX.OOOX.X", 3) == -7
    assert GAME.utility("XOXXOOOXX", 2) == 0
    assert [status(b) for b in ("XXXOO....", "XX.OOOX.X", "XOXXOOOXX", "X........")] == [
        "x-wins",
        "o-wins",
        "draw",
        "playing",
    ]


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("X...O...", "8 characters, not 9"),
        ("X...Q....", "holds 'Q'"),
        ("XX.......", "2 X and 0 O"),
        ("O........", "0 X and 1 O"),
        ("XXXOO.O..", "cannot happen"),
        ("XXXOO....", "the game is over (X has won)"),
        ("XOXXOOOXX", "the game is over (a draw)"),
        ("XX.OOO.X.", "the game is over (O has won)"),
    ],
)
def test_bad_boards_are_refused_with_the_reason(board, message):
    with pytest.raises(EngineError, match=re.escape(message)):
        parse_board(board)


def test_the_published_counts_of_the_empty_board():
    result = tictactoe_trace(".........", SearchOptions())
    summary = result["summary"]
    assert summary["nodes_visited"] == 20_866
    assert summary["leaves_evaluated"] == 8_453
    assert summary["minimax_nodes"] == 549_946
    assert summary["value"] == 0 and summary["best_action"] == 0
    # Every position of the game tree is either visited or below a pruned move.
    assert summary["nodes_visited"] + summary["nodes_pruned"] == summary["minimax_nodes"]
    assert result["agents"] == ["X", "O"]


def test_pruned_moves_are_stubs_with_their_label_and_size():
    result = tictactoe_trace(".........", SearchOptions())
    nodes = result["nodes"]
    parents = {row["parent"] for row in nodes}
    stubs = [i for i, row in enumerate(nodes) if "unexpanded" in row]
    assert stubs
    pruned = {p for e in result["events"] if e[0] == "cutoff" for p in e[6]}
    paths = table_paths(nodes)
    for i in stubs:
        row = nodes[i]
        assert i not in parents and not row["terminal"] and i in pruned
        assert row["label"] == f"{'XO'[(len(paths[i]) - 1) % 2]}→{int(row['action']) + 1}"
    below = sum(nodes[i]["unexpanded"] + 1 for i in pruned if not nodes[i]["terminal"])
    leaves = sum(1 for i in pruned if nodes[i]["terminal"])
    assert below + leaves == result["summary"]["nodes_pruned"]


def test_the_node_table_is_in_preorder():
    nodes = tictactoe_trace("X...O....", SearchOptions())["nodes"]
    paths = table_paths(nodes)
    assert paths == sorted(paths)
    assert nodes[0] == {"parent": None, "kind": "max", "terminal": False}  # named A


def whole_tree(board, plies=0, limit=None):
    """The game tree below ``board`` as a tree document, built whole (small boards only)."""
    if GAME.is_terminal(board):
        return GAME.utility(board, plies)
    if limit is not None and plies >= limit:
        return {"value": GAME.evaluate(board, plies), "children": [0]}  # cut by the limit
    return [whole_tree(GAME.result(board, cell), plies + 1, limit) for cell in GAME.actions(board)]


def game_cut_by_limit(board, limit):
    """Like whole_tree, but a node at the limit is a leaf with its evaluation (the tree
    engine needs the heuristic value; its children below the limit are never seen)."""
    return whole_tree(board, 0, limit)


late_boards = st.sampled_from([b for b in OPEN_POSITIONS if b.count(".") <= 6])


@settings(max_examples=examples(300), deadline=None)
@given(
    late_boards,
    st.sampled_from(["alphabeta", "minimax"]),
    st.sampled_from(["standard", "strict"]),
    st.sampled_from(["given", "perfect", "worst"]),
    st.sampled_from([None, None, 1, 2, 3]),
)
def test_a_decision_traces_exactly_like_the_whole_tree(board, algorithm, rule, ordering, depth):
    players = ("max", "min") if GAME.to_move(board) == 0 else ("min", "max")
    options = SearchOptions(algorithm=algorithm, rule=rule, ordering=ordering, depth=depth)
    lazy = tictactoe_trace(board, options)
    whole = trace(
        parse_tree(game_cut_by_limit(board, depth)),
        SearchOptions(
            algorithm=algorithm, rule=rule, ordering=ordering, depth=depth, players=players
        ),
    )
    assert readable(lazy["nodes"], lazy["events"]) == readable(whole["nodes"], whole["events"])
    for key in ("value", "best_move", "principal_variation", "nodes_visited",
                "leaves_evaluated", "cutoffs", "nodes_pruned", "minimax_nodes",
                "minimax_leaves", "percent_saved"):  # fmt: skip
        assert lazy["summary"][key] == whole["summary"][key], key


class EasyBoard(TwoPlayerGame):
    """A board for easyAI: it scores a finished game for the player to move (who can only
    have lost, or drawn); Negamax adds 0.001 per move left, preferring quick wins."""

    def __init__(self, board):
        self.players = [None, None]
        self.board = list(board)
        self.current_player = 1 if GAME.to_move(board) == 0 else 2

    def possible_moves(self):
        return [cell for cell in range(9) if self.board[cell] == "."]

    def make_move(self, cell):
        self.board[cell] = "X" if self.current_player == 1 else "O"

    def unmake_move(self, cell):
        self.board[cell] = "."

    def is_over(self):
        return GAME.is_terminal("".join(self.board))

    def scoring(self):
        return -1 if winner("".join(self.board)) else 0


def easyai_value(board, plies=0):
    """easyAI's value of ``board`` on Prune's scale: ±(10 − moves to the end) for X."""
    if GAME.is_terminal(board):
        return GAME.utility(board, plies)
    moves_left = board.count(".")
    ai = Negamax(moves_left)
    ai(EasyBoard(board))
    score = ai.alpha  # for the side to move
    if score == 0:
        return 0
    moves_to_end = moves_left - round((abs(score) - 1) / 0.001)
    for_mover = (10 - (plies + moves_to_end)) * (1 if score > 0 else -1)
    return for_mover if GAME.to_move(board) == 0 else -for_mover


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
def test_easyai_agrees_on_every_reachable_position():
    """The value, and that Prune's move reaches it, on all 4,520 positions with a move."""
    options = SearchOptions()
    for board in OPEN_POSITIONS:
        answer = tictactoe_move(board, options)
        value = easyai_value(board)
        assert answer["value"] == value, board
        assert easyai_value(answer["board"], plies=1) == value, (board, answer["move"])


def test_the_computer_never_loses_from_any_position_it_can_hold():
    """Against every reply, from the empty board, X (the computer) never loses; nor O."""
    options = SearchOptions()
    moves = {}

    def computer(board):
        if board not in moves:
            moves[board] = tictactoe_move(board, options)["board"]
        return moves[board]

    for computer_side in (0, 1):
        pending = [GAME.initial()]
        while pending:
            board = pending.pop()
            if GAME.is_terminal(board):
                assert status(board) != ("o-wins" if computer_side == 0 else "x-wins"), board
                continue
            if GAME.to_move(board) == computer_side:
                pending.append(computer(board))
            else:
                pending.extend(GAME.result(board, cell) for cell in GAME.actions(board))


def test_game_options_refuse_players_and_a_zero_depth():
    with pytest.raises(EngineError, match="unknown field 'players'"):
        read_game_options({"players": "max,min"})
    with pytest.raises(EngineError, match="depth must be at least 1"):
        read_game_options({"depth": 0})


def test_minimax_of_the_empty_board_is_refused_over_the_limit():
    with pytest.raises(EngineError, match="549,946 positions"):
        tictactoe_trace(".........", SearchOptions(algorithm="minimax"))


def test_the_heuristic_and_random_orderings_keep_the_value():
    for ordering in ("heuristic", "random"):
        summary = tictactoe_trace("X...O....", SearchOptions(ordering=ordering, seed=3))["summary"]
        assert summary["value"] == tictactoe_trace("X...O....", SearchOptions())["summary"]["value"]
    heuristic = tictactoe_trace(".........", SearchOptions(ordering="heuristic"))
    first_tried = heuristic["events"][1]  # the root's first child: the centre
    assert heuristic["nodes"][first_tried[1]]["action"] == "4"


def cli(*args):
    return run_cli("game", "tictactoe", *args)


def test_the_command_line_prints_the_trace():
    done = cli("--board", "X...O....", "--rule", "strict")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert {"summary", "events", "nodes"} <= set(result)
    expected = tictactoe_trace("X...O....", SearchOptions(rule="strict"))
    assert result["summary"] == expected["summary"]


@pytest.mark.parametrize(
    ("board", "message"),
    [("XO", "2 characters"), ("XXXOO....", "the game is over"), ("XX.......", "2 X and 0 O")],
)
def test_the_command_line_refuses_bad_boards_in_one_line(board, message):
    done = cli("--board", board)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and message in done.stderr
