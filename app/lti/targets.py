"""Where a launch lands, and the addresses Deep Linking places.

A placed item carries its landing page in the custom parameter ``prune_target``: a path of
this site under ``/embed`` (the frameable pages: a tree at a step, a lesson, practice, a
drill level). Anything else (another site, a page that may not be framed) is refused at
placement and ignored at launch. Without one, a learner lands on the default tree and an
instructor on the course page of the tool (``/lti/teach``).
"""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit

DEFAULT_LEARNER_TARGET = "/embed"


def is_embed_path(target: str) -> bool:
    """A path (with an optional query) of this site's frameable pages."""
    if not isinstance(target, str) or len(target) > 2000:
        return False
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or parts.fragment or "\\" in target:
        return False
    return parts.path == "/embed" or parts.path.startswith("/embed/")


def landing(custom: dict[str, str]) -> str | None:
    target = custom.get("prune_target", "")
    return target if is_embed_path(target) else None


def with_query(path: str, **query: object) -> str:
    pairs = {key: value for key, value in query.items() if value not in (None, "")}
    return f"{path}?{urlencode(pairs)}" if pairs else path
