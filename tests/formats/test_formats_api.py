"""``POST /api/import`` and ``POST /api/export``: the contracts of issue 35, and bad input as
a 400 that names the format, line and column, or the feature a format lacks."""

from __future__ import annotations

from tests.formats.test_importers import FIG52, TOYTREE


def test_import_names_the_format_and_returns_the_tree(client):
    response = client.post("/api/import", json={"text": FIG52})
    assert response.status_code == 200
    body = response.get_json()
    assert body["format"] == "aima"
    assert body["tree"]["label"] == "A"
    assert client.post("/api/import", json={"text": TOYTREE}).get_json()["format"] == "mit6034"


def test_import_refuses_bad_text_with_line_and_column(client):
    response = client.post("/api/import", json={"text": "((3 12 8)(2 4 6)"})
    assert response.status_code == 400
    assert "brackets: line 1, column 17: expected ')'" in response.get_json()["error"]
    assert client.post("/api/import", json={"file": "x"}).status_code == 400
    assert client.post("/api/import", json={"text": 3}).status_code == 400


def test_export_writes_each_format(client):
    tree = {"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}
    for fmt, words in [
        ("tikz", "\\begin{forest}"),
        ("dot", "digraph"),
        ("svg", "<title>"),
        ("brackets", "((3 12 8) (2 4 6) (14 5 2))"),
        ("mit6034", "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"),
        ("aima", "succs = "),
        ("cs188", "successors"),
    ]:
        response = client.post("/api/export", json={"tree": tree, "format": fmt, "step": None})
        assert response.status_code == 200, response.get_json()
        assert words in response.get_json()["text"]


def test_export_says_which_feature_a_format_lacks(client):
    tree = {
        "tree": {"type": "chance", "children": [{"p": 0.5, "value": 1}, {"p": 0.5, "value": 2}]}
    }
    response = client.post("/api/export", json={"tree": tree, "format": "brackets"})
    assert response.status_code == 400
    assert "brackets cannot hold node types (chance)" in response.get_json()["error"]
    response = client.post("/api/export", json={"tree": tree, "format": "pdf"})
    assert response.status_code == 400 and "format must be one of" in response.get_json()["error"]
    response = client.post("/api/export", json={"tree": tree, "format": "dot", "step": -1})
    assert response.status_code == 400 and "step" in response.get_json()["error"]


def test_a_big_text_or_tree_is_read_and_written_in_a_worker_with_the_same_answer(client):
    """Over PRUNE_INLINE_TRACE_BYTES a text is parsed, and a tree exported, in a worker
    process (the server's loop stays free: docs/deployment.md); the answers are the same."""
    from app.engine.course_formats import import_tree
    from app.engine.tree import DEFAULT_LIMITS

    leaves = " ".join(f"({i} {i + 1} {i + 2})" for i in range(2500))
    text = f"({leaves})"
    assert len(text) > 16 * 1024
    answer = client.post("/api/import", json={"text": text})
    assert answer.status_code == 200
    assert answer.get_json() == import_tree(text, DEFAULT_LIMITS)
    tree = [[i, i + 1, i + 2] for i in range(1500)]
    written = client.post("/api/export", json={"tree": tree, "format": "brackets"})
    assert written.status_code == 200
    assert written.get_json()["text"].startswith("((0 1 2) (1 2 3)")
    refused = client.post("/api/export", json={"tree": tree, "format": "nonsense"})
    assert refused.status_code == 400
