"""The experiments page (/experiments, docs/experiments.md): each experiment's chart renders
with its data table, the table holds the API's numbers for the same parameters, the CSV
download holds the table's, Cancel stops a long run (and a new run works after it), and a bad
parameter shows the server's message by the field it names. Parameters are kept small."""

from __future__ import annotations

import csv
import io
import json
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
STATISTICS = ["count", "mean", "median", "p10", "p90", "min", "max"]
METHODS = ["minimax", "alphabeta", "alphabeta+ordering", "alphabeta+id", "alphabeta+tt"]

# Every cell of a table as the page shows it and as it holds it: [[key, text, raw value]].
TABLE = """
(sel) => [...document.querySelectorAll(`${sel} table.data-table tbody tr`)].map((tr) =>
  [...tr.cells].map((c) => [c.dataset.key, c.textContent, c.dataset.value]))
"""
DATA = "(els) => els.map((e) => e.dataset.%s)"  # one data-* attribute of each element


# ----- helpers -----


def api_run(page, base_url, name, **params):
    """The experiment's NDJSON stream, read whole: (rows, summary)."""
    response = page.request.get(f"{base_url}/api/experiments/{name}?{urlencode(params)}")
    assert response.ok, response.text()
    lines = [json.loads(line) for line in response.text().splitlines() if line.strip()]
    rows = [line["row"] for line in lines if "row" in line]
    summary = next(line["summary"] for line in lines if "summary" in line)
    return rows, summary


def open_page(prune, viewport=PROJECTOR):
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(viewport)
    page.goto("/experiments")
    page.wait_for_selector("body[data-experiments-ready]")
    return page


def run(page, block, timeout=30_000, **fields):
    """Fill the block's fields (by name), press Run and wait until the run is done."""
    for name, value in fields.items():
        page.fill(f"#{block} [name={name}]", str(value))
    page.click(f"#{block} [data-part=run]")
    page.wait_for_selector(f"#{block}[data-state=done]", timeout=timeout)


def table(page, selector):
    """A table's rows as {key: raw value} (what the CSV holds), and as the text shown."""
    cells = page.evaluate(TABLE, selector)
    raw = [{key: value for key, _, value in row} for row in cells]
    return raw, [{key: text for key, text, _ in row} for row in cells]


def number(text: str) -> float:
    """A number as the page writes it for people: "1,024", "−3", "17.5 ms"."""
    return float(text.replace(",", "").replace("\u2212", "-").removesuffix(" ms"))


def same(raw: str, value) -> bool:
    return float(raw) == pytest.approx(float(value), abs=1e-9)


def download_csv(page, button):
    """Click a CSV button; the file's header and rows (as dicts of strings)."""
    with page.expect_download() as info:
        page.click(button)
    download = info.value
    assert download.suggested_filename.endswith(".csv")
    with open(download.path(), encoding="utf-8", newline="") as file:
        text = file.read()
    reader = csv.DictReader(io.StringIO(text))
    return reader.fieldnames, list(reader), download.suggested_filename


def chart_font_px(page, block) -> float:
    return page.evaluate(
        """(b) => Math.min(...[...document.querySelectorAll(`#${b} svg.chart-svg text`)]
             .map((t) => parseFloat(getComputedStyle(t).fontSize)))""",
        block,
    )


# ----- each chart with its table, equal to the API -----


