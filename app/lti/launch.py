"""Checking a launch: PyLTI1p3's ``MessageLaunch`` with Prune's own order and reasons.

The library checks the state, the token's form, the registration, the signature (through
the platform's JWKS), the deployment and the message's claims. Prune checks the signature
first of the token's contents (so a forged token cannot spend a nonce), verifies the
audience and expiry itself (the library leaves the audience to a separate comparison), and
claims the nonce once. Each failure raises a ``Refusal`` saying why (refusals.py).

The platform is reached with a time limit (``TimeoutSession``): a platform that is down is
a 502 page, not a worker waiting for ever.
"""

from __future__ import annotations

import hashlib

import jwt
import requests
from pylti1p3.contrib.flask import FlaskMessageLaunch
from pylti1p3.exception import LtiException, LtiKeyException, ToolConfException

from ..engine.errors import N_, Message
from . import refusals
from .session import OneUseSession

ALGORITHMS = ("RS256", "RS384", "RS512")
CLOCK_LEEWAY_SECONDS = 10


class TimeoutSession(requests.Session):
    """A requests session whose calls give up after ``seconds`` unless told otherwise."""

    def __init__(self, seconds: float):
        super().__init__()
        self.seconds = seconds
        self.headers["User-Agent"] = "Prune LTI tool"

    def request(self, method, url, **kwargs):
        kwargs.setdefault("timeout", self.seconds)
        return super().request(method, url, **kwargs)


class PruneLaunch(FlaskMessageLaunch):
    """One launch (``id_token`` and ``state`` posted by the platform)."""

    _session_service: OneUseSession

    def validate(self) -> PruneLaunch:
        self._validated = True
        try:
            self.validate_state()
            self.validate_jwt_format()
            self.validate_registration()
            self.validate_jwt_signature()
            self.validate_deployment()
            self.validate_nonce()
            self.validate_message()
            self.save_launch_data()
        except Exception:
            self._validated = False
            raise
        return self

    def validate_state(self) -> PruneLaunch:
        if not self._get_request_param("state"):
            raise refusals.missing("state")
        try:
            return super().validate_state()
        except LtiException:
            raise refusals.unknown_state() from None

    def validate_registration(self) -> PruneLaunch:
        issuer = self._jwt.get("body", {}).get("iss")
        try:
            return super().validate_registration()
        except (ToolConfException, LtiException):
            raise refusals.unknown_issuer(issuer) from None

    def fetch_public_key(self, key_set_url: str):
        try:
            return super().fetch_public_key(key_set_url)
        except LtiKeyException as err:
            raise refusals.platform_down(_first_line(err)) from None

    def get_public_key(self):
        try:
            return super().get_public_key()
        except LtiKeyException:
            if self._public_key_cache_data_storage is None:
                raise
        # The cached keys lack this token's key: the platform may have rotated; fetch again.
        self._forget_cached_keys()
        self._registration.set_key_set(None)
        return super().get_public_key()

    def _forget_cached_keys(self) -> None:
        storage = self._public_key_cache_data_storage
        url = self._registration.get_key_set_url() or ""
        # The library's own cache key (pylti1p3 MessageLaunch.fetch_public_key).
        key = "key-set-url-" + hashlib.md5(url.encode()).hexdigest()
        storage.state.forget(storage._prepare_key(key))

    def validate_jwt_signature(self) -> PruneLaunch:
        try:
            public_key, algorithm = self.get_public_key()
        except LtiKeyException as err:
            raise refusals.bad_signature(_first_line(err)) from None
        if algorithm not in ALGORITHMS:
            says = N_("algorithm {algorithm} is not accepted")
            raise refusals.bad_signature(Message(says, algorithm=algorithm))
        try:
            jwt.decode(
                self._get_id_token(),
                public_key,
                algorithms=[algorithm],
                audience=self._registration.get_client_id(),
                issuer=self._registration.get_issuer(),
                leeway=CLOCK_LEEWAY_SECONDS,
                options={"require": ["exp", "iat", "iss", "aud", "nonce"]},
            )
        except jwt.ExpiredSignatureError:
            raise refusals.expired() from None
        except jwt.InvalidSignatureError:
            says = Message(N_("it does not match the platform's key"))
            raise refusals.bad_signature(says) from None
        except jwt.InvalidTokenError as err:
            raise refusals.bad_signature(str(err)) from None
        return self

    def validate_deployment(self) -> PruneLaunch:
        try:
            return super().validate_deployment()
        except LtiException:
            raise refusals.unknown_deployment(self._get_deployment_id()) from None

    def validate_nonce(self) -> PruneLaunch:
        nonce = self._get_jwt_body().get("nonce")
        if not nonce:
            raise refusals.missing("nonce")
        session = self._session_service
        if session.nonce_of_state() != nonce:
            raise refusals.nonce_mismatch()
        if not session.claim_nonce(nonce):
            raise refusals.replayed()
        return self


def _first_line(err: Exception) -> str:
    return str(err).splitlines()[0][:200] if str(err) else type(err).__name__
