"""Card orders other than natural or ``2 high`` (docs/rules.md section 6,
Card orders): ``order A 10 K Q J 9 8 7`` read, printed back and checked,
trick winners and play by the order, and its words in ``explain``."""

from __future__ import annotations

import pytest

from barbu_dsl import SpecError
from barbu_dsl.language import model as m
from barbu_dsl.language import parse_spec, print_spec
from barbu_dsl.language.rules import rules_text

PIQUET = "deck: piquet\ncontracts:\n  Tens: order A 10 K Q J 9 8 7, −2 per 10\n"


def _spec(text: str = PIQUET) -> m.Spec:
    return parse_spec(text, "order.yaml")


def _messages(text: str) -> list[str]:
    with pytest.raises(SpecError) as caught:
        parse_spec(text, "order.yaml")
    return [d.message for d in caught.value.diagnostics]


def test_an_order_is_read_and_printed_back() -> None:
    """docs/rules.md section 6, Card orders: the ranks from strongest to
    weakest, printed back as written (``barbu fmt``), letters or words."""
    read = _spec("deck: piquet\ncontracts:\n  Tens: −2 per 10, order ace ten king queen jack 9 8 7\n")
    play = read.contracts[0].rules.play
    assert isinstance(play, m.TrickPlay)
    assert play.order == (14, 10, 13, 12, 11, 9, 8, 7)
    assert rules_text(read.contracts[0].rules) == "order A 10 K Q J 9 8 7, −2 per ten"
    again = parse_spec(print_spec(read), "again.yaml")
    assert again.contracts[0].rules == read.contracts[0].rules


def test_a_full_pack_lists_thirteen_ranks() -> None:
    """docs/rules.md section 6, Card orders: a full pack lists all 13 ranks."""
    read = _spec("contracts:\n  Odd: order A 10 K Q J 9 8 7 6 5 4 3 2, −2 per trick\n")
    assert len(read.contracts[0].rules.play.order or ()) == 13  # type: ignore[union-attr]
    assert any("leaves out 6, 5, 4, 3, 2" in message
               for message in _messages("contracts:\n  Odd: order A 10 K Q J 9 8 7, −2 per trick\n"))


@pytest.mark.parametrize(("line", "wanted"), [
    ("order A 10 K Q J 9 8, −2 per trick", "leaves out 7"),
    ("order A 10 K Q J 9 8 2, −2 per trick", "lists 2, which the pack does not hold"),
    ("order A 10 K Q J 10 9 8 7, −2 per trick", "'10' is listed twice in the order"),
    ("2 high, order A 10 K Q J 9 8 7, −2 per trick", "contradicts an earlier clause"),
    ("order A 10 K Q J 9 8 7, order A K Q J 10 9 8 7, −2 per trick", "contradicts an earlier clause"),
    ("domino, order A 10 K Q J 9 8 7, placings +10 −10 0 0", "does not apply to domino"),
])
def test_an_order_that_does_not_order_the_pack_is_refused(line: str, wanted: str) -> None:
    """docs/rules.md section 6, Card orders: every rank of the pack once, not
    beside ``2 high``, once, and not in domino; never "not expressible"."""
    found = _messages(f"deck: piquet\ncontracts:\n  X: {line}\n")
    assert any(wanted in message for message in found), found
    assert not any("not expressible" in message for message in found)


def test_an_order_key_points_to_the_clause() -> None:
    """docs/rules.md section 6, Card orders: a ``card_order`` key says where
    an order is written."""
    found = _messages("card_order: [A, 10, K]\n" + PIQUET)
    assert any("a card order is a clause of a trick contract's rule line" in message for message in found), found
