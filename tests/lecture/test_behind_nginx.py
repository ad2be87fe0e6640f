"""A tested deployment: Debian's nginx, configured with the block docs/deployment.md shows
("Option 1: sticky sessions"), in front of two instances sharing Redis; a lecture through it.

Skipped only where nginx is not installed (script/test installs it, as it does redis-server).
"""

from __future__ import annotations

import json
import queue
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
import requests
import socketio
from conftest_browser import free_port, start_server
from redis_server import RedisServer

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
VIEW = {"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "options": {}}
TOKEN = "student-token-0123456789"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(NGINX is None, reason="nginx is not installed (script/test installs it)"),
]


def documented_block() -> str:
    """The nginx block of docs/deployment.md's "Option 1: sticky sessions"."""
    text = (ROOT / "docs" / "deployment.md").read_text()
    section = text.split("### Option 1: sticky sessions", 1)[1]
    return re.search(r"```nginx\n(.*?)```", section, re.S).group(1)


def nginx_conf(block: str, ports: list[int], listen: int, prefix: Path) -> str:
    """The documented block with this test's ports, in a minimal main configuration."""
    assert "server 127.0.0.1:8001;" in block and "listen 80;" in block
    block = block.replace("127.0.0.1:8001", f"127.0.0.1:{ports[0]}")
    block = block.replace("127.0.0.1:8002", f"127.0.0.1:{ports[1]}")
    block = block.replace("listen 80;", f"listen 127.0.0.1:{listen};")
    assert "root /srv/prune;" in block
    block = block.replace("root /srv/prune;", f"root {ROOT};")  # this checkout, built
    temp = prefix / "temp"
    temp.mkdir()
    return f"""
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
worker_processes 1;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    access_log {prefix}/access.log;
    client_body_temp_path {temp};
    proxy_temp_path {temp};
    fastcgi_temp_path {temp};
    uwsgi_temp_path {temp};
    scgi_temp_path {temp};
{block}
}}
"""


@pytest.fixture(scope="module")
def deployment():
    redis_server = RedisServer()
    servers, nginx = [], None
    prefix = Path(tempfile.mkdtemp(prefix="prune-nginx-"))
    try:
        env = {"MESSAGE_QUEUE": redis_server.url, "PRUNE_TRUSTED_PROXIES": "1"}
        servers = [start_server(env) for _ in range(2)]
        ports = [int(server.url.rsplit(":", 1)[1]) for server in servers]
        listen = free_port()
        conf = prefix / "nginx.conf"
        conf.write_text(nginx_conf(documented_block(), ports, listen, prefix))
        command = [NGINX, "-p", str(prefix), "-c", str(conf), "-g", "daemon off;"]
        nginx = subprocess.Popen(command, stderr=subprocess.PIPE)
        url = f"http://127.0.0.1:{listen}"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if requests.get(url + "/healthz", timeout=2).ok:
                    break
            except requests.ConnectionError:
                time.sleep(0.1)
        else:
            raise RuntimeError(f"nginx did not answer: {(prefix / 'error.log').read_text()}")
        yield url, servers
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait(10)
        for server in servers:
            server.stop()
        redis_server.stop()
        shutil.rmtree(prefix, ignore_errors=True)


def client(url, inbox=None, transports=None):
    made = socketio.Client(reconnection=False)
    for name in ("lecture:cursor", "lecture:view", "lecture:audience"):
        if inbox is not None:
            made.on(name, lambda body, name=name: inbox.put((name, body)))
    made.connect(url, transports=transports, wait_timeout=10)
    return made


def next_message(inbox, name):
    while True:
        kind, body = inbox.get(timeout=10)
        if kind == name:
            return body


def connections(server) -> int:
    return requests.get(server.url + "/healthz", timeout=5).json()["connections"]


