"""A class computes each thing once (app/web/lecture_payloads.py): a room's view, its trace and
its question are fetched by reference, or a small view and its trace carried in the
``lecture:view`` message (the same bytes); the trace is one search however many students ask
at the same moment; gone payloads are 404s even once fetched; and lecture payloads live in
their own store, so a presenter's views never evict the class's cached traces."""

import threading

from support import TEXTBOOK, engine_trace, make_app

from app.engine.generators import random_tree
from app.lecture.payload_store import PayloadStore
from app.realtime.sockets import socketio

CURSOR = {"step": 0, "playing": False, "speed": 1}
BIG = random_tree(seed=7, depth=7, branching=4)  # 21,845 nodes: a search worth waiting for


class Room:
    """A room with its presenter, on a Flask-SocketIO test client."""

    def __init__(self, app, view):
        self.app = app
        self.presenter = socketio.test_client(app)
        ack = self.presenter.emit("lecture:start", {"view": view, "cursor": CURSOR}, callback=True)
        assert ack["ok"], ack
        self.code, self.key, self.ref, self.seq = ack["room"], ack["key"], ack["view"], 0

    def show(self, view):
        self.seq += 1
        message = {"room": self.code, "key": self.key, "seq": self.seq, "view": view}
        assert self.presenter.emit("lecture:view", message, callback=True)["ok"]
        joined = socketio.test_client(self.app)
        ref = joined.emit("lecture:join", {"room": self.code}, callback=True)["view"]
        joined.disconnect()
        self.ref = ref
        return ref

    def end(self):
        message = {"room": self.code, "key": self.key}
        ack = self.presenter.emit("lecture:end", message, callback=True)
        assert ack["ok"], ack


def get(app, path):
    return app.test_client().get(path)


def computed(app):
    return app.extensions["prune.traces"].computed if "prune.traces" in app.extensions else 0


