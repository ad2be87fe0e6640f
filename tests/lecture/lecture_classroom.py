"""Shared by the lecture-question tests (tests/lecture/test_lecture_question_*.py): a room
with its presenter and students on Flask-SocketIO test clients (``Lecture``), the messages
they received, a refusal as both an ack and a ``lecture_error``, and the counts the
presenter is sent. A helper module: pytest collects nothing here.
"""

from support import TEXTBOOK, make_app

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
