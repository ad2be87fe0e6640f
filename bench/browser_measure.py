"""Measuring for bench/browser.py: the scripts it runs in the page (an empty rAF loop, single
steps and seeks, playing one step per frame, the same loop with the page's functions wrapped),
``measure_case`` that loads one tree in one viewport and runs them, and ``trace_breakdown``
that reads the Chromium trace of the profiled loop. Nothing here prints.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict

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
    const narration = mods['trace/narration'];
    if (narration.narrate) narration.narrate(p.trace, k);
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
