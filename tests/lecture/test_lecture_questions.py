"""Lecture questions: the presenter asks, students answer anonymously, the presenter sees
counts, then reveals. Flask-SocketIO's test clients, both question stores, and two app
instances sharing Redis."""

import json
import queue
import threading
import time

import pytest
import redis
import socketio as socketio_client
from support import TEXTBOOK, make_app, wait_until

from app.lecture.questions import AnswerCaps, MemoryQuestions, Truths
from app.lecture.redis_questions import RedisQuestions
from app.lecture.rooms import RoomError
from app.sockets import socketio

VIEW = {"tree": TEXTBOOK, "options": {"rule": "standard"}}
CURSOR = {"step": 0, "playing": False, "speed": 1}
QUESTION = {"tree": TEXTBOOK, "options": {"rule": "standard"}}
NODES = 13  # in TEXTBOOK: the root, 3 inner nodes, 9 leaves
# Alpha-beta on TEXTBOOK: the root is 3 by its first move; 1.1 and 1.2 are pruned.
RIGHT = {"pruned": ["1.1", "1.2"], "values": {"": 3, "0": 3, "1": 2, "2": 2}, "best_move": 0}
NOT_OPEN = "that question is not open (the presenter may have closed or replaced it)"


class Lecture:
    """A room with its presenter and students, and the messages they send."""

    def __init__(self, connect, students=3, **config):
        self.app = make_app(PRUNE_LECTURE_IDLE_SECONDS=60, **config)
        self.connect = lambda: connect(self.app)
        self.presenter = self.connect()
        started = self.presenter.emit(
            "lecture:start", {"view": VIEW, "cursor": CURSOR}, callback=True
        )
        self.code, self.key = started["room"], started["key"]
        self.students = [self.join() for _ in range(students)]
        self.presenter.get_received()

    def join(self):
        student = self.connect()
        assert student.emit("lecture:join", {"room": self.code}, callback=True)["ok"]
        return student

    def ask(self, question=QUESTION, client=None, key=None):
        message = {"room": self.code, "key": key or self.key, "question": question}
        return (client or self.presenter).emit("lecture:question", message, callback=True)

    def asked(self, question=QUESTION):
        ack = self.ask(question)
        assert ack["ok"], ack
        return ack["question"]

    def answer(self, student, question_id, answer):
        message = {"room": self.code, "question": question_id, "answer": answer}
        return student.emit("lecture:answer", message, callback=True)

    def presenter_says(self, event, question_id, client=None, key=None):
        message = {"room": self.code, "key": key or self.key, "question": question_id}
        return (client or self.presenter).emit(event, message, callback=True)

    def question_of(self, public):
        """A question as a message carries it, with its body fetched from its href."""
        fetched = self.app.test_client().get(public["href"])
        assert fetched.status_code == 200, fetched.get_json()
        return {"id": public["id"], **fetched.get_json(), "revealed": public["revealed"]}

    def counts(self):
        """The last ``lecture:answers`` the presenter got."""
        return received(self.presenter, "lecture:answers")[-1]


def received(client, name):
    return [m["args"][0] for m in client.get_received() if m["name"] == name]


def assert_refused(client, ack, error):
    """Refused with ``error``, as an ack and as a ``lecture_error``."""
    assert ack == {"ok": False, "error": error}
    assert received(client, "lecture_error")[-1] == {"error": error}


def counts(question_id, answered, students, pruned, values, moves, room):
    return {
        "room": room,
        "question": question_id,
        "answered": answered,
        "students": students,
        "pruned": pruned,
        "values": values,
        "moves": moves,
    }


# Asking, answering, counting


