"""Cards as small integers, and every notation a player may write them in.

The cards themselves, their notations and masks are the runtime's
(:mod:`barbu_dsl.runtime.cards`, which every generated package carries a
copy of); this module adds what only a spec needs: the packs and the
cards set aside so that a pack deals evenly (docs/rules.md sections 3 and 6).
"""

from __future__ import annotations

from .runtime.cards import (
    ACE,
    CARD_INDEX,
    CARD_OF,
    CARD_STRS,
    CLUBS,
    DIAMONDS,
    FULL_DECK,
    FULL_MASK,
    HEARTS,
    JACK,
    KING,
    MOVE_STR,
    PASS,
    QUEEN,
    RANK_LETTERS,
    RANK_NAMES,
    RANK_PREFIXES,
    RANK_TEXT,
    RANK_WORDS,
    RANKS,
    SPADES,
    SUIT_LETTERS,
    SUIT_MASKS,
    SUIT_NAMES,
    SUIT_SINGULAR,
    SUIT_SYMBOLS,
    SUIT_WORDS,
    SUITS,
    VARIATION_SELECTORS,
    Card,
    Rank,
    Suit,
    ambiguous_card,
    card,
    card_str,
    card_symbol,
    cards_of,
    cards_str,
    mask_of,
    move_str,
    parse_card,
    parse_rank,
    parse_record_card,
    parse_suit,
    rank_of,
    rank_str,
    suit_of,
    suit_symbol,
)

__all__ = [
    "ACE", "CARD_INDEX", "CARD_OF", "CARD_STRS", "CLUBS", "DIAMONDS", "FULL_DECK", "FULL_MASK", "HEARTS", "JACK",
    "KING", "MAX_PLAYERS", "MIN_PLAYERS", "MOVE_STR", "PASS", "QUEEN", "RANKS", "RANK_LETTERS", "RANK_NAMES",
    "RANK_PREFIXES", "RANK_TEXT", "RANK_WORDS", "SPADES", "SUITS", "SUIT_LETTERS", "SUIT_MASKS", "SUIT_NAMES",
    "SUIT_SINGULAR", "SUIT_SYMBOLS", "SUIT_WORDS", "VARIATION_SELECTORS", "Card", "Rank", "Suit", "ambiguous_card",
    "card", "card_str", "card_symbol", "cards_of", "cards_str", "default_removals", "mask_of", "move_str", "pack",
    "parse_card", "parse_rank", "parse_record_card", "parse_suit", "rank_of", "rank_str", "suit_of", "suit_symbol",
]

MIN_PLAYERS, MAX_PLAYERS = 2, 10
"""The player counts one pack serves (docs/rules.md section 6): two to ten; more
would need two packs, which the language does not express."""


def pack(low: Rank = 2) -> tuple[Card, ...]:
    """The cards of a pack running from ``low`` up to the ace in every suit
    (2: the full 52; 7: the 32-card piquet pack), in card order."""
    return tuple(c for c in range(52) if rank_of(c) >= low)


def default_removals(players: int, low: Rank = 2) -> frozenset[Card]:
    """The cards docs/rules.md sections 3 and 6 set aside so that ``players`` are
    dealt evenly from the pack of ``low`` to ace: the pack's lowest clubs
    and diamonds first (full pack, 3: 2♣; 5: 2♣ 2♦; 6: 2♣ 2♦ 3♣ 3♦;
    7: 2♣ 2♦ 3♣; 8: 2♣ 2♦ 3♣ 3♦; 9: 2♣ 2♦ 3♣ 3♦ 4♣ 4♦ 5♣; 10: 2♣ 2♦)."""
    order = [card(rank, suit) for rank in range(low, ACE + 1) for suit in (CLUBS, DIAMONDS)]
    return frozenset(order[: len(pack(low)) % players])
