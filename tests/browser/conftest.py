"""Fixtures for the browser tests: ``prune`` (a PrunePage on the test's page, failing the test
if the page logged an error or a CSP violation), ``wrap_page``, and ``new_student`` (students'
pages for the lecture tests, each in a browser context of its own)."""

from __future__ import annotations

import pytest
from prune_page import PrunePage

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def prune(page):
    """A PrunePage; fails the test if the page logged an error or a CSP violation."""
    page.set_default_timeout(15_000)
    wrapper = PrunePage(page)
    yield wrapper
    wrapper.assert_clean()


@pytest.fixture
def wrap_page():
    """Wrap another page (e.g. of a context with another viewport) as a PrunePage."""
    return PrunePage


@pytest.fixture
def new_student(browser, base_url, wrap_page):
    """`new_student(viewport)`: a student's page in a browser context of its own (its own
    storage and connection), phone-sized unless told; each must log no error."""
    contexts, pages = [], []

    def make(viewport=PHONE):
        context = browser.new_context(base_url=base_url, viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        pages.append(wrap_page(page))
        return pages[-1]

    yield make
    try:
        for page in pages:
            page.assert_clean()
    finally:
        for context in contexts:
            context.close()
