"""A CS188 import is either refused, naming the line, or a document the next run accepts."""

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from app.engine import EngineError, Limits, parse_document, resolve_options
from app.engine.cs188 import parse_cs188

LIMITS = Limits(max_depth=6, max_nodes=200)
NAMES = st.text("ABCD", min_size=1, max_size=3) | st.text("x", min_size=79, max_size=82)
NAMES |= st.just("A\ud800")
VALUES = st.sampled_from(["1", "-2.5", "1e12", "1e13", "-1e300", "nan", "inf", "x"])


def document(agents, depth, start, edges, values):
    successors = "\n".join(f"{a} {move} {b}" for a, move, b in edges)
    evaluation = "\n".join(f"{state} {value}" for state, value in values)
    return (
        f'num_agents: "{agents}"\ndepth: "{depth}"\nstart_state: "{start}"\n'
        f'successors: """\n{successors}\n"""\nevaluation: """\n{evaluation}\n"""\n'
    )


@settings(max_examples=examples(300), deadline=None)
@given(
    agents=st.integers(1, 3),
    depth=st.integers(0, 7),
    start=NAMES,
    edges=st.lists(st.tuples(NAMES, NAMES, NAMES), max_size=8),
    values=st.lists(st.tuples(NAMES, VALUES), max_size=10),
)
def test_an_import_is_refused_by_line_or_runs(agents, depth, start, edges, values):
    try:
        imported = parse_cs188(document(agents, depth, start, edges, values), LIMITS)
    except EngineError as err:
        assert str(err).startswith(("line ", "state ", "the ")), err
        return
    parsed = parse_document(imported, LIMITS)
    resolve_options(parsed, None, LIMITS)


def test_a_depth_in_rounds_is_held_to_the_depth_limit():
    text = document(3, 3, "A", [("A", "go", "B")], [("B", "1")])  # 9 plies > 6
    try:
        parse_cs188(text, LIMITS)
    except EngineError as err:
        assert str(err) == "line 2: depth 3 is out of range (0 to 2)"
    else:
        raise AssertionError("a depth of 9 plies was imported")
