"""Prune: a web visualizer for alpha-beta pruning.

The package imports nothing on its own, so that ``app.engine`` (standard library only) can be
used, from the command line too, without Flask installed; ``create_app`` loads the web app.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """A new app; ``config`` overrides the settings read from the environment."""
    from .factory import create_app as build

    return build(config)
