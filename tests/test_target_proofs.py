"""A game to a target score is proved per deal and told so (docs/rules.md
section 6, "A target score"): ``verify`` proves each contract's hand total
as for any game, says what one hand adds up to and that the game's total is
not proved (its length depends on the scores), in text and in ``--json``;
``explain`` says when the game ends and what is proved, in four languages."""

from __future__ import annotations

import json

import pytest

from barbu_dsl.explain import explain
from barbu_dsl.language import parse_spec
from barbu_dsl.verifier import UNPROVED, render, verify

HEARTS_TO = ("name: hearts-to\nplayers: 4\ngame: {aim: lowest, chooser: rotating, target: 100}\ndoubling: false\n"
             "contracts:\n  Hearts: +1 per ♥, Q♠ +13, shoot the moon\n")
ZERO_TO = ("name: zero-to\nplayers: 4\ngame: {chooser: declarer-series, target: −50, hands: 12}\n"
           "contracts:\n  Tricks: +1 per trick, −13 last trick\n  Hearts: −1 per ♥, Q♠ +13\n")


def test_a_target_game_is_proved_per_deal() -> None:
    report = verify(parse_spec(HEARTS_TO, "h.yaml"))
    count = report.count(4)
    assert count.per_deal and count.target == 100 and count.hands is None
    assert (count.sum_min, count.sum_max) == (26, 78)  # 26, or 3 × 26 when the moon is shot
    assert not report.ok and count.miss == ("each hand adds +26 to +78",)
    text = render(report)
    assert "4 players: 52 cards, 13 tricks, a game to 100\n" in text
    assert "each hand  +26 to +78" in text and UNPROVED in text
    data = json.loads(json.dumps(report.to_json()))["counts"][0]
    assert data["per_deal"] is True and data["target"] == 100 and data["hands"] is None
    assert data["unproved"] == UNPROVED and data["contracts"][0]["times"] == 0


def test_a_target_game_whose_every_hand_is_zero_sums_to_zero() -> None:
    """Every hand sums to zero, so any number of them does; with ``hands``
    the game ends at whichever comes first."""
    report = verify(parse_spec(ZERO_TO, "z.yaml"))
    assert report.ok and [c.hands for c in report.counts] == [12]
    assert "a game to −50 or 12 hands, whichever comes first" in render(report)


@pytest.mark.parametrize(("language", "ends", "proved"), [
    ("en", "A game ends at the end of the hand in which a player's total reaches 100 or more.",
     "each hand adds up to +26 to +78; a game to a target score has as many hands as the scores take"),
    ("it", "Una partita finisce alla fine della mano in cui il totale di un giocatore arriva a 100 o più.",
     "ogni mano dà in totale"),
    ("fr", "Une partie se termine à la fin de la donne où le total d'un joueur atteint 100 ou plus.",
     "chaque donne totalise"),
    ("pt", "Um jogo acaba no fim da mão em que o total de um jogador chega a 100 ou mais.", "cada mão soma"),
])
def test_explain_says_when_the_game_ends_and_what_is_proved(language: str, ends: str, proved: str) -> None:
    text = explain(parse_spec(HEARTS_TO, "h.yaml"), language=language)
    assert ends in text and proved in text
    assert "28" not in text.split("\n\n")[0]


def test_explain_a_negative_target_with_hands() -> None:
    text = explain(parse_spec(ZERO_TO, "z.yaml"))
    assert "a player's total falls to −50 or less. If nobody gets there, it ends after 12 hands." in text
    assert "every hand adds up to zero" in text
