"""Hostile and broken launches are refused with a page that says why, never a 500: a forged
signature, a replayed launch, an expired token, an unknown deployment or platform, an
oversized token, and a platform whose keys cannot be fetched."""

from __future__ import annotations

import jwt
import requests
from lms import new_key_pair
from lti_flow import post_launch, start_launch


def refused(answer, status, words):
    assert answer.status_code == status, answer.text
    assert words in answer.text
    assert "set-cookie" not in answer.headers


def test_a_forged_signature_is_refused(lms, prune):
    action, fields = start_launch(lms, lms.add_launch())
    claims = jwt.decode(fields["id_token"], options={"verify_signature": False})
    header = jwt.get_unverified_header(fields["id_token"])
    forger_key, _ = new_key_pair()
    fields["id_token"] = jwt.encode(claims | {"name": "Mallory"}, forger_key, "RS256", header)
    refused(post_launch(action, fields), 401, "signature is not valid")


def test_a_replayed_launch_is_refused(lms, prune):
    action, fields = start_launch(lms, lms.add_launch())
    assert post_launch(action, fields).status_code == 303
    refused(post_launch(action, fields), 400, "replayed nonce")


def test_an_expired_token_is_refused(lms, prune):
    action, fields = start_launch(lms, lms.add_launch(expires_in=-120))
    refused(post_launch(action, fields), 401, "expired")


def test_an_unknown_deployment_is_refused(lms, prune):
    action, fields = start_launch(lms, lms.add_launch(deployment_id="someone-elses"))
    refused(post_launch(action, fields), 403, "someone-elses")


def test_a_token_for_another_tool_is_refused(lms, prune):
    action, fields = start_launch(lms, lms.add_launch())
    claims = jwt.decode(fields["id_token"], options={"verify_signature": False})
    header = jwt.get_unverified_header(fields["id_token"])
    fields["id_token"] = jwt.encode(
        claims | {"aud": "another-tool"}, lms.private_pem, "RS256", header
    )
    refused(post_launch(action, fields), 400, "not registered")


def test_an_unknown_platform_cannot_start_a_login(prune):
    answer = requests.get(
        prune.url + "/lti/login",
        params={"iss": "https://unknown.example", "login_hint": "x"},
        timeout=10,
    )
    refused(answer, 400, "https://unknown.example")


def test_a_launch_without_its_login_is_refused(lms, prune):
    action, fields = start_launch(lms, lms.add_launch())
    refused(post_launch(action, {**fields, "state": "state-made-up"}), 400, "did not start")


def test_an_oversized_token_is_refused(prune):
    answer = post_launch(prune.url + "/lti/launch", {"id_token": "x" * 70_000, "state": "s"})
    refused(answer, 413, "70,000 bytes")


def test_garbage_instead_of_a_token_is_refused(lms, prune):
    action, fields = start_launch(lms, lms.add_launch())
    refused(post_launch(action, {**fields, "id_token": "not.a.jwt"}), 400, "not valid")


def test_a_platform_whose_keys_cannot_be_fetched_is_a_clear_502(lms, prune):
    action, fields = start_launch(lms, lms.add_launch())
    lms.down = True
    refused(post_launch(action, fields), 502, "could not fetch the platform")


def test_a_platform_that_is_gone_is_a_clear_502(lms, prune):
    action, fields = start_launch(lms, lms.add_launch())
    lms.stop()
    lms.server.server_close()  # nothing listens on its port any more
    refused(post_launch(action, fields), 502, "could not fetch the platform")
