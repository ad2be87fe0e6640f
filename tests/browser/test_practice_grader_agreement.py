"""The practice page's grader (static/js/practice/grader.js) against the server's (POST
/api/practice/grade) in Chromium, on 150 random trees, options and answers near the engine's
(tests/practice_cases.py): the two agree on every item, every kind of item is exercised,
and repeated labels are told apart. tests/engine/test_grading_agreement.py makes the same
comparison under Node in seconds; this one checks the page's modules as the browser loads
them, and the API's path."""

from __future__ import annotations

import json
import random

import pytest
from practice_cases import ITEM_KINDS, random_answer, random_options, random_tree
from practice_sheet import api_grade, open_practice

pytestmark = pytest.mark.browser


GRADE_IN_PAGE = """
async (cases) => {
  const { grade } = await import('/static/js/practice/grader.js');
  const { Trace } = await import('/static/js/trace/trace.js');
  return cases.map(({ trace: r, answer }) => {
    const trace = new Trace(r.nodes, r.options);
    trace.append(r.events);
    trace.finish(r.summary);
    return grade(trace, answer);
  });
}
"""


def test_the_browsers_grader_agrees_with_the_api_on_random_trees_and_answers(prune):
    page = prune.page
    open_practice(prune, "preset=textbook")
    rng = random.Random(15)
    cases, expected = [], []
    while len(cases) < 150:
        tree, options = random_tree(rng), random_options(rng)
        if not isinstance(tree, dict):
            continue
        response = page.request.post("/api/trace", data={"tree": tree, "options": options})
        assert response.ok, response.text()
        trace = response.json()
        answer = random_answer(rng, trace)
        expected.append(api_grade(page, tree, options, answer))
        cases.append({"trace": trace, "answer": json.loads(json.dumps(answer))})
    graded = page.evaluate(GRADE_IN_PAGE, cases)
    kinds, qualified = set(), 0
    for case, mine, theirs in zip(cases, graded, expected, strict=True):
        assert mine == theirs, json.dumps(case["answer"])
        kinds.update(item["kind"] for item in theirs["items"])
        qualified += any(" (node " in item["explanation"] for item in theirs["items"])
    # The answers exercised every kind of item, and repeated labels were told apart.
    assert kinds == ITEM_KINDS
    assert qualified >= 10
