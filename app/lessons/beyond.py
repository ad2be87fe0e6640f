"""The built-in lesson "Beyond alpha-beta" (issue 34): the pruning family on trees a class
already knows — negamax's one function, fail-hard and fail-soft, a root window and aspiration
search, PVS's null-window tests and re-searches (with good and with bad ordering), MTD(f)'s
passes from a poor and a good guess, SSS* as MTD(+∞), and Star1 at chance nodes — with one
question slide to predict first (a lecture question grades prunes and values, so the last
slide points to practice's questions of PVS, MTD(f) and Star1). docs/algorithms.md has each
algorithm's definition; the tests search every slide and check what its notes say
(tests/test_lesson_beyond.py).
"""

from __future__ import annotations

from typing import Any

from .words import N_

BEYOND_ID = "beyond-alpha"  # the store's id length: 12 characters

PVS_TREE = {"tree": [[3, 5], [6, 7], [1, 2]]}  # C's null-window test fails high: a re-search
STAR_TREE = {"players": ["max", "chance"], "tree": [[7, 7], [3, 9], [8, 2]]}


def _tree(notes_title: str, notes: str, view: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"title": notes_title, "notes": notes, "view": {"kind": "tree", **view}, **more}


BEYOND: dict[str, Any] = {
    "title": N_("Beyond alpha-beta"),
    "slides": [
        _tree(
            N_("Negamax: one function for both players"),
            N_(
                "Seen from the player to move, **every node maximises**: a child's value is "
                "negated on the way up, and the window passed down becomes (−β, −α). The same "
                "leaves are pruned as by alpha-beta; only the signs differ.\n\n"
                "- MIN's values show negated\n- every cutoff is a β-cutoff"
            ),
            {"preset": "textbook", "options": {"algorithm": "negamax"}},
        ),
        _tree(
            N_("Fail-hard and fail-soft"),
            N_(
                "**Fail-soft** (the course's pseudocode) returns the best value it found, even "
                "past the window. **Fail-hard** clamps it to the window: a cut MIN node returns "
                "α, not its value. The root's value and the pruning are the same."
            ),
            {"preset": "textbook", "options": {"fail": "hard"}},
        ),
        _tree(
            N_("A root window"),
            N_(
                "Start the root with a window **(4, 10)** instead of (−∞, +∞): more is pruned "
                "(5 leaves, not 7), but the root's true value is 3, below the window. The search "
                "**fails low**: what it returns proves only a bound, *at most* that."
            ),
            {"preset": "textbook", "options": {"window": [4, 10]}},
        ),
        _tree(
            N_("Aspiration search"),
            N_(
                "Guess the value (10 ± 1) and search with that narrow window. It **fails low**, "
                "so a second pass opens the failed side to −∞ and searches again. Each pass is "
                "marked; the leaves of the first pass are evaluated again."
            ),
            {"preset": "textbook", "options": {"aspiration": {"guess": 10, "delta": 1}}},
        ),
        _tree(
            N_("Predict first"),
            N_(
                "Alpha-beta on this small tree: which leaves are never evaluated? Then we run "
                "**PVS** on the same tree."
            ),
            {"tree": PVS_TREE},
            question={
                "prompt": N_("Every node's value, and the leaves alpha-beta never evaluates.")
            },
        ),
        _tree(
            N_("PVS: a test, then maybe a search"),
            N_(
                "PVS searches the first child fully, then only **tests** the others with a null "
                "window: *is C better than 3?* C's test **fails high** (6 > 3), so C is searched "
                "again with the full window. D's test fails low: D is never searched in full."
            ),
            {"tree": PVS_TREE, "options": {"algorithm": "pvs"}},
        ),
        _tree(
            N_("PVS when the ordering is bad"),
            N_(
                "Worst move first: the first child is a poor bound, so a later child's test fails "
                "high and it is searched a second time: 12 leaf evaluations, where alpha-beta "
                "needs 9 on the same order. PVS pays for bad ordering **more** than alpha-beta "
                "(Experiments, section 5)."
            ),
            {"preset": "textbook", "options": {"algorithm": "pvs", "ordering": "worst"}},
        ),
        _tree(
            N_("MTD(f): null-window passes"),
            N_(
                "MTD(f) asks only yes/no questions: *is the root worth at least β?* Each pass is "
                "a null-window alpha-beta with a table of bounds; the bounds close in until they "
                "meet. From a poor first guess, **14**, it takes three passes: 14, then 5, then 3."
            ),
            {"preset": "textbook", "options": {"algorithm": "mtdf", "guess": 14}},
        ),
        _tree(
            N_("MTD(f) with a good guess"),
            N_(
                "Guess **3**, the true value: two passes prove it, one from each side (at least 3, "
                "at most 3), evaluating no more leaves than alpha-beta."
            ),
            {"preset": "textbook", "options": {"algorithm": "mtdf", "guess": 3}},
        ),
        _tree(
            N_("SSS* is MTD(+∞)"),
            N_(
                "Stockman's best-first SSS* is MTD(f) started at **+∞**: the first pass gives an "
                "upper bound, and each pass lowers it. It never evaluates a leaf that alpha-beta "
                "skips (Stockman's theorem)."
            ),
            {"preset": "textbook", "options": {"algorithm": "sssstar"}},
        ),
        _tree(
            N_("Star1: pruning at chance nodes"),
            N_(
                "With every leaf known to lie in **[0, 10]**, a chance node's average is bounded "
                "before all its children are seen. MAX has 7 from the first chance node; after 3 "
                "at the second, its average is at most 0.5·3 + 0.5·10 = 6.5 ≤ 7, so its other "
                "child cannot matter and is never looked at."
            ),
            {"tree": STAR_TREE, "options": {"algorithm": "star1", "bounds": [0, 10]}},
        ),
        {
            "title": N_("What to remember"),
            "notes": N_(
                "- **Negamax**: the same search, written once\n"
                "- **A narrow window** prunes more but may only prove a bound\n"
                "- **PVS** bets on good ordering: tests are cheap, re-searches are not\n"
                "- **MTD(f)** is a series of null-window tests with memory; a good guess "
                "makes it near-minimal\n"
                "- **SSS*** = MTD(+∞)\n"
                "- **Star1** prunes chance nodes when leaf values are bounded\n\n"
                "Practise each on new trees: `/practice?question=research` (PVS: which "
                "children are searched again?), `/practice?question=bounds` (MTD(f): the "
                "bounds after each pass), `/practice?question=chance_prune` (Star1: which "
                "chance children are pruned?), and the drill's PVS and Star1 levels."
            ),
        },
    ],
}
