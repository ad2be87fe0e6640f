"""Addresses students can reach (docs/deployment.md), with the test client: the settings
(``PRUNE_PUBLIC_URL``, ``PRUNE_TRUSTED_PROXIES``, ``PRUNE_MAX_URL_CHARS``) and their checks,
join links and QR codes from ``PRUNE_PUBLIC_URL`` (never a forged ``Host``), and the client
address and scheme believed from trusted proxies only (the API's rate limit per address).
"""

from __future__ import annotations

import pytest
from security_headers import PUBLIC_URL, qr_of
from support import make_app

from app.config import Config
from app.web.pages import public_limits


def test_settings_defaults():
    config = Config({})
    assert config.PRUNE_PUBLIC_URL is None
    assert config.PRUNE_TRUSTED_PROXIES == 0
    assert config.PRUNE_MAX_URL_CHARS == 8000


def test_settings_from_the_environment():
    config = Config(
        {
            "PRUNE_PUBLIC_URL": "https://prune.example.edu/",
            "PRUNE_TRUSTED_PROXIES": "2",
            "PRUNE_MAX_URL_CHARS": "4000",
        }
    )
    assert config.PRUNE_PUBLIC_URL == "https://prune.example.edu"
    assert config.PRUNE_TRUSTED_PROXIES == 2
    assert config.PRUNE_MAX_URL_CHARS == 4000


@pytest.mark.parametrize(
    "environ, name",
    [
        ({"PRUNE_PUBLIC_URL": "prune.example.edu"}, "PRUNE_PUBLIC_URL"),
        ({"PRUNE_PUBLIC_URL": "ftp://prune.example.edu"}, "PRUNE_PUBLIC_URL"),
        ({"PRUNE_PUBLIC_URL": "https://prune.example.edu/?x=1"}, "PRUNE_PUBLIC_URL"),
        ({"PRUNE_TRUSTED_PROXIES": "-1"}, "PRUNE_TRUSTED_PROXIES"),
        ({"PRUNE_TRUSTED_PROXIES": "one"}, "PRUNE_TRUSTED_PROXIES"),
        ({"PRUNE_MAX_URL_CHARS": "0"}, "PRUNE_MAX_URL_CHARS"),
    ],
)
def test_malformed_settings_stop_the_app(environ, name):
    with pytest.raises(ValueError, match=name):
        Config(environ)


def test_the_page_is_told_the_longest_address():
    app = make_app(PRUNE_MAX_URL_CHARS=1234)
    assert public_limits(app.config)["max_url_chars"] == 1234


def test_qr_uses_the_public_url_whatever_the_host_header():
    client = make_app(PRUNE_PUBLIC_URL=PUBLIC_URL).test_client()
    response = client.get("/lecture/abc-def/qr.svg", headers={"Host": "evil.example"})
    assert response.status_code == 200
    assert response.data == qr_of(f"{PUBLIC_URL}/join/ABCDEF")
    assert response.data != qr_of("http://evil.example/join/ABCDEF")
    assert response.headers["Cache-Control"] == "max-age=3600"


def test_qr_without_public_url_is_not_kept_by_shared_caches():
    client = make_app().test_client()
    response = client.get("/lecture/ABCDEF/qr.svg", headers={"Host": "lan.example:8000"})
    assert response.data == qr_of("http://lan.example:8000/join/ABCDEF")
    assert "private" in response.headers["Cache-Control"]
    assert "Host" in response.headers["Vary"]


def test_join_redirect_stays_on_the_address_the_student_opened():
    client = make_app(PRUNE_PUBLIC_URL=PUBLIC_URL).test_client()
    response = client.get("/join/abcdef", headers={"Host": "evil.example"})
    assert response.status_code == 302
    assert response.headers["Location"] == "/?lecture=ABCDEF"


def limited_app(proxies: int):
    return make_app(
        RATELIMIT_ENABLED=True, PRUNE_API_RATE_LIMIT="2/minute", PRUNE_TRUSTED_PROXIES=proxies
    )


def test_one_trusted_proxy_counts_by_forwarded_address():
    client = limited_app(1).test_client()
    for _ in range(2):
        assert (
            client.get("/api/presets", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 200
        )
    assert client.get("/api/presets", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 429
    # Another student behind the same proxy has a budget of their own.
    assert client.get("/api/presets", headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 200
    # Only the last hop is believed: a client cannot prepend an address of its choice.
    spoofed = {"X-Forwarded-For": "10.9.9.9, 10.0.0.1"}
    assert client.get("/api/presets", headers=spoofed).status_code == 429


def test_no_trusted_proxy_ignores_forwarded_addresses():
    client = limited_app(0).test_client()
    for n in range(2):
        headers = {"X-Forwarded-For": f"10.0.0.{n}"}
        assert client.get("/api/presets", headers=headers).status_code == 200
    assert client.get("/api/presets", headers={"X-Forwarded-For": "10.0.0.7"}).status_code == 429


def test_trusted_proxy_tells_the_scheme():
    client = make_app(PRUNE_TRUSTED_PROXIES=1).test_client()
    response = client.get(
        "/lecture/ABCDEF/qr.svg", headers={"X-Forwarded-Proto": "https", "Host": "lan.example"}
    )
    assert response.data == qr_of("https://lan.example/join/ABCDEF")
