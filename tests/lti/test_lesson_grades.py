"""A lesson's question slides as a graded item (docs/lti.md, "A lesson's questions, graded"):
Deep Linking places the lesson with a line item of one point a question slide; a learner who
opens it while the course follows a lecture of that lesson joins the lecture, and each
question's score at the reveal moves their total, sent through the platform's AGS endpoints
(read back there), the best kept, and kept in the outbox while the LMS is down."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import requests
from lms import LEARNER
from lti_flow import launch
from test_course_lecture import link, report, teach_page
from test_deep_linking import open_picker, place
from test_grades import read_results

from app.lti.grades import send_due

QUESTION = {"kind": "tree", "tree": [[1, 2], [3]], "options": {"rule": "strict"}}
LESSON = {
    "title": "Predict twice",
    "slides": [
        {"title": "First", "notes": "", "view": QUESTION, "question": True},
        {"title": "Words", "notes": "between"},
        {"title": "Second", "notes": "", "view": QUESTION, "question": {"prompt": "values?"}},
    ],
}


def save_lesson(prune, lesson):
    answer = requests.post(prune.url + "/api/lessons", json=lesson, timeout=10)
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


def lecture_of(prune, lesson_id):
    """A running room showing the lesson (its lesson mark), as /l/<id>'s presenter starts it."""
    mark = {"id": lesson_id, "slide": 0, "slides": 3, "title": "First"}
    view = json.dumps({"tree": {"max": [[1, 2], [3]]}, "options": {}, "lesson": mark})
    room, _ = prune.app.extensions["prune.rooms"].create(view, {"step": 0})
    return room.code


def test_a_lessons_questions_answered_in_the_lecture_reach_the_gradebook(lms, prune):
    lesson_id = save_lesson(prune, LESSON)
    choice = {"kind": "lesson", "lesson": lesson_id, "gradable": "on", "grading": "best"}
    [item] = place(lms, prune, choice)
    assert item["custom"] == {
        "prune_target": f"/embed/l/{lesson_id}",
        "prune_points": "2",
        "prune_grading": "best",
    }
    assert item["lineItem"]["scoreMaximum"] == 2
    line_item = lms.create_lineitem(item["lineItem"])
    placed = {"custom": item["custom"], "lineitem": line_item["id"], "roles": [LEARNER]}

    # No lecture of the lesson yet: the learner lands on the lesson itself.
    assert launch(lms, **placed).headers["Location"].startswith(f"/embed/l/{lesson_id}#lti=")
    code = lecture_of(prune, lesson_id)
    link(prune, teach_page(lms), code)
    answer = launch(lms, **placed)
    where = urlsplit(answer.headers["Location"])
    assert where.path == f"/embed/join/{code}"
    grant = where.fragment.removeprefix("lti=")

    first = report(prune, grant, question="q1", given=4, maximum=5).json()
    assert (first["sent"], first["given"], first["maximum"]) == (True, 0.8, 2)
    lms.down = True  # the second question's total is kept …
    second = report(prune, grant, question="q2", given=1, maximum=1).json()
    assert second["sent"] is False and second["given"] == 1.8
    lms.down = False
    [job] = prune.tool.state.waiting()
    prune.tool.state.make_due(job["id"])
    with prune.app.app_context():
        assert send_due(prune.tool) == 1  # … and sent when the LMS answers
    scores = lms.scores[line_item["id"]]
    assert [(s["scoreGiven"], s["scoreMaximum"]) for s in scores] == [(0.8, 2), (1.8, 2)]
    last = scores[-1]
    assert (last["activityProgress"], last["gradingProgress"]) == ("Completed", "FullyGraded")
    # A worse answer to the first question again: "best" keeps 1.8 in the gradebook.
    assert report(prune, grant, question="q1", given=0, maximum=5).json()["sent"] is False
    read = read_results(prune, lms, line_item["id"])
    assert [(r["userId"], r["resultScore"], r["resultMaximum"]) for r in read] == [
        ("student-7", 1.8, 2)
    ]


def test_a_lesson_is_graded_only_with_question_slides_and_only_in_its_own_lecture(lms, prune):
    words = save_lesson(prune, {"title": "Words", "slides": [{"title": "A", "notes": "b"}]})
    answer = requests.post(
        open_picker(lms, prune),
        data={"kind": "lesson", "lesson": words, "gradable": "on"},
        timeout=10,
    )
    assert answer.status_code == 400
    assert "lesson has no question slides to grade" in answer.text
    answer = requests.post(
        open_picker(lms, prune),
        data={"kind": "lesson", "lesson": "NoSuchLesson", "gradable": "on"},
        timeout=10,
    )
    assert answer.status_code == 400 and "lesson names no saved lesson" in answer.text
    # The course follows a lecture of another lesson: a placed lesson lands on itself.
    lesson_id = save_lesson(prune, LESSON)
    link(prune, teach_page(lms), lecture_of(prune, words))
    custom = {"prune_target": f"/embed/l/{lesson_id}"}
    assert launch(lms, roles=[LEARNER], custom=custom).headers["Location"] == custom["prune_target"]