def test_students_answer_and_the_presenter_sees_only_counts(connect):
    lecture = Lecture(connect)
    question_id = lecture.asked()
    for student in lecture.students:
        [sent] = received(student, "lecture:question")
        assert sent["room"] == lecture.code and "tree" not in sent["question"]
        assert lecture.question_of(sent["question"]) == {
            "id": question_id,
            **QUESTION,
            "revealed": False,
        }
    assert received(lecture.presenter, "lecture:question") == []

    answers = [
        RIGHT,
        {"pruned": ["1.1", "1.2", "2.2"], "values": {"": 3}, "best_move": 0},
        {"pruned": ["1.2"], "values": {"": 2.0, "1": 2}, "best_move": 2},
    ]
    for student, answer in zip(lecture.students, answers, strict=True):
        ack = lecture.answer(student, question_id, answer)
        assert ack == {"ok": True, "room": lecture.code, "question": question_id}

    body = lecture.counts()
    assert body == counts(
        question_id,
        answered=3,
        students=3,
        pruned={"1.1": 2, "1.2": 3, "2.2": 1},
        values={"3": 2, "2": 1},  # 2.0 and 2 are one value
        moves={"0": 2, "2": 1},
        room=lecture.code,
    )
    # Anonymous: no student's session id, and no message to anyone but the presenter.
    sids = [socketio.server.manager.sid_from_eio_sid(s.eio_sid, "/") for s in lecture.students]
    assert not any(sid in json.dumps(body) for sid in sids)
    for student in lecture.students:
        assert received(student, "lecture:answers") == []


def test_a_changed_answer_is_counted_once_as_the_new_one(connect):
    lecture = Lecture(connect, students=2)
    question_id = lecture.asked()
    first, second = lecture.students
    assert lecture.answer(first, question_id, RIGHT)["ok"]
    assert lecture.answer(second, question_id, RIGHT)["ok"]
    changed = {"pruned": ["2.1"], "values": {"": 5}, "best_move": 1}
    assert lecture.answer(first, question_id, changed)["ok"]
    assert lecture.counts() == counts(
        question_id,
        answered=2,
        students=2,
        pruned={"1.1": 1, "1.2": 1, "2.1": 1},
        values={"3": 1, "5": 1},
        moves={"0": 1, "1": 1},
        room=lecture.code,
    )


def test_fields_are_optional_as_in_practice(connect):
    lecture = Lecture(connect, students=1)
    question_id = lecture.asked()
    assert lecture.answer(lecture.students[0], question_id, {"best_move": None})["ok"]
    assert lecture.counts() == counts(question_id, 1, 1, {}, {}, {}, room=lecture.code)


def test_a_rush_of_answers_reaches_the_presenter_as_a_few_messages(connect):
    lecture = Lecture(connect, students=40)
    question_id = lecture.asked()
    began = time.monotonic()
    for student in lecture.students:
        assert lecture.answer(student, question_id, RIGHT)["ok"]
    elapsed = time.monotonic() - began
    time.sleep(0.6)  # the merged counts follow within a window (¼ s)
    sent = received(lecture.presenter, "lecture:answers")
    assert [body["answered"] for body in sent][0] == 1  # the first goes out at once
    assert sent[-1]["answered"] == 40 and sent[-1]["pruned"] == {"1.1": 40, "1.2": 40}
    assert len(sent) <= 4 + int(elapsed * 4) + 2 < 40


def test_a_student_who_leaves_stays_counted(connect):
    lecture = Lecture(connect, students=2)
    question_id = lecture.asked()
    gone, staying = lecture.students
    assert lecture.answer(gone, question_id, RIGHT)["ok"]
    gone.disconnect()
    assert lecture.answer(staying, question_id, {"best_move": 1})["ok"]
    body = lecture.counts()
    assert body["answered"] == 2 and body["students"] == 1
    assert body["moves"] == {"0": 1, "1": 1}


