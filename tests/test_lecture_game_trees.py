"""A game slide in a lecture given from a lesson: the presenter steps through the decision's
trace (GET /api/games/<game>/trace?…), and students run the decision's tree document
(GET /api/games/<game>/tree?…&size=whole) with the decision's options, as the lecture view
(static/js/lesson/lecture-views.js gameTreeRequest). Step k must be the same step on both:
the same number of steps, and each step the same event at the same node (by path)."""

import pytest

# (the slide's game and query, the options its trace is searched with): what a lesson's game
# slide may hold and lecture-views.js sends as a tree, every rule, algorithm and the
# orderings it sends (given, perfect, worst); its tree query is the decision's keys.
TICTACTOE = [
    ("XO.XO....", {}),
    ("XO.XO....", {"rule": "strict"}),
    ("XO.XO....", {"algorithm": "minimax"}),
    ("X...O...X", {"algorithm": "expectimax"}),
    ("X...O...X", {"ordering": "perfect"}),
    ("XO..X....", {"ordering": "worst", "rule": "strict"}),
]
PACMAN = [
    ({"maze": "small", "decision": "0"}, {}),
    ({"maze": "small", "decision": "1"}, {"rule": "strict"}),
    ({"maze": "small", "decision": "1"}, {"ordering": "worst"}),
    ({"maze": "open", "decision": "2", "ghosts": "random"}, {}),
    ({"maze": "corridor", "decision": "0", "seed": "4", "ghosts": "random", "depth": "2"}, {}),
    ({"maze": "small", "decision": "2", "evaluation": "better"}, {"ordering": "perfect"}),
]
# Under the CS188 rules (app/games/cs188_play.py): the course's layouts and agents, the strict
# rule by default; the options are the ones the decision's trace is searched with.
COURSE = {"rules": "cs188", "layout": "smallClassic"}
CS188 = [
    ({**COURSE, "decision": "0"}, {"algorithm": "alphabeta", "rule": "strict"}),
    ({**COURSE, "decision": "2"}, {"algorithm": "alphabeta", "rule": "strict"}),
    ({**COURSE, "decision": "1"}, {"algorithm": "alphabeta", "rule": "standard"}),
    ({**COURSE, "decision": "1"}, {"algorithm": "minimax", "rule": "strict"}),
    ({**COURSE, "decision": "1", "ghosts": "random"}, {"algorithm": "expectimax"}),
    (
        {"rules": "cs188", "layout": "minimaxClassic", "decision": "0", "depth": "2"},
        {"algorithm": "alphabeta", "rule": "strict", "ordering": "worst"},
    ),
    ({"rules": "cs188", "layout": "trappedClassic", "decision": "0", "pacman": "East"}, {}),
]


def query(params):
    return "&".join(f"{key}={value}" for key, value in params.items())


def paths(nodes):
    """Each row's path in a node table (rows are in preorder)."""
    out, children = [], {}
    for row in nodes:
        parent = row["parent"]
        if parent is None:
            out.append(())
            continue
        out.append((*out[parent], children.get(parent, 0)))
        children[parent] = children.get(parent, 0) + 1
    return out


def by_path(trace):
    """The trace's events with nodes named by path (rows differ: a tree document's table also
    holds the pruned subtrees a game's stubs leave out); a leaf's depth-limit flag aside (in
    the tree document that position is a leaf worth its evaluation)."""
    at = paths(trace["nodes"])
    name = lambda row: None if row is None else at[row]  # noqa: E731
    out = []
    for event in trace["events"]:
        kind, node, *rest = event
        if kind == "update":
            rest[0] = name(rest[0])
        elif kind == "cutoff":
            rest[4] = [name(row) for row in rest[4]]
        elif kind == "exit":
            rest[1] = name(rest[1])
        elif kind == "leaf":
            rest = rest[:3]
        out.append((kind, name(node), *map(repr, rest)))
    return out


def same_steps(client, game, decision, options):
    searched = {**decision, **{key: str(value) for key, value in options.items()}}
    trace = client.get(f"/api/games/{game}/trace?{query(searched)}")
    assert trace.status_code == 200, trace.get_json()
    tree = client.get(f"/api/games/{game}/tree?{query(decision)}&size=whole")
    assert tree.status_code == 200, tree.get_json()
    run = client.post("/api/trace", json={"tree": tree.get_json(), "options": options})
    assert run.status_code == 200, run.get_json()
    presenter, students = trace.get_json(), run.get_json()
    assert len(students["events"]) == len(presenter["events"])
    assert by_path(students) == by_path(presenter)
    assert students["summary"]["value"] == presenter["summary"]["value"]


@pytest.mark.parametrize(("board", "options"), TICTACTOE)
def test_a_tictactoe_decision_replays_step_for_step_as_its_whole_tree(client, board, options):
    same_steps(client, "tictactoe", {"board": board}, options)


@pytest.mark.parametrize(("decision", "options"), PACMAN)
def test_a_pacman_decision_replays_step_for_step_as_its_whole_tree(client, decision, options):
    same_steps(client, "pacman", decision, options)


@pytest.mark.parametrize(("decision", "options"), CS188)
def test_a_cs188_decision_replays_step_for_step_as_its_whole_tree(client, decision, options):
    same_steps(client, "pacman", decision, options)


def test_a_cs188_decision_tree_names_its_agents_and_options(client):
    tree = client.get("/api/games/pacman/tree?rules=cs188&layout=smallClassic&decision=0")
    assert tree.status_code == 200, tree.get_json()
    document = tree.get_json()
    assert document["agents"][0] == "Pacman" and len(document["agents"]) == 3
    assert document["options"] == {"algorithm": "alphabeta", "rule": "strict"}
    assert "CS188 rules" in document["name"]
    bad = client.get("/api/games/pacman/tree?rules=cs188&layout=smallClassic&decision=0&size=all")
    assert bad.status_code == 400 and bad.get_json()["field"] == "size"
    late = client.get("/api/games/pacman/tree?rules=cs188&layout=smallClassic&decision=900")
    assert late.status_code == 400 and late.get_json()["field"] == "decision"
