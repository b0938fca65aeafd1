"""A contract's rules compiled into flat tables for fast play.

The model (:mod:`barbu_dsl.language.model`) says what the rules are; the
engine needs them as numbers it can test in a few machine operations per
move.  A :class:`TrickTable` or :class:`DominoTable` is built once for each
(rules, players, deck, trump or nothing) combination and cached, so that
replaying a thousand records compiles each contract once.

Card sets are Python ints used as 52-bit masks (bit ``c`` for card ``c``);
cards themselves are ints ``0..51`` (:mod:`barbu_dsl.cards`), so iterating a
mask from its lowest bit yields cards in the documented legal-move order.

Which RULES.md sections the tables serve:

* trick winner and rank order (section 1; ``2 high`` in section 3):
  :attr:`TrickTable.stronger` / :attr:`TrickTable.weaker`;
* card and trick values, all groups added up (sections 2, 3):
  :attr:`TrickTable.values`, :attr:`TrickTable.per_trick`,
  :attr:`TrickTable.trick_at`;
* what can still score, for the early-end ruling of section 1:
  :attr:`TrickTable.scoring_mask`, :attr:`TrickTable.last_scoring_trick`,
  :attr:`TrickTable.plays_out`;
* lead bans, first-trick bans and shed-when-safe (sections 2 and 3) as masks;
* domino adjacency with aces high or low (section 2, variant 7):
  :class:`DominoTable`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from .. import cards as C
from ..language import model as m
from ..language.rules import card_values, select

PASS = -1
"""The domino move of a player with no playable card (written ``"pass"``)."""

SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in C.SUITS)


def mask_of(cards: Iterable[int]) -> int:
    """The mask holding ``cards``."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of ``mask``, in card order (♣ ♦ ♥ ♠, low to high)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True)
class LeadBanMask:
    """A :class:`~barbu_dsl.language.model.LeadBan` as masks."""

    suit: int
    scope: m.LeadScope
    suit_mask: int
    broken_by: int  # the suit's own cards and the breaking cards


@dataclass(frozen=True)
class TrickTable:
    """Everything trick play needs, for one contract, player count, deck and trump."""

    players: int
    deck: int
    tricks: int
    trump: int | None
    must_win: bool
    must_overtrump: bool
    inverted: bool
    stronger: tuple[int, ...]  # per card: mask of the same suit's cards that beat it
    weaker: tuple[int, ...]  # per card: mask of the same suit's cards it beats
    values: tuple[int, ...]  # per card: points for taking it (0 when it does not score)
    scoring_mask: int  # the deck's cards whose value is not 0
    per_trick: int
    trick_at: tuple[int, ...]  # per trick index: points for taking that trick
    last_scoring_trick: int  # index of the last trick with a trick_at value, -1 if none
    most: tuple[m.MostOfOneSuit, ...]
    all_or_nothing: bool
    shoot_the_moon: bool
    plays_out: bool  # per-trick or most-of-one-suit scoring: no early end
    lead_bans: tuple[LeadBanMask, ...]
    opening_card: int | None  # None also when the card is not in the deck
    first_trick_ban: int
    shed: int


def _strength(card: int, inverted: bool) -> int:
    rank = C.rank_of(card)
    return -rank if inverted else rank


