"""A pot at the table (docs/rules.md section 6, "A pot"): the narrator
says who takes the pot, or that it is carried on, in the person's
language; the totals it reads then include what was taken."""

from __future__ import annotations

import pytest

from .helpers import HERE, assert_plain, session

TINY_POT = str(HERE / "tiny-pot.yaml")


@pytest.mark.parametrize(("language", "takes", "carried"), [
    ("en", " from the pot.", "Everyone took points: the pot, now "),
    ("it", " dal piatto.", "Tutti hanno preso punti: il piatto, ora "),
    ("fr", " dans le pot.", "Tout le monde a pris des points : le pot, maintenant "),
    ("pt", " do pote.", "Todos levaram pontos: o pote, agora "),
])
def test_the_narrator_says_the_pot(language: str, takes: str, carried: str) -> None:
    text, _, _, code = session([], spec=TINY_POT, seed=3, bots="human,rules,rules,rules", language=language)
    assert code == 0
    assert_plain(text)
    assert any(line.endswith(takes) for line in text.splitlines()), text
    assert carried in text
