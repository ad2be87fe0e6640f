"""The built-in lesson "Beyond alpha-beta" (issue 34): it passes the lesson checks, is listed
and served, every tree slide's trace is the engine's for its options (one of each search of
the pruning family), and what each slide's notes claim is what the search does: negamax
prunes what alpha-beta prunes, the window fails low, aspiration searches twice, PVS re-searches
C once on its tree and once with worst ordering, MTD(f) takes three passes from 14 and two
from 3, SSS* evaluates no leaf alpha-beta skips, Star1 cuts at the second chance node."""

from __future__ import annotations

import re

import pytest
from support import engine_trace

from app.engine.presets import PRESETS
from app.lessons import BUILTIN_LESSONS
from app.lessons.beyond import BEYOND, BEYOND_ID


def post(client, lesson):
    return client.post("/api/lessons", json=lesson)


def slide(title):
    return next(s for s in BEYOND["slides"] if s["title"] == title)


def trace_of(client, title):
    index = BEYOND["slides"].index(slide(title))
    answer = client.get(f"/api/lessons/{BEYOND_ID}/slides/{index}/trace")
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def kinds(trace, kind):
    return [event for event in trace["events"] if event[0] == kind]


def test_the_lesson_is_valid_listed_and_served(client):
    assert BUILTIN_LESSONS[BEYOND_ID] is BEYOND and len(BEYOND_ID) == 12
    assert post(client, BEYOND).status_code == 201  # the same checks as a teacher's lesson
    got = client.get(f"/api/lessons/{BEYOND_ID}").get_json()
    assert got["title"] == "Beyond alpha-beta" and 10 <= len(got["slides"]) <= 12
    assert sum(1 for s in got["slides"] if s.get("question")) >= 1
    assert client.get(f"/l/{BEYOND_ID}").status_code == 200
    assert "Beyond alpha-beta" in client.get("/lessons").get_data(as_text=True)
    algorithms = {
        (s["view"].get("options") or {}).get("algorithm", "alphabeta")
        for s in BEYOND["slides"]
        if "view" in s
    }
    assert {"negamax", "pvs", "mtdf", "sssstar", "star1", "alphabeta"} <= algorithms


@pytest.mark.parametrize("index", range(len(BEYOND["slides"]) - 1))
def test_every_tree_slide_is_the_engines_trace(client, index):
    view = BEYOND["slides"][index]["view"]
    document = PRESETS[view["preset"]].document if "preset" in view else view["tree"]
    expected = engine_trace(document, view.get("options"))
    got = client.get(f"/api/lessons/{BEYOND_ID}/slides/{index}/trace").get_json()
    assert got["events"] == expected["events"]


def test_what_the_notes_say_is_what_the_searches_do(client):
    plain = engine_trace(PRESETS["textbook"].document)
    negamax = trace_of(client, "Negamax: one function for both players")
    assert [e[1] for e in kinds(negamax, "leaf")] == [e[1] for e in kinds(plain, "leaf")]
    assert {e[2] for e in kinds(negamax, "cutoff")} == {"beta"}
    window = trace_of(client, "A root window")
    assert len(kinds(window, "leaf")) == 5 and len(kinds(plain, "leaf")) == 7
    assert window["events"][-1][2] <= 4  # the root returns a bound at or below α
    aspiration = trace_of(client, "Aspiration search")
    assert [e[4] for e in kinds(aspiration, "pass")] == ["aspiration", "fail-low"]
    pvs = trace_of(client, "PVS: a test, then maybe a search")
    assert len(kinds(pvs, "research")) == 1 and pvs["summary"]["value"] == 6
    worst = trace_of(client, "PVS when the ordering is bad")
    worst_ab = engine_trace(PRESETS["textbook"].document, {"ordering": "worst"})
    assert (len(kinds(worst, "leaf")), len(kinds(worst_ab, "leaf"))) == (12, 9)
    poor = trace_of(client, "MTD(f): null-window passes")
    assert [e[3] for e in kinds(poor, "pass")] == [14, 5, 3]
    good = trace_of(client, "MTD(f) with a good guess")
    assert len(kinds(good, "pass")) == 2 and len(kinds(good, "leaf")) <= 7
    sss = trace_of(client, "SSS* is MTD(+∞)")
    assert {e[1] for e in kinds(sss, "leaf")} <= {e[1] for e in kinds(plain, "leaf")}
    star = trace_of(client, "Star1: pruning at chance nodes")
    [cut] = kinds(star, "chance_cutoff")
    assert star["nodes"][cut[1]]["parent"] == 0 and cut[2] == 6.5 and cut[4] == 7
    assert star["summary"]["value"] == 7


def test_the_last_slide_points_to_practices_questions_that_exist(client):
    """Each practice address the summary names opens a question of that kind."""
    notes = BEYOND["slides"][-1]["notes"]
    kinds = re.findall(r"/practice\?question=([a-z_]+)", notes)
    assert kinds == ["research", "bounds", "chance_prune"]
    for kind in kinds:
        response = client.get("/api/practice/question", query_string={"kind": kind, "seed": 1})
        assert response.status_code == 200 and response.json["question"] == kind
