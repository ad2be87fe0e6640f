"""What the LTI tests share: Prune registered with an LMS (tests/lti/lms.py, the
``lti1p3platform`` platform on a real port), served on a real port too (the LMS fetches
Prune's JWKS, Prune fetches the LMS's) from its own temporary folder; and a launch followed
as a browser would, without keeping any cookie (``start_launch``, ``post_launch``,
``launch``). A module name of its own: ``from conftest import`` finds whichever conftest
pytest imported first."""

from __future__ import annotations

import functools
import json
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path

import requests
from werkzeug.serving import make_server

sys.path.insert(0, str(Path(__file__).parent))

from lms import LMS, new_key_pair  # noqa: E402

from app.factory import create_app  # noqa: E402


class Prune:
    def __init__(self, app, url):
        self.app = app
        self.url = url

    @property
    def tool(self):
        return self.app.extensions["prune.lti"]


@functools.cache
def tool_key_pem() -> str:
    """A tool key made once per test session, copied into each Prune's keys folder (the
    first start would make one, as tests/lti/test_launch.py's rotation shows)."""
    return new_key_pair()[0]


def prune_for(lms: LMS, folder: Path, **config) -> Prune:
    (folder / "keys").mkdir()
    (folder / "keys" / "current.pem").write_text(tool_key_pem())
    registrations = folder / "lti.json"
    registrations.write_text(json.dumps({"platforms": [lms.registration_for_prune()]}))
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_ENABLED": False,
            "DATABASE_PATH": str(folder / "prune.sqlite3"),
            "PRUNE_LTI_CONFIG": str(registrations),
            "PRUNE_LTI_KEYS_DIR": str(folder / "keys"),
            "PRUNE_LTI_DATABASE": str(folder / "lti.sqlite3"),
            **config,
        }
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    prune = Prune(app, f"http://127.0.0.1:{server.server_port}")
    prune.server = server
    lms.connect_tool(prune.url)
    return prune


class FormReader(HTMLParser):
    """The first form of a page: its action and its fields."""

    def __init__(self):
        super().__init__()
        self.action = None
        self.fields = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and self.action is None:
            self.action = attrs.get("action")
        elif tag == "input" and attrs.get("name"):
            self.fields[attrs["name"]] = attrs.get("value", "")


def read_form(html: str) -> tuple[str, dict[str, str]]:
    reader = FormReader()
    reader.feed(html)
    return reader.action, reader.fields


def start_launch(lms: LMS, hint: str) -> tuple[str, dict[str, str]]:
    """Follow the LMS's login initiation through Prune's OIDC redirect back to the LMS, whose
    answer is the form to post to Prune's launch: its action and fields."""
    session = requests.Session()
    answer = session.get(lms.login_initiation_url(hint), timeout=10)
    assert answer.status_code == 200, answer.text
    assert not session.cookies, "the login set a cookie"
    return read_form(answer.text)


def post_launch(action: str, fields: dict[str, str]) -> requests.Response:
    return requests.post(action, data=fields, allow_redirects=False, timeout=10)


def launch(lms: LMS, **scenario) -> requests.Response:
    return post_launch(*start_launch(lms, lms.add_launch(**scenario)))
