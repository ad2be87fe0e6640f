"""The LTI store on Redis, for Prune scaled out (docs/lti.md, "Operating"): the same contract
as the SQLite file (each test runs on both), and two Prune instances sharing a real
redis-server and nothing else: a login on one and its launch on the other, a replay refused
by either, a score kept while the LMS is down and sent by the other instance's outbox, a
lecture's roster seen from both. A store that cannot be reached is a 503 page, not a 500."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import redis
import requests
from lms import LEARNER
from lti_flow import post_launch, prune_for, start_launch

from app.lti.grades import send_due
from app.lti.redis_state import RedisLtiState
from app.lti.state import LtiState

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lecture"))
from redis_server import RedisServer  # noqa: E402

DRILL = {"prune_target": "/embed/practice/drill?level=ties&trees=4", "prune_points": "4"}


@pytest.fixture(scope="module")
def redis_url():
    server = RedisServer()
    yield server.url
    server.stop()


@pytest.fixture(params=["sqlite", "redis"])
def state(request, tmp_path):
    if request.param == "sqlite":
        return LtiState(tmp_path / "lti.sqlite3")
    redis.Redis.from_url(request.getfixturevalue("redis_url")).flushdb()
    return RedisLtiState.from_url(request.getfixturevalue("redis_url"))


def test_values_expire_a_claim_is_once_and_counts_add_up(state):
    state.put("a", {"x": [1, 2]}, 60)
    assert state.get("a") == {"x": [1, 2]}
    assert state.get("nothing") is None
    assert state.claim("a") and not state.claim("a")
    assert not state.claim("nothing")
    state.put("a", "again", 60)  # a new value may be claimed again
    assert state.claim("a")
    assert state.put_new("n", 1, 60) and not state.put_new("n", 2, 60)
    assert state.get("n") == 1
    assert [state.count("c", 60) for _ in range(3)] == [1, 2, 3]
    state.put("short", 1, 0.05)
    time.sleep(0.1)
    assert state.get("short") is None and not state.claim("short")
    state.forget("a")
    assert state.get("a") is None


def test_the_summary_and_a_lecture_roster_keep_the_latest_of_each(state):
    state.note_score("course", "u2", "Drill", "Alan", 3, 10)
    state.note_score("course", "u1", "Drill", "Ada", 5, 10)
    state.note_score("course", "u1", "Drill", "Ada", 7, 10)
    rows = [(r["name"], r["item"], r["given"]) for r in state.course_scores("course")]
    assert rows == [("Ada", "Drill", 7), ("Alan", "Drill", 3)]
    state.note_student("ROOM", "u1", "Ada", None, None, None, 60)
    state.note_student("ROOM", "u1", "Ada", "q1", 4, 5, 60)
    state.note_student("ROOM", "u1", "Ada L.", None, None, None, 60)  # a rejoin keeps it
    [row] = state.roster("ROOM")
    assert (row["name"], row["question"], row["given"], row["maximum"]) == ("Ada L.", "q1", 4, 5)
    state.note_student("ROOM", "u1", "Ada L.", "q2", None, None, 60)
    assert state.roster("ROOM")[0]["question"] == "q2" and state.roster("ROOM")[0]["given"] is None
    assert state.roster("OTHER") == []


def test_the_outbox_leases_a_job_to_one_taker_and_keeps_it_until_sent(state):
    first, second = state.enqueue({"n": 1}), state.enqueue({"n": 2})
    assert [(job_id, job) for job_id, job, _ in state.due()] == [
        (first, {"n": 1}),
        (second, {"n": 2}),
    ]
    assert state.take(first, 60) and not state.take(first, 60)
    assert [job_id for job_id, _, _ in state.due()] == [second]
    state.failed(first, "LtiException: 503", 0)
    [(job_id, _, attempts), _] = state.due()
    assert (job_id, attempts) == (first, 1)
    assert state.waiting()[0]["last_error"] == "LtiException: 503"
    state.failed(second, "later", 3600)
    state.make_due(second)
    assert [job_id for job_id, _, _ in state.due()] == [first, second]
    state.sent(first)
    assert [entry["id"] for entry in state.waiting()] == [second]


@pytest.fixture
def two_instances(lms, tmp_path, redis_url):
    redis.Redis.from_url(redis_url).flushdb()
    served = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        served.append(prune_for(lms, tmp_path / name, PRUNE_LTI_STORE=redis_url))
    yield served
    for prune in served:
        prune.tool.stop_sender.set()
        prune.server.shutdown()


def test_two_instances_share_logins_nonces_and_the_outbox(lms, two_instances):
    a, b = two_instances
    assert all(isinstance(p.tool.state, RedisLtiState) for p in (a, b))
    line_item = lms.create_lineitem({"label": "Drill", "scoreMaximum": 4})
    hint = lms.add_launch(roles=[LEARNER], custom=DRILL, lineitem=line_item["id"])
    action, fields = start_launch(lms, hint)  # the login went to the instance the LMS knows
    assert action.startswith(b.url)
    answer = post_launch(a.url + "/lti/launch", fields)  # … and its launch reaches the other
    assert answer.status_code == 303, answer.text
    grant = urlsplit(answer.headers["Location"]).fragment.removeprefix("lti=")
    for prune in (a, b):  # a replay is refused by either
        replay = post_launch(prune.url + "/lti/launch", fields)
        assert replay.status_code == 400 and "replayed nonce" in replay.text

    lms.down = True  # the score is kept by instance b …
    kept = requests.post(
        b.url + "/lti/score", json={"grant": grant, "given": 3, "maximum": 4}, timeout=10
    )
    assert kept.status_code == 202 and kept.json()["queued"]
    lms.down = False
    [job] = a.tool.state.waiting()
    a.tool.state.make_due(job["id"])
    with a.app.app_context():
        assert send_due(a.tool) == 1  # … and sent by instance a's outbox
    [score] = lms.scores[line_item["id"]]
    assert (score["userId"], score["scoreGiven"], score["scoreMaximum"]) == ("student-7", 3, 4)
    assert b.tool.state.waiting() == []
    assert [row["given"] for row in b.tool.state.course_scores(course_of(lms))] == [3]


def course_of(lms):
    return f"{lms.issuer}|{lms.client_id}|course-1"


def test_a_store_out_of_reach_is_a_503_page(lms, tmp_path):
    prune = prune_for(lms, tmp_path, PRUNE_LTI_STORE="redis://127.0.0.1:1/0")
    try:
        answer = requests.get(
            prune.url + "/lti/login",
            params={"iss": lms.issuer, "login_hint": "x", "client_id": lms.client_id},
            timeout=30,
        )
        assert answer.status_code == 503
        assert "cannot reach its store" in answer.text
    finally:
        prune.server.shutdown()
