"""Lessons: a lecture's trees in order, with notes and questions (docs/lessons.md).

``document`` checks a lesson before it is saved; ``builtin`` holds the lessons every Prune
has ("Alpha-beta in one lecture"). They are saved in the view store (``app/store``) under
their own kind; the routes are in ``app/web/lessons.py``.
"""

from .builtin import BUILTIN_LESSONS
from .document import LessonTooBig, read_lesson

__all__ = ["BUILTIN_LESSONS", "LessonTooBig", "read_lesson"]
