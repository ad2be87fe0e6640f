"""Tree documents: what is accepted, and that every rejection names the node or field."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from app.engine import EngineError, Limits, load_document, parse_document, parse_tree
from app.engine.options import resolve_options
from app.engine.tree import NODE_FIELDS


def test_shorthand_and_full_form_mix():
    tree = parse_tree([{"label": "A", "type": "min", "children": [1, {"value": 2}]}, [3]])
    assert len(tree) == 6
    assert [tree.path(n) for n in range(6)] == [(), (0,), (0, 0), (0, 1), (1,), (1, 0)]
    assert tree.parents == (-1, 0, 1, 1, 0, 4) and tree.positions == (0, 0, 0, 1, 1, 0)
    assert tree.node_at((0, 1)) == 3 and tree.node_at(()) == 0
    with pytest.raises(EngineError, match=r"there is no node \[1, 1\]"):
        tree.node_at((1, 1))
    assert tree.labels[1] == "A" and tree.types[1] == "min"
    assert tree.values[3] == 2


def test_document_wrapper_carries_players_and_option_defaults():
    document = parse_document(
        {
            "tree": [[1]],
            "players": ["max", "min", "min"],
            "name": "N",
            "options": {"rule": "strict"},
        }
    )
    options = resolve_options(document, {"depth": 1})
    assert options.players == ("max", "min", "min")
    assert options.rule == "strict" and options.depth == 1
    assert resolve_options(document, {"rule": "standard"}).rule == "standard"


def test_agents_name_each_position_of_players():
    document = parse_document(
        {"tree": [[1]], "players": "max,min,min", "agents": ["Pacman", "Ghost 1", "Ghost 2"]}
    )
    assert document.agents == ("Pacman", "Ghost 1", "Ghost 2")
    assert parse_document({"tree": [[1]], "players": ["max", "min"]}).agents is None
    assert parse_document({"tree": [[1]], "agents": None}).agents is None


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"agents": ["Pacman", "Ghost"]}, r"^document: agents name the players, so the document"),
        ({"players": ["max", "min"], "agents": "Pacman,Ghost"}, r"^document: agents must be a"),
        (
            {"players": ["max", "min", "min"], "agents": ["Pacman", "Ghost"]},
            r"^document: agents has 2 names for 3 players; give one name for each player$",
        ),
        (
            {"players": ["max", "min"], "agents": ["Pacman"]},
            r"^document: agents has 1 name for 2 players",
        ),
        (
            {"players": ["max"], "agents": []},
            r"^document: agents has 0 names for 1 player;",
        ),
        ({"players": ["max", "min"], "agents": ["Pacman", 2]}, r"^document: agent 2 of 2 must be"),
        ({"players": ["max", "min"], "agents": ["Pac", None]}, r"^document: agent 2 of 2 has no"),
        ({"players": ["max", "min"], "agents": ["", "Ghost"]}, r"^document: agent 1 of 2 has no"),
        ({"players": ["max", "min"], "agents": [" ", "Ghost"]}, r"^document: agent 1 of 2 has no"),
        (
            {"players": ["max", "min"], "agents": ["Pacman", "G" * 81]},
            r"^document: agent 2 of 2 is longer than 80 characters$",
        ),
        (
            {"players": ["max", "min"], "agents": ["Pac\ud800man", "Ghost"]},
            r"^document: agent 1 of 2 holds half of a UTF-16 surrogate pair",
        ),
    ],
)
def test_agents_errors_say_what_is_wrong_and_point_to_the_field(document, message):
    with pytest.raises(EngineError, match=message) as raised:
        parse_document({"tree": [1, 2], **document})
    assert raised.value.field == "agents" and raised.value.path is None


def test_agents_length_follows_the_label_limit():
    """An agent names a level in the ruler beside the tree, as short as a node's label."""
    name = "G" * 50
    document = {"tree": [1], "players": ["min"], "agents": [name]}
    assert parse_document(document, Limits(max_label_length=50)).agents == (name,)
    with pytest.raises(EngineError, match="longer than 49 characters"):
        parse_document(document, Limits(max_label_length=49))


