"""One sentence for each graded item, worded as the visualizer words its narration.

Nodes are named as names.js names them (label, else a letter name), never by path; numbers
are formatted as static/js/lib/format.js formats them (integers plain, at most 3 decimals, "∞"
and "−∞" with a real minus sign). Every sentence says why, from the trace: the cutoff that
pruned a node (its test, the children searched before it), the window a node was searched
in, the values a node's children returned, the value each root child returned (an upper
bound "at most" when it failed low at a MAX root, "at least" when it failed high at a MIN
root: alpha-beta is fail-soft).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from ..engine.tree import CHANCE, MAX, Number
from .names import move_name, name_list
from .truth import Truth

MINUS = "\u2212"
KIND_NAMES = {"max": "MAX", "min": "MIN", "chance": "CHANCE"}
RELATIONS = {">=": "≥", ">": ">", "<=": "≤", "<": "<"}
SHOWN_VALUES = 6  # child values listed before "and N more"


def fmt(x: float) -> str:
    """A value as format.js's ``fmt`` shows it: ∞/−∞, at most 3 decimals, a real minus."""
    if x == float("inf"):
        return "∞"
    if x == float("-inf"):
        return f"{MINUS}∞"
    size = abs(x)
    if isinstance(x, int) or x.is_integer():
        text = str(int(size))
    elif size >= 1e6 or size < 1e-3:
        text = _precision(size)
    else:  # Number(x.toFixed(3)): halves round up, as toFixed rounds the exact binary value
        rounded = float(Decimal(size).quantize(Decimal("0.001"), ROUND_HALF_UP))
        text = str(int(rounded)) if rounded.is_integer() else repr(rounded)
    return f"{MINUS}{text}" if x < 0 else text


def _precision(size: float) -> str:
    """JavaScript's ``toPrecision(3)``: exponential below 1e-6 or from 1e3 on, else fixed."""
    mantissa, exponent = f"{size:.2e}".split("e")
    power = int(exponent)
    if power < -6 or power >= 3:
        return f"{mantissa}e{'+' if power >= 0 else '-'}{abs(power)}"
    return f"{size:.{2 - power}f}"


def pruned(truth: Truth, row: int) -> str:
    """Why the engine prunes ``row`` (for correct and missed prunes alike)."""
    name = truth.names[row]
    return f"{name} is pruned: {_cut_reason(truth, row)}, and the search skips {name}."


def value_for_pruned(truth: Truth, row: int, root: int) -> str:
    """Why a node the search never reaches (inside the engine-pruned subtree of ``root``)
    has no value to give."""
    names = truth.names
    where = "" if row == root else f"it is inside {names[root]}, which is pruned: "
    return (
        f"{names[row]} is never evaluated: {where}{_cut_reason(truth, root)}, and the search "
        f"skips {names[root]}, so no value is computed for {names[row]}."
    )


def _cut_reason(truth: Truth, row: int) -> str:
    """The cutoff that prunes the engine-pruned root ``row``: the children searched before
    it, the test that held, and why the parent above gains nothing from the rest."""
    names, cut = truth.names, truth.pruned_by[row]
    at = names[cut.node]
    if len(cut.searched) == 1:
        after = f"{at}'s first child {names[cut.searched[0]]}"
    else:
        after = f"{at}'s children {name_list(names, cut.searched)}"
    symbol = "α" if cut.kind == "alpha" else "β"
    test = f"v = {fmt(cut.value)} {RELATIONS[cut.relation]} {symbol} = {fmt(cut.bound)}"
    if cut.kind == "alpha":
        why = f"MIN at {at} will return at most {fmt(cut.value)}, no better for MAX above"
    else:
        why = f"MAX at {at} will return at least {fmt(cut.value)}, no better for MIN above"
    return f"after {after}, {test} at {at}, so {why} than the {fmt(cut.bound)} it already has"