def test_one_seed_shows_the_articles_681_and_opens_the_same_tree(prune, base_url):
    page = open_page(prune)
    run(page, "rb-one", seed=73)
    [row], _ = api_run(page, base_url, "random-binary", depth=10, seeds="73", rule="standard")
    raw, shown = table(page, "#rb-one")
    assert raw == [
        {"search": "minimax", "nodes_visited": str(row["minimax_nodes"])},
        {"search": "alphabeta", "nodes_visited": str(row["alphabeta_nodes"])},
    ]
    assert [r["nodes_visited"] for r in shown] == ["2,047", "681"]
    svg = page.locator("#rb-one svg.chart-svg[role=img]")
    assert "681" in svg.get_attribute("aria-label")
    assert svg.locator("rect.bar").count() == 2
    assert chart_font_px(page, "rb-one") >= 14
    assert "681 of minimax's 2,047" in page.inner_text("#rb-one .finding")

    # The link opens the visualizer on the very tree of seed 73: alpha-beta visits 681 nodes.
    href = page.get_attribute("#rb-one [data-part=open-link]", "href")
    query = parse_qs(urlparse(href).query)
    assert json.loads(query["random"][0]) == {
        "seed": 73,
        "depth": 10,
        "branching": 2,
        "low": 0,
        "high": 100,
    }
    assert query["algorithm"] == ["alphabeta"]
    page.click("#rb-one [data-part=open-link]")
    prune.wait_state("done", timeout=30_000)
    assert page.inner_text('.stat[data-stat="visited"] dd').startswith("681")


def test_many_seeds_histogram_and_summary_equal_the_api(prune, base_url):
    page = open_page(prune)
    run(page, "rb-many", seeds="0-79")
    rows, summary = api_run(
        page, base_url, "random-binary", depth=10, seeds="0-79", rule="standard"
    )
    spread = summary["alphabeta_nodes"]
    edges, counts = spread["histogram"]["edges"], spread["histogram"]["counts"]

    bins, _ = table(page, "#rb-many [data-part=table]")
    assert len(bins) == len(counts)
    for i, b in enumerate(bins):
        assert same(b["bin_from"], edges[i]) and same(b["bin_to"], edges[i + 1])
        assert int(b["trees"]) == counts[i]
    stats, shown = table(page, "#rb-many [data-part=table-2]")
    for stat in stats:
        assert same(stat["alphabeta_nodes"], spread[stat["statistic"]])
    assert {s["statistic"] for s in stats} == {*STATISTICS}
    assert next(s for s in shown if s["statistic"] == "Trees")["alphabeta_nodes"] == "80"

    chart = page.locator("#rb-many svg.chart-svg[role=img]")
    assert chart.locator("rect.bar.s-bin").count() == len(counts)
    markers = chart.locator("[data-marker]").evaluate_all(DATA % "marker")
    assert sorted(markers) == ["article", "mean", "median", "p10", "p90"]
    assert chart_font_px(page, "rb-many") >= 14
    # Where 681 falls: the trees that need fewer nodes, counted from the same rows.
    fewer = sum(r["alphabeta_nodes"] < 681 for r in rows)
    finding = page.inner_text("#rb-many .finding")
    assert f"{fewer} of these trees" in finding and "seed 73 gives exactly 681" in finding


def test_ordering_chart_and_table_equal_the_api(prune, base_url):
    page = open_page(prune)
    params = {"branching": 2, "depths": "1-6", "trials": 4, "seed": 0}
    run(page, "ord", **params)
    rows, _ = api_run(page, base_url, "ordering", **params)
    raw, _ = table(page, "#ord")
    assert [int(r["depth"]) for r in raw] == [1, 2, 3, 4, 5, 6]
    for r in raw:
        at = {row["ordering"]: row for row in rows if row["depth"] == int(r["depth"])}
        for ordering in ("perfect", "random", "worst"):
            assert same(r[f"{ordering}_leaves_mean"], at[ordering]["leaves_mean"])
        assert int(r["minimax_leaves"]) == at["perfect"]["minimax_leaves"] == 2 ** int(r["depth"])
        assert int(r["knuth_moore_leaves"]) == at["perfect"]["knuth_moore_leaves"]

    chart = page.locator("#ord svg.chart-svg[role=img]")
    series = chart.locator("[data-series]").evaluate_all(DATA % "series")
    assert sorted(series) == ["knuth-moore", "minimax", "perfect", "random", "worst"]
    assert chart.locator("path.marker").count() == 5 * 6
    assert page.locator("#ord .chart-legend li").count() == 5
    assert chart_font_px(page, "ord") >= 14


