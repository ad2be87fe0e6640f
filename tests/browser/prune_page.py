"""A Playwright page on Prune that records console errors and CSP violations, with small
readers of the tree's DOM (every node is <g class="node" data-path data-state>).

Browser tests import it as ``from prune_page import PrunePage`` (a module name of its own: a
``from conftest import`` finds whichever conftest pytest imported first)."""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO_ROOT / "test-results" / "screenshots"
# PRUNE_SCREENSHOTS=1 keeps the tests' screenshots in SCREENSHOTS (README.md, "Tests").
KEEP_SCREENSHOTS = bool(os.environ.get("PRUNE_SCREENSHOTS"))

# Runs before any page script: CSP violations are reported to the page as events.
CSP_PROBE = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`);
});
"""


class PrunePage:
    """A Playwright page on Prune, with the errors it logged."""

    def __init__(self, page):
        self.page = page
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.add_init_script(CSP_PROBE)

    def _console(self, message):
        if message.type in ("error", "warning") and "Refused" in message.text:
            self.errors.append(f"CSP: {message.text}")
        elif message.type == "error":
            self.errors.append(f"console error: {message.text}")

    # ----- navigation -----

    def open(self, query: str = "", wait: str = "done"):
        self.page.goto(f"/?{query}" if query else "/")
        if wait:
            self.wait_state(wait)
        return self

    def wait_state(self, state: str = "done", timeout: float = 15_000):
        self.page.wait_for_selector(f"body[data-run-state={state}]", timeout=timeout)

    # ----- the editor -----

    def select(self, path: str):
        """Select the node at ``path`` (dotted) for the editor."""
        self.node(path).locator(".shape").click()
        self.page.wait_for_selector(f'g.node.selected[data-path="{path}"]')

    def paste_and_run(self, text: str):
        """Paste ``text`` as the tree (the Paste source) and run it."""
        self.page.click("label[for=source-kind-paste]")
        self.page.fill("#tree-text", text)
        self.page.click("#run")

    def edited(self, action):
        """Do an edit and wait for its re-run to finish."""
        self.page.evaluate("document.body.dataset.runState = 'edited'")
        action()
        self.wait_state("done")

    def add_children(self, path: str, count: int):
        """Give the node at ``path`` ``count`` more children with the editor's "+ Child" (which
        selects the new child: the parent is selected again before each)."""
        for _ in range(count):
            self.select(path)
            self.edited(lambda: self.page.click("#ed-add"))

    def set_value(self, path: str, value: str):
        """Type ``value`` into the editor's value field for the node at ``path``."""
        self.select(path)
        self.page.fill("#ed-value", value)
        self.edited(lambda: self.page.press("#ed-value", "Enter"))

    def counter(self) -> str:
        return self.page.locator("#counter").inner_text()

    def step(self) -> int:
        return self.page.evaluate("window.prune.step")

    def length(self) -> int:
        return self.page.evaluate("window.prune.trace.length")

    def wait_counter(self, text: str, timeout: float = 15_000):
        self.page.wait_for_function(
            "(t) => document.getElementById('counter').textContent === t", arg=text, timeout=timeout
        )

    # ----- reading the tree -----

    def nodes(self) -> dict[str, tuple[str, str | None]]:
        """{data-path: (data-state, data-value)} for every node drawn."""
        rows = self.page.evaluate(
            """() => [...document.querySelectorAll('g.node')].map(
                (g) => [g.dataset.path, g.dataset.state, g.dataset.value ?? null])"""
        )
        return {path: (state, value) for path, state, value in rows}

    def node(self, path: str):
        return self.page.locator(f'g.node[data-path="{path}"]')

    def paths_in_state(self, state: str) -> list[str]:
        return sorted(p for p, (s, _) in self.nodes().items() if s == state)

    def picture(self):
        """Everything a step shows that tests compare: nodes, labels, marks, narration. A
        window reads as its two bounds and a cutoff label as its kind, whichever spacing the
        screen's size chose ("α=3 β=∞" roomy, "[3, ∞]" packed; a note in full or short)."""
        return self.page.evaluate(
            """() => {
              const bounds = (text) => text.replace(/[αβ]=|[\\[\\],]/g, ' ').trim().split(/\\s+/)
                .filter((part) => part !== '');
              return {
              nodes: [...document.querySelectorAll('g.node')].map((g) => [
                g.dataset.path, g.dataset.state, g.dataset.value ?? null,
                g.querySelector('.val') ? g.querySelector('.val').textContent : '',
                g.querySelector('.win') ? bounds(g.querySelector('.win').textContent) : [],
                g.classList.contains('on-path'), g.classList.contains('pv')]),
              labels: [...document.querySelectorAll('.cutoff-label')].map(
                (l) => [l.dataset.path, l.dataset.kind, l.dataset.pruned ?? null]).sort(),
              strikes: [...document.querySelectorAll('.strike')].map((s) => s.dataset.path).sort(),
              narration: document.getElementById('narration').textContent,
              counter: document.getElementById('counter').textContent,
            }; }"""
        )

    def screenshot(self, name: str):
        """Keep a picture of the page for people to look at, when PRUNE_SCREENSHOTS is set
        (a tenth of a second of Chromium's work each, a hundred and more in a full run)."""
        if not KEEP_SCREENSHOTS:
            return
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))

    def assert_clean(self):
        violations = self.page.evaluate("window.__cspViolations || []")
        assert not violations, f"CSP violations: {violations}"
        assert not self.errors, "\n".join(self.errors)
