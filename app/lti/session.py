"""PyLTI1p3's session, cookie and launch-data services, kept in the tool's store instead of
cookies (see state.py for why).

- ``NoCookies``: the library's state cookie is never set; the state is checked against the
  store (``OneUseSession.check_state_is_valid``).
- ``OneUseSession``: a login's nonce is saved with its state; a launch must bring both, and
  its nonce is claimed once (the library itself would let a nonce be used again).
- ``StoreLaunchData``: the library's launch data in the store, with no session cookie.
"""

from __future__ import annotations

from typing import Any

from pylti1p3.cookie import CookieService
from pylti1p3.launch_data_storage.base import LaunchDataStorage
from pylti1p3.session import SessionService

from .state import LtiState


class NoCookies(CookieService):
    def get_cookie(self, name: str) -> None:
        return None

    def set_cookie(self, name: str, value: Any, exp: int | None = 3600) -> None:
        return None

    def update_response(self, response) -> None:
        """The Flask adapter's hook to write the cookies set: there are none."""


class StoreLaunchData(LaunchDataStorage):
    """Key/value storage for the library, in ``LtiState`` (with no session id: keys are the
    library's random state and launch ids)."""

    def __init__(self, state: LtiState, seconds: int):
        super().__init__()
        self.state = state
        self.seconds = seconds

    def get_session_cookie_name(self) -> None:
        return None

    def can_set_keys_expiration(self) -> bool:
        return True

    def get_value(self, key: str) -> Any:
        return self.state.get(self._prepare_key(key))

    def set_value(self, key: str, value: Any, exp: int | None = None) -> None:
        self.state.put(self._prepare_key(key), value, exp or self.seconds)

    def check_value(self, key: str) -> bool:
        return self.get_value(key) is not None


class OneUseSession(SessionService):
    """The login's state, its nonce, and the launch data, in the store; a nonce used once."""

    def __init__(self, request, storage: StoreLaunchData, request_state: str | None = None):
        super().__init__(request)
        self.set_data_storage(storage)
        self._launch_data_lifetime = storage.seconds
        self.storage = storage
        self.request_state = request_state  # the launch's ``state`` form field
        self._nonce: str | None = None

    def save_nonce(self, nonce: str) -> None:
        # Called by the login just before save_state_params, which records it with the state.
        self._nonce = nonce
        self.storage.state.put(f"lti-nonce:{nonce}", True, self.storage.seconds)

    def save_state_params(self, state: str, params: dict[str, object]) -> None:
        super().save_state_params(state, {**params, "nonce": self._nonce})

    def check_state_is_valid(self, state: str, id_token_hash: str) -> bool:
        """A state this tool gave at login, not expired (the launch's other checks follow)."""
        return bool(self.get_state_params(state))

    def nonce_of_state(self) -> str | None:
        """The nonce the login gave with this launch's state."""
        return (self.get_state_params(self.request_state or "") or {}).get("nonce")

    def claim_nonce(self, nonce: str) -> bool:
        """True only the first time (and within the login's lifetime)."""
        return self.storage.state.claim(f"lti-nonce:{nonce}")

    def check_nonce(self, nonce: str) -> bool:
        """The library's own check: the state's nonce, used for the first time now."""
        return self.nonce_of_state() == nonce and self.claim_nonce(nonce)