def test_rules_chart_and_table_equal_the_api(prune, base_url):
    page = open_page(prune)
    params = {"branching": 2, "depths": "2-6", "trials": 4, "values": 3, "seed": 0}
    run(page, "rul", **params)
    rows, _ = api_run(page, base_url, "rules", **params, ordering="given")
    raw, _ = table(page, "#rul")
    assert len(raw) == len(rows) == 5
    for r, row in zip(raw, rows, strict=True):
        assert int(r["depth"]) == row["depth"]
        assert same(r["standard_leaves_mean"], row["standard_leaves_mean"])
        assert same(r["strict_leaves_mean"], row["strict_leaves_mean"])
        assert int(r["minimax_leaves"]) == row["minimax_leaves"]
    chart = page.locator("#rul svg.chart-svg[role=img]")
    assert chart.locator("[data-series]").count() == 3
    assert "standard" in chart.get_attribute("aria-label")


def test_optimisations_bars_and_table_equal_the_api(prune, base_url):
    page = open_page(prune)
    positions = "X...O....,XO..X...."
    run(page, "opt", positions=positions)
    rows, _ = api_run(page, base_url, "optimisations", positions=positions)
    raw, shown = table(page, "#opt")
    assert len(raw) == len(rows) == 10
    # The position cell spans its methods' rows: carry it down as a reader would.
    position = None
    for r, s, row in zip(raw, shown, rows, strict=True):
        position = r.get("position", position)
        assert (position, r["method"]) == (row["position"], row["method"])
        assert int(r["value"]) == row["value"] and int(r["best_move"]) == row["best_move"]
        assert int(r["nodes"]) == row["nodes"] and number(s["nodes"]) == row["nodes"]
        assert float(r["milliseconds"]) > 0  # times differ from run to run
    bars = page.locator("#opt svg.chart-svg rect.bar")
    assert bars.count() == 5
    values = page.locator("#opt svg .bar-value").all_text_contents()
    first = [row["nodes"] for row in rows if row["position"] == "X...O...."]
    assert [number(v) for v in values] == first
    # Choosing the other position redraws the bars with its nodes.
    page.select_option("#opt-shown", "XO..X....")
    second = [row["nodes"] for row in rows if row["position"] == "XO..X...."]
    page.wait_for_function(
        "(n) => document.querySelector('#opt svg .bar-value').textContent === n",
        arg=f"{second[0]:,}",
    )
    assert [number(v) for v in page.locator("#opt svg .bar-value").all_text_contents()] == second


# ----- the CSV holds the table's numbers -----


def test_csv_downloads_hold_the_tables_numbers(prune):
    page = open_page(prune)
    run(page, "ord", depths="1-5", trials=3)
    header, rows, name = download_csv(page, "#ord [data-part=csv]")
    raw, _ = table(page, "#ord")
    assert header == list(raw[0])
    assert rows == raw
    assert name.startswith("prune-ordering-")

    run(page, "rb-many", seeds="0-39")
    for part, button in (("table", "csv"), ("table-2", "csv-2")):
        header, rows, _ = download_csv(page, f"#rb-many [data-part={button}]")
        raw, _ = table(page, f"#rb-many [data-part={part}]")
        assert header == list(raw[0]) and rows == raw

    run(page, "opt", positions="XO..X....")
    header, rows, _ = download_csv(page, "#opt [data-part=csv]")
    assert header == ["position", "method", "value", "best_move", "nodes", "milliseconds"]
    assert [r["method"] for r in rows] == METHODS
    assert {r["position"] for r in rows} == {"XO..X...."}
    raw, _ = table(page, "#opt")
    for r, cells in zip(rows, raw, strict=True):
        assert all(r[key] == value for key, value in cells.items())


# ----- progress and Cancel -----


