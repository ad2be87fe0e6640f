"""The lecture-question stores: in this process (MemoryQuestions), in a lecture file
(SqliteQuestions) and in a real redis-server (RedisQuestions) they count answers alike, cap
students per address, marks per question and marks per address (so one address cannot lock
the others out), drop a departed student's answer at the reveal, and count concurrent
answers exactly; a question is traced once however many students answer at once (Truths).
"""

import json
import threading

import pytest
import redis
from lecture_classroom import QUESTION
from support import wait_until

from app.lecture.questions import AnswerCaps, MemoryQuestions, Truths
from app.lecture.redis_questions import RedisQuestions
from app.lecture.rooms import RoomError
from app.lecture.sqlite_questions import SqliteQuestions

CAPS = AnswerCaps(per_address=3, entries=50, marks_per_address=30)


@pytest.fixture(params=["memory", "sqlite", "redis"])
def questions(request):
    if request.param == "memory":
        return MemoryQuestions(idle_seconds=60, per_room=3, caps=CAPS)
    if request.param == "sqlite":
        return SqliteQuestions(request.getfixturevalue("lecture_db"), 60, per_room=3, caps=CAPS)
    client = redis.Redis.from_url(request.getfixturevalue("redis_url"))
    client.flushdb()
    return RedisQuestions(client, idle_seconds=60, per_room=3, caps=CAPS)


def test_every_store_counts_answers_alike(questions):
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


def test_one_address_holds_at_most_its_share_of_a_questions_marks(questions):
    asked = questions.ask("ROOM77", "{}")

    def marks(count):
        return tuple(f"p:{n}" for n in range(count))

    questions.answer("ROOM77", asked.id, "a", marks(20), "10.0.0.1")
    with pytest.raises(RoomError, match=r"your network address hold their share .*\(30 marks\)"):
        questions.answer("ROOM77", asked.id, "b", marks(11), "10.0.0.1")
    questions.answer("ROOM77", asked.id, "b", marks(10), "10.0.0.1")  # its share, and no more
    questions.answer("ROOM77", asked.id, "a", marks(20), "10.0.0.1")  # one's own marks come back
    questions.answer("ROOM77", asked.id, "c", marks(20), "10.0.0.2")  # the class still answers
    assert questions.tally("ROOM77")["answered"] == 3
    questions.answer("ROOM77", asked.id, "a", marks(5), "10.0.0.3")  # a moved: 10.0.0.1 has 10
    questions.answer("ROOM77", asked.id, "d", marks(15), "10.0.0.1")
    assert sum(questions.tally("ROOM77")["pruned"].values()) == 50


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
