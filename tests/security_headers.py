"""Shared by the address and header tests (tests/test_addresses.py, test_security_headers.py,
test_live_addresses_and_headers.py): the public address they configure, the QR code the app
draws for a link, and the check that an answer carries talisman's security headers. A helper
module: pytest collects nothing here.
"""

from __future__ import annotations

import io

import segno
from support import make_app

from app.security import talisman_headers

PUBLIC_URL = "https://prune.example.edu"
SECURITY_HEADERS = (
    "Content-Security-Policy",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
)


def qr_of(link: str) -> bytes:
    """The SVG the app draws for ``link`` (the same segno call as app/web/pages.py)."""
    svg = io.BytesIO()
    segno.make(link, error="m").save(svg, kind="svg", scale=8, border=2, xmldecl=False)
    return svg.getvalue()


def expected_headers() -> dict[str, str]:
    return dict(talisman_headers(make_app()))


def assert_security_headers(headers) -> None:
    expected = expected_headers()
    for name in SECURITY_HEADERS:
        assert headers.get(name) == expected[name], name
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
