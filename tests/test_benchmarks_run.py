"""The benchmarks run: each one's ``--tiny`` mode, which goes through every
part of it in seconds (benchmarks/tiny.py), exits 0 and prints its table,
so that a benchmark does not rot between the runs that measure
(benchmarks/RESULTS.md).  A broken benchmark fails its own test, by name."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
OPENSPIEL = importlib.util.find_spec("pyspiel") is not None
"""OpenSpiel is importable: the test extra brings it where it has wheels (pyproject.toml)."""


def run_tiny(script: str, *args: str, timeout: float = 300) -> str:
    """``benchmarks/SCRIPT --tiny ARGS``'s output; it must exit 0."""
    result = subprocess.run([sys.executable, str(BENCHMARKS / script), "--tiny", *args], cwd=ROOT,
                            capture_output=True, text=True, timeout=timeout, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def assert_lines(output: str, patterns: list[str]) -> None:
    """Each pattern matches a whole line of ``output``, in the order given."""
    lines = output.splitlines()
    at = 0
    for pattern in patterns:
        found = next((n for n in range(at, len(lines)) if re.fullmatch(pattern, lines[n])), None)
        assert found is not None, f"no line matching {pattern!r} (after line {at}) in:\n{output}"
        at = found + 1


NUMBER = r"[-+]?[\d,]+(\.\d+)?"
TOURNAMENT = ["No tricks", "No queens", "No last two", "No hearts", "Barbu", "Trumps", "Domino"]
PAIRINGS = ["strong against rules", "rules against random", "strong against strong, Python search",
            "strong, play only against rules", "strong, contract choice only against rules",
            "strong, doubling only against rules"]
STARTUP = ["python -c pass", "barbu --version", "barbu --help", "barbu verify tournament",
           "barbu verify tournament, cold cache", "barbu sheet add 1 --hand FILE", "barbu sheet show 1",
           "barbu generate (one contract)", "barbu generate (one contract), cold cache"]
FUZZED = ["check", "explain", "fmt", "generate", "page", "play", "replay", "scorer", "sheet add", "sheet import",
          "sheet list", "sheet new", "simulate", "verify"]
"""The commands fuzz_cli.py --tiny runs whatever its inputs do (in the order it prints them)."""


def bots_strength() -> list[str]:
    """Every pairing, each with its intervals and its decision times by kind."""
    lines = [r"tournament, 4 players; the highest total wins; strong bot think 0\.02, search compiled"]
    for pairing in PAIRINGS:
        lines += [re.escape(pairing) + r": 1 deal seeds × 4 seat rotations = 4 games \(\+ 1 duplicate baseline games\)",
                  r"  margin per hand .*: +" + NUMBER + r" \(one deal: no interval\)", r"  duplicate gain per hand .*",
                  r"  \S.*: \d+ decisions, CPU time per decision mean .*", r"    play +\d+ decisions, .*",
                  r"    contract +\d+ decisions, .*", r"    double +\d+ decisions, .*", r"  \(\d+ s\)"]
    return lines


def bots_vs_openspiel(opponent: str) -> list[str]:
    """Ten deals played whole, each twice: 26 card decisions a side a deal, 520 in all."""
    return [rf"{opponent}: \d+ simulations a decision",
            rf"  10 deals: strong − {opponent} {NUMBER} ± {NUMBER} points per hand",
            rf"strong bot − {opponent}: {NUMBER} ± {NUMBER} Hearts points per hand and seat "
            r"\(95%, 10 duplicate deals; lower is better for the strong bot\)",
            rf"CPU per decision: strong {NUMBER} ms \(520 decisions\), {opponent} {NUMBER} ms "
            r"\(520 decisions, \d+ simulations\)"]


def generated_speed() -> list[str]:
    openspiel = [r"OpenSpiel Hearts +\d+"] if OPENSPIEL else [r"OpenSpiel: not importable here, column skipped .*"]
    return ([r"contract +generated +interpreter +gen/interp +gen/OpenSpiel"]
            + [re.escape(name) + rf" +\d+ +\d+ +{NUMBER}.*" for name in TOURNAMENT]
            + [r"Hearts \(hearts spec\) +\d+ .*", *openspiel, rf"generated / interpreter: min {NUMBER}, max {NUMBER}"]
            + ([rf"generated / OpenSpiel \(no-trump contracts\): min {NUMBER}, max {NUMBER}"] if OPENSPIEL else []))


CASES = [
    pytest.param("bots_strength.py", (), bots_strength(), 900,
                 marks=[pytest.mark.native, pytest.mark.slow], id="bots_strength"),
    pytest.param("bots_vs_openspiel.py", ("--opponent", "ismcts"), bots_vs_openspiel("ismcts"), 900,
                 marks=pytest.mark.native, id="bots_vs_openspiel-ismcts"),
    pytest.param("bots_vs_openspiel.py", ("--opponent", "mcts"), bots_vs_openspiel("mcts"), 900,
                 marks=pytest.mark.native, id="bots_vs_openspiel-mcts"),
    pytest.param("engine_speed.py", (), [
        r"Random full hands \(4 players\)", r" +hands/s +moves/s +× fastest hands/s",
        *[rf"tournament: {name} +\d+ +\d+ +{NUMBER}" for name in [*TOURNAMENT, "Ravage City"]],
        rf"hearts: Hearts +\d+ +\d+ +{NUMBER}",
        r"Whole games \(4 players; .*\)", r" +games/s +hands/s +× fastest hands/s",
        *[re.escape(name) + rf" +\d+ +\d+ +{NUMBER}" for name in [
            "tournament, random bots", "tournament, rule-based bots", "tournament+ravage-city, rule-based",
            "french-classic, rule-based bots", "hearts, rule-based bots"]],
        rf"Replaying 20 tournament records: {NUMBER} s \({NUMBER} records/s\)"], 300, id="engine_speed"),
    pytest.param("fuzz_cli.py", (), [
        r"fuzz run: \d+ s", *[rf"  {name} +exit \d: \d+.*" for name in FUZZED],
        r"tracebacks: 0, hangs: 0, files changed: 0, unexpected exit codes: 0"], 600,
        marks=[pytest.mark.browser, pytest.mark.slow], id="fuzz_cli"),
    pytest.param("generated_speed.py", (), generated_speed(), 300, id="generated_speed"),
    pytest.param("lab_scaling.py", (), [
        r"tournament vs tournament\+brader, 4 games each, bots rules \(load average .*\)",
        rf"  1 worker +{NUMBER} s +{NUMBER} games/s", rf"  2 workers +{NUMBER} s +{NUMBER} games/s",
        rf"speed-up 1 -> 2 workers: {NUMBER} \(the same numbers from both\)"], 300, id="lab_scaling"),
    # Each run compiles the baseline's rule bots' numba code anew (the baseline is exported into a temporary
    # directory, and numba keeps compiled code beside the source): about 50 s of CPU, a few minutes on a busy machine.
    pytest.param("lab_speed.py", (), [
        r"tournament studies, best of 1 rounds, CPU time \(.*\); baseline HEAD",
        *[rf"  {bots} +bots --backend {backend} +{NUMBER} games/s \( *\d+ hands/s\)  baseline +{NUMBER} games/s  "
          rf"speed-up +{NUMBER}" for bots in ("random", "rules") for backend in ("python", "native")],
        rf"  random bots, native / python: {NUMBER} \(baseline {NUMBER}\)", rf"  rule bots, native / python: {NUMBER}",
        rf"  native kernel \(No hearts playouts\): {NUMBER} hands/s; random-bot study / kernel: {NUMBER}",
        r"  100,000 random-bot games, native, one core: \d+ s",
        rf"  rule bots, 4 games: 1 worker {NUMBER} s, 2 workers {NUMBER} s, speed-up {NUMBER} \(wall clock\)"],
        1800, marks=[pytest.mark.native, pytest.mark.slow], id="lab_speed"),
    pytest.param("language_speed.py", (), [
        r"command +seconds +× python start-up", rf"python -c pass +{NUMBER} +1\.0",
        *[re.escape("barbu " + command) + rf" +{NUMBER} +{NUMBER}" for command in [
            "check tournament french-classic bouillabaisse hearts", "verify tournament+brader",
            "verify french-classic", "explain tournament", "fmt tournament+ravage-city"]],
        rf"median command: {NUMBER} s"], 300, id="language_speed"),
    pytest.param("move_api_speed.py", (), [
        r"best of 1 rounds of 0\.01 s .*\(\d+ records\)",
        *[rf"  {name} +{NUMBER}" for name in ["move: interpreter", "move: generated", "move: generated before",
                                             "replay: interpreter", "replay: generated", "replay: generated before"]],
        *[rf"{ratio}: +{NUMBER}" for ratio in ["move API, generated / interpreter", "move API, generated / generated before",
                                              "replay, generated / generated before", "replay, generated / interpreter"]]],
        300, id="move_api_speed"),
    pytest.param("native_speed.py", (), [
        r"random hands of No hearts per second, one core, best of 1 rounds \(.*the same first hand checked.*\)",
        *[rf"  {name} +{NUMBER}" for name in ["C", "native", "python", "interpreter"]],
        *[rf"{ratio}: +{NUMBER}" for ratio in ["native / C", "native / python", "native / interpreter",
                                              "python / interpreter"]]],
        900, marks=pytest.mark.native, id="native_speed"),
    pytest.param("search_speed.py", (), [
        r"tournament: 4 play positions, 2 contract choices, best of 1 rounds, CPU seconds",
        *[rf"  {kind} +python +{NUMBER} s +compiled +{NUMBER} s +ratio +{NUMBER}"
          for kind in ["play", "contract", "playouts"]],
        rf"  playouts alone: python {NUMBER} a second, compiled {NUMBER} a second"],
        900, marks=pytest.mark.native, id="search_speed"),
    # The lab's seeded results have changed since the base (e36e677: "every seeded lab result changes"),
    # so the line may say DIFFERENT NUMBERS; what is checked is that both versions play every study.
    pytest.param("simulate_speed.py", (), [
        r"barbu simulate, now against 3010ed4: best of 1 rounds, CPU seconds of each study \(.*\)",
        *[rf"  {study} +{re.escape(what)}, 2 games, {players} players, bots {re.escape(bots)}: before +{NUMBER} "
          rf"games/s, now +{NUMBER} games/s, ratio {NUMBER} \((the same numbers|DIFFERENT NUMBERS)\)"
          for study, what, players, bots in [
              ("rules", "tournament vs tournament+brader", 4, "rules"), ("random", "tournament", 4, "random"),
              ("mixed", "french-classic", 5, "rules,random,rules,random,rules")]]],
        600, marks=pytest.mark.slow, id="simulate_speed"),
    pytest.param("startup.py", ("--against", str(ROOT)), [
        r"CPU seconds of each process, best of 1 interleaved rounds \(.*\)",
        r"command +CPU s +/ pass +aim s +against +/ pass +this / against",
        *[re.escape(label) + rf" +{NUMBER} +{NUMBER} .*{NUMBER} +{NUMBER} +{NUMBER}" for label in STARTUP],
        rf"against: {re.escape(str(ROOT))}"], 600, marks=pytest.mark.slow, id="startup"),
    pytest.param("strong_study_speed.py", ("--against", str(ROOT)), [
        r"1 hands of No hearts, strong bots; best of 1 rounds, CPU seconds:",
        *[rf"  {label} +{NUMBER}" for label in ["compiled", "python", "before"]],
        rf"python / compiled: {NUMBER} \(the same numbers: True\)", rf"before / compiled: {NUMBER}"],
        900, marks=[pytest.mark.native, pytest.mark.slow], id="strong_study_speed"),
]


@pytest.mark.parametrize(("script", "args", "patterns", "timeout"), CASES)
def test_benchmark_runs_every_part(script: str, args: tuple[str, ...], patterns: list[str], timeout: float) -> None:
    """``benchmarks/SCRIPT --tiny``: exit 0, and its table's header and
    every row (every contract, pairing, command, level) in its output."""
    if script == "bots_vs_openspiel.py" and not OPENSPIEL:
        if os.environ.get("CI"):
            pytest.fail("bots_vs_openspiel.py must run in CI: open_spiel is not installed (the test extra brings it)",
                        pytrace=False)
        pytest.skip("open_spiel is not installed (pip install 'barbu_dsl[openspiel]'), or has no wheel here")
    assert_lines(run_tiny(script, *args, timeout=timeout), patterns)


@pytest.mark.server
def test_serve_load_runs_every_part() -> None:
    """benchmarks/serve_load.py --tiny: busy and human-pace levels of 1 and 2
    tables on servers of their own, each checked for lost answers after a
    kill -9 and a restart; the table, the ratios, the aims and the profile
    (or why there is none) are printed.  (serve_watch.py, the probe and the
    profiler it uses, is a module beside it, not a script.)"""
    result = subprocess.run([sys.executable, str(BENCHMARKS / "serve_load.py"), "--tiny"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    header = next(n for n, line in enumerate(lines) if line.startswith("kind ") and "ans/s" in line and "kept" in line)
    rows = [line.split() for line in lines[header + 1:header + 5]]
    assert [(row[0].rstrip("*"), row[1]) for row in rows] == [("busy", "1"), ("busy", "2"), ("human", "1"),
                                                              ("human", "2")], result.stdout
    assert all(row[-1] == f"{row[1]}/{row[1]}" for row in rows), result.stdout  # every table kept its answers
    assert any(line.startswith("aims (") for line in lines), result.stdout
    assert any(line.startswith("busy* 2, profile") for line in lines), result.stdout


def test_every_benchmark_script_has_a_tiny_run() -> None:
    """Every script in benchmarks/ (a file that runs as ``__main__``) takes
    ``--tiny`` through benchmarks/tiny.py and has its run above."""
    scripts = {path.name for path in BENCHMARKS.glob("*.py") if '__name__ == "__main__"' in path.read_text("utf-8")}
    tested = {case.values[0] for case in CASES} | {"serve_load.py"}
    assert scripts == tested
    for script in sorted(scripts):
        assert "from tiny import parse_args" in (BENCHMARKS / script).read_text("utf-8"), script
        assert "--tiny" in (BENCHMARKS / script).read_text("utf-8").split('"""')[1], f"{script}'s docstring"
