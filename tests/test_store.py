"""Saved views: content-addressed ids, immutability, size cap, durability on disk."""

import pytest

from app.store import StoreError, ViewStore

VIEW = {"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "options": {"rule": "strict"}}


def test_same_view_same_id_and_loads_back(tmp_path):
    store = ViewStore(tmp_path / "prune.sqlite3", max_bytes=10_000)
    first = store.save(VIEW)
    assert store.save({"options": {"rule": "strict"}, "tree": VIEW["tree"]}) == first
    assert store.load(first) == VIEW
    assert store.save({**VIEW, "options": {"rule": "standard"}}) != first


def test_saved_views_survive_a_new_store_on_the_same_file(tmp_path):
    path = tmp_path / "nested" / "prune.sqlite3"
    identifier = ViewStore(path, max_bytes=10_000).save(VIEW)
    assert ViewStore(path, max_bytes=10_000).load(identifier) == VIEW


def test_missing_and_malformed_ids_load_nothing(tmp_path):
    store = ViewStore(tmp_path / "prune.sqlite3", max_bytes=10_000)
    assert store.load("AAAAAAAAAAAA") is None
    assert store.load("../../etc/passwd") is None
    assert store.load("") is None


def test_size_cap(tmp_path):
    store = ViewStore(tmp_path / "prune.sqlite3", max_bytes=100)
    with pytest.raises(StoreError, match=r"saved views may be at most 100"):
        store.save({"tree": list(range(100))})
