"""The lab's tests generate packages into a cache of their own."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True, scope="session")
def _lab_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """``BARBU_CACHE`` for this session (worker processes inherit it)."""
    mp = pytest.MonkeyPatch()
    mp.setenv("BARBU_CACHE", str(tmp_path_factory.mktemp("barbu-cache")))
    yield
    mp.undo()
