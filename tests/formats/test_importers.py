"""Each course format's reader on the courses' own example trees (typed from their sources),
and bad or hostile texts refused with the format's own words: line, column, what was
expected."""

from __future__ import annotations

import pytest

from app.engine import EngineError, Limits, parse_document, resolve_options, trace
from app.engine.course_formats import import_tree
from app.engine.mit6034 import read_mit6034

# AIMA figure 5.2, as aima-python's games.py Fig52Game writes it.
FIG52 = """succs = dict(A=dict(a1='B', a2='C', a3='D'),
             B=dict(b1='B1', b2='B2', b3='B3'),
             C=dict(c1='C1', c2='C2', c3='C3'),
             D=dict(d1='D1', d2='D2', d3='D3'))
utils = dict(B1=3, B2=12, B3=8, C1=2, C2=4, C3=6, D1=14, D2=5, D3=2)
initial = 'A'
"""
FIG52_JSON = (
    '{"succs": {"A": {"a1": "B", "a2": "C", "a3": "D"}, "B": {"b1": "B1", "b2": "B2", '
    '"b3": "B3"}, "C": {"c1": "C1", "c2": "C2", "c3": "C3"}, "D": {"d1": "D1", "d2": "D2", '
    '"d3": "D3"}}, "utils": {"B1": 3, "B2": 12, "B3": 8, "C1": 2, "C2": 4, "C3": 6, '
    '"D1": 14, "D2": 5, "D3": 2}}'
)
# The 6.034 ToyTree form, leaves scored by a table given after the tree.
TOYTREE = """["A", [["B", ["B1", "B2", "B3"]],
        ["C", ["C1", "C2", "C3"]],
        ["D", ["D1", "D2", "D3"]]]],
{"B1": 3, "B2": 12, "B3": 8, "C1": 2, "C2": 4, "C3": 6, "D1": 14, "D2": 5, "D3": 2}"""
TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def leaf_values(data):
    stack, values = [data], []
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(reversed(node))
        elif isinstance(node, dict) and "children" in node:
            stack.extend(reversed(node["children"]))
        else:
            values.append(node["value"] if isinstance(node, dict) else node)
    return values


def root_value(tree_data):
    document = parse_document({"tree": tree_data})
    return trace(document.tree, resolve_options(document, {}))["summary"]["value"]


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("((3 12 8)(2 4 6)(14 5 2))", "brackets"),
        ("A(B(3 12 8) C(2 4 6) D(14 5 2))", "brackets"),
        ("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", "json"),
        ('{"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}', "json"),
        ("branching: 3\n3 12 8 2 4 6 14 5 2", "leaves"),
        (TOYTREE, "mit6034"),
        ("[[3, 12, 8], [2, 4, 6], [14, 5, 2],]", "mit6034"),
        (FIG52, "aima"),
        (FIG52_JSON, "aima"),
    ],
)
def test_each_format_reads_the_textbook_tree(text, fmt):
    result = import_tree(text)
    assert result["format"] == fmt
    assert leaf_values(result["tree"]) == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert root_value(result["tree"]) == 3


def test_aima_keeps_the_states_and_moves_of_figure_5_2():
    tree = import_tree(FIG52)["tree"]
    assert tree["label"] == "A"
    assert [c["action"] for c in tree["children"]] == ["a1", "a2", "a3"]
    assert [c["label"] for c in tree["children"][2]["children"]] == ["D1", "D2", "D3"]


def test_toytree_names_its_nodes():
    tree = import_tree(TOYTREE)["tree"]
    assert [c["label"] for c in tree["children"]] == ["B", "C", "D"]
    assert tree["children"][0]["children"][1] == {"label": "B2", "value": 12}


# MIT 6.034 Lab 3's toytree.py, typed from its source: create_toy_tree(name_to_score,
# nested_list) takes the table first, writes a leaf as [label, []] and scores a label missing
# from the table 0; its comment writes tree4 as numbers, each leaf in a list of its own, and
# says "If max goes first, 4 is the minimax score, and alpha-beta prunes 3 nodes" (the
# comment's last leaf, 13, is 3 in the lab's code; neither changes those two figures).
LAB_TABLE_FIRST = """{"B1": 3, "B2": 12, "B3": 8, "C1": 2, "C2": 4, "C3": 6,
 "D1": 14, "D2": 5, "D3": 2},
["A", [["B", [["B1", []], ["B2", []], ["B3", []]]],
       ["C", [["C1", []], ["C2", []], ["C3", []]]],
       ["D", [["D1", []], ["D2", []], ["D3", []]]]]]"""
