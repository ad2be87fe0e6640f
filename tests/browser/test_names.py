"""Nodes named for people: the narration and the statistics name nodes by label or by letter
name in level order (A the root, B, C, …, Z, AA, …) and moves by name and action, never by
index path. Expected names are worked out here from the engine's own node table."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest

from app.engine import SearchOptions, parse_document, trace
from app.engine.options import resolve_options
from app.engine.presets import PRESETS

pytestmark = pytest.mark.browser

# The textbook tree's names in level order are root A; MIN nodes B, C, D; leaves E … M.
# By row of the (preorder) node table:
TEXTBOOK_NAMES = list("ABEFGCHIJDKLM")


def letter_name(n: int) -> str:
    """The n-th name of the count: 0 → A, 25 → Z, 26 → AA (spreadsheet columns)."""
    name = ""
    n += 1
    while n:
        n, digit = divmod(n - 1, 26)
        name = chr(65 + digit) + name
    return name


def level_order_names(nodes: list[dict]) -> list[str]:
    """Each row's name: its label, else the letter name of its place in level order."""
    children: list[list[int]] = [[] for _ in nodes]
    for row, node in enumerate(nodes):
        if node["parent"] is not None:
            children[node["parent"]].append(row)
    names = [""] * len(nodes)
    order = [0]
    for place, row in enumerate(order):
        label = nodes[row].get("label")
        names[row] = label if label else letter_name(place)
        order.extend(children[row])
    return names


def engine_trace(document) -> dict:
    parsed = parse_document(document)
    return trace(parsed.tree, resolve_options(parsed, {}))


def narrations(page, steps: int) -> list[str]:
    """The narration of every step from 0 to ``steps``."""
    return page.evaluate(
        """(n) => Array.from({length: n + 1}, (_, k) => {
            window.prune.seek(k);
            return document.getElementById('narration').textContent;
        })""",
        steps,
    )


def best_stat(page) -> str:
    return page.inner_text("#stats [data-stat=best] dd")


