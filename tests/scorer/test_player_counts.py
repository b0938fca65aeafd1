"""The web page keeps a sheet for every player count to ten (docs/rules.md
section 6): a game for 2, 8, 9 and 10 players started with every name and
hands entered control by control, totals as the Python sheet has them."""

from __future__ import annotations

from pathlib import Path

import pytest
from sheet.helpers import evening

from barbu_dsl.language import load_spec
from barbu_dsl.sheet.game import SheetGame

from .ui import SheetPage

MANY = Path(__file__).resolve().parents[1] / "many_players.yaml"
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Hugo", "Irene", "Jonas"]


@pytest.mark.parametrize(("players", "hands"), [(2, 8), (8, 5), (9, 5), (10, 5)])
def test_a_game_of_many_or_two_players_on_the_page(pages, players: int, hands: int) -> None:
    spec = load_spec(str(MANY))
    names = NAMES[:players]
    played = evening(spec, seed=7, players=players)[:hands]
    page = pages.open("many-players", spec_path=MANY)
    page.locator("#player-count").select_option(str(players))  # the count first: then a name box for each seat
    sheet = SheetPage(page)
    sheet.start(names)
    python = SheetGame.new("many-players", names, spec)
    for number, (_, hand) in enumerate(played, 1):
        sheet.enter(hand, names)
        assert sheet.status().startswith(f"✓ Hand {number} added"), sheet.status()
        python.add(hand)
        assert sheet.totals() == list(python.totals)
