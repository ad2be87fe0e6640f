"""The compare page with the pruning family (issue 34): any two searches side by side on one
tree, stepping together to the end — alpha-beta against PVS (the same leaves with good
ordering), MTD(f) against SSS* (their passes counted), an aspiration search from the address —
with the panes' counts equal to the engine's, the form picking any two searches, and nothing
covering a node at 1280x720."""

from __future__ import annotations

import re

import pytest
import requests

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
COUNTS = "(side) => ({...document.getElementById(`${side}-counts`).dataset})"
# Every drawn node's centre: is the node itself what the pointer would find there?
UNCOVERED = """(side) => [...document.querySelectorAll(`#${side}-tree g.node`)].filter((g) => {
  const r = g.querySelector('.shape').getBoundingClientRect();
  if (!r.width) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(hit && g.contains(hit));
}).map((g) => g.dataset.path)"""


def summary(live_server, options) -> dict:
    answer = requests.get(
        f"{live_server.url}/api/presets/textbook/trace", params=options, timeout=30
    )
    answer.raise_for_status()
    return answer.json()["summary"]


@pytest.mark.parametrize(
    ("left", "right", "titles"),
    [
        ("algorithm:alphabeta", "algorithm:pvs", ("Alpha-beta, standard rule", "PVS")),
        ("algorithm:mtdf,guess:0", "algorithm:sssstar", ("MTD(f), first guess 0", "SSS*")),
        (
            "algorithm:alphabeta",
            "algorithm:alphabeta,aspiration:10;1",
            ("Alpha-beta, standard rule", "Alpha-beta, standard rule, aspiration 10 ± 1"),
        ),
    ],
)
def test_two_of_the_family_step_to_their_ends_with_the_engines_counts(
    prune, live_server, left, right, titles
):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto(f"/compare?preset=textbook&left={left}&right={right}")
    prune.wait_state("done")
    assert (page.inner_text("#left-title"), page.inner_text("#right-title")) == titles
    page.keyboard.press("End")
    visits = []
    for side, text in (("left", left), ("right", right)):
        options = dict(pair.split(":") for pair in text.split(","))
        for key in ("window", "aspiration"):
            if key in options:
                options[key] = options[key].replace(";", ",")
        expected = summary(live_server, options)
        visits.append(expected["nodes_visited"])
        counts = page.evaluate(COUNTS, side)
        assert int(counts["leaves"]) == expected["leaves_evaluated"], side
        assert int(counts["reached"]) == expected["nodes_visited"], side
        passes = expected.get("passes")
        assert int(counts["pass"]) == (len(passes) if isinstance(passes, list) else passes or 0)
        assert page.evaluate(UNCOVERED, side) == [], side
    # Where both reach the same nodes the summary says so, and how often each visits them.
    said = page.inner_text("#compare-summary")
    if said.startswith("Both searches visit the same nodes"):
        assert (f": {visits[0]} visits by" in said and f", {visits[1]} by" in said) == (
            visits[0] != visits[1]
        ), said
    assert page.locator("#left-tree g.node[data-path='']").get_attribute("data-value") == "3"
    assert page.locator("#right-tree g.node[data-path='']").get_attribute("data-value") == "3"


def test_the_form_picks_any_two_searches(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto("/compare?preset=textbook")
    prune.wait_state("done")
    assert page.locator("#cmp-searches").is_hidden()
    page.select_option("#cmp-kind", "searches")
    assert page.locator("#cmp-searches").is_visible()
    page.select_option("#cmp-algo-left", "negamax")
    page.select_option("#cmp-algo-right", "sssstar")
    page.click("button.cmp-go")
    page.wait_for_url(re.compile(r"left=algorithm:negamax&right=algorithm:sssstar$"))
    prune.wait_state("done")
    assert page.inner_text("#right-title") == "SSS*"
    assert page.locator("#cmp-kind").input_value() == "searches"
    assert page.locator("#cmp-algo-left").input_value() == "negamax"
    page.select_option("#cmp-kind", "pvs")
    page.click("button.cmp-go")
    page.wait_for_url(re.compile(r"left=algorithm:alphabeta&right=algorithm:pvs$"))
    prune.wait_state("done")
    assert page.locator("#cmp-kind").input_value() == "pvs"
