"""Bad input outside the engine said in the asker's language (issue 36): a lesson the editor
saves, a game position, a lecture room's refusals (to the presenter and to a student, each in
the language of their own connection). Each language names the same fields, numbers and
codes as the English, and none says it in English. English stays the default."""

import queue

import pytest
import socketio as socketio_client
from support import TEXTBOOK

from app.realtime.sockets import socketio

VIEW = {"tree": TEXTBOOK, "options": {}}
CURSOR = {"step": 0, "playing": False, "speed": 1}

LANGUAGES = ["de", "es", "zh-Hans"]
# A lesson whose second slide's range runs backwards: the field and both steps are named.
BACKWARDS = {
    "title": "Pruning",
    "slides": [
        {"title": "One", "notes": ""},
        {
            "title": "Two",
            "notes": "",
            "view": {"kind": "tree", "preset": "textbook", "from": 7, "to": 3},
        },
    ],
}
LESSON_SAYS = {
    "en": "slides[1].view: from (7) is after to (3)",
    "de": "slides[1].view: from (7) liegt nach to (3)",
    "es": "slides[1].view: from (7) es posterior a to (3)",
    "zh-Hans": "slides[1].view：from（7）在 to（3）之后",
}


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_a_lesson_the_editor_saves_is_refused_in_the_pages_language(client, lang):
    response = client.post("/api/lessons", json=BACKWARDS, headers={"Accept-Language": lang})
    assert response.status_code == 400
    assert response.get_json() == {"error": LESSON_SAYS[lang], "field": "slides[1].view.from"}


def test_a_lessons_tree_error_keeps_the_engines_node_in_german(client):
    lesson = {
        "title": "T",
        "slides": [{"title": "S", "view": {"kind": "tree", "tree": [1, {"value": "x"}]}}],
    }
    german = client.post("/api/lessons?lang=de", json=lesson).get_json()
    assert german["error"] == 'slides[0].view: Knoten [1]: Blattwert "x" ist keine Zahl'
    assert german["field"] == "slides[0].view.tree"


def test_too_many_slides_is_a_413_in_spanish(client, app):
    limit = app.config["PRUNE_MAX_LESSON_SLIDES"]
    slides = [{"title": f"S{k}", "notes": ""} for k in range(limit + 1)]
    response = client.post("/api/lessons?lang=es", json={"title": "T", "slides": slides})
    assert response.status_code == 413
    assert response.get_json()["error"] == (
        f"la lección tiene {limit + 1:,} diapositivas; una lección puede tener como máximo {limit}"
    )


BOARD_SAYS = {
    "en": "the board has 2 X and 0 O: X moves first, so X has as many marks as O or one more",
    "de": "das Brett hat 2 X und 0 O: X zieht zuerst, "
    "also hat X so viele Zeichen wie O oder eines mehr",
    "es": "el tablero tiene 2 X y 0 O: X mueve primero, "
    "así que X tiene tantas marcas como O o una más",
    "zh-Hans": "棋盘上有 2 个 X 和 0 个 O：X 先走，所以 X 的数量与 O 相同或多一个",
}


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_a_games_bad_board_is_refused_in_the_requests_language(client, lang):
    response = client.get(f"/api/games/tictactoe/trace?board=XX.......&lang={lang}")
    assert response.status_code == 400
    assert response.get_json() == {"error": BOARD_SAYS[lang], "field": "board"}


def test_a_pacman_layout_names_its_row_and_column_in_chinese(client):
    bad = "%%%%%\n%P.G%\n%%X%%"  # an X in the wall of row 3
    english = client.get("/api/games/pacman/game", query_string={"layout": bad}).get_json()
    chinese = client.get(
        "/api/games/pacman/game", query_string={"layout": bad, "lang": "zh"}
    ).get_json()
    assert english["field"] == chinese["field"] == "layout"
    assert english["error"] == "layout row 3, column 3: 'X' is not one of % . o P G or a space"
    assert chinese["error"] == "布局第 3 行第 3 列：'X' 不是 % . o P G 或空格之一"


STUDENT_SAYS = {
    "en": "there is no lecture ABCDEF (it may have ended)",
    "de": "es gibt keine Vorlesung ABCDEF (sie ist vielleicht beendet)",
    "es": "no hay ninguna clase ABCDEF (puede que haya terminado)",
    "zh-Hans": "没有课堂 ABCDEF（可能已结束）",
}


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_a_student_joining_no_room_is_told_in_their_language(app, lang):
    student = socketio.test_client(app, headers={"Accept-Language": lang})
    ack = student.emit("lecture:join", {"room": "ABCDEF"}, callback=True)
    assert ack == {"ok": False, "error": STUDENT_SAYS[lang]}
    assert received(student, "lecture_error") == [{"error": STUDENT_SAYS[lang]}]
    student.disconnect()


def test_the_presenter_and_a_student_each_get_their_own_language(app):
    presenter = socketio.test_client(app, query_string="lang=de")
    started = presenter.emit("lecture:start", {"view": VIEW, "cursor": CURSOR}, callback=True)
    code, key = started["room"], started["key"]
    fast = {**CURSOR, "speed": 1000}
    ack = presenter.emit(
        "lecture:cursor", {"room": code, "key": key, "seq": 1, "cursor": fast}, callback=True
    )
    assert ack["ok"] is False
    assert ack["error"].startswith("cursor speed muss zwischen ")
    english = socketio.test_client(app)
    wrong_key = english.emit(
        "lecture:cursor", {"room": code, "key": "x" * 20, "seq": 2, "cursor": CURSOR}, callback=True
    )
    spanish = socketio.test_client(app, query_string="lang=es")
    spanish_wrong = spanish.emit(
        "lecture:cursor", {"room": code, "key": "x" * 20, "seq": 2, "cursor": CURSOR}, callback=True
    )
    assert wrong_key["error"] == "only the presenter can drive this lecture"
    assert spanish_wrong["error"] == "solo el presentador puede dirigir esta clase"
    assert received(spanish, "lecture_error") == [{"error": spanish_wrong["error"]}]
    for client in (presenter, english, spanish):
        client.disconnect()


def test_a_bad_code_in_a_lecture_view_address_is_a_german_404(client):
    response = client.get("/api/lecture/A!/views/v1?lang=de")
    assert response.status_code == 404
    assert response.get_json() == {"error": "'A!' ist kein Vorlesungscode"}


def received(client, name):
    return [m["args"][0] for m in client.get_received() if m["name"] == name]


def test_a_real_servers_lecture_errors_follow_each_connections_language(live_server):
    """Against gunicorn: two students of different languages joining a room that is not
    there each get the ack and the ``lecture_error`` event in their own language."""
    clients = []
    try:
        for lang in ("de", "zh-Hans"):
            inbox = queue.Queue()
            client = socketio_client.Client(reconnection=False)
            client.on("lecture_error", inbox.put)
            client.connect(
                live_server.url,
                headers={"Accept-Language": lang},
                transports=["websocket"],
                wait_timeout=10,
            )
            clients.append(client)
            ack = client.call("lecture:join", {"room": "ABCDEF"}, timeout=10)
            assert ack == {"ok": False, "error": STUDENT_SAYS[lang]}
            assert inbox.get(timeout=10) == {"error": STUDENT_SAYS[lang]}
    finally:
        for client in clients:
            client.disconnect()
