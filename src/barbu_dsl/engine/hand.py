"""Start a hand: pick the state machine, the first player and the tables.

Who moves first (docs/rules.md sections 2 and 3, ``game.first_lead`` in a spec):

* trick play: the declarer, or the player on the declarer's left when the
  spec says ``first_lead: left`` (variant 1, "dealer chooses"), or on their
  right with ``first_lead: right`` (section 6); but when the contract names
  an opening card (``2♣ leads``) its holder leads it;
* domino: the declarer; but when the contract names the card that starts
  it (``8♦ starts``, section 6) its holder, who plays it.

Play then passes the way the game goes (``game.direction``, section 6).

The deck is the union of the hands, so small positions (a few cards each)
work as well as full deals; trick positions (``last trick``) count from the
end of the hand actually dealt.  A widow set aside (docs/rules.md section
6) is simply not in the deck; a widow that goes to the taker of the first
trick is (``widow``): its cards score, and are taken with that trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import assert_never

from ..compiled import announcement, beside, domino_table, mask_of, rules_in_play, seat_after, trick_table
from ..compiled.entry import entry_plan
from ..language import model as m
from ..runtime.announcement import START_RANK, TRUMP
from .base import Hand
from .deal import widow_of
from .domino import DominoHand
from .tricks import TrickHand


def first_leader(rules: m.Rules, hands: Sequence[Sequence[int]], declarer: int,
                 first_lead: m.FirstLead = "declarer") -> int:
    """The seat that makes the first move of the hand."""
    match rules.play:
        case m.DominoPlay(opening_card=opening):
            return _holder(hands, opening, declarer)
        case m.TrickPlay(opening_card=opening):
            return _holder(hands, opening, declarer if first_lead == "declarer"
                           else beside(declarer, len(hands), first_lead))
        case _:
            assert_never(rules.play)


def _holder(hands: Sequence[Sequence[int]], card: int | None, otherwise: int) -> int:
    """The seat dealt ``card``, or ``otherwise`` (no such card, or not dealt)."""
    return next((seat for seat, cards in enumerate(hands) if card is not None and card in cards), otherwise)


def start_hand(rules: m.Rules, hands: Sequence[Sequence[int]], declarer: int, *,
               trump: int | None = None, start_rank: int | None = None,
               first_lead: m.FirstLead = "declarer", early_end: bool = True,
               direction: m.Direction = "clockwise", widow: Sequence[int] = ()) -> Hand:
    """A new hand of ``rules`` (a contract's ``rules_for(len(hands))``).

    ``trump`` is the suit the declarer names when the contract's trumps
    have no fixed suit; ``start_rank`` the rank named for a ``chosen``
    domino start; ``direction`` the way play passes; ``widow`` the cards
    the taker of the first trick takes with it (a domino plays without
    them).  Raise ValueError
    when one is needed and missing, or when the hands overlap or (in trick
    play) differ in size.
    """
    players = len(hands)
    if not 0 <= declarer < players:
        raise ValueError(f"declarer {declarer} is not a seat of {players} players")
    deck = tuple(sorted(c for cards in hands for c in cards))
    if len(set(deck)) != len(deck):
        raise ValueError("the hands share cards")
    named = announcement(rules.play).names
    match rules.play:
        case m.DominoPlay():
            if named == START_RANK and start_rank is None:
                raise ValueError("this domino contract needs the starting rank the declarer names")
            return DominoHand(domino_table(rules, players, deck, start_rank), entry_plan(rules, players, deck), hands,
                              declarer, seat_after(players, direction), first_leader(rules, hands, declarer))
        case m.TrickPlay():
            if len({len(cards) for cards in hands}) > 1:
                raise ValueError("in trick play every seat holds the same number of cards")
            if named == TRUMP and trump is None:
                raise ValueError("this contract needs the trump suit the declarer names")
            if set(widow) & set(deck):
                raise ValueError("the widow shares cards with the hands")
            in_play = tuple(sorted((*deck, *widow)))
            table = trick_table(rules, players, in_play, trump)
            if table.opening_card in widow:  # nobody holds it: the hand is led as without one
                table = replace(table, opening_card=None)
            return TrickHand(table, entry_plan(rules, players, in_play, trump), hands, declarer,
                             first_leader(rules, hands, declarer, first_lead), early_end,
                             seat_after(players, direction), mask_of(widow))
        case _:
            assert_never(rules.play)


def hand_for(spec: m.Spec, contract: str | m.Contract, hands: Sequence[Sequence[int]], declarer: int, *,
             trump: int | None = None, start_rank: int | None = None, early_end: bool = True) -> Hand:
    """A new hand of ``spec``'s ``contract`` (a name or a Contract), with
    the spec's first-lead rule and direction of play, and its spreads shared
    out over the spec's deck (:func:`~barbu_dsl.compiled.rules_in_play`);
    with ``leftover: widow to first trick`` the cards of the deck in no
    hand are the widow (:func:`~.deal.widow_of`)."""
    if isinstance(contract, str):
        contract = spec.contract(contract)
    rules = rules_in_play(spec, contract, len(hands), trump)
    widow = widow_of(spec, hands) if spec.leftover == "widow to first trick" else ()
    return start_hand(rules, hands, declarer, trump=trump, start_rank=start_rank,
                      first_lead=spec.game.first_lead, early_end=early_end, direction=spec.game.direction,
                      widow=widow)
