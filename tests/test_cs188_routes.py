"""The CS188 import and export routes: test files to tree documents and back."""

from pathlib import Path

from support import TEXTBOOK

CS188 = Path(__file__).parent / "engine" / "cs188"


def test_import_gives_a_document_with_labels_actions_and_options(client):
    text = (CS188 / "two-agents.test").read_text()
    response = client.post("/api/cs188/import", json={"text": text})
    assert response.status_code == 200
    document = response.get_json()
    assert document["players"] == ["max", "min"]
    assert document["options"] == {"depth": 2, "algorithm": "alphabeta", "rule": "strict"}
    root = document["tree"]
    assert root["label"] == "A"
    assert [(c["label"], c["action"]) for c in root["children"]] == [("B", "Left"), ("C", "Right")]


def test_import_errors_name_the_line(client):
    text = 'num_agents: "2"\nstart_state: "A"\nsuccessors: """\nA Left\n"""\nevaluation: """\n"""\n'
    response = client.post("/api/cs188/import", json={"text": text})
    assert response.status_code == 400
    assert response.get_json()["error"].startswith("line 4: expected state action next")


def test_import_needs_text(client):
    response = client.post("/api/cs188/import", json={"file": "x"})
    assert response.status_code == 400
    assert response.get_json()["field"] == "text"


def test_export_round_trips(client):
    text = (CS188 / "two-ghosts.test").read_text()
    document = client.post("/api/cs188/import", json={"text": text}).get_json()
    response = client.post("/api/cs188/export", json={"tree": document})
    assert response.status_code == 200
    exported = response.get_json()["text"]
    assert 'alg: "AlphaBetaAgent"' in exported and 'num_agents: "3"' in exported
    again = client.post("/api/cs188/import", json={"text": exported}).get_json()
    assert again["tree"] == document["tree"]


def test_export_refuses_what_the_format_cannot_hold(client):
    response = client.post(
        "/api/cs188/export", json={"tree": TEXTBOOK, "options": {"players": ["max", "chance"]}}
    )
    assert response.status_code == 400
    assert "CS188 export" in response.get_json()["error"]


def test_export_answers_the_test_file_and_the_autograders_solution(client):
    text = (CS188 / "two-agents.test").read_text()
    document = client.post("/api/cs188/import", json={"text": text}).get_json()
    answer = client.post("/api/cs188/export", json={"tree": document}).get_json()
    assert set(answer) == {"text", "solution"}
    assert 'diagram: """' in answer["text"]
    assert 'action: "Left"' in answer["solution"]
    assert 'generated: "A B C D E F"' in answer["solution"]


def test_import_refuses_unknown_fields(client):
    answer = client.post("/api/cs188/import", json={"text": "", "txt": "x"})
    assert answer.status_code == 400
    assert answer.get_json() == {"error": "unknown field 'txt' (expected text)", "field": "txt"}
