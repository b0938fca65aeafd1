"""Driving the table page as people do: one browser context per person,
the keyboard only (arrows, Enter, the letter keys), and axe-core run on
the page as it stands (the copy of axe-core that a PyPI package ships)."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import Any

SPOKEN = """
window.__spoken = [];
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.nodeType !== 1) continue;
    const region = node.parentElement && node.parentElement.id;
    if (region === "polite" || region === "assertive") {
      window.__spoken.push({region, text: node.textContent, n: node.dataset.n || null, turn: node.dataset.turn || null});
    }
  }
}).observe(document, {childList: true, subtree: true});
"""
"""Records every line added to the page's live regions, with the event or decision it says."""


@lru_cache(maxsize=1)
def axe_script() -> str:
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def axe_problems(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds on the page now."""
    page.evaluate(axe_script())
    results = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
            for v in results["violations"] if v["impact"] in ("serious", "critical")]


class Person:
    """One person at the table: a browser context of their own, a page on their seat's link."""

    def __init__(self, browser: Any, url: str, name: str, viewport: dict[str, int], locale: str = "en-GB",
                 seed: int = 0, ready: str = "() => window.barbuTable && window.barbuTable.table !== null",
                 **context_options: Any):
        self.name = name
        self.url = url
        self.context = browser.new_context(viewport=viewport, locale=locale, **context_options)
        self.context.add_init_script(SPOKEN)
        self.errors: list[str] = []
        self.rng = random.Random(f"{seed}/{name}")
        self.page: Any = None
        self.ready = ready  # what the page is waited for when it opens
        self.spoken: list[dict[str, Any]] = []  # what earlier pages of this person said
        self.pages: list[list[dict[str, Any]]] = []  # the same, page by page
        self.open()

    def open(self) -> None:
        page = self.context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda error: self.errors.append(f"{self.name}: script error: {error}"))
        page.on("console", lambda message: self.errors.append(f"{self.name}: console: {message.text}")
                if message.type == "error" else None)
        page.goto(self.url)
        page.wait_for_function(self.ready)
        self.page = page

    def close_page(self) -> None:
        self.pages.append(self.page.evaluate("() => window.__spoken"))
        self.spoken.extend(self.pages[-1])
        self.page.close()
        self.page = None

    def reload(self) -> None:
        self.pages.append(self.page.evaluate("() => window.__spoken"))
        self.spoken.extend(self.pages[-1])
        self.page.reload()
        self.page.wait_for_function("() => window.barbuTable && window.barbuTable.view !== null")

    def state(self) -> dict[str, Any]:
        return self.page.evaluate("""() => { const g = window.barbuTable;
            return {turn: !!(g.decision && g.sentFor !== g.decision.id && !g.burst), over: !!g.over,
                    lastN: g.lastN, status: g.table && g.table.status, hand: g.view && g.view.hand,
                    id: g.decision && g.decision.id}; }""")

    def controls(self) -> dict[str, Any]:
        """The controls of the pending decision, in order, with the one under focus."""
        return self.page.evaluate("""() => { const g = window.barbuTable;
            const cards = (g.decision.kind === 'card' && !g.decision.options.includes('pass')) || g.decision.kind === 'give';
            const box = document.getElementById(cards ? 'hand' : 'choices');
            const options = Array.from(box.querySelectorAll('[role="option"]'));
            return {answers: options.map(b => b.dataset.answer || null),
                    focused: options.indexOf(document.activeElement)}; }""")

    def play_by_keys(self, prefer: Any = None) -> Any:
        """Make the pending decision with the keyboard: Tab into the choices if
        need be, the arrows to a choice, Enter.  The answer made: the first
        ``prefer`` likes (a function of the answers, as JSON text), else any."""
        keyboard = self.page.keyboard
        controls = self.controls()
        tabs = 0
        while controls["focused"] < 0:
            assert tabs < 80, f"{self.name}: Tab never reached the choices"
            keyboard.press("Tab")
            tabs += 1
            controls = self.controls()
        choices = [i for i, answer in enumerate(controls["answers"]) if answer is not None]
        assert choices, f"{self.name}: no choice offered"
        liked = [i for i in choices if prefer is not None and prefer(controls["answers"][i])]
        target = liked[0] if liked else self.rng.choice(choices)
        step = "ArrowRight" if target > controls["focused"] else "ArrowLeft"
        for _ in range(abs(target - controls["focused"])):
            keyboard.press(step)
        assert self.controls()["focused"] == target
        keyboard.press("Enter")
        return controls["answers"][target]

    def key(self, letter: str) -> list[str]:
        """Press a command key and read what the page read out."""
        self.page.evaluate("() => document.getElementById('readout').replaceChildren()")
        self.page.keyboard.press(letter)
        self.page.wait_for_function("() => document.getElementById('readout').childElementCount > 0")
        return self.page.evaluate("() => Array.from(document.querySelectorAll('#readout p')).map(p => p.textContent)")

    def transcript(self) -> list[str]:
        """What a listener has heard on this person's pages so far, in order (both live regions)."""
        return [line["text"] for line in self.all_spoken()]

    def heard_since(self, mark: int) -> list[str]:
        """What a listener heard after ``mark`` (a length of :meth:`transcript`)."""
        return self.transcript()[mark:]

    def active(self) -> dict[str, Any]:
        """The element under focus: its id, role, the listbox it is in, its card and whether it can be chosen."""
        return self.page.evaluate("""() => { const a = document.activeElement;
            const list = a && a.closest ? a.closest('[role="listbox"]') : null;
            return {tag: a ? a.tagName : null, id: a ? a.id : null, role: a && a.getAttribute ? a.getAttribute('role') : null,
                    list: list ? (list.id || list.parentElement.id) : null, card: a && a.dataset ? a.dataset.card || null : null,
                    answer: a && a.dataset ? a.dataset.answer || null : null,
                    text: a ? a.textContent.slice(0, 80) : null}; }""")

    def tab_to(self, element_id: str, most: int = 200) -> None:
        """Press Tab until the element ``element_id`` has the focus."""
        for _ in range(most):
            if self.page.evaluate("() => document.activeElement && document.activeElement.id") == element_id:
                return
            self.page.keyboard.press("Tab")
        raise AssertionError(f"{self.name}: Tab never reached #{element_id}")

    def spoken_by_page(self) -> list[list[dict[str, Any]]]:
        """What each page of this person said, the page open now last."""
        return [*self.pages, self.page.evaluate("() => window.__spoken")] if self.page is not None else list(self.pages)

    def all_spoken(self) -> list[dict[str, Any]]:
        now = self.page.evaluate("() => window.__spoken") if self.page is not None else []
        return self.spoken + now
