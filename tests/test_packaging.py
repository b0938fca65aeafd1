"""The installed package carries the grammar, the bundled specs and the
documentation, so it works from any directory, not only from the checkout;
the sdist carries everything its own test suite needs."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

import barbu_dsl
from barbu_dsl.resources import doc_text

CHECKOUT = Path(__file__).resolve().parents[1]


def _packaged(name: str):
    entry = resources.files("barbu_dsl") / name
    if not entry.is_dir():
        pytest.skip("barbu_dsl is not installed from a wheel here (editable or source checkout)")
    return entry


def test_packaged_grammar_is_the_checkout_grammar() -> None:
    packaged = _packaged("grammar") / "barbu.lark"
    assert packaged.read_bytes() == (CHECKOUT / "grammar" / "barbu.lark").read_bytes()


def test_packaged_specs_are_the_checkout_specs() -> None:
    packaged = _packaged("specs")
    names = sorted(p.name for p in (CHECKOUT / "specs").glob("*.yaml"))
    assert sorted(e.name for e in packaged.iterdir() if e.name.endswith(".yaml")) == names
    for name in names:
        assert (packaged / name).read_bytes() == (CHECKOUT / "specs" / name).read_bytes()


def test_packaged_docs_are_the_checkout_docs() -> None:
    packaged = _packaged("docs")
    names = sorted(p.name for p in (CHECKOUT / "docs").glob("*.md"))
    assert sorted(e.name for e in packaged.iterdir() if e.name.endswith(".md")) == names
    for name in names:
        assert (packaged / name).read_bytes() == (CHECKOUT / "docs" / name).read_bytes()


def test_doc_text_reads_the_docs() -> None:
    """Installed or not, doc_text gives the checkout's pages."""
    for name in ("README.md", "rules.md", "records.md", "sheet.md"):
        assert doc_text(name) == (CHECKOUT / "docs" / name).read_text(encoding="utf-8")
    assert doc_text("rules") == doc_text("rules.md")
    for name in ("nothing.md", "../README.md", "rules.md/.."):
        with pytest.raises(KeyError):
            doc_text(name)


JS_TOOLING = ("package.json", "package-lock.json", "tsconfig.json", "tsconfig.scorer.json", "eslint.config.js")
"""The pages' type check and lint (tests/test_js_lint.py): in the sdist, never in the wheel."""


def _needed_files() -> set[str]:
    """Every file of the checkout that the sdist's build and test suite read."""
    skipped = {"__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache"}
    found = {"README.md", "pyproject.toml", *JS_TOOLING}
    found |= {"/".join(path.relative_to(CHECKOUT).parts) for path in (CHECKOUT / "types").glob("*.d.ts")}
    for top in ("src", "grammar", "specs", "docs", "generated", "tests", "benchmarks"):
        for path in (CHECKOUT / top).rglob("*"):
            parts = path.relative_to(CHECKOUT).parts
            if path.is_file() and not skipped & set(parts) and not parts[-1].endswith(".pyc"):
                found.add("/".join(parts))
    return found


def _built(kind: str, directory: Path) -> Path:
    """The checkout built by ``python -m build --sdist`` or ``--wheel`` into ``directory``."""
    import subprocess
    import sys

    if not (CHECKOUT / "pyproject.toml").is_file():
        pytest.skip("no pyproject.toml: not a checkout or an unpacked sdist")
    pytest.importorskip("build", reason=f"the 'build' package (in the test extra) builds the {kind}")
    run = subprocess.run([sys.executable, "-m", "build", f"--{kind}", "--outdir", str(directory), str(CHECKOUT)],
                         capture_output=True, text=True, check=False, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    (built,) = directory.glob("*.tar.gz" if kind == "sdist" else "*.whl")
    return built


@pytest.mark.slow
def test_sdist_carries_what_its_tests_need(tmp_path: Path) -> None:
    """An unpacked sdist passes its own test suite only if it holds docs/,
    generated/ and the rest; build one and look."""
    import tarfile

    with tarfile.open(_built("sdist", tmp_path)) as archive:
        members = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    missing = sorted(_needed_files() - members)
    assert not missing, f"the sdist lacks {len(missing)} files, e.g. {missing[:5]}"


@pytest.mark.slow
def test_wheel_ships_the_scripts_not_their_tooling(tmp_path: Path) -> None:
    """The pages' scripts are package data of the wheel; what checks them (package.json, the tsc and
    eslint configurations, types/) stays in the checkout and the sdist."""
    import zipfile

    names = zipfile.ZipFile(_built("wheel", tmp_path)).namelist()
    scripts = {"/".join(path.relative_to(CHECKOUT / "src").parts)
               for path in (CHECKOUT / "src" / "barbu_dsl").glob("*/static/*.js")}
    assert len(scripts) >= 9 and scripts <= set(names), sorted(scripts - set(names))
    tooling = [name for name in names if name.rsplit("/", 1)[-1] in JS_TOOLING or name.endswith(".d.ts")
               or "node_modules/" in name]
    assert not tooling, tooling


def test_tests_run_against_the_installed_package() -> None:
    """CI installs the project; the tests must not import the source tree."""
    location = Path(barbu_dsl.__file__).resolve()
    if CHECKOUT / "src" in location.parents:
        pytest.skip("running against the source tree")
    assert "site-packages" in str(location)


def test_console_script_runs_from_any_directory(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = Path(sys.executable).parent / "barbu"
    if not script.exists():
        pytest.skip("no barbu console script beside this Python (not installed with pip)")
    result = subprocess.run([str(script), "check", "tournament"], capture_output=True, text=True, cwd=tmp_path,
                            check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: tournament")
