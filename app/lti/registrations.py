"""The platforms (LMSs) Prune is registered with: a JSON file, ``PRUNE_LTI_CONFIG`` (default
``instance/lti.json``), read at start. docs/lti.md gives its schema; in short::

    {"platforms": [{"name": "Canvas", "issuer": "https://canvas.instructure.com",
                    "client_id": "10000000000001", "deployment_ids": ["1:abc"],
                    "auth_login_url": "…", "auth_token_url": "…", "key_set_url": "…"}]}

One issuer may appear with several client ids (several registrations in one LMS). A
mistake stops the start with ``RegistrationError`` naming the file and the field. With no
file, LTI is off: its routes answer a page that says so.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from pylti1p3.tool_config import ToolConfDict

REQUIRED_URLS = ("auth_login_url", "auth_token_url", "key_set_url")
OPTIONAL_TEXT = ("name", "auth_audience")


class RegistrationError(ValueError):
    """The registrations file is not as docs/lti.md says; the message names the field."""


def read_platforms(path: str | Path) -> list[dict[str, Any]] | None:
    """The checked platforms of the file at ``path``, or None when there is no such file."""
    path = Path(path)
    if not path.exists():
        return None
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise RegistrationError(f"{path}: not readable JSON ({err})") from None
    platforms = document.get("platforms") if isinstance(document, dict) else None
    if not isinstance(platforms, list) or not platforms:
        raise RegistrationError(f'{path}: "platforms" must be a non-empty list')
    checked = [_checked(path, index, platform) for index, platform in enumerate(platforms)]
    seen = set()
    for platform in checked:
        pair = (platform["issuer"], platform["client_id"])
        if pair in seen:
            raise RegistrationError(f"{path}: issuer {pair[0]} with client_id {pair[1]} twice")
        seen.add(pair)
    return checked


def _checked(path: Path, index: int, platform: Any) -> dict[str, Any]:
    where = f"{path}: platforms[{index}]"
    if not isinstance(platform, dict):
        raise RegistrationError(f"{where} must be an object")
    unknown = set(platform) - {
        "issuer",
        "client_id",
        "deployment_ids",
        *REQUIRED_URLS,
        *OPTIONAL_TEXT,
    }
    if unknown:
        raise RegistrationError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    for field in ("issuer", "client_id"):
        if not isinstance(platform.get(field), str) or not platform[field].strip():
            raise RegistrationError(f"{where}.{field} must be a non-empty string")
    for field in REQUIRED_URLS:
        value = platform.get(field)
        if not isinstance(value, str) or urlsplit(value).scheme not in ("http", "https"):
            raise RegistrationError(f"{where}.{field} must be an http(s) URL")
    for field in OPTIONAL_TEXT:
        if field in platform and not isinstance(platform[field], str):
            raise RegistrationError(f"{where}.{field} must be a string")
    deployments = platform.get("deployment_ids")
    if (
        not isinstance(deployments, list)
        or not deployments
        or not all(isinstance(item, str) and item for item in deployments)
    ):
        raise RegistrationError(f"{where}.deployment_ids must be a non-empty list of strings")
    return platform


def tool_config(platforms: list[dict[str, Any]], private_pem: str, public_pem: str) -> ToolConfDict:
    """PyLTI1p3's view of the registrations, every one signing with the tool's key."""
    by_issuer: dict[str, list[dict[str, Any]]] = {}
    for platform in platforms:
        by_issuer.setdefault(platform["issuer"], []).append(
            {
                "default": not by_issuer.get(platform["issuer"]),
                "client_id": platform["client_id"],
                "auth_login_url": platform["auth_login_url"],
                "auth_token_url": platform["auth_token_url"],
                "auth_audience": platform.get("auth_audience"),
                "key_set_url": platform["key_set_url"],
                "key_set": None,
                "deployment_ids": platform["deployment_ids"],
            }
        )
    config = ToolConfDict(by_issuer)
    for platform in platforms:
        config.set_private_key(platform["issuer"], private_pem, client_id=platform["client_id"])
        config.set_public_key(platform["issuer"], public_pem, client_id=platform["client_id"])
    return config
