"""Report printing for bench/browser.py: percentiles and formats, the machine and load
lines, one case's report (with its profile and Chromium trace breakdown) and the closing
summary table with the targets met or not. Reads the dicts that browser_measure returns.
"""

from __future__ import annotations

import os
import platform
from pathlib import Path

FRAME_60 = 16.7  # ms: 60 fps (performance.now() is coarsened to 0.1 ms here)
FRAME_30 = 33.3
JITTER = 0.5  # a frame is late when longer than the budget plus this


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
