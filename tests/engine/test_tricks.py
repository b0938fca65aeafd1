"""Scenario tests for trick play: one rule per test, on small fixed deals.
Each test cites the docs/rules.md section it checks."""

from __future__ import annotations

import pytest

from barbu_dsl.cards import SPADES
from barbu_dsl.engine import IllegalPlay, PlayAfterEnd, TrickHand

from .helpers import HEARTS, TOURNAMENT, card, hand_of, play, strs

NO_TRICKS = TOURNAMENT["No tricks"]
TRUMPS = TOURNAMENT["Trumps"]
NO_FORCED_RUFF = "trumps, must overtrump, +5 per trick"  # docs/rules.md section 2, variant 6


def test_follow_suit_and_free_discard() -> None:
    """Section 1: follow the led suit if able, otherwise any card."""
    hand = hand_of(NO_TRICKS, ["5C AD 2S", "KC 3D 4S", "AH 8H 9H", "2C 3C QD"])
    assert strs(hand.legal_moves()) == ["5C", "AD", "2S"]
    play(hand, "5C")
    assert strs(hand.legal_moves()) == ["KC"]
    assert hand.why_illegal(card("3D")) == "must follow clubs"
    play(hand, "KC")
    assert strs(hand.legal_moves()) == ["8H", "9H", "AH"]  # void: anything
    play(hand, "AH")
    assert strs(hand.legal_moves()) == ["2C", "3C"]


def test_highest_card_of_led_suit_wins_and_leads_next() -> None:
    """Section 1: the highest card of the led suit wins; the winner leads."""
    hand = hand_of(NO_TRICKS, ["5C AD 2S", "KC 3D 4S", "AH 8H 9H", "2C 3C QD"])
    play(hand, "5C KC AH 3C")
    assert hand.tricks[-1].winner == 1
    assert hand.to_play == 1
    assert hand.raw_scores() == [0, -2, 0, 0]
    assert strs(hand.captured(1)) == ["3C", "5C", "KC", "AH"]


def test_inverted_order_two_high() -> None:
    """Section 3: any contract may invert the order (2 high, A low)."""
    hand = hand_of("−2 per trick, 2 high", ["5C AD 2S", "KC 3D 4S", "AH 8H 9H", "2C 3C QD"])
    play(hand, "5C KC AH 2C")
    assert hand.tricks[-1].winner == 3


def test_illegal_play_names_card_seat_and_rule() -> None:
    """STYLE: rule errors name the card, the seat and the rule broken."""
    hand = hand_of(NO_TRICKS, ["5C AD 2S", "KC 3D 4S", "AH 8H 9H", "2C 3C QD"])
    play(hand, "5C")
    with pytest.raises(IllegalPlay) as caught:
        play(hand, "3D")
    assert caught.value.as_json() == {"error": {
        "kind": "illegal_play", "index": 1, "seat": 1, "card": "3D", "reason": "must follow clubs"}}
    assert "3D" in str(caught.value) and "seat 1" in str(caught.value)
    with pytest.raises(IllegalPlay, match="does not hold QD"):
        play(hand, "QD")
    assert hand.to_play == 1 and hand.moves == [card("5C")]  # nothing changed


# ---- trumps (section 2, "Ruling (what must win with a trump means)") --------

TRUMP_DEAL = ["AD 9S 4H", "2S 7S 5H", "TS 3S 4C", "KD 8C 6H"]


def test_void_player_must_trump_when_a_trump_would_win() -> None:
    """Section 2 ruling: a void player holding a trump that would win the
    trick as it stands must play a trump that wins it (any one)."""
    hand = hand_of(TRUMPS, TRUMP_DEAL, trump=SPADES)
    play(hand, "AD")
    assert strs(hand.legal_moves()) == ["2S", "7S"]
    assert hand.why_illegal(card("5H")) == "must win the trick with a trump"
    play(hand, "7S")
    assert strs(hand.legal_moves()) == ["TS"]  # overtrump: only TS beats 7S
    assert hand.why_illegal(card("3S")) == "must win the trick with a trump"
    play(hand, "TS")
    assert strs(hand.legal_moves()) == ["KD"]
    play(hand, "KD")
    assert hand.tricks[-1].winner == 2


