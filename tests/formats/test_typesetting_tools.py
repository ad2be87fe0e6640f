"""The pictures parse with their own tools: the TikZ ``forest`` output compiles with pdflatex
inside a minimal ``standalone`` document (and pdftotext finds the names and values in the
PDF), the DOT output goes through ``dot -Tsvg``, the SVG is well-formed XML with a title."""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET

import pytest

from app.engine import parse_document, resolve_options
from app.engine.exports import export
from app.engine.typeset import picture, to_standalone

TEXTBOOK = {
    "label": "Root",
    "children": [
        {"label": "B", "children": [3, 12, 8]},
        {"label": "C", "children": [2, {"label": "x_1", "value": 4}, 6]},
        {"label": "D", "children": [14, 5, -2.5]},
    ],
}


def exported(fmt, step=None, tree=TEXTBOOK):
    document = parse_document({"tree": tree})
    return export(document, resolve_options(document, {}), fmt, step)


def test_the_picture_marks_the_cutoff_and_the_pruned_leaves():
    document = parse_document({"tree": TEXTBOOK})
    nodes = picture(document.tree, resolve_options(document, {}))
    c = next(n for n in nodes if n.name == "C")
    assert c.cutoff == "α" and c.value == 2
    assert [n.name for n in nodes if n.pruned] == ["x_1", nodes[8].name]
    assert nodes[0].value == 3
    start = picture(document.tree, resolve_options(document, {}), 0)
    assert all(n.value is None and not n.pruned for n in start)


@pytest.mark.slow
@pytest.mark.parametrize("step", [None, 6])
def test_tikz_compiles_with_pdflatex_and_shows_names_and_values(tmp_path, step):
    tikz = exported("tikz", step)
    assert "\\begin{forest}" in tikz
    (tmp_path / "tree.tex").write_text(to_standalone(tikz))
    run = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "tree.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    text = subprocess.run(
        ["pdftotext", "tree.pdf", "-"], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout
    for word in ("Root", "B", "C", "x_1", "12"):
        assert word in text
    if step is None:
        assert "2.5" in text and "cut" in text


def test_dot_goes_through_graphviz():
    dot = exported("dot")
    assert 'style=dashed, label="×"' in dot
    run = subprocess.run(["dot", "-Tsvg"], input=dot, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    svg = ET.fromstring(run.stdout)
    texts = "".join(svg.itertext())
    assert "Root" in texts and "x_1" in texts


def test_svg_is_standalone_with_title_and_description():
    svg = ET.fromstring(exported("svg"))
    ns = {"s": "http://www.w3.org/2000/svg"}
    assert svg.find("s:title", ns).text == "Game tree"
    assert "the root's value is 3" in svg.find("s:desc", ns).text
    assert "x_1" in "".join(svg.itertext())


def test_a_step_out_of_range_is_refused():
    from app.engine import EngineError

    with pytest.raises(EngineError, match="step must be a whole number from 0 to"):
        exported("dot", 10_000)
