"""The web scorer's tests run in a real browser: headless Chromium from
Debian's ``chromium`` package, driven by Playwright for Python (never a
browser Playwright downloads).  Where Chromium is missing these tests fail
under CI (``CI=true``) and are skipped, saying why, elsewhere.

Screenshots are test artifacts: they go to ``$BARBU_TEST_ARTIFACTS`` when
it is set, else to a temporary directory.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from barbu_dsl.language import load_spec
from barbu_dsl.scorer.page import render_page

PHONE = {"width": 390, "height": 844}
PLAYERS = ["Anna", "Bea", "Carla", "Diana"]


@pytest.fixture(scope="session")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """The web scorer of a spec reference, written once per session."""
    made: dict[tuple[str, str | None], Path] = {}
    folder = tmp_path_factory.mktemp("pages")

    def make(ref: str, language: str | None = None, spec_path: Path | None = None) -> Path:
        key = (str(spec_path) if spec_path else ref, language)
        if key not in made:
            spec = load_spec(str(spec_path) if spec_path else ref)
            path = folder / f"page{len(made)}.html"
            path.write_text(render_page(ref, spec, language), encoding="utf-8")
            made[key] = path
        return made[key]

    return make


class Pages:
    """Pages opened in fresh browser contexts (each with its own storage),
    each failing the test on any script error or console error."""

    def __init__(self, browser: Any, page_file: Callable[..., Path]):
        self.browser = browser
        self.page_file = page_file
        self.opened: list[tuple[Any, Any, list[str]]] = []

    def open(self, ref: str, language: str | None = None, spec_path: Path | None = None,
             context: Any = None, locale: str = "en-GB") -> Any:
        if context is None:
            context = self.browser.new_context(viewport=PHONE, locale=locale, accept_downloads=True)
        page = context.new_page()
        page.set_default_timeout(10_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(f"script error: {error}"))
        page.on("console", lambda message: errors.append(f"console: {message.text}")
                if message.type == "error" else None)
        page.goto(self.page_file(ref, language, spec_path).as_uri())
        page.wait_for_function("() => window.barbuSheet !== undefined")
        self.opened.append((context, page, errors))
        return page

    def errors(self) -> list[str]:
        return [error for _, _, errors in self.opened for error in errors]

    def close(self) -> None:
        for context in {id(c): c for c, _, _ in self.opened}.values():
            context.close()


@pytest.fixture
def pages(browser: Any, page_file: Callable[..., Path]) -> Iterator[Pages]:
    opened = Pages(browser, page_file)
    yield opened
    errors = opened.errors()
    opened.close()
    assert not errors, errors


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots are kept: ``$BARBU_TEST_ARTIFACTS`` or a temporary directory."""
    given = os.environ.get("BARBU_TEST_ARTIFACTS")
    folder = Path(given) if given else tmp_path_factory.mktemp("artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
