"""What ``script/server`` tells the lecturer about where students can join: never an address
the server does not listen on (docs/deployment.md, "A lecture on the classroom network").

``python -m app.listening`` prints the lines for the environment's HOST, PORT,
PRUNE_PUBLIC_URL and PRUNE_TRUSTED_PROXIES; ``announcement`` is the pure rule.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import subprocess
import sys
from urllib.parse import urlsplit

EVERY_INTERFACE = ("0.0.0.0", "::", "")


def is_loopback(host: str) -> bool:
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def announcement(
    host: str, port: str, public_url: str | None, proxies: int, lan: list[str]
) -> list[str]:
    """The lines to print: where students can join, or why they cannot, and the fix."""
    public_host = urlsplit(public_url).hostname or "" if public_url else ""
    fix = (
        f"set HOST=0.0.0.0 (every interface) and PRUNE_PUBLIC_URL=http://ADDRESS:{port}, "
        "ADDRESS being one students can reach"
    )
    if public_url and proxies > 0:
        return [
            f"==> Students can join at {public_url} (through the proxy in front of this server)"
        ]
    if host in EVERY_INTERFACE:
        if public_url:
            return [f"==> Students can join at {public_url}"]
        lines = [f"==> Students can join at http://{address}:{port}" for address in lan]
        lines = lines or [f"==> Listening on every interface on port {port} (no LAN address found)"]
        return [
            *lines,
            "==> Join links and QR codes use the address the presenter's browser opened; "
            f"set PRUNE_PUBLIC_URL (e.g. http://ADDRESS:{port}) to fix it",
        ]
    if is_loopback(host):
        if public_url and not is_loopback(public_host):
            return [
                f"==> WARNING: PRUNE_PUBLIC_URL is {public_url}, but this server listens on "
                f"{host} only: no other device can reach it. To teach, {fix}."
            ]
        return [f"==> Listening on {host} only: students' devices cannot join; to teach, {fix}"]
    if public_url and public_host != host:
        return [
            f"==> WARNING: PRUNE_PUBLIC_URL is {public_url}, but this server listens on {host}; "
            f"join links will point elsewhere. Set PRUNE_PUBLIC_URL=http://{host}:{port}."
        ]
    return [f"==> Students can join at {public_url or f'http://{host}:{port}'}"]


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that are not loopback."""
    found: list[str] = []
    try:  # every address of every interface (Debian's hostname -I)
        run = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5)
        found = run.stdout.split()
    except (OSError, subprocess.SubprocessError):
        pass
    if not found:  # the address of the interface that routes outwards (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect(("192.0.2.1", 9))
                found = [probe.getsockname()[0]]
            except OSError:
                pass
    ipv4 = [a for a in found if a.count(".") == 3 and not is_loopback(a) and a != "0.0.0.0"]
    return list(dict.fromkeys(ipv4))


def main() -> int:
    host = os.environ.get("HOST", "127.0.0.1")
    port = os.environ.get("PORT", "8000")
    public_url = (os.environ.get("PRUNE_PUBLIC_URL") or "").rstrip("/") or None
    proxies = int(os.environ.get("PRUNE_TRUSTED_PROXIES") or 0)
    lan = lan_addresses() if host in EVERY_INTERFACE else []
    print("\n".join(announcement(host, port, public_url, proxies, lan)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