LAB_TREE4 = "[[[7],[11],[3],[10]],[[4],[9],[14],[8]], [[5],[2],[12],[16]], [[15],[6],[1],[13]]]"


def test_the_6034_labs_own_forms_read_as_the_lab_builds_them():
    result = import_tree(LAB_TABLE_FIRST)
    assert result["format"] == "mit6034"
    assert leaf_values(result["tree"]) == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert root_value(result["tree"]) == 3
    assert result["tree"]["children"][0]["children"][0] == {"label": "B1", "value": 3}
    # A label the table does not score is 0, as create_toy_tree says.
    unscored = import_tree('["A", [["B", []], ["C", []]]], {"B": -5}')["tree"]
    assert leaf_values(unscored) == [-5, 0]
    # tree4 from the comment (read as 6.034, not as Prune's nested lists): 4, 3 leaves pruned.
    tree4 = read_mit6034(LAB_TREE4)
    assert leaf_values(tree4) == [7, 11, 3, 10, 4, 9, 14, 8, 5, 2, 12, 16, 15, 6, 1, 13]
    document = parse_document({"tree": tree4})
    summary = trace(document.tree, resolve_options(document, {}))["summary"]
    assert summary["value"] == 4
    assert summary["minimax_leaves"] - summary["leaves_evaluated"] == 3


def test_labelled_brackets_name_leaves_and_inner_nodes():
    tree = import_tree("A(B(b1:3 b2:-1.5) C(2, 4))")["tree"]
    assert tree["children"][0] == {
        "label": "B",
        "children": [{"label": "b1", "value": 3}, {"label": "b2", "value": -1.5}],
    }
    assert tree["children"][1] == {"label": "C", "children": [2, 4]}


def test_cs188_files_are_recognised():
    text = (
        'num_agents: "2"\nstart_state: "A"\nwin_states: ""\nlose_states: ""\n'
        'successors: """\nA Left B\nA Right C\n"""\nevaluation: """\nB 3\nC 5\n"""\n'
    )
    result = import_tree(text)
    assert result["format"] == "cs188"
    assert leaf_values(result["tree"]) == [3, 5]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("((3 12 8)(2 4 6)", "brackets: line 1, column 17: expected ')'"),
        ("((3 12 8)(2 4 6)))", "brackets: line 1, column 18: expected the end"),
        ("(3 ?)", "brackets: line 1, column 4: expected a number, a label or '('"),
        ("()", "brackets: line 1, column 2: expected a child"),
        ("['A', [['B', 3]", "mit6034: line 1"),
        ('["A", ["B1"]], {"B2": 1}', "a score for 'B1'"),
        ("succs = dict(A=dict(a='B'))\nutils = dict(C=1)", "a utility for the state 'B'"),
        ("succs = dict(A=dict(a='B'), B=dict(b='A'))\nutils = dict()", "no cycle"),
        ("succs = dict(A=dict(a='B'))\nutils = dict(B='x')", "a number as the value of 'B'"),
        ("succs = __import__('os')\nutils = {}", "a literal or dict"),
        ("succs = dict(A=1)\nprint(1)", "assignments"),
        ("branching: 3\n1 2 3 4", "leaves: line 2, column 8: expected a power of 3"),
        ("branching: 2\n1 two", "leaves: line 2, column 3: expected a number"),
        ('{"tree": [1, ', "json: line 1"),
    ],
)
def test_bad_text_names_the_format_line_and_what_was_expected(text, words):
    with pytest.raises(EngineError) as caught:
        import_tree(text)
    assert words in str(caught.value)


def test_huge_and_deep_inputs_are_refused_by_the_limits():
    limits = Limits(max_nodes=100, max_depth=20, max_document_chars=5_000)
    with pytest.raises(EngineError, match="at most 5000"):
        import_tree("(" + "1 " * 4_000 + ")", limits)
    with pytest.raises(EngineError, match="at most 20 levels"):
        import_tree("(" * 50 + "1" + ")" * 50, limits)
    with pytest.raises(EngineError, match="at most 20 levels of nesting"):
        import_tree("[" * 50 + "'A'" + "]" * 50, limits)
    with pytest.raises(EngineError, match="100"):
        import_tree("(" + "1 " * 200 + ")", limits)


def test_a_long_chain_in_succs_is_stopped_by_the_limits():
    chain = ", ".join(f"S{i}=dict(m='S{i + 1}')" for i in range(300))
    with pytest.raises(EngineError, match="aima"):
        import_tree(f"succs = dict({chain})\nutils = dict(S300=1)\ninitial = 'S0'")
