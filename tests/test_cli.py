"""The ``barbu`` command: exit codes 0 / 1 / 2, one clear message for bad
input, never a traceback, and it works from any directory."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from barbu_dsl.language import load_spec, parse_spec


def barbu(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "barbu_dsl", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120, check=False)


def assert_clean_failure(result: subprocess.CompletedProcess[str], code: int = 2) -> None:
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_check_ok_from_another_directory(tmp_path: Path) -> None:
    result = barbu("check", "tournament", "hearts", "french-classic+all-or-nothing", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "ok: tournament — 7 contracts" in result.stdout


def test_check_bad_spec_reports_and_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("contracts:\n  No hearts: −2 per hertz\n", encoding="utf-8")
    result = barbu("check", str(bad), cwd=tmp_path)
    assert_clean_failure(result)
    assert f"{bad}:2:21: error: unknown suit, rank or card set 'hertz'" in result.stderr
    assert bad.read_text(encoding="utf-8") == "contracts:\n  No hearts: −2 per hertz\n"


@pytest.mark.parametrize("args", [
    ["check", "nosuch"], ["check", "tournament+nosuch"], ["verify", "tournament", "--players", "5"],
    ["explain", "tournament", "No such contract"], ["fmt", "tournament", "--check"], ["verify"],
    ["check", "--bogus", "tournament"], ["verify", "tournament", "--players", "x"], ["nosuchcommand"],
])
def test_bad_command_lines_exit_2_without_traceback(args: list[str], tmp_path: Path) -> None:
    result = barbu(*args, cwd=tmp_path)
    assert_clean_failure(result)
    assert result.stderr.strip()


def test_unreadable_spec_file(tmp_path: Path) -> None:
    binary = tmp_path / "x.yaml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert_clean_failure(barbu("check", str(binary)))


def test_verify_exit_codes_and_json() -> None:
    """Exit 0 when the sum is zero, 1 when not (docs/rules.md 2 variant 8)."""
    ok = barbu("verify", "tournament", "--json")
    assert ok.returncode == 0
    report = json.loads(ok.stdout)
    assert report["spec"] == "tournament"
    (count,) = report["counts"]
    assert count["players"] == 4 and count["zero_sum"] is True
    assert {"name": "No tricks", "min": -26, "max": -26}.items() <= count["contracts"][0].items()
    miss = barbu("verify", "tournament+brader", "--json")
    assert miss.returncode == 1
    # a game plays four rounds of the eight contracts, each round −171 (rules.md 2 variant 8)
    assert json.loads(miss.stdout)["counts"][0]["sum_min"] == -684


def test_explain_names_rules_and_total() -> None:
    result = barbu("explain", "tournament", "no hearts")
    assert result.returncode == 0, result.stderr
    assert "−30" in result.stdout


def test_fmt_prints_canonical_text_that_reads_back() -> None:
    result = barbu("fmt", "tournament+ravage-city")
    assert result.returncode == 0, result.stderr
    assert parse_spec(result.stdout) == load_spec("tournament+ravage-city")


def test_fmt_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("precious\n", encoding="utf-8")
    assert_clean_failure(barbu("fmt", "tournament", "-o", str(target)))
    assert target.read_text(encoding="utf-8") == "precious\n"
    fresh = tmp_path / "fresh.yaml"
    assert barbu("fmt", "hearts", "-o", str(fresh)).returncode == 0
    assert barbu("fmt", str(fresh), "--check").returncode == 0


def test_fmt_check_finds_non_canonical(tmp_path: Path) -> None:
    spec = tmp_path / "s.yaml"
    spec.write_text("name: s\ncontracts:\n  A: -2 per trick\n", encoding="utf-8")
    assert barbu("fmt", str(spec), "--check").returncode == 1


def test_specs_lists_bundled() -> None:
    result = barbu("specs")
    assert result.returncode == 0
    assert "tournament — Tournament Barbu" in result.stdout and "ravage-city" in result.stdout


EXAMPLES = Path(__file__).parent / "engine" / "examples"


@pytest.mark.parametrize(("name", "code"), [("seed-doubling-example", 0), ("domino-with-passes", 0),
                                            ("trumps-in-progress", 0), ("no-hearts-illegal-lead", 1)])
def test_replay_examples(name: str, code: int) -> None:
    """docs/records.md: --json prints the result object; exit 1 for a broken rule."""
    result = barbu("replay", "tournament", str(EXAMPLES / f"{name}.json"), "--json")
    assert result.returncode == code, result.stderr
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text(encoding="utf-8"))
    actual = json.loads(result.stdout)
    if "error" in expected:
        assert actual["error"].pop("reason") and expected["error"].pop("reason")
    assert actual == expected


def test_replay_json_lines_exit_with_the_worst(tmp_path: Path) -> None:
    lines = [(EXAMPLES / f"{name}.json").read_text(encoding="utf-8") for name in
             ("seed-doubling-example", "no-hearts-illegal-lead")]
    records = tmp_path / "hands.jsonl"
    records.write_text("\n".join(json.dumps(json.loads(text)) for text in lines) + "\nnot json\n",
                       encoding="utf-8")
    result = barbu("replay", "tournament", str(records), "--json")
    assert result.returncode == 2
    kinds = [json.loads(line).get("error", {}).get("kind") for line in result.stdout.splitlines()]
    assert kinds == [None, "illegal_play", "bad_record"]
    plain = barbu("replay", "tournament", str(records))
    assert_clean_failure(plain)
    assert "illegal play 2H by seat 3" in plain.stderr


def test_explain_suggests_the_contract_meant() -> None:
    """A misspelt name gets "did you mean"; the start of several names
    lists them; the start of one name, or its name in another language, is
    that contract (read as every answer is: barbu_dsl.i18n.answers)."""
    result = barbu("explain", "tournament", "No quens")
    assert_clean_failure(result)
    assert result.stderr == ("barbu: tournament has no contract 'No quens'; did you mean 'No queens'?\n"
                             "    contracts: No tricks, No queens, No last two, No hearts, Barbu, Trumps, Domino\n")
    result = barbu("explain", "tournament", "No")
    assert_clean_failure(result)
    assert "did you mean 'No tricks', 'No queens', 'No last two' or 'No hearts'?" in result.stderr
    for name in ("No queen", "niente donne", "Pas de dames"):
        result = barbu("explain", "tournament", name)
        assert result.returncode == 0 and result.stdout.split("\n")[2] == "No queens", name


HOUSE = ("# Our club: hearts cost more.\n\nextends: tournament\nname: our-club\n"
         "contracts:\n  No hearts: −3 per ♥, A♥ −7, no ♥ lead\n")


def test_fmt_keeps_a_house_file_itself(tmp_path: Path) -> None:
    """A house file stays a house file (extends kept, its own comment, no
    base text pulled in); --flatten prints the resolved spec."""
    house = tmp_path / "club.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    result = barbu("fmt", str(house))
    assert result.returncode == 0, result.stderr
    assert result.stdout == HOUSE
    assert barbu("fmt", str(house), "--check").returncode == 0
    flat = barbu("fmt", str(house), "--flatten")
    assert flat.returncode == 0 and "extends" not in flat.stdout and "Trumps:" in flat.stdout
    assert parse_spec(flat.stdout) == load_spec(str(house))


def test_fmt_check_of_a_loose_house_file(tmp_path: Path) -> None:
    house = tmp_path / "club.yaml"
    house.write_text("extends: tournament\ncontracts:\n  No hearts: -3 per ♥, A♥ -7, no ♥ lead\n", encoding="utf-8")
    result = barbu("fmt", str(house), "--check")
    assert result.returncode == 1
    assert result.stderr == f"barbu: {house} is not in canonical form (barbu fmt {house} shows it)\n"


@pytest.mark.parametrize("option", ["-o", "--flatten"])
def test_fmt_check_writes_nothing(option: str, tmp_path: Path) -> None:
    """--check compares and writes nothing: -o (and --flatten) with it is a usage error."""
    spec = tmp_path / "s.yaml"
    spec.write_text("name: s\ncontracts:\n  A: −2 per trick\n", encoding="utf-8")
    args = ["-o", str(tmp_path / "new.yaml")] if option == "-o" else [option]
    result = barbu("fmt", str(spec), "--check", *args)
    assert_clean_failure(result)
    assert result.stderr == ("barbu: --check compares a file with its own canonical form and writes nothing; "
                             f"it does not go with {option}\n")
    assert not (tmp_path / "new.yaml").exists()