def test_a_departed_students_answer_is_dropped_at_the_reveal(connect):
    lecture = Lecture(connect, students=0)
    question_id = lecture.asked()
    gone, back, staying = (lecture.join() for _ in range(3))
    for student, token in ((gone, "g" * 16), (back, "b" * 16), (staying, None)):
        answer = {"room": lecture.code, "question": question_id, "answer": RIGHT}
        assert student.emit("lecture:answer", {**answer, "student": token}, callback=True)["ok"]
    gone.disconnect()
    back.disconnect()  # a reload: its tab joins again with its token, without answering
    again = lecture.connect()
    joined = again.emit("lecture:join", {"room": lecture.code, "student": "b" * 16}, callback=True)
    assert joined["ok"]
    lecture.presenter_says("lecture:reveal", question_id)
    resumed = lecture.connect().emit(
        "lecture:resume", {"room": lecture.code, "key": lecture.key}, callback=True
    )
    assert resumed["answers"]["answered"] == 2, "the one who left is no longer counted"


def test_an_answer_is_at_most_what_a_full_answer_to_the_tree_needs(connect):
    lecture = Lecture(connect, students=1)
    question_id = lecture.asked()
    padded = {"pruned": ["0" * 3000], "best_move": 0}  # 3 KB about a 13-node tree
    ack = lecture.answer(lecture.students[0], question_id, padded)
    assert not ack["ok"]
    assert ack["error"].startswith("the answer (for this tree) has 3,")


def test_a_student_who_comes_back_with_their_token_replaces_their_answer(connect):
    lecture = Lecture(connect, students=1)
    question_id = lecture.asked()
    token = "tab-token-0123456789abcdef"
    first = lecture.students[0]
    answer = {"room": lecture.code, "question": question_id, "student": token}
    assert first.emit("lecture:answer", {**answer, "answer": RIGHT}, callback=True)["ok"]
    first.disconnect()  # a reload: a new connection, the same tab's token
    again = lecture.join()
    assert again.emit("lecture:answer", {**answer, "answer": {"best_move": 2}}, callback=True)["ok"]
    body = lecture.counts()
    assert body["answered"] == 1 and body["moves"] == {"2": 1}


def test_a_connection_answers_as_one_student(connect):
    lecture = Lecture(connect, students=1)
    question_id = lecture.asked()
    student = lecture.students[0]
    answer = {"room": lecture.code, "question": question_id, "answer": {"best_move": 0}}
    assert student.emit("lecture:answer", {**answer, "student": "a" * 16}, callback=True)["ok"]
    ack = student.emit("lecture:answer", {**answer, "student": "b" * 16}, callback=True)
    assert_refused(student, ack, "this connection already answers as another student")
    ack = student.emit("lecture:answer", {**answer, "student": "short"}, callback=True)
    assert_refused(student, ack, "student must be 16 to 64 letters, digits, - or _")
    assert lecture.counts()["answered"] == 1


# Reveal, close, replace


def test_the_reveal_reaches_every_student_and_ends_answering(connect):
    lecture = Lecture(connect)
    question_id = lecture.asked()
    student = lecture.students[0]
    assert lecture.answer(student, question_id, RIGHT)["ok"]
    ack = lecture.presenter_says("lecture:reveal", question_id)
    assert ack == {"ok": True, "room": lecture.code, "question": question_id}
    for each in lecture.students:
        assert received(each, "lecture:reveal") == [{"room": lecture.code, "question": question_id}]
    for each in lecture.students:  # changing an answer, or a first one
        assert_refused(
            each, lecture.answer(each, question_id, RIGHT), "the answer has been revealed"
        )
    joined = lecture.connect().emit("lecture:join", {"room": lecture.code}, callback=True)
    assert lecture.question_of(joined["question"]) == {
        "id": question_id,
        **QUESTION,
        "revealed": True,
    }
    assert lecture.counts()["answered"] == 1


def test_a_new_question_replaces_the_open_one(connect):
    lecture = Lecture(connect, students=1)
    student = lecture.students[0]
    old = lecture.asked()
    assert lecture.answer(student, old, RIGHT)["ok"]
    new = lecture.asked({"tree": [[10], [10, 0]], "options": {"rule": "strict"}})
    assert new != old
    assert received(student, "lecture:question")[-1]["question"]["id"] == new
    assert_refused(student, lecture.answer(student, old, RIGHT), NOT_OPEN)
    assert lecture.answer(student, new, {"pruned": [], "values": {"": 10}, "best_move": 0})["ok"]
    assert lecture.counts() == counts(new, 1, 1, {}, {"10": 1}, {"0": 1}, room=lecture.code)


