"""Typesetting one search's picture at a step: LaTeX (TikZ ``forest``), GraphViz DOT and
standalone SVG. Pure: no Flask, so an exam writer can call ``picture`` and ``to_tikz`` for
every question of a whole exam.

``picture(tree, options, step)`` replays the trace's first ``step`` events (all of them when
``step`` is ``None``) into what the visualizer shows then: each node's name (its label, or
A, B, C… in level order, as the visualizer names it), value so far, α/β window, whether a
cutoff fired there and whether it was pruned. The writers draw pruned edges crossed (dashed,
with a ×) and cutoffs marked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from .errors import N_, EngineError, Message
from .names import node_names
from .options import SearchOptions
from .search import Search
from .tree import Tree


@dataclass
class Node:
    name: str
    kind: str
    parent: int | None
    value: Any = None
    window: tuple[Any, Any] | None = None
    cutoff: str | None = None
    pruned: bool = False
    children: list[int] = field(default_factory=list)


def picture(tree: Tree, options: SearchOptions, step: int | None = None) -> list[Node]:
    """The nodes as drawn after ``step`` events of the search (``None``: the end)."""
    search = Search(tree, options)
    rows = search.nodes()
    events: list[tuple] = []
    for batch in search.batches():
        events.extend(batch)
    if step is not None and (
        isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(events)
    ):
        raise EngineError(
            Message(N_("step must be a whole number from 0 to {last}"), last=len(events)),
            field="step",
        )
    names = node_names(rows, _children(rows))
    nodes = [Node(names[i], row["kind"], row["parent"]) for i, row in enumerate(rows)]
    for i, row in enumerate(rows):
        if row["parent"] is not None:
            nodes[row["parent"]].children.append(i)
    for event in events[: len(events) if step is None else step]:
        kind, node = event[0], event[1]
        if kind == "enter":
            nodes[node].window = (event[3], event[4])
        elif kind == "leaf":
            nodes[node].value, nodes[node].window = event[2], (event[3], event[4])
        elif kind == "update":
            nodes[node].value, nodes[node].window = event[4], (event[5], event[6])
        elif kind == "exit":
            nodes[node].value = event[2]
        elif kind in ("cutoff", "chance_cutoff"):
            nodes[node].cutoff = "β" if event[2] == "beta" else "α"
            if kind == "chance_cutoff":
                nodes[node].cutoff = "*"
            for skipped in event[-1]:
                _prune(nodes, skipped)
    return nodes


def to_tikz(nodes: list[Node], windows: bool = True) -> str:
    """A ``forest`` environment (needs ``\\usepackage{forest}``)."""
    lines = [
        "\\begin{forest}",
        "for tree={draw, minimum size=2.2em, inner sep=1pt, s sep=18pt, l sep=14pt, font=\\small},",
        "max/.style={regular polygon, regular polygon sides=3, shape border rotate=0},",
        "min/.style={regular polygon, regular polygon sides=3, shape border rotate=180},",
        "chance/.style={circle},",
        "pruned/.style={edge={dashed}, edge label={node[midway, font=\\bfseries]{$\\times$}}},",
        "cutoff/.style={line width=1.4pt},",
    ]
    body: list[str] = []
    stack: list[tuple[int, bool]] = [(0, False)]
    while stack:
        index, closing = stack.pop()
        if closing:
            body.append("]")
            continue
        node = nodes[index]
        styles = [node.kind if node.children else "rectangle"]
        if node.pruned:
            styles.append("pruned")
        if node.cutoff:
            styles.append("cutoff")
        text = f"{_tex(node.name)}\\\\{_tex(_value(node.value))}"
        if node.cutoff:
            text += f"\\\\cut {_cut_tex(node.cutoff)}"
        extra = ""
        if windows and node.window is not None and node.children:
            extra = (
                f", label={{[font=\\scriptsize]right:$[{_tex_number(node.window[0])},"
                f"{_tex_number(node.window[1])}]$}}"
            )
        body.append(f"[{{{text}}}, align=center, {', '.join(styles)}{extra}")
        stack.append((index, True))
        stack.extend((kid, False) for kid in reversed(node.children))
    return "\n".join(lines) + "\n" + " ".join(body) + "\n\\end{forest}\n"


def to_standalone(tikz: str) -> str:
    """``tikz`` inside the smallest document ``pdflatex`` compiles."""
    return (
        "\\documentclass[border=4pt]{standalone}\n\\usepackage[T1]{fontenc}\n"
        "\\usepackage{forest}\n\\usetikzlibrary{shapes.geometric}\n"
        f"\\begin{{document}}\n{tikz}\\end{{document}}\n"
    )


def to_dot(nodes: list[Node], windows: bool = True) -> str:
    """A GraphViz digraph: shapes by kind, windows in the labels, pruned edges dashed and
    crossed, cutoff nodes bold."""
    shapes = {"max": "triangle", "min": "invtriangle", "chance": "circle"}
    lines = ["digraph prune {", "  node [fontname=Helvetica];"]
    for index, node in enumerate(nodes):
        shape = shapes.get(node.kind, "box") if node.children else "box"
        label = f"{node.name}\\n{_value(node.value)}"
        if windows and node.window is not None:
            label += f"\\n[{_plain(node.window[0])}, {_plain(node.window[1])}]"
        if node.cutoff:
            label += f"\\ncut {node.cutoff}"
        attrs = [f"label={_dot_string(label)}", f"shape={shape}"]
        if node.pruned:
            attrs.append("style=dashed")
        if node.cutoff:
            attrs.append("penwidth=3")
        lines.append(f"  n{index} [{', '.join(attrs)}];")
        if node.parent is not None:
            edge = ' [style=dashed, label="×"]' if node.pruned else ""
            lines.append(f"  n{node.parent} -> n{index}{edge};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def to_svg(nodes: list[Node], title: str = "Game tree", windows: bool = True) -> str:
    """A standalone SVG: leaves spaced evenly, parents centred over their children."""
    x: dict[int, float] = {}
    depth = {0: 0}
    order = list(range(len(nodes)))
    for i in order[1:]:
        depth[i] = depth[nodes[i].parent] + 1
    next_leaf = 0
    for i in order:
        if not nodes[i].children:
            x[i] = next_leaf * 60 + 40
            next_leaf += 1
    for i in reversed(order):
        if nodes[i].children:
            x[i] = sum(x[k] for k in nodes[i].children) / len(nodes[i].children)
    width, height = next_leaf * 60 + 20, (max(depth.values()) + 1) * 80 + 20
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(_description(nodes))}</desc>",
    ]
    for i, node in enumerate(nodes):
        if node.parent is not None:
            dash = ' stroke-dasharray="5 4"' if node.pruned else ""
            parts.append(
                f'<line x1="{x[node.parent]:.1f}" y1="{depth[node.parent] * 80 + 40}" '
                f'x2="{x[i]:.1f}" y2="{depth[i] * 80 + 40}" stroke="#333"{dash}/>'
            )
    for i, node in enumerate(nodes):
        cx, cy = x[i], depth[i] * 80 + 40
        stroke = 4 if node.cutoff else 1.5
        fill = "#eee" if node.pruned else "#fff"
        parts.append(
            f'<circle cx="{cx:.1f}" cy="{cy}" r="20" fill="{fill}" stroke="#000" '
            f'stroke-width="{stroke}"/>'
        )
        parts.append(
            f'<text x="{cx:.1f}" y="{cy - 3}" text-anchor="middle" font-size="12">'
            f"{escape(node.name)}</text>"
        )
        parts.append(
            f'<text x="{cx:.1f}" y="{cy + 12}" text-anchor="middle" font-size="12">'
            f"{escape(_value(node.value))}</text>"
        )
        if windows and node.window is not None:
            parts.append(
                f'<text x="{cx + 23:.1f}" y="{cy - 14}" font-size="10">'
                f"[{escape(_plain(node.window[0]))}, {escape(_plain(node.window[1]))}]</text>"
            )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _description(nodes: list[Node]) -> str:
    pruned = [n.name for n in nodes if n.pruned]
    root = _value(nodes[0].value) or "not yet known"
    return (
        f"{len(nodes)} nodes; the root's value is {root}; "
        f"pruned: {', '.join(pruned) if pruned else 'none'}."
    )


def _prune(nodes: list[Node], index: int) -> None:
    stack = [index]
    while stack:
        node = stack.pop()
        nodes[node].pruned = True
        stack.extend(nodes[node].children)


def _children(rows: list[dict[str, Any]]) -> list[list[int]]:
    """Each row's child rows, in table order."""
    children: list[list[int]] = [[] for _ in rows]
    for i, row in enumerate(rows):
        if row["parent"] is not None:
            children[row["parent"]].append(i)
    return children


def _value(value: Any) -> str:
    if value is None:
        return ""
    return _plain(value)


def _plain(value: Any) -> str:
    if value in ("Infinity", math.inf):
        return "∞"
    if value in ("-Infinity", -math.inf):
        return "-∞"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _tex_number(value: Any) -> str:
    plain = _plain(value)
    return plain.replace("∞", "\\infty") if "∞" in plain else _tex(plain)


def _cut_tex(cut: str) -> str:
    return {"α": "$\\alpha$", "β": "$\\beta$"}.get(cut, "*")


_TEX_SPECIAL = {c: f"\\{c}" for c in "&%$#_{}"} | {
    "~": "\\textasciitilde{}",
    "^": "\\textasciicircum{}",
    "\\": "\\textbackslash{}",
    "[": "{[}",
    "]": "{]}",
    ",": "{,}",
    "=": "{=}",
    "∞": "$\\infty$",
}


def _tex(text: str) -> str:
    return "".join(_TEX_SPECIAL.get(c, c) for c in text)


def _dot_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\\\\n", "\\n") + '"'
