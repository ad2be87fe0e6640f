"""Lecture questions, from the reveal to the end: the reveal reaches every student and ends
answering, a new question replaces the open one, a closed one takes no answers, late joiners
and a returning presenter get the open question, ending the lecture forgets it; only the
presenter asks, reveals and closes, only the room's students answer, and a question is
checked like a run. Flask-SocketIO test clients.
"""

from lecture_classroom import (
    NOT_OPEN,
    QUESTION,
    RIGHT,
    Lecture,
    assert_refused,
    counts,
    received,
)
from support import TEXTBOOK


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
