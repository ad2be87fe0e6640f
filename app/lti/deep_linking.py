"""Deep Linking: the instructor picks what to place from the LMS's content picker, and the
tool answers the platform with a signed ``LtiDeepLinkingResponse`` holding one LTI resource
link whose custom parameters say where its launches land (``prune_target``) and, for a
gradable item, its points and grading (``prune_points``, ``prune_grading``), with a line
item the platform creates in its gradebook.

What may be placed (``choice_from``, from the picker's form):

- ``tree``: a saved tree (its short link or id) at a step: ``/embed/<id>?step=<n>``;
- ``lesson``: a lesson (its link or id): ``/embed/l/<id>``, gradable (one point a question
  slide, answered in the course's lecture of it: lecture.py);
- ``practice``: a practice tree of a difficulty: ``/embed/practice?difficulty=…&seed=…``,
  gradable (the points are the tree's own, reported by the page);
- ``drill``: a drill level with a number of trees: ``/embed/practice/drill?level=…&trees=n``,
  gradable (one point per tree right).

A choice that is not one of these is a ``PickError`` naming the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pylti1p3.deep_link import DeepLink
from pylti1p3.deep_link_resource import DeepLinkResource
from pylti1p3.lineitem import LineItem

from ..engine.errors import N_, Gettext, Language, Message
from ..web.pages import DRILL_LEVELS as DRILL_LEVEL_NAMES
from .targets import with_query

ID = re.compile(r"(?:^|/)([A-Za-z0-9_-]{12})/?$")
DIFFICULTIES = ("easy", "medium", "hard")
DRILL_LEVELS = tuple(level["id"] for level in DRILL_LEVEL_NAMES)
MAX_DRILL_TREES = 50
MAX_STEP = 100_000
MAX_TITLE = 200
GRADINGS = ("best", "latest")


class PickError(ValueError):
    """A picker choice that cannot be placed; the message names the field. ``str(err)`` is
    English; ``err.translated(language)`` the teacher's language."""

    def __init__(self, message: Message):
        self.message = message
        super().__init__(str(message))

    def translated(self, language: Language | None = None) -> str:
        return self.message.translated(language)


@dataclass(frozen=True)
class Choice:
    title: str
    target: str
    points: int | None  # None: not gradable; 0: the page reports its own maximum
    grading: str = "best"

    def custom(self) -> dict[str, str]:
        custom = {"prune_target": self.target}
        if self.points is not None:
            custom |= {"prune_points": str(self.points), "prune_grading": self.grading}
        return custom


def choice_from(
    form: dict[str, str], lesson_questions=lambda identifier: None, gettext: Gettext | None = None
) -> Choice:
    """The picker's choice; ``lesson_questions(id)``: a lesson's number of question slides
    (None: no such lesson), asked only to grade one. A title left empty is written in
    ``gettext``'s language (the teacher's)."""

    def named(template: str, **values: Any) -> str:
        return title or Message(template, **values).translated(gettext)

    kind = form.get("kind", "")
    title = (form.get("title") or "").strip()[:MAX_TITLE]
    gradable = form.get("gradable") == "on"
    grading = form.get("grading") or "best"
    if grading not in GRADINGS:
        raise PickError(Message(N_("grading must be best or latest")))
    if kind == "tree":
        identifier = _identifier(form.get("tree", ""), "tree")
        step = _whole(form.get("step") or "0", "step", 0, MAX_STEP)
        return Choice(
            named(N_("Alpha-beta, step by step")),
            with_query(f"/embed/{identifier}", step=step or None),
            None,
        )
    if kind == "lesson":
        identifier = _identifier(form.get("lesson", ""), "lesson")
        points = None
        if gradable:  # one point a question slide, answered in the course's lecture
            points = lesson_questions(identifier)
            if points is None:
                raise PickError(Message(N_("lesson names no saved lesson")))
            if not points:
                raise PickError(Message(N_("lesson has no question slides to grade")))
        return Choice(named(N_("Prune lesson")), f"/embed/l/{identifier}", points, grading)
    if kind == "practice":
        difficulty = form.get("difficulty", "")
        if difficulty not in DIFFICULTIES:
            raise PickError(Message(N_("difficulty must be easy, medium or hard")))
        seed = _whole(form.get("seed") or "1", "seed", 1, 2**31 - 1)
        target = with_query("/embed/practice", difficulty=difficulty, seed=seed)
        name = named(N_("Practice ({difficulty})"), difficulty=Message(difficulty))
        return Choice(name, target, 0 if gradable else None, grading)
    if kind == "drill":
        level = form.get("level", "")
        if level not in DRILL_LEVELS:
            levels = ", ".join(DRILL_LEVELS)
            raise PickError(Message(N_("level must be one of {levels}"), levels=levels))
        trees = _whole(form.get("trees") or "10", "trees", 1, MAX_DRILL_TREES)
        target = with_query("/embed/practice/drill", level=level, trees=trees)
        name = named(N_("Drill: {trees} trees ({level})"), trees=trees, level=level)
        return Choice(name, target, trees if gradable else None, grading)
    raise PickError(Message(N_("kind must be tree, lesson, practice or drill")))


def response_jwt(registration, grant: dict[str, Any], choice: Choice, launch_url: str) -> str:
    """The signed LtiDeepLinkingResponse placing ``choice``."""
    resource = (
        DeepLinkResource()
        .set_url(launch_url)
        .set_title(choice.title)
        .set_custom_params(choice.custom())
    )
    if choice.points is not None:
        line_item = LineItem()
        line_item.set_label(choice.title).set_score_maximum(choice.points or 1).set_resource_id(
            choice.target
        )
        resource.set_lineitem(line_item)
    link = DeepLink(registration, grant["deployment_id"], grant["deep_linking"])
    return link.get_response_jwt([resource])


def _identifier(text: str, field: str) -> str:
    match = ID.search(text.strip().split("?")[0].split("#")[0])
    if not match:
        says = N_("{field} must be a short link or its 12-character id")
        raise PickError(Message(says, field=field))
    return match.group(1)


def _whole(text: str, field: str, smallest: int, largest: int) -> int:
    if not text.strip().isdigit() or not smallest <= int(text) <= largest:
        says = N_("{field} must be a whole number from {smallest} to {largest}")
        raise PickError(Message(says, field=field, smallest=smallest, largest=f"{largest:,}"))
    return int(text)
