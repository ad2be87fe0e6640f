"""The presets' titles, descriptions and answers in the reader's language (issue 36).

``app/engine/presets.py`` keeps them in English, marked for the catalogs; the pages' preset
lists and the API's preset documents say them in the request's language (``lang=``, the
cookie, ``Accept-Language``). The source (a citation) stays as written, and so does
everything the search reads: a translated document searches exactly as the English one.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext

from ..engine.presets import PRESETS, Preset


def said(text: str) -> str:
    """``text`` (an English catalog message) in the request's language."""
    return gettext(text) if text else text


def preset_listing(preset: Preset) -> dict[str, str]:
    """``GET /api/presets``'s entry for ``preset``."""
    listing = preset.listing()
    for key in ("title", "description", "answer"):
        listing[key] = said(listing[key])
    return listing


def preset_document(preset: Preset) -> dict[str, Any]:
    """``preset``'s tree document, its name, description and answer translated."""
    document = preset.document
    for key in ("name", "description", "answer"):
        document[key] = said(document[key])
    return document


def preset_choices(described: bool = False) -> list[dict[str, str]]:
    """The pages' preset lists: each preset's name and title (and description)."""
    choices = []
    for preset in PRESETS.values():
        choice = {"name": preset.name, "title": said(preset.title)}
        if described:
            choice["description"] = said(preset.description)
        choices.append(choice)
    return choices
