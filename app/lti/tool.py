"""The tool as the app holds it (``app.extensions["prune.lti"]``): its registrations, keys
and store, and the PyLTI1p3 objects a request needs (a login, a launch)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from flask import current_app, request
from pylti1p3.contrib.flask import FlaskOIDCLogin, FlaskRequest
from pylti1p3.tool_config import ToolConfDict

from . import refusals
from .grades import wait_and_send
from .keys import ToolKeys
from .launch import PruneLaunch, TimeoutSession
from .registrations import tool_config
from .session import NoCookies, OneUseSession, StoreLaunchData
from .state import LtiState


@dataclass
class LtiTool:
    platforms: list[dict[str, Any]]
    keys: ToolKeys
    state: LtiState
    settings: dict[str, Any]
    _config: ToolConfDict | None = field(default=None, repr=False)
    _sender: threading.Thread | None = field(default=None, repr=False)
    _sender_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    stop_sender: threading.Event = field(default_factory=threading.Event, repr=False)

    @property
    def config(self) -> ToolConfDict:
        if self._config is None:
            self._config = tool_config(
                self.platforms, self.keys.private_pem(), self.keys.public_pem()
            )
        return self._config

    def start_sender(self) -> None:
        """The outbox's loop (grades.wait_and_send), started once per process on its first
        score: after gunicorn forks its workers, never in the master."""
        with self._sender_lock:
            if self._sender is None:
                self._sender = threading.Thread(
                    target=wait_and_send, args=(self, self.stop_sender), daemon=True
                )
                self._sender.start()

    def storage(self) -> StoreLaunchData:
        return StoreLaunchData(self.state, self.settings["PRUNE_LTI_STATE_SECONDS"])

    def session(self, flask_request: FlaskRequest) -> OneUseSession:
        return OneUseSession(flask_request, self.storage(), request.form.get("state"))

    def http(self) -> TimeoutSession:
        return TimeoutSession(self.settings["PRUNE_LTI_PLATFORM_TIMEOUT_SECONDS"])

    def login(self) -> FlaskOIDCLogin:
        flask_request = FlaskRequest()
        return FlaskOIDCLogin(
            flask_request,
            self.config,
            session_service=self.session(flask_request),
            cookie_service=NoCookies(),
        )

    def launch(self) -> PruneLaunch:
        token = request.form.get("id_token", "")
        if not token:
            raise refusals.missing("id_token")
        limit = self.settings["PRUNE_LTI_MAX_TOKEN_BYTES"]
        if len(token.encode()) > limit:
            raise refusals.oversized(len(token.encode()), limit)
        flask_request = FlaskRequest()
        message = PruneLaunch(
            flask_request,
            self.config,
            session_service=self.session(flask_request),
            cookie_service=NoCookies(),
            requests_session=self.http(),
        )
        seconds = self.settings["PRUNE_LTI_KEYS_CACHE_SECONDS"]
        if seconds:
            message.set_public_key_caching(self.storage(), cache_lifetime=seconds)
        return message


def current_tool() -> LtiTool | None:
    return current_app.extensions.get("prune.lti")