def test_void_player_who_cannot_win_plays_freely() -> None:
    """Section 2 ruling: a player who cannot win with a trump discards or
    under-trumps freely."""
    hand = hand_of(TRUMPS, ["AD 9S 4H", "TS 7S 5H", "3S 4C 5C", "KD 8C 6H"], trump=SPADES)
    play(hand, "AD TS")
    assert strs(hand.legal_moves()) == ["4C", "5C", "3S"]


def test_following_a_plain_suit_never_obliges_beating() -> None:
    """Section 2 ruling: following a non-trump suit never obliges a player
    to beat the trick."""
    hand = hand_of(TRUMPS, ["5D 9S 4H", "3D KD 5H", "TS 3S 4C", "2D 8C 6H"], trump=SPADES)
    play(hand, "5D")
    assert strs(hand.legal_moves()) == ["3D", "KD"]


def test_trumps_led_must_play_a_higher_trump() -> None:
    """Section 2 ruling: when trumps are led, a player holding a trump
    higher than every trump in the trick must play a higher one."""
    hand = hand_of(TRUMPS, ["9S AD 4H", "2S TS 5H", "3S 4S 4C", "KD 8C 6H"], trump=SPADES)
    play(hand, "9S")
    assert strs(hand.legal_moves()) == ["TS"]
    assert hand.why_illegal(card("2S")) == "must play a trump higher than 9S"
    play(hand, "TS")
    assert strs(hand.legal_moves()) == ["3S", "4S"]  # cannot beat: follows freely
    play(hand, "3S")
    assert strs(hand.legal_moves()) == ["8C", "KD", "6H"]  # void in trumps: free


def test_no_forced_ruff_variant() -> None:
    """Section 2 variant 6: a void player need not trump or overtrump; the
    obligation when trumps are led stays."""
    hand = hand_of(NO_FORCED_RUFF, TRUMP_DEAL, trump=SPADES)
    play(hand, "AD")
    assert strs(hand.legal_moves()) == ["5H", "2S", "7S"]
    led = hand_of(NO_FORCED_RUFF, ["9S AD 4H", "2S TS 5H", "3S 4S 4C", "KD 8C 6H"], trump=SPADES)
    play(led, "9S")
    assert strs(led.legal_moves()) == ["TS"]


def test_trump_wins_over_the_led_suit_and_overtrump_wins() -> None:
    """Section 2: a trick goes to the highest trump, else the highest card
    of the led suit."""
    hand = hand_of("trumps, +5 per trick", ["AD 9S 4H", "2S 7S 5H", "TS 3S 4C", "KD 8C 6H"], trump=SPADES)
    play(hand, "AD 2S 3S KD")
    assert hand.tricks[-1].winner == 2
    assert hand.raw_scores() == [0, 0, 5, 0]


def test_fixed_trump_suit_needs_no_naming() -> None:
    """Section 3: a contract may fix its trump suit (``trumps ♠``)."""
    hand = hand_of("trumps ♠, +5 per trick", TRUMP_DEAL)
    play(hand, "AD 2S")
    assert hand.tricks_played == 0
    with pytest.raises(ValueError, match="trump suit"):
        hand_of(TRUMPS, TRUMP_DEAL)


# ---- lead restrictions (sections 2 and 3) -----------------------------------

def test_no_heart_lead_on_every_lead() -> None:
    """Section 2: no heart lead unless holding only hearts, on every lead."""
    hand = hand_of(TOURNAMENT["No hearts"], ["2H 3H 5C", "2C 4C 6C", "3C 7C 8C", "9C TC JC"])
    assert strs(hand.legal_moves()) == ["5C"]
    assert hand.why_illegal(card("2H")) == "no heart lead while holding other suits"
    only_hearts = hand_of(TOURNAMENT["No hearts"], ["2H 3H 4H", "2C 4C 6C", "3C 7C 8C", "9C TC JC"])
    assert strs(only_hearts.legal_moves()) == ["2H", "3H", "4H"]


OPENING_DEAL = ["2H AC AD", "2C 2D 3C", "3D 4C 4D", "5C 5D 6C"]


