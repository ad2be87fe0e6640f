"""One sentence for each graded item, worded as the visualizer words its narration.

Nodes are named as names.js names them (label, else a letter name), never by path; numbers
are formatted as static/js/lib/format.js formats them (integers plain, at most 3 decimals, "∞"
and "−∞" with a real minus sign). Every sentence says why, from the trace: the cutoff that
pruned a node (its test, the children searched before it), the window a node was searched
in, the values a node's children returned, the value each root child returned (an upper
bound "at most" when it failed low at a MAX root, "at least" when it failed high at a MIN
root: alpha-beta is fail-soft). The sentences are the catalog's messages, in the language
words.py speaks (the request's), the same as static/js/practice/explain.js's.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from ..engine.tree import CHANCE, MAX, Number
from .names import move_name, name_list
from .truth import Truth
from .words import _, ngettext, pgettext

MINUS = "\u2212"
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
    node = truth.names[row]
    return _(
        "{node} is pruned: {reason}, and the search skips {node}.",
        node=node,
        reason=_cut_reason(truth, row),
    )


def value_for_pruned(truth: Truth, row: int, root: int) -> str:
    """Why a node the search never reaches (inside the engine-pruned subtree of ``root``)
    has no value to give."""
    names = truth.names
    values = {"node": names[row], "root": names[root], "reason": _cut_reason(truth, root)}
    if row == root:
        return _(
            "{node} is never evaluated: {reason}, and the search skips {root}, so no value is "
            "computed for {node}.",
            **values,
        )
    return _(
        "{node} is never evaluated: it is inside {root}, which is pruned: {reason}, and the "
        "search skips {root}, so no value is computed for {node}.",
        **values,
    )


def _cut_reason(truth: Truth, row: int) -> str:
    """The cutoff that prunes the engine-pruned root ``row``: the children searched before
    it, the test that held, and why the parent above gains nothing from the rest."""
    names, cut = truth.names, truth.pruned_by[row]
    at = names[cut.node]
    if len(cut.searched) == 1:
        after = _("{node}'s first child {child}", node=at, child=names[cut.searched[0]])
    else:
        after = _("{node}'s children {children}", node=at, children=name_list(names, cut.searched))
    symbol = "α" if cut.kind == "alpha" else "β"
    test = f"v = {fmt(cut.value)} {RELATIONS[cut.relation]} {symbol} = {fmt(cut.bound)}"
    values = {
        "after": after,
        "test": test,
        "node": at,
        "value": fmt(cut.value),
        "bound": fmt(cut.bound),
    }
    if cut.kind == "alpha":
        return _(
            "after {after}, {test} at {node}, so MIN at {node} will return at most {value}, no "
            "better for MAX above than the {bound} it already has",
            **values,
        )
    return _(
        "after {after}, {test} at {node}, so MAX at {node} will return at least {value}, no "
        "better for MIN above than the {bound} it already has",
        **values,
    )


def searched(truth: Truth, row: int) -> str:
    """Why the search visits ``row``, which the student crossed out."""
    names = truth.names
    node = names[row]
    parent = truth.parents[row]
    algorithm = truth.options.algorithm
    if parent is None:
        return _("{node} is searched: the search always starts at the root.", node=node)
    if algorithm != "alphabeta":
        return _("{node} is searched: {algorithm} never prunes.", node=node, algorithm=algorithm)
    at = names[parent]
    if truth.nodes[parent]["kind"] == CHANCE:
        return _(
            "{node} is searched: chance nodes never prune, so {parent} searches all its children.",
            node=node,
            parent=at,
        )
    arrival = truth.arrivals[row]
    if not arrival.searched:
        return _("{node} is searched: a node always searches its first child.", node=node)
    if truth.options.rule == "standard":
        test = "α ≥ β"
    else:
        test = "v > β" if truth.nodes[parent]["kind"] == MAX else "v < α"
    return _(
        "{node} is searched: when {parent} came to it, v = {v} and α = {alpha}, β = {beta} at "
        "{parent}, and no cutoff ({test}) held.",
        node=node,
        parent=at,
        v=fmt(arrival.value),
        alpha=fmt(arrival.alpha),
        beta=fmt(arrival.beta),
        test=test,
    )


def value(truth: Truth, row: int, given: Number | None, right: bool) -> str:
    """A visited inner node's value: right, wrong (with the rule that makes it), or missing."""
    node, returned = truth.names[row], fmt(truth.returned[row])
    if right:
        return _("{node} returns {value}.", node=node, value=returned)
    if given is None:
        return _("{node}'s value is missing: it returns {value}.", node=node, value=returned)
    return _(
        "{node} returns {value}, not {given}: {how}.",
        node=node,
        value=returned,
        given=fmt(given),
        how=_combination(truth, row),
    )


