"""Where a lesson's presenter is, carried with a lecture view (docs/lessons.md, "In a
lecture"): the lesson's id, the slide shown, how many slides it has and the slide's title,
checked so that a student's page can show "slide K of N" and nothing else."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .rooms import RoomError

LESSON_MARK = {"id": str, "slide": int, "slides": int, "title": str}
LESSON_ID = re.compile(r"^[A-Za-z0-9_-]{1,12}$")


def lesson_mark(mark: Any) -> dict[str, Any]:
    """``{"id", "slide", "slides", "title"}``: the lesson, the slide shown (from 0), how many
    it has, and the slide's title (docs/lessons.md, "In a lecture")."""
    if not isinstance(mark, Mapping) or set(mark) != set(LESSON_MARK):
        raise RoomError('view.lesson must be {"id", "slide", "slides", "title"}')
    for key, kind in LESSON_MARK.items():
        if isinstance(mark[key], bool) or not isinstance(mark[key], kind):
            raise RoomError(f"view.lesson.{key} must be {'text' if kind is str else 'a number'}")
    if not LESSON_ID.match(mark["id"]) or len(mark["title"]) > 200:
        raise RoomError("view.lesson names no lesson")
    if not 0 <= mark["slide"] < mark["slides"] <= 1000:
        raise RoomError("view.lesson.slide must be a slide of the lesson")
    return {key: mark[key] for key in LESSON_MARK}