def test_opening_lead_ban_holds_for_the_first_lead_only() -> None:
    """Section 3 ruling: "may not open the hand with X" is the first lead only."""
    hand = hand_of("−2 per ♥, no ♥ opening lead", OPENING_DEAL)
    assert strs(hand.legal_moves()) == ["AC", "AD"]
    assert hand.why_illegal(card("2H")) == "no heart opening lead while holding other suits"
    play(hand, "AC 2C 4C 5C")
    assert strs(hand.legal_moves()) == ["AD", "2H"]


def test_every_lead_ban_holds_after_the_first_trick() -> None:
    """Section 2 ruling: "no heart lead" applies to every lead."""
    hand = hand_of("−2 per ♥, no ♥ lead", OPENING_DEAL)
    play(hand, "AC 2C 4C 5C")
    assert strs(hand.legal_moves()) == ["AD"]


@pytest.mark.parametrize(("discard", "legal"), [
    ("3D", ["AD"]),  # nothing broke hearts
    ("3H", ["AD", "2H"]),  # a heart was played
    ("QS", ["AD", "2H"]),  # Q♠ breaks hearts
])
def test_no_heart_lead_until_broken(discard: str, legal: list[str]) -> None:
    """Section 3 rulings: the language says "until broken"; a heart or a
    breaking card played earlier lifts the ban."""
    line = "+1 per ♥, Q♠ +13, no ♥ lead until broken, Q♠ breaks ♥"
    hand = hand_of(line, ["2H AC AD", "2C 3C 2D", f"{discard} 4H 4D", "4C 5C 5D"])
    play(hand, f"AC 2C {discard} 4C")
    assert strs(hand.legal_moves()) == legal


def test_until_broken_escape_holding_only_hearts() -> None:
    """Section 2: a player holding only the banned suit may lead it."""
    hand = hand_of("+1 per ♥, no ♥ lead until broken", ["2H 3H 4H", "2C 3C 2D", "4C 3D 4D", "5C 6C 5D"])
    assert strs(hand.legal_moves()) == ["2H", "3H", "4H"]


# ---- opening card and first-trick bans (the hearts spec) --------------------

def test_opening_card_holder_leads_it() -> None:
    """``2♣ leads``: its holder leads it to the first trick, whoever declared."""
    hand = hand_of(HEARTS, ["3C 4C 5D", "5C 6C 6D", "2C 7C 7D", "8C 9C 8D"], declarer=0)
    assert hand.to_play == 2
    assert strs(hand.legal_moves()) == ["2C"]
    assert hand.why_illegal(card("7D")) == "2C must lead the first trick"


def test_no_points_on_first_trick_unless_no_choice() -> None:
    """``no points on first trick``: the cards that score may not be played
    to the first trick unless the player has no other choice."""
    hand = hand_of(HEARTS, ["3C 4C 5D", "QS 5H 6D", "2C 7C 7D", "8C 9C 8D"])
    play(hand, "2C 8C 3C")
    assert strs(hand.legal_moves()) == ["6D"]
    assert hand.why_illegal(card("QS")) == "may not be played to the first trick while holding other cards"
    only_points = hand_of(HEARTS, ["3C 4C 5D", "QS 5H 6H", "2C 7C 7D", "8C 9C 8D"])
    play(only_points, "2C 8C 3C")
    assert strs(only_points.legal_moves()) == ["5H", "6H", "QS"]


def test_first_lead_left_of_declarer() -> None:
    """Section 2 variant 1: the player on the (declarer's) left leads."""
    hand = hand_of(NO_TRICKS, ["5C AD 2S", "KC 3D 4S", "AH 8H 9H", "2C 3C QD"], declarer=3,
                   first_lead="left")
    assert hand.to_play == 0


# ---- shed when safe (section 2, variant 5 ruling) ---------------------------

SHED_BARBU = "K♥ −20, no ♥ lead, shed K♥ when safe"


def test_shed_when_void() -> None:
    """Variant 5 ruling: a player holding the card who cannot follow suit must discard it."""
    hand = hand_of(SHED_BARBU, ["5C 6C 7C", "KH 2D 3D", "8C 4D 5D", "9C 6D 7D"])
    play(hand, "5C")
    assert strs(hand.legal_moves()) == ["KH"]
    assert hand.why_illegal(card("2D")) == "must shed KH when safe"


