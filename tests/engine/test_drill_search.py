"""The drill's in-browser search (static/js/drill/search.js) against the engine: on random
trees (ties, chance nodes weighted or not, several players cycles, both rules) it builds the
same node table and the same events, and finds the same value and best move, so the
browser's grader grades a drill tree exactly as the server would."""

import json
import random
import subprocess
from pathlib import Path

from app.engine import parse_document, resolve_options, trace

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [["max", "min"], ["min", "max"], ["max", "min", "min"], ["max", "min", "chance"]]


def random_tree(rng, depth=0, height=None):
    height = rng.choice([1, 2, 3, 4]) if height is None else height
    if depth == height or (depth > 1 and rng.random() < 0.15):
        return {"value": rng.randint(-3, 3) if rng.random() < 0.9 else rng.randint(-6, 6) + 0.5}
    width = rng.choice([1, 2, 2, 3])
    node = {"children": [random_tree(rng, depth + 1, height) for _ in range(width)]}
    if rng.random() < 0.1:
        node["type"] = "chance"
        if rng.random() < 0.5:
            weights = {1: [1.0], 2: [0.25, 0.75], 3: [0.5, 0.25, 0.25]}[width]
            for child, weight in zip(node["children"], weights, strict=True):
                child["p"] = weight
    return node


def as_document(node):
    """The nested drill tree as an engine tree document node."""
    out = {key: node[key] for key in ("value", "type", "p") if key in node}
    if "children" in node:
        out["children"] = [as_document(child) for child in node["children"]]
    return out


def test_the_drill_search_equals_the_engines_on_random_trees():
    rng = random.Random(24)
    cases = [
        {"tree": random_tree(rng), "players": rng.choice(PLAYERS), "rule": rule}
        for _ in range(200)
        for rule in ("standard", "strict")
    ]
    module = json.dumps((ROOT / "static/js/drill/search.js").as_uri())
    script = f"""
      import {{ nodeTable, searchTable }} from {module};
      const cases = {json.dumps(cases)};
      const out = cases.map(({{ tree, players, rule }}) =>
        searchTable(nodeTable(tree, players), {{ rule, players }}));
      console.log(JSON.stringify(out));
    """
    output = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    ).stdout
    cuts = 0
    for case, mine in zip(cases, json.loads(output), strict=True):
        parsed = parse_document({"tree": as_document(case["tree"]), "players": case["players"]})
        options = resolve_options(parsed, {"rule": case["rule"]})
        theirs = json.loads(json.dumps(trace(parsed.tree, options)))
        assert mine["nodes"] == theirs["nodes"], case
        assert mine["events"] == theirs["events"], case
        for key in ("value", "best_move"):
            assert mine["summary"][key] == theirs["summary"][key], case
        assert mine["options"] == theirs["summary"]["options"]
        cuts += any(event[0] == "cutoff" and event[6] for event in mine["events"])
    assert cuts > 100  # pruning was exercised
