"""Lessons over HTTP: save and load, immutability, the built-in lesson, and hostile lessons
(huge notes, 10,000 slides, HTML in notes, bad views) refused with the field they name."""

import json

import pytest
from support import engine_trace, make_app

from app.engine.presets import PRESETS
from app.lessons import BUILTIN_LESSONS
from app.lessons.builtin import ONE_LECTURE, ONE_LECTURE_ID

LESSON = {
    "title": "Two trees",
    "slides": [
        {
            "title": "The textbook tree",
            "notes": "**α** first",
            "view": {"kind": "tree", "preset": "textbook", "from": 2, "to": 9},
        },
        {"title": "Just words", "notes": "- one\n- two"},
        {
            "title": "Predict",
            "notes": "",
            "view": {"kind": "tree", "tree": [[1, 2], [3]], "options": {"rule": "strict"}},
            "question": {"prompt": "values?"},
        },
        {
            "title": "Tic-tac-toe",
            "notes": "",
            "view": {"kind": "game", "game": "tictactoe", "query": {"board": "XO.X.O..."}},
        },
        {
            "title": "Ordering",
            "notes": "",
            "view": {
                "kind": "experiment",
                "name": "ordering",
                "query": {"branching": "2", "depths": "1-3"},
            },
        },
    ],
}


def post(client, body, **kwargs):
    return client.post(
        "/api/lessons", data=json.dumps(body), content_type="application/json", **kwargs
    )


def slide(**fields):
    return {"title": "A slide", "notes": "", **fields}


def lesson_of(*slides):
    return {"title": "Hostile", "slides": list(slides)}


def test_save_then_load_gives_the_lesson_back(client):
    response = post(client, LESSON)
    assert response.status_code == 201
    body = response.get_json()
    assert body["url"] == f"/l/{body['id']}" and body["embed"] == f"/embed/l/{body['id']}"
    loaded = client.get(f"/api/lessons/{body['id']}")
    assert loaded.status_code == 200
    assert loaded.get_json() == LESSON
    assert "immutable" in loaded.headers["Cache-Control"]


def test_an_edit_is_a_new_id_and_the_old_lesson_stays(client):
    first = post(client, LESSON).get_json()["id"]
    assert post(client, LESSON).get_json()["id"] == first
    edited = {**LESSON, "title": "Two trees, again"}
    second = post(client, edited).get_json()["id"]
    assert second != first
    assert client.get(f"/api/lessons/{first}").get_json()["title"] == "Two trees"
    assert client.get(f"/api/lessons/{second}").get_json()["title"] == "Two trees, again"


def test_a_lesson_id_is_not_a_view_id(client):
    identifier = post(client, LESSON).get_json()["id"]
    assert client.get(f"/api/views/{identifier}").status_code == 404
    assert client.get("/api/lessons/AAAAAAAAAAAA").status_code == 404
    assert client.get("/l/AAAAAAAAAAAA").status_code == 404


def test_a_tree_slides_trace_is_the_engines(client):
    identifier = post(client, LESSON).get_json()["id"]
    got = client.get(f"/api/lessons/{identifier}/slides/2/trace").get_json()
    want = engine_trace([[1, 2], [3]], {"rule": "strict"})
    assert got["events"] == want["events"]
    assert client.get(f"/api/lessons/{identifier}/slides/1/trace").status_code == 404  # no tree
    assert client.get(f"/api/lessons/{identifier}/slides/9/trace").status_code == 404


def test_html_in_notes_is_kept_as_text(client):
    notes = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    identifier = post(client, lesson_of(slide(notes=notes))).get_json()["id"]
    assert client.get(f"/api/lessons/{identifier}").get_json()["slides"][0]["notes"] == notes
    page = client.get(f"/l/{identifier}").get_data(as_text=True)
    # The page carries the lesson in a data attribute, escaped: never as markup.
    assert "<img" not in page and "<script>alert" not in page
    assert "&lt;img src=x onerror=" in page


def test_ten_thousand_slides_are_a_413_naming_slides(client):
    response = post(client, lesson_of(*[slide()] * 10_000))
    assert response.status_code == 413
    assert response.get_json()["field"] == "slides"
    assert "at most 60" in response.get_json()["error"]
    assert post(client, lesson_of(*[slide()] * 60)).status_code == 201


def test_huge_notes(client):
    response = post(client, lesson_of(slide(notes="x" * 20_001)))
    assert response.status_code == 400
    assert response.get_json()["field"] == "slides[0].notes"
    # A body over the 2 MiB limit is refused before it is read.
    response = post(client, lesson_of(slide(notes="x" * (3 * 1024 * 1024))))
    assert response.status_code == 413


def test_the_stored_size_cap_is_a_413():
    app = make_app(PRUNE_MAX_LESSON_BYTES=500)
    response = post(app.test_client(), lesson_of(*[slide(notes="y" * 100)] * 6))
    assert response.status_code == 413
    assert "at most 500" in response.get_json()["error"]


