"""Browser benchmark: first render, per-step cost and playback frame rate of the tree view.

    .venv/bin/python bench/browser.py [--url http://127.0.0.1:8000] [--only 50k]
        [--steps N] [--seeks N] [--frames N] [--starts N] [--no-profile]

Without --url it starts the app under gunicorn (tests/conftest_browser.start_server), with the
API rate limit off. It drives headless Chromium (`$PRUNE_CHROMIUM`, else the desktop
`chromium` on PATH) with tests/conftest_browser.CHROMIUM_ARGS. For each tree (and viewport)
it loads the page, waits for the whole trace, then measures in the page (performance.now()):

* first render: node table received (socket ack) → tree drawn (setTree + step 0), and → the
  next frame painted (a requestAnimationFrame, then a setTimeout 0);
* step: `window.prune.seek(k)` (trace replay + view update + panels), JS only, and JS +
  forced style/layout (getBoundingClientRect), forward one step at a time, backward one step
  at a time (snapshot restore + replay), and random seeks;
* playing at one step per frame: a requestAnimationFrame loop that calls
  `window.prune.seek(k + 1)` once per frame and records the frame-to-frame interval
  (performance.now() at the start of each callback), --frames frames from each of --starts
  starting points spread over the trace. An empty rAF loop first checks that the browser
  runs at 60 Hz (not throttled);
* profile (unless --no-profile): the same loop with the page's functions wrapped (module
  prototypes reached by dynamic import), so the per-frame script time splits into trace
  replay, fold, layout, paint, minimap, panels…, with a Chromium trace of that loop (main
  thread self time by trace event: script, style, layout, paint, GC…; busy time by thread).

Targets (measured, never asserted by tests; results in docs/benchmarks.md):

* 50,000 nodes: first render (ack → painted) ≤ 1 s, step p95 ≤ 16 ms, playing one step per
  frame ≥ 30 fps (p50 frame ≤ 33.3 ms);
* 2,047 nodes (random-binary-10): playing one step per frame at 60 fps (p50 frame ≤ 16.7 ms);
  first render < 500 ms and step p95 < 16 ms (earlier targets); the same for its PVS and
  MTD(f) traces (issue 34: they step as fast as alpha-beta's; `--only 2k 2k-pvs 2k-mtdf`);
* ~10,000 nodes: step p95 < 33 ms (earlier target).

"Step p95" is the p95 of JS + layout over single steps, forward and back.

This file owns the trees measured (CASES), the command line and the run; the page scripts and
the trace breakdown are in bench/browser_measure.py, the printed report in browser_report.py.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_measure import measure_case  # noqa: E402
from browser_report import FRAME_30, FRAME_60, load, machine, report, summary  # noqa: E402
from conftest_browser import CHROMIUM_ARGS, chromium_path, start_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

DESKTOP = (1280, 720)
PHONE = (390, 844)


def random_query(seed: int, depth: int, branching) -> str:
    params = {"seed": seed, "depth": depth, "branching": branching, "low": 0, "high": 100}
    return "random=" + quote(json.dumps(params, separators=(",", ":")))


# (key, name, query, viewports, targets). Targets: render = first render ack → painted (ms),
# step = p95 of single steps JS + layout (ms), frame = p50 frame interval while playing (ms).
# The 50k tree: app.engine.generators.random_tree(seed=9, depth=7, branching=[4, 5]) has
# 49,837 nodes, the largest of seeds 1–39 under PRUNE_MAX_NODES (50,000).
CASES = [
    (
        "2k",
        "random-binary-10 (preset)",
        "preset=random-binary-10",
        [DESKTOP],
        {"render": 500, "step": 16, "frame": FRAME_60},
    ),
    # Issue 34: the same tree's PVS (38 re-searches, 5,033 steps) and MTD(f) (16 passes from
    # guess 0, 3,237 steps) step as fast as its alpha-beta; the pass timeline shows for both.
    (
        "2k-pvs",
        "random-binary-10, PVS",
        "preset=random-binary-10&algorithm=pvs",
        [DESKTOP],
        {"render": 500, "step": 16, "frame": FRAME_60},
    ),
    (
        "2k-mtdf",
        "random-binary-10, MTD(f)",
        "preset=random-binary-10&algorithm=mtdf",
        [DESKTOP],
        {"render": 500, "step": 16, "frame": FRAME_60},
    ),
    ("5k", "random b=4 d=6", random_query(1, 6, 4), [DESKTOP], {}),
    ("10k", "random b=4..5 d=6 (~10k)", random_query(1, 6, [4, 5]), [DESKTOP], {"step": 33}),
    (
        "50k",
        "random b=4..5 d=7 seed 9 (~50k)",
        random_query(9, 7, [4, 5]),
        [DESKTOP, PHONE],
        {"render": 1000, "step": 16, "frame": FRAME_30},
    ),
]


def run(url: str, args) -> None:
    executable = chromium_path(shell=False)
    cases = [c for c in CASES if not args.only or c[0] in args.only]
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGS, headless=not args.headed
        )
        print(f"machine: {machine()}")
        print(f"browser: Chromium {browser.version} ({'headed' if args.headed else 'headless'})")
        print(f"launch args: {' '.join(CHROMIUM_ARGS)}")
        print(f"load average before: {load()}\n")
        for case in cases:
            for viewport in case[3]:
                result = measure_case(browser, url, case, viewport, args)
                rows.append(report(result))
                print(f"   load average now: {load()}\n")
        browser.close()
    summary(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--only", nargs="*", choices=[c[0] for c in CASES], help="cases to run")
    parser.add_argument("--steps", type=int, default=3000, help="steps measured each way")
    parser.add_argument("--seeks", type=int, default=200, help="random seeks measured")
    parser.add_argument("--frames", type=int, default=600, help="frames played per start")
    parser.add_argument("--starts", type=int, default=3, help="starting points of playback")
    parser.add_argument("--no-profile", action="store_true", help="skip the wrapped profile")
    parser.add_argument("--headed", action="store_true", help="show the browser")
    args = parser.parse_args()
    try:
        cpus = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
        print(f"nproc: {cpus}")
    except OSError:
        pass
    if args.url:
        run(args.url.rstrip("/"), args)
        return
    server = start_server({"PRUNE_RATE_LIMIT": "0"})
    try:
        run(server.url, args)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
