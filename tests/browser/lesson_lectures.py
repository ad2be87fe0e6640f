"""Helpers of the lesson browser tests: save a lesson through the API (its id), start a lecture
from it on the teacher's page (the room's code, read from the join bar's link), and end it
(confirming, as a presenter must); on a presented lesson, go to a slide's step and name the
steps a test samples (first, middle, last)."""

from __future__ import annotations

import json
import re
import urllib.request

from playwright.sync_api import expect
from scene_checks import settled


def save(base_url: str, lesson: dict) -> str:
    """``POST /api/lessons``: the saved lesson's id."""
    request = urllib.request.Request(
        f"{base_url}/api/lessons",
        data=json.dumps(lesson).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)["id"]


def start_lecture(prune, base_url: str, lesson: dict, slide: int = 0) -> str:
    """The teacher presents ``lesson`` at ``slide`` and starts a lecture: the room's code."""
    teacher = prune.page
    teacher.goto(f"{base_url}/l/{save(base_url, lesson)}?slide={slide}")
    prune.wait_state("done")
    teacher.locator("#btn-lecture").click()
    return joined_code(teacher)


def joined_code(teacher) -> str:
    """The code of the room the teacher's lesson page presents, from its join bar's link."""
    link = teacher.locator("#lesson-join:not([hidden]) a.lecture-link")
    expect(link).to_have_attribute("href", re.compile(r"/join/[A-Z0-9]+$"))
    return re.search(r"/join/([A-Z0-9]+)$", link.get_attribute("href")).group(1)


def audience(teacher):
    """The join bar's student count ("2 students")."""
    return teacher.locator("#lesson-join .lecture-audience")


def end_lecture(teacher):
    """End the lesson's lecture as a presenter does: End lecture, then "End it" when asked."""
    teacher.locator("#btn-lecture").click()
    teacher.locator("#lesson-actions .lecture-end-confirm").click()


def show(page, slide: int, step: int):
    """Go to ``step`` of ``slide`` on a presented lesson and wait for the counter to say it."""
    page.evaluate("([slide, step]) => window.prune.goTo({slide, step})", [slide, step])
    page.wait_for_function(
        "(k) => document.getElementById('counter').textContent.startsWith(`step ${k} `)", arg=step
    )
    settled(page)


def steps(page, slide: int) -> list[int]:
    """A slide's first, middle and last steps."""
    span = page.evaluate("(k) => window.prune.deck.range(k)", slide)
    return [span["from"], (span["from"] + span["to"]) // 2, span["to"]]
