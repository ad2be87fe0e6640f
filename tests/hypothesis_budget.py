"""How many examples a property test tries: all of them in the full suite (`script/test`,
what CI runs), a fifth (at least 30) in `script/test --quick`, which sets
PRUNE_QUICK_EXAMPLES=1 so the loop while working stays short. A property test writes
``@settings(max_examples=examples(1000), …)``; the number is the full suite's."""

import os

QUICK = os.environ.get("PRUNE_QUICK_EXAMPLES") == "1"
QUICK_SHARE = 5  # --quick tries 1 in this many of the full suite's examples
QUICK_FLOOR = 30  # and never fewer than this many


def examples(full: int) -> int:
    """The examples to try: ``full`` in the full suite, a fifth of it (≥ 30) in --quick."""
    return max(min(full, QUICK_FLOOR), full // QUICK_SHARE) if QUICK else full
