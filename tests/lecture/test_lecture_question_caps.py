"""Lecture questions' caps: an oversized answer, a malformed one, too many answers a minute
from one student, too many questions in a room. Each refusal names the problem, and the
connection goes on. Flask-SocketIO test clients.
"""

import json

import pytest
from lecture_classroom import NODES, RIGHT, Lecture, assert_refused, received


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