def searched(truth: Truth, row: int) -> str:
    """Why the search visits ``row``, which the student crossed out."""
    names = truth.names
    name = names[row]
    parent = truth.parents[row]
    algorithm = truth.options.algorithm
    if parent is None:
        return f"{name} is searched: the search always starts at the root."
    if algorithm != "alphabeta":
        return f"{name} is searched: {algorithm} never prunes."
    at = names[parent]
    if truth.nodes[parent]["kind"] == CHANCE:
        return f"{name} is searched: chance nodes never prune, so {at} searches all its children."
    arrival = truth.arrivals[row]
    if not arrival.searched:
        return f"{name} is searched: a node always searches its first child."
    if truth.options.rule == "standard":
        test = "α ≥ β"
    else:
        test = "v > β" if truth.nodes[parent]["kind"] == MAX else "v < α"
    return (
        f"{name} is searched: when {at} came to it, v = {fmt(arrival.value)} and "
        f"α = {fmt(arrival.alpha)}, β = {fmt(arrival.beta)} at {at}, and no cutoff ({test}) held."
    )


def value(truth: Truth, row: int, given: Number | None, right: bool) -> str:
    """A visited inner node's value: right, wrong (with the rule that makes it), or missing."""
    name, returned = truth.names[row], fmt(truth.returned[row])
    if right:
        return f"{name} returns {returned}."
    if given is None:
        return f"{name}'s value is missing: it returns {returned}."
    return f"{name} returns {returned}, not {fmt(given)}: {_combination(truth, row)}."


def _combination(truth: Truth, row: int) -> str:
    """How a node's value comes from its children's, with the values they returned."""
    kind = truth.nodes[row]["kind"]
    updates = truth.updates[row]
    if kind == CHANCE:
        weights = [truth.nodes[child].get("p") for child, _ in updates]
        if weights[0] is None:
            terms = [fmt(v) for _, v in updates]
            how = "the average of its children's values"
        else:
            terms = [f"{fmt(p)} × {fmt(v)}" for p, (_, v) in zip(weights, updates, strict=True)]
            how = "the average of its children's values weighted by their probabilities"
        return f"a CHANCE node returns {how} ({_listed(terms)})"
    cut = truth.cutoffs.get(row)
    skipped = len(cut.pruned) if cut else 0
    if not skipped:
        children, note = "its children", ""
    elif skipped == 1:
        children, note = "its searched children", "; its last child was pruned"
    else:
        children, note = "its searched children", f"; its last {skipped} children were pruned"
    most = "largest" if kind == MAX else "smallest"
    values = _listed([fmt(v) for _, v in updates])
    return (
        f"a {KIND_NAMES[kind]} node returns the {most} value {children} returned ({values}{note})"
    )


def _listed(terms: list[str]) -> str:
    more = len(terms) - SHOWN_VALUES
    shown = ", ".join(terms[:SHOWN_VALUES])
    return f"{shown} and {more} more" if more > 0 else shown


def window(truth: Truth, row: int, given: tuple[float, float], right: bool) -> str:
    """A node's α and β when it returns."""
    alpha, beta = truth.windows[row]
    said = f"At {truth.names[row]}, α = {fmt(alpha)} and β = {fmt(beta)} when it returns"
    if right:
        return f"{said}."
    return f"{said}, not α = {fmt(given[0])}, β = {fmt(given[1])}."


def move(truth: Truth, given: int | None, right: bool) -> str:
    """The root's best move, and for a wrong one what the chosen child returned."""
    root_children = truth.children[0]
    best = f"{move_name(truth.nodes, truth.names, root_children[truth.best_move])} "
    best += f"(value {fmt(truth.returned[0])})"
    if right:
        return f"The best move is {best}."
    if given is None:
        return f"The best move is missing: it is {best}."
    chosen = root_children[given]
    name = move_name(truth.nodes, truth.names, chosen)
    returned = truth.returned[chosen]
    alpha, beta = truth.entered[chosen]
    row = truth.nodes[chosen]
    # Fail-soft: an inner MAX or MIN node's value outside its window is only a bound.
    bounded = alpha is not None and row["kind"] != CHANCE and not row["terminal"]
    if bounded and returned <= alpha:
        said = f"{name} returns at most {fmt(returned)}, so it is no better"
    elif bounded and returned >= beta:
        said = f"{name} returns at least {fmt(returned)}, so it is no better"
    elif returned == truth.returned[0]:
        said = f"{name} also returns {fmt(returned)}, but the first of equally good moves counts"
    else:
        said = f"{name} returns {fmt(returned)}"
    return f"The best move is {best}; {said}."