def test_a_lecture_through_nginx_with_the_presenter_on_another_instance(deployment):
    url, servers = deployment
    students, inboxes = [], []
    try:
        for _ in range(3):  # long-polling first, then the upgrade: sticky sessions needed
            inboxes.append(queue.Queue())
            students.append(client(url, inboxes[-1]))
        deadline = time.monotonic() + 10  # the upgrade to websocket goes on in the background
        while time.monotonic() < deadline and any(s.transport() != "websocket" for s in students):
            time.sleep(0.1)
        assert all(each.transport() == "websocket" for each in students)
        counts = [connections(server) for server in servers]
        assert sorted(counts) == [0, 3], "ip_hash keeps one address on one instance"
        other = servers[counts.index(0)]  # the presenter connects straight to the other one
        presenter_inbox = queue.Queue()
        presenter = client(other.url, presenter_inbox, transports=["websocket"])
        started = presenter.call("lecture:start", {"view": VIEW, "cursor": {"step": 0}}, timeout=10)
        code, key = started["room"], started["key"]
        for student in students:
            joined = student.call("lecture:join", {"room": code, "student": TOKEN}, timeout=10)
            assert joined["ok"], joined
            view = requests.get(url + joined["view"]["href"], timeout=10)
            assert view.json() == VIEW, "the view fetched through nginx, from Redis"
        assert next_message(presenter_inbox, "lecture:audience")["count"] >= 1
        message = {"room": code, "key": key, "seq": 1, "cursor": {"step": 4}}
        assert presenter.call("lecture:cursor", message, timeout=10)["ok"]
        for inbox in inboxes:
            assert next_message(inbox, "lecture:cursor")["cursor"]["step"] == 4
        presenter.disconnect()
    finally:
        for student in students:
            student.disconnect()


def test_pages_through_nginx_carry_the_security_headers(deployment):
    url, _ = deployment
    page = requests.get(url + "/", timeout=10)
    assert page.status_code == 200
    assert page.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert page.headers["X-Frame-Options"] == "DENY"
    assert page.headers["X-Content-Type-Options"] == "nosniff"


def test_the_instances_count_the_address_nginx_saw_not_a_forged_one(deployment):
    url, servers = deployment
    # Each instance believes one proxy: nginx replaces X-Forwarded-For with the address it
    # saw, so a client cannot pick its own. Two forged addresses share one rate-limit count.
    headers = [{"X-Forwarded-For": f"10.9.9.{n}"} for n in (1, 2)]
    first = requests.get(url + "/api/presets", headers=headers[0], timeout=10)
    second = requests.get(url + "/api/presets", headers=headers[1], timeout=10)
    left = [int(r.headers["X-RateLimit-Remaining"]) for r in (first, second)]
    assert left[1] == left[0] - 1, left
    # Straight to an instance (no proxy in between), a forged header is believed: which is
    # why the instances must be reachable only through nginx.
    direct = requests.get(servers[0].url + "/api/presets", headers=headers[0], timeout=10)
    assert direct.status_code == 200


def test_nginx_serves_the_builds_files_itself_immutable_and_gzipped(deployment):
    url, servers = deployment
    manifest = json.loads((ROOT / "static" / "dist" / "manifest.json").read_text())
    path = "/static/" + manifest["scripts"]["visualizer/page.js"]
    hashed = requests.get(url + path, headers={"Accept-Encoding": "gzip"}, timeout=10)
    assert hashed.status_code == 200
    assert hashed.headers["Cache-Control"] == "max-age=31536000, public, immutable"
    assert hashed.headers["Content-Encoding"] == "gzip"
    assert hashed.headers["Vary"] == "Accept-Encoding"
    assert hashed.headers["Content-Type"] == "application/javascript"
    assert hashed.headers["X-Content-Type-Options"] == "nosniff"
    assert hashed.content == (ROOT / path.lstrip("/")).read_bytes()  # the .gz, decoded
    unhashed = requests.get(url + "/static/dist/manifest.json", timeout=10)
    assert unhashed.headers["Cache-Control"] == "max-age=0, public"
    again = requests.get(
        url + "/static/dist/manifest.json", headers={"If-None-Match": unhashed.headers["ETag"]}
    )
    assert again.status_code == 304
    time.sleep(0.3)  # the instances' access logs
    assert not any(path in server.stdout() for server in servers), "nginx, not the app"