def _combination(truth: Truth, row: int) -> str:
    """How a node's value comes from its children's, with the values they returned."""
    kind = truth.nodes[row]["kind"]
    updates = truth.updates[row]
    if kind == CHANCE:
        weights = [truth.nodes[child].get("p") for child, _child in updates]
        if weights[0] is None:
            return _(
                "a CHANCE node returns the average of its children's values ({values})",
                values=_listed([fmt(v) for _child, v in updates]),
            )
        terms = [f"{fmt(p)} × {fmt(v)}" for p, (_c, v) in zip(weights, updates, strict=True)]
        return _(
            "a CHANCE node returns the average of its children's values weighted by their "
            "probabilities ({values})",
            values=_listed(terms),
        )
    cut = truth.cutoffs.get(row)
    skipped = len(cut.pruned) if cut else 0
    values = _listed([fmt(v) for _child, v in updates])
    if not skipped:
        if kind == MAX:
            return _(
                "a MAX node returns the largest value its children returned ({values})",
                values=values,
            )
        return _(
            "a MIN node returns the smallest value its children returned ({values})",
            values=values,
        )
    if kind == MAX:
        return ngettext(
            "a MAX node returns the largest value its searched children returned ({values}; its "
            "last child was pruned)",
            "a MAX node returns the largest value its searched children returned ({values}; its "
            "last {n} children were pruned)",
            skipped,
            values=values,
        )
    return ngettext(
        "a MIN node returns the smallest value its searched children returned ({values}; its "
        "last child was pruned)",
        "a MIN node returns the smallest value its searched children returned ({values}; its "
        "last {n} children were pruned)",
        skipped,
        values=values,
    )


def _listed(terms: list[str]) -> str:
    more = len(terms) - SHOWN_VALUES
    shown = pgettext("list separator", ", ").join(terms[:SHOWN_VALUES])
    if more > 0:
        return ngettext("{items} and {n} more", "{items} and {n} more", more, items=shown)
    return shown


def window(truth: Truth, row: int, given: tuple[float, float], right: bool) -> str:
    """A node's α and β when it returns."""
    alpha, beta = truth.windows[row]
    values = {"node": truth.names[row], "alpha": fmt(alpha), "beta": fmt(beta)}
    if right:
        return _("At {node}, α = {alpha} and β = {beta} when it returns.", **values)
    return _(
        "At {node}, α = {alpha} and β = {beta} when it returns, not α = {given_alpha}, "
        "β = {given_beta}.",
        given_alpha=fmt(given[0]),
        given_beta=fmt(given[1]),
        **values,
    )


def move(truth: Truth, given: int | None, right: bool) -> str:
    """The root's best move, and for a wrong one what the chosen child returned."""
    root_children = truth.children[0]
    best = _(
        "{move} (value {value})",
        move=move_name(truth.nodes, truth.names, root_children[truth.best_move]),
        value=fmt(truth.returned[0]),
    )
    if right:
        return _("The best move is {best}.", best=best)
    if given is None:
        return _("The best move is missing: it is {best}.", best=best)
    chosen = root_children[given]
    returned = truth.returned[chosen]
    values = {
        "best": best,
        "move": move_name(truth.nodes, truth.names, chosen),
        "value": fmt(returned),
    }
    alpha, beta = truth.entered[chosen]
    row = truth.nodes[chosen]
    # Fail-soft: an inner MAX or MIN node's value outside its window is only a bound.
    bounded = alpha is not None and row["kind"] != CHANCE and not row["terminal"]
    if bounded and returned <= alpha:
        return _(
            "The best move is {best}; {move} returns at most {value}, so it is no better.",
            **values,
        )
    if bounded and returned >= beta:
        return _(
            "The best move is {best}; {move} returns at least {value}, so it is no better.",
            **values,
        )
    if returned == truth.returned[0]:
        return _(
            "The best move is {best}; {move} also returns {value}, but the first of equally "
            "good moves counts.",
            **values,
        )
    return _("The best move is {best}; {move} returns {value}.", **values)
