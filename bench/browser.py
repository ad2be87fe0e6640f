"""Browser benchmark: first render and per-step cost of the tree view, in headless Chromium.

    .venv/bin/python bench/browser.py [--url http://127.0.0.1:8000] [--steps N]

Without --url it starts the app under gunicorn (tests/conftest_browser.start_server), with the
API rate limit off. For each tree it loads the page, waits for the whole trace, then measures
in the page (performance.now()):

* first render: node table received (socket ack) → tree drawn (setTree + step 0), and → the
  next frame painted;
* step: `window.prune.seek(k)` (trace replay + diffed view update + panels), JS only, and
  JS + forced style/layout (getBoundingClientRect), forward one step at a time, backward one
  step at a time (snapshot restore + replay), and random seeks.

Targets: 2,047 nodes: first render < 500 ms, p95 step < 16 ms; ~10,000 nodes: p95 step < 33 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest_browser import CHROMIUM_ARGS, chromium_path, start_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CASES = [
    ("random-binary-10 (preset)", "preset=random-binary-10", "2,047-node target: <500 ms, <16 ms"),
    (
        "random b=4 d=6",
        "random="
        + quote(json.dumps({"seed": 1, "depth": 6, "branching": 4, "low": 0, "high": 100})),
        "",
    ),
    (
        "random b=4..5 d=6 (~10k)",
        "random="
        + quote(json.dumps({"seed": 1, "depth": 6, "branching": [4, 5], "low": 0, "high": 100})),
        "~10k-node target: p95 step <33 ms",
    ),
]

MEASURE = """
async ({ steps, seeks }) => {
  const p = window.prune;
  const n = p.trace.length;
  const svg = document.querySelector('#tree svg');
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const one = (k, js, full) => {
    const t0 = performance.now();
    p.seek(k);
    const t1 = performance.now();
    svg.getBoundingClientRect(); // forces style recalc + layout of what changed
    const t2 = performance.now();
    js.push(t1 - t0);
    full.push(t2 - t0);
  };
  const out = { n, nodes: p.trace.size };
  p.seek(0);
  await frame();
  const fwd = [[], []];
  const last = Math.min(n, steps);
  for (let k = 1; k <= last; k++) {
    one(k, fwd[0], fwd[1]);
    if (k % 8 === 0) await frame(); // let frames paint now and then
  }
  out.forward = fwd;
  p.seek(n);
  await frame();
  const back = [[], []];
  for (let k = n - 1; k >= Math.max(0, n - steps); k--) {
    one(k, back[0], back[1]);
    if (k % 8 === 0) await frame();
  }
  out.backward = back;
  const rnd = [[], []];
  let x = 12345;
  for (let i = 0; i < seeks; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    one(x % (n + 1), rnd[0], rnd[1]);
    await frame();
  }
  out.seek = rnd;
  // Frame time while playing one step per frame (rAF-paced): 60 Hz means ~16.7 ms.
  p.seek(0);
  await frame();
  const frames = [];
  let prev = performance.now();
  for (let k = 1; k <= Math.min(n, 240); k++) {
    p.seek(k);
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    frames.push(now - prev);
    prev = now;
  }
  out.frames = frames;
  return out;
}
"""


def pct(values, q):
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def fmt(values):
    return (
        f"p50 {pct(values, 50):6.2f}  p95 {pct(values, 95):6.2f}  max {max(values):7.2f} ms"
        f"  (n={len(values)})"
    )


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}; {os.cpu_count()} cores; {platform.system()} {platform.release()}"


def run(url: str, steps: int, seeks: int, headless: bool = True) -> None:
    executable = chromium_path() or shutil.which("chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGS, headless=headless
        )
        print(f"machine: {machine()}")
        print(f"browser: Chromium {browser.version} (headless), viewport 1280x720\n")
        for name, query, target in CASES:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            errors = []
            page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
            t0 = time.perf_counter()
            page.goto(f"{url}/?{query}")
            page.wait_for_selector("body[data-run-state=done]", timeout=120_000)
            load = (time.perf_counter() - t0) * 1000
            page.wait_for_timeout(300)
            timings = page.evaluate("window.prune.timings")
            result = page.evaluate(MEASURE, {"steps": steps, "seeks": seeks})
            print(f"== {name}: {result['nodes']:,} nodes, {result['n']:,} steps   {target}")
            print(f"   page load → trace complete (wall)     {load:8.1f} ms")
            ack = timings["ack"]
            print(f"   request → node table (ack)            {ack - timings['start']:8.1f} ms")
            print(f"   first render: ack → drawn (JS)        {timings['drawn'] - ack:8.1f} ms")
            print(f"   first render: ack → painted           {timings['painted'] - ack:8.1f} ms")
            print(f"   step forward  JS          {fmt(result['forward'][0])}")
            print(f"   step forward  JS+layout   {fmt(result['forward'][1])}")
            print(f"   step back     JS          {fmt(result['backward'][0])}")
            print(f"   step back     JS+layout   {fmt(result['backward'][1])}")
            print(f"   random seek   JS+layout   {fmt(result['seek'][1])}")
            frames = result["frames"]
            print(
                f"   playing 1 step/frame: frame p50 {pct(frames, 50):.1f} ms, "
                f"p95 {pct(frames, 95):.1f} ms, mean fps {1000 / statistics.mean(frames):.0f}"
            )
            if errors:
                print(f"   page errors: {errors}")
            print()
            page.close()
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--steps", type=int, default=3000, help="steps measured each way")
    parser.add_argument("--seeks", type=int, default=200, help="random seeks measured")
    args = parser.parse_args()
    if args.url:
        run(args.url.rstrip("/"), args.steps, args.seeks)
        return
    server = start_server({"PRUNE_RATE_LIMIT": "0"})
    try:
        run(server.url, args.steps, args.seeks)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
