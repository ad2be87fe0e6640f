"""An LMS for the tests: the open-source LTI 1.3 platform ``lti1p3platform`` (its OIDC
login, launch messages, access tokens, Assignment and Grade Services and Deep Linking
checks), served by a small Flask app on a real port, in a thread.

A test adds a launch (who, with what roles, what placement) with ``add_launch`` and gets the
address where the LMS starts it (``login_initiation_url``); the LMS then answers Prune's
OIDC redirect with the auto-submitting form a browser would post to ``/lti/launch``.
The gradebook (line items, scores, results) and the placed Deep Linking items stay in
memory for the test to read back through the LMS's own AGS endpoints.
"""

from __future__ import annotations

import functools
import itertools
import json
import threading
from html import escape
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from flask import Flask, Response, request
from lti1p3platform.ltiplatform import LTI1P3PlatformConfAbstract
from lti1p3platform.message_launch import LTIAdvantageMessageLaunchAbstract
from lti1p3platform.oidc_login import OIDCLoginAbstract
from lti1p3platform.registration import Registration
from lti1p3platform.request import Request
from lti1p3platform.score import UpdateScoreStatus
from lti1p3platform.service_connector import AssignmentsGradesService
from werkzeug.serving import make_server

INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
DEPLOYMENT_CLAIM = "https://purl.imsglobal.org/spec/lti/claim/deployment_id"


@functools.cache
def platform_key_pair() -> tuple[str, str]:
    """The LMS's key pair, made once per test session (a 2048-bit key takes a while)."""
    return new_key_pair()


