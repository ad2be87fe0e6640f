"""Lecture questions, asking and answering: students answer anonymously and the presenter
sees only counts, merged when answers rush in; a changed answer counts once, a student who
leaves stays counted until the reveal, a returning tab replaces its answer by its token, and
a connection answers as one student. Flask-SocketIO test clients.
"""

import json
import time

from lecture_classroom import QUESTION, RIGHT, Lecture, assert_refused, counts, received
from support import TEXTBOOK

from app.realtime.sockets import socketio


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


def test_a_question_on_a_search_practice_asks_its_own_question_of_is_refused(connect):
    """PVS, MTD(f) and Star1 re-search or prune in ways of their own: a lecture question
    grades prunes and values, so asking one is refused in words, not left to fail later."""
    lecture = Lecture(connect)
    for options in ({"algorithm": "pvs"}, {"algorithm": "mtdf", "guess": 3}):
        ack = lecture.ask({"tree": TEXTBOOK, "options": options})
        assert not ack["ok"]
        assert f"not {options['algorithm']}" in ack["error"]
    assert lecture.ask()["ok"]  # alpha-beta's question still asks