def test_cancel_stops_a_long_run_and_a_new_run_works(prune):
    page = open_page(prune)
    page.fill("#rb-many-seeds", "0-3000")
    page.press("#rb-many-seeds", "Enter")  # the keyboard runs it too
    page.wait_for_selector("#rb-many[data-state=running]")
    progress = page.locator("#rb-many progress")
    assert progress.is_visible()
    page.wait_for_function("() => document.querySelector('#rb-many progress').value >= 5")
    assert page.locator("#rb-many [data-part=run]").is_disabled()
    count = page.inner_text("#rb-many [data-part=count]")
    assert count.endswith("of 3,001"), count
    # Focus moved to Cancel when Run was disabled: Enter cancels.
    assert page.evaluate("document.activeElement.dataset.part") == "cancel"
    page.keyboard.press("Enter")
    page.wait_for_selector("#rb-many[data-state=cancelled]")
    message = page.inner_text("#rb-many [data-part=message]")
    done = int(message.split("after ")[1].split(" of")[0].replace(",", ""))
    assert 0 < done < 3001, message
    assert not progress.is_visible()
    assert page.locator("#rb-many [data-part=results]").is_hidden()
    assert page.evaluate("document.activeElement.dataset.part") == "run"

    run(page, "rb-many", seeds="0-19")
    assert page.inner_text("#rb-many [data-part=message]").startswith("Done: 20 rows")
    assert page.locator("#rb-many rect.bar.s-bin").count() > 0


# ----- a bad parameter: the server's message by its field -----


def test_a_bad_parameter_shows_the_servers_message_by_its_field(prune, base_url):
    page = open_page(prune)
    page.fill("#ord-depths", "1-40")
    page.click("#ord [data-part=run]")
    page.wait_for_selector("#ord[data-state=error]")
    query = "branching=2&depths=1-40&trials=20&seed=0"  # what the form sends
    answer = page.request.get(f"{base_url}/api/experiments/ordering?{query}")
    assert answer.status == 400
    body = answer.json()
    assert body["field"] == "depths"
    error = page.locator("#ord-depths-error")
    assert error.is_visible() and error.inner_text() == body["error"]
    assert page.get_attribute("#ord-depths", "aria-invalid") == "true"
    assert "ord-depths-error" in page.get_attribute("#ord-depths", "aria-describedby")
    assert page.locator("#ord [data-part=results]").is_hidden()
    # Changing the field clears its message; a good value runs.
    run(page, "ord", depths="1-3", trials=2)
    assert error.is_hidden()
    assert page.get_attribute("#ord-depths", "aria-invalid") is None

    # One seed is the API's "seeds": its message shows by the Seed field.
    page.fill("#rb-one-seed", "-5")
    page.click("#rb-one [data-part=run]")
    page.wait_for_selector("#rb-one[data-state=error]")
    assert "seeds" in page.inner_text("#rb-one-seed-error")
    # The browser logs each refused request as a failed resource: expected here, and only here.
    prune.errors[:] = [e for e in prune.errors if "status of 400" not in e]


# ----- projector and phone: readable, accessible -----


@pytest.mark.parametrize("viewport", [PROJECTOR, PHONE], ids=["1280x720", "390x844"])
def test_the_page_reads_on_a_projector_and_a_phone(prune, viewport):
    page = open_page(prune, viewport)
    run(page, "rb-one")
    run(page, "rb-many", seeds="0-99")
    run(page, "ord", depths="1-8", trials=5)
    run(page, "rul", depths="1-8", trials=5)
    run(page, "opt", positions="X...O....,XO..X....")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    for block in ("rb-one", "rb-many", "ord", "rul", "opt"):
        box = page.locator(f"#{block} svg.chart-svg").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], block
        assert chart_font_px(page, block) >= 14, block
    name = f"experiments-{viewport['width']}x{viewport['height']}"
    for block in ("rb-many", "ord", "opt"):
        page.locator(f"#{block} .finding").scroll_into_view_if_needed()
        prune.screenshot(f"{name}-{block}")
    assert_no_serious(page, f"/experiments at {viewport['width']}x{viewport['height']}")
