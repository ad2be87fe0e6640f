"""A lecture given from a lesson: the presenter's view may carry a lesson mark
({"id", "slide", "slides", "title"}), which the room keeps and sends to students with the
view; a bad mark is refused like any bad view."""

import pytest
from support import TEXTBOOK, make_app

MARK = {"id": "alpha-beta-1", "slide": 2, "slides": 10, "title": "The first cutoff"}
CURSOR = {"step": 0, "playing": False, "speed": 1}


def received(client, name):
    return [m["args"][0] for m in client.get_received() if m["name"] == name]


def fetched(app, ref):
    """A view fetched by its reference ({version, href}), as a student's page does."""
    response = app.test_client().get(ref["href"])
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_the_mark_travels_with_the_view(connect):
    app = make_app()
    presenter, student = connect(app), connect(app)
    view = {"tree": TEXTBOOK, "options": {}, "lesson": MARK}
    started = presenter.emit("lecture:start", {"view": view, "cursor": CURSOR}, callback=True)
    assert fetched(app, started["view"])["lesson"] == MARK
    joined = student.emit("lecture:join", {"room": started["room"]}, callback=True)
    assert fetched(app, joined["view"])["lesson"] == MARK
    moved = {**view, "lesson": {**MARK, "slide": 3, "title": "α and β"}}
    message = {"room": started["room"], "key": started["key"], "seq": 1, "view": moved}
    assert presenter.emit("lecture:view", message, callback=True)["stale"] is False
    assert fetched(app, received(student, "lecture:view")[-1]["view"])["lesson"]["slide"] == 3
    # A view without a mark is still a view (a lecture from the visualizer).
    plain = {"room": started["room"], "key": started["key"], "seq": 2, "view": {"tree": TEXTBOOK}}
    presenter.emit("lecture:view", plain, callback=True)
    assert "lesson" not in fetched(app, received(student, "lecture:view")[-1]["view"])


@pytest.mark.parametrize(
    "mark",
    [
        "alpha-beta-1",
        {**MARK, "extra": 1},
        {**MARK, "slide": 10},
        {**MARK, "slide": -1},
        {**MARK, "slide": True},
        {**MARK, "id": "../../etc"},
        {**MARK, "title": "x" * 201},
    ],
)
def test_a_bad_mark_is_refused(connect, mark):
    presenter = connect(make_app())
    view = {"tree": TEXTBOOK, "lesson": mark}
    ack = presenter.emit("lecture:start", {"view": view, "cursor": CURSOR}, callback=True)
    assert ack["ok"] is False and "view.lesson" in ack["error"]
