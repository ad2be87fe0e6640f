"""The exam generator (app/exams): every answer and every property asked, checked against
the textbook search in reference.py (not the engine); seeds reproduce an exam; variants
differ yet keep the shape and the leaves evaluated; specs no tree can meet are refused."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from app.exams import KINDS, ExamLimits, SpecError, generate_exam
from tests.exams import reference as ref

LIMITS = ExamLimits(max_tries=80)
FLAGS = ("both_cutoffs", "ties", "equal_window", "ordering_matters", "deep_cutoff")


def wire(x):
    return {"Infinity": ref.INF, "-Infinity": -ref.INF}.get(x, x)


def check_question(q, spec):
    """The question's answer and every property its spec asks, recomputed by the reference."""
    tree, players, rule = q["tree"]["tree"], q["tree"]["players"], q["rule"]
    assert players == spec.get("players", ["max", "min"])
    value, log = ref.alphabeta(tree, players, rule)
    named = ref.names(tree)
    path_of = {name: path for path, name in named.items()}
    answer, kind = q["answer"], q["kind"]
    all_leaves = ref.leaf_count(tree)
    other = ref.alphabeta(tree, players, "strict" if rule == "standard" else "standard")[1]
    standard, strict = (log, other) if rule == "standard" else (other, log)
    perfect = ref.alphabeta(tree, players, rule, ref.perfect_order(tree, players))[1]
    _, exact = ref.minimax(tree, players)
    if kind == "prune":
        assert [tuple(p["path"]) for p in answer["pruned"]] == log.crossed
        assert [p["name"] for p in answer["pruned"]] == [named[p] for p in log.crossed]
        assert answer["pruned_leaves"] == all_leaves - len(log.leaves)
    elif kind == "values":
        nodes = dict(ref.walk(tree))
        inner = {named[p]: v for p, v in exact.items() if isinstance(nodes[p], list)}
        assert answer["values"] == pytest.approx(inner)
    elif kind == "windows":
        assert list(answer["windows"]) == q["asked"]
        for name, window in answer["windows"].items():
            path = path_of[name]
            assert (wire(window["alpha"]), wire(window["beta"])) == log.windows[path]
    elif kind == "best_move":
        # The root never cuts off (β = ∞ above it), so every child returns a value.
        root_children = [log.values[(i,)] if isinstance(c, list) else c for i, c in enumerate(tree)]
        better = (lambda a, b: a > b) if players[0] == "max" else (lambda a, b: a < b)
        best = 0
        for i, v in enumerate(root_children):
            if better(v, root_children[best]):
                best = i
        assert answer["move"] == best and answer["child"] == named[(best,)]
        assert answer["value"] == pytest.approx(value)
    elif kind == "leaves":
        assert answer["leaves_evaluated"] == len(log.leaves)
        assert answer["leaves"] == [named[p] for p in log.leaves]
    elif kind == "reorder":
        assert answer["leaves_evaluated"] == len(perfect.leaves)
        assert answer["given_leaves_evaluated"] == len(log.leaves)
        for path, kids in ref.perfect_order(tree, players).items():
            assert answer["orders"][named[path]] == [named[(*path, i)] for i in kids]
    elif kind == "rules":
        assert answer["standard_only"] == [
            named[p] for p in standard.leaves if p not in strict.leaves
        ]
        assert answer["strict_only"] == [
            named[p] for p in strict.leaves if p not in standard.leaves
        ]
    else:
        assert answer["alphabeta"]["leaves"] == len(log.leaves)
        assert answer["alphabeta"]["nodes"] == len(log.leaves) + len(log.inner_visited)
        assert answer["minimax"]["leaves"] == all_leaves
        assert answer["minimax"]["nodes"] == len(list(ref.walk(tree)))
    # Every property asked holds on the tree.
    assert all_leaves - len(log.leaves) >= spec.get("min_pruned", 0)
    assert len(log.crossed) >= spec.get("min_pruned_branches", 0)
    if spec.get("both_cutoffs"):
        assert {cut["kind"] for cut in log.cutoffs} == {"max", "min"}
    if spec.get("ties") or kind == "rules":
        assert standard.leaves != strict.leaves
    if spec.get("equal_window"):
        equal_cut = any(cut["value"] == cut["bound"] for cut in log.cutoffs)
        equal_entry = any(a == b for a, b, _ in log.entered.values())
        assert equal_cut or equal_entry
    if spec.get("ordering_matters"):
        assert len(perfect.leaves) != len(log.leaves)
    if spec.get("deep_cutoff"):
        assert ref.deep_cutoffs(tree, players, log)
    return log


def check_exam(exam, data):
    for variant in exam["variants"]:
        assert len(variant["questions"]) == len(data["questions"])
        for q, spec in zip(variant["questions"], data["questions"], strict=True):
            assert q["kind"] == spec["kind"]
            check_question(q, spec)
    # Variants: the same shape and the same number of leaves evaluated per question.
    for i in range(len(data["questions"])):
        column = [v["questions"][i] for v in exam["variants"]]
        trees = [q["tree"]["tree"] for q in column]
        assert len({repr(ref.shape(t)) for t in trees}) == 1
        counts = {
            len(ref.alphabeta(t, q["tree"]["players"], q["rule"])[1].leaves)
            for t, q in zip(trees, column, strict=True)
        }
        assert len(counts) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_answers_as_the_textbook_search(kind):
    data = {"seed": 7, "variants": 3, "questions": [{"kind": kind, "depth": 3, "branching": 2}]}
    exam = generate_exam(data, LIMITS)
    check_exam(exam, data)
    assert all(q["solution"] for v in exam["variants"] for q in v["questions"])


