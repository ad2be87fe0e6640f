"""Bad input of exams, practice, experiments and the tree API said in the asker's language
(issue 36), with the same fields, numbers and names as the English; ``lang=`` is the
language, never a parameter of the request (a query that carries it is not refused)."""

import pytest

LANGUAGES = ["de", "es", "zh-Hans"]

EXAM_SAYS = {
    "en": "questions[0].depth must be a whole number from 1 to 6",
    "de": "questions[0].depth muss eine ganze Zahl von 1 bis 6 sein",
    "es": "questions[0].depth debe ser un número entero de 1 a 6",
    "zh-Hans": "questions[0].depth 必须是 1 到 6 之间的整数",
}


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_an_exam_spec_is_refused_in_the_requests_language(client, app, lang):
    spec = {"questions": [{"kind": "prune", "depth": 99}]}
    response = client.post("/api/exams", json=spec, headers={"Accept-Language": lang})
    assert response.status_code == 400
    body = response.get_json()
    assert body["field"] == "questions[0].depth"
    depth = app.config.get("PRUNE_EXAM_MAX_DEPTH", 6)
    assert body["error"] == EXAM_SAYS[lang].replace("6", str(depth))


GRADE_SAYS = {
    "en": 'answer.values["0.7"]: there is no node 0.7',
    "de": 'answer.values["0.7"]: es gibt keinen Knoten 0.7',
    "es": 'answer.values["0.7"]: no hay ningún nodo 0.7',
    "zh-Hans": 'answer.values["0.7"]：没有节点 0.7',
}


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_a_practice_answer_naming_no_node_is_refused_in_that_language(client, lang):
    answer = {"pruned": [], "values": {"0.7": 3}}
    body = {"tree": [[3, 12], [2, 4]], "answer": answer}
    response = client.post(f"/api/practice/grade?lang={lang}", json=body)
    assert response.status_code == 400
    assert response.get_json() == {"error": GRADE_SAYS[lang], "field": 'answer.values["0.7"]'}


SEEDS_SAYS = {
    "en": "seeds: at most 10,000 seeds at a time, not 20,001",
    "de": "seeds: höchstens 10,000 Seeds auf einmal, nicht 20,001",
    "es": "seeds: como máximo 10,000 semillas a la vez, no 20,001",
    "zh-Hans": "seeds：一次最多 10,000 个种子，而不是 20,001 个",
}


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_an_experiments_limit_keeps_its_numbers_in_every_language(client, lang):
    response = client.get(f"/api/experiments/random-binary?seeds=0-20000&lang={lang}")
    assert response.status_code == 400
    assert response.get_json() == {"error": SEEDS_SAYS[lang], "field": "seeds"}


def test_the_tree_apis_own_refusals_in_spanish_and_chinese(client):
    spanish = client.post("/api/export?lang=es", json={"tree": [1, 2], "colour": 1}).get_json()
    assert spanish == {"error": "campo desconocido 'colour'", "field": "colour"}
    chinese = client.get("/api/games/tictactoe/trace?lang=zh-Hans").get_json()
    assert chinese == {
        "error": "请给出棋盘：?board=X...O....（9 个格子，取 X、O 或 .）",
        "field": "board",
    }


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("/api/views/abcdefabcdef?lang=es", "no hay ninguna vista guardada 'abcdefabcdef'"),
        ("/api/lessons/abcdefabcdef?lang=zh-Hans", "没有课程 'abcdefabcdef'"),
        ("/api/exams/abcdefabcdef?lang=de", "keine Prüfung hat diese ID"),
    ],
)
def test_a_missing_view_lesson_or_exam_is_a_404_in_that_language(client, address, says):
    response = client.get(address)
    assert response.status_code == 404
    assert response.get_json() == {"error": says}
