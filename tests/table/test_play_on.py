"""The terminal table and a domino played on at will (docs/rules.md
section 6, Domino): a person who may stop is told so in their language,
types ``pass`` (in their words) to end the turn, and the game plays on."""

from __future__ import annotations

from pathlib import Path

import pytest

from barbu_dsl.i18n import Translator

from .helpers import session

SPEC = """name: play-on
players: 4
game: {hands: 1}
doubling: false
contracts:
  Fan: domino, 8♦ starts, any number of cards a turn, placings +40 +20 0 −20
"""


@pytest.mark.parametrize("language", ["en", "it", "fr", "pt"])
def test_a_person_is_told_they_may_stop_and_plays_on(language: str, tmp_path: Path) -> None:
    spec = tmp_path / "play-on.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    text, _, person, code = session(spec=str(spec), seed=4, human=True, plain=True, language=language,
                                    save=tmp_path / "saved.json")
    t = Translator(language)
    word = t("answers.word.pass").split("/")[0]
    assert code == 0, text
    assert t("table.may_stop", word=word) in text
    assert len(person.given) > 1


def test_a_pass_is_refused_where_a_card_must_be_played(tmp_path: Path) -> None:
    """The first card of a turn must still be played: ``pass`` is refused
    there (the table says why), and offered once the person may stop."""
    spec = tmp_path / "play-on.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    text, _, _, code = session(["pass"] * 40, spec=str(spec), seed=4, human=True, plain=True,
                               save=tmp_path / "saved.json")
    assert code == 0, text
    assert "'pass', a pass: you may not pass while you can play" in text
    assert Translator("en")("table.may_stop", word="pass") in text
