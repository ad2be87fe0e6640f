"""A lesson's handouts (/l/<id>/print): one section[data-slide-index] per slide, each tree
drawn whole (a g.node[data-path] for every node) at its first step (test_lesson_print_names.py:
the step chosen, the names, the key's line, strips), question slides with
blank boxes, the answer key only when asked for, and the PDF that Chromium prints on A4 and
US Letter: its pages, paper size and text (pdftotext, Debian's poppler-utils, which
script/test installs), and its first page as a picture (pdftoppm)."""

import re
import struct
import subprocess

import pytest
from lesson_lectures import save

pytestmark = pytest.mark.browser

LESSON = {
    "title": "Handout",
    "slides": [
        {
            "title": "Textbook",
            "notes": "Read **this**.",
            "view": {"kind": "tree", "preset": "textbook", "to": 14},
        },
        {"title": "Words only", "notes": "- a\n- b"},
        {
            "title": "Predict",
            "notes": "",
            "view": {"kind": "tree", "tree": [[5, 6], [7, 4, 5], [3, 8]]},
            "question": {"prompt": "Fill it in."},
        },
        {
            "title": "A game",
            "notes": "",
            "view": {"kind": "game", "game": "tictactoe", "query": {"board": "XOXOX.O.."}},
        },
    ],
}


def open_handouts(prune, base_url, lesson_id):
    page = prune.page
    page.goto(f"{base_url}/l/{lesson_id}/print")
    prune.wait_state("done", timeout=60_000)
    return page


def test_every_slide_has_its_section_and_every_tree_is_whole(prune, base_url):
    page = open_handouts(prune, base_url, save(base_url, LESSON))
    sections = page.locator("section[data-slide-index]")
    assert sections.count() == 4
    assert [sections.nth(k).get_attribute("data-slide-index") for k in range(4)] == [
        "0",
        "1",
        "2",
        "3",
    ]
    textbook = sections.nth(0)
    assert textbook.locator("h2").inner_text() == "1. Textbook"
    assert textbook.locator(".handout-notes strong").inner_text() == "this"
    assert textbook.locator("svg.tree-picture g.node[data-path]").count() == 13
    # Not the solved end: a slide prints at the first step of its range unless chosen.
    assert textbook.locator("svg.tree-picture").get_attribute("data-step") == "0"
    assert sections.nth(1).locator("svg").count() == 0
    assert sections.nth(1).locator("li").count() == 2
    # The question: at step 0, every inner node's value blank; its answer key hidden.
    question = sections.nth(2)
    picture = question.locator(".handout-figure svg.tree-picture").first
    assert picture.get_attribute("data-step") == "0"
    assert picture.locator("g.node[data-path]").count() == 11
    nodes = picture.locator("g.node[data-path]")
    assert set(nodes.evaluate_all("els => els.map(e => e.dataset.state)")) == {"unvisited"}
    assert picture.locator("g.node[data-value]").count() == 0  # no node has a value yet
    assert not question.locator(".handout-key").is_visible()
    # The game decision: its tree whole and the position beside it.
    game = sections.nth(3)
    nodes = int(game.locator("svg.tree-picture").get_attribute("data-nodes"))
    assert game.locator("svg.tree-picture g.node[data-path]").count() == nodes
    assert game.locator(".mini-board").count() == 1


def test_print_layout_and_answer_key(prune, base_url):
    page = open_handouts(prune, base_url, save(base_url, LESSON))
    page.emulate_media(media="print")
    assert not page.locator("#btn-print").is_visible()
    assert not page.locator("#btn-print-key").is_visible()
    key = page.locator("section[data-slide-index='2'] .handout-key")
    assert not key.is_visible()
    page.emulate_media(media="screen")
    # "Print answer key" marks the page before it prints; window.print is replaced so the
    # headless browser does not wait on a dialog.
    page.evaluate("window.print = () => { window.printed = document.body.dataset.print; }")
    page.locator("#btn-print-key").click()
    assert page.evaluate("window.printed") == "key"
    page.emulate_media(media="print")
    assert key.is_visible()
    answer = key.locator("svg.tree-picture")
    length = int(answer.get_attribute("data-step"))
    assert length > 10  # the end of the search: the answer
    assert (
        answer.locator("g.node[data-path='']").get_attribute("data-value") == "5"
    )  # max(min(5, 6), min(7, 4, 5), min(3, 8))
    steps = key.locator(".handout-steps li")
    assert steps.count() == length  # the values, step by step (steps 1 … end)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_builtin_lesson_prints_every_slide_to_pdf(prune, base_url, paper, tmp_path):
    # (How fast: bench/lessons.py and docs/benchmarks.md; tests assert no timings.)
    page = prune.page
    page.goto(f"{base_url}/l/alpha-beta-1/print")
    prune.wait_state("done", timeout=60_000)
    pdf = page.pdf(format=paper, print_background=True)
    assert pdf.startswith(b"%PDF")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert 3 <= pages <= 20, pages
    size = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    width, height = float(size.group(1)), float(size.group(2))
    expected = (595.0, 842.0) if paper == "A4" else (612.0, 792.0)
    assert abs(width - expected[0]) < 2 and abs(height - expected[1]) < 2
    # Every slide's title is on paper, and none of the page's buttons.
    file = tmp_path / "handout.pdf"
    file.write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", "-layout", str(file), "-"], check=True, capture_output=True, text=True
    ).stdout
    lesson = page.request.get(f"{base_url}/api/lessons/alpha-beta-1").json()
    squashed = " ".join(text.split())
    for slide in lesson["slides"]:
        assert " ".join(slide["title"].split()) in squashed, slide["title"]
    assert "Print answer key" not in squashed
    # The first page as a picture: a page of the paper's shape with something drawn on it.
    subprocess.run(
        ["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(file), str(tmp_path / "p")],
        check=True,
    )
    picture = next(tmp_path.glob("p*.png")).read_bytes()
    png_width, png_height = struct.unpack(">II", picture[16:24])
    assert abs(png_width / png_height - expected[0] / expected[1]) < 0.02
    assert len(picture) > 2_000  # not a blank page
