"""Pictures of the tree, not of the view: Picture (SVG/PNG) draws every node
of the tree at the step shown, none folded, framed by the tree's own bounds, without the
cursor ring, the selection, fold toggles or "… N more" boxes, even when the view on screen
is folded; the view itself is left as it was. The experiments' charts download as SVG and
PNG beside their CSV."""

from __future__ import annotations

import json
import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser

SVG = "{http://www.w3.org/2000/svg}"
# 1 + 3 + 11 + 36 + 129 = 180 nodes (seeded): more than a 640 px panel draws unfolded.
RANDOM_TREE = {"seed": 4, "depth": 4, "branching": [3, 4], "low": -20, "high": 20}
SHOTS = Path("/tmp/shots-pictures-print")


def open_share(page):
    if page.locator("#share-panel").is_hidden():
        page.click("#share-toggle")
    page.wait_for_selector("#share-panel[data-ready=true]")


def download(page, selector: str):
    with page.expect_download() as info:
        page.click(selector)
    return info.value.suggested_filename, Path(info.value.path()).read_bytes()


def classes(el) -> set[str]:
    return set((el.get("class") or "").split())


def translate(el) -> tuple[float, float]:
    match = re.match(r"translate\(([-\d.e]+),\s*([-\d.e]+)\)", el.get("transform", ""))
    assert match, el.get("transform")
    return float(match.group(1)), float(match.group(2))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.fixture
def folded_view(prune):
    """A 180-node random tree on a small window, at a step in the middle: the view folds."""
    page = prune.page
    page.set_viewport_size({"width": 800, "height": 600})
    prune.open("random=" + quote(json.dumps(RANDOM_TREE)))
    size = page.evaluate("window.prune.trace.size")
    page.evaluate("(k) => window.prune.seek(k)", page.evaluate("window.prune.trace.length") // 2)
    return prune, size


def test_the_svg_picture_draws_every_node_of_a_folded_view(folded_view):
    prune, size = folded_view
    page = prune.page
    assert 150 <= size <= 250
    on_screen = prune.nodes()
    assert len(on_screen) < size, "the view should fold this tree at 800×600"
    keys = page.evaluate("[...window.prune.trace.keys]")
    step = prune.step()

    open_share(page)
    name, data = download(page, "#export-svg")
    assert name.endswith(f"-step-{step}.svg")
    root = ET.fromstring(data.decode())
    assert root.tag == f"{SVG}svg"
    nodes = [
        g for g in root.iter(f"{SVG}g") if "node" in classes(g) and g.get("data-path") is not None
    ]
    assert sorted(g.get("data-path") for g in nodes) == sorted(keys)
    # Nothing a view only has on screen.
    for el in root.iter():
        cls = classes(el)
        assert not cls & {
            "cursor",
            "cursor-ring",
            "cursor-halo",
            "toggle",
            "selected",
            "more",
            "collapsed",
            "fold-summary",
        }, cls
        assert el.get("tabindex") is None and el.get("role") in (None, "img")
    # The state shown is the step's: the same states as on screen for the nodes drawn there.
    states = {g.get("data-path"): g.get("data-state") for g in nodes}
    for path, (state, _value) in on_screen.items():
        assert states[path] == state
    # The frame is the tree's: every node inside the viewBox, with a margin, at scale 1.
    x, y, width, height = (float(v) for v in root.get("viewBox").split())
    assert (float(root.get("width")), float(root.get("height"))) == (width, height)
    xs = [translate(g)[0] for g in nodes]
    ys = [translate(g)[1] for g in nodes]
    assert x + 18 <= min(xs) and max(xs) <= x + width - 18
    assert y + 18 <= min(ys) and max(ys) <= y + height - 18
    assert width < (max(xs) - min(xs)) + 400  # sized to the tree, not to a window
    # Styles inline, as a stylesheet of the file's own.
    assert "<style>" in data.decode() and "fill:" in data.decode()
    # The view on screen is untouched: same nodes, same step.
    assert prune.nodes() == on_screen and prune.step() == step


def test_the_png_picture_has_the_tree_s_aspect(folded_view):
    prune, _size = folded_view
    page = prune.page
    open_share(page)
    _name, svg = download(page, "#export-svg")
    root = ET.fromstring(svg.decode())
    width, height = float(root.get("width")), float(root.get("height"))
    name, png = download(page, "#export-png")
    assert name.endswith(".png")
    w, h = png_size(png)
    assert abs(w / h - width / height) < 0.02
    assert len(png) > 20_000
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "picture-random-180.png").write_bytes(png)
    prune.page.screenshot(path=str(SHOTS / "view-random-180-800x600.png"))


