"""The CS188 game-tree test format: files written for these tests, with the trees and the
explored states (``generatedStates``) worked out by hand for the strict rule."""

from pathlib import Path

import pytest
from wire_format import readable

from app.engine import EngineError, parse_document, resolve_options, trace
from app.engine.cs188 import parse_cs188
from app.engine.cs188_export import export_cs188

FILES = Path(__file__).parent / "cs188"


def load(name):
    document = parse_document(parse_cs188((FILES / name).read_text()))
    options = resolve_options(document)
    return document, options


def explored(document, options):
    """States the search generates: the labels of every node it enters or evaluates."""
    result = trace(document.tree, options)
    tree = document.tree
    states = {
        tree.labels[tree.node_at(e["path"])]
        for e in readable(result["nodes"], result["events"])
        if e["type"] in ("enter", "leaf")
    }
    return states, result["summary"]


def test_two_agents():
    document, options = load("two-agents.test")
    assert document.tree.to_data() == {
        "label": "A",
        "children": [
            {"label": "B", "action": "Left", "children": [
                {"label": "D", "action": "Left", "value": 3},
                {"label": "E", "action": "Right", "value": 5},
            ]},
            {"label": "C", "action": "Right", "children": [
                {"label": "F", "action": "Left", "value": 2},
                {"label": "G", "action": "Right", "value": 9},
            ]},
        ],
    }  # fmt: skip
    assert (options.algorithm, options.rule, options.depth) == ("alphabeta", "strict", 2)
    states, summary = explored(document, options)
    assert states == set("ABCDEF")
    assert summary["value"] == 3 and summary["best_move"] == 0


def test_two_ghosts_take_turns_after_pacman():
    document, options = load("two-ghosts.test")
    assert options.players == ("max", "min", "min") and options.depth == 3
    assert len(document.tree) == 15
    states, summary = explored(document, options)
    assert states == set("ABCDEFHIJKL")
    assert summary["value"] == 2


def test_depth_limit_evaluates_heuristics_and_lose_states_end_the_game():
    document, options = load("depth-limited.test")
    tree = document.tree
    lose = tree.node_at((2,))
    assert tree.labels[lose] == "L" and tree.children[lose] == ()  # its move to W is not taken
    assert tree.values[tree.node_at((0, 0))] == 6 and tree.children[tree.node_at((0, 0))]
    states, summary = explored(document, options)
    assert states == set("ABCDEFGL")
    assert summary["value"] == 5.5 and summary["best_move"] == 1


@pytest.mark.parametrize("name", ["two-agents.test", "two-ghosts.test", "depth-limited.test"])
def test_export_then_import_gives_the_same_tree_and_trace(name):
    document, options = load(name)
    again = parse_document(parse_cs188(export_cs188(document, options)["text"]))
    assert again.tree.to_data() == document.tree.to_data()
    again_options = resolve_options(again)
    assert again_options == options
    assert trace(again.tree, again_options) == trace(document.tree, options)


def test_export_names_unlabelled_states():
    document = parse_document([[3, 12], [2, 4]])
    text = export_cs188(document, resolve_options(document))["text"]
    assert "A Left B" in text and "C 0.0" not in text and "C 3.0" in text
    imported = parse_document(parse_cs188(text))
    assert trace(imported.tree, resolve_options(imported))["summary"]["value"] == 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'num_agents: "2"\nstart_state: "A"\nsuccessors: """\nA B\n"""\nevaluation: """\n"""',
            r"line 4: expected state action next, got 'A B'",
        ),
        (
            'num_agents: "2"\nstart_state: "A"\nsuccessors: """\nA x B\n"""\n'
            'evaluation: """\nB high\n"""',
            r"line 7: value 'high' is not a number",
        ),
        (
            'num_agents: "2"\nstart_state: "A"\nsuccessors: """\nA x B\n',
            r'line 3: the """ block of successors is never closed',
        ),
        (
            'num_agents: "2"\nstart_state: "A"\nsuccessors: """\nA x B\n"""\nevaluation: """\n"""',
            r"state B ends the game but has no evaluation line",
        ),
        (
            'num_agents: "2"\nstart_state: "A"\nsuccessors: """\nA x B\nB y A\n"""\n'
            'evaluation: """\n"""',
            r"line 5: B y A loops back to A",
        ),
        (
            'num_agents: "two"\nstart_state: "A"\nsuccessors: """\n"""\nevaluation: """\n"""',
            r"line 1: num_agents 'two' is not a whole number",
        ),
        (
            'start_state: "A"\nsuccessors: """\n"""\nevaluation: """\n"""',
            r"the file has no num_agents field",
        ),
        ("hello world", r"line 1: expected key"),
        (
            'num_agents: "2"\nalg: "GreedyAgent"\nstart_state: "A"\nsuccessors: """\n"""\n'
            'evaluation: """\nA 1\n"""',
            r"line 2: alg 'GreedyAgent' is not one of",
        ),
    ],
)
def test_bad_files_get_line_numbered_errors(text, message):
    with pytest.raises(EngineError, match=message):
        parse_cs188(text)
