"""The first ``barbu simulate --backend native`` says that numba compiles
the native playouts, shows how far it is, and says when it is done, in
the person's language (barbu_dsl.lab.compiling); a run that compiles
nothing says nothing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from barbu_dsl.i18n import LANGUAGES, Translator
from barbu_dsl.lab.compiling import compile_report


def _compile_a_new_function() -> int:
    """A function numba has never compiled (a new one each call), called once."""
    from numba import njit

    def twice(x: int) -> int:
        return x * 2

    return int(njit(twice)(21))


@pytest.mark.native
@pytest.mark.parametrize("language", LANGUAGES)
def test_compiling_is_said_when_it_starts_and_when_it_ends(language: str) -> None:
    said: list[str] = []
    with compile_report(said.append, language):
        assert _compile_a_new_function() == 42
    t = Translator(language)
    assert said[0] == t("lab.compile.start")
    done = re.escape(t("lab.compile.done", count=999, seconds=999)).replace("999", r"\d+")
    assert len(said) == 2 and re.fullmatch(done, said[1]), said
    assert t("lab.compile.start") != Translator("en")("lab.compile.start") or language == "en"


@pytest.mark.native
def test_compiling_shows_on_the_progress_bar() -> None:
    from rich.console import Console
    from rich.progress import Progress

    said: list[str] = []
    with Progress(console=Console(file=open(os.devnull, "w"), force_terminal=True)) as progress:  # noqa: SIM115
        tasks_during: list[int] = []
        with compile_report(said.append, "pt", progress):
            _compile_a_new_function()
            tasks_during.append(len(progress.tasks))
            shown = progress.tasks[-1].description
        assert tasks_during == [1] and re.fullmatch(r"a compilar: \d+ funções", shown), shown
        assert progress.tasks == []  # the task is gone once compiling is over
    assert said[0].startswith("A compilar as partidas nativas com numba")


@pytest.mark.native
def test_nothing_compiled_nothing_said() -> None:
    from numba import njit

    def thrice(x: int) -> int:
        return x * 3

    compiled = njit(thrice)
    compiled(1)
    said: list[str] = []
    with compile_report(said.append, "it"):
        assert compiled(2) == 6
    assert said == []


@pytest.mark.native
@pytest.mark.slow
def test_the_first_native_simulate_says_it_compiles(tmp_path: Path) -> None:
    """What the person did: the first `barbu simulate --backend native`, its
    caches empty, said nothing for half a minute; now it says what it does
    (on standard error, lines when it is not a terminal), and the next run,
    which loads the cache, says nothing of it."""
    env = {**os.environ, "BARBU_CACHE": str(tmp_path / "barbu"), "NUMBA_CACHE_DIR": str(tmp_path / "numba")}
    command = [sys.executable, "-m", "barbu_dsl", "simulate", "tournament", "--games", "2", "--backend", "native",
               "--lang", "fr"]
    first = subprocess.run(command, capture_output=True, text=True, env=env, check=False, timeout=900)
    assert first.returncode == 0, first.stderr
    t = Translator("fr")
    assert first.stderr.startswith(t("lab.compile.start") + "\n"), first.stderr[:500]
    assert re.search(r"^\d+ fonctions compilées en \d+ s ; gardées dans le cache", first.stderr, re.MULTILINE)
    second = subprocess.run(command, capture_output=True, text=True, env=env, check=False, timeout=900)
    assert second.returncode == 0 and "numba" not in second.stderr, second.stderr
    assert second.stdout == first.stdout