def new_key_pair() -> tuple[str, str]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    public = (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    return private, public


class FlaskPlatformRequest(Request):
    def build_metadata(self, flask_request):
        return {
            "method": flask_request.method,
            "form_data": flask_request.form.to_dict(),
            "get_data": flask_request.args.to_dict(),
            "headers": flask_request.headers,
            "content_type": flask_request.content_type,
            "path": flask_request.path,
            "json": flask_request.get_json(silent=True),
        }


class PlatformConfig(LTI1P3PlatformConfAbstract):
    def init_platform_config(self, **kwargs):
        self.the_registration = kwargs["registration"]

    def get_registration_by_params(self, **kwargs):
        return self.the_registration


class Login(OIDCLoginAbstract):
    def set_lti_message_hint(self, **kwargs):
        self._lti_message_hint = kwargs["hint"]

    def get_redirect(self, url):
        return url


class Launch(LTIAdvantageMessageLaunchAbstract):
    """One launch of ``lms.launches[lti_message_hint]``."""

    lms: LMS

    def get_preflight_response(self):
        return self._request.get_data

    def prepare_launch(self, preflight_response):
        scenario = self.lms.launches[preflight_response.get("lti_message_hint")]
        self.set_user_data(scenario["user"], scenario["roles"], full_name=scenario["name"])
        self.set_launch_context_claim("course-1", context_title="CS 188")
        self.set_resource_link_claim(scenario["resource_link"], title="Prune")
        if scenario.get("custom"):
            self.set_custom_parameters_claim(scenario["custom"])
        if scenario.get("lineitem") or scenario.get("ags"):
            self.set_ags(self.lms.url + "/lineitems", scenario.get("lineitem"))
        if scenario.get("deep_link"):
            self.set_dl(self.lms.url + "/deep_link_return", title="Prune")
        if scenario.get("deployment_id"):
            self.set_extra_claims({DEPLOYMENT_CLAIM: scenario["deployment_id"]})
        self.set_id_token_expiration(scenario.get("expires_in", 300))

    def render_launch_form(self, launch_data, **kwargs):
        fields = "".join(
            f'<input type="hidden" name="{name}" value="{escape(launch_data[name])}">'
            for name in ("id_token", "state")
        )
        return (
            f'<!doctype html><form method="POST" action="{escape(launch_data["launch_url"])}"'
            f' id="form">{fields}</form>'
            '<script>document.getElementById("form").submit()</script>'
        )


class Gradebook(AssignmentsGradesService):
    """AGS over the LMS's in-memory line items and scores."""

    lms: LMS

    def find_lineitems(self, page=1, limit=None, **filters):
        items = [
            item
            for item in self.lms.lineitems.values()
            if all(item.get(key) == value for key, value in filters.items() if value)
        ]
        return {"content": items, "has_next": False, "next": None}

    def find_lineitem(self, line_item_id):
        return self.lms.lineitems[self.lms.lineitem_url(line_item_id)]

    def create_lineitem(self, creation_data):
        return self.lms.create_lineitem(dict(creation_data))

    def update_lineitem(self, update_data):
        self.lms.lineitems[update_data["id"]].update(update_data)
        return self.lms.lineitems[update_data["id"]]

    def delete_lineitem(self, line_item_id):
        del self.lms.lineitems[self.lms.lineitem_url(line_item_id)]

    def update_score(self, line_item_id, score):
        self.lms.scores.setdefault(self.lms.lineitem_url(line_item_id), []).append(score)
        return UpdateScoreStatus.SUCCESS

    def get_results(self, line_item_id, page=1, limit=None, user_id=None):
        url = self.lms.lineitem_url(line_item_id)
        latest = {score["userId"]: score for score in self.lms.scores.get(url, [])}
        results = [
            {
                "id": f"{url}/results/{user}",
                "userId": user,
                "resultScore": score["scoreGiven"],
                "resultMaximum": score["scoreMaximum"],
                "scoreOf": url,
            }
            for user, score in latest.items()
        ]
        return {"content": results, "has_next": False, "next": None}


class LMS:
    """The platform, its registration of Prune, and its web server."""

    def __init__(self, issuer_suffix: str = "lms", client_id: str = "prune-client"):
        self.private_pem, self.public_pem = platform_key_pair()
        self.app = self._make_app()
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.issuer = f"{self.url}/{issuer_suffix}"
        self.client_id = client_id
        self.deployment_id = "deployment-1"
        self.launches: dict[str, dict[str, Any]] = {}
        self.lineitems: dict[str, dict[str, Any]] = {}
        self.scores: dict[str, list[dict[str, Any]]] = {}
        self.placed: list[list[dict[str, Any]]] = []
        self.down = False
        self._numbers = itertools.count(1)
        self.registration = (
            Registration()
            .set_iss(self.issuer)
            .set_client_id(client_id)
            .set_deployment_id(self.deployment_id)
            .set_platform_private_key(self.private_pem)
            .set_platform_public_key(self.public_pem)
        )
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()

    def registration_for_prune(self) -> dict[str, Any]:
        """This LMS as a platform in Prune's registrations file (docs/lti.md)."""
        return {
            "name": "Test LMS",
            "issuer": self.issuer,
            "client_id": self.client_id,
            "deployment_ids": [self.deployment_id],
            "auth_login_url": f"{self.url}/authorize",
            "auth_token_url": f"{self.url}/token",
            "key_set_url": f"{self.url}/jwks",
        }

    def connect_tool(self, prune_url: str) -> None:
        """Register Prune's addresses, as an LMS administrator pastes them."""
        self.registration.set_oidc_login_url(f"{prune_url}/lti/login").set_launch_url(
            f"{prune_url}/lti/launch"
        ).set_deeplink_launch_url(f"{prune_url}/lti/launch").set_tool_key_set_url(
            f"{prune_url}/lti/jwks"
        )

    def add_launch(self, user="student-7", name="Ada Lovelace", roles=(LEARNER,), **more) -> str:
        hint = f"launch-{next(self._numbers)}"
        self.launches[hint] = {
            "user": user,
            "name": name,
            "roles": list(roles),
            "resource_link": more.pop("resource_link", f"link-{hint}"),
            **more,
        }
        return hint

    def login_initiation_url(self, hint: str) -> str:
        login = Login(None, PlatformConfig(registration=self.registration))
        login.set_lti_message_hint(hint=hint)
        return login.initiate_login(self.launches[hint]["user"])

    def create_lineitem(self, data: dict[str, Any]) -> dict[str, Any]:
        url = self.lineitem_url(str(next(self._numbers)))
        self.lineitems[url] = {**data, "id": url}
        return self.lineitems[url]

    def lineitem_url(self, line_item_id: str) -> str:
        if line_item_id.startswith("http"):
            return line_item_id
        return f"{self.url}/lineitems/{line_item_id}"

    def _config(self) -> PlatformConfig:
        config = PlatformConfig(registration=self.registration)
        config.get_registration()
        return config

    def _gradebook(self, lineitem_id: str | None = None) -> Gradebook:
        service = Gradebook(
            FlaskPlatformRequest(request),
            self._config(),
            self.url + "/lineitems",
            self.lineitem_url(lineitem_id) if lineitem_id else None,
        )
        service.lms = self
        return service

    def _make_app(self) -> Flask:
        app = Flask("test-lms")
        lms = self

        def answer(result) -> Response:
            if isinstance(result.result, dict) and "content" in result.result:
                # The library's page of line items or results: AGS sends the array itself.
                body = json.dumps(result.result["content"])
            elif result.result is not None:
                body = json.dumps(result.result)
            else:  # a refusal says why; an accepted score has no body
                body = result.message if result.code >= 400 else ""
            return Response(body, result.code, content_type=result.media_type)

        @app.before_request
        def refuse_when_down():
            if lms.down:
                return Response("the LMS is down", 503)
            return None

        @app.get("/jwks")
        def jwks():
            return {"keys": lms.registration.get_jwks()}

        @app.get("/authorize")
        def authorize():
            launch = Launch(
                FlaskPlatformRequest(request), PlatformConfig(registration=lms.registration)
            )
            launch.lms = lms
            return launch.lti_launch()

        @app.post("/token")
        def token():
            return lms._config().get_access_token(request.form.to_dict())

        @app.route("/lineitems", methods=["GET", "POST"])
        def lineitems():
            service = lms._gradebook()
            if request.method == "POST":
                return answer(service.handle_create_lineitem())
            return answer(service.handle_get_lineitems())

        @app.get("/lineitems/<item>")
        def lineitem(item):
            return answer(lms._gradebook(item).handle_get_lineitem(item))

        @app.post("/lineitems/<item>/scores")
        def scores(item):
            return answer(lms._gradebook(item).handle_update_score(item))

        @app.get("/lineitems/<item>/results")
        def results(item):
            return answer(lms._gradebook(item).handle_get_results(item))

        @app.post("/deep_link_return")
        def deep_link_return():
            items = lms._config().validate_deeplinking_resp(request.form.to_dict())
            lms.placed.append(items)
            return {"placed": len(items)}

        return app
