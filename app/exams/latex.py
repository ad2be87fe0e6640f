"""One variant of an exam as one LaTeX file: each question's prompt and tree (TikZ
``forest``, app/engine/typeset.py: node names, leaf values, a blank box beside each inner
node), then the answer key on a new page: each tree at the end of the search (values, α/β
windows, pruned edges crossed, cutoffs marked), the answer and the worked solution. It
compiles with ``pdflatex`` (package ``forest``; each question sits in a minipage, so its
tree stays on one page).
"""

from __future__ import annotations

from typing import Any

from ..engine import parse_document, resolve_options, wire
from ..engine.typeset import picture, to_tikz

PREAMBLE = r"""\documentclass[11pt]{article}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage[margin=18mm]{geometry}
\usepackage{forest}
\usetikzlibrary{shapes.geometric}
\DeclareUnicodeCharacter{2212}{-}
\DeclareUnicodeCharacter{221E}{\ensuremath{\infty}}
\DeclareUnicodeCharacter{2264}{\ensuremath{\le}}
\DeclareUnicodeCharacter{2265}{\ensuremath{\ge}}
\DeclareUnicodeCharacter{03B1}{\ensuremath{\alpha}}
\DeclareUnicodeCharacter{03B2}{\ensuremath{\beta}}
\DeclareUnicodeCharacter{00D7}{\ensuremath{\times}}
\DeclareUnicodeCharacter{2026}{\ldots}
\setlength{\parindent}{0pt}
"""
BLANK = "@blank@"  # an inner node's value on the sheet: a BOX beside it in the TikZ text
BOX = "\\fbox{\\rule{0pt}{1.6ex}\\hspace{1.8em}}"
SPECIAL = {c: f"\\{c}" for c in "&%$#_{}"} | {
    "~": "\\textasciitilde{}",
    "^": "\\textasciicircum{}",
    "\\": "\\textbackslash{}",
}


def tex_text(text: str) -> str:
    """Plain text for LaTeX: its special characters escaped."""
    return "".join(SPECIAL.get(c, c) for c in str(text))


def exam_tex(exam: dict[str, Any], variant: int | None) -> str:
    """Variant ``variant`` (0-based) of ``exam`` (as ``generate_exam`` made it), or with
    ``None`` every variant: each variant's sheet from a new page, then every key."""
    title = tex_text(exam["spec"]["title"])
    chosen = range(len(exam["variants"])) if variant is None else [variant]
    parts = [PREAMBLE, "\\begin{document}\n"]
    for number in chosen:
        parts.append(_sheet_pages(title, number, exam["variants"][number]["questions"]))
    for number in chosen:
        parts.append(_key_pages(number, exam["variants"][number]["questions"]))
    parts.append("\\end{document}\n")
    return "".join(parts)


def _sheet_pages(title: str, number: int, questions: list[dict[str, Any]]) -> str:
    parts = [
        f"\\clearpage\n\\begin{{center}}{{\\LARGE {title}\\par}}\\medskip\n"
        f"{{\\large Variant {number + 1}\\par}}\\end{{center}}\n",
        "Name: \\rule{8cm}{0.4pt}\n\n\\medskip\n",
    ]
    for index, question in enumerate(questions):
        parts.append(
            f"\\begin{{minipage}}{{\\linewidth}}\n\\section*{{Question {index + 1}}}\n"
            f"{tex_text(question['prompt'])}\n\n\\medskip\n\\begin{{center}}\n"
            f"{_with_boxes(to_tikz(_sheet(question), windows=False))}\\end{{center}}\n"
            "\\end{minipage}\n"
            "\\bigskip\n\n"
        )
    return "".join(parts)


def _key_pages(number: int, questions: list[dict[str, Any]]) -> str:
    parts = [f"\\clearpage\n\\section*{{Answer key (variant {number + 1})}}\n"]
    for index, question in enumerate(questions):
        lines = "\n".join(f"\\item {tex_text(line)}" for line in question["solution"])
        parts.append(
            f"\\subsection*{{Question {index + 1}}}\n"
            f"\\textbf{{Answer:}} {tex_text(answer_text(question))}\n\n"
            f"\\begin{{center}}\n{to_tikz(_solved(question))}\\end{{center}}\n"
            f"\\begin{{itemize}}\n{lines}\n\\end{{itemize}}\n"
        )
    return "".join(parts)


def answer_text(question: dict[str, Any]) -> str:
    """A question's answer in one line, as the key prints it."""
    answer, kind = question["answer"], question["kind"]
    if kind == "prune":
        crossed = ", ".join(item["name"] for item in answer["pruned"]) or "none"
        count = answer["pruned_leaves"]
        return f"crossed out: {crossed} ({count} {'leaf' if count == 1 else 'leaves'} pruned)"
    if kind == "values":
        return ", ".join(f"{name} = {_number(v)}" for name, v in answer["values"].items())
    if kind == "windows":
        return "; ".join(
            f"{name}: α = {_number(w['alpha'])}, β = {_number(w['beta'])}"
            for name, w in answer["windows"].items()
        )
    if kind == "best_move":
        return f"move to {answer['child']} (value {_number(answer['value'])})"
    if kind == "leaves":
        return f"{answer['leaves_evaluated']} leaves: {', '.join(answer['leaves'])}"
    if kind == "reorder":
        orders = "; ".join(f"{name}: {' '.join(kids)}" for name, kids in answer["orders"].items())
        return (
            f"{orders}; then {answer['leaves_evaluated']} leaves are evaluated "
            f"(given order: {answer['given_leaves_evaluated']})"
        )
    if kind == "rules":
        standard = ", ".join(answer["standard_only"]) or "none"
        strict = ", ".join(answer["strict_only"]) or "none"
        return f"standard only: {standard}; strict only: {strict}"
    mm, ab = answer["minimax"], answer["alphabeta"]
    return (
        f"minimax {mm['leaves']} leaves, {mm['nodes']} nodes; "
        f"alpha-beta {ab['leaves']} leaves, {ab['nodes']} nodes"
    )


def _number(value: Any) -> str:
    value = wire(value)
    if value == "Infinity":
        return "∞"
    if value == "-Infinity":
        return "−∞"
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".")
    return str(value)


def _search(question: dict[str, Any]):
    document = parse_document(question["tree"])
    options = resolve_options(document, {"rule": question["rule"]})
    return document.tree, options


def _sheet(question: dict[str, Any]):
    """The tree before the search: names, the leaves' values, a blank box for inner values."""
    tree, options = _search(question)
    nodes = picture(tree, options, 0)
    for node, value in zip(nodes, tree.values, strict=True):
        node.value = BLANK if value is None else value
    return nodes


def _with_boxes(tikz: str) -> str:
    """The TikZ text with each blank value drawn as an empty box to write in, beside its
    node (inside, it would swell the node's triangle)."""
    return tikz.replace(
        f"\\\\{BLANK}}}, align=center,", f"}}, align=center, label={{right:{BOX}}},"
    )


def _solved(question: dict[str, Any]):
    tree, options = _search(question)
    return picture(tree, options)
