"""Every message the table can say exists in English, Italian, French and
Portuguese (tests/test_i18n.py checks that each message of the catalogs
has all four with the same fields; this checks that the table asks only
for messages the catalog has)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from barbu_dsl.compiled import MESSAGES as RULES
from barbu_dsl.i18n import messages
from barbu_dsl.table.answers import COMMANDS
from barbu_dsl.table.speech import COMPASS

SOURCE = Path(__file__).resolve().parents[2] / "src" / "barbu_dsl" / "table"
TEXT = "\n".join(path.read_text(encoding="utf-8") for path in SOURCE.glob("*.py"))


def used_keys() -> set[str]:
    """Every whole message key written in the table's code."""
    return {key for key in re.findall(r'"(table\.[a-z_.-]+)"', TEXT) if not key.endswith(".")}


def spoken_about_a_seat() -> set[str]:
    """Keys said about a seat (``Speech.about``): they need a ``.you`` form too."""
    keys = set(re.findall(r'about\(\s*"(table\.[a-z_.-]+)"', TEXT))
    keys |= {"table.doubles", "table.redoubles", "table.forced.card", "table.forced.pass", "table.leads",
             "table.starts", "table.doubled", "table.sheet.doubler", "table.wins_trick.points",
             "table.wins_trick.scoring"}
    return keys


@pytest.mark.parametrize("key", sorted(used_keys()))
def test_every_key_the_table_uses_exists(key: str) -> None:
    assert key in messages()


@pytest.mark.parametrize("key", sorted(spoken_about_a_seat()))
def test_sentences_about_a_seat_have_both_forms(key: str) -> None:
    assert key in messages() and key + ".you" in messages()


def test_keys_built_from_names_exist() -> None:
    """Rule codes (compiled/reasons.py), commands and their letters, bots,
    seats and aims each have their message."""
    from barbu_dsl.bots import SEATS
    from barbu_dsl.table.answers import LETTERED

    built = [f"table.rule.{code}" for code in RULES]
    built += [f"table.help.{command}" for command in COMMANDS] + [f"table.word.{word}" for word in COMMANDS]
    built += [f"table.letter.{command}" for command in LETTERED]
    built += [f"table.bot.{bot}" for bot in SEATS if bot != "human"]
    built += [f"answers.word.{word}" for word in ("all", "none", "pass")]
    built += [f"table.seat.{point}" for point in COMPASS]
    built += [f"table.aim.{aim}" for aim in ("highest", "lowest")] + [f"table.aim.good.{aim}" for aim in ("highest",
                                                                                                           "lowest")]
    missing = [key for key in built if key not in messages()]
    assert not missing


@pytest.mark.parametrize("language", ["en", "it", "fr", "pt"])
def test_one_letter_commands_are_one_letter_each(language: str) -> None:
    """Each command letter is one letter, names one command, and is not a
    rank letter of the language but D, the source's letter for describe (a
    queen alone is then typed as a word); suit letters are read as suits
    where a suit is asked."""
    from barbu_dsl.i18n import Translator
    from barbu_dsl.i18n.cards import TYPED_RANKS
    from barbu_dsl.table.answers import LETTERED, read_command

    t = Translator(language)
    letters = [t(f"table.letter.{command}") for command in LETTERED]
    assert all(len(letter) == 1 for letter in letters) and len(set(letters)) == len(letters)
    assert t("table.letter.describe") == "d"
    assert not (set(letters) - {"d", "t"}) & set(TYPED_RANKS[language])
    for command in LETTERED:
        found = read_command(t(f"table.letter.{command}"), language)
        assert found is not None and found.name == command
    assert read_command("d cuori", language) is None  # a letter with more after it begins a card
