"""A placed lesson's questions answered at the learner's own pace (docs/lti.md, "A lesson's
questions, graded"): outside a lecture, the lesson's page sends each answer to
``/lti/lesson/answer``; the server grades it against the lesson as saved, and once every
question slide is answered the total reaches the platform's AGS endpoints (read back
there), again on a better try when the teacher chose "best". A plain embed's answers are
graded for practice only; a launch cannot answer for another item or for somebody else."""

from __future__ import annotations

from urllib.parse import urlsplit

import requests
from lms import LEARNER
from lti_flow import launch
from support import make_app
from test_deep_linking import place
from test_grades import read_results
from test_lesson_grades import LESSON, save_lesson

# The slides' tree, [[1, 2], [3]] under MAX: A = min(1, 2) = 1, B = 3, the root 3 by B.
RIGHT = {"pruned": [], "values": {"": 3, "0": 1, "1": 3}, "best_move": 1}
HALF = {"pruned": [], "values": {"": 3, "0": 2, "1": 3}, "best_move": 0}  # 2 of 4
WRONG = {"pruned": ["1"], "values": {"": 1, "0": 2}, "best_move": 0}


def placed_lesson(lms, prune, grading="best"):
    """The lesson placed as graded (two question slides: 0 and 2), its line item made."""
    lesson_id = save_lesson(prune, LESSON)
    choice = {"kind": "lesson", "lesson": lesson_id, "gradable": "on", "grading": grading}
    [item] = place(lms, prune, choice)
    line_item = lms.create_lineitem(item["lineItem"])
    return lesson_id, {"custom": item["custom"], "lineitem": line_item["id"], "roles": [LEARNER]}


def learner_grant(lms, lesson_id, placed, **who):
    where = urlsplit(launch(lms, **placed, **who).headers["Location"])
    assert where.path == f"/embed/l/{lesson_id}"
    return where.fragment.removeprefix("lti=")


def answer(prune, **body):
    return requests.post(prune.url + "/lti/lesson/answer", json=body, timeout=10)


def gradebook(prune, lms, placed):
    read = read_results(prune, lms, placed["lineitem"])
    return [(row["userId"], row["resultScore"], row["resultMaximum"]) for row in read]


def test_a_lessons_questions_answered_alone_reach_the_gradebook_and_a_better_try_too(lms, prune):
    lesson_id, placed = placed_lesson(lms, prune)
    grant = learner_grant(lms, lesson_id, placed)

    first = answer(prune, grant=grant, lesson=lesson_id, slide=0, answer=HALF).json()
    assert (first["score"], first["max_score"]) == (2, 4)
    assert (first["answered"], first["questions"]) == (1, 2)
    assert "sent" not in first and lms.scores.get(placed["lineitem"]) is None
    wrong_move = [item for item in first["items"] if item["kind"] == "wrong_move"]
    assert wrong_move and wrong_move[0]["explanation"]  # the explanation the lecture shows

    second = answer(prune, grant=grant, lesson=lesson_id, slide=2, answer=RIGHT).json()
    assert (second["score"], second["max_score"], second["answered"]) == (4, 4, 2)
    assert (second["sent"], second["given"], second["maximum"]) == (True, 1.5, 2)
    [sent] = lms.scores[placed["lineitem"]]
    assert (sent["scoreGiven"], sent["scoreMaximum"], sent["userId"]) == (1.5, 2, "student-7")
    assert (sent["activityProgress"], sent["gradingProgress"]) == ("Completed", "FullyGraded")
    assert sent["timestamp"]
    assert gradebook(prune, lms, placed) == [("student-7", 1.5, 2)]

    # A worse try is kept out ("best"); a better one is sent again.
    worse = answer(prune, grant=grant, lesson=lesson_id, slide=0, answer=WRONG).json()
    assert worse["score"] == 0 and worse["given"] == 1
    assert (worse["sent"], worse["kept"]) == (False, True)
    better = answer(prune, grant=grant, lesson=lesson_id, slide=0, answer=RIGHT).json()
    assert (better["sent"], better["given"]) == (True, 2)
    assert gradebook(prune, lms, placed) == [("student-7", 2, 2)]


def test_wrong_answers_are_graded_wrong_and_sent_as_they_are(lms, prune):
    lesson_id, placed = placed_lesson(lms, prune, grading="latest")
    grant = learner_grant(lms, lesson_id, placed)
    for slide in (0, 2):
        graded = answer(prune, grant=grant, lesson=lesson_id, slide=slide, answer=WRONG).json()
        assert graded["score"] == 0
        kinds = {item["kind"] for item in graded["items"]}
        assert {"over_prune", "wrong_value", "wrong_move"} <= kinds
    assert graded["sent"] is True and graded["given"] == 0
    assert gradebook(prune, lms, placed) == [("student-7", 0, 2)]