def test_a_closed_question_takes_no_answers_and_is_not_shown(connect):
    lecture = Lecture(connect, students=1)
    student = lecture.students[0]
    question_id = lecture.asked()
    ack = lecture.presenter_says("lecture:close-question", question_id)
    assert ack == {"ok": True, "room": lecture.code, "question": question_id}
    assert received(student, "lecture:question-closed") == [
        {"room": lecture.code, "question": question_id}
    ]
    assert_refused(student, lecture.answer(student, question_id, RIGHT), NOT_OPEN)
    joined = lecture.connect().emit("lecture:join", {"room": lecture.code}, callback=True)
    assert joined["ok"] and "question" not in joined
    assert_refused(
        lecture.presenter, lecture.presenter_says("lecture:reveal", question_id), NOT_OPEN
    )


def test_late_joiners_and_a_returning_presenter_get_the_open_question(connect):
    lecture = Lecture(connect, students=1)
    question_id = lecture.asked()
    assert lecture.answer(lecture.students[0], question_id, RIGHT)["ok"]
    joined = lecture.connect().emit("lecture:join", {"room": lecture.code}, callback=True)
    assert "tree" not in joined["question"], "sent by reference"
    assert lecture.question_of(joined["question"]) == {
        "id": question_id,
        **QUESTION,
        "revealed": False,
    }
    assert "answers" not in joined
    resumed = lecture.connect().emit(
        "lecture:resume", {"room": lecture.code, "key": lecture.key}, callback=True
    )
    assert resumed["question"]["id"] == question_id
    assert resumed["answers"] == counts(
        question_id, 1, 2, {"1.1": 1, "1.2": 1}, {"3": 1}, {"0": 1}, room=lecture.code
    )


def test_ending_the_lecture_forgets_its_question(connect):
    lecture = Lecture(connect, students=1)
    question_id = lecture.asked()
    end = {"room": lecture.code, "key": lecture.key}
    assert lecture.presenter.emit("lecture:end", end, callback=True)["ok"]
    student = lecture.students[0]
    assert_refused(student, lecture.answer(student, question_id, RIGHT), NOT_OPEN)


# Who may do what


def test_only_the_presenter_asks_reveals_and_closes(connect):
    lecture = Lecture(connect, students=1)
    student = lecture.students[0]
    error = "only the presenter can drive this lecture"
    for key in ("guess", lecture.key[:-1]):
        assert_refused(student, lecture.ask(client=student, key=key), error)
    question_id = lecture.asked()
    for event in ("lecture:reveal", "lecture:close-question"):
        assert_refused(
            student, lecture.presenter_says(event, question_id, client=student, key="guess"), error
        )
    assert received(student, "lecture:reveal") == []
    assert lecture.answer(student, question_id, RIGHT)["ok"]  # still open


def test_only_students_of_the_room_answer_its_open_question(connect):
    lecture = Lecture(connect, students=1)
    question_id = lecture.asked()
    outsider = lecture.connect()
    assert_refused(
        outsider, lecture.answer(outsider, question_id, RIGHT), "join the lecture before answering"
    )
    student = lecture.students[0]
    for wrong in ("nope", "x" * 17, 3, None):
        error = NOT_OPEN if wrong == "nope" else "question must be the id of the open question"
        assert_refused(student, lecture.answer(student, wrong, RIGHT), error)


def test_a_question_is_checked_like_a_run(connect):
    lecture = Lecture(connect, students=1)
    ack = lecture.ask({"tree": [[1, "x"]]})
    assert_refused(lecture.presenter, ack, 'node [0, 1]: leaf value "x" is not a number')
    ack = lecture.ask({"tree": TEXTBOOK, "options": {"rule": "lenient"}})
    assert ack["ok"] is False and "rule" in ack["error"]
    assert received(lecture.students[0], "lecture:question") == []