def test_a_picture_at_the_end_shows_values_cutoffs_and_the_best_move(prune):
    page = prune.page
    prune.open("preset=textbook&step=end")
    open_share(page)
    _name, data = download(page, "#export-svg")
    text = data.decode()
    root = ET.fromstring(text)
    nodes = [g for g in root.iter(f"{SVG}g") if "node" in classes(g)]
    assert len(nodes) == page.evaluate("window.prune.trace.size") == 13
    assert "α-cutoff" in text and "best move" in text and "pv" in text
    values = {g.get("data-path"): g.get("data-value") for g in nodes}
    assert values[""] == "3"
    labels = "".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "α=" in labels and "β=" in labels  # the windows
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "picture-textbook-end.svg").write_bytes(data)


def test_picture_api_draws_any_step_and_leaves_the_trace_where_it_was(prune):
    page = prune.page
    prune.open("preset=textbook&step=5")
    result = page.evaluate(
        """async () => {
          await import('/static/vendor/d3.min.js'); // the module as it is reads d3's global
          const { treePicture } = await import('/static/js/tree/picture.js');
          const t = window.prune.trace;
          const svg = treePicture(t, t.length);
          return {
            step: t.current.step, tag: svg.tagName, connected: svg.isConnected,
            nodes: svg.querySelectorAll('g.node[data-path]').length,
            done: svg.querySelectorAll('g.node.done').length,
            viewBox: svg.getAttribute('viewBox'),
          };
        }"""
    )
    assert result["step"] == 5 and prune.step() == 5
    assert result["tag"] == "svg" and not result["connected"]
    assert result["nodes"] == 13 and result["done"] > 5 and result["viewBox"]


def test_a_tree_above_the_limit_is_drawn_folded_and_says_so(prune):
    page = prune.page
    prune.open("preset=random-binary-10&step=300")
    result = page.evaluate(
        """async () => {
          await import('/static/vendor/d3.min.js'); // the module as it is reads d3's global
          const { treePicture } = await import('/static/js/tree/picture.js');
          const t = window.prune.trace;
          const svg = treePicture(t, 300, { limit: 500 });
          return {
            size: t.size, nodes: svg.querySelectorAll('g.node[data-path]').length,
            note: (svg.querySelector('.picture-note') || {}).textContent || '',
            toggles: svg.querySelectorAll('.toggle, g.more').length,
          };
        }"""
    )
    assert result["size"] == 2047
    assert 0 < result["nodes"] < result["size"]
    assert f"{result['nodes']:,} of 2,047 nodes drawn" in result["note"]
    assert result["toggles"] == 0


# ----- the experiments' charts -----

CHARTS = {
    # block: (fields, a text the chart's picture must hold, legend expected)
    "ord": ({"depths": "1-4", "trials": 2}, "Leaves evaluated by depth", True),
    "rb-many": ({"seeds": "0-19"}, "over many trees", True),
    "opt": ({"positions": "XO..X...."}, "Nodes visited per method", False),
}


@pytest.mark.parametrize("block", list(CHARTS))
def test_each_chart_downloads_as_svg_and_png(prune, block):
    fields, title, has_legend = CHARTS[block]
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/experiments")
    page.wait_for_selector("body[data-experiments-ready]")
    for name, value in fields.items():
        page.fill(f"#{block} [name={name}]", str(value))
    page.click(f"#{block} [data-part=run]")
    page.wait_for_selector(f"#{block}[data-state=done]", timeout=30_000)
    chart = page.evaluate(
        """(block) => {
          const svg = document.querySelector(`#${block} svg.chart-svg`);
          return { width: +svg.getAttribute('width'), height: +svg.getAttribute('height'),
                   marks: svg.querySelectorAll('path, rect, line, circle').length };
        }""",
        block,
    )

    name, data = download(page, f"#{block} [data-part=chart-svg]")
    assert name.startswith("prune-") and name.endswith("-chart.svg")
    text = data.decode()
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg" and "<style>" in text and "fill:" in text
    assert title in text
    x, y, width, height = (float(v) for v in root.get("viewBox").split())
    assert (x, y, width) == (0, 0, chart["width"]) and height > chart["height"]
    shapes = {f"{SVG}{tag}" for tag in ("path", "rect", "line", "circle")}
    drawn = [el for el in root.iter() if el.tag in shapes]
    assert len(drawn) >= chart["marks"]  # the chart's own marks, and the legend's samples
    if has_legend:
        assert "legend-label" in text

    name, png = download(page, f"#{block} [data-part=chart-png]")
    assert name.endswith("-chart.png")
    w, h = png_size(png)
    assert abs(w / h - width / height) < 0.02 and w >= width
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"chart-{block}.png").write_bytes(png)
