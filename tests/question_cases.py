"""Random cases of the practice questions of PVS, MTD(f) and Star1, for checking the page's
graders (static/js/practice/questions/) against the server's (app/practice/questions): seeded
trees (whole numbers for PVS and MTD(f); chance levels, uniform or weighted, and bounds for
Star1; some fail-hard, with a root window or the worst ordering), and answers mixing the
right ones with wrong, missing and extra taps and bounds. Used by
tests/engine/test_grading_agreement.py."""

from __future__ import annotations

QUESTION_KINDS = {
    "correct_tap", "missed_tap", "over_tap", "correct_bounds", "wrong_bounds", "missing_bounds",
}  # fmt: skip


def minimax_tree(rng, level=0, height=3):
    if level == height or (level > 1 and rng.random() < 0.2):
        return rng.randint(0, 9)
    children = [minimax_tree(rng, level + 1, height) for _ in range(rng.randint(2, 3))]
    node = {"children": children}
    if rng.random() < 0.1:
        node["label"] = "P→"  # repeated labels: sentences must qualify them
    return node


def star_tree(rng, level=0, height=3):
    if level == height:
        return rng.randint(0, 10)
    count = rng.randint(2, 3)
    children = [star_tree(rng, level + 1, height) for _ in range(count)]
    if level % 2 == 0:
        return {"type": "max" if level % 4 == 0 else "min", "children": children}
    if rng.random() < 0.4:
        weights = {2: [0.25, 0.75], 3: [0.5, 0.25, 0.25]}[count]
        children = [
            {**(c if isinstance(c, dict) else {"value": c}), "p": w}
            for c, w in zip(children, weights, strict=True)
        ]
    return {"type": "chance", "children": children}


def question_run(rng) -> dict:
    """A tree and options asking one of the three questions."""
    question = rng.choice(["pvs", "mtdf", "star1"])
    if question == "pvs":
        extra = rng.choice([{}, {}, {"fail": "hard"}, {"ordering": "worst"}, {"window": [2, 7]}])  # fmt: skip  # noqa: E501
        return {"tree": minimax_tree(rng), "options": {"algorithm": "pvs", **extra}}
    if question == "mtdf":
        return {"tree": minimax_tree(rng), "options": {"algorithm": "mtdf", "guess": rng.randint(-2, 11)}}  # fmt: skip  # noqa: E501
    extra = rng.choice([{}, {}, {"ordering": "worst"}])
    return {"tree": star_tree(rng), "options": {"algorithm": "star1", "bounds": [0, 10], **extra}}


def question_answer(rng, trace: dict, right: dict) -> dict:
    """An answer near ``right`` (the server's items for a blank answer say what is right)."""
    if trace["options"]["algorithm"] == "mtdf":
        bounds = []
        for item in right["items"]:
            lower, upper = _pair(item["explanation"])
            roll = rng.random()
            if roll < 0.6:
                bounds.append([lower, upper])
            elif roll < 0.8:
                bounds.append([lower, rng.randint(0, 9)])
            else:
                bounds.append(None)
        return {"bounds": bounds[: rng.randint(0, len(bounds))] if rng.random() < 0.3 else bounds}
    truth = [".".join(map(str, item["path"])) for item in right["items"]]
    tapped = [path for path in truth if rng.random() < 0.7]
    paths = [_dotted(trace["nodes"], row) for row in range(len(trace["nodes"]))]
    tapped += [path for path in paths if path not in truth and rng.random() < 0.15]
    rng.shuffle(tapped)
    return {"tapped": tapped}


def _pair(sentence: str) -> list:
    """The bounds a pass's sentence states: "… the bounds are [5, ∞] …"."""
    inner = sentence.split("the bounds are [", 1)[1].split("]", 1)[0]
    return [_number(part) for part in inner.split(", ")]


def _number(text: str):
    text = text.replace("\u2212", "-")
    return {"∞": "Infinity", "-∞": "-Infinity"}.get(text) or int(text)


def _dotted(nodes, row) -> str:
    path = []
    while nodes[row]["parent"] is not None:
        parent = nodes[row]["parent"]
        siblings = [r for r, node in enumerate(nodes) if node["parent"] == parent]
        path.append(siblings.index(row))
        row = parent
    return ".".join(map(str, reversed(path)))
