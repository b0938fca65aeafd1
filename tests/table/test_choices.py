"""What a person chooses at the table before and around a game (docs/play.md,
"Play at the table"): a random deal unless ``--seed`` is given, the
French family's mode, number of contracts and hand-picked contracts
written as a house file that plays again (docs/rules.md section 3), and
Ctrl-C, which saves the game and exits with 130."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from barbu_dsl.language import load_spec
from barbu_dsl.table import PlayOptions, Streams, play

from .helpers import TINY, Person, barbu


def seed_of(text: str) -> int:
    found = re.search(r"seed (\d+)", text)
    assert found, text
    return int(found.group(1))


@pytest.mark.slow
def test_a_random_deal_unless_a_seed_is_given(tmp_path: Path) -> None:
    """Every game without --seed is dealt anew and says its seed, so that
    --seed deals it again."""
    env = {**os.environ, "BARBU_DATA_DIR": str(tmp_path)}
    seeds = {seed_of(barbu("play", TINY, "--human", "--plain", stdin="quit\n", env=env).stdout) for _ in range(3)}
    assert len(seeds) > 1
    one = barbu("play", TINY, "--human", "--plain", "--seed", "42", stdin="quit\n", env=env).stdout
    two = barbu("play", TINY, "--human", "--plain", "--seed", "42", stdin="quit\n", env=env).stdout
    assert seed_of(one) == 42 and one == two


@pytest.mark.slow
def test_mode_and_contracts_write_a_house_file_that_plays_again(tmp_path: Path) -> None:
    """Section 3: random mode with five contracts; the house file extends
    the spec played and is read back with those settings."""
    env = {**os.environ, "BARBU_DATA_DIR": str(tmp_path)}
    result = barbu("play", "french-classic", "--human", "--mode", "random", "--contracts", "5", "--plain",
                   stdin="quit\n", env=env)
    assert result.returncode == 0, result.stderr
    house = tmp_path / "french-classic-random-5.yaml"
    assert f"Your rules are in {house}" in result.stderr
    spec = load_spec(str(house))
    assert (spec.game.mode, spec.game.contracts_per_game, spec.game.order) == ("random", 5, ())
    assert "20 hands" in result.stdout  # four players, five contracts each
    again = barbu("play", "french-classic", "--human", "--mode", "random", "--contracts", "5", "--plain",
                  stdin="quit\n", env=env)
    assert f"Your rules are in {house}" in again.stderr  # the same choice, the same file
    assert sorted(path.name for path in tmp_path.glob("*.yaml")) == ["french-classic-random-5.yaml"]
    replay = barbu("play", str(house), "--human", "--plain", stdin="quit\n", env=env)
    assert replay.returncode == 0 and "20 hands" in replay.stdout


def test_choose_contracts_picks_them_at_the_table(tmp_path: Path) -> None:
    """Section 3, custom mode: the person picks four contracts by number;
    the game has 4 × 3 hands and the pick is a house file."""
    out, err = io.StringIO(), io.StringIO()
    person = Person(out, ["2", "1 2 4 6", "quit"])
    code = play(PlayOptions("french-classic", players=3, human=True, plain=True, choose_contracts=True,
                            save=tmp_path / "saved.json"), Streams(out, err, person))
    assert code == 0, err.getvalue()
    text = out.getvalue()
    assert "This game's contracts: Mini, Maxi, With hearts, With queens." in text
    assert "Hand 1 of 12." in text
    spec = load_spec(str(tmp_path / "french-classic-custom-4.yaml"))
    assert spec.game.mode == "custom" and spec.game.order == ("Mini", "Maxi", "With hearts", "With queens")


@pytest.mark.parametrize(("args", "message"), [
    (["tournament", "--mode", "random"], "tournament has no modes"),
    (["french-classic", "--mode", "shuffled"], "--mode is one of classic, random, individual-random, custom"),
    (["french-classic", "--contracts", "9"], "--contracts takes 3 to 8 contracts"),
    (["french-classic", "--contracts", "2"], "--contracts takes 3 to 8 contracts"),
])
def test_choices_a_spec_cannot_take_are_refused(args: list[str], message: str, tmp_path: Path) -> None:
    result = barbu("play", *args, "--human", stdin="", env={**os.environ, "BARBU_DATA_DIR": str(tmp_path)})
    assert result.returncode == 2 and message in result.stderr
    assert not list(tmp_path.glob("*.yaml"))


def test_ctrl_c_saves_the_game_and_exits_130(tmp_path: Path) -> None:
    """docs/cli.md, exit codes: an interrupt saves the game first; --resume
    carries it on."""

    class Interrupted(Person):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            if len(self.given) == 2:
                raise KeyboardInterrupt
            return super().readline(size)

    out = io.StringIO()
    save = tmp_path / "saved.json"
    code = play(PlayOptions(TINY, seed=3, bots="human,rules,rules,rules", save=save),
                Streams(out, io.StringIO(), Interrupted(out)))
    assert code == 130 and save.exists()
    assert "barbu play --resume" in out.getvalue()
