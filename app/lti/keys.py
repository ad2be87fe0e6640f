"""The tool's own RSA key pair: made on first use in the keys folder (``PRUNE_LTI_KEYS_DIR``,
default ``instance/lti-keys``), rotated on demand (``flask --app wsgi lti rotate-key``).

The tool signs with ``current.pem``; its JWKS (``/lti/jwks``) lists the public halves of
``current.pem`` and ``previous.pem``, so a platform that cached the old key still checks
what was signed just before a rotation. Each key's ``kid`` is its RFC 7638 thumbprint.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from jwcrypto.jwk import JWK

CURRENT = "current.pem"
PREVIOUS = "previous.pem"


class ToolKeys:
    """The key files of one folder."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)

    def private_pem(self) -> str:
        """The signing key (PEM), made and saved first if there is none."""
        path = self.folder / CURRENT
        if not path.exists():
            self._write(path, _new_private_pem())
        return path.read_text()

    def public_pem(self) -> str:
        return _public_pem(self.private_pem())

    def rotate(self) -> str:
        """A new signing key; the one it replaces stays in the JWKS as the previous one.
        Returns the new key's ``kid``."""
        current = self.folder / CURRENT
        if current.exists():
            self._write(self.folder / PREVIOUS, current.read_text())
        self._write(current, _new_private_pem())
        return public_jwk(self.public_pem())["kid"]

    def jwks(self) -> dict[str, list[dict[str, Any]]]:
        keys = [public_jwk(self.public_pem())]
        previous = self.folder / PREVIOUS
        if previous.exists():
            keys.append(public_jwk(_public_pem(previous.read_text())))
        return {"keys": keys}

    def _write(self, path: Path, pem: str) -> None:
        """Write ``pem`` readable by its owner only, replacing the file at once."""
        self.folder.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".tmp")
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(pem)
        os.replace(partial, path)


def public_jwk(public_pem: str) -> dict[str, Any]:
    key = JWK.from_pem(public_pem.encode())
    jwk = json.loads(key.export_public())
    return {**jwk, "kid": key.thumbprint(), "alg": "RS256", "use": "sig"}


def _new_private_pem() -> str:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


def _public_pem(private_pem: str) -> str:
    key = serialization.load_pem_private_key(private_pem.encode(), password=None)
    return (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
