"""The built-in lessons' words: marked for the catalog, translated where they are served.

``N_`` marks a built-in lesson's title, slide titles, notes and question prompts for Babel's
extractor (the text stays English in the data); ``translated`` returns a copy of a lesson
with those fields passed through a gettext function (the request's language, on the web),
so the catalogs stay the one source of truth (docs/translating.md). A teacher's own lessons
are never passed through it: they stay as written. No Flask here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def N_(text: str) -> str:  # noqa: N802 (gettext's name for "mark, translate later")
    """``text`` itself, marked for the catalog."""
    return text


def translated(lesson: dict[str, Any], translate: Callable[[str], str]) -> dict[str, Any]:
    """A copy of ``lesson`` with its title, slide titles, notes and prompts passed through
    ``translate`` (a gettext: anything not in the catalog stays as it is)."""
    slides = []
    for slide in lesson["slides"]:
        copy = dict(slide)
        for field in ("title", "notes"):
            if copy.get(field):
                copy[field] = translate(copy[field])
        if copy.get("question", {}).get("prompt"):
            copy["question"] = {**copy["question"], "prompt": translate(copy["question"]["prompt"])}
        slides.append(copy)
    return {**lesson, "title": translate(lesson["title"]), "slides": slides}
