"""What a browser fetches to open a page, found the way a browser finds it (bench/arrival.py).

``discover(base_url, path)`` loads the page once and returns a ``Page``: the address asked
for (a join link's redirect followed), the files the HTML names (stylesheets, scripts,
``modulepreload`` and ``preload`` links) and, for each JavaScript file, the modules it imports
statically (``import … from "…"``, ``import "…"``, ``export … from "…"``) or dynamically
(``import("…")``). It works alike on unbundled ES modules (one file per module, several
levels of imports) and on bundles (one file per page, perhaps with shared chunks): it reads
only what the server sends. Every file is fetched once here, so a name that is not a file
fails at once, naming it. Loopback only: the bench's own server.
"""

from __future__ import annotations

import http.client
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

# An ES module's specifier after from / import / export … from, or in import(…): relative
# ("./x.js", "../x.js") or absolute on this server ("/static/…").
IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']((?:\.{1,2}/|/)[^"'\s]+\.m?js)["']""")
FETCHED_LINKS = {"stylesheet", "modulepreload", "preload"}


@dataclass
class Page:
    """A page and what loading it costs: ``first`` (the address asked, redirects included)
    leads to ``roots`` (named by the HTML, fetched together) and each JavaScript file to its
    ``imports`` (fetched once it has arrived, as a browser walks a module graph)."""

    first: str
    landed: str
    roots: list[str]
    imports: dict[str, list[str]] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)

    @property
    def files(self) -> list[str]:
        """Every file the page fetches after its HTML, once each."""
        seen: dict[str, None] = dict.fromkeys(self.roots)
        for path in list(seen):
            self._walk(path, seen)
        return list(seen)

    def _walk(self, path: str, seen: dict[str, None]) -> None:
        for child in self.imports.get(path, ()):
            if child not in seen:
                seen[child] = None
                self._walk(child, seen)

    def levels(self) -> int:
        """How many round trips deep the page is: the HTML is level 1, what it names level 2,
        a file first imported by a level-n file level n + 1 (a browser fetches a module as
        soon as one importer has arrived)."""
        level = dict.fromkeys(self.roots, 2)
        queue = list(self.roots)
        while queue:
            path = queue.pop(0)
            for child in self.imports.get(path, ()):
                if child not in level:
                    level[child] = level[path] + 1
                    queue.append(child)
        return max(level.values(), default=1)

    def describe(self) -> str:
        total = sum(self.sizes.values())
        return (
            f"{self.first} -> {self.landed}: {len(self.files) + 1} requests after the redirect "
            f"(the HTML and {len(self.files)} files, {self.levels()} levels), {total:,} bytes"
        )


class _Links(HTMLParser):
    """The files an HTML page makes a browser fetch before it can run."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {key: value or "" for key, value in attrs}
        if tag == "script" and named.get("src"):
            self.found.append(named["src"])
        elif (
            tag == "link"
            and named.get("href")
            and FETCHED_LINKS & set(named.get("rel", "").lower().split())
        ):
            self.found.append(named["href"])


def discover(base_url: str, path: str) -> Page:
    """Load ``path`` (following redirects) and every file it needs; raises on a non-200."""
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        landed, html = _follow(connection, path)
        links = _Links()
        links.feed(html.decode())
        roots = [_local(landed, link) for link in links.found]
        page = Page(path, landed, [root for root in dict.fromkeys(roots) if root], {})
        page.sizes[landed] = len(html)
        queue = list(page.roots)
        while queue:
            file = queue.pop(0)
            if file in page.sizes:
                continue
            body = _get(connection, file)
            page.sizes[file] = len(body)
            if file.endswith((".js", ".mjs")):
                found = IMPORT.findall(body.decode(errors="replace"))
                children = list(dict.fromkeys(urljoin(file, spec) for spec in found))
                page.imports[file] = children
                queue += children
        return page
    finally:
        connection.close()


def _local(page: str, link: str) -> str | None:
    """A link's path on this server (data: and other hosts' links are not fetched here)."""
    if link.startswith("data:"):
        return None
    parts = urlsplit(urljoin(page, link))
    return None if parts.netloc else parts.path


def _follow(connection: http.client.HTTPConnection, path: str) -> tuple[str, bytes]:
    for _ in range(5):
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        if response.status in (301, 302, 303, 307, 308):
            target = urlsplit(urljoin(path, response.getheader("Location", "/")))
            path = target.path + (f"?{target.query}" if target.query else "")
            continue
        if response.status != 200:
            raise RuntimeError(f"GET {path}: HTTP {response.status}")
        return path, body
    raise RuntimeError(f"GET {path}: too many redirects")


def _get(connection: http.client.HTTPConnection, path: str) -> bytes:
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        raise RuntimeError(f"GET {path} (named by the page): HTTP {response.status}")
    return body
