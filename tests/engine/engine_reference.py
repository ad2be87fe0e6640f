"""Independent reference searches for the tests: plain recursion over nested Python data,
written straight from the course pseudocode and sharing no code with app/engine."""

from __future__ import annotations

INF = float("inf")


def _split(node):
    """(children, own type, value, p) of a shorthand or full-form node."""
    if isinstance(node, list):
        return node, None, None, None
    if isinstance(node, dict):
        return node.get("children"), node.get("type"), node.get("value"), node.get("p")
    return None, None, node, None


def _kind(node, depth, players, expectimax=False):
    kind = _split(node)[1] or players[depth % len(players)]
    return "chance" if expectimax and kind == "min" else kind


def minimax(node, players=("max", "min"), depth=0, limit=None, expectimax=False):
    """The exact value of ``node`` (chance nodes average, weighted by p when given)."""
    kids, _, value, _ = _split(node)
    if not kids or (limit is not None and depth >= limit):
        return value
    values = [minimax(k, players, depth + 1, limit, expectimax) for k in kids]
    kind = _kind(node, depth, players, expectimax)
    if kind == "max":
        return max(values)
    if kind == "min":
        return min(values)
    weights = [_split(k)[3] for k in kids]
    if weights[0] is None:
        return sum(values) / len(values)
    return sum(w * v for w, v in zip(weights, values, strict=True))


def best_move(node, players=("max", "min")):
    """Index of the first root child whose minimax value is the root's value."""
    kids = _split(node)[0]
    if not kids:
        return None
    values = [minimax(k, players, 1) for k in kids]
    target = max(values) if _kind(node, 0, players) == "max" else min(values)
    return values.index(target)


def alphabeta_leaves(node, players=("max", "min"), rule="standard"):
    """The paths of the leaves a fail-soft alpha-beta evaluates, in order, and its value."""
    evaluated = []

    def search(node, path, alpha, beta):
        kids, _, value, _ = _split(node)
        if not kids:
            evaluated.append(path)
            return value
        if _kind(node, len(path), players) == "max":
            v = -INF
            for i, kid in enumerate(kids):
                v = max(v, search(kid, (*path, i), alpha, beta))
                if rule == "strict":
                    if v > beta:
                        return v
                    alpha = max(alpha, v)
                else:
                    alpha = max(alpha, v)
                    if alpha >= beta:
                        return v
            return v
        v = INF
        for i, kid in enumerate(kids):
            v = min(v, search(kid, (*path, i), alpha, beta))
            if rule == "strict":
                if v < alpha:
                    return v
                beta = min(beta, v)
            else:
                beta = min(beta, v)
                if alpha >= beta:
                    return v
        return v

    value = search(node, (), -INF, INF)
    return evaluated, value


def replace_leaves(node, path, new_value):
    """A copy of the shorthand tree with every leaf under ``path`` set to ``new_value``."""

    def fill(sub):
        return [fill(k) for k in sub] if isinstance(sub, list) else new_value

    def walk(sub, rest):
        if not rest:
            return fill(sub)
        return [walk(k, rest[1:]) if i == rest[0] else k for i, k in enumerate(sub)]

    return walk(node, list(path))
