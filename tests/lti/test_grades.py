"""Scores reach the platform's gradebook through its AGS endpoints: posted when the page
reports them, only for the person launched, the best try kept when the placement says so,
and kept in the outbox while the LMS is down, then sent."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
import requests
from lms import INSTRUCTOR, LEARNER
from lti_flow import launch, prune_for
from support import wait_until

from app.lti.grades import StoreConnector

RESULTS_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly"
DRILL = {
    "prune_target": "/embed/practice/drill?level=ties&trees=10",
    "prune_points": "10",
    "prune_grading": "best",
}


def launched_grant(lms, custom=DRILL, with_line_item=True, user="student-7", name="Ada Lovelace"):
    """A learner's launch of a graded placement: the grant token and the line item's URL."""
    line_item = (
        lms.create_lineitem({"label": "Drill", "scoreMaximum": 10}) if with_line_item else None
    )
    answer = launch(
        lms,
        user=user,
        name=name,
        roles=[LEARNER],
        custom=custom,
        lineitem=line_item and line_item["id"],
        ags=True,
    )
    assert answer.status_code == 303, answer.text
    return urlsplit(answer.headers["Location"]).fragment.removeprefix("lti="), line_item


def report(prune, token, given, maximum=10):
    return requests.post(
        prune.url + "/lti/score",
        json={"grant": token, "given": given, "maximum": maximum},
        timeout=10,
    )


def read_results(prune, lms, line_item_url):
    """The gradebook read back through the platform's AGS results endpoint, by a client with
    the tool's registration (an access token from the platform's token endpoint first)."""
    tool = prune.tool
    registration = tool.config.find_registration_by_params(lms.issuer, lms.client_id)
    connector = StoreConnector(registration, tool.http(), tool.state)
    token = connector.get_access_token([RESULTS_SCOPE])
    answer = requests.get(
        line_item_url + "/results", headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_score_reaches_the_gradebook_and_reads_back_through_ags(lms, prune):
    token, line_item = launched_grant(lms)
    answer = report(prune, token, 7)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"sent": True, "queued": False}
    [score] = lms.scores[line_item["id"]]
    assert score["userId"] == "student-7"
    assert (score["scoreGiven"], score["scoreMaximum"]) == (7, 10)
    assert (score["activityProgress"], score["gradingProgress"]) == ("Completed", "FullyGraded")
    assert score["timestamp"].endswith("+00:00")
    # Read back as any AGS client would: the results service, with a token for its scope.
    read = read_results(prune, lms, line_item["id"])
    assert [(r["userId"], r["resultScore"], r["resultMaximum"]) for r in read] == [
        ("student-7", 7, 10)
    ]


def test_best_keeps_the_better_try_only(lms, prune):
    token, line_item = launched_grant(lms)
    assert report(prune, token, 6).json()["sent"]
    assert report(prune, token, 4).json() == {
        "sent": False,
        "queued": False,
        "kept": "a better score was already sent",
    }
    assert report(prune, token, 9).json()["sent"]
    assert [s["scoreGiven"] for s in lms.scores[line_item["id"]]] == [6, 9]


def test_latest_sends_every_try(lms, prune):
    token, line_item = launched_grant(lms, {**DRILL, "prune_grading": "latest"})
    report(prune, token, 6)
    report(prune, token, 4)
    assert [s["scoreGiven"] for s in lms.scores[line_item["id"]]] == [6, 4]


def test_without_a_line_item_one_is_made_for_the_placement(lms, prune):
    token, _ = launched_grant(lms, with_line_item=False)
    assert report(prune, token, 3).json()["sent"]
    [item] = lms.lineitems.values()
    assert item["resourceId"] == DRILL["prune_target"]
    assert item["scoreMaximum"] == 10
    assert lms.scores[item["id"]][0]["scoreGiven"] == 3


@pytest.mark.parametrize(
    ("given", "maximum", "words"),
    [(11, 10, "from 0 to maximum"), (5, 20, "maximum must be 10"), ("7", 10, "must be a number")],
)
def test_a_score_outside_the_placement_is_refused(lms, prune, given, maximum, words):
    token, line_item = launched_grant(lms)
    answer = report(prune, token, given, maximum)
    assert answer.status_code == 400 and words in answer.json()["error"]
    assert line_item["id"] not in lms.scores


def test_a_made_up_grant_posts_nothing(lms, prune):
    launched_grant(lms)
    answer = report(prune, "x" * 32, 10)
    assert answer.status_code == 403
    assert not lms.scores


def test_an_ungraded_placement_gets_no_grant_and_an_instructors_posts_nothing(lms, prune):
    ungraded = {"prune_target": "/embed/practice/drill?level=ties"}
    answer = launch(lms, roles=[LEARNER], custom=ungraded, ags=True)
    assert answer.headers["Location"] == ungraded["prune_target"]
    teacher = launch(lms, user="teacher-1", roles=[INSTRUCTOR], ags=True)
    token = teacher.headers["Location"].rsplit("/", 1)[1]
    refused = report(prune, token, 5)
    assert refused.status_code == 400 and "not graded" in refused.json()["error"]
    assert not lms.scores


def test_lms_down_keeps_the_score_and_sends_it_later(lms, tmp_path):
    prune = prune_for(lms, tmp_path, PRUNE_LTI_RETRY_SECONDS=1)
    try:
        token, line_item = launched_grant(lms)
        lms.down = True
        answer = report(prune, token, 8)
        assert answer.status_code == 202 and answer.json() == {"sent": False, "queued": True}
        [waiting] = prune.tool.state.waiting()
        assert "503" in waiting["last_error"]
        lms.down = False
        # The outbox's loop sends it once the LMS answers again.
        wait_until(lambda: lms.scores.get(line_item["id"]), timeout=15)
        assert lms.scores[line_item["id"]][0]["scoreGiven"] == 8
        wait_until(lambda: prune.tool.state.waiting() == [], timeout=5)
    finally:
        prune.tool.stop_sender.set()
        prune.server.shutdown()


def test_the_operator_lists_and_sends_waiting_scores(lms, prune):
    token, line_item = launched_grant(lms)
    lms.down = True
    report(prune, token, 5)
    runner = prune.app.test_cli_runner()
    listed = runner.invoke(args=["lti", "scores"])
    assert '"user": "student-7", "score": "5/10", "attempts": 1' in listed.output
    lms.down = False
    sent = runner.invoke(args=["lti", "send-scores"])
    assert sent.output.strip() == "1 of 1 sent"
    assert lms.scores[line_item["id"]][0]["scoreGiven"] == 5


def test_the_instructor_sees_who_scored_what_in_the_course(lms, prune):
    token, _ = launched_grant(lms)
    report(prune, token, 7)
    other, _ = launched_grant(lms, user="student-8", name="Alan Turing")
    report(prune, other, 9)
    answer = launch(lms, user="teacher-1", name="Grace Hopper", roles=[INSTRUCTOR])
    page = requests.get(prune.url + answer.headers["Location"], timeout=10).text
    assert "<tr><td>Ada Lovelace</td><td>Prune</td><td>7 of 10</td></tr>" in page
    assert "<tr><td>Alan Turing</td><td>Prune</td><td>9 of 10</td></tr>" in page


def test_a_course_without_scores_says_so(lms, prune):
    answer = launch(lms, user="teacher-1", name="Grace Hopper", roles=[INSTRUCTOR])
    page = requests.get(prune.url + answer.headers["Location"], timeout=10).text
    assert 'id="lti-summary-empty"' in page


def test_a_launch_reporting_in_a_loop_is_stopped(lms, tmp_path):
    prune = prune_for(lms, tmp_path, PRUNE_LTI_SCORES_PER_HOUR=3)
    try:
        token, line_item = launched_grant(lms, {**DRILL, "prune_grading": "latest"})
        assert [report(prune, token, 5).status_code for _ in range(4)] == [200, 200, 200, 429]
        assert "at most 3 scores an hour" in report(prune, token, 5).json()["error"]
        assert len(lms.scores[line_item["id"]]) == 3
    finally:
        prune.tool.stop_sender.set()
        prune.server.shutdown()
