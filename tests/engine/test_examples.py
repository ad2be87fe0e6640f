"""Worked examples with answers known from the literature or checked by hand."""

import pytest
from wire_format import readable

from app.engine import SearchOptions, parse_document, parse_tree, resolve_options, trace
from app.engine.presets import PRESETS

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def run(tree, **options):
    document = parse_document(tree)
    result = trace(document.tree, resolve_options(document, options))
    return result["summary"], readable(result["nodes"], result["events"])


def leaves(events):
    return [list(e["path"]) for e in events if e["type"] == "leaf"]


def cutoffs(events):
    return [e for e in events if e["type"] == "cutoff"]


def test_textbook_tree_value_3_prunes_4_and_6_with_an_alpha_cutoff():
    # Russell & Norvig, AIMA, Figure 5.5.
    summary, events = run(TEXTBOOK)
    assert summary["value"] == 3
    assert summary["best_move"] == 0
    assert leaves(events) == [[0, 0], [0, 1], [0, 2], [1, 0], [2, 0], [2, 1], [2, 2]]
    first = cutoffs(events)[0]
    assert first["path"] == (1,)
    assert first["kind"] == "alpha"
    assert (first["value"], first["relation"], first["bound"]) == (2, "<=", 3)
    assert [list(p) for p in first["pruned"]] == [[1, 1], [1, 2]]
    assert summary["nodes_pruned"] == 2
    assert summary["cutoffs"] == {"alpha": 2, "beta": 0}


def test_textbook_last_child_cutoff_is_reported_with_nothing_pruned():
    _, events = run(TEXTBOOK)
    last = cutoffs(events)[1]
    assert last["path"] == (2,) and last["pruned"] == []


@pytest.mark.parametrize(
    ("rule", "expected_leaves"),
    [("standard", [[0, 0], [1, 0]]), ("strict", [[0, 0], [1, 0], [1, 1]])],
)
def test_the_tie_separates_the_two_rules(rule, expected_leaves):
    summary, events = run([[10], [10, 0]], rule=rule)
    assert summary["value"] == 10 and summary["best_move"] == 0
    assert leaves(events) == expected_leaves


