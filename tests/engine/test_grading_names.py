"""Node names and numbers in grading (app/practice): names follow the documented rules,
repeated labels are qualified by their parent and letter name in explanations, and names,
move names and formatted numbers equal those the front end makes (static/js/lib/names.js,
format.js, run under node).
"""

import json
import random
import subprocess
from pathlib import Path

from grading_examples import CHANCE, HEURISTIC, TEXTBOOK, grade_document

from app.engine import parse_document, resolve_options
from app.practice.explain import fmt
from app.practice.names import move_name
from app.practice.truth import Truth

ROOT = Path(__file__).resolve().parents[2]


def test_names_follow_the_documented_rules():
    def names(tree, **options):
        parsed = parse_document(tree)
        return Truth(parsed.tree, resolve_options(parsed, options)).names

    assert names(TEXTBOOK) == list("ABEFGCHIJDKLM")  # by row: preorder
    labelled = [{"label": "Left", "children": [1, 2]}, [3]]
    assert names(labelled) == ["A", "Left", "D", "E", "C", "F"]  # labelling renames no other
    fan = names([list(range(30))])
    assert fan[:3] == ["A", "B", "C"] and fan[-2:] == ["AE", "AF"]
    assert names(HEURISTIC, depth=1) == ["A", "B", "C"]  # nodes below the limit take none


# A game tree's labels: "G1↓" at every ghost move.
REPEATED = {
    "tree": [
        {
            "label": "P→",
            "children": [{"label": "G1↓", "children": [1, 2]}, {"label": "G1↓", "value": 5}],
        },
        {"label": "B", "children": [{"label": "G1↓", "children": [3, 4]}, 9]},
    ]
}


def test_repeated_labels_are_qualified_by_parent_and_letter_name_in_explanations():
    parsed = parse_document(REPEATED)
    names = Truth(parsed.tree, resolve_options(parsed)).names
    # The label B is not the letter name B: P→ has that place.
    assert names == [
        "A", "P→", "G1↓ under P→ (node D)", "H", "I", "G1↓ under P→ (node E)",
        "B", "G1↓ under B (node F)", "J", "K", "G",
    ]  # fmt: skip
    assert len(set(names)) == len(names)
    result = grade_document(REPEATED, {"values": {"0.0": 9}})
    said = {tuple(i["path"]): i["explanation"] for i in result["items"]}
    assert said[(0, 0)] == (
        "G1↓ under P→ (node D) returns 2, not 9: a MAX node returns the largest value its "
        "children returned (1, 2)."
    )


def test_names_and_numbers_equal_the_front_ends():
    trees = [
        TEXTBOOK,
        [{"label": "Left", "action": "West", "children": [1, 2]}, {"action": "B", "children": [3]}],
        [list(range(30)), [{"label": "x→4", "action": "4", "value": 1}]],
        CHANCE,
        REPEATED,
    ]
    tables, expected = [], []
    for tree in trees:
        parsed = parse_document(tree)
        truth = Truth(parsed.tree, resolve_options(parsed))
        tables.append({"nodes": truth.nodes, "children": truth.children})
        expected.append(
            [
                truth.names,
                [move_name(truth.nodes, truth.names, row) for row in range(len(truth.nodes))],
            ]
        )
    special = "0 -0.0 3 -7 1e12 2.5 0.0625 0.1875 -0.0625 9.9995 0.0004 -1.234e-7 1234567.5 "
    special += "999999.9996 0.00099999 123.4565 0.3333333333333333 inf -inf"
    drawn = random.Random(15)
    numbers = [float(x) for x in special.split()]
    numbers += [drawn.uniform(-1, 1) * 10 ** drawn.randint(-8, 12) for _ in range(300)]
    numbers += [drawn.randint(-400, 400) / 16 for _ in range(100)]
    names_js = json.dumps((ROOT / "static/js/lib/names.js").as_uri())
    format_js = json.dumps((ROOT / "static/js/lib/format.js").as_uri())
    script = f"""
      import {{ uniqueNames, moveName }} from {names_js};
      import {{ fmt }} from {format_js};
      const tables = {json.dumps(tables)};
      const numbers = {json.dumps(numbers)};
      const names = tables.map((t) => {{
        const trace = {{ size: t.nodes.length, nodes: t.nodes, children: t.children }};
        const names = uniqueNames(trace);
        return [names, t.nodes.map((_, id) => moveName(trace, id, names))];
      }});
      console.log(JSON.stringify([names, numbers.map(fmt)]));
    """
    output = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    ).stdout
    names, formatted = json.loads(output)
    assert names == expected
    assert formatted == [fmt(x) for x in numbers]
