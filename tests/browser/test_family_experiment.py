"""The pruning family on /experiments (issue 34): Run draws a line chart of every search and
both reference curves by ordering quality, its table holds the API's means for the same
parameters, the finding states the shapes with those numbers, and the section reads on a
projector and a phone with nothing of it past the edge; axe finds nothing serious. The
practice page refuses the family's searches it cannot grade, saying where to step them."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

SEARCHES = ["alphabeta", "pvs", "mtdf-good", "mtdf-bad", "sssstar", "aspiration"]
CELLS = """(sel) => [...document.querySelectorAll(`${sel} table.data-table tbody tr`)].map((tr) =>
  Object.fromEntries([...tr.cells].map((c) => [c.dataset.key, c.dataset.value])))"""


def api_rows(page, base_url, **params):
    response = page.request.get(f"{base_url}/api/experiments/pruning-family?{urlencode(params)}")
    assert response.ok, response.text()
    lines = [json.loads(line) for line in response.text().splitlines() if line.strip()]
    return [line["row"] for line in lines if "row" in line]


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 720}, {"width": 390, "height": 844}]
)
def test_the_family_chart_table_and_finding_equal_the_api(prune, base_url, viewport):
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(viewport)
    page.goto("/experiments#pruning-family")
    page.wait_for_selector("body[data-experiments-ready]")
    params = {"branching": 2, "depth": 6, "trials": 4, "seed": 1}
    for name, value in params.items():
        page.fill(f"#fam [name={name}]", str(value))
    page.click("#fam [data-part=run]")
    page.wait_for_selector("#fam[data-state=done]", timeout=30_000)

    rows = api_rows(page, base_url, **params)
    shown = page.evaluate(CELLS, "#fam")
    assert [int(r["percent"]) for r in shown] == [100, 75, 50, 25, 0]
    for r in shown:
        at = {
            row["algorithm"]: row
            for row in rows
            if round(row["quality"] * 100) == int(r["percent"])
        }
        for search in SEARCHES:
            assert float(r[search]) == pytest.approx(at[search]["leaves_mean"])
        assert int(r["knuth_moore_leaves"]) == 2**3 + 2**3 - 1
        assert int(r["minimax_leaves"]) == 2**6

    chart = page.locator("#fam svg.chart-svg[role=img]")
    series = chart.locator("[data-series]").evaluate_all(
        "(els) => els.map((e) => e.dataset.series)"
    )
    assert sorted(series) == sorted(["minimax", "knuth-moore", *SEARCHES])
    assert chart.locator("path.marker").count() == 8 * 5
    assert page.locator("#fam .chart-legend li").count() == 8
    finding = page.inner_text("#fam [data-part=finding]")
    best = {row["algorithm"]: row for row in rows if row["quality"] == 1.0}
    assert f"With perfect ordering PVS evaluates {best['pvs']['leaves_mean']:g} leaves" in finding
    assert "Stockman" in finding

    box = page.locator("#pruning-family").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    page.locator("#fam svg.chart-svg").scroll_into_view_if_needed()
    prune.screenshot(f"experiments-family-{viewport['width']}")
    assert_no_serious(page, f"the pruning family at {viewport['width']}")


# PVS, MTD(f) and Star1 have questions of their own (tests/browser/test_practice_questions.py);
# these searches practice cannot grade.
@pytest.mark.parametrize("query", ["algorithm=sssstar", "algorithm=negamax", "aspiration=3,1"])
def test_practice_refuses_a_search_it_cannot_grade_and_says_why(prune, query):
    page = prune.page
    page.goto(f"/practice?preset=textbook&{query}")
    page.wait_for_selector("body[data-run-state=error]")
    said = page.inner_text("#practice-loading")
    assert said.startswith("This tree cannot be practised:") and "visualizer" in said
