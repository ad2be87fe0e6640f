"""Giving way to the server's other clients during a computation the server does itself.

Under gunicorn's gevent worker (the standard library patched by gevent), every client is a
greenlet on one thread: ``take_turns()`` lets the others run between batches of a search and
inside long parses, and ``off_the_loop(function, *args)`` runs a long call in a thread of
the hub's pool, so the loop serves everyone meanwhile (the GIL switching every few ms).
Without gevent (the threaded server of the tests), each request has a thread of its own:
the first is ``time.sleep(0)``, the second a plain call.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def under_gevent() -> bool:
    """Whether this process runs on gevent's loop (gunicorn's gevent worker patches sockets)."""
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency of the server
        return False
    return monkey.is_module_patched("socket")


def take_turns() -> None:
    """Let the server's other clients run (between batches, and inside long parses).

    Under gevent, ``sleep(0)`` only switches to greenlets already runnable: the loop does not
    poll sockets, so a client whose request has just arrived would wait for the whole search
    (up to 180 ms measured). ``idle()`` resumes this greenlet once the loop has polled and run
    everything ready."""
    if under_gevent():
        import gevent

        gevent.idle()
    else:
        time.sleep(0)


def off_the_loop(function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)`` where a long computation keeps no other client waiting: under gevent
    in a thread of the hub's pool; with threads, where it is."""
    if under_gevent():
        import gevent

        return gevent.get_hub().threadpool.apply(function, args)
    return function(*args)
