"""Hostile input to lessons, lesson marks and charts, drills, questions and CS188 traces:
each refused with a 400 or an error event naming the field, never a 500 or a traceback, and
nothing saved. (tests/test_hostile_inputs.py has the engine's and the transport's.)"""

import json

import pytest
from support import TEXTBOOK, make_app

from app.realtime.sockets import socketio

LONE = "\ud800"
CURSOR = {"step": 0, "playing": False, "speed": 1}
MARK = {"id": "abcDEF123_-x", "slide": 1, "slides": 5, "title": "Move ordering"}
ROW = {"depth": 1, "ordering": "perfect", "trials": 5, "nodes_mean": 4.0, "leaves_max": 3}
CHART = {"name": "ordering", "query": {"branching": "2", "depths": "1-3"}, "rows": [ROW]}


def slide(**fields):
    return {"title": "A slide", "notes": "", **fields}


def lesson(**fields):
    return {"title": "Hostile", "slides": [slide()], **fields}


def game(name, **query):
    return slide(view={"kind": "game", "game": name, "query": query})


@pytest.fixture
def client():
    return make_app().test_client()


def save(client, body):
    # json.dumps writes a lone surrogate as the escape "\ud800", as a hostile client would.
    return client.post("/api/lessons", data=json.dumps(body), content_type="application/json")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (lesson(title=LONE), "title"),
        (lesson(slides=[slide(notes="a" + LONE)]), "slides[0].notes"),
        (lesson(slides=[slide(title=LONE)]), "slides[0].title"),
        (lesson(slides=[slide(), slide(question={"prompt": LONE})]), "slides[1].question.prompt"),
        (lesson(slides=[game("pacman", maze="small", decision="0", ghosts=LONE)]), None),
    ],
)
def test_a_lone_surrogate_in_a_lesson_is_a_400_naming_its_field(client, body, field):
    response = save(client, body)
    assert response.status_code == 400, response.data
    error = response.get_json()
    assert "surrogate" in error["error"]
    if field is not None:
        assert error["field"] == field


@pytest.mark.parametrize(
    "options",
    [
        {"algorithm": "pvs"},
        {"algorithm": "star1", "bounds": [0, 20]},
        {"aspiration": {"guess": 3, "delta": 1}},
    ],
)
def test_a_question_slide_on_a_search_beyond_alpha_beta_is_a_400(client, options):
    """Lecture questions grade prunes and values; practice asks PVS, MTD(f) and Star1 theirs."""
    view = {"kind": "tree", "tree": TEXTBOOK, "options": options}
    response = save(client, lesson(slides=[slide(view=view, question=True)]))
    assert response.status_code == 400, response.data
    assert response.get_json()["field"] == "slides[0].question"
    assert "practice asks" in response.get_json()["error"]


def test_the_lesson_questions_searches_are_the_graders():
    from app.lessons.document import QUESTION_ALGORITHMS
    from app.practice import GRADED_ALGORITHMS

    assert QUESTION_ALGORITHMS == GRADED_ALGORITHMS


def test_a_lone_surrogate_as_a_key_is_a_400():
    response = save(make_app().test_client(), {"title": "x", "slides": [{LONE: 1}]})
    assert response.status_code == 400
    assert "surrogate" in response.get_json()["error"]


@pytest.mark.parametrize(
    ("view", "field"),
    [
        (game("tictactoe", board="XXXXXXXXX"), "slides[0].view.query.board"),
        (game("tictactoe", board="XXXOOO..."), "slides[0].view.query.board"),
        (game("pacman", maze="nowhere", decision="0"), "slides[0].view.query.maze"),
        (game("pacman", layout="noSuchLayout", decision="0"), "slides[0].view.query.layout"),
        (game("pacman", maze="small", decision="0", depth="99"), "slides[0].view.query.depth"),
        (game("pacman", maze="small", decision="٥"), "slides[0].view.query.decision"),
        (game("pacman", layout="smallClassic", decision="5000"), "slides[0].view.query.decision"),
        (
            game("pacman", layout="smallClassic", decision="0", ghosts="x"),
            "slides[0].view.query.ghosts",
        ),
    ],
)
def test_a_game_slide_the_game_routes_would_refuse_is_not_saved(client, view, field):
    response = save(client, lesson(slides=[view]))
    assert response.status_code == 400, response.data
    assert response.get_json()["field"] == field


def test_a_game_slide_the_game_routes_answer_is_saved(client):
    view = game("pacman", layout="smallClassic", decision="2", depth="2", ghosts="random")
    assert save(client, lesson(slides=[view])).status_code == 201


@pytest.mark.parametrize("index", ["٠", "０", "²", "-1"])
def test_a_slide_index_in_other_digits_is_not_found(client, index):
    saved = save(client, lesson(slides=[slide(view={"kind": "tree", "preset": "textbook"})]))
    identifier = saved.get_json()["id"]
    assert client.get(f"/api/lessons/{identifier}/slides/0/trace").status_code == 200
    assert client.get(f"/api/lessons/{identifier}/slides/{index}/trace").status_code == 404


def test_a_cs188_trace_past_the_moves_played_is_a_400(client):
    query = "layout=smallClassic&pacman=West,East"
    assert client.get(f"/api/games/pacman/trace?{query}&decision=2").status_code == 200
    response = client.get(f"/api/games/pacman/trace?{query}&decision=3")
    assert response.status_code == 400
    assert response.get_json()["field"] == "decision"
    assert "past the moves played" in response.get_json()["error"]


@pytest.mark.parametrize(
    ("event", "message", "field"),
    [
        ("lecture:start", {"view": {"tree": TEXTBOOK, "lesson": {**MARK, "title": LONE}}}, None),
        (
            "lecture:start",
            {
                "view": {
                    "tree": TEXTBOOK,
                    "lesson": {**MARK, "chart": {**CHART, "rows": [{LONE: 1}]}},
                }
            },
            "view.lesson.chart.rows[0]",
        ),
        (
            "lecture:start",
            {"view": {"tree": TEXTBOOK, "lesson": {**MARK, "chart": {**CHART, "name": LONE}}}},
            "view.lesson.chart.name",
        ),
        ("lecture:drill", {"room": LONE, "level": 1}, "room"),
        ("lecture:question", {"room": "ABC123", "question": {"prompt": LONE}}, None),
        ("run", {"tree": TEXTBOOK, "options": {"rule": LONE}}, "options.rule"),
    ],
)
def test_a_lone_surrogate_in_a_socket_message_is_refused_naming_the_field(event, message, field):
    app = make_app()
    client = socketio.test_client(app)
    try:
        body = {"cursor": CURSOR, **message} if event == "lecture:start" else message
        ack = client.emit(event, body, callback=True)
        assert ack["ok"] is False
        assert "surrogate" in ack["error"]
        if field is not None:
            assert ack["field"] == field
        family = "lecture_error" if event.startswith("lecture:") else "run_error"
        assert [m["name"] for m in client.get_received()] == [family]
        fine = client.emit(
            "lecture:start", {"view": {"tree": TEXTBOOK}, "cursor": CURSOR}, callback=True
        )
        assert fine["ok"] is True, "the connection still answers"
    finally:
        client.disconnect()