def test_a_class_fetching_a_new_slides_trace_at_once_costs_one_search():
    app = make_app(PRUNE_LECTURE_IDLE_SECONDS=60)
    room = Room(app, {"tree": TEXTBOOK, "options": {}})
    ref = room.show({"tree": BIG, "options": {"rule": "standard"}})
    students = 24
    start = threading.Barrier(students)
    answers = [None] * students

    def student(k):
        start.wait()
        answers[k] = get(app, ref["href"] + "/trace")

    threads = [threading.Thread(target=student, args=(k,)) for k in range(students)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(answer.status_code == 200 for answer in answers)
    assert computed(app) == 1
    said = sorted(answer.headers["X-Prune-Trace"] for answer in answers)
    assert said == ["cached"] * (students - 1) + ["computed"]
    bodies = {answer.get_data() for answer in answers}
    assert len(bodies) == 1
    trace = answers[0].get_json()
    expected = engine_trace(BIG, {"rule": "standard"})
    assert trace["events"] == expected["events"] and trace["summary"] == expected["summary"]
    assert trace["document"]["agents"] is None


def test_the_same_tree_shown_again_is_not_searched_again():
    app = make_app(PRUNE_LECTURE_IDLE_SECONDS=60)
    room = Room(app, {"tree": TEXTBOOK, "options": {}})
    first = get(app, room.ref["href"] + "/trace")
    room.show({"tree": [[1, 2], [3]], "options": {}})
    again = room.show({"tree": TEXTBOOK, "options": {}})  # a lesson going back a slide
    second = get(app, again["href"] + "/trace")
    assert second.headers["X-Prune-Trace"] == "cached" and computed(app) == 1
    assert second.get_json() == first.get_json()
    assert second.headers["Cache-Control"] == "private, max-age=3600, immutable"
    revalidated = app.test_client().get(
        again["href"] + "/trace", headers={"If-None-Match": second.headers["ETag"]}
    )
    assert revalidated.status_code == 304


def test_a_lesson_slides_trace_is_its_trees_whatever_the_slide_says():
    app = make_app(PRUNE_LECTURE_IDLE_SECONDS=60)
    mark = {"id": "alpha-beta-1", "slide": 2, "slides": 10, "title": "The first cutoff"}
    room = Room(app, {"tree": TEXTBOOK, "options": {}, "lesson": mark})
    trace = get(app, room.ref["href"] + "/trace")
    assert trace.status_code == 200
    assert trace.get_json()["events"] == engine_trace(TEXTBOOK)["events"]
    moved = room.show({"tree": TEXTBOOK, "options": {}, "lesson": {**mark, "slide": 3}})
    assert get(app, moved["href"] + "/trace").headers["X-Prune-Trace"] == "cached"
    assert computed(app) == 1  # two slides showing one tree: one search


def test_old_views_and_their_traces_are_gone_even_once_fetched():
    app = make_app(PRUNE_LECTURE_IDLE_SECONDS=60)
    room = Room(app, {"tree": TEXTBOOK, "options": {}})
    old = room.ref["href"]
    assert get(app, old).status_code == 200 and get(app, old + "/trace").status_code == 200
    new = room.show({"tree": [[1, 2], [3]], "options": {}})["href"]
    for path in (old, old + "/trace"):
        gone = get(app, path)
        assert gone.status_code == 404 and "gone" in gone.get_json()["error"]
    assert get(app, new).get_json() == {"tree": [[1, 2], [3]], "options": {}}
    room.end()
    for path in (new, new + "/trace"):
        assert get(app, path).status_code == 404
    assert app.extensions["prune.lecture.payloads"].size == 0  # the ended room's bodies


def test_a_closed_question_is_gone_even_once_fetched():
    app = make_app(PRUNE_LECTURE_IDLE_SECONDS=60)
    room = Room(app, {"tree": TEXTBOOK, "options": {}})
    ask = {"room": room.code, "key": room.key, "question": {"tree": TEXTBOOK}}
    question = room.presenter.emit("lecture:question", ask, callback=True)["question"]
    href = f"/api/lecture/{room.code}/questions/{question}"
    assert get(app, href).get_json() == {"tree": TEXTBOOK, "options": {}}
    close = {"room": room.code, "key": room.key, "question": question}
    assert room.presenter.emit("lecture:close-question", close, callback=True)["ok"]
    gone = get(app, href)
    assert gone.status_code == 404 and "not open" in gone.get_json()["error"]


def test_a_view_shown_to_no_student_is_not_searched():
    app = make_app(PRUNE_LECTURE_IDLE_SECONDS=60)
    room = Room(app, {"tree": TEXTBOOK, "options": {}})
    room.show({"tree": [[1, 2], [3]], "options": {}})
    assert computed(app) == 0


def test_a_presenters_many_views_never_evict_the_classs_traces():
    app = make_app(PRUNE_LECTURE_IDLE_SECONDS=60, PRUNE_TRACE_CACHE_ENTRIES=2)
    warm = get(app, "/api/presets/textbook/trace")
    assert warm.headers["X-Prune-Trace"] == "computed"
    room = Room(app, {"tree": TEXTBOOK, "options": {}})
    for k in range(20):
        ref = room.show({"tree": [[k, 1], [2, 3]], "options": {}})
        assert get(app, ref["href"]).status_code == 200
    again = get(app, "/api/presets/textbook/trace")
    assert again.headers["X-Prune-Trace"] == "cached"
    assert len(app.extensions["prune.traces"]) == 1


def test_the_payload_store_keeps_each_rooms_current_bodies_within_its_bytes():
    clock = [0.0]
    store = PayloadStore(max_bytes=250, idle_seconds=60, clock=lambda: clock[0])
    assert store.body("AAAA", "view", "v1", lambda: b"x" * 100) == b"x" * 100
    assert store.body("AAAA", "view", "v1", lambda: b"never") == b"x" * 100
    store.body("AAAA", "view", "v2", lambda: b"y" * 100)  # the old version is dropped
    assert store.size == 100 and store.encoded == 2
    store.body("BBBB", "view", "v1", lambda: b"z" * 100)
    store.body("CCCC", "view", "v1", lambda: b"w" * 100)  # over 250: AAAA, least recent, goes
    assert store.size == 200
    assert store.body("AAAA", "view", "v2", lambda: b"again") == b"again"
    store.body("DDDD", "view", "v1", lambda: b"q" * 1000)  # too large to keep: answered
    clock[0] = 61.0
    store.body("EEEE", "question", "q1", lambda: b"e")  # the others were idle too long
    assert store.size == 1


def students_view_message(app, room, view, students=3):
    """What each of ``students`` (joined first) receives when the presenter shows ``view``."""
    joined = [socketio.test_client(app) for _ in range(students)]
    for student in joined:
        assert student.emit("lecture:join", {"room": room.code}, callback=True)["ok"]
        student.get_received()
    room.show(view)
    messages = []
    for student in joined:
        got = [m["args"][0] for m in student.get_received() if m["name"] == "lecture:view"]
        student.disconnect()
        assert len(got) == 1
        messages.append(got[0])
    return messages


def test_a_small_view_and_its_trace_ride_in_the_message_as_the_routes_answer_them():
    app = make_app(PRUNE_LECTURE_IDLE_SECONDS=60)
    room = Room(app, {"tree": TEXTBOOK, "options": {}})
    mark = {"id": "alpha-beta-1", "slide": 2, "slides": 10, "title": "The first cutoff"}
    tree = random_tree(seed=3, depth=5, branching=3)  # 364 nodes: a few KiB of trace
    view = {"tree": tree, "options": {"rule": "standard"}, "lesson": mark}
    before = computed(app)
    messages = students_view_message(app, room, view)
    assert computed(app) == before + 1  # searched once, before the message left
    carried = messages[0]["view"]
    assert all(message == messages[0] for message in messages)  # one message for the class
    assert carried["view"] == get(app, carried["href"]).get_json()
    assert carried["view"]["lesson"]["slide"] == 2
    fetched = get(app, carried["href"] + "/trace")
    assert fetched.headers["X-Prune-Trace"] == "cached" and computed(app) == before + 1
    assert carried["trace"] == fetched.get_json()
    expected = engine_trace(tree, {"rule": "standard"})
    assert carried["trace"]["events"] == expected["events"]


def test_a_view_whose_trace_does_not_fit_carries_the_view_alone_and_a_big_one_nothing():
    app = make_app(PRUNE_LECTURE_IDLE_SECONDS=60, PRUNE_LECTURE_INLINE_BYTES=4096)
    room = Room(app, {"tree": TEXTBOOK, "options": {}})
    tree = random_tree(seed=3, depth=5, branching=3)  # its view fits 4 KiB, its trace not
    carried = students_view_message(app, room, {"tree": tree, "options": {}})[0]["view"]
    assert carried["view"] == {"tree": tree, "options": {}} and "trace" not in carried
    trace = get(app, carried["href"] + "/trace")  # fetched by reference, searched already
    assert trace.status_code == 200 and trace.headers["X-Prune-Trace"] == "cached"
    big = random_tree(seed=4, depth=6, branching=4)  # 5,461 nodes: over 4 KiB of view
    searched = computed(app)
    carried = students_view_message(app, room, {"tree": big, "options": {}})[0]["view"]
    assert set(carried) == {"version", "href"} and computed(app) == searched
    assert get(app, carried["href"]).get_json()["tree"] == big
