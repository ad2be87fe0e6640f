"""script/server never announces an address it does not listen on (app/listening.py)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.listening import announcement, is_loopback

ROOT = Path(__file__).resolve().parent.parent
LAN = ["192.168.1.23"]


def test_a_public_url_on_a_loopback_server_is_a_warning_not_an_announcement():
    [line] = announcement("127.0.0.1", "8000", "http://192.168.1.23:8000", 0, [])
    assert "Students can join" not in line
    assert line.startswith("==> WARNING: PRUNE_PUBLIC_URL is http://192.168.1.23:8000")
    assert "listens on 127.0.0.1 only" in line and "HOST=0.0.0.0" in line


def test_the_default_says_no_device_can_join_and_how_to_fix_it():
    [line] = announcement("127.0.0.1", "8000", None, 0, [])
    assert (
        "students' devices cannot join" in line and "PRUNE_PUBLIC_URL=http://ADDRESS:8000" in line
    )


def test_every_interface_announces_the_lan_addresses_or_the_public_url():
    lines = announcement("0.0.0.0", "8000", None, 0, LAN)
    assert lines[0] == "==> Students can join at http://192.168.1.23:8000"
    public = announcement("0.0.0.0", "8000", "http://192.168.1.23:8000", 0, LAN)
    assert public == ["==> Students can join at http://192.168.1.23:8000"]


def test_behind_a_trusted_proxy_the_public_url_is_announced():
    [line] = announcement("127.0.0.1", "8001", "https://prune.example.edu", 1, [])
    assert line.startswith("==> Students can join at https://prune.example.edu")


def test_a_specific_address_is_announced_only_as_itself():
    assert announcement("192.168.1.23", "8000", None, 0, []) == [
        "==> Students can join at http://192.168.1.23:8000"
    ]
    [line] = announcement("192.168.1.23", "8000", "http://10.0.0.9:8000", 0, [])
    assert line.startswith("==> WARNING") and "Students can join" not in line


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "a.localhost"]
)
def test_loopback_hosts(host):
    assert is_loopback(host)


def test_the_module_prints_for_the_environment():
    env = {**os.environ, "HOST": "127.0.0.1", "PRUNE_PUBLIC_URL": "http://192.168.1.23:8000"}
    env.pop("PRUNE_TRUSTED_PROXIES", None)
    out = subprocess.run(
        [sys.executable, "-m", "app.listening"], env=env, cwd=ROOT, capture_output=True, text=True
    ).stdout
    assert out.startswith("==> WARNING") and "Students can join" not in out
