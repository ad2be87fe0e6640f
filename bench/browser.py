"""Browser benchmark: first render, per-step cost and playback frame rate of the tree view.

    .venv/bin/python bench/browser.py [--url http://127.0.0.1:8000] [--only 50k]
        [--steps N] [--seeks N] [--frames N] [--starts N] [--no-profile]

Without --url it starts the app under gunicorn (tests/conftest_browser.start_server), with the
API rate limit off. It drives headless Chromium (`$PRUNE_CHROMIUM`, else `chromium` on PATH)
with tests/conftest_browser.CHROMIUM_ARGS. For each tree (and viewport) it loads the page,
waits for the whole trace, then measures in the page (performance.now()):

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

Targets (issue 11; measured, never asserted by tests):

* 50,000 nodes: first render (ack → painted) ≤ 1 s, step p95 ≤ 16 ms, playing one step per
  frame ≥ 30 fps (p50 frame ≤ 33.3 ms);
* 2,047 nodes (random-binary-10): playing one step per frame at 60 fps (p50 frame ≤ 16.7 ms);
  first render < 500 ms and step p95 < 16 ms (earlier targets);
* ~10,000 nodes: step p95 < 33 ms (earlier target).

"Step p95" is the p95 of JS + layout over single steps, forward and back.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest_browser import CHROMIUM_ARGS, chromium_path, start_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

DESKTOP = (1280, 720)
PHONE = (390, 844)
FRAME_60 = 16.7  # ms: 60 fps (performance.now() is coarsened to 0.1 ms here)
FRAME_30 = 33.3
JITTER = 0.5  # a frame is late when longer than the budget plus this


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

IDLE_RAF = """
async (frames) => {
  const out = [];
  let prev = null;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (prev !== null) out.push(now - prev);
      prev = now;
      if (out.length >= frames) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return out;
}
"""

MEASURE_STEPS = """
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
  const out = { n, nodes: p.trace.size, drawn: null };
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
  out.drawn = document.querySelectorAll('#tree g.node').length;
  out.elements = document.querySelectorAll('#tree *').length;
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
  return out;
}
"""

# One step per frame: each rAF callback notes the time since the previous one, then seeks the
# next step; the frame it schedules shows that step.
# Playing one step per frame: from step `start`, `count` requestAnimationFrame callbacks that
# each seek one step on; the time from one callback to the next, and the seek's own time.
PLAY_FRAMES = """
const playFrames = (p, start, count) => new Promise((resolve) => {
  const intervals = [];
  const script = [];
  let k = start;
  let prev = null;
  const tick = () => {
    const now = performance.now();
    if (prev !== null) intervals.push(now - prev);
    prev = now;
    if (k - start >= count) {
      resolve({ intervals, script });
      return;
    }
    p.seek(++k);
    script.push(performance.now() - now);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
});
"""

PLAY = """
async ({ starts, frames }) => {
  PLAY_FRAMES
  const p = window.prune;
  const n = p.trace.length;
  const settle = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const runs = [];
  for (let i = 0; i < starts; i++) {
    const start = Math.floor((i * n) / starts);
    const count = Math.min(frames, n - start);
    p.seek(start);
    await settle();
    await new Promise((r) => setTimeout(r, 100));
    const { intervals, script } = await playFrames(p, start, count);
    runs.push({ start, intervals, script });
  }
  return runs;
}
""".replace("PLAY_FRAMES", PLAY_FRAMES)

# The same loop with the page's functions wrapped: inclusive time per function per frame.
PROFILE = """
async ({ start, frames }) => {
  PLAY_FRAMES
  const p = window.prune;
  const n = p.trace.length;
  // Modules the page loaded (same URLs, so the same instances); {} if one is missing.
  const load = (name) => import(`/static/js/${name}.js`).catch(() => ({}));
  const mods = {};
  for (const name of ['trace/trace', 'tree/view', 'tree/nodes', 'tree/marks', 'tree/links',
    'tree/camera-control', 'tree/minimap', 'tree/level-ruler', 'trace/pseudocode',
    'trace/narration', 'trace/stats', 'player/player', 'lib/url-state']) {
    mods[name] = await load(name);
  }
  const wrap = [
    ['Player.show (= seek)', 'player/player', 'Player', 'show'],
    ['Trace.seek', 'trace/trace', 'Trace', 'seek'],
    ['TreeView.render', 'tree/view', 'TreeView', 'render'],
    ['TreeView.layout', 'tree/view', 'TreeView', 'layout'],
    ['LinkLayer.join', 'tree/links', 'LinkLayer', 'join'],
    ['TreeView.paint', 'tree/view', 'TreeView', 'paint'],
    ['NodeLayer.paint', 'tree/nodes', 'NodeLayer', 'paint'],
    ['MarkLayer.paint', 'tree/marks', 'MarkLayer', 'paint'],
    ['TreeView.placeCursor', 'tree/view', 'TreeView', 'placeCursor'],
    ['CameraControl.keepFocusInView', 'tree/camera-control', 'CameraControl', 'keepFocusInView'],
    ['TreeView.updateOverlays', 'tree/view', 'TreeView', 'updateOverlays'],
    ['TreeView.onScreenIds', 'tree/view', 'TreeView', 'onScreenIds'],
    ['LevelRuler.update', 'tree/level-ruler', 'LevelRuler', 'update'],
    ['Minimap.schedule', 'tree/minimap', 'Minimap', 'schedule'],
    ['Minimap.draw (own rAF)', 'tree/minimap', 'Minimap', 'draw'],
    ['Pseudocode.highlight', 'trace/pseudocode', 'Pseudocode', 'highlight'],
    ['Narration.say', 'trace/narration', 'Narration', 'say'],
    ['Stats.update', 'trace/stats', 'Stats', 'update'],
    ['UrlState.write', 'lib/url-state', 'UrlState', 'write'],
    ['Player.refresh', 'player/player', 'Player', 'refresh'],
  ];
  const total = {}; // inclusive
  const own = {}; // exclusive of the other wrapped functions it called
  const calls = {};
  const saved = [];
  const stack = []; // time spent in wrapped callees, one entry per open call
  for (const [name, module, className, method] of wrap) {
    const cls = mods[module][className];
    const original = cls && cls.prototype[method];
    if (typeof original !== 'function') continue;
    saved.push([cls, method, original]);
    total[name] = 0;
    own[name] = 0;
    calls[name] = 0;
    cls.prototype[method] = function (...args) {
      const t0 = performance.now();
      stack.push(0);
      try {
        return original.apply(this, args);
      } finally {
        const dt = performance.now() - t0;
        const inner = stack.pop();
        total[name] += dt;
        own[name] += dt - inner;
        calls[name] += 1;
        if (stack.length) stack[stack.length - 1] += dt;
      }
    };
  }
  // narrate() is a plain export: time it on its own, over the same steps.
  let narrateMs = 0;
  const count = Math.min(frames, n - start);
  for (let k = start + 1; k <= start + count; k++) {
    const t0 = performance.now();
    if (mods.narration.narrate) mods.narration.narrate(p.trace, k);
    narrateMs += performance.now() - t0;
  }
  p.seek(start);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  for (const key of Object.keys(total)) {
    total[key] = 0;
    own[key] = 0;
    calls[key] = 0;
  }
  const t0 = performance.now();
  const { intervals } = await playFrames(p, start, count);
  const wall = performance.now() - t0;
  for (const [cls, method, original] of saved) cls.prototype[method] = original;
  return { frames: count, wall, total, own, calls, narrateMs, intervals };
}
""".replace("PLAY_FRAMES", PLAY_FRAMES)

# Main-thread trace events that are containers, not work: their self time is idle or
# scheduling, reported apart.
CONTAINERS = {"ThreadControllerImpl::RunTask", "RunTask", "RunTask (sequence manager)"}
SCRIPT_EVENTS = {"FunctionCall", "FireAnimationFrame", "TimerFire", "EvaluateScript", "v8.run"}
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"]


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


def share_over(values, limit):
    return sum(1 for v in values if v > limit + JITTER) / len(values) if values else float("nan")


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{cpu}; {os.cpu_count()} cores; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}"
    )


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def verdict(value, limit) -> str:
    return "met" if value <= limit else "NOT MET"


def trace_breakdown(raw: bytes, frames: int) -> dict:
    """From a Chromium trace: self time (ms per frame) by event name on the renderer's main
    thread, and busy time (ms per frame, top-level events) by thread name."""
    data = json.loads(raw)
    events = data["traceEvents"] if isinstance(data, dict) else data
    names = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            names[(e["pid"], e["tid"])] = e["args"]["name"]
    by_thread = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and "dur" in e:
            by_thread[(e["pid"], e["tid"])].append(e)
    self_time: dict[str, float] = defaultdict(float)
    busy: dict[str, float] = defaultdict(float)
    layouts = [0, 0, 0]  # Layout events on the main thread, dirty objects, total objects
    forced: dict[str, float] = defaultdict(float)  # style and layout forced by script
    for key, evs in by_thread.items():
        thread = names.get(key, "?")
        main = thread == "CrRendererMain"
        if main:
            for e in evs:
                data = e["name"] == "Layout" and (e.get("args") or {}).get("beginData")
                if data:
                    layouts[0] += 1
                    layouts[1] += data.get("dirtyObjects", 0)
                    layouts[2] += data.get("totalObjects", 0)
        evs.sort(key=lambda e: (e["ts"], -e["dur"]))
        stack: list[list] = []  # [end, name, time in children, duration]
        for e in evs:
            while stack and stack[-1][0] <= e["ts"]:
                _end, name, child, dur = stack.pop()
                self_time[name] += dur - child if main else 0
            if stack:
                stack[-1][2] += e["dur"]
            styled = e["name"] in ("Layout", "UpdateLayoutTree")
            if main and styled and any(x[1] in SCRIPT_EVENTS for x in stack):
                forced[e["name"]] += e["dur"]
            # Busy: outermost events, and the work inside a task (not the task's own idle).
            if e["name"] not in CONTAINERS and all(x[1] in CONTAINERS for x in stack):
                busy[thread] += e["dur"]
            stack.append([e["ts"] + e["dur"], e["name"], 0, e["dur"]])
        while stack:
            _end, name, child, dur = stack.pop()
            self_time[name] += dur - child if main else 0
    rows = [
        (name, us / 1000 / frames)
        for name, us in self_time.items()
        if name not in CONTAINERS and us / 1000 / frames >= 0.05
    ]
    rows.sort(key=lambda r: -r[1])
    threads = sorted(((t, us / 1000 / frames) for t, us in busy.items()), key=lambda r: -r[1])
    return {
        "main": rows,
        "threads": [r for r in threads if r[1] >= 0.1],
        "layouts": layouts,
        "forced": {name: us / 1000 / frames for name, us in forced.items()},
    }


PROFILE_ROWS = [
    ("Player.show (= seek)", 0),
    ("Trace.seek", 1),
    ("TreeView.render", 1),
    ("TreeView.layout", 2),
    ("LinkLayer.join", 3),
    ("TreeView.paint", 2),
    ("NodeLayer.paint", 3),
    ("MarkLayer.paint", 3),
    ("TreeView.placeCursor", 3),
    ("CameraControl.keepFocusInView", 2),
    ("TreeView.updateOverlays", 2),
    ("LevelRuler.update", 3),
    ("TreeView.onScreenIds", 3),
    ("Minimap.schedule", 3),
    ("Pseudocode.highlight", 1),
    ("Narration.say", 1),
    ("Stats.update", 1),
    ("UrlState.write", 1),
    ("Player.refresh", 1),
    ("Minimap.draw (own rAF)", 0),
]


def print_profile(prof: dict) -> None:
    frames = prof["frames"]
    iv = prof["intervals"]
    print(
        f"   profile: {frames} frames from step {prof['start']}, functions wrapped (frame p50 "
        f"{pct(iv, 50):.1f} ms, p95 {pct(iv, 95):.1f} ms); script ms per frame:"
    )
    print(f"     {'function':<36} {'inclusive':>9} {'self':>7} {'calls':>6}")
    for name, depth in PROFILE_ROWS:
        if name in prof["total"]:
            inc = prof["total"][name] / frames
            own = prof["own"][name] / frames
            calls = prof["calls"][name] / frames
            label = "  " * depth + name
            print(f"     {label:<36} {inc:9.3f} {own:7.3f} {calls:6.2f}")
    print(f"     {'narrate() (timed alone, same steps)':<36} {prof['narrateMs'] / frames:9.3f}")
    print("     (TreeView.render self = foldTree + the cut's signature + the rest of render)")
    trace = prof.get("trace")
    if trace:
        print("   Chromium trace of the same loop: renderer main thread, self ms per frame:")
        for name, ms in trace["main"][:14]:
            print(f"     {name:<36} {ms:7.3f}")
        count, dirty, total = trace["layouts"]
        if count:
            print(
                f"     ({count / prof['frames']:.2f} Layout events per frame, on average"
                f" {dirty / count:.0f} dirty of {total / count:.0f} layout objects)"
            )
        forced = trace["forced"]
        print(
            f"     (forced by script, inside the above: Layout {forced.get('Layout', 0):.3f},"
            f" UpdateLayoutTree {forced.get('UpdateLayoutTree', 0):.3f} ms per frame)"
        )
        print("   busy ms per frame by thread:")
        for name, ms in trace["threads"][:8]:
            print(f"     {name:<36} {ms:7.3f}")


def measure_case(browser, url, case, viewport, args) -> dict:
    key, name, query, _viewports, targets = case
    width, height = viewport
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    t0 = time.perf_counter()
    page.goto(f"{url}/?{query}")
    page.wait_for_selector("body[data-run-state=done]", timeout=180_000)
    wall = (time.perf_counter() - t0) * 1000
    page.wait_for_timeout(500)
    timings = page.evaluate("window.prune.timings")
    idle = page.evaluate(IDLE_RAF, 120)
    steps = page.evaluate(MEASURE_STEPS, {"steps": args.steps, "seeks": args.seeks})
    play = page.evaluate(PLAY, {"starts": args.starts, "frames": args.frames})
    prof = None
    if not args.no_profile:
        start = steps["n"] // 3
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        prof = page.evaluate(PROFILE, {"start": start, "frames": min(args.frames, 300)})
        raw = browser.stop_tracing()
        prof["start"] = start
        prof["trace"] = trace_breakdown(raw, prof["frames"])
    page.close()
    return {
        "key": key,
        "name": name,
        "viewport": f"{width}x{height}",
        "targets": targets,
        "wall": wall,
        "timings": timings,
        "idle": idle,
        "steps": steps,
        "play": play,
        "profile": prof,
        "errors": errors,
    }


def report(r: dict) -> dict:
    """Print one case; return its summary row."""
    s = r["steps"]
    t = r["timings"]
    ack = t["ack"]
    render_js = t["drawn"] - ack
    render_painted = t["painted"] - ack
    step_all = s["forward"][1] + s["backward"][1]
    intervals = [v for run in r["play"] for v in run["intervals"]]
    script = [v for run in r["play"] for v in run["script"]]
    p50 = pct(intervals, 50)
    idle = r["idle"]
    print(
        f"== {r['name']} @ {r['viewport']}: {s['nodes']:,} nodes, {s['n']:,} steps; "
        f"{s['drawn']} nodes drawn at the end ({s['elements']} elements in #tree)"
    )
    print(
        f"   empty rAF loop (throttling check)     p50 {pct(idle, 50):.2f} ms,"
        f" p95 {pct(idle, 95):.2f} ms"
    )
    print(f"   page load → trace complete (wall)     {r['wall']:8.1f} ms")
    print(f"   request → node table (ack)            {ack - t['start']:8.1f} ms")
    print(f"   first render: ack → drawn (JS)        {render_js:8.1f} ms")
    print(f"   first render: ack → painted           {render_painted:8.1f} ms")
    print(f"   step forward  JS          {fmt(s['forward'][0])}")
    print(f"   step forward  JS+layout   {fmt(s['forward'][1])}")
    print(f"   step back     JS          {fmt(s['backward'][0])}")
    print(f"   step back     JS+layout   {fmt(s['backward'][1])}")
    print(f"   random seek   JS          {fmt(s['seek'][0])}")
    print(f"   random seek   JS+layout   {fmt(s['seek'][1])}")
    starts = ", ".join(str(run["start"]) for run in r["play"])
    print(f"   playing 1 step/frame (from steps {starts}):")
    print(f"     frame interval  {fmt(intervals)}")
    print(
        f"     fps 1000/p50 {1000 / p50:.1f}; frames over 16.7 ms"
        f" {share_over(intervals, FRAME_60):.0%}, over 33.3 ms"
        f" {share_over(intervals, FRAME_30):.0%} (with {JITTER} ms for jitter)"
    )
    print(f"     seek in the rAF callback (JS)  {fmt(script)}")
    for run in r["play"]:
        iv = run["intervals"]
        print(
            f"       from {run['start']:>6}: p50 {pct(iv, 50):5.1f}  p95 {pct(iv, 95):5.1f} ms"
            f"  (n={len(iv)})"
        )
    if r["profile"]:
        print_profile(r["profile"])
    if r["errors"]:
        print(f"   page errors: {r['errors']}")
    targets = r["targets"]
    row = {
        "tree": f"{s['nodes']:,} nodes, {s['n']:,} steps",
        "viewport": r["viewport"],
        "render": (render_js, render_painted),
        "step": (pct(s["forward"][0] + s["backward"][0], 95), pct(step_all, 95)),
        "seek": pct(s["seek"][1], 50),
        "frame": (
            p50,
            pct(intervals, 95),
            share_over(intervals, FRAME_60),
            share_over(intervals, FRAME_30),
        ),
        "checks": [],
    }
    if "render" in targets:
        row["checks"].append(
            (
                f"first render ≤ {targets['render']} ms",
                render_painted,
                verdict(render_painted, targets["render"]),
            )
        )
    if "step" in targets:
        value = pct(step_all, 95)
        limit = targets["step"]
        row["checks"].append((f"step p95 ≤ {limit} ms", value, verdict(value, limit)))
    if "frame" in targets:
        limit = targets["frame"]
        fps = 60 if limit < 20 else 30
        row["checks"].append((f"playing ≥ {fps} fps (p50 ≤ {limit} ms)", p50, verdict(p50, limit)))
    print()
    return row


def summary(rows: list[dict]) -> None:
    print(
        "Summary (ms; step = p95 of single steps forward and back;"
        " frame = playing one step per frame)"
    )
    header = (
        f"{'tree':<26} {'viewport':<9} {'render JS/painted':>18} {'step p95 JS/+layout':>20}"
        f" {'seek p50':>9} {'frame p50/p95':>14} {'>16.7':>6} {'>33.3':>6}"
    )
    print(header)
    print("-" * len(header))
    for row in rows:
        rj, rp = row["render"]
        sj, sl = row["step"]
        f50, f95, o60, o30 = row["frame"]
        print(
            f"{row['tree']:<26} {row['viewport']:<9} {rj:8.0f} /{rp:7.0f} {sj:10.2f} /{sl:7.2f}"
            f" {row['seek']:9.1f} {f50:6.1f} /{f95:6.1f} {o60:6.0%} {o30:6.0%}"
        )
    print("\nTargets")
    for row in rows:
        for label, value, result in row["checks"]:
            print(f"  {row['tree']:<26} {row['viewport']:<9} {label:<36} {value:8.2f}  {result}")


def run(url: str, args) -> None:
    executable = chromium_path() or shutil.which("chromium")
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