@pytest.mark.parametrize(
    ("lesson", "field"),
    [
        ([], None),
        ({"title": "x"}, "slides"),
        ({"title": "", "slides": [slide()]}, "title"),
        ({"title": "x", "slides": []}, "slides"),
        ({"title": "x", "slides": [slide()], "script": "<b>"}, "script"),
        (lesson_of("not a slide"), "slides[0]"),
        (lesson_of(slide(title=7)), "slides[0].title"),
        (lesson_of(slide(notes=["a"])), "slides[0].notes"),
        (lesson_of(slide(html="<b>")), "slides[0].html"),
        (lesson_of(slide(view="textbook")), "slides[0].view"),
        (lesson_of(slide(view={"kind": "video"})), "slides[0].view.kind"),
        (lesson_of(slide(view={"kind": "tree", "preset": "nope"})), "slides[0].view.preset"),
        (lesson_of(slide(view={"kind": "tree"})), "slides[0].view.tree"),
        (lesson_of(slide(view={"kind": "tree", "tree": [[1, "x"]]})), "slides[0].view.tree"),
        (
            lesson_of(slide(view={"kind": "tree", "preset": "tie", "options": {"rule": "lax"}})),
            "slides[0].view.rule",
        ),
        (
            lesson_of(slide(view={"kind": "tree", "preset": "tie", "from": -1})),
            "slides[0].view.from",
        ),
        (
            lesson_of(slide(view={"kind": "tree", "preset": "tie", "from": 5, "to": 2})),
            "slides[0].view.from",
        ),
        (
            lesson_of(slide(view={"kind": "tree", "preset": "tie", "to": "later"})),
            "slides[0].view.to",
        ),
        (
            lesson_of(slide(view={"kind": "tree", "preset": "tie", "from": 5, "print": 3})),
            "slides[0].view.print",
        ),
        (
            lesson_of(slide(view={"kind": "tree", "preset": "tie", "to": 9, "print": 10})),
            "slides[0].view.print",
        ),
        (
            lesson_of(slide(view={"kind": "tree", "preset": "tie", "print": "last"})),
            "slides[0].view.print",
        ),
        (
            lesson_of(slide(view={"kind": "tree", "preset": "tie", "print": True})),
            "slides[0].view.print",
        ),
        (lesson_of(slide(view={"kind": "game", "game": "chess"})), "slides[0].view.game"),
        (
            lesson_of(slide(view={"kind": "game", "game": "tictactoe", "query": {"board": "<b>"}})),
            "slides[0].view.query.board",
        ),
        (
            lesson_of(slide(view={"kind": "game", "game": "pacman", "query": {"maze": "small"}})),
            "slides[0].view.query.decision",
        ),
        (
            lesson_of(
                slide(view={"kind": "experiment", "name": "ordering", "query": {"depths": "x"}})
            ),
            "slides[0].view.query.depths",
        ),
        (
            lesson_of(slide(view={"kind": "experiment", "name": "random-trees"})),
            "slides[0].view.name",
        ),
        (lesson_of(slide(question=True)), "slides[0].view"),
        (
            lesson_of(slide(question="yes", view={"kind": "tree", "preset": "tie"})),
            "slides[0].question",
        ),
    ],
)
def test_bad_lessons_are_400s_naming_the_field(client, lesson, field):
    response = post(client, lesson)
    assert response.status_code == 400, response.get_json()
    assert response.get_json().get("field") == field


@pytest.mark.parametrize("printed", [2, 9, "end"])
def test_a_slide_prints_at_a_step_of_its_range(client, printed):
    view = {"kind": "tree", "preset": "textbook", "from": 2, "to": 9, "print": printed}
    response = post(client, lesson_of(slide(view=view)))
    assert response.status_code == 201, response.get_json()
    saved = client.get(f"/api/lessons/{response.get_json()['id']}").get_json()
    assert saved["slides"][0]["view"]["print"] == printed


def test_not_json_is_refused(client):
    assert client.post("/api/lessons", data="{}", content_type="text/plain").status_code == 415
    response = client.post("/api/lessons", data="{", content_type="application/json")
    assert response.status_code == 400


def test_the_builtin_lesson_is_valid_and_served(client):
    assert ONE_LECTURE_ID in BUILTIN_LESSONS
    assert post(client, ONE_LECTURE).status_code == 201  # it passes the same checks
    got = client.get(f"/api/lessons/{ONE_LECTURE_ID}").get_json()
    assert got["title"] == "Alpha-beta in one lecture"
    assert 9 <= len(got["slides"]) <= 12
    assert sum(1 for s in got["slides"] if s.get("question")) >= 2
    kinds = {s["view"]["kind"] for s in got["slides"] if "view" in s}
    assert kinds == {"tree", "experiment"}
    assert client.get(f"/l/{ONE_LECTURE_ID}").status_code == 200
    assert ONE_LECTURE_ID in client.get("/lessons").get_data(as_text=True)


def test_the_builtin_step_ranges_fit_their_traces():
    textbook = engine_trace(PRESETS["textbook"].document)
    events = textbook["events"]
    first_cut = next(i + 1 for i, e in enumerate(events) if e[0] == "cutoff")
    cut_slide = next(s for s in ONE_LECTURE["slides"] if s["title"] == "The first cutoff")
    assert cut_slide["view"]["to"] == first_cut  # the slide ends on the cutoff
    for s in ONE_LECTURE["slides"]:
        view = s.get("view") or {}
        if view.get("kind") == "tree" and "preset" in view and "to" in view:
            length = len(
                engine_trace(PRESETS[view["preset"]].document, view.get("options"))["events"]
            )
            assert view["to"] <= length


def test_pages_exist(client):
    identifier = post(client, LESSON).get_json()["id"]
    for path in (
        f"/l/{identifier}",
        f"/l/{identifier}/print",
        "/lessons",
        "/lessons/new",
        f"/lessons/{identifier}/edit",
    ):
        assert client.get(path).status_code == 200, path
    embed = client.get(f"/embed/l/{identifier}")
    assert embed.status_code == 200
    assert "X-Frame-Options" not in embed.headers
    assert client.get("/l/AAAAAAAAAAAA/print").status_code == 404
