"""Independent references for MTD(f) and SSS*, over nested Python lists (MAX at the root,
MAX and MIN alternating), sharing no code with app/engine.

``mtdf_leaves`` is Plaat, Schaeffer, Pijls and de Bruin's MTD(f) and AlphaBetaWithMemory
(1996, figures 1 and 2), with a dictionary keyed by path as the transposition table (a leaf
is stored exact). ``sss_star_leaves`` is Stockman's SSS* (1979) as Pearl (1984) states it:
an OPEN list of (node, LIVE/SOLVED, h) states, the state of largest h taken first (ties to
the leftmost node), with the six cases Γ1–Γ6.
"""

from __future__ import annotations

INF = float("inf")


def _node(tree, path):
    for index in path:
        tree = tree[index]
    return tree


def mtdf_leaves(tree, guess):
    """(the root's value, the leaves MTD(f) evaluates in order, one (α, β) per pass)."""
    table: dict[tuple, tuple[float, float]] = {}
    leaves: list[tuple] = []

    def search(node, path, alpha, beta, maximizing):
        if path in table:
            lower, upper = table[path]
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
        if not isinstance(node, list):
            leaves.append(path)
            table[path] = (node, node)
            return node
        if maximizing:
            g, a = -INF, alpha
            for index, child in enumerate(node):
                if g >= beta:
                    break
                g = max(g, search(child, (*path, index), a, beta, False))
                a = max(a, g)
        else:
            g, b = INF, beta
            for index, child in enumerate(node):
                if g <= alpha:
                    break
                g = min(g, search(child, (*path, index), alpha, b, True))
                b = min(b, g)
        lower, upper = table.get(path, (-INF, INF))
        if g <= alpha:
            upper = g
        elif g >= beta:
            lower = g
        else:
            lower = upper = g
        table[path] = (lower, upper)
        return g

    g, lower, upper, windows = guess, -INF, INF, []
    while lower < upper:
        beta = g + 1 if g == lower else g
        windows.append((beta - 1, beta))
        g = search(tree, (), beta - 1, beta, True)
        if g < beta:
            upper = g
        else:
            lower = g
    return g, leaves, windows


def sss_star_leaves(tree):
    """(the root's value, the leaves SSS* evaluates, in order)."""
    live, solved = "live", "solved"
    open_list = [((), live, INF)]
    leaves: list[tuple] = []
    while True:
        top = max(h for _, _, h in open_list)
        state = min((s for s in open_list if s[2] == top), key=lambda s: s[0])
        open_list.remove(state)
        path, status, h = state
        if path == () and status == solved:
            return h, leaves
        node = _node(tree, path)
        maximizing = len(path) % 2 == 0
        if status == live:
            if not isinstance(node, list):  # Γ1: evaluate the leaf
                leaves.append(path)
                open_list.append((path, solved, min(h, node)))
            elif maximizing:  # Γ2: all children of a MAX node
                open_list.extend(((*path, i), live, h) for i in range(len(node)))
            else:  # Γ3: the first child of a MIN node
                open_list.append(((*path, 0), live, h))
            continue
        parent = path[:-1]
        if not maximizing:  # Γ4: a solved MIN node solves its MAX parent
            open_list = [s for s in open_list if s[0][: len(parent)] != parent]
            open_list.append((parent, solved, h))
        elif path[-1] + 1 < len(_node(tree, parent)):  # Γ5: the next sibling
            open_list.append(((*parent, path[-1] + 1), live, h))
        else:  # Γ6: the last child solves its MIN parent
            open_list.append((parent, solved, h))
