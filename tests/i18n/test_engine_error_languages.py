"""The engine's refusals in the reader's language (issue 36): a bad document, option, CS188
file, course-format text, random-tree parameter or export, sent to the JSON API with
``Accept-Language`` or ``lang=``, to the socket, or to the command line with ``LANGUAGE``,
comes back translated, with the same node path, field, line numbers and values as the
English, and is not the English text. English stays the default."""

import re

import pytest
from support import cli_process as cli

from app.realtime.sockets import socketio

# (route, body, the English error, its field or path): one refusal of each kind.
CASES = {
    "document": (
        "/api/trace",
        {"tree": {"tree": [1, 2], "players": ["max", "min"], "agents": ["Pacman"]}},
        "document: agents has 1 name for 2 players; give one name for each player",
        {"field": "agents"},
    ),
    "option": (
        "/api/trace",
        {"tree": [1, 2], "options": {"window": [5, 3]}},
        "window [5, 3] is empty: a must be less than b",
        {"field": "window"},
    ),
    "node": (
        "/api/trace",
        {"tree": [[1, 2.5], 3], "options": {"algorithm": "mtdf"}},
        "node [0, 1]: has the value 2.5: mtdf's null window (β − 1, β) needs whole-number "
        "leaf values",
        {"path": [0, 1]},
    ),
    "cs188": (
        "/api/cs188/import",
        {"text": 'num_agents: "2"\nnum_agents: "3"\n'},
        "line 2: num_agents is given twice",
        {},
    ),
    "course format": (
        "/api/import",
        {"text": "branching: 3\n1 2 3 4"},
        "leaves: line 2, column 8: expected a power of 3 leaves, not 4",
        {},
    ),
    "brackets": (
        "/api/import",
        {"text": "(1 ())"},
        "brackets: line 1, column 5: expected a child inside the brackets",
        {},
    ),
    "random tree": (
        "/api/random",
        {"depth": 31},
        "random tree: depth must be a whole number from 0 to 30",
        {},
    ),
    "export": (
        "/api/export",
        {"tree": [1, 2], "format": "png"},
        "format must be one of tikz, dot, svg, brackets, mit6034, aima, cs188, not 'png'",
        {"field": "format"},
    ),
}
ASK = {  # how each language is asked for: the header, or the query string
    "de": ({"Accept-Language": "de-DE,de;q=0.9"}, ""),
    "es": ({}, "?lang=es"),
    "zh-Hans": ({}, "?lang=zh-Hans"),
}


def the_same_facts(text: str) -> list[str]:
    """Numbers, paths and quoted values: what must read the same in every language."""
    return sorted(re.findall(r"\[[\d, ]+\]|'[^']*'|-?\d+(?:\.\d+)?", text))


@pytest.mark.parametrize("lang", ASK)
@pytest.mark.parametrize("kind", CASES)
def test_an_engine_refusal_is_in_the_asked_language(client, kind, lang):
    route, body, english, where = CASES[kind]
    said = client.post(route, json=body).get_json()
    assert said == {"error": english, **where}
    headers, query = ASK[lang]
    response = client.post(route + query, json=body, headers=headers)
    assert response.status_code == 400
    translated = response.get_json()
    assert translated.keys() == said.keys() and {k: translated[k] for k in where} == where
    assert translated["error"] != english
    assert the_same_facts(translated["error"]) == the_same_facts(english)


def test_the_german_words_themselves(client):
    def german(kind):
        route, body, _, _ = CASES[kind]
        return client.post(route + "?lang=de", json=body).get_json()["error"]

    assert german("option") == "window [5, 3] ist leer: a muss kleiner als b sein"
    assert german("cs188") == "Zeile 2: num_agents ist zweimal angegeben"
    assert german("course format") == (
        "leaves: Zeile 2, Spalte 8: erwartet eine Potenz von 3 Blättern, nicht 4"
    )
    assert german("brackets") == "brackets: Zeile 1, Spalte 5: erwartet ein Kind in den Klammern"
    assert german("random tree") == "Zufallsbaum: depth muss eine ganze Zahl von 0 bis 30 sein"


def test_a_socket_option_refusal_is_in_spanish(app):
    client = socketio.test_client(app, query_string="lang=es")
    ack = client.emit("run", {"tree": [1, 2], "options": {"window": [5, 3]}}, callback=True)
    spanish = "window [5, 3] está vacía: a debe ser menor que b"
    assert ack["ok"] is False and ack["error"] == spanish
    errors = [m["args"][0] for m in client.get_received() if m["name"] == "run_error"]
    assert errors == [{"error": spanish, "field": "window"}]
    client.disconnect()


def test_the_command_lines_random_tree_refusal_is_in_german():
    english = cli("random", "--depth", "31", LANG="C.UTF-8")
    german = cli("random", "--depth", "31", LANGUAGE="de", LANG="de_DE.UTF-8")
    assert english.returncode == german.returncode == 2
    assert english.stderr.strip() == (
        "error: random tree: depth must be a whole number from 0 to 30"
    )
    assert german.stderr.strip() == (
        "Fehler: Zufallsbaum: depth muss eine ganze Zahl von 0 bis 30 sein"
    )


def test_the_lesson_editor_says_an_option_refusal_in_chinese(client):
    view = {"kind": "tree", "tree": [1, 2], "options": {"window": [5, 3]}}
    lesson = {"title": "T", "slides": [{"title": "S", "view": view}]}
    chinese = client.post("/api/lessons", json=lesson, headers={"Accept-Language": "zh-CN"})
    assert chinese.status_code == 400
    assert chinese.get_json() == {
        "error": "slides[0].view：window [5, 3] 为空：a 必须小于 b",
        "field": "slides[0].view.window",
    }
