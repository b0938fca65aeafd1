"""docs/rules.md section 6, Packs, decks and player counts: the hand totals
of a spec whose widow is set aside are a range (a card that scores may lie
in it, taken by nobody), and those of a widow taken with the first trick
are the whole pack's."""

from __future__ import annotations

import itertools

from barbu_dsl import parse_spec
from barbu_dsl.compiled import hand_totals
from barbu_dsl.verifier import verify

TEXT = "name: w\nplayers: 3-5\ndoubling: false\nleftover: {ruling}\ncontracts:\n  Hearts: −1 per ♥, Q♠ −13\n"


def test_an_aside_widow_gives_every_total_its_cards_allow() -> None:
    """Section 6: with 2 cards aside at 5 players, −1 per ♥ and Q♠ −13 add
    up to −26 with neither in the widow, up to −12 with Q♠ and a heart."""
    spec = parse_spec(TEXT.format(ruling="widow aside"), "w")
    rules = spec.contracts[0].rules_for(5)
    deck = spec.deck_for(5)
    assert spec.aside(5) == 2
    found = hand_totals(rules, 5, deck, aside=2)
    brute = set()
    for widow in itertools.combinations(deck, 2):
        brute |= set(hand_totals(rules, 5, [c for c in deck if c not in widow]).totals)
    assert set(found.totals) == brute == {-26, -25, -24, -13, -12}
    assert any("widow" in note for note in found.notes)


def test_verify_reports_the_range_and_a_first_trick_widow_changes_nothing() -> None:
    """Section 6: ``barbu verify`` gives the aside widow's hand total as a
    range, and the whole pack's −26 when the first trick takes the widow."""
    aside = verify(parse_spec(TEXT.format(ruling="widow aside"), "w"))
    first = verify(parse_spec(TEXT.format(ruling="widow to first trick"), "w"))
    for count in (3, 5):
        assert aside.count(count).total("Hearts").totals[0] == -26
        assert aside.count(count).total("Hearts").totals[-1] == {3: -13, 5: -12}[count]
        assert first.count(count).total("Hearts").totals == (-26,)
        assert not any("deal evenly" in p for p in aside.count(count).problems)
