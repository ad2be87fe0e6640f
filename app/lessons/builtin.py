"""The built-in lessons: ready on day one, listed on /lessons, opened as /l/<id>.

Their ids are fixed words of the store's id length (12 characters), never the hash of a
saved lesson in practice (a saved lesson's id is 12 characters of base64 from SHA-256).
The step ranges are the textbook tree's trace (27 steps; the first cutoff is step 14);
a test runs the search and checks them.
"""

from __future__ import annotations

from typing import Any

from .beyond import BEYOND, BEYOND_ID
from .words import N_

ONE_LECTURE_ID = "alpha-beta-1"

ONE_LECTURE: dict[str, Any] = {
    "title": N_("Alpha-beta in one lecture"),
    "slides": [
        {
            "title": N_("Minimax first"),
            "notes": N_(
                "MAX moves at the root, MIN replies. **Minimax** looks at *every* leaf and "
                "backs values up: MIN takes the smallest, MAX the largest.\n\n"
                "- 9 leaves, 9 evaluations\n- the root's value is `3`"
            ),
            "view": {"kind": "tree", "preset": "textbook", "options": {"algorithm": "minimax"}},
        },
        {
            "title": N_("The textbook tree"),
            "notes": N_(
                "The same tree, now with **alpha-beta**. The first MIN node is searched "
                "whole: nothing is known yet. Watch α at the root become `3`."
            ),
            "view": {"kind": "tree", "preset": "textbook", "from": 0, "to": 9},
        },
        {
            "title": N_("The first cutoff"),
            "notes": N_(
                "The second MIN node sees `2`. MIN will take at most 2, and MAX already "
                "has 3: **the rest of this node cannot matter**.\n\n"
                "*4 and 6 are never looked at.*"
            ),
            "view": {"kind": "tree", "preset": "textbook", "from": 9, "to": 14},
        },
        {
            "title": N_("α and β as a window"),
            "notes": N_(
                "α is the best MAX can already guarantee, β the best MIN can. A node whose "
                "value leaves the window **(α, β)** is cut off.\n\n"
                "- MAX raises α\n- MIN lowers β\n- prune when `α ≥ β`"
            ),
            "view": {"kind": "tree", "preset": "textbook", "from": 14},
        },
        {
            "title": N_("Predict: which leaves are pruned?"),
            "notes": N_(
                "Before we run it: write down each node's value, and cross out the leaves "
                "alpha-beta never evaluates."
            ),
            "view": {
                "kind": "tree",
                "tree": {"players": ["max", "min"], "tree": [[5, 6], [7, 4, 5], [3, 8]]},
            },
            "question": {"prompt": N_("Give each node's value, and mark the pruned leaves.")},
        },
        {
            "title": N_("The tie: the textbook rule"),
            "notes": N_(
                "The second MIN node's first leaf **equals** α = 10. The textbook rule "
                "prunes on `α ≥ β`: the 0 is never evaluated."
            ),
            "view": {"kind": "tree", "preset": "tie", "options": {"rule": "standard"}},
        },
        {
            "title": N_("The tie: CS188's strict rule"),
            "notes": N_(
                "CS188's autograder prunes only on a **strict** inequality (`v < α` at MIN). "
                "The same tree: now the 0 is evaluated. *Count the leaves: the autograder does.*"
            ),
            "view": {"kind": "tree", "preset": "tie", "options": {"rule": "strict"}},
        },
        {
            "title": N_("Players by level: Pacman and two ghosts"),
            "notes": N_(
                "Levels follow the players: **MAX, MIN, MIN**, then MAX again. Both ghosts "
                "minimise, one after the other, before Pacman moves again."
            ),
            "view": {"kind": "tree", "preset": "pacman", "from": 0, "to": 30},
        },
        {
            "title": N_("Move ordering"),
            "notes": N_(
                "The order of the moves decides how much is pruned. **Perfect ordering** "
                "evaluates about b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves (Knuth and Moore), "
                "*worst first* as many as minimax."
            ),
            "view": {
                "kind": "experiment",
                "name": "ordering",
                "query": {"branching": "3", "depths": "1-5", "trials": "5", "seed": "1"},
            },
        },
        {
            "title": N_("Exam question (CS188 style)"),
            "notes": N_(
                "Three plies, the strict rule of the autograder. Fill in every node's value "
                "and mark each leaf that is **not** evaluated.\n\n"
                "1. values bottom up\n2. α and β top down\n3. cross out what is pruned"
            ),
            "view": {
                "kind": "tree",
                "tree": {
                    "players": ["max", "min", "max"],
                    "tree": [[[3, 5], [6, 9]], [[1, 2], [0, -1]], [[8, 4], [7, 2]]],
                },
                "options": {"rule": "strict"},
            },
            "question": {"prompt": N_("Every node's value, and the leaves never evaluated.")},
        },
    ],
}

BUILTIN_LESSONS: dict[str, dict[str, Any]] = {ONE_LECTURE_ID: ONE_LECTURE, BEYOND_ID: BEYOND}
