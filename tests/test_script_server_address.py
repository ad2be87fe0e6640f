"""script/server prints the address to share with a class (docs/deployment.md): each LAN
address with its port, or ``PRUNE_PUBLIC_URL`` when set. Runs script/server itself, under its
own process group, and stops it once the line is printed."""

from __future__ import annotations

import contextlib
import os
import re
import select
import signal
import subprocess
import time

from conftest_browser import REPO_ROOT, free_port
from security_headers import PUBLIC_URL


def lan_addresses() -> list[str]:
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [
        a
        for a in out.split()
        if re.fullmatch(r"\d+\.\d+\.\d+\.\d+", a) and not a.startswith("127.")
    ]


def run_script_server(env_overrides: dict[str, str], until: str, timeout: float = 60.0) -> str:
    """Start script/server, read its output until ``until`` appears, then stop its group."""
    env = {**os.environ, **env_overrides}
    proc = subprocess.Popen(
        ["script/server"],
        cwd=REPO_ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    output = b""
    try:
        deadline = time.monotonic() + timeout
        while until.encode() not in output and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 0.5)
            if ready:
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    break
                output += chunk
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
        proc.stdout.close()
    return output.decode(errors="replace")


def test_script_server_prints_the_address_to_share():
    port = free_port()
    output = run_script_server(
        {"HOST": "0.0.0.0", "PORT": str(port), "PRUNE_PUBLIC_URL": ""}, until="Listening at"
    )
    assert "Listening at" in output, output
    printed = re.findall(r"Students can join at http://([\d.]+):(\d+)", output)
    expected = lan_addresses()
    if not expected:  # hostname -I found none: the routed address, or the script says so
        assert printed or "(no LAN address found)" in output, output
        return
    assert {address for address, _ in printed} == set(expected), output
    assert {int(p) for _, p in printed} == {port}
    assert not any(address.startswith("127.") for address, _ in printed)
    assert "PRUNE_PUBLIC_URL" in output


def test_script_server_prints_the_public_url_when_set():
    port = free_port()
    output = run_script_server(
        {"HOST": "0.0.0.0", "PORT": str(port), "PRUNE_PUBLIC_URL": PUBLIC_URL + "/"},
        until="Listening at",
    )
    assert f"Students can join at {PUBLIC_URL}\n" in output, output
    assert "Listening at" in output
