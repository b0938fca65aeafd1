"""Rule codes: every illegal move names the rule it breaks with one code and
one message from one table (docs/rules.md sections 1–3), in the engine and in
the generated packages alike."""

from __future__ import annotations

import pytest
from engine.helpers import HEARTS, OTHERS, TOURNAMENT, card, hand_of, play

from barbu_dsl.compiled import MESSAGES, broken, lead_ban_rule
from barbu_dsl.engine import IllegalPlay

SCENES = [
    # (rule line, hands, plays before, the move, its rule code, docs/rules.md section)
    (TOURNAMENT["No tricks"], ["2C 3D", "4C 5D", "6C 7D", "8C 9D"], "2C", "5D", "follow_suit", "1"),
    (TOURNAMENT["No hearts"], ["2H 3D", "4C 5D", "6C 7D", "8C 9D"], "", "2H", "lead_ban", "2"),
    ("−2 per ♥, no ♥ opening lead", ["2H 3D", "4C 5D", "6C 7D", "8C 9D"], "", "2H", "opening_lead_ban", "3"),
    (HEARTS, ["2C 3H", "4C 5D", "6C QS", "8C 9D"], "", "3H", "opening_card", "3"),
    (OTHERS["shed barbu"], ["2C 3C", "4C 5C", "KH 7D", "8C 9D"], "2C 4C", "7D", "shed_when_safe", "2 variant 5"),
    (TOURNAMENT["Trumps"], ["2C 3C", "4C 5C", "2S 7D", "8C 9D"], "2C 4C", "7D", "win_with_trump", "2"),
    (TOURNAMENT["Domino"], ["7C 8D", "7D 9D", "6C TD", "5C JD"], "", "8D", "suit_not_open", "2"),
]


@pytest.mark.parametrize(("line", "hands", "before", "move", "rule", "section"), SCENES)
def test_illegal_moves_carry_their_rule_code(line, hands, before, move, rule, section) -> None:
    hand = hand_of(line, hands, trump=3, start_rank=7)
    play(hand, before)
    found = hand.broken_rule(card(move))
    assert found is not None and found.rule == rule, (section, found)
    assert hand.why_illegal(card(move)) == found.message
    with pytest.raises(IllegalPlay) as caught:
        hand.play(card(move))
    assert caught.value.rule == rule and caught.value.reason == found.message
    assert "rule" not in caught.value.as_json()["error"]  # the record format says it in words


def test_every_message_fills_from_its_fields() -> None:
    assert broken("follow_suit", suit="clubs").message == "must follow clubs"
    assert lead_ban_rule(2, "until-broken").message == "no heart lead until hearts are broken, while holding other suits"
    with pytest.raises(KeyError):
        broken("no_such_rule")
    assert all(text and text == text.strip() for text in MESSAGES.values())
