"""The playouts a study plays random hands with: the spec's generated
package (``python``) or its native version (``native``, numba).

When every seat of a game is a random bot, a hand's cards are played in one
go by the generated whole-hand rollout (uniformly random legal moves, the
same rules as the interpreter; the differential tests of the generator
check that) instead of move by move; the bots still choose the contract,
the trump, the starting rank and the doubles.  ``native`` plays the same
rollouts compiled to machine code, with the same random numbers, so both
backends give the same results for a seed.  Without numba, ``native``
falls back to the Python playouts with a one-line note.  On ``native``,
games whose every seat is a rule bot have their hands played by the rule
bot compiled (:mod:`.rule_hands`), or are played whole (:mod:`.rule_games`);
games with any other mix of bots are played move by move by the bots: the
backend does not change them.

The packages are generated once per spec into the user's cache directory
(``barbu_dsl/generated/<key>/``, the key a hash of the spec and of the
generator's code, so that an upgrade never runs stale packages), written
to a staging directory and renamed into place so that parallel workers
never see half a package; a cache directory that cannot hold them is one
message, and no staging directory is left behind.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from types import ModuleType

from ..cache import ENV_CACHE, cache_root
from ..engine.deal import Source, generator
from ..engine.state import PlayOut
from ..errors import UsageError
from ..files import os_reason
from ..language import model as m
from .lean import Playout

_LOADING = threading.Lock()  # a Dask worker runs batches in threads: one import at a time


def generated_package(spec: m.Spec) -> ModuleType:
    """The generated package of ``spec``, generated into the cache if need be."""
    with _LOADING:
        return _load_package(spec)


@cache
def _load_package(spec: m.Spec) -> ModuleType:
    from ..generator import generate_files
    from ..generator.identity import generator_digest
    from ..generator.naming import package_name
    from ..generator.plan import plan

    facts = plan(spec)
    name = package_name(spec.full_name)
    key = hashlib.sha256(f"{facts.sha256} {generator_digest()}".encode()).hexdigest()[:16]
    home = cache_root() / "generated" / key
    if not _cached(home, name):
        _keep(home, name, generate_files(spec, conformance=False))
    alias = f"barbu_lab_{name}_{key}"
    if alias in sys.modules:
        return sys.modules[alias]
    found = importlib.util.spec_from_file_location(alias, home / name / "__init__.py",
                                                   submodule_search_locations=[str(home / name)])
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    sys.modules[alias] = module
    found.loader.exec_module(module)
    return module


def _cached(home: Path, name: str) -> bool:
    try:
        return (home / name / "__init__.py").is_file()
    except OSError:  # a name too long, a directory that cannot be searched: not there
        return False


def _keep(home: Path, name: str, files: dict[str, str]) -> None:
    """Put ``files`` in the cache directory ``home``: written to a staging
    directory beside it, renamed into place whole.  A cache that cannot
    hold them (a file in the way, no permission, a full disk) is one
    message; the staging directory is removed whatever happens."""
    staging: Path | None = None
    try:
        home.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=home.parent))
        for path, text in files.items():
            target = staging / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        try:
            os.rename(staging, home)
            staging = None
        except OSError:
            if not _cached(home, name):  # else another worker got there first
                raise
    except OSError as error:
        raise UsageError(f"cannot keep the lab's generated code in {home.parent}: {os_reason(error)} "
                         f"(set {ENV_CACHE} to another directory)") from None
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


@cache
def native_available() -> bool:
    """Whether numba can be imported (the optional extra ``[fast]``)."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def play_out(spec: m.Spec, backend: str) -> PlayOut:
    """A :data:`~barbu_dsl.engine.state.PlayOut` for ``spec`` on ``backend``
    (``native`` falls back to ``python`` without numba: see :func:`effective`)."""
    package = generated_package(spec)
    rollout = package.rollout
    if effective(backend) == "native":
        rollout = package.load_native().rollout

    def play(contract: m.Contract, hands: Sequence[Sequence[int]], declarer: int, trump: int | None,
             start_rank: int | None, source: Source) -> tuple[list[int], list[int]]:
        moves: list[int] = []
        raw = rollout(contract.name, generator(source), players=len(hands), declarer=declarer, trump=trump,
                      start_rank=start_rank, hands=hands, moves=moves)
        return raw, moves

    return play


PlayOuts = Callable[[Sequence[Playout]], list[list[int]]]
"""Plays hands out in one go: each :class:`~.lean.Playout`'s raw scores."""


def play_outs(spec: m.Spec, players: int) -> PlayOuts:
    """A :data:`PlayOuts` for ``spec``: the generated package's rollout plays
    each hand, one by one, drawing from its game's generator (studies of
    random bots on the native backend play whole games in native code
    instead, :mod:`.native_games`)."""
    rollout = generated_package(spec).rollout

    def play(playouts: Sequence[Playout]) -> list[list[int]]:
        return [rollout(p.contract.name, p.play, players=players, declarer=p.declarer, trump=p.trump,
                        start_rank=p.start_rank, hands=p.hands)
                for p in playouts]

    return play


def effective(backend: str) -> str:
    """The backend that will run: ``native`` only when numba is there."""
    return "native" if backend == "native" and native_available() else "python"