# Caps: each refusal names the problem, and the connection goes on


def test_an_oversized_answer_is_refused_with_its_size(connect):
    lecture = Lecture(connect, students=1, PRUNE_LECTURE_ANSWER_BYTES=100)
    question_id = lecture.asked()
    student = lecture.students[0]
    big = {**RIGHT, "windows": {"0": ["-Infinity", "Infinity"], "1": [3, "Infinity"]}}
    size = len(json.dumps(big, separators=(",", ":")))
    assert size > 100 >= len(json.dumps(RIGHT, separators=(",", ":")))
    assert_refused(
        student,
        lecture.answer(student, question_id, big),
        f"the answer has {size} bytes; the limit is 100",
    )
    assert lecture.answer(student, question_id, RIGHT)["ok"]


@pytest.mark.parametrize(
    ("answer", "error"),
    [
        ({"pruned": ["0.0"] * (NODES + 1)}, f"pruned has {NODES + 1} entries; the tree has 13"),
        ({"values": {str(i): 1 for i in range(NODES + 1)}}, "values has 14 entries; the tree"),
        ({"windows": {str(i): [0, 1] for i in range(NODES + 1)}}, "windows has 14 entries"),
        ("all of them", "answer must be an object"),
        ({"prune": []}, 'answer: unknown field "prune"'),
        ({"pruned": "1.1"}, "answer.pruned must be a list"),
        ({"pruned": ["1.9"]}, "answer.pruned[0]: there is no node 1.9"),
        ({"pruned": ["1.1", [1, 1]]}, "answer.pruned[1]: node 1.1 is given twice"),
        ({"values": {"x": 3}}, 'answer.values["x"]: "x" is not a path'),
        ({"values": {"0": "three"}}, 'answer.values["0"]: a value must be a finite number'),
        ({"windows": {"0": [1]}}, 'answer.windows["0"]: a window is [α, β]'),
        ({"best_move": 3}, "answer.best_move must be the index of one of the root's children"),
        ({"best_move": True}, "answer.best_move must be the index"),
    ],
)
def test_bad_answers_are_refused_naming_the_problem(connect, answer, error):
    lecture = Lecture(connect, students=1)
    question_id = lecture.asked()
    student = lecture.students[0]
    ack = lecture.answer(student, question_id, answer)
    assert ack["ok"] is False and error in ack["error"], ack
    assert received(student, "lecture_error") == [{"error": ack["error"]}]
    assert lecture.answer(student, question_id, RIGHT)["ok"]  # the connection goes on


def test_answers_are_rate_limited_per_student(connect):
    lecture = Lecture(connect, students=2, PRUNE_LECTURE_ANSWERS_PER_MINUTE=3)
    question_id = lecture.asked()
    first, second = lecture.students
    acks = [lecture.answer(first, question_id, RIGHT) for _ in range(4)]
    assert [ack["ok"] for ack in acks] == [True, True, True, False]
    assert_refused(first, acks[-1], "too many answers (3 a minute); wait a moment")
    assert lecture.answer(second, question_id, RIGHT)["ok"]  # each student has their own


def test_a_room_asks_a_limited_number_of_questions(connect):
    lecture = Lecture(connect, students=0, PRUNE_LECTURE_QUESTIONS_PER_ROOM=2)
    lecture.asked()
    lecture.asked()
    assert_refused(
        lecture.presenter,
        lecture.ask(),
        "this lecture has asked its 2 questions; start a new lecture to ask more",
    )


# Both stores: the same counts, whether in this process or in Redis


@pytest.fixture(params=["memory", "redis"])
def questions(request):
    if request.param == "memory":
        return MemoryQuestions(idle_seconds=60, per_room=3, caps=CAPS)
    client = redis.Redis.from_url(request.getfixturevalue("redis_url"))
    client.flushdb()
    return RedisQuestions(client, idle_seconds=60, per_room=3, caps=CAPS)


CAPS = AnswerCaps(per_address=3, entries=50)