@lru_cache(maxsize=256)
def trick_table(rules: m.Rules, players: int, deck: tuple[int, ...], trump: int | None) -> TrickTable:
    """Compile trick-play ``rules`` for ``players`` holding ``deck`` (sorted
    cards); ``trump`` is the suit named at play when the rules do not fix it."""
    play = rules.play
    assert isinstance(play, m.TrickPlay)
    if play.trumps is not None and play.trumps.suit is not None:
        trump = play.trumps.suit
    if play.trumps is None:
        trump = None
    deck_set = frozenset(deck)
    deck_mask = mask_of(deck)
    tricks = len(deck) // players

    stronger, weaker = [], []
    for c in range(52):
        same = [d for d in range(C.suit_of(c) * 13, C.suit_of(c) * 13 + 13) if d != c]
        mine = _strength(c, play.inverted)
        stronger.append(mask_of(d for d in same if _strength(d, play.inverted) > mine))
        weaker.append(mask_of(d for d in same if _strength(d, play.inverted) < mine))

    by_card = card_values(rules.scoring, trump, deck_set)
    values = tuple(by_card.get(c, 0) for c in range(52))
    scoring_mask = mask_of(c for c in deck if values[c])

    per_trick = 0
    trick_at = [0] * tricks
    most: list[m.MostOfOneSuit] = []
    for part in rules.scoring.parts:
        if isinstance(part, m.PerTrick):
            per_trick += part.value
        elif isinstance(part, m.TrickAt):
            index = part.position - 1 if part.position > 0 else tricks + part.position
            if 0 <= index < tricks:  # a position the hand does not reach never scores
                trick_at[index] += part.value
        elif isinstance(part, m.MostOfOneSuit):
            most.append(part)
    scoring_tricks = [i for i, v in enumerate(trick_at) if v]

    bans = tuple(
        LeadBanMask(ban.suit, ban.scope, SUIT_MASKS[ban.suit],
                    SUIT_MASKS[ban.suit] | mask_of(ban.broken_by))
        for ban in play.lead_bans
    )
    points = frozenset(c for c in deck if values[c])
    first_trick_ban = 0
    for selector in play.first_trick_bans:
        first_trick_ban |= mask_of(select(selector, trump, points))
    shed = 0
    for selector in play.shed_when_safe:
        shed |= mask_of(select(selector, trump, points))
    opening = play.opening_card if play.opening_card in deck_set else None

    return TrickTable(
        players=players,
        deck=deck_mask,
        tricks=tricks,
        trump=trump,
        must_win=bool(play.trumps and play.trumps.must_win),
        must_overtrump=bool(play.trumps and play.trumps.must_overtrump),
        inverted=play.inverted,
        stronger=tuple(stronger),
        weaker=tuple(weaker),
        values=values,
        scoring_mask=scoring_mask,
        per_trick=per_trick,
        trick_at=tuple(trick_at),
        last_scoring_trick=scoring_tricks[-1] if scoring_tricks else -1,
        most=tuple(most),
        all_or_nothing=rules.scoring.all_or_nothing,
        shoot_the_moon=rules.scoring.shoot_the_moon,
        plays_out=bool(per_trick) or bool(most),
        lead_bans=bans,
        opening_card=opening,
        first_trick_ban=first_trick_ban & deck_mask,
        shed=shed & deck_mask,
    )


@dataclass(frozen=True)
class DominoTable:
    """Everything domino play needs, for one contract, player count and deck.

    A card's *position* in its suit is its rank, except that with aces low
    the ace sits at 1, below the 2.  ``below[s][p]`` / ``above[s][p]`` is the
    deck's next card of suit ``s`` under / over position ``p`` (or -1): a
    card removed from the deck (RULES.md section 3, other player counts) is
    skipped, so a suit never blocks on a card nobody holds.
    """

    players: int
    deck: int
    start: int | None  # a fixed or chosen rank; None: the declarer's first card sets it
    aces_low: bool
    placings: tuple[int, ...]  # points for each place, 0 beyond the values given
    position: tuple[int, ...]  # per card
    below: tuple[tuple[int, ...], ...]
    above: tuple[tuple[int, ...], ...]


def domino_position(card: int, aces_low: bool) -> int:
    rank = C.rank_of(card)
    return 1 if aces_low and rank == C.ACE else rank


@lru_cache(maxsize=64)
def domino_table(rules: m.Rules, players: int, deck: tuple[int, ...], start_rank: int | None) -> DominoTable:
    """Compile domino ``rules``; ``start_rank`` is the rank named for a
    ``chosen`` start (ignored for a fixed one, None for ``first-card``)."""
    play = rules.play
    assert isinstance(play, m.DominoPlay)
    if isinstance(play.start, int):
        start_rank = play.start
    elif play.start == "first-card":
        start_rank = None
    values = [0] * players
    for part in rules.scoring.parts:
        if isinstance(part, m.Placings):
            for place, value in enumerate(part.values[:players]):
                values[place] += value
    position = tuple(domino_position(c, play.aces_low) for c in range(52))
    below, above = [], []
    deck_set = set(deck)
    for suit in C.SUITS:
        by_position = {position[c]: c for c in range(suit * 13, suit * 13 + 13) if c in deck_set}
        below.append(tuple(
            next((by_position[q] for q in range(p - 1, 0, -1) if q in by_position), -1) for p in range(16)
        ))
        above.append(tuple(
            next((by_position[q] for q in range(p + 1, 15) if q in by_position), -1) for p in range(16)
        ))
    return DominoTable(
        players=players,
        deck=mask_of(deck),
        start=start_rank,
        aces_low=play.aces_low,
        placings=tuple(values),
        position=position,
        below=tuple(below),
        above=tuple(above),
    )
