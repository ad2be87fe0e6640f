"""Deep Linking round trip with the platform: the instructor picks content in Prune's picker,
the platform checks the signed answer and places it, and a launch of the placed link lands
straight on that content."""

from __future__ import annotations

from urllib.parse import urlsplit

import requests
from lms import INSTRUCTOR, LEARNER
from lti_flow import launch, read_form


def open_picker(lms, prune):
    answer = launch(lms, user="teacher-1", name="Grace Hopper", roles=[INSTRUCTOR], deep_link=True)
    assert answer.status_code == 200, answer.text
    assert "frame-ancestors *" in answer.headers["Content-Security-Policy"]
    return prune.url + read_form(answer.text)[0]


def place(lms, prune, choice):
    """Pick ``choice`` in the picker, send the answer to the platform; the placed items."""
    answer = requests.post(open_picker(lms, prune), data=choice, timeout=10)
    assert answer.status_code == 200, answer.text
    action, fields = read_form(answer.text)
    assert action == lms.url + "/deep_link_return"
    returned = requests.post(action, data=fields, timeout=10)
    assert returned.status_code == 200, returned.text
    return lms.placed[-1]


def test_a_drill_level_placed_as_graded_launches_into_the_drill(lms, prune):
    choice = {"kind": "drill", "level": "ties", "trees": "10", "gradable": "on", "grading": "best"}
    [item] = place(lms, prune, choice)
    assert item["type"] == "ltiResourceLink"
    assert item["url"] == prune.url + "/lti/launch"
    assert item["custom"] == {
        "prune_target": "/embed/practice/drill?level=ties&trees=10",
        "prune_points": "10",
        "prune_grading": "best",
    }
    assert item["lineItem"]["scoreMaximum"] == 10
    # The platform places it: a link with these custom parameters and its line item.
    line_item = lms.create_lineitem(item["lineItem"])
    answer = launch(lms, roles=[LEARNER], custom=item["custom"], lineitem=line_item["id"])
    location = urlsplit(answer.headers["Location"])
    assert f"{location.path}?{location.query}" == "/embed/practice/drill?level=ties&trees=10"
    page = requests.get(prune.url + answer.headers["Location"], timeout=10)
    assert page.status_code == 200 and "X-Frame-Options" not in page.headers


def test_a_tree_at_a_step_and_a_lesson_are_placed_ungraded(lms, prune):
    [tree] = place(
        lms, prune, {"kind": "tree", "tree": "https://prune.example/t/Ab3dE5fG7h_-", "step": "14"}
    )
    assert tree["custom"] == {"prune_target": "/embed/Ab3dE5fG7h_-?step=14"}
    assert "lineItem" not in tree
    [lesson] = place(lms, prune, {"kind": "lesson", "lesson": "Lesson_12345"})
    assert lesson["custom"] == {"prune_target": "/embed/l/Lesson_12345"}


def test_a_practice_tree_placed_as_graded(lms, prune):
    [item] = place(
        lms, prune, {"kind": "practice", "difficulty": "hard", "seed": "7", "gradable": "on"}
    )
    assert item["custom"]["prune_target"] == "/embed/practice?difficulty=hard&seed=7"
    assert item["custom"]["prune_points"] == "0"  # the page reports the tree's own maximum


def test_a_wrong_choice_is_shown_again_with_what_is_wrong(lms, prune):
    picker = open_picker(lms, prune)
    answer = requests.post(
        picker, data={"kind": "drill", "level": "ties", "trees": "500"}, timeout=10
    )
    assert answer.status_code == 400
    assert "trees must be a whole number from 1 to 50" in answer.text
    assert not lms.placed


def test_a_learner_cannot_open_the_picker(lms, prune):
    answer = launch(lms, roles=[LEARNER], deep_link=True)
    assert answer.status_code == 403
    assert "Only an instructor" in answer.text


def test_the_picker_says_its_words_and_refusals_in_the_teachers_language(lms, prune):
    picker = open_picker(lms, prune)
    german = {"Accept-Language": "de-DE,de;q=0.9"}
    wrong = {"kind": "drill", "level": "ties", "trees": "500"}
    answer = requests.post(picker, data=wrong, headers=german, timeout=10)
    assert answer.status_code == 400
    assert "Nicht platziert: trees muss eine ganze Zahl von 1 bis 50 sein." in answer.text
    assert "Was platziert wird" in answer.text and "What to place" not in answer.text
    right = {"kind": "drill", "level": "ties", "trees": "5", "gradable": "on"}
    answer = requests.post(picker, data=right, headers=german, timeout=10)
    assert answer.status_code == 200
    # The title in the course, left empty, is written in the teacher's language.
    assert "Bereit, „Übungsrunde: 5 Bäume (ties)“ zu platzieren" in answer.text
