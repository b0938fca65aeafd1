"""``barbu generate``: writing packages, refusing to overwrite files it did
not write, and ``--check`` (stale, missing and orphan files; exit 1)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT


def barbu(*args: str) -> tuple[int, str]:
    run = subprocess.run([sys.executable, "-m", "barbu_dsl", *args], check=False, capture_output=True, text=True, timeout=300)
    assert "Traceback" not in run.stderr, run.stderr
    return run.returncode, run.stdout + run.stderr


@pytest.mark.slow
def test_generated_tree_is_up_to_date(checked_in) -> None:
    """The checked-in generated/ is exactly what the generator writes now.
    If this fails: barbu generate -o generated (then review the diff)."""
    run = subprocess.run([sys.executable, "-m", "barbu_dsl", "generate", "--check", "-o", str(ROOT / "generated")],
                         check=False, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "up to date" in run.stdout


@pytest.mark.slow
def test_generate_then_check(tmp_path: Path) -> None:
    code, output = barbu("generate", "hearts", "-o", str(tmp_path))
    assert code == 0, output
    assert (tmp_path / "hearts" / "__init__.py").is_file()
    assert (tmp_path / "conformance" / "hearts" / "cases.jsonl").is_file()
    assert barbu("generate", "hearts", "--check", "-o", str(tmp_path))[0] == 0

    with (tmp_path / "hearts" / "cards.py").open("a", encoding="utf-8") as handle:
        handle.write("# changed by hand\n")
    # An orphan: a module this package once had, with the package's exact header.
    (tmp_path / "hearts" / "c_old.py").write_text((tmp_path / "hearts" / "hands.py").read_text(encoding="utf-8"),
                                                  encoding="utf-8")
    (tmp_path / "hearts" / "doubling.py").unlink()
    code, output = barbu("generate", "hearts", "--check", "-o", str(tmp_path))
    assert code == 1
    assert "hearts/cards.py: stale" in output
    assert "hearts/c_old.py: orphan" in output
    assert "hearts/doubling.py: missing" in output
    assert "barbu generate hearts -o" in output

    # Regenerating repairs it and removes the orphan (it carries the package's header).
    assert barbu("generate", "hearts", "-o", str(tmp_path))[0] == 0
    assert not (tmp_path / "hearts" / "c_old.py").exists()
    assert barbu("generate", "hearts", "--check", "-o", str(tmp_path))[0] == 0


def test_never_overwrites_a_file_it_did_not_write(tmp_path: Path) -> None:
    (tmp_path / "hearts").mkdir()
    mine = tmp_path / "hearts" / "cards.py"
    mine.write_text("print('my own file')\n", encoding="utf-8")
    code, output = barbu("generate", "hearts", "-o", str(tmp_path))
    assert code == 2
    assert "never overwrites" in output
    assert mine.read_text(encoding="utf-8") == "print('my own file')\n"


def test_bad_spec_exits_2(tmp_path: Path) -> None:
    code, output = barbu("generate", "no-such-spec", "-o", str(tmp_path))
    assert code == 2
    assert "no spec" in output and "Traceback" not in output


WITHOUT_RUFF = {
    "not installed": "sys.modules['ruff'] = sys.modules['ruff.__main__'] = None",
    "no binary": "ruff.__main__.find_ruff_bin = lambda: (_ for _ in ()).throw(FileNotFoundError('no ruff'))",
    "cannot start": "ruff.__main__.find_ruff_bin = lambda: {missing!r}",
    "another version": "ruff.__main__.find_ruff_bin = lambda: {fake!r}",
}
"""Ways the ruff that formats generated code can be missing, as code run before the CLI."""


@pytest.mark.parametrize("how", WITHOUT_RUFF)
def test_without_its_ruff_generation_fails_clearly(tmp_path: Path, how: str) -> None:
    """Generation formats with the pinned ruff; without it, one message and exit 2."""
    fake = tmp_path / "ruff"
    fake.write_text("#!/bin/sh\necho ruff 0.0.1\n", encoding="utf-8")
    fake.chmod(0o755)
    patch = WITHOUT_RUFF[how].format(missing=str(tmp_path / "missing" / "ruff"), fake=str(fake))
    script = f"import sys\nimport ruff.__main__\n{patch}\nfrom barbu_dsl.cli import main\nmain()\n"
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, "-c", script, "generate", "hearts", "-o", str(out)], check=False,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stderr
    assert run.stderr.startswith("barbu: ") and "ruff" in run.stderr and len(run.stderr.splitlines()) == 1, run.stderr
    assert not out.exists()
