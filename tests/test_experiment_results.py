"""Experiments computed once per query (app/web/experiment_results.py): a class behind one
address asking for a chart's experiment at the same moment gets it from one computation, a
later request from the kept result without a place in the pool, and a run that stops short
is neither kept nor passed off as complete."""

import gettext
import json
import threading

from support import make_app

from app.experiments.error_lines import SaidIn
from app.web.experiment_results import STOPPED, Shared

CHART = "/api/experiments/random-binary?depth=8&seeds=0-40"


def lines(answer):
    return [json.loads(line) for line in answer.get_data().decode().splitlines() if line]


def test_a_class_asking_for_one_chart_at_once_costs_one_experiment():
    app = make_app()
    students = 8
    start = threading.Barrier(students)
    answers = [None] * students

    def student(k):
        start.wait()
        answers[k] = app.test_client().get(CHART)  # one address, as behind a NAT
        answers[k].get_data()  # each student reads its own stream at once, as a browser does

    threads = [threading.Thread(target=student, args=(k,)) for k in range(students)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not any(thread.is_alive() for thread in threads)
    assert all(answer.status_code == 200 for answer in answers)
    assert app.extensions["prune.experiments.results"].started == 1
    how = sorted(answer.headers["X-Prune-Experiment"] for answer in answers)
    assert how.count("computed") == 1 and set(how) <= {"computed", "shared", "cached"}
    first = lines(answers[0])
    assert first[0]["total"] == 41 and "summary" in first[-1]
    assert all(lines(answer) == first for answer in answers)


def test_a_kept_result_is_answered_without_a_place_in_the_pool():
    app = make_app(PRUNE_MAX_EXPERIMENTS=1, PRUNE_EXPERIMENT_QUEUE_SECONDS=0)
    client = app.test_client()
    computed = lines(client.get(CHART))  # read to the end: its place is given back
    app.extensions["prune.experiments"].admit("10.9.9.9")  # another address fills the pool
    again = client.get(CHART)
    assert again.status_code == 200 and again.headers["X-Prune-Experiment"] == "cached"
    # The same lines (a computing run also sends empty ones while a row takes its time).
    assert lines(again) == computed
    other = client.get("/api/experiments/random-binary?depth=8&seeds=0-41")
    assert other.status_code == 429  # a new query still needs a place


def test_a_run_out_of_its_budget_is_not_kept():
    app = make_app(PRUNE_EXPERIMENT_SECONDS=1)
    client = app.test_client()
    slow = "/api/experiments/ordering?branching=2&depths=18-18&trials=1"
    for _ in range(2):
        answer = client.get(slow)
        assert "ran out of its 1 s" in lines(answer)[-1]["error"]
        assert answer.headers["X-Prune-Experiment"] == "computed"
    assert app.extensions["prune.experiments.results"].started == 2


def test_a_follower_of_a_run_stopped_short_reads_an_error():
    shared = Shared()
    shared.add(b'{"columns":["n"],"total":3}\n')
    follower = shared.follow()
    assert json.loads(next(follower)) == {"columns": ["n"], "total": 3}
    shared.add(b'{"row":{"n":1},"done":1}\n')
    assert shared.finish() is None  # no summary: not complete
    rest = [json.loads(line) for line in follower if line.strip()]
    assert rest[:-1] == [{"row": {"n": 1}, "done": 1}]
    assert rest[-1]["error"] == str(STOPPED)


def test_a_run_said_in_a_language_is_closed_even_if_never_read():
    """The body that says a stream's error line in the asker's language passes the server's
    close on to the run (which frees its place in the pool) before a byte is read."""
    closed = []

    class Run:
        def __iter__(self):
            yield b'{"columns":["n"],"total":1}\n'

        def close(self):
            closed.append(True)

    SaidIn(Run(), gettext.NullTranslations()).close()
    assert closed == [True]
