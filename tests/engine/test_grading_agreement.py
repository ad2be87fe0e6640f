"""The two practice graders agree, checked in seconds without a browser: app/practice grades
200 seeded random cases and every preset (tests/practice_cases.py: ties, the strict rule,
chance nodes weighted or not, depth limits, orderings, and right and wrong answers of every
kind, plus the engine's own answer) and 150 cases of PVS's, MTD(f)'s and Star1's questions
(tests/question_cases.py), then Node runs the page's graders (static/js/practice/grader.js,
truth.js, explain.js; questions/) on the same traces and answers
(tests/js/with-python/practice-graders.test.js) and must give the same gradings. A change to
either grader alone fails here."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from practice_cases import ITEM_KINDS, engine_answer, random_answer, random_options, random_tree
from question_cases import QUESTION_KINDS, question_answer, question_run
from support import node_test

from app.engine import DEFAULT_LIMITS
from app.engine.presets import PRESETS
from app.inputs import read_run
from app.practice import grade_answer
from app.tracing import trace_chunks

ROOT = Path(__file__).resolve().parents[2]
NODE_TEST = ROOT / "tests/js/with-python/practice-graders.test.js"
RANDOM_CASES = 200
QUESTION_CASES = 150  # PVS, MTD(f) and Star1's questions (app/practice/questions)


def graded_case(name: str, run: dict, answer_of) -> dict:
    """A case for Node: the trace as the API sends it, an answer, and app.practice's grading."""
    trace = json.loads(b"".join(trace_chunks(run, DEFAULT_LIMITS, lambda: None)))
    answer = json.loads(json.dumps(answer_of(trace)))  # as it arrives: JSON, tuples as lists
    document, options = read_run(run, DEFAULT_LIMITS)
    expected = grade_answer(document.tree, options, answer, DEFAULT_LIMITS)
    return {"name": name, "trace": trace, "answer": answer, "expected": expected}


def all_cases() -> list[dict]:
    rng = random.Random(33)
    cases = []
    while len(cases) < RANDOM_CASES:
        tree, options = random_tree(rng), random_options(rng)
        if isinstance(tree, dict):  # a bare number is a leaf, with nothing to predict
            name = f"random {len(cases)}: {json.dumps(options)}"
            cases.append(graded_case(name, {"tree": tree, "options": options}, _random(rng)))
    for preset in PRESETS.values():
        run = {"tree": preset.document}
        cases.append(graded_case(f"{preset.name}: the engine's answer", run, engine_answer))
        cases.append(graded_case(f"{preset.name}: an answer", run, _random(rng)))
    while len(cases) < RANDOM_CASES + len(PRESETS) * 2 + QUESTION_CASES:
        run = question_run(rng)
        blank = graded_case("", run, lambda trace: {})["expected"]
        name = f"question {len(cases)}: {json.dumps(run['options'])}"
        cases.append(
            graded_case(name, run, lambda trace, blank=blank: question_answer(rng, trace, blank))
        )
    return cases


def _random(rng):
    return lambda trace: random_answer(rng, trace)


def test_the_pages_grader_grades_every_case_as_the_server_does(tmp_path):
    cases = all_cases()
    # The cases exercise what they claim: every kind of item, ties, chance nodes, the strict
    # rule, repeated labels told apart, full marks for the engine's own answer.
    kinds = {item["kind"] for case in cases for item in case["expected"]["items"]}
    assert kinds == ITEM_KINDS | QUESTION_KINDS
    questions = {case["expected"].get("question") for case in cases}
    assert questions == {None, "research", "bounds", "chance_prune"}
    events = [event for case in cases for event in case["trace"]["events"]]
    ties = [e for e in events if e[0] == "cutoff" and e[3] == e[5]]  # v equals the bound
    assert len(ties) >= 10
    assert sum(node["kind"] == "chance" for c in cases for node in c["trace"]["nodes"]) >= 50
    assert sum(case["trace"]["options"]["rule"] == "strict" for case in cases) >= 50
    assert sum(" (node " in i["explanation"] for c in cases for i in c["expected"]["items"]) >= 10
    full = [c["expected"] for c in cases if c["name"].endswith("the engine's answer")]
    assert full and all(g["score"] == g["max_score"] for g in full)

    cases_file = tmp_path / "cases.json"
    cases_file.write_text(json.dumps(cases, allow_nan=False), encoding="utf-8")
    result = node_test(NODE_TEST, PRUNE_GRADER_CASES=str(cases_file))
    failures = [line for line in result.stdout.splitlines() if line.startswith("not ok")]
    assert result.returncode == 0, "\n".join(failures[:5]) + result.stdout[-4000:] + result.stderr
    assert re.search(rf"^# pass {len(cases)}$", result.stdout, re.MULTILINE), result.stdout[-500:]
