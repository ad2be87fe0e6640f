"""Independent references for the windowed searches, written recursively from the papers'
pseudocode (Knuth & Moore 1975 for negamax alpha-beta, fail-soft and fail-hard; Marsland's
PVS and Reinefeld's NegaScout 1983 for the null-window tests), on the tests' nested-list
trees. Each returns the root's value from its mover's side and the leaves it evaluated, in
order, as paths. The engine's explicit-stack loop must agree with them exactly.
"""

import math

INF = math.inf


def _sign(players, depth):
    return 1 if players[depth % len(players)] == "max" else -1


def negamax_search(tree, players=("max", "min"), window=(-INF, INF), hard=False, above=None):
    """``above`` is PVS's null window (α, above(α)); ``None`` searches every child fully."""
    leaves = []

    def search(node, depth, path, alpha, beta):
        sign = _sign(players, depth)
        if not isinstance(node, list):
            leaves.append(path)
            return sign * node
        value = alpha if hard else -INF
        for index, child in enumerate(node):
            child_path = (*path, index)
            flip = _sign(players, depth + 1) != sign

            def sub(a, b, child=child, child_path=child_path, flip=flip):
                if flip:
                    return -search(child, depth + 1, child_path, -b, -a)
                return search(child, depth + 1, child_path, a, b)

            if not isinstance(child, list):
                leaves.append(child_path)
                result = sign * child
            elif above is None or index == 0 or alpha == -INF:
                result = sub(alpha, beta)
            else:
                result = sub(alpha, above(alpha))  # the test: is this child better than α?
                if alpha < result < beta:
                    result = sub(alpha, beta)  # it is: search it again with the full window
            value = max(value, result)
            alpha = max(alpha, value)
            if alpha >= beta:
                return beta if hard else value
        return value

    root_sign = _sign(players, 0)
    low, high = window if root_sign == 1 else (-window[1], -window[0])
    return search(tree, 0, (), low, high), leaves


def whole_number_null_window(alpha):
    return math.floor(alpha) + 1


def to_minimax_form(nodes, events):
    """A negamax trace's events (values from each node's mover) read in minimax form."""

    def sign(row):
        return 1 if nodes[row]["kind"] == "max" else -1

    def number(x):
        return float(x) if isinstance(x, str) else x

    def window(row, a, b):
        a, b = number(a), number(b)
        return (a, b) if sign(row) == 1 else (-b, -a)

    turned = []
    for event in events:
        kind, row = event[0], event[1]
        if kind == "enter":
            turned.append((kind, row, event[2], *window(row, *event[3:5])))
        elif kind == "leaf":
            turned.append((kind, row, sign(row) * event[2], *window(row, *event[3:5]), *event[5:]))
        elif kind == "update":
            s = sign(row)
            turned.append(
                (kind, row, event[2], s * event[3], s * event[4], *window(row, *event[5:7]))
            )
        elif kind == "exit":
            turned.append((kind, row, sign(row) * event[2], event[3]))
        elif kind == "cutoff":
            if sign(row) == 1:
                turned.append((*event[:5], number(event[5]), event[6]))
            else:
                relation = event[4].replace(">", "<")
                turned.append(
                    (kind, row, "alpha", -event[3], relation, -number(event[5]), event[6])
                )
        else:
            turned.append(tuple(event))
    return turned


def normalized(events):
    """Events with infinities as floats, so both forms compare."""
    return [tuple(float(x) if x in ("Infinity", "-Infinity") else x for x in e) for e in events]
