"""Shared test helpers.

Golden files: a test that compares output with a file under ``tests/`` shows
a diff on mismatch; ``BARBU_UPDATE_GOLDEN=1 python -m pytest`` rewrites the
golden files after a deliberate change (review the diff before committing).
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

UPDATE = os.environ.get("BARBU_UPDATE_GOLDEN") == "1"
SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def assert_golden(actual: str, golden: Path) -> None:
    """``actual`` must equal the golden file's text."""
    if UPDATE:
        golden.write_text(actual, encoding="utf-8")
        return
    expected = golden.read_text(encoding="utf-8") if golden.exists() else ""
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            str(golden), "actual"))
        pytest.fail(f"output differs from {golden.name}:\n{diff}\n"
                    "update with: BARBU_UPDATE_GOLDEN=1 python -m pytest " + str(golden.parent), pytrace=False)


# ---- tiers ---------------------------------------------------------------------------------------
# The whole suite is what CI runs; the fast tier (README, "The two commands") leaves out the tests marked here,
# which need a browser, a server, numba's compiler or a long time:
#     python -m pytest -q -n auto -m "not browser and not server and not native and not slow"
# ``browser`` and ``server`` are found from what a test uses; ``native`` and ``slow`` are marked by
# hand (benchmarks/RESULTS.md, "The test suite", lists the slowest tests).

TIERS = {
    "browser": "drives a page in Chromium (the fixture browser)",
    "server": "starts barbu serve or barbu join as a user does and talks to it over sockets",
    "native": "compiles generated or search code with numba",
    "slow": "takes many seconds for another reason (long studies, a screen reader, many examples)",
}


def pytest_configure(config: pytest.Config) -> None:
    for name, meaning in TIERS.items():
        config.addinivalue_line("markers", f"{name}: {meaning}")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests that use a browser or start a server (see TIERS)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker("browser")
        module = vars(getattr(item, "module", None) or object)
        if "ServerProcess" in module or "LiveTerminal" in module or "server" in getattr(item, "fixturenames", ()):
            item.add_marker("server")


@pytest.fixture(autouse=True, scope="session")
def _own_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """What barbu caches (``BARBU_CACHE``: read specs, generated packages)
    goes to a directory of the test session's own, never the user's.

    The test processes of one session (pytest-xdist's workers) share it, as
    the processes of one user share theirs: a spec's package is generated
    once and numba keeps its compiled code beside it, so the tests that play
    one spec natively compile it once, whichever process runs them.  Every
    entry is written atomically (:mod:`barbu_dsl.cache`,
    :func:`barbu_dsl.lab.backend.generated_package`), so the processes may
    race."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    cache = shared / "barbu-cache"
    cache.mkdir(exist_ok=True)
    patch = pytest.MonkeyPatch()
    patch.setenv("BARBU_CACHE", str(cache))
    yield
    patch.undo()


@pytest.fixture(autouse=True, scope="session")
def _own_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """What barbu keeps for a person (``BARBU_DATA_DIR``: saved games, the
    seat keys of ``barbu join``) goes to a directory of the test process's
    own, never the user's."""
    patch = pytest.MonkeyPatch()
    patch.setenv("BARBU_DATA_DIR", str(tmp_path_factory.mktemp("barbu-data")))
    yield
    patch.undo()


@pytest.fixture
def shared_dir() -> Path:
    """The project's shared folder (RULES.md, formats, examples)."""
    if not SHARED.is_dir():
        pytest.skip("shared/ is not beside this checkout")
    return SHARED


# ---- the browser of the tests of pages (the web scorer, the table server) ----------------------
# Headless Chromium from Debian's ``chromium`` package, driven by Playwright for
# Python (never a browser Playwright downloads), one per test process: where
# Chromium is missing these tests fail under CI (``CI=true``) and are skipped,
# saying why, elsewhere.

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _unavailable() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is missing (pip install '.[test]')"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    reason = _unavailable()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the browser tests must run in CI: {reason}", pytrace=False)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


