"""CS188 export both ways: the ``.test`` file holds everything the autograder reads (diagram,
num_agents, depth, start, terminal states, successors, evaluation) and the ``.solution`` is
the one the autograder writes (``action``, and ``generated`` sorted)."""

import pytest
from test_cs188 import FILES, explored, load

from app.engine import EngineError, parse_document, resolve_options, trace
from app.engine.cs188 import parse_cs188
from app.engine.cs188_export import export_cs188

# The states each project case generates, worked out by hand (see test_cs188.py), and the move.
SOLUTIONS = {
    "two-agents.test": ("Left", "A B C D E F"),
    "two-ghosts.test": ("West", "A B C D E F H I J K L"),
    "depth-limited.test": ("Right", "A B C D E F G L"),
}


def fields(text):
    """``key: "value"`` lines of a file (blocks aside)."""
    found = {}
    for line in text.splitlines():
        key, colon, value = line.partition(": ")
        if colon and value.startswith('"') and value != '"""':
            found[key] = value.strip('"')
    return found


@pytest.mark.parametrize("name", SOLUTIONS)
def test_import_then_export_gives_back_the_solution(name):
    document, options = load(name)
    exported = export_cs188(document, options)
    action, generated = SOLUTIONS[name]
    solution = fields(exported["solution"])
    assert solution == {"action": action, "generated": generated}
    states, _ = explored(document, options)
    assert generated.split() == sorted(states)
    again = parse_document(parse_cs188(exported["text"]))
    assert trace(again.tree, resolve_options(again)) == trace(document.tree, options)
    original = fields((FILES / name).read_text())
    written = fields(exported["text"])
    for key in ("alg", "depth", "num_agents", "start_state"):
        assert written[key] == original[key], key
    assert 'diagram: """' in exported["text"]


def test_terminal_leaves_above_the_depth_are_win_or_lose_states():
    document, options = load("depth-limited.test")
    written = fields(export_cs188(document, options)["text"])
    assert (written["win_states"], written["lose_states"]) == ("", "L")
    document = parse_document({"tree": [[3, [1, 2]], 7], "players": ["max", "min"]})
    written = fields(export_cs188(document, resolve_options(document))["text"])
    assert written["depth"] == "2"  # three levels of moves: two rounds of two
    assert written["win_states"].split() == ["C", "E", "F", "G"]  # leaves above ply 4


def test_unlabelled_states_and_moves_get_the_courses_names():
    tree = [[1, 2, 3], [4, 5], [6, 7, 8, 9]]
    document = parse_document({"tree": tree, "players": ["max", "min"]})
    text = export_cs188(document, resolve_options(document))["text"]
    assert "A Left B" in text and "B Center D" in text and "F Right H" in text
    assert "I Move4 M" in text  # four moves: numbered
    assert "\n    A\n" not in text and "diagram" in text


def test_labels_are_sanitised_and_kept_unique():
    tree = {
        "label": "root state",
        "children": [
            {"label": "P\u2191", "action": "go north", "value": 1},
            {"label": "P\u2191", "action": "go north", "value": 2},
        ],
    }
    document = parse_document({"tree": tree})
    text = export_cs188(document, resolve_options(document))["text"]
    assert "root_state go_north P\u2191\n" in text and "root_state Right P\u2191_2" in text
    assert parse_cs188(text)["tree"]["label"] == "root_state"


def test_levels_that_alternate_max_and_min_are_two_agents():
    document = parse_document({"tree": [[[1, 2]], [[3, 4]]], "players": ["max", "min", "max"]})
    text = export_cs188(document, resolve_options(document))["text"]
    assert fields(text)["num_agents"] == "2" and fields(text)["depth"] == "2"
    document = parse_document({"tree": [[[1, 2]], [[3, 4]]], "players": ["min", "max"]})
    with pytest.raises(EngineError, match="go min, max, min"):
        export_cs188(document, resolve_options(document))
