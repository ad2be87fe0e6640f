"""The registrations file (docs/lti.md): several platforms, and a mistake stops the start
with a message naming the field."""

from __future__ import annotations

import json
import re

import pytest

from app.lti import RegistrationError
from app.lti.registrations import read_platforms, tool_config

CANVAS = {
    "name": "Canvas",
    "issuer": "https://canvas.instructure.com",
    "client_id": "10000000000001",
    "deployment_ids": ["1:abc"],
    "auth_login_url": "https://sso.canvaslms.com/api/lti/authorize_redirect",
    "auth_token_url": "https://sso.canvaslms.com/login/oauth2/token",
    "key_set_url": "https://sso.canvaslms.com/api/lti/security/jwks",
}
MOODLE = {
    "issuer": "https://moodle.example.edu",
    "client_id": "AbCdEf",
    "deployment_ids": ["2"],
    "auth_login_url": "https://moodle.example.edu/mod/lti/auth.php",
    "auth_token_url": "https://moodle.example.edu/mod/lti/token.php",
    "key_set_url": "https://moodle.example.edu/mod/lti/certs.php",
}


def write(tmp_path, document):
    path = tmp_path / "lti.json"
    path.write_text(json.dumps(document))
    return path


def test_several_platforms_and_two_clients_of_one_issuer(tmp_path):
    second_canvas = {**CANVAS, "client_id": "10000000000002", "deployment_ids": ["9:x"]}
    platforms = read_platforms(write(tmp_path, {"platforms": [CANVAS, MOODLE, second_canvas]}))
    config = tool_config(platforms, "private", "public")
    canvas = config.find_registration_by_params(CANVAS["issuer"], "10000000000002")
    assert canvas.get_auth_token_url() == CANVAS["auth_token_url"]
    assert config.find_deployment_by_params(CANVAS["issuer"], "9:x", "10000000000002")
    assert not config.find_deployment_by_params(CANVAS["issuer"], "9:x", "10000000000001")
    moodle = config.find_registration_by_params(MOODLE["issuer"], "AbCdEf")
    assert moodle.get_key_set_url() == MOODLE["key_set_url"]


def test_no_file_means_lti_is_off(tmp_path):
    assert read_platforms(tmp_path / "absent.json") is None


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"issuer": ""}, "platforms[0].issuer must be a non-empty string"),
        ({"key_set_url": "ftp://x"}, "platforms[0].key_set_url must be an http(s) URL"),
        ({"deployment_ids": "1:abc"}, "platforms[0].deployment_ids must be a non-empty list"),
        ({"client_secret": "x"}, "unknown field 'client_secret'"),
    ],
)
def test_a_mistake_names_the_field(tmp_path, change, words):
    with pytest.raises(RegistrationError, match=re.escape(words)):
        read_platforms(write(tmp_path, {"platforms": [{**CANVAS, **change}]}))


def test_the_same_registration_twice_is_a_mistake(tmp_path):
    with pytest.raises(RegistrationError, match="twice"):
        read_platforms(write(tmp_path, {"platforms": [CANVAS, CANVAS]}))


def test_not_json_is_a_mistake(tmp_path):
    path = tmp_path / "lti.json"
    path.write_text("{platforms: ")
    with pytest.raises(RegistrationError, match="not readable JSON"):
        read_platforms(path)
