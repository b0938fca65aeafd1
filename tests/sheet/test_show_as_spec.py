"""``barbu sheet show`` follows the spec (docs/rules.md section 1, the
contracts; section 2, doubling): a game of one contract with no doubling
(Hearts) has no declarer and no doubles column, and the sheet is titled
by the game's name in the person's language, not by the spec's key."""

from __future__ import annotations

import io

from rich.console import Console

from barbu_dsl.i18n import Translator
from barbu_dsl.language.loader import load_spec
from barbu_dsl.sheet.game import SheetGame
from barbu_dsl.sheet.views import print_game

PLAYERS = ["Anna", "Bea", "Carla", "Diana"]


def shown(spec: str, language: str) -> str:
    out = io.StringIO()
    console = Console(file=out, width=120, markup=False, emoji=False, highlight=False)
    print_game(console, SheetGame.new(spec, PLAYERS), 1, Translator(language))
    return out.getvalue()


def test_hearts_has_no_declarer_and_no_doubles_column() -> None:
    text = shown("hearts", "en")
    assert "declarer" not in text and "doubles" not in text
    assert load_spec("hearts").title_in("en") in text


def test_tournament_keeps_both_and_its_title_is_in_the_persons_language() -> None:
    text = shown("tournament", "it")
    assert load_spec("tournament").title_in("it") in text and ": tournament" not in text
    english = shown("tournament", "en")
    assert "doubles" in english  # (a declarer column comes with the first hand)