def test_shed_under_a_higher_card_of_its_suit() -> None:
    """Variant 5 ruling: a player following in the card's suit who sees a
    higher card of that suit in the trick must play it."""
    hand = hand_of(SHED_BARBU, ["AH 2H 3H", "KH 4H 5C", "6H 2C 3C", "7H 4C 6C"])
    play(hand, "AH")
    assert strs(hand.legal_moves()) == ["KH"]
    lower = hand_of(SHED_BARBU, ["2H 3H 8H", "KH 4H 5C", "6H 2C 3C", "7H 4C 6C"])
    play(lower, "2H")
    assert strs(lower.legal_moves()) == ["4H", "KH"]  # no higher heart yet: free


def test_shed_any_of_several() -> None:
    """Variant 5 ruling: with several cards to shed, any of them."""
    hand = hand_of("−6 per queen, shed queens when safe", ["5C 6C 7C", "QD QS 3D", "8C 4D 5D", "9C 6D 7D"])
    play(hand, "5C")
    assert strs(hand.legal_moves()) == ["QD", "QS"]


def test_leader_need_not_shed() -> None:
    """Variant 5 ruling covers discarding and following only: a leader is free."""
    hand = hand_of(SHED_BARBU, ["KH 5C 2D", "4H 6C 3D", "8C 4D 5D", "9C 6D 7D"])
    assert strs(hand.legal_moves()) == ["5C", "2D"]  # no heart lead, no shedding on a lead


# ---- early end (section 1 ruling) --------------------------------------------

def test_no_queens_ends_with_the_fourth_queen() -> None:
    """Section 2: No queens stops at the end of the trick with the fourth queen."""
    hand = hand_of(TOURNAMENT["No queens"], ["QC 2D 3D", "QH 4D 5D", "QD 6D 7D", "QS 8D 9D"])
    play(hand, "QC QH QD QS")
    assert hand.is_over and hand.tricks_played == 1
    assert hand.raw_scores() == [-24, 0, 0, 0]
    assert hand.legal_moves() == []
    with pytest.raises(PlayAfterEnd) as caught:
        play(hand, "2D")
    assert caught.value.as_json() == {"error": {"kind": "after_end", "index": 4}}


def test_barbu_early_end_after_king() -> None:
    """Section 1 ruling: the hand ends at the end of the trick that takes K♥."""
    hand = hand_of(TOURNAMENT["Barbu"], ["2C 3C AD", "4C KH 5D", "5C 6D 7D", "6C 8D 9D"])
    play(hand, "2C 4C 5C 6C")  # seat 3 wins
    play(hand, "8D AD 5D 6D")  # seat 0 wins with AD
    assert not hand.is_over
    play(hand, "3C KH 7D 9D")  # seat 1 discards K♥: seat 0 takes it
    assert hand.is_over and hand.raw_scores() == [-20, 0, 0, 0]


def test_trick_position_contract_plays_out() -> None:
    """Section 1 ruling: a scoring trick position still to come keeps the hand going."""
    hand = hand_of(TOURNAMENT["No last two"], ["2C 3C", "4C 5C", "6C 7C", "8C 9C"])
    play(hand, "2C 4C 6C 8C")
    assert not hand.is_over
    play(hand, "9C 3C 5C 7C")
    assert hand.is_over and hand.raw_scores() == [0, 0, 0, -30]


def test_early_end_can_be_switched_off() -> None:
    """For the invariant tests: ``early_end=False`` plays every trick."""
    hand = hand_of(TOURNAMENT["No queens"], ["QC 2D 3D", "QH 4D 5D", "QD 6D 7D", "QS 8D 9D"],
                   early_end=False)
    play(hand, "QC QH QD QS")
    assert not hand.is_over
    assert isinstance(hand, TrickHand)


def test_copy_is_independent() -> None:
    hand = hand_of(NO_TRICKS, ["5C AD 2S", "KC 3D 4S", "AH 8H 9H", "2C 3C QD"])
    play(hand, "5C")
    other = hand.copy()
    play(other, "KC AH 3C")
    assert hand.moves == [card("5C")] and hand.to_play == 1
    assert other.tricks_played == 1 and hand.tricks_played == 0
