"""``barbu play``: a whole game with bots, the score sheet, the winner, the
advisory doubles count (docs/rules.md section 2), and ``--record`` JSON Lines
that ``barbu replay`` accepts (docs/records.md).  Exit codes as for
every command: 0 ok, 2 a bad command line, one message, no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game
from barbu_dsl.language import load_spec


def barbu(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "barbu_dsl", *args], check=False, capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def assert_clean_failure(result: subprocess.CompletedProcess[str], code: int = 2) -> None:
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stderr.strip()


def test_play_prints_the_sheet_and_records_a_replayable_game(tmp_path: Path) -> None:
    """A tournament game (section 2): 28 hands on the sheet and in the
    record; the replay accepts every line and finds the same final scores
    as the same game played in-process (seeded, so reproducible)."""
    record = tmp_path / "game.jsonl"
    result = barbu("play", "tournament", "--seed", "5", "--record", str(record), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())  # lines wrapped to the terminal's width
    for text in ("Score sheet: Tournament Barbu, 4 players, seed 5.", "North: rules bot.", "Hand 28: ",
                 "Final totals after 28 hands", "The highest total wins: a plus is good for you.",
                 "advisory minimum 2, never enforced"):
        assert text in out
    assert "[bold]" not in out and "S0" not in out  # names, never numbers or markup
    assert "Recorded 28 hands in " in result.stderr  # the game itself is told once, on standard output
    lines = record.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 28
    replayed = barbu("replay", "tournament", str(record), "--json", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    finals = [json.loads(line)["final"] for line in replayed.stdout.splitlines()]
    expected = play_game(load_spec("tournament"), make_bots(["rules"], 4, 5), seed=5)
    assert finals == [list(hand.final) for hand in expected.hands]
    names = ["North", "East", "South", "West"]
    winner = expected.winners[0]
    total = f"{expected.totals[winner]:+d}".replace("-", "−")
    assert f"{names[winner]} wins with {total}." in out
    said = ", ".join(f"{name} " + (f"{t:+d}".replace("-", "−") if t else "0") for name, t in zip(names, expected.totals))
    assert f"Final totals after 28 hands: {said}." in out


def test_play_never_overwrites_a_record(tmp_path: Path) -> None:
    record = tmp_path / "old.jsonl"
    record.write_text("keep me\n", encoding="utf-8")
    result = barbu("play", "hearts", "--record", str(record), cwd=tmp_path)
    assert_clean_failure(result)
    assert "exists" in result.stderr
    assert record.read_text(encoding="utf-8") == "keep me\n"


@pytest.mark.parametrize("args", [
    ["play", "tournament", "--players", "5"],
    ["play", "tournament", "--bots", "genius"],
    ["play", "tournament", "--bots", "random,rules"],
    ["play", "tournament", "--seed", "x"],
    ["play", "nosuchspec"],
    ["play", "tournament+nosuchvariant"],
    ["play"],
])
def test_bad_play_options_exit_2(args: list[str], tmp_path: Path) -> None:
    assert_clean_failure(barbu(*args, cwd=tmp_path))


def test_play_french_family_with_mixed_bots(tmp_path: Path) -> None:
    """Section 3: three players, classic mode: 3 × 8 hands; the lowest total
    wins; no doubling, so no doubles table."""
    record = tmp_path / "french.jsonl"
    result = barbu("play", "french-classic", "-p", "3", "--bots", "random,rules,random", "--seed", "2",
                   "--record", str(record), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "lowest total wins" in result.stdout
    assert "advisory" not in result.stdout
    assert "Bruno: rules bot." in result.stdout
    assert len(record.read_text(encoding="utf-8").splitlines()) == 24
    assert barbu("replay", "french-classic", str(record), cwd=tmp_path).returncode == 0


def test_play_not_played_hands_replay(tmp_path: Path) -> None:
    """Section 2, variant 4: hands nobody doubled are shown as not played
    and replay as not played."""
    record = tmp_path / "v4.jsonl"
    result = barbu("play", "tournament+undoubled-not-played", "--bots", "random", "--seed", "0",
                   "--record", str(record), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    replayed = barbu("replay", "tournament+undoubled-not-played", str(record), "--json", cwd=tmp_path)
    assert replayed.returncode == 0
    statuses = [json.loads(line)["status"] for line in replayed.stdout.splitlines()]
    assert "not_played" in statuses  # random bots often leave a declarer undoubled
    assert "; not played; " in result.stdout
