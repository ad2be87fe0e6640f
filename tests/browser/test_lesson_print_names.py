"""Handouts a teacher can hand out (/l/<id>/print): every node's name on paper (pdftotext
finds the textbook's A … M and Pacman's move names), each slide at the step the lesson chose
(default its range's first step, never the solved end), the answer key's one line per question
("pruned: I, J · root 3 · best move B") in the names the pictures print, nothing drawn over a
node's value or name (document.elementFromPoint at each, in print media), and a tree too wide
to print legibly cut into strips that draw every node once at a readable size."""

import subprocess

import pytest
from lesson_lectures import save

pytestmark = pytest.mark.browser

TEXTBOOK = {"kind": "tree", "preset": "textbook"}
LESSON = {
    "title": "Names on paper",
    "slides": [
        {"title": "Range start", "notes": "", "view": {**TEXTBOOK, "from": 3, "to": 14}},
        {
            "title": "Chosen step",
            "notes": "",
            "view": {**TEXTBOOK, "from": 3, "to": 14, "print": 9},
        },
        {"title": "Chosen end", "notes": "", "view": {**TEXTBOOK, "print": "end"}},
        {
            "title": "Which leaves?",
            "notes": "Think first.",
            "view": TEXTBOOK,
            "question": {"prompt": "Which leaves are never evaluated?"},
        },
        {"title": "Ghosts", "notes": "", "view": {"kind": "tree", "preset": "pacman"}},
    ],
}

# For every value and name drawn in a picture: the element at its centre is the picture, an
# edge (painted under the nodes) or its own node (texts let the pointer through), and its box
# meets no other node's shape and no text outside its node (names, windows, cutoff notes, edge
# captions, the best-move label).
COVERED = """(svg) => {
  const covered = [];
  const meets = (a, b) =>
    a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const others = [...svg.querySelectorAll("text, g.node .shape")]
    .filter((e) => e.textContent || !e.matches("text"));
  for (const node of svg.querySelectorAll("g.node[data-path]")) {
    for (const text of node.querySelectorAll(".val, .node-label")) {
      if (!text.textContent) continue;
      text.scrollIntoView({block: "center"});
      const r = text.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const where = `${node.dataset.path || "root"}: ${text.textContent}`;
      // (edges are painted under the nodes)
      const under = hit && (hit === svg || node.contains(hit) || hit.closest("g.links"));
      if (!under) covered.push(`${where} under ${hit && hit.getAttribute("class")}`);
      for (const other of others) {
        if (node.contains(other) || !meets(r, other.getBoundingClientRect())) continue;
        covered.push(`${where} meets ${other.getAttribute("class")} ${other.textContent}`);
      }
    }
  }
  return covered;
}"""


@pytest.fixture
def handouts(prune, base_url):
    page = prune.page
    page.goto(f"{base_url}/l/{save(base_url, LESSON)}/print")
    prune.wait_state("done", timeout=60_000)
    return page


def pdf_text(page, tmp_path):
    file = tmp_path / "handout.pdf"
    file.write_bytes(page.pdf(format="A4", print_background=True))
    out = subprocess.run(["pdftotext", str(file), "-"], check=True, capture_output=True, text=True)
    return out.stdout


def test_each_slide_prints_at_its_chosen_step(handouts):
    step = lambda k: handouts.locator(  # noqa: E731
        f"section[data-slide-index='{k}'] .handout-figure svg.tree-picture"
    ).first.get_attribute("data-step")
    assert step(0) == "3"  # the range's first step, not its solved end (14)
    assert step(1) == "9"
    assert step(2) == "27"  # "end": the search done
    assert step(3) == "0"  # the question: blank boxes


def test_names_are_on_paper_and_the_key_has_its_line(handouts, tmp_path):
    handouts.evaluate("document.body.dataset.print = 'key'")
    handouts.emulate_media(media="print")
    printed = pdf_text(handouts, tmp_path)  # (printing ends the key: "afterprint")
    words = set(printed.split())
    assert set("ABCDEFGHIJKLM") <= words  # the textbook's nodes, by the names the page uses
    assert "…" not in words
    assert {"G1", "G2", "Pacman"} & words  # the Pacman tree's move names
    text = " ".join(printed.split())
    assert "Question: Which leaves are never evaluated?" in text
    assert "pruned: I, J · root 3 · best move B" in text


def test_the_key_line_matches_the_pictures_names(handouts):
    handouts.evaluate("document.body.dataset.print = 'key'")
    key = handouts.locator("section[data-slide-index='3'] .handout-key")
    line = key.locator(".handout-answer-line").inner_text()
    answer = key.locator("svg.tree-picture")
    for name in ("I", "J"):  # the pruned leaves the line names are the pruned nodes drawn so
        label = answer.page.locator(f"text.node-label:text-is('{name}')")
        node = answer.locator("g.node", has=label)
        assert node.get_attribute("data-state") == "pruned", name
    assert line.endswith("best move B")
    best = answer.locator("g.node", has=answer.page.locator("text.node-label:text-is('B')"))
    assert best.get_attribute("data-path") == "0"


@pytest.mark.parametrize("width", [800, 1280])
def test_nothing_covers_a_value_or_a_name(handouts, width):
    handouts.set_viewport_size({"width": width, "height": 900})
    handouts.evaluate("document.body.dataset.print = 'key'")
    handouts.emulate_media(media="print")
    pictures = handouts.locator("svg.tree-picture")
    assert pictures.count() >= 8
    for k in range(pictures.count()):
        assert pictures.nth(k).evaluate(COVERED) == [], k


def test_a_wide_tree_prints_in_strips_each_node_once_and_legible(handouts):
    handouts.emulate_media(media="print")
    ghosts = handouts.locator("section[data-slide-index='4']")
    strips = ghosts.locator("svg.tree-picture-strip")
    assert strips.count() >= 3
    total = int(strips.first.get_attribute("data-nodes"))
    nodes = ghosts.locator("svg g.node[data-path]")
    paths = nodes.evaluate_all("els => els.map(e => e.dataset.path)")
    assert len(paths) == len(set(paths)) == total  # each node drawn once, in one strip
    assert "In " in ghosts.locator("figcaption").inner_text()
    # Drawn at 0.8 of its size or more: the names are at least 9.6 CSS px on the page.
    scales = strips.evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width / e.viewBox.baseVal.width)"
    )
    assert min(scales) >= 0.79, scales
    # The textbook stays one picture.
    first = handouts.locator("section[data-slide-index='0'] svg.tree-picture")
    assert first.count() == 1 and first.get_attribute("data-strips") is None
