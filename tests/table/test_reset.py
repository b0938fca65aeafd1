"""Resets at the table (docs/rules.md section 6, "Running totals"): the
narrator says each total that goes back, in the person's words and
language, right after the hand's scores, and the totals it then reads
are the ones after the reset."""

from __future__ import annotations

import pytest

from .helpers import HERE, assert_plain, session

TINY_RESET = str(HERE / "tiny-reset.yaml")


@pytest.mark.parametrize(("language", "yours", "east"), [
    ("en", "Your total is exactly 8, so it goes back to 2.", "East's total is exactly 4, so it goes back to 0."),
    ("it", "Il tuo totale è esattamente 8, quindi torna a 2.", "Il totale di Est è esattamente 4, quindi torna a 0."),
    ("fr", "Vous totalisez exactement 8 : votre total revient à 2.", "Est totalise exactement 4 : son total revient à 0."),
    ("pt", "O seu total é exatamente 8, por isso volta a 2.", "O total de Este é exatamente 4, por isso volta a 0."),
])
def test_the_narrator_says_each_reset(language: str, yours: str, east: str) -> None:
    text, _, _, code = session([], spec=TINY_RESET, seed=4, bots="human,rules,rules,rules", language=language)
    assert code == 0
    assert_plain(text)
    lines = text.splitlines()
    assert yours in lines and east in lines
    # The totals read out after a reset are the totals after it.
    after = lines[lines.index(yours) + 1:]
    totals = next(line for line in after if line.startswith(("Totals", "Totali", "Totaux", "Totais")))
    assert " 2" in totals
