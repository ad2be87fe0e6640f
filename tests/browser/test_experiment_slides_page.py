"""Every experiment on /experiments as a lesson slide: each section runs a small query and
"Add to lesson" appends its chart to the draft; the editor lists the five slides by what
they show and saves them; presented (/l/<id>) each slide draws its chart — bars, a
histogram, lines — with its legend and numbers, on a projector and on a phone, without a
429 although the page preloads; the handouts draw all five (axe finds nothing serious on
either). A server that stays busy for this address gets a message that says so, and "Try
again" then shows the chart."""

import json
import re

import pytest
import requests
from test_accessibility import assert_no_serious

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
# Each section: its small query, and the experiment slide it adds (the API's name and query).
SECTIONS = [
    ("rb-one", {"seed": "73"}, "random-binary", {"depth": "10", "seeds": "73"}),
    ("rb-many", {"seeds": "0-49"}, "random-binary", {"depth": "10", "seeds": "0-49"}),
    ("ord", {"depths": "1-4", "trials": "3"}, "ordering", {"depths": "1-4", "trials": "3"}),
    ("rul", {"depths": "1-4", "trials": "3"}, "rules", {"depths": "1-4", "trials": "3"}),
    ("opt", {"positions": "X...O....,XO..X...."}, "optimisations", {"positions": "XO..X...."}),
]
# What else each form holds (its defaults), so the slide's query has it too.
DEFAULTS = {
    "random-binary": {"rule": "standard"},
    "ordering": {"branching": "2", "seed": "0"},
    "rules": {"branching": "2", "values": "3", "ordering": "given", "seed": "0"},
    "optimisations": {},
}
SUMMARIES = [
    "Experiment: one random binary tree (seed 73, depth 10)",
    "Experiment: random binary trees (seeds 0-49, depth 10)",
    "Experiment: move ordering (branching 2, depths 1-4)",
    "Experiment: the pruning rule on ties (branching 2, depths 1-4, leaf values 0–2)",
    "Experiment: tic-tac-toe speed-ups from XO..X....",
]
# Per slide: the figure's kind, and a selector with how many of it the chart draws.
MARKS = [
    ("bars", "rect.bar", 2),
    ("histogram", "g.rule", 5),  # p10, mean, median, p90 and the article's 681
    ("line", "g.serie path.line", 5),
    ("line", "g.serie path.line", 3),
    ("bars", "rect.bar", 5),
]


def draft(page):
    return page.evaluate("JSON.parse(localStorage.getItem('prune.lesson-draft'))")


def add_every_section(page):
    """Run each section's small query, then "Add to lesson"; the draft's slides."""
    page.goto("/experiments")
    page.locator("body[data-experiments-ready=true]").wait_for()
    for count, (block, fields, _, _) in enumerate(SECTIONS, start=1):
        for name, value in fields.items():
            page.fill(f"#{block} [name={name}]", value)
        page.click(f"#{block} [data-part=run]")
        page.locator(f"#{block}[data-state=done]").wait_for(timeout=60_000)
        if block == "opt":  # the slide shows the position in the chart
            page.select_option("#opt-shown", "XO..X....")
        page.click(f"#{block} [data-part=add-to-lesson]")
        status = page.locator(f"#{block} [data-part=lesson-status]").inner_text()
        assert f"as slide {count} of the draft lesson" in status
    return draft(page)["slides"]


def save_in_editor(page):
    page.goto("/lessons/new")
    page.locator("body[data-ready=true]").wait_for()
    views = page.locator(".slide-card .card-view").all_inner_texts()
    assert views == SUMMARIES
    assert page.locator(".slide-card [data-part=from]").count() == 0, "a chart has no steps"
    page.fill("#lesson-title", "Five charts")
    page.click("#btn-save")
    link = page.locator("#saved-link")
    link.wait_for()
    return link.get_attribute("href").rsplit("/", 1)[1]


def check_figure(figure, k):
    kind, marks, count = MARKS[k]
    assert figure.get_attribute("data-figure-kind") == kind
    chart = figure.locator("svg.chart-svg")
    assert chart.get_attribute("role") == "img"
    assert "chart" in chart.get_attribute("aria-label").lower() or kind == "histogram"
    assert chart.locator(marks).count() == count
    if kind != "bars":
        assert figure.locator(".chart-legend li").count() >= 3
    assert figure.locator(".figure-numbers table.data-table tbody tr").count() >= 2


