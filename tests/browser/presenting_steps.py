"""Presentation mode and stepping in a test: whether the page is presenting, waiting for it
to enter or leave the mode, and seeking the textbook tree to a step and waiting for it to be
drawn there. Used by test_presentation.py, test_hide_answers.py and the accessibility audit's
tests."""

from __future__ import annotations

from scene_checks import settled

TEXTBOOK_STEPS = 27


def presenting(page) -> bool:
    return page.evaluate("document.body.dataset.present === 'on'")


def wait_presenting(page, on: bool = True):
    if on:
        page.wait_for_selector("body[data-present=on]")
    else:
        page.wait_for_function("() => document.body.dataset.present === undefined")


def show(prune, step):
    """Seek to `step` ("end": the last) and wait for the tree to be drawn there."""
    page = prune.page
    target = prune.length() if step == "end" else step
    page.evaluate("(k) => window.prune.seek(k)", target)
    prune.wait_counter(f"step {target} of {TEXTBOOK_STEPS}")
    settled(page)  # the camera's pan (no animation in a seek, but be safe)