def test_both_stores_count_answers_alike(questions):
    assert questions.get("ROOM22") is None and questions.tally("ROOM22") is None
    asked = questions.ask("ROOM22", json.dumps(QUESTION))
    assert questions.get("ROOM22") == asked
    questions.answer("ROOM22", asked.id, "a", ("p:1.1", "p:1.2", "v:3", "m:0"), "10.0.0.1")
    questions.answer("ROOM22", asked.id, "b", ("p:1.2", "m:1"), "10.0.0.1")
    questions.answer("ROOM22", asked.id, "a", ("p:", "v:2.5", "m:1"), "10.0.0.1")  # changed
    questions.answer("ROOM22", asked.id, "c", (), "10.0.0.1")
    assert questions.tally("ROOM22") == {
        "question": asked.id,
        "answered": 3,
        "pruned": {"1.2": 1, "": 1},
        "values": {"2.5": 1},
        "moves": {"1": 2},
    }
    with pytest.raises(RoomError, match="not open"):
        questions.answer("ROOM22", "other", "d", ("m:0",), "10.0.0.1")
    with pytest.raises(RoomError, match="not open"):
        questions.reveal("ROOM22", "other")
    questions.reveal("ROOM22", asked.id)
    assert questions.get("ROOM22").revealed
    with pytest.raises(RoomError, match="the answer has been revealed"):
        questions.answer("ROOM22", asked.id, "a", ("m:0",), "10.0.0.1")
    questions.close("ROOM22", asked.id)
    assert questions.get("ROOM22") is None and questions.tally("ROOM22") is None
    again = questions.ask("ROOM22", "{}")
    assert questions.tally("ROOM22")["answered"] == 0
    questions.ask("ROOM22", "{}")
    with pytest.raises(RoomError, match="has asked its 3 questions"):
        questions.ask("ROOM22", "{}")
    with pytest.raises(RoomError, match="not open"):  # replaced
        questions.answer("ROOM22", again.id, "a", ("m:0",), "10.0.0.1")
    questions.forget("ROOM22")
    assert questions.get("ROOM22") is None
    questions.ask("ROOM22", "{}")  # an ended room's count is gone too


def test_one_address_answers_for_at_most_its_cap_of_students(questions):
    asked = questions.ask("ROOM44", "{}")
    for student in ("a", "b", "c"):
        questions.answer("ROOM44", asked.id, student, ("m:0",), "10.0.0.1")
    with pytest.raises(RoomError, match=r"too many students from your network address .*\(3\)"):
        questions.answer("ROOM44", asked.id, "d", ("m:0",), "10.0.0.1")
    questions.answer("ROOM44", asked.id, "a", ("m:1",), "10.0.0.1")  # changing one's mind
    questions.answer("ROOM44", asked.id, "d", ("m:0",), "10.0.0.2")  # another address
    assert questions.tally("ROOM44")["answered"] == 4
    assert questions.tally("ROOM44")["moves"] == {"0": 3, "1": 1}


def test_a_question_keeps_at_most_its_cap_of_marks(questions):
    asked = questions.ask("ROOM55", "{}")

    def marks(count):
        return tuple(f"p:{n}" for n in range(count))

    questions.answer("ROOM55", asked.id, "a", marks(30), "10.0.0.1")
    with pytest.raises(RoomError, match=r"holds as many answers as it can \(50 marks"):
        questions.answer("ROOM55", asked.id, "b", marks(21), "10.0.0.2")
    questions.answer("ROOM55", asked.id, "b", marks(20), "10.0.0.2")
    # a student replacing their answer gets their own marks back first
    questions.answer("ROOM55", asked.id, "a", marks(30), "10.0.0.1")
    pruned = questions.tally("ROOM55")["pruned"]
    assert len(pruned) == 30 and sum(pruned.values()) == 50


