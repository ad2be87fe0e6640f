"""``flask --app wsgi lti …``: the operator's commands (docs/lti.md, "Operating").

- ``rotate-key``: a new tool key; the JWKS keeps the previous one beside it.
- ``scores``: the scores waiting in the outbox, with their attempts and last error.
- ``send-scores``: send the waiting scores now (the server's loop does it by itself).
"""

from __future__ import annotations

import json

import click
from flask import current_app
from flask.cli import AppGroup

from .grades import LEASE_SECONDS, send
from .keys import ToolKeys

lti_commands = AppGroup("lti", help="Prune's LTI 1.3 tool (docs/lti.md).")


def _tool():
    tool = current_app.extensions.get("prune.lti")
    if tool is None:
        raise click.ClickException(
            f"no LTI registrations ({current_app.config['PRUNE_LTI_CONFIG']} is missing)"
        )
    return tool


@lti_commands.command("rotate-key")
def rotate_key() -> None:
    """Make a new signing key; the previous one stays in the JWKS."""
    kid = ToolKeys(current_app.config["PRUNE_LTI_KEYS_DIR"]).rotate()
    click.echo(f"new key {kid}; restart the server to sign with it")


@lti_commands.command("scores")
def waiting_scores() -> None:
    """List the scores not yet accepted by their LMS (JSON lines)."""
    for entry in _tool().state.waiting():
        job = entry["job"]
        line = {
            "id": entry["id"],
            "issuer": job["issuer"],
            "user": job["user"],
            "score": f"{job['given']:g}/{job['maximum']:g}",
            "attempts": entry["attempts"],
            "last_error": entry["last_error"],
        }
        click.echo(json.dumps(line))


@lti_commands.command("send-scores")
def send_scores() -> None:
    """Send every waiting score now, whatever its next try; say how many the LMSs took."""
    tool = _tool()
    waiting = tool.state.waiting()
    taken = 0
    for entry in waiting:
        tool.state.make_due(entry["id"])
        if tool.state.take(entry["id"], LEASE_SECONDS):
            taken += send(tool, entry["id"], entry["job"], entry["attempts"])
    click.echo(f"{taken} of {len(waiting)} sent")
