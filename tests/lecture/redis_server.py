"""A throwaway redis-server on a free loopback port, for tests that need a real Redis."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    def __init__(self):
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (script/test installs it as root)")
        self.port = free_port()
        self.folder = tempfile.TemporaryDirectory()
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", self.folder.name],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.url = f"redis://127.0.0.1:{self.port}/0"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)
        self.folder.cleanup()
