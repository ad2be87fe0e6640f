"""Launches from a real LTI 1.3 platform (tests/lti/lms.py): an instructor and a learner land
where they should, with no cookie, and the tool's JWKS is what the platform checks."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import requests
from lms import INSTRUCTOR, LEARNER
from lti_flow import launch, start_launch

from app.factory import create_app


def test_learner_launch_lands_on_the_default_tree_without_a_cookie(lms, prune):
    answer = launch(lms, roles=[LEARNER])
    assert answer.status_code == 303, answer.text
    assert "set-cookie" not in answer.headers
    # Nothing graded: the page gets no grant (it has no score to report).
    assert answer.headers["Location"] == "/embed"


def test_a_graded_learner_launch_carries_a_grant_naming_the_learner(lms, prune):
    custom = {"prune_target": "/embed/practice?difficulty=easy", "prune_points": "0"}
    answer = launch(lms, roles=[LEARNER], custom=custom, ags=True)
    location = urlsplit(answer.headers["Location"])
    assert f"{location.path}?{location.query}" == custom["prune_target"]
    token = location.fragment.removeprefix("lti=")
    grant = prune.tool.state.get(f"lti-grant:{token}")
    assert grant["role"] == "learner"
    assert grant["name"] == "Ada Lovelace"
    assert grant["user"] == "student-7"
    assert grant["context"]["title"] == "CS 188"


def test_instructor_launch_lands_on_the_course_page(lms, prune):
    answer = launch(lms, user="teacher-1", name="Grace Hopper", roles=[INSTRUCTOR])
    assert answer.status_code == 303, answer.text
    page = requests.get(prune.url + answer.headers["Location"], timeout=10)
    assert page.status_code == 200
    assert "Grace Hopper" in page.text
    assert 'data-lti-role="instructor"' in page.text
    assert 'data-action="start-lecture"' in page.text
    # The LMS frames it: the LMS's pages may frame this one, like an embed.
    assert "X-Frame-Options" not in page.headers
    assert "frame-ancestors *" in page.headers["Content-Security-Policy"]


def test_a_placed_target_is_where_the_launch_lands(lms, prune):
    answer = launch(lms, custom={"prune_target": "/embed/practice?difficulty=easy"})
    assert answer.headers["Location"] == "/embed/practice?difficulty=easy"


def test_a_target_outside_the_embeds_is_ignored(lms, prune):
    answer = launch(lms, custom={"prune_target": "https://evil.example/embed"})
    assert urlsplit(answer.headers["Location"]).path == "/embed"


def test_the_login_keeps_state_in_the_store_not_a_cookie(lms, prune):
    action, fields = start_launch(lms, lms.add_launch())
    assert action == prune.url + "/lti/launch"
    assert prune.tool.state.get(f"lti1p3-{fields['state']}")["nonce"]


def test_jwks_serves_the_current_and_previous_keys_after_a_rotation(prune):
    before = requests.get(prune.url + "/lti/jwks", timeout=10).json()["keys"]
    assert [key["kid"] for key in before] and before[0]["kty"] == "RSA"
    assert "d" not in before[0]  # public halves only
    new_kid = prune.tool.keys.rotate()
    after = requests.get(prune.url + "/lti/jwks", timeout=10).json()["keys"]
    assert [key["kid"] for key in after] == [new_kid, before[0]["kid"]]


def test_lti_routes_say_when_lti_is_not_set_up(client):
    answer = client.get("/lti/login?iss=x&login_hint=y")
    assert answer.status_code == 404
    assert b"no LTI registrations" in answer.data


def test_rotate_key_command_keeps_the_previous_key_in_the_jwks(prune):
    old = prune.tool.keys.jwks()["keys"][0]["kid"]
    result = prune.app.test_cli_runner().invoke(args=["lti", "rotate-key"])
    assert result.exit_code == 0 and "new key" in result.output
    assert [key["kid"] for key in prune.tool.keys.jwks()["keys"]][1] == old


def test_the_first_start_with_registrations_makes_the_key_pair(lms, tmp_path):
    (tmp_path / "lti.json").write_text(json.dumps({"platforms": [lms.registration_for_prune()]}))
    app = create_app(
        {
            "TESTING": True,
            "PRUNE_LTI_CONFIG": str(tmp_path / "lti.json"),
            "PRUNE_LTI_KEYS_DIR": str(tmp_path / "made"),
            "PRUNE_LTI_DATABASE": str(tmp_path / "lti.sqlite3"),
        }
    )
    key = tmp_path / "made" / "current.pem"
    assert key.read_text().startswith("-----BEGIN PRIVATE KEY-----")
    assert key.stat().st_mode & 0o777 == 0o600
    assert app.extensions["prune.lti"].keys.jwks()["keys"][0]["kty"] == "RSA"