def test_beta_cutoff_at_a_max_node():
    # Hand-checked: [0,1] sees 6 >= beta 5 and skips the 9; [1] sees 2 <= alpha 5.
    summary, events = run([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
    assert summary["value"] == 5 and summary["best_move"] == 0
    assert leaves(events) == [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 0, 1]]
    beta, alpha = cutoffs(events)
    assert beta["kind"] == "beta" and beta["path"] == (0, 1)
    assert (beta["value"], beta["relation"], beta["bound"]) == (6, ">=", 5)
    assert alpha["kind"] == "alpha" and [list(p) for p in alpha["pruned"]] == [[1, 1]]
    assert summary["nodes_pruned"] == 4  # the 9, and [1,1] with its two leaves
    assert summary["nodes_visited"] + summary["nodes_pruned"] == summary["minimax_nodes"] == 15


def test_two_ghosts_share_the_window():
    # MAX, MIN, MIN (Pacman with two ghosts), checked by hand: root 2; [1,0] cuts at 1 <= 2,
    # and so does [1] itself.
    summary, events = run([[[4, 8], [2, 6]], [[1, 9], [7, 3]]], players="max,min,min")
    assert summary["value"] == 2 and summary["best_move"] == 0
    assert leaves(events) == [[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1], [1, 0, 0]]
    assert [(c["path"], c["kind"]) for c in cutoffs(events)] == [((1, 0), "alpha"), ((1,), "alpha")]


def test_strict_rule_reports_strict_comparisons():
    _, events = run(TEXTBOOK, rule="strict")
    first = cutoffs(events)[0]
    assert (first["value"], first["relation"], first["bound"]) == (2, "<", 3)


def test_depth_limit_uses_heuristic_values():
    tree = {"tree": [{"value": 5, "children": [1, 2]}, {"value": 3, "children": [9, 9]}]}
    summary, events = run(tree, depth=1)
    assert summary["value"] == 5 and summary["best_move"] == 0
    assert [(list(e["path"]), e.get("heuristic")) for e in events if e["type"] == "leaf"] == [
        ([0], True),
        ([1], True),
    ]
    assert summary["minimax_nodes"] == 3
    full, full_events = run(tree)
    assert full["value"] == 9 and full["best_move"] == 1
    assert not any("heuristic" in e for e in full_events), "real leaves carry no heuristic flag"


def test_depth_limit_without_heuristic_names_the_node():
    from app.engine import EngineError, Search

    tree = parse_tree([{"value": 5, "children": [1, 2]}, [9, 9]])
    with pytest.raises(EngineError, match=r"node \[1\]: .*depth limit 1 .*no heuristic value"):
        Search(tree, SearchOptions(depth=1))


def test_expectimax_chance_preset_weighted_average_wins():
    document = PRESETS["chance"].document
    summary, events = run(document, algorithm="expectimax")
    assert summary["value"] == 9 and summary["best_move"] == 2
    exits = {e["path"]: e["value"] for e in events if e["type"] == "exit"}
    assert exits[(0,)] == 8 and exits[(1,)] == 4 and exits[(2,)] == 9
    assert all(e["alpha"] is None for e in events if e["type"] == "enter")


def test_expectimax_turns_min_players_into_chance_nodes():
    summary, _ = run(TEXTBOOK, algorithm="expectimax")
    assert summary["value"] == pytest.approx((3 + 12 + 8) / 3)  # beats 4 and 7
    assert summary["best_move"] == 0 and summary["cutoffs"] == {"alpha": 0, "beta": 0}


def test_alphabeta_searches_each_chance_child_with_an_open_window():
    tree = {"tree": [[5, 6], {"type": "chance", "children": [[1, 100], [3, 4]]}]}
    summary, events = run(tree)
    chance_children = [e for e in events if e["type"] == "enter" and len(e["path"]) == 2]
    assert [(e["alpha"], e["beta"]) for e in chance_children] == [("-Infinity", "Infinity")] * 2
    # the chance node's MAX children are worth 100 and 4: it averages 52 and beats 5
    assert summary["value"] == 52 and summary["best_move"] == 1


def test_minimax_visits_everything_and_reports_no_window():
    summary, events = run(TEXTBOOK, algorithm="minimax")
    assert summary["nodes_visited"] == summary["minimax_nodes"] == 13
    assert summary["nodes_pruned"] == 0 and not cutoffs(events)
    assert all(e.get("alpha", None) is None for e in events)


def test_perfect_ordering_keeps_paths_of_the_tree_as_given():
    summary, events = run(TEXTBOOK, ordering="perfect")
    assert leaves(events)[:3] == [[0, 0], [0, 2], [0, 1]]  # 3, 8, 12: MIN tries lowest first
    assert summary["leaves_evaluated"] == summary["knuth_moore_leaves"] == 5
    assert summary["value"] == 3 and summary["best_move"] == 0


def test_worst_ordering_prunes_nothing_on_distinct_values():
    summary, _ = run(PRESETS["worst-ordering"].document)
    assert summary["leaves_evaluated"] == 27 and summary["nodes_pruned"] == 0


def test_best_ordering_preset_meets_knuth_moore():
    summary, _ = run(PRESETS["best-ordering"].document)
    assert summary["leaves_evaluated"] == summary["knuth_moore_leaves"] == 11


def test_heuristic_ordering_sorts_by_each_childs_own_value():
    tree = [{"value": 1, "children": [1, 1]}, {"value": 7, "children": [7, 8]}, 4]
    _, events = run(tree, ordering="heuristic")
    entered = [e["path"] for e in events if e["type"] in ("enter", "leaf") and len(e["path"]) == 1]
    assert entered == [(1,), (2,), (0,)]


def test_random_ordering_is_seeded():
    tree = PRESETS["random-binary-10"].document
    first, a = run(tree, ordering="random", seed=7)
    again, b = run(tree, ordering="random", seed=7)
    other, c = run(tree, ordering="random", seed=8)
    assert a == b and a != c
    assert first["value"] == other["value"] == run(tree)[0]["value"]


def test_random_binary_preset_has_2047_nodes_and_alphabeta_visits_far_fewer():
    summary, _ = run(PRESETS["random-binary-10"].document)
    assert summary["total_nodes"] == summary["minimax_nodes"] == 2047
    assert summary["nodes_visited"] < 2047 / 2
    assert summary["uniform"] == {"branching": 2, "depth": 10}
    assert summary["knuth_moore_leaves"] == 2**5 + 2**5 - 1


def test_knuth_moore_is_not_claimed_when_min_plays_twice_in_a_row():
    summary, _ = run(PRESETS["pacman"].document)
    assert summary["uniform"] == {"branching": 2, "depth": 6}
    assert summary["knuth_moore_leaves"] is None


def test_pacman_preset_names_its_agents():
    document = PRESETS["pacman"].document
    assert document["agents"] == ["Pacman", "Ghost 1", "Ghost 2"]
    assert parse_document(document).agents == ("Pacman", "Ghost 1", "Ghost 2")
    assert "agents" not in PRESETS["textbook"].document


def test_principal_variation_follows_best_moves():
    summary, _ = run([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
    assert summary["principal_variation"] == [0, 0, 1]  # MIN [0] picks [0,0] (5): leaf 5


def test_root_leaf():
    summary, events = run(4)
    assert summary["value"] == 4 and summary["best_move"] is None
    assert [e["type"] for e in events] == ["leaf"]


def test_every_preset_runs_with_its_own_options():
    for preset in PRESETS.values():
        summary, events = run(preset.document)
        assert events and summary["nodes_visited"] >= 1, preset.name
        assert preset.title and preset.description and preset.answer and preset.source


def test_no_preset_description_gives_the_answer_away():
    """A description is on screen from step 0 (and on lecture students' pages): the root value
    and the pruned leaves are the answer's, shown only at the end."""
    for preset in PRESETS.values():
        summary, _ = run(preset.document)
        words = preset.description.lower()
        assert "answer" not in words and "never looked at" not in words, preset.name
        assert "prune" not in words and "cuts off" not in words, preset.name
        assert f" {summary['value']:g} " not in f" {words} ", (preset.name, summary["value"])


def test_depth_limited_preset_uses_its_document_depth():
    summary, events = run(PRESETS["depth-limited"].document)
    assert summary["options"]["depth"] == 2
    assert all(e.get("heuristic") for e in events if e["type"] == "leaf")


def test_infinities_survive_strict_json():
    import json

    _, events = run(TEXTBOOK)
    text = json.dumps(events, allow_nan=False)
    assert '"-Infinity"' in text and '"Infinity"' in text
