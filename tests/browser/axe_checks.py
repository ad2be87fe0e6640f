"""axe-core in a test's page: ``assert_no_serious(page, name)`` runs the WCAG 2.0–2.2 A and AA
rules on the page as it is, prints what axe found (violations, and what it left to review)
and fails on any serious or critical violation. Used by the accessibility tests of every page.

axe-core is vendored for the tests only (script/vendor: tests/browser/vendor/axe.min.js,
never served). The pages' CSP forbids inline scripts; ``page.evaluate`` runs through the
DevTools protocol, which the CSP does not govern, so axe is injected with it."""

from __future__ import annotations

import json
from pathlib import Path

VENDOR = Path(__file__).resolve().parent / "vendor"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


AXE_RUN = """async (runOnly) => {
  // A page mid-transition (a fade) has colours no reader sees for long: let them finish.
  const finite = document.getAnimations().filter(
    (a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => null)));
  const result = await axe.run(document, {
    runOnly,
    resultTypes: ['violations', 'incomplete'],
    elementRef: true,
  });
  const brief = (list) => list.map((rule) => ({
    id: rule.id, impact: rule.impact, help: rule.help,
    nodes: rule.nodes.map((node) => ({
      target: node.target.join(' '), summary: (node.failureSummary || '').slice(0, 300),
    })),
  }));
  return {violations: brief(result.violations), incomplete: brief(result.incomplete)};
}"""


def run_axe(page, name: str) -> list[dict]:
    """axe-core on the page as it is (WCAG 2.0–2.2 A and AA rules); prints what it found and
    returns the serious and critical violations."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # DevTools evaluation: the page's CSP (no inline scripts) does not apply to it.
        page.evaluate((VENDOR / "axe.min.js").read_text() + "\n;void 0")
    result = page.evaluate(AXE_RUN, {"type": "tag", "values": AXE_TAGS})
    print(
        f"\naxe on {name}: {len(result['violations'])} violations, "
        f"{len(result['incomplete'])} to review"
    )
    for kind in ("violations", "incomplete"):
        for rule in result[kind]:
            print(
                f"  {kind[:-1] if kind == 'violations' else 'review'}: {rule['id']} "
                f"({rule['impact']}): {rule['help']} ({len(rule['nodes'])} nodes)"
            )
            for node in rule["nodes"][:3]:
                why = (node["summary"].splitlines() or [""])[-1].strip()
                print(f"    {node['target']}: {why}")
    return [v for v in result["violations"] if v["impact"] in ("serious", "critical")]


def assert_no_serious(page, name: str):
    serious = run_axe(page, name)
    assert not serious, json.dumps(serious, indent=1, ensure_ascii=False)