def test_round_trip_through_to_data():
    data = [
        {"label": "x", "children": [{"value": 1, "p": 0.25}, {"value": 2, "p": 0.75}]},
        {"value": 7, "children": [3]},
    ]
    tree = parse_tree(data)
    assert parse_tree(tree.to_data()).to_data() == tree.to_data()
    assert tree.to_data()[0]["label"] == "x"
    assert tree.to_data()[1] == {"value": 7, "children": [3]}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([[1, "x"]], r'node \[0, 1\]: leaf value "x" is not a number'),
        ([[1, True]], r"node \[0, 1\]: leaf value true is not a number"),
        ([1, []], r"node \[1\]: an inner node needs at least one child"),
        ([1, {"children": []}], r"node \[1\]: an inner node needs at least one child"),
        ([{"label": "a"}], r"node \[0\]: a leaf needs a value"),
        ([{"value": 1, "colour": 2}], r"node \[0\]: unknown field 'colour'"),
        ([{"value": 1, "type": "maxi"}], r"node \[0\]: type 'maxi' is not one of max, min, chance"),
        ([{"value": 1, "label": "x" * 81}], r"node \[0\]: label is longer than 80 characters"),
        ([{"value": 1, "label": 5}], r"node \[0\]: label must be a string"),
        ([{"value": 1, "p": 1.5}], r"node \[0\]: probability p = 1.5 is not between 0 and 1"),
        ([{"value": 1, "p": 0.5}, 2], r"node \[\]: either all children have a probability p"),
        (
            [{"value": 1, "p": 0.5}, {"value": 2, "p": 0.4}],
            r"node \[\]: the children's probabilities add up to 0.9, not 1",
        ),
        ({"value": 1, "p": 1}, r"node \[\]: the root has no incoming edge"),
        ([[10**400]], r"node \[0, 0\]: leaf value .* is larger than"),
        ({"tree": [1], "player": []}, r"document: unknown field 'player'"),
        ({"tree": [1], "players": ["max", "mini"]}, r"players: 'mini' is not one of"),
        ({"tree": [1], "players": []}, r"players must be a non-empty list"),
        ({"tree": [1], "name": 3}, r"document: name must be a string"),
        ([1, [{"value": 2, "action": "\ud800"}]], r"node \[1, 0\]: action holds half of a"),
        ({"tree": [1], "description": "a\udfffb"}, r"document: description holds half of a"),
    ],
)
def test_rejections_name_the_node_or_field(data, message):
    with pytest.raises(EngineError, match=message):
        parse_document(data)


@pytest.mark.parametrize("text", ["[1, NaN]", "[Infinity]", "[-Infinity, 2]"])
def test_nan_and_infinity_are_rejected(text):
    with pytest.raises(EngineError, match="not allowed: values must be finite"):
        load_document(text)


def test_invalid_json_gives_line_and_column():
    with pytest.raises(EngineError, match=r"not valid JSON: .* \(line 2, column 3\)"):
        load_document("[1,\n  ]")


def test_node_limit():
    with pytest.raises(EngineError, match="more than 10 nodes, the limit"):
        parse_tree([list(range(10))], Limits(max_nodes=10))


def test_depth_limit_names_the_first_node_too_deep():
    chain = 1
    for _ in range(6):
        chain = [chain]
    with pytest.raises(
        EngineError, match=r"node \[0, 0, 0, 0, 0, 0\]: is at depth 6; .* at most 5"
    ):
        parse_tree(chain, Limits(max_depth=5))


def test_a_5000_level_chain_is_refused_clearly_from_json():
    text = "[" * 5000 + "1" + "]" * 5000
    with pytest.raises(EngineError, match="nests too deeply"):
        load_document(text)
    nested = '{"children": [' * 5000 + "1" + "]}" * 5000
    with pytest.raises(EngineError, match="nests too deeply"):
        load_document(nested)


def test_a_5000_level_chain_is_searched_when_the_limit_allows():
    from app.engine import SearchOptions, trace

    chain = 7
    for _ in range(5000):
        chain = [chain]
    tree = parse_tree(chain, Limits(max_depth=6000))
    result = trace(tree, SearchOptions())
    assert result["summary"]["value"] == 7
    assert result["summary"]["principal_variation"] == [0] * 5000
    assert parse_tree(tree.to_data(), Limits(max_depth=6000)).height == 5000


def test_document_size_limit():
    with pytest.raises(EngineError, match="the limit is 10"):
        load_document("[1, 2, 3, 4, 5]", Limits(max_document_chars=10))


def test_options_are_validated_by_name():
    with pytest.raises(EngineError, match="rule 'loose' is not one of standard, strict"):
        resolve_options(None, {"rule": "loose"})
    with pytest.raises(EngineError, match="depth must be a whole number"):
        resolve_options(None, {"depth": 1.5})
    with pytest.raises(EngineError, match="options: unknown field 'speed'"):
        resolve_options(None, {"speed": 2})
    assert resolve_options(None, {"depth": "3", "players": "max,min,min"}).depth == 3


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from([*NODE_FIELDS, "tree", "players", "agents", "x"]), inner, max_size=4
        )
    ),
    max_leaves=30,
)


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@settings(max_examples=examples(1500), deadline=None)
@given(json_values)
def test_arbitrary_json_raises_only_the_engines_error(data):
    try:
        parse_document(data)
        parse_document({"tree": data, "players": data, "options": data})
        parse_document({"tree": [1], "players": ["max", "min"], "agents": data})
    except EngineError as err:
        assert str(err)


@pytest.mark.slow  # a long property or exhaustive check: the full suite runs it, --quick not
@settings(max_examples=examples(500), deadline=None)
@given(st.text(max_size=60) | json_values.map(json.dumps))
def test_arbitrary_text_raises_only_the_engines_error(text):
    try:
        load_document(text)
    except EngineError as err:
        assert str(err)