def test_a_plain_embed_answers_for_practice_and_sends_nothing(lms, prune):
    lesson_id, placed = placed_lesson(lms, prune)
    graded = answer(prune, lesson=lesson_id, slide=2, answer=RIGHT)
    assert graded.status_code == 200
    assert (graded.json()["score"], graded.json()["answered"]) == (4, None)
    assert "sent" not in graded.json() and lms.scores.get(placed["lineitem"]) is None


def test_forged_and_wrong_answers_are_refused_naming_why(lms, prune):
    lesson_id, placed = placed_lesson(lms, prune)
    other_lesson = save_lesson(prune, {**LESSON, "title": "Another"})
    grant = learner_grant(lms, lesson_id, placed)
    # Somebody else's launch, guessed or made up: refused, nothing kept or sent.
    forged = answer(prune, grant="A" * 32, lesson=lesson_id, slide=0, answer=RIGHT)
    assert forged.status_code == 403 and "launch is unknown" in forged.json()["error"]
    # A field naming another person is not taken: the score is only ever the grant's.
    named = answer(prune, grant=grant, lesson=lesson_id, slide=0, answer=RIGHT, user="student-9")
    assert named.status_code == 400 and named.json()["field"] == "user"
    # The grant is for one placed lesson, not another.
    other = answer(prune, grant=grant, lesson=other_lesson, slide=0, answer=RIGHT)
    assert other.status_code == 403 and "another item" in other.json()["error"]
    # A slide without a question, a bad answer, no such lesson: 4xx naming the field.
    words = answer(prune, grant=grant, lesson=lesson_id, slide=1, answer=RIGHT)
    assert words.status_code == 400 and "question slide (0, 2)" in words.json()["error"]
    bad = answer(prune, grant=grant, lesson=lesson_id, slide=0, answer={"values": {"9": 1}})
    assert bad.status_code == 400 and bad.json()["field"].startswith("answer.values")
    gone = answer(prune, lesson="NoSuchLesson", slide=0, answer=RIGHT)
    assert gone.status_code == 404 and gone.json()["field"] == "lesson"
    assert answer(prune).status_code == 400
    assert lms.scores.get(placed["lineitem"]) is None
    assert gradebook(prune, lms, placed) == []


def test_a_server_without_an_lms_grades_a_built_in_lessons_question_for_practice(client):
    # alpha-beta-1's slide 4: [[5, 6], [7, 4, 5], [3, 8]]: 2 cutoffs, 4 values, the move.
    right = {"pruned": ["1.2", "2.1"], "values": {"": 5, "0": 5, "1": 4, "2": 3}, "best_move": 0}
    graded = client.post(
        "/lti/lesson/answer", json={"lesson": "alpha-beta-1", "slide": 4, "answer": right}
    )
    assert graded.status_code == 200, graded.json
    assert graded.json["score"] == graded.json["max_score"] == 7
    assert (graded.json["questions"], graded.json["answered"]) == (2, None)
    body = {"lesson": "alpha-beta-1", "slide": 4, "answer": right, "grant": "x" * 24}
    assert client.post("/lti/lesson/answer", json=body).status_code == 403


def test_a_german_page_hears_the_verdict_and_the_refusals_in_german(client):
    body = {"lesson": "alpha-beta-1", "slide": 4, "answer": {"values": {"": 5}, "best_move": 1}}
    english = client.post("/lti/lesson/answer", json=body).json
    german = client.post("/lti/lesson/answer?lang=de", json=body).json
    assert (german["score"], german["max_score"]) == (english["score"], english["max_score"])
    assert [item["kind"] for item in german["items"]] == [item["kind"] for item in english["items"]]
    assert german["items"][0]["explanation"] != english["items"][0]["explanation"]
    refused = client.post("/lti/lesson/answer?lang=de", json={**body, "slide": 0}).json
    assert refused["error"] == "slide muss die Nummer einer Fragefolie sein (4, 9)"


def test_answers_without_a_grant_count_against_the_apis_rate_limit():
    client = make_app(RATELIMIT_ENABLED=True, PRUNE_API_RATE_LIMIT="3/minute").test_client()
    body = {"lesson": "alpha-beta-1", "slide": 4, "answer": {"values": {"": 5}}}
    assert client.get("/api/presets").status_code == 200  # one of the API's three
    codes = [client.post("/lti/lesson/answer", json=body).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
