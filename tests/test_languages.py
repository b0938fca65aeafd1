"""One list of languages: the catalog packages of barbu_dsl/i18n.  Every
``--lang`` help, the server's pages (``/languages.js``) and their checks
name the languages found there, so a fifth catalog shows up everywhere
and nothing else lists them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from importlib import import_module
from pathlib import Path

from barbu_dsl.i18n import LANGUAGE_CHOICES, LANGUAGE_NAMES, LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "barbu_dsl"

PROBE = """
import json
import click
from barbu_dsl.cli import app
from barbu_dsl.i18n import LANGUAGES, choose_language
from barbu_dsl.server.words import languages_script

def helps(command, path):
    for param in command.params:
        if isinstance(param, click.Option) and "--lang" in param.opts:
            yield " ".join(path), param.help
    for name, sub in getattr(command, "commands", {}).items():
        yield from helps(sub, [*path, name])

print(json.dumps({"languages": list(LANGUAGES), "chosen": choose_language("xx_XX.UTF-8"),
                  "helps": dict(helps(app, [])), "script": languages_script()}))
"""


def test_the_languages_are_the_catalog_packages_in_their_places() -> None:
    """English first, then each in its PLACE: the order a spec's canonical
    text writes names in, which its hash (and every package generated from
    it) depends on."""
    packages = sorted(path.name for path in (SRC / "i18n").iterdir() if (path / "__init__.py").exists())
    assert sorted(LANGUAGES) == packages
    places = [import_module(f"barbu_dsl.i18n.{code}").PLACE for code in LANGUAGES]
    assert places == list(range(len(LANGUAGES)))
    assert LANGUAGES[:4] == ("en", "it", "fr", "pt")
    assert sorted(path.stem for path in (SRC / "server" / "words").glob("*.json")) == sorted(LANGUAGES)
    assert list(LANGUAGE_NAMES) == list(LANGUAGES)
    assert LANGUAGE_CHOICES == ", ".join(LANGUAGES[:-1]) + " or " + LANGUAGES[-1]


def test_no_other_file_lists_the_languages() -> None:
    """The codes written in a row, as a help or a page once listed them."""
    row = re.compile(r"""\b(en|it|fr|pt)["']?,\s*["']?(en|it|fr|pt)["']?,\s*["']?(en|it|fr|pt)\b""")
    listed = [f"{path.relative_to(SRC)}:{number}" for path in sorted(SRC.rglob("*"))
              if path.suffix in (".py", ".js", ".html", ".j2") for number, line in
              enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if row.search(line)]
    assert listed == []


def test_a_fifth_catalog_shows_up_everywhere(tmp_path: Path) -> None:
    """A copy of the package with a language ``xx`` (English's catalogs and
    page words under a new code): every --lang help names it, the pages
    offer it, and it may be chosen."""
    package = tmp_path / "src" / "barbu_dsl"
    shutil.copytree(SRC, package, ignore=shutil.ignore_patterns("__pycache__"))
    for data in ("grammar", "specs", "docs"):
        (tmp_path / data).symlink_to(ROOT / data)
    shutil.copytree(package / "i18n" / "en", package / "i18n" / "xx")
    (package / "i18n" / "xx" / "__init__.py").write_text('NAME = "Xx"\nPLACE = 4\n', encoding="utf-8")
    shutil.copy(package / "server" / "words" / "en.json", package / "server" / "words" / "xx.json")
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "src"), "BARBU_CACHE": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)
    assert found["languages"] == ["en", "it", "fr", "pt", "xx"]
    assert found["chosen"] == "xx"
    assert len(found["helps"]) >= 7, found["helps"]  # explain, play, join, tables, scorer, sheet, simulate
    assert {command: "en, it, fr, pt or xx" in text for command, text in found["helps"].items()} == \
        dict.fromkeys(found["helps"], True)
    assert '["xx", "Xx"]' in found["script"]
