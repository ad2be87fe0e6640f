"""One app instance, or N sharing a redis-server, for bench/capacity.py ``--instances N``.

With N = 1: the app alone, exactly as before (``start_server()``, no Redis). With N > 1: a
throwaway redis-server on a free loopback port (tests/lecture/redis_server.py, the helper
tests/lecture/test_two_instances.py uses) and N gunicorn instances started with
``MESSAGE_QUEUE=redis://127.0.0.1:<port>/0``, so they relay Socket.IO broadcasts through
Redis and keep lecture rooms there. Memory and CPU come from /proc, per worker and for
redis-server.

Every bench client connects from 127.0.0.1, one address: unless told ``one_address=True``,
the instances admit ``ONE_ADDRESS_CLASS`` sockets from it (``PRUNE_SOCKETS_PER_ADDRESS``; the
default, 1,500, would stop the ramp). With ``one_address=True`` they keep the default: the
ramp is then a class behind one NAT address (bench/capacity.py ``--one-address``).
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from load_support import (
    CLOCK_TICKS,
    ROOT,
    get_json,
    report_server_log,
    start_server,
    worker_cpu_seconds,
    worker_rss_mib,
)

# As the tests import it; "lecture.redis_server" would find bench/lecture.py as "lecture".
sys.path.append(str(ROOT / "tests" / "lecture"))
from redis_server import RedisServer  # noqa: E402

ONE_ADDRESS_CLASS = 100_000


class Instances:
    """N running app instances (and their redis-server when N > 1); ``stop()`` ends all."""

    def __init__(self, count: int, one_address: bool = False, environment=None):
        self.redis: RedisServer | None = None
        self.servers: list = []
        try:
            if count > 1:
                self.redis = RedisServer()
            environment = dict(environment or {})
            if not one_address:
                environment["PRUNE_SOCKETS_PER_ADDRESS"] = str(ONE_ADDRESS_CLASS)
            if self.redis:
                environment["MESSAGE_QUEUE"] = self.redis.url
            for _ in range(count):
                self.servers.append(start_server(environment))
        except BaseException:
            self.stop()
            raise

    @property
    def urls(self) -> list[str]:
        return [server.url for server in self.servers]

    def rss(self) -> list[float]:
        """Each worker's resident memory, in MiB."""
        return [worker_rss_mib(server.process.pid) for server in self.servers]

    def cpu(self) -> list[float]:
        """CPU seconds used so far by each worker, then by redis-server if there is one."""
        seconds = [worker_cpu_seconds(server.process.pid) for server in self.servers]
        if self.redis is not None:
            stat = Path(f"/proc/{self.redis.process.pid}/stat").read_text()
            fields = stat.rsplit(")", 1)[1].split()  # utime and stime: fields 14 and 15
            seconds.append((int(fields[11]) + int(fields[12])) / CLOCK_TICKS)
        return seconds

    def health(self) -> tuple[float, dict]:
        """/healthz of every instance: the slowest answer's seconds, and the summed counts."""
        answers = [get_json(url, "/healthz") for url in self.urls]
        counts = [body["connections"] for _, body in answers]
        return max(seconds for seconds, _ in answers), {
            "connections": sum(counts),
            "each": counts,
            "searches": sum(body["searches"] for _, body in answers),
        }

    def report(self) -> None:
        """Each server's log; with Redis, what redis-server holds at the end."""
        for index, server in enumerate(self.servers):
            if len(self.servers) > 1:
                print(f"instance {index} ", end="")
            report_server_log(server)
        if self.redis is not None:
            import redis  # the app's own dependency for MESSAGE_QUEUE

            info = redis.Redis.from_url(self.redis.url).info()
            print(
                f"redis-server at the end: {info['used_memory_human']} used, "
                f"{info['connected_clients']} clients, {info['pubsub_channels']} pub/sub "
                f"channels, {info['total_commands_processed']:,} commands, "
                f"{info.get('db0', {}).get('keys', 0)} keys"
            )

    def stop(self) -> None:
        for server in self.servers:
            with contextlib.suppress(Exception):
                server.stop()
        if self.redis is not None:
            self.redis.stop()


def plus(values: list[float], fmt: str = ".0f") -> str:
    """One figure as itself; several as ``a + b = total``."""
    text = " + ".join(format(value, fmt) for value in values)
    return text if len(values) == 1 else f"{text} = {sum(values):{fmt}}"
