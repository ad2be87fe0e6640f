"""A generated exam on paper (/exams/<id>/print): one section[data-question-index] per
question, each tree drawn whole with named nodes, the leaves' values and blank boxes; the key
(?key=1) with the answers, the solved trees and the worked solutions; the PDF Chromium prints
on A4 and US Letter (its paper size, and through pdftotext every question's heading, nodes
and, in the key, its answers, no question split from its tree)."""

import json
import re
import subprocess
import urllib.request

import pytest

pytestmark = pytest.mark.browser

SPEC = {
    "seed": 5,
    "variants": 2,
    "title": "Exam <b>one</b>",
    "questions": [
        {"kind": "prune", "depth": 3, "branching": 2, "min_pruned": 2},
        {"kind": "values", "depth": 2, "branching": 3},
        {"kind": "windows", "depth": 3, "branching": [2, [1, 3], 2]},
        {"kind": "best_move", "depth": 2, "branching": 3, "players": ["max", "chance"]},
        {"kind": "rules", "depth": 2, "branching": 3, "values": [0, 3]},
        {"kind": "counts", "depth": 3, "branching": 2},
    ],
}


def create(base_url, spec=SPEC):
    request = urllib.request.Request(
        f"{base_url}/api/exams",
        data=json.dumps(spec).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        made = json.load(response)
    with urllib.request.urlopen(f"{base_url}/api/exams/{made['id']}") as response:
        return made["id"], json.load(response)


def open_print(prune, base_url, identifier, query=""):
    prune.page.goto(f"{base_url}/exams/{identifier}/print{query}")
    prune.wait_state("done", timeout=60_000)
    return prune.page


def leaf_count(tree):
    return 1 if not isinstance(tree, list) else sum(leaf_count(c) for c in tree)


def node_count(tree):
    return 1 if not isinstance(tree, list) else 1 + sum(node_count(c) for c in tree)


def test_every_question_is_drawn_whole_with_blank_boxes(prune, base_url):
    identifier, exam = create(base_url)
    page = open_print(prune, base_url, identifier, "?variant=2")
    assert page.locator(".exam-title").inner_text() == "Exam <b>one</b>"  # text, not markup
    sections = page.locator("section[data-question-index]")
    questions = exam["variants"][1]["questions"]
    assert sections.count() == len(questions)
    for k, question in enumerate(questions):
        section = sections.nth(k)
        assert section.get_attribute("data-question-index") == str(k)
        assert section.locator(".exam-prompt").inner_text() == question["prompt"]
        picture = section.locator("svg.tree-picture")
        assert picture.count() == 1 and picture.get_attribute("data-step") == "0"
        assert picture.locator("g.node[data-path]").count() == node_count(question["tree"]["tree"])
        assert picture.locator("g.node[data-value]").count() == 0  # every value blank
        inner = node_count(question["tree"]["tree"]) - leaf_count(question["tree"]["tree"])
        assert picture.locator("g.node.inner > rect.exam-blank:not(.exam-window)").count() == inner
        # A windows question: an α box and a β box at each node it names, and only there.
        asked = picture.locator("g.node.exam-asked .node-label")
        names = asked.evaluate_all("els => els.map((e) => e.textContent)")
        assert sorted(names) == sorted(question["asked"])
        assert picture.locator("rect.exam-window").count() == 2 * len(question["asked"])
    assert page.locator(".exam-key").count() == 0
    # Nothing covers a node: the element at each node's centre is part of that node.
    covered = page.evaluate(
        """() => [...document.querySelectorAll('svg.tree-picture g.node')].filter((g) => {
            g.scrollIntoView({ block: 'center' });
            const box = g.firstElementChild.getBoundingClientRect();
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return !g.contains(hit);
        }).length"""
    )
    assert covered == 0


def test_another_variant_is_one_form_away(prune, base_url):
    identifier, exam = create(base_url)
    page = open_print(prune, base_url, identifier, "?key=1")
    page.fill("#variant-number", "2")
    page.click(".exam-variant-form button")
    prune.wait_state("done", timeout=60_000)
    assert page.evaluate("location.search") == "?variant=2&key=1"
    assert page.locator(".exam-variant").inner_text() == "Variant 2 of 2"
    first = page.locator("section[data-question-index='0'] .exam-prompt").inner_text()
    assert first == exam["variants"][1]["questions"][0]["prompt"]
    assert page.locator(".exam-key").count() == len(exam["variants"][1]["questions"])


def test_the_key_has_each_answer_and_its_solution(prune, base_url):
    identifier, exam = create(base_url)
    page = open_print(prune, base_url, identifier, "?key=1")
    questions = exam["variants"][0]["questions"]
    for k, question in enumerate(questions):
        key = page.locator(f"section[data-question-index='{k}'] .exam-key")
        assert key.is_visible()
        solved = key.locator("svg.tree-picture")
        assert int(solved.get_attribute("data-step")) > 0
        assert key.locator(".exam-solution li").count() == len(question["solution"])
        answer = key.locator(".exam-answer").inner_text()
        if question["kind"] == "prune":
            for crossed in question["answer"]["pruned"]:
                assert crossed["name"] in answer
        if question["kind"] == "best_move":
            assert f"move to {question['answer']['child']}" in answer


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("key", [False, True])
def test_the_exam_prints_to_pdf_on_either_paper(prune, base_url, paper, key, tmp_path):
    identifier, exam = create(base_url)
    page = open_print(prune, base_url, identifier, "?key=1" if key else "")
    pdf = page.pdf(format=paper, print_background=True)
    size = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    expected = (595.0, 842.0) if paper == "A4" else (612.0, 792.0)
    assert abs(float(size.group(1)) - expected[0]) < 2
    assert abs(float(size.group(2)) - expected[1]) < 2
    file = tmp_path / "exam.pdf"
    file.write_bytes(pdf)
    pages = subprocess.run(
        ["pdftotext", str(file), "-"], check=True, capture_output=True, text=True
    ).stdout.split("\f")
    text = " ".join(" ".join(pages).split())
    questions = exam["variants"][0]["questions"]
    caption = "The tree as the students see it." if key else "Named nodes; fill in the boxes."
    for k, question in enumerate(questions):
        assert f"Question {k + 1}" in text
        assert question["prompt"].split(" ")[0] in text
    # Each question's heading and its tree's caption are on the same page: no tree is split
    # from its question, and none is cut across pages.
    for sheet in pages:
        squashed = " ".join(sheet.split())
        assert len(re.findall(r"Question \d+\b", squashed)) == squashed.count(caption)
    for name in ("A", "B", "C", "D"):
        assert re.search(rf"\b{name}\b", text)
    if key:
        assert "Worked solution" in text
        values = questions[1]["answer"]["values"]
        for name, value in values.items():
            assert f"{name} = {value}" in text
    else:
        assert "Worked solution" not in text and "Answer" not in text
