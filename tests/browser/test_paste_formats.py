"""Pasting a course's tree format into the visualizer (issue 35, "auto-detected on paste"): a
bracket string, an MIT 6.034 list in Python's quotes and an AIMA succs/utils game run as they
are, the format named under the text; a bad bracket string gets the format's own words (line
and column); JSON that goes wrong keeps JSON's error, found without asking the server."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

AIMA = """succs = dict(A=dict(a1='B', a2='C'), B=dict(b1='D', b2='E'), C=dict(c1='F', c2='G'))
utils = dict(D=3, E=12, F=2, G=4)
initial = 'A'"""


@pytest.mark.parametrize(
    ("text", "said", "value", "nodes"),
    [
        ("((3 12 8) (2 4 6) (14 5 2))", "Read as a bracket string.", "3", 13),
        ("['A', ['B', 3, 12], ['C', 2, 4]]", "Read as an MIT 6.034 tree.", "3", 7),
        (AIMA, "Read as an AIMA succs/utils game.", "3", 7),
    ],
    ids=["brackets", "mit6034", "aima"],
)
def test_a_pasted_course_format_runs_and_is_named(prune, text, said, value, nodes):
    page = prune.page
    prune.open("preset=textbook")
    prune.paste_and_run(text)
    prune.wait_state("done")
    assert page.inner_text("#tree-format") == said
    assert len(prune.nodes()) == nodes
    page.keyboard.press("End")
    assert prune.node("").get_attribute("data-value") == value


def test_a_bad_bracket_string_says_where_and_json_keeps_its_own_error(prune):
    page = prune.page
    prune.open("preset=textbook")
    prune.paste_and_run("((3 12 8) (2 4 6)")
    prune.wait_state("error")
    assert "line 1, column" in page.inner_text("#run-error, #tree-error")
    # The server's 400 is the answer asked for: Chromium logs the refused request as an error.
    prune.errors[:] = [e for e in prune.errors if "status of 400 (BAD REQUEST)" not in e]
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.fill("#tree-text", "[[1, 2], [3")
    page.click("#run")
    prune.wait_state("error")
    assert not [url for url in asked if "/api/import" in url]
    assert page.inner_text("#tree-format") == ""
