"""The exams' routes (docs/exams.md): POST /api/exams keeps a generated exam (201 {"id"}),
GET /api/exams/<id> gives it back, hostile bodies are 400s naming the field, the LaTeX file
compiles with pdflatex; and the `exam` command prints the same exam as JSON or LaTeX."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from support import run_cli

from tests.exams.reference import alphabeta, names

ROOT = Path(__file__).resolve().parents[2]
SPEC = {
    "seed": 11,
    "variants": 3,
    "title": "Midterm: 50% & more_",
    "questions": [
        {"kind": "prune", "depth": 3, "branching": 2, "min_pruned": 2},
        {"kind": "windows", "depth": 2, "branching": [3, [1, 3]], "rule": "strict"},
        {"kind": "best_move", "depth": 2, "branching": 3, "players": ["max", "chance"]},
    ],
}


def inner_nodes(tree):
    return 0 if not isinstance(tree, list) else 1 + sum(inner_nodes(c) for c in tree)


def create(client, spec=SPEC):
    return client.post("/api/exams", json=spec)


def test_an_exam_is_kept_and_given_back_with_every_variant(client):
    made = create(client)
    assert made.status_code == 201
    identifier = made.get_json()["id"]
    assert made.get_json()["print"] == f"/exams/{identifier}/print"
    again = create(client)
    assert again.get_json()["id"] == identifier  # the same spec, the same exam
    exam = client.get(f"/api/exams/{identifier}").get_json()
    assert len(exam["variants"]) == 3
    for variant in exam["variants"]:
        kinds = [q["kind"] for q in variant["questions"]]
        assert kinds == ["prune", "windows", "best_move"]
        prune = variant["questions"][0]
        _, log = alphabeta(prune["tree"]["tree"], ["max", "min"])
        named = names(prune["tree"]["tree"])
        assert [p["name"] for p in prune["answer"]["pruned"]] == [named[p] for p in log.crossed]
        assert len(log.crossed) and prune["answer"]["pruned_leaves"] >= 2


def test_one_variant_is_what_its_page_needs(client):
    identifier = create(client).get_json()["id"]
    exam = client.get(f"/api/exams/{identifier}").get_json()
    second = client.get(f"/api/exams/{identifier}/variants/2").get_json()
    assert second["questions"] == exam["variants"][1]["questions"]
    assert second["variant"] == 2 and second["variants"] == 3
    assert second["title"] == SPEC["title"]
    assert client.get(f"/api/exams/{identifier}/variants/4").status_code == 404
    assert client.get(f"/api/exams/{identifier}/variants/0").status_code == 404


def test_an_unknown_exam_is_a_404(client):
    assert client.get("/api/exams/AAAAAAAAAAAA").status_code == 404
    assert client.get("/api/exams/nope").status_code == 404
    assert client.get("/exams/AAAAAAAAAAAA/print").status_code == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"questions": "all"}, "questions"),
        ({"questions": [{"kind": "prune", "depth": 50}]}, "questions[0].depth"),
        ({"questions": [{"kind": "prune"}], "variants": 100000}, "variants"),
        ({"questions": [{"kind": "prune", "branching": [[5, 2], 2]}]}, "questions[0].branching[0]"),
        ({"questions": [{"kind": "prune", "values": ["a", 3]}]}, "questions[0].values"),
        (
            {"questions": [{"kind": "prune", "depth": 1, "min_pruned": 1}]},
            "questions[0].min_pruned",
        ),
        ({"questions": [{"kind": "prune"}] * 41}, "questions"),
        ({"questions": [{"kind": "prune"}], "title": "x" * 500}, "title"),
        ({"questions": [{"kind": "prune"}], "eval": "1"}, "eval"),
    ],
)
def test_a_hostile_body_is_a_400_naming_the_field(client, body, field):
    response = create(client, body)
    assert response.status_code == 400
    assert response.get_json()["field"] == field
    assert field.split(".")[0].split("[")[0] in response.get_json()["error"]


def test_a_body_that_is_not_json_is_refused(client):
    response = client.post("/api/exams", data="seed=1", content_type="text/plain")
    assert response.status_code == 415


def test_the_limits_follow_the_settings():
    from tests.support import make_app

    app = make_app(PRUNE_EXAM_MAX_VARIANTS=2)
    response = app.test_client().post("/api/exams", json={**SPEC, "variants": 3})
    assert response.status_code == 400 and response.get_json()["field"] == "variants"
    assert "1 to 2" in response.get_json()["error"]


def test_a_bad_variant_in_the_address_is_a_400(client):
    identifier = create(client).get_json()["id"]
    assert client.get(f"/exams/{identifier}/print?variant=4").status_code == 400
    assert client.get(f"/exams/{identifier}/exam.tex?variant=x").status_code == 400
    for hostile in ("9" * 5000, "٣", "-1", "1%00", "1.0", ""):
        for page in ("print", "practice", "exam.tex"):
            answer = client.get(f"/exams/{identifier}/{page}?variant={hostile}")
            assert answer.status_code == 400, (page, hostile)
    assert client.get(f"/api/exams/{identifier}/variants/{'9' * 5000}").status_code == 404
    page = client.get(f"/exams/{identifier}/print?variant=3&key=1")
    assert page.status_code == 200 and b'data-key="true"' in page.data


@pytest.mark.slow
def test_the_whole_exam_as_latex_compiles_with_its_questions_and_key(client, tmp_path):
    identifier = create(client).get_json()["id"]
    response = client.get(f"/exams/{identifier}/exam.tex?variant=all")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    exam = client.get(f"/api/exams/{identifier}").get_json()
    tex = response.get_data(as_text=True)
    # A blank box beside every inner node of every question's tree (not in the key's trees).
    inner = sum(inner_nodes(q["tree"]["tree"]) for v in exam["variants"] for q in v["questions"])
    assert tex.count("\\fbox{") == inner
    assert tex.count("\\begin{forest}") == 2 * 3 * 3  # each question's sheet and key
    (tmp_path / "exam.tex").write_text(tex)
    run = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "exam.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    text = subprocess.run(
        ["pdftotext", "exam.pdf", "-"], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout
    assert "Midterm: 50% & more_" in text
    for number in (1, 2, 3):
        assert f"Question {number}" in text
    for number in (1, 2, 3):
        assert f"Variant {number}" in text and f"Answer key (variant {number})" in text
    second = exam["variants"][1]["questions"]
    for name in second[0]["answer"]["pruned"]:
        assert name["name"] in text
    assert second[2]["answer"]["child"] in text


cli = run_cli


def test_the_command_prints_the_same_exam_as_the_api(client, tmp_path):
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({**SPEC, "seed": 1}))
    done = cli("exam", str(spec), "--seed", "11")
    assert done.returncode == 0, done.stderr
    identifier = create(client).get_json()["id"]
    assert json.loads(done.stdout) == client.get(f"/api/exams/{identifier}").get_json()
    tex = cli("exam", "-", "--tex", "2", stdin=json.dumps(SPEC))
    assert tex.returncode == 0 and tex.stdout.startswith("\\documentclass")
    assert "Variant 2" in tex.stdout and "Variant 1" not in tex.stdout
    every = cli("exam", "-", "--tex", "all", stdin=json.dumps(SPEC))
    assert all(f"Answer key (variant {n})" in every.stdout for n in (1, 2, 3))
    assert cli("exam", "-", "--tex", "4", stdin=json.dumps(SPEC)).returncode == 2


def test_the_command_refuses_a_bad_spec_by_its_field():
    done = cli("exam", "-", stdin=json.dumps({"questions": [{"kind": "essay"}]}))
    assert done.returncode == 2 and done.stdout == ""
    assert "questions[0].kind" in done.stderr
    assert cli("exam", "-", stdin="{oops").returncode == 2


def test_an_exam_over_the_job_budget_is_a_422_asking_for_less():
    from tests.support import make_app

    client = make_app(PRUNE_JOB_SECONDS=1).test_client()
    spec = {"variants": 300, "questions": [{"kind": "prune", "depth": 4, "branching": 3}] * 10}
    response = client.post("/api/exams", json=spec)
    assert response.status_code == 422
    assert "ask for less" in response.get_json()["error"]