PLAYERS = st.sampled_from(
    [["max", "min"], ["min", "max"], ["max", "min", "min"], ["max", "chance", "min"]]
)
LEVEL = st.one_of(st.integers(2, 3), st.tuples(st.integers(0, 2), st.integers(2, 3)).map(list))


@st.composite
def question_specs(draw):
    depth = draw(st.sampled_from([1, 2, 2, 3, 3, 3]))
    spec = {"kind": draw(st.sampled_from(KINDS)), "depth": depth, "players": draw(PLAYERS)}
    spec["branching"] = draw(
        st.one_of(st.integers(2, 3), st.lists(LEVEL, min_size=depth, max_size=depth))
    )
    if isinstance(spec["branching"], list) and isinstance(spec["branching"][0], list):
        spec["branching"][0][0] = max(spec["branching"][0][0], 2)
    spec["rule"] = draw(st.sampled_from(["standard", "strict"]))
    low = draw(st.integers(-20, 10))
    spec["values"] = [low, low + draw(st.integers(1, 30))]
    spec["integers"] = draw(st.booleans())
    spec["min_pruned"] = draw(st.integers(0, 2))
    for flag in draw(st.lists(st.sampled_from(FLAGS), max_size=2, unique=True)):
        spec[flag] = True
    return spec


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=question_specs(), seed=st.integers(0, 2**32))
def test_every_property_asked_holds_or_the_spec_is_refused(spec, seed):
    data = {"seed": seed, "variants": 2, "questions": [spec]}
    try:
        exam = generate_exam(data, LIMITS)
    except SpecError as err:
        assert err.field.startswith("questions[0].") or err.field == "variants"
        assert "questions[0]" in str(err)
        return
    check_exam(exam, data)


def test_the_same_seed_gives_the_same_exam_and_another_seed_another():
    data = {
        "seed": 35,
        "variants": 4,
        "questions": [
            {"kind": "prune", "depth": 3, "branching": 3, "min_pruned": 4},
            {"kind": "windows", "depth": 3, "branching": [2, [1, 3], 2]},
        ],
    }
    first = generate_exam(data, LIMITS)
    assert generate_exam(data, LIMITS) == first
    other = generate_exam({**data, "seed": 36}, LIMITS)
    assert (
        other["variants"][0]["questions"][0]["tree"] != first["variants"][0]["questions"][0]["tree"]
    )


def test_variants_differ_and_keep_the_difficulty():
    data = {
        "seed": 3,
        "variants": 12,
        "questions": [
            {"kind": "leaves", "depth": 3, "branching": 3, "min_pruned": 5, "both_cutoffs": True}
        ],
    }
    exam = generate_exam(data, LIMITS)
    trees = [repr(v["questions"][0]["tree"]) for v in exam["variants"]]
    assert len(set(trees)) == len(trees)
    check_exam(exam, data)


@pytest.mark.parametrize(
    ("question", "field"),
    [
        (
            {"kind": "prune", "depth": 1, "branching": 3, "both_cutoffs": True},
            "questions[1].both_cutoffs",
        ),
        ({"kind": "prune", "depth": 1, "branching": 3, "min_pruned": 1}, "questions[1].min_pruned"),
        (
            {"kind": "leaves", "depth": 2, "branching": 2, "deep_cutoff": True},
            "questions[1].deep_cutoff",
        ),
        (
            {"kind": "rules", "depth": 2, "branching": 2, "values": [0, 1000], "integers": False},
            "questions[1].ties",
        ),
    ],
)
def test_a_property_no_tree_can_have_is_refused_naming_the_question(question, field):
    data = {"seed": 1, "questions": [{"kind": "best_move", "depth": 2, "branching": 2}, question]}
    with pytest.raises(SpecError) as caught:
        generate_exam(data, LIMITS)
    assert caught.value.field == field
    assert "questions[1]" in str(caught.value)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ([], "exam"),
        ({"questions": []}, "questions"),
        ({"questions": [{"kind": "essay"}]}, "questions[0].kind"),
        ({"questions": [{"kind": "prune", "depth": 9}]}, "questions[0].depth"),
        (
            {"questions": [{"kind": "prune", "depth": 2, "branching": [2]}]},
            "questions[0].branching",
        ),
        (
            {"questions": [{"kind": "prune", "depth": 2, "branching": [1, 2]}]},
            "questions[0].branching[0]",
        ),
        ({"questions": [{"kind": "prune", "depth": 4, "branching": 5}]}, "questions[0].branching"),
        ({"questions": [{"kind": "prune", "players": ["chance", "max"]}]}, "questions[0].players"),
        ({"questions": [{"kind": "prune", "values": [5, 5]}]}, "questions[0].values"),
        ({"questions": [{"kind": "prune", "ties": "yes"}]}, "questions[0].ties"),
        ({"questions": [{"kind": "prune", "colour": 1}]}, "questions[0].colour"),
        ({"seed": 1.5, "questions": [{"kind": "prune"}]}, "seed"),
        ({"variants": 0, "questions": [{"kind": "prune"}]}, "variants"),
        ({"variants": 10**6, "questions": [{"kind": "prune"}]}, "variants"),
    ],
)
def test_a_bad_field_is_named(data, field):
    with pytest.raises(SpecError) as caught:
        generate_exam(data, LIMITS)
    assert caught.value.field == field