def test_every_section_becomes_a_slide_that_is_presented_and_printed(prune, base_url):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    slides = add_every_section(page)
    assert [(s["view"]["name"], s["view"]["query"]) for s in slides] == [
        (name, {**query, **DEFAULTS[name]}) for _, _, name, query in SECTIONS
    ]
    assert [s["title"] for s in slides] == [
        "A random binary tree of depth 10: one tree",
        "A random binary tree of depth 10: many trees",
        "Move ordering",
        "The pruning rule on ties",
        "Speed-ups on tic-tac-toe",
    ]
    lesson_id = save_in_editor(page)

    page.goto(f"/l/{lesson_id}")
    for k in range(len(SECTIONS)):
        if k:
            page.locator("#slide-select").select_option(str(k))
        page.locator(f'#slide[data-slide-index="{k}"][data-kind="experiment"]').wait_for(
            timeout=60_000
        )
        figure = page.locator("#slide-chart figure.experiment-figure")
        figure.locator("svg.chart-svg").wait_for()
        check_figure(figure, k)
        prune.screenshot(f"experiment-slide-{k}-1280x720")
    page.click("#slide-chart .figure-numbers summary")  # the numbers of the last chart, open
    assert page.locator("#slide-chart .figure-numbers table").is_visible()
    assert_no_serious(page, "an experiment slide with its numbers open")
    page.set_viewport_size(PHONE)
    for k in range(len(SECTIONS)):
        page.locator("#slide-select").select_option(str(k))
        page.locator(f'#slide[data-slide-index="{k}"][data-kind="experiment"]').wait_for()
        chart = page.locator("#slide-chart svg.chart-svg")
        chart.wait_for()
        page.wait_for_function(
            "() => document.querySelector('#slide-chart svg.chart-svg').getBoundingClientRect()"
            ".right <= window.innerWidth"
        )
        box = chart.bounding_box()
        assert box["x"] >= 0 and box["width"] > 200, "the chart fits the phone's width"
        prune.screenshot(f"experiment-slide-{k}-390x844")

    page.set_viewport_size(PROJECTOR)
    page.goto(f"/l/{lesson_id}/print")
    prune.wait_state("done", timeout=120_000)
    sections = page.locator("section[data-slide-index]")
    assert sections.count() == len(SECTIONS)
    assert page.locator(".handout-error").count() == 0
    for k in range(len(SECTIONS)):
        check_figure(sections.nth(k).locator("figure.experiment-figure"), k)
    prune.screenshot("experiment-slides-handouts")
    assert_no_serious(page, "the handouts of five charts")


def test_a_busy_address_is_told_so_and_can_try_again(prune, base_url):
    page = prune.page
    slide = {"kind": "experiment", "name": "ordering", "query": {"depths": "1-3", "trials": "2"}}
    lesson = {"title": "Busy", "slides": [{"title": "Ordering", "notes": "", "view": slide}]}
    lesson_id = requests.post(f"{base_url}/api/lessons", json=lesson, timeout=10).json()["id"]
    # An experiment from this address (the test's, like the browser's) holds its one place.
    hold = f"{base_url}/api/experiments/random-binary?depth=14&seeds=0-600"
    with requests.get(hold, stream=True, timeout=30) as held:
        lines = held.iter_lines()  # kept: a reader thrown away closes the request
        assert json.loads(next(line for line in lines if line))["total"] == 601
        page.goto(f"/l/{lesson_id}")
        waiting = re.compile(r"busy: an experiment from your address .* Trying again in \d+ s")
        page.get_by_text(waiting).wait_for()  # after the server's Retry-After
        message = page.locator("#slide-failure #slide-message")
        message.get_by_text("could not run this chart's experiment").wait_for(timeout=60_000)
        assert "from your address is still running" in message.inner_text()
        assert page.locator("#slide").get_attribute("data-kind") == "error"
        assert page.locator("#slide-retry").is_visible()
    page.click("#slide-retry")  # the held experiment is gone (its client closed it)
    page.locator('#slide[data-kind="experiment"] #slide-chart svg.chart-svg').wait_for(
        timeout=60_000
    )
    assert page.locator("#slide-failure").is_hidden()
    assert page.locator("#slide-chart g.serie path.line").count() == 5
    prune.errors[:] = [e for e in prune.errors if "status of 429" not in e]
