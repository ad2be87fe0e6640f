"""Static files and compression: what a class's arrival costs the worker.

``/static/`` is served by WhiteNoise, a WSGI layer in front of Flask and Socket.IO: a file is a
lookup in a table made at start, its headers computed once, without Flask's routing or hooks.
The build's content-hashed files (``static/dist/…-HASH.js``/``.css``) go out
``Cache-Control: public, max-age=31536000, immutable``: a browser that has one never asks
again. The rest (the manifest, the modules and sheets as they are, the vendored libraries) go
out ``max-age=0`` with an ETag and Last-Modified, so a browser revalidates them (a 304). The
build's gzip and brotli copies (``.gz``, ``.br``, made by script/build.mjs) are sent to a
browser that accepts them, with ``Vary: Accept-Encoding``. In ``PRUNE_ASSETS=modules``
(development) WhiteNoise looks at the disk on each request, so edited files are seen.

Flask's own answers (pages, JSON: traces, game documents) are compressed by Flask-Compress when
they are at least ``COMPRESS_MIN_SIZE`` bytes; streamed answers and Socket.IO (answered before
Flask) are not. A compressed answer's strong ETag gets the coding appended (``"…:br"``);
``app.web.traces.not_modified`` knows both forms.
"""

from __future__ import annotations

import re

from flask import Flask
from flask_compress import Compress
from whitenoise import WhiteNoise
from whitenoise.base import scantree

# esbuild's [hash]: 8 characters of A-Z and 0-9 before the extension (script/build.mjs).
HASHED = re.compile(r"/dist/.+-[A-Z0-9]{8}\.(?:js|css)$")
ONE_YEAR = 31_536_000
# The codings Flask-Compress may choose, best first; not_modified accepts ETags with each.
CODINGS = ("br", "gzip")


class StaticFiles(WhiteNoise):
    """WhiteNoise, with a year (HTTP's customary "forever") for the hashed files.

    The table of files is made once per process for a folder as it is on disk (each file's
    path, size and time) and the same settings: a worker, or a test run that creates
    hundreds of apps, does not compute every file's headers again for each app.
    """

    FOREVER = ONE_YEAR
    _tables: dict[tuple, dict] = {}

    def update_files_dictionary(self, root, prefix):
        on_disk = dict(scantree(root))
        key = (
            root,
            prefix,
            self.max_age,
            self.allow_all_origins,
            self.charset,
            self.index_file,
            self.immutable_file_test,
            frozenset((path, stat.st_size, stat.st_mtime_ns) for path, stat in on_disk.items()),
        )
        table = self._tables.get(key)
        if table is None:
            before = self.files
            self.files = {}
            for path in on_disk:
                url = prefix + path[len(root) :].replace("\\", "/")
                self.add_file_to_dictionary(url, path, stat_cache=on_disk)
            table, self.files = self.files, before
            self._tables.clear()
            self._tables[key] = table
        self.files.update(table)


def is_hashed(path: str, url: str) -> bool:
    """WhiteNoise's ``immutable_file_test``: a file of the build, named by its content."""
    return bool(HASHED.search(url))


def init_compression(app: Flask) -> None:
    app.config.update(
        COMPRESS_ALGORITHM=list(CODINGS),
        COMPRESS_STREAMS=False,
        COMPRESS_MIMETYPES=["text/html", "application/json", "text/plain", "image/svg+xml"],
    )
    Compress(app)


def wrap_static(app: Flask) -> None:
    """Put WhiteNoise in front of ``app.wsgi_app`` for ``/static/`` (call before the
    security headers' layer, so static files carry them too)."""
    development = app.config["PRUNE_ASSETS"] == "modules"
    app.wsgi_app = StaticFiles(
        app.wsgi_app,
        root=app.static_folder,
        prefix=app.static_url_path,
        max_age=0,
        immutable_file_test=is_hashed,
        autorefresh=development,
        allow_all_origins=False,
    )
