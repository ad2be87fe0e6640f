"""One browser context per test worker, handed to each browser test clean (imported by
tests/conftest.py; pytest-playwright's own ``context`` makes a new one per test).

A new context is a new browser profile: nothing cached. Every test then fetched and compiled
the bundles again, in a new renderer, and paid the context's creation: about a fifth of
Chromium's work per page load. Here the worker's context is made once; each test gets a new
page in it, and after the test everything a page can leave behind is taken away: its pages
closed, cookies, permissions, offline mode, and the origin's storage (local and session
storage, IndexedDB, cache storage, service workers) cleared through the DevTools protocol.
What stays is only what a browser keeps for any visitor: the HTTP cache of the immutable,
content-hashed bundles and their compiled code.

A test that asks for context options of its own (``@pytest.mark.browser_context_args``)
gets a context of its own, as before, and so does a test that drives the page's clock
(``page.clock``: Playwright installs its fake timers in the whole context, for good, so a
paused clock would stop every later page's timers and animation frames). Any test that makes
a context with ``browser.new_context`` (students, phones, projectors, first visits measured)
has it to itself, of course.
"""

from __future__ import annotations

import pytest
from support import source_mentions

# Every kind of storage a page can write, for Storage.clearDataForOrigin (not the HTTP cache).
STORAGE_TYPES = ",".join(
    [
        "cookies",
        "file_systems",
        "indexeddb",
        "local_storage",
        "websql",
        "service_workers",
        "cache_storage",
        "shared_storage",
        "storage_buckets",
    ]
)


class WorkerContext:
    """The worker's context and a blank page kept open in it, from which it is cleaned."""

    def __init__(self, context, origin: str):
        self.context = context
        self.origin = origin
        self.keeper = context.new_page()
        self.devtools = context.new_cdp_session(self.keeper)

    def clean(self) -> None:
        for page in self.context.pages:
            if page is not self.keeper:
                page.close()
        self.context.set_offline(False)
        self.context.clear_cookies()
        self.context.clear_permissions()
        self.devtools.send(
            "Storage.clearDataForOrigin", {"origin": self.origin, "storageTypes": STORAGE_TYPES}
        )


@pytest.fixture(scope="session")
def worker_context(browser, browser_context_args, base_url):
    context = browser.new_context(**browser_context_args)
    kept = WorkerContext(context, base_url.rstrip("/"))
    yield kept
    context.close()


@pytest.fixture
def context(request, new_context, worker_context):
    """pytest-playwright's ``context`` (and so ``page``): the worker's, cleaned after use."""
    own = request.node.get_closest_marker("browser_context_args") or source_mentions(
        getattr(request.node, "function", None), ".clock."
    )
    if own:
        yield new_context()
        return
    try:
        yield worker_context.context
    finally:
        worker_context.clean()
