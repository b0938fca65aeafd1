"""The generated web scorer: one HTML file that keeps a score sheet of one
spec in a browser (``barbu scorer SPEC -o FILE.html``).

* :mod:`.data` — what the page carries, worked out by the Python core;
* :mod:`.page` — the page itself: template, style sheet, data and script inline;
* :mod:`.cli` — the ``barbu scorer`` command.

The page's script (``static/base.js``, ``facts.js``, ``sheet.js``) mirrors the Python score sheet
(:mod:`barbu_dsl.sheet`) from that data alone; the test suite checks in a
real browser that both score every hand the same.  Nothing is imported
until it is used, so the ``barbu`` command starts quickly.
"""

from __future__ import annotations

from typing import Any

__all__ = ["page_data", "render_page"]


def __getattr__(name: str) -> Any:
    if name == "page_data":
        from .data import page_data
        return page_data
    if name == "render_page":
        from .page import render_page
        return render_page
    raise AttributeError(name)