def test_letter_names_count_like_spreadsheet_columns():
    names = [letter_name(n) for n in (0, 25, 26, 51, 52, 701, 702)]
    assert names == ["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]
    nodes = engine_trace(PRESETS["textbook"].document)["nodes"]
    assert level_order_names(nodes) == TEXTBOOK_NAMES


def test_textbook_narration_names_every_node(prune):
    page = prune.page
    prune.open("preset=textbook")
    said = narrations(page, prune.length())
    assert said[1] == (
        "Start at the root A, a MAX node with α = −∞, β = ∞: MAX picks the largest child value."
    )
    assert said[2] == (
        "Visit MIN node B with window α = −∞, β = ∞: MIN picks the smallest child value."
    )
    assert said[3] == "Evaluate leaf E: its value is 3."
    assert said[4] == "MIN node B: E returns 3; v = min(∞, 3) = 3, so β drops to 3."
    assert said[9] == "MIN node B returns 3 (from child E)."
    assert said[10] == "The root A: B returns 3; v = max(−∞, 3) = 3, so α rises to 3."
    assert said[11].startswith("Visit MIN node C with window α = 3, β = ∞: ")
    assert said[15] == "MIN node C returns 2 (from child H)."
    assert said[24] == (
        "MIN node D: v = 2 ≤ α = 3, the α-cutoff test fires, but this was the last child: "
        "nothing is left to prune."
    )
    assert said[-1] == "The root returns 3: the search is complete. Best move: B."
    assert not [text for text in said if "[" in text]
    assert best_stat(page) == "B; line B → E"


def test_pacman_names_moves_by_their_actions_and_never_by_path(prune):
    page = prune.page
    document = PRESETS["pacman"].document
    result = engine_trace(document)
    nodes = result["nodes"]
    names = level_order_names(nodes)
    children: list[list[int]] = [[] for _ in nodes]
    for row, node in enumerate(nodes[1:], 1):
        children[node["parent"]].append(row)
    line = [0]
    for position in result["summary"]["principal_variation"]:
        line.append(children[line[-1]][position])
    best = line[1]
    move = f"{names[best]} ({nodes[best]['action']})"
    assert names[0] == "Pacman" and [names[c] for c in children[0]] == ["B", "C"]

    prune.open("preset=pacman")
    said = narrations(page, prune.length())
    assert len(said) == len(result["events"]) + 1
    paths = [text for text in said if re.search(r"\[[\d, ]*\]", text)]
    assert paths == [], paths[:3]
    assert said[1].startswith("Start at the root Pacman, a MAX node")
    value = str(result["summary"]["value"]).replace("-", "−")
    assert said[-1] == f"The root returns {value}: the search is complete. Best move: {move}."
    assert move == "B (West)"
    # A child returning to its parent is named as a move: "MIN node AF: BL (G2 up) returns 30".
    updates = [text for text in said if " returns " in text and ";" in text]
    moves = re.compile(r": [A-Z]+ \((West|East|G1 up|G1 down|G2 up|G2 down)\) returns ")
    assert len(updates) > 50 and all(moves.search(text) for text in updates)
    assert best_stat(page) == f"{move}; line {' → '.join(names[i] for i in line[1:])}"


def test_a_label_names_its_node_and_keeps_every_other_name(prune):
    """The labelled leaf is called by its label; the count goes on past it (F, not E)."""
    page = prune.page
    tree = [[1, {"label": "exit", "value": 2}], [{"value": 3, "action": "left"}, 4]]
    prune.open("tree=" + quote(json.dumps(tree, separators=(",", ":"))))
    said = narrations(page, prune.length())
    assert "Evaluate leaf D: its value is 1." in said
    assert "Evaluate leaf exit: its value is 2." in said
    assert "Evaluate leaf F: its value is 3." in said
    assert "MIN node C: F (left) returns 3; v = min(∞, 3) = 3, so β drops to 3." in said
    assert "MIN node B returns 1 (from child D)." in said


def test_names_run_past_z(prune):
    """A root over 30 leaves: B … Z, then AA … AE."""
    page = prune.page
    leaves = list(range(30, 0, -1))  # leaf B is 30, … Z is 6, AA 5, … AE 1
    prune.open("tree=" + quote(json.dumps(leaves, separators=(",", ":"))))
    said = narrations(page, prune.length())
    assert "Evaluate leaf Z: its value is 6." in said
    assert "Evaluate leaf AA: its value is 5." in said
    assert "Evaluate leaf AE: its value is 1." in said
    assert said[-1] == "The root returns 30: the search is complete. Best move: B."
    assert best_stat(page) == "B"


def test_chance_nodes_are_named_with_their_weights(prune):
    page = prune.page
    prune.open("preset=chance")
    said = narrations(page, prune.length())
    weighted = "CHANCE node D: K returns 15, with probability 0.5; the expected value so far is"
    assert f"{weighted} 7.5." in said
    assert "CHANCE node B returns its expected value 8." in said
    assert said[-1] == "The root returns 9: the search is complete. Best move: D."
    assert best_stat(page) == "D"


def test_search_options_do_not_rename_nodes():
    """Names follow the node table, which ordering never changes (paths refer to the tree
    as given): the same document names the same node the same under every ordering."""
    document = PRESETS["textbook"].document
    parsed = parse_document(document)
    for ordering in ("given", "perfect", "worst"):
        nodes = trace(parsed.tree, SearchOptions(ordering=ordering))["nodes"]
        assert level_order_names(nodes) == TEXTBOOK_NAMES


def test_editing_a_document_keeps_its_players_and_agents(prune):
    """The editor rewrites the document on every edit: the names of the players stay."""
    page = prune.page
    prune.open("preset=pacman")
    prune.select("")
    page.fill("#ed-label", "Pac-Man")
    prune.edited(lambda: page.press("#ed-label", "Enter"))
    edited = json.loads(page.input_value("#tree-text"))
    assert edited["tree"]["label"] == "Pac-Man"
    assert edited["players"] == ["max", "min", "min"]
    assert edited["agents"] == ["Pacman", "Ghost 1", "Ghost 2"]
    assert narrations(page, 1)[1].startswith("Start at the root Pac-Man, a MAX node")
