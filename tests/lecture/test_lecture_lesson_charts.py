"""A lecture given from a lesson, on a slide without a tree of its own: the lesson mark says so
(``"tree": false``) and, on an experiment slide, carries the chart's data (``"chart": {"name",
"query", "rows"}``) so that students draw it without running the experiment. The server keeps
it only if it is plain data within bounds; anything else is refused, naming the field."""

import pytest
from support import TEXTBOOK, make_app

from app.experiments.catalog import summarize
from app.lecture.lesson_mark import MAX_CHART_ROWS

MARK = {"id": "abcDEF123_-x", "slide": 1, "slides": 5, "title": "Move ordering"}
CURSOR = {"step": 0, "playing": False, "speed": 1}
ROW = {"depth": 1, "ordering": "perfect", "trials": 5, "nodes_mean": 4.0, "leaves_max": 3}
CHART = {
    "name": "ordering",
    "query": {"branching": "2", "depths": "1-3", "trials": "1", "seed": "1"},
    "rows": [ROW, {**ROW, "depth": 2, "ordering": "worst", "nodes_mean": 7.5}],
}


def start(connect, mark):
    app = make_app()
    presenter = connect(app)
    view = {"tree": TEXTBOOK, "lesson": mark}
    return app, presenter.emit("lecture:start", {"view": view, "cursor": CURSOR}, callback=True)


def fetched(app, ref):
    """The view as a student's page fetches it by reference ({version, href})."""
    response = app.test_client().get(ref["href"])
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_chart_travels_with_the_view_for_students_to_draw(connect):
    app, ack = start(connect, {**MARK, "tree": False, "chart": CHART})
    assert ack["ok"] is True, ack
    assert fetched(app, ack["view"])["lesson"] == {**MARK, "tree": False, "chart": CHART}


def test_many_random_trees_get_their_summary_from_the_server(connect):
    # The histogram of many seeds needs the stream's summary: the server makes it from the
    # rows (as the experiment's stream does), so the students' chart is the presenter's.
    rows = [
        {
            "seed": seed,
            "minimax_nodes": 2047,
            "alphabeta_nodes": 300 + 7 * seed,
            "alphabeta_leaves": 100 + seed,
            "minimax_leaves": 1024,
            "cutoffs": 40 + seed,
            "percent_saved": 80.0 - seed / 10,
        }
        for seed in range(20)
    ]
    chart = {"name": "random-binary", "query": {"seeds": "0-19"}, "rows": rows}
    app, ack = start(connect, {**MARK, "tree": False, "chart": chart})
    assert ack["ok"] is True, ack
    sent = fetched(app, ack["view"])["lesson"]["chart"]
    assert sent["summary"] == summarize("random-binary", rows)
    assert sent["summary"]["alphabeta_nodes"]["count"] == 20
    # Rows that are not the experiment's cannot be summarised: refused, naming them.
    bad = {**chart, "rows": [{"seed": 1}]}
    app, ack = start(connect, {**MARK, "tree": False, "chart": bad})
    assert ack["ok"] is False and "view.lesson.chart.rows" in ack["error"]


def test_html_looking_text_is_kept_as_text(connect):
    # Students draw rows as SVG text (textContent): the server neither refuses nor rewrites it.
    text = '<img src=x onerror="alert(1)">'
    row = {**ROW, "ordering": text}
    chart = {**CHART, "query": {"branching": "<b>2</b>"}, "rows": [row]}
    app, ack = start(connect, {**MARK, "title": "<script>x</script>", "chart": chart})
    assert ack["ok"] is True, ack
    response = app.test_client().get(ack["view"]["href"])
    assert response.mimetype == "application/json"
    lesson = response.get_json()["lesson"]
    assert lesson["chart"]["rows"][0]["ordering"] == text
    assert lesson["chart"]["query"]["branching"] == "<b>2</b>"
    assert lesson["title"] == "<script>x</script>"


def with_chart(**changes):
    return {**MARK, "chart": {**CHART, **changes}}


@pytest.mark.parametrize(
    ("mark", "named"),
    [
        ({**MARK, "notes": "x"}, "unknown field 'notes'"),
        ({**MARK, "tree": "no"}, "view.lesson.tree"),
        ({**MARK, "chart": [ROW]}, "view.lesson.chart must be"),
        ({**MARK, "chart": {**CHART, "spec": {}}}, "unknown field 'spec'"),
        ({**MARK, "chart": {"name": "ordering", "rows": []}}, "view.lesson.chart.query is missing"),
        (with_chart(name="nope"), "view.lesson.chart.name"),
        (with_chart(name=["ordering"]), "view.lesson.chart.name"),
        (with_chart(query={"depths": 5}), "view.lesson.chart.query.depths"),
        (with_chart(query={"depths": "1-3" * 100}), "view.lesson.chart.query.depths"),
        (with_chart(rows="1,2,3"), "view.lesson.chart.rows must be a list"),
        (with_chart(rows=[ROW] * (MAX_CHART_ROWS + 1)), "at most 2,000"),
        (with_chart(rows=[ROW, [1, 2]]), "view.lesson.chart.rows[1] must be an object"),
        (with_chart(rows=[ROW, {**ROW, "depth": [1]}]), "view.lesson.chart.rows[1].depth"),
        (with_chart(rows=[{**ROW, "nested": {"a": 1}}]), "view.lesson.chart.rows[0].nested"),
        (with_chart(rows=[{**ROW, "ordering": "x" * 201}]), "view.lesson.chart.rows[0].ordering"),
        (with_chart(rows=[{**ROW, "leaves_max": 2**60}]), "view.lesson.chart.rows[0].leaves_max"),
        (with_chart(rows=[{f"c{k}": k for k in range(25)}]), "view.lesson.chart.rows[0] has 25"),
        (with_chart(rows=[{"x" * 41: 1}]), "view.lesson.chart.rows[0]: field names"),
    ],
)
def test_a_bad_chart_or_mark_is_refused_naming_the_field(connect, mark, named):
    _app, ack = start(connect, mark)
    assert ack["ok"] is False
    assert named in ack["error"]


def test_a_chart_too_large_as_a_whole_is_refused(connect):
    # Each row is within bounds; all of them are more than a view should carry to a class.
    rows = [{"label": f"{k:04d}" + "x" * 150} for k in range(MAX_CHART_ROWS)]
    _app, ack = start(connect, with_chart(rows=rows))
    assert ack["ok"] is False
    assert "view.lesson.chart is" in ack["error"] and "at most 262,144" in ack["error"]
