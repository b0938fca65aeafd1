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
             "table.starts", "table.doubled", "table.sheet.doubler"}
    return keys


@pytest.mark.parametrize("key", sorted(used_keys()))
def test_every_key_the_table_uses_exists(key: str) -> None:
    assert key in messages()


@pytest.mark.parametrize("key", sorted(spoken_about_a_seat()))
def test_sentences_about_a_seat_have_both_forms(key: str) -> None:
    assert key in messages() and key + ".you" in messages()


def test_keys_built_from_names_exist() -> None:
    """Rule codes (compiled/reasons.py), commands, seats, aims, trick
    positions and lead-ban scopes each have their message."""
    built = [f"table.rule.{code}" for code in RULES]
    built += [f"table.help.{command}" for command in COMMANDS] + [f"table.word.{word}" for word in COMMANDS]
    built += [f"table.word.{word}" for word in ("all", "none", "pass")]
    built += [f"table.seat.{point}" for point in COMPASS] + ["table.aim.highest", "table.aim.lowest"]
    built += [f"table.part.trick.{word}" for word in ("first", "second", "third", "last", "penultimate")]
    built += [f"table.rule_text.lead.{scope}" for scope in ("every", "opening", "until-broken")]
    built += [f"table.rule_text.{name}" for name in ("must_win", "overtrump", "inverted", "play_every_trick",
                                                      "all_or_nothing", "shoot_the_moon", "must_trump",
                                                      "discard_when_void", "ace_again", "ends_at_first_out")]
    built += ["table.part.spread.tricks", "table.part.spread.cards"]
    missing = [key for key in built if key not in messages()]
    assert not missing
