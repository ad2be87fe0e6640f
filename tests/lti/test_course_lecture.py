"""A lecture followed from the LMS (docs/lti.md, "A lecture in the course"): the instructor's
course page links a running room to the course; learners who then open Prune from the course
(real launches of the lti1p3platform LMS) land in that room with their grant; what their
pages report (there, answered, scored) names them to the presenter only when asked with the
room's key and names on; their scores reach the instructor's class summary. The browser side
is test_browser_course_lecture.py."""

from __future__ import annotations

from urllib.parse import urlsplit

import requests
from lms import INSTRUCTOR, LEARNER
from lti_flow import launch, read_form

VIEW = '{"tree":{"max":[3,[2,1]]},"options":{}}'


def start_room(prune):
    room, key = prune.app.extensions["prune.rooms"].create(VIEW, {"step": 0})
    return room.code, key


def teach_page(lms):
    answer = launch(lms, user="teacher-1", name="Grace Hopper", roles=[INSTRUCTOR])
    assert answer.status_code == 303, answer.text
    return answer.headers["Location"]


def link(prune, teach, code):
    page = requests.get(prune.url + teach, timeout=10)
    action, _ = read_form(page.text[page.text.index('class="lti-lecture-form"') - 200 :])
    return requests.post(prune.url + action, data={"room": code}, allow_redirects=False, timeout=10)


def learner(lms, user, name):
    """A learner's launch from the course: where it lands, and its grant."""
    answer = launch(lms, user=user, name=name, roles=[LEARNER])
    assert answer.status_code == 303, answer.text
    where = urlsplit(answer.headers["Location"])
    return where.path, where.fragment.removeprefix("lti=")


def report(prune, grant, **body):
    return requests.post(
        prune.url + "/lti/lecture/report", json={"grant": grant, **body}, timeout=10
    )


def names(prune, code, key, question, shown):
    body = {"room": code, "key": key, "question": question, "names": shown}
    return requests.post(prune.url + "/lti/lecture/names", json=body, timeout=10)


def test_learners_join_the_course_lecture_named_and_the_presenter_sees_names_when_asked(lms, prune):
    code, key = start_room(prune)
    teach = teach_page(lms)
    # Before any link, a learner lands on the default tree, with no grant.
    assert launch(lms, roles=[LEARNER]).headers["Location"] == "/embed"
    answer = link(prune, teach, code.lower())  # typed as students see it: case ignored
    assert answer.status_code == 303
    page = requests.get(prune.url + teach, timeout=10).text
    assert f"Your class follows lecture <strong>{code}</strong>" in page

    ada_path, ada = learner(lms, "student-1", "Ada Lovelace")
    alan_path, alan = learner(lms, "student-2", "<b>Alan</b> Turing")
    assert ada_path == alan_path == f"/embed/join/{code}"
    for grant in (ada, alan):
        assert report(prune, grant).json() == {"room": code, "kept": True}

    # Anonymous by default: without names on, only how many the course names.
    shown = names(prune, code, key, "q1", False).json()
    assert shown == {"room": code, "linked": True, "named": 2}
    assert "Ada" not in str(shown)
    # Names only for the key's holder.
    assert names(prune, code, "not-the-key", "q1", True).status_code == 403
    refused = names(prune, "no", key, "q1", True)
    assert refused.status_code == 400 and refused.json()["error"].startswith("room: ")
    assert names(prune, code, key, "q1", True).json()["students"] == [
        {"name": "<b>Alan</b> Turing", "answered": False, "given": None, "maximum": None},
        {"name": "Ada Lovelace", "answered": False, "given": None, "maximum": None},
    ]

    assert report(prune, ada, question="q1").status_code == 200
    students = names(prune, code, key, "q1", True).json()["students"]
    assert [(s["name"], s["answered"]) for s in students] == [
        ("<b>Alan</b> Turing", False),
        ("Ada Lovelace", True),
    ]
    assert report(prune, ada, question="q1", given=4, maximum=5).status_code == 200
    assert report(prune, alan, question="q1", given=2, maximum=5).status_code == 200
    students = names(prune, code, key, "q1", True).json()["students"]
    assert [(s["answered"], s["given"], s["maximum"]) for s in students] == [
        (True, 2, 5),
        (True, 4, 5),
    ]
    # The next question: nobody has answered it yet.
    assert not any(s["answered"] for s in names(prune, code, key, "q2", True).json()["students"])
    report(prune, alan, question="q2", given=1, maximum=1)

    summary = requests.get(prune.url + teach, timeout=10).text
    assert f"<td>Ada Lovelace</td><td>Lecture {code}, question 1</td><td>4 of 5</td>" in summary
    assert f"<td>&lt;b&gt;Alan&lt;/b&gt; Turing</td><td>Lecture {code}, question 2</td>" in summary


def test_a_lecture_link_or_report_that_cannot_be_taken_says_why(lms, prune):
    teach = teach_page(lms)
    answer = link(prune, teach, "NOSUCH")
    page = requests.get(prune.url + answer.headers["Location"], timeout=10).text
    assert "No lecture with the code “NOSUCH” is running" in page
    assert "No lecture with the code" not in requests.get(prune.url + teach, timeout=10).text
    code, key = start_room(prune)
    assert names(prune, code, key, "q1", True).json() == {"room": code, "linked": False}
    link(prune, teach, code)
    _, grant = learner(lms, "student-1", "Ada Lovelace")
    assert report(prune, "x" * 24).status_code == 403
    refusals = [
        ({"question": "<script>"}, "question must be the id"),
        ({"question": "q1", "given": 6, "maximum": 5}, "given must be from 0 to maximum"),
        ({"given": 1, "maximum": 1}, "given must be from 0 to maximum"),
        ({"question": "q1", "given": True, "maximum": 1}, "given must be from 0 to maximum"),
    ]
    for body, reason in refusals:
        answer = report(prune, grant, **body)
        assert answer.status_code == 400 and reason in answer.json()["error"], body
    # A learner's grant of a graded placement is not a lecture's.
    line_item = lms.create_lineitem({"label": "Drill", "scoreMaximum": 2})
    custom = {"prune_target": "/embed/practice", "prune_points": "0"}
    answer = launch(lms, roles=[LEARNER], custom=custom, lineitem=line_item["id"])
    graded = urlsplit(answer.headers["Location"]).fragment.removeprefix("lti=")
    assert report(prune, graded).status_code == 403
    # The room ends: learners land on the default tree again.
    prune.app.extensions["prune.rooms"].end(code, key)
    assert launch(lms, roles=[LEARNER]).headers["Location"] == "/embed"
    assert names(prune, code, key, "q1", False).status_code == 404


def test_a_server_without_an_lms_tells_every_presenter_no_class_is_named(client):
    body = {"room": "ABC234", "key": "k", "question": "q1", "names": True}
    answer = client.post("/lti/lecture/names", json=body)
    assert (answer.status_code, answer.json) == (200, {"room": "ABC234", "linked": False})
    assert client.post("/lti/lecture/report", json={"grant": "x" * 24}).status_code == 404
