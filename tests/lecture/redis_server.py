"""A throwaway redis-server on a free loopback port, for tests that need a real Redis.

``RedisServer()`` keeps nothing on disk (rooms and broadcasts). For a durable store,
``RedisServer(appendonly=True)`` writes an append-only file fsynced before every answer
(``appendfsync always``) in its data directory; ``kill()`` is a crash (SIGKILL) and
``restart()`` starts it again on the same port and data directory.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Sequence


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    def __init__(
        self,
        *,
        appendonly: bool = False,
        appendfsync: str = "always",
        data_dir: str | None = None,
        port: int | None = None,
        extra_args: Sequence[str] = (),
    ):
        self.binary = shutil.which("redis-server")
        if self.binary is None:
            raise RuntimeError("redis-server is not installed (script/test installs it as root)")
        self.port = port or free_port()
        self.folder = None if data_dir else tempfile.TemporaryDirectory()
        self.data_dir = data_dir or self.folder.name
        self.args = [
            "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
            "--appendonly", "yes" if appendonly else "no", "--appendfsync", appendfsync,
            "--dir", self.data_dir, *extra_args,
        ]  # fmt: skip
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        """Start redis-server and wait until it answers PING (its data loaded)."""
        self.process = subprocess.Popen(
            [self.binary, *self.args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            if self.answers():
                return
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("redis-server did not start")

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(64).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """A crash: SIGKILL, no chance to flush or save anything."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def restart(self) -> None:
        """Start again on the same port and data directory (after ``kill`` or ``stop``)."""
        self.kill()
        self.start()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        if self.folder is not None:
            self.folder.cleanup()
            self.folder = None
