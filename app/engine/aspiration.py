"""The windowed searches' driver: negamax, pvs, and alpha-beta with ``fail``, ``window`` or
``aspiration``. It runs negamax.py's passes over the root and writes the summary.

Without ``aspiration`` there is one pass, with the root window ``window`` [a, b] or (−∞, +∞).
With ``aspiration`` {guess g, delta d} the first pass searches (g − d, g + d); a result at or
below its α is a fail low and the next pass searches (−∞, β), a result at or above its β a
fail high and the next pass (α, +∞): the side that failed is opened to infinity and the other
kept, so a second pass cannot fail the other way and there are at most two. Each pass starts
with a ``pass`` event. Windows given in the options are in minimax form (as the tree's values
read); a pass's window and outcome are shown in the trace's form (the root mover's side for
negamax), and the summary's ``window`` in minimax form.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from .events import INF, wire
from .negamax import SIGN, RootPass
from .options import SearchOptions
from .pvs import null_window
from .summary import summarize

SWAPPED = {"fail-low": "fail-high", "fail-high": "fail-low"}


def is_windowed(options: SearchOptions) -> bool:
    """Whether this search is one of this module's (the classic loop in search.py runs the
    others, fail-soft alpha-beta with the open window among them)."""
    return options.algorithm in ("negamax", "pvs") or (
        options.algorithm == "alphabeta"
        and (options.fail == "hard" or options.window is not None or options.aspiration is not None)
    )


def run_windowed(search, size: int) -> Generator[list[tuple], None, tuple[dict[str, Any], list]]:
    """Yield full batches of about ``size`` events; return the summary and the last batch
    (the caller sets the summary before it hands that batch on, as search.py does)."""
    options, view = search.options, search.view
    mover = options.algorithm == "negamax"
    passes = RootPass(
        search,
        mover_form=mover,
        hard=options.fail == "hard",
        strict=options.rule == "strict",
        above=null_window(view) if options.algorithm == "pvs" else None,
    )
    root_sign = SIGN[view.kind(0)]

    def turned(low, high):
        """A root window between minimax form and the root mover's side (its own inverse)."""
        return (low, high) if root_sign == 1 else (-high, -low)

    if options.aspiration is not None:
        guess, delta = options.aspiration
        low, high = turned(guess - delta, guess + delta)
    else:
        low, high = turned(*options.window) if options.window else (-INF, INF)
    batch: list[tuple] = []
    why, number = "aspiration", 0
    while True:
        number += 1
        if options.aspiration is not None:
            shown = (low, high) if mover else turned(low, high)
            batch.append(("pass", number, wire(shown[0]), wire(shown[1]), _shown(why, mover, root_sign)))  # fmt: skip  # noqa: E501
        value, batch = yield from passes.run(low, high, batch, size)
        outcome = "fail-low" if value <= low else "fail-high" if value >= high else "exact"
        if options.aspiration is None or outcome == "exact":
            break
        why = outcome
        low, high = (-INF, high) if outcome == "fail-low" else (low, INF)

    counters = search.counters
    counters.inner, counters.leaves, counters.pruned = passes.inner, passes.leaves, passes.pruned
    summary = summarize(view, counters, options.to_data(), root_sign * value, passes.best_child)
    if mover:
        summary["perspective"] = "mover"
    if options.algorithm == "pvs":
        summary["researches"] = passes.researches
    if options.window is not None or options.aspiration is not None:
        low, high = turned(low, high)
        summary["window"] = {
            "alpha": wire(low),
            "beta": wire(high),
            "outcome": outcome if root_sign == 1 else SWAPPED.get(outcome, outcome),
        }
    if options.aspiration is not None:
        summary["passes"] = number
    return summary, batch


def _shown(why: str, mover: bool, root_sign: int) -> str:
    """A pass's reason as the trace's form reads it (minimax form swaps them at a MIN root)."""
    return why if mover or root_sign == 1 else SWAPPED.get(why, why)