def test_a_departed_students_answer_counts_until_the_reveal(questions):
    asked = questions.ask("ROOM66", "{}")
    for student in ("gone", "back", "here"):
        questions.answer("ROOM66", asked.id, student, ("m:0",), "10.0.0.1")
    questions.depart("ROOM66", "gone")
    questions.depart("ROOM66", "back")
    questions.depart("ROOM66", "never-answered")
    questions.arrive("ROOM66", "back")  # reconnected
    assert questions.tally("ROOM66")["answered"] == 3
    questions.reveal("ROOM66", asked.id)
    assert questions.tally("ROOM66")["answered"] == 2
    assert questions.tally("ROOM66")["moves"] == {"0": 2}


def test_concurrent_answers_count_exactly(questions):
    asked = questions.ask("ROOM33", "{}")

    def answer(student):
        for move in range(3):
            questions.answer(
                "ROOM33", asked.id, f"s{student}", ("p:1.1", f"m:{move}"), f"10.0.0.{student}"
            )

    threads = [threading.Thread(target=answer, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert questions.tally("ROOM33")["pruned"] == {"1.1": 20}
    assert questions.tally("ROOM33")["moves"] == {"2": 20}


def test_a_question_is_traced_once_however_many_answer_at_once():
    truths, calls, gate = Truths(), [], threading.Event()

    def load():
        calls.append(1)
        gate.wait(5)
        return "truth"

    results = []
    threads = [
        threading.Thread(target=lambda: results.append(truths.get(("R", "q"), load)))
        for _ in range(5)
    ]
    for thread in threads:
        thread.start()
    wait_until(lambda: calls)
    gate.set()
    for thread in threads:
        thread.join()
    assert calls == [1] and results == ["truth"] * 5

    def refuse():
        raise RoomError("not open")

    with pytest.raises(RoomError):
        truths.get(("R", "gone"), refuse)
    assert truths.loading == {}


# Two app instances sharing Redis: the presenter on one, students on the other


def client_for(server, names=()):
    inbox = queue.Queue()
    client = socketio_client.Client(reconnection=False)
    for name in names:
        client.on(name, lambda body, name=name: inbox.put((name, body)))
    client.connect(server.url, transports=["websocket"], wait_timeout=10)
    return client, inbox


def next_message(inbox, name, until=lambda body: True):
    while True:
        kind, body = inbox.get(timeout=10)
        if kind == name and until(body):
            return body


def test_students_on_another_instance_answer_the_presenters_question(cluster):
    first, second = cluster
    presenter, presenter_inbox = client_for(first, ["lecture:answers"])
    students = [client_for(second, ["lecture:question", "lecture:reveal"]) for _ in range(2)]
    try:
        started = presenter.call("lecture:start", {"view": VIEW, "cursor": CURSOR}, timeout=10)
        code, key = started["room"], started["key"]
        for student, _ in students:
            assert student.call("lecture:join", {"room": code}, timeout=10)["ok"]

        message = {"room": code, "key": key, "question": QUESTION}
        question_id = presenter.call("lecture:question", message, timeout=10)["question"]
        for student, inbox in students:
            asked = next_message(inbox, "lecture:question")
            assert asked["question"]["id"] == question_id
            answer = {"room": code, "question": question_id, "answer": RIGHT}
            assert student.call("lecture:answer", answer, timeout=10)["ok"]

        body = next_message(presenter_inbox, "lecture:answers", lambda b: b["answered"] == 2)
        assert body == counts(
            question_id, 2, 2, {"1.1": 2, "1.2": 2}, {"3": 2}, {"0": 2}, room=code
        )

        reveal = {"room": code, "key": key, "question": question_id}
        assert presenter.call("lecture:reveal", reveal, timeout=10)["ok"]
        for student, inbox in students:
            assert next_message(inbox, "lecture:reveal") == {"room": code, "question": question_id}
            late = {"room": code, "question": question_id, "answer": RIGHT}
            refused = student.call("lecture:answer", late, timeout=10)
            assert refused == {"ok": False, "error": "the answer has been revealed"}
    finally:
        presenter.disconnect()
        for student, _ in students:
            student.disconnect()
