"""Fixtures for the browser tests: ``prune`` (a PrunePage on the test's page, failing the test
if the page logged an error or a CSP violation) and ``wrap_page``."""

from __future__ import annotations

import pytest
from prune_page import PrunePage


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
