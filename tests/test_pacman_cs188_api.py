"""The Pacman API by the CS188 rules: ``rules=cs188`` (or a ``layout``), layouts by name or
text, the autograder's counts in every decision, and bad input as a 400 naming its field."""

from urllib.parse import quote

import pytest

from app.games.cs188_play import course_decision, play_course_game
from app.games.layouts import LAYOUTS


def test_a_game_and_a_decision_by_the_cs188_rules(client):
    query = "rules=cs188&layout=trappedClassic&seed=1&algorithm=minimax&ghosts=random"
    game = client.get(f"/api/games/pacman/game?{query}").get_json()
    assert game == play_course_game("trappedClassic", seed=1, algorithm="minimax", ghosts="random")
    assert {"optimal", "states_explored"} <= game["decisions"][0].keys()
    trace = client.get(f"/api/games/pacman/trace?{query}&decision=1").get_json()
    expected = course_decision(
        "trappedClassic", seed=1, algorithm="minimax", ghosts="random", decision=1
    )
    assert trace["summary"] == expected["summary"]


def test_a_layouts_text_plays_like_its_name_and_a_persons_moves_are_played(client):
    text = quote(LAYOUTS["testClassic"].text)
    by_text = client.get(f"/api/games/pacman/game?layout={text}&depth=1").get_json()
    by_name = client.get("/api/games/pacman/game?layout=testClassic&depth=1").get_json()
    assert by_text["states"] == by_name["states"] and by_text["maze"]["name"] == "custom"
    mine = client.get("/api/games/pacman/game?layout=testClassic&pacman=North,North").get_json()
    assert [s["action"] for s in mine["states"] if s["agent"] == 0] == ["North", "North"]


def test_the_built_in_layouts_are_listed(client):
    names = [layout["name"] for layout in client.get("/api/games/pacman/layouts").get_json()]
    assert names[0] == "smallClassic" and "originalClassic" in names and "corridor" in names


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("layout=" + quote("%%%%\n%PG%\n%.%%\n%%%"), "layout", "row 4, column 4: the row ends"),
        ("layout=" + quote("%%%%\n%Px%\n%G.%\n%%%%"), "layout", "row 2, column 3: 'x'"),
        ("layout=hugeClassic", "layout", "is not one of smallClassic"),
        ("rules=cs188", "layout", "give the layout"),
        ("rules=fair&maze=small", "rules", "not one of prune, cs188"),
        ("layout=testClassic&algorithm=best", "algorithm", "minimax, alphabeta"),
        ("layout=testClassic&ghosts=shy", "ghosts", "directional"),
        ("layout=testClassic&pacman=Up", "pacman", "'Up' is not one of"),
        ("layout=testClassic&evaluation=better", "evaluation", "unknown field"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(client, query, field, message):
    answer = client.get(f"/api/games/pacman/game?{query}")
    assert answer.status_code == 400
    body = answer.get_json()
    assert body["field"] == field and message in body["error"]
