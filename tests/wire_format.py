"""Prune's wire format read back as docs/protocol.md describes it ("Trace events", "Node table").

Written from the documentation, apart from the engine, so that the tests check the documented
format: each event array becomes an object with its documented field names, and every node
(an index into the node table) becomes its path, the way people name nodes.
"""

FIELDS = {
    "enter": ("node", "kind", "alpha", "beta"),
    "leaf": ("node", "value", "alpha", "beta", "heuristic"),
    "update": ("node", "child", "child_value", "value", "alpha", "beta"),
    "cutoff": ("node", "kind", "value", "relation", "bound", "pruned"),
    "exit": ("node", "value", "best"),
    "pass": ("number", "alpha", "beta", "why"),
    "tt": ("node", "action", "lower", "upper"),
    "chance_cutoff": ("node", "value_bound", "relation", "bound", "pruned"),
    "research": ("node", "alpha", "beta"),
}


def table_paths(nodes):
    """Each row's path: its parent's path plus its position among the parent's rows."""
    paths, seen = [], {}
    for row in nodes:
        parent = row["parent"]
        if parent is None:
            paths.append(())
            continue
        position = seen.get(parent, 0)
        seen[parent] = position + 1
        paths.append((*paths[parent], position))
    return paths


def readable(nodes, events):
    """Events as objects, with ``path`` (and ``child``, ``pruned``, ``best``) as paths."""
    paths = table_paths(nodes)
    decoded = []
    for event in events:
        kind, *values = event
        fields = FIELDS[kind]
        assert len(values) in (len(fields), len(fields) - (kind == "leaf")), event
        item = {"type": kind, **dict(zip(fields, values, strict=False))}
        if kind == "pass":  # a pass names no node
            decoded.append(item)
            continue
        item["path"] = paths[item.pop("node")]
        if kind == "update":
            item["child"] = paths[item["child"]]
        elif kind in ("cutoff", "chance_cutoff"):
            item["pruned"] = [paths[p] for p in item["pruned"]]
        elif kind == "exit" and item["best"] is not None:
            item["best"] = paths[item["best"]]
        decoded.append(item)
    return decoded
