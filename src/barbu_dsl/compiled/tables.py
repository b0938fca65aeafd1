"""A contract's rules as flat tables for one player count, deck and trump.

The engine needs the rules as numbers it can test in a few machine
operations per move.  A :class:`TrickTable` or :class:`DominoTable` is
built once for each (rules, players, deck, trump or starting rank)
combination and cached, so that replaying a thousand records compiles each
contract once.  Every value in a table comes from :mod:`.facts`.

Which docs/rules.md sections the tables serve:

* trick winner and rank order (section 1; ``2 high`` in section 3; a card
  order of its own, section 6): :attr:`TrickTable.stronger` /
  :attr:`TrickTable.weaker`, :attr:`TrickTable.strength`;
* card and trick values, all groups added up (sections 1, 2, 3):
  :attr:`TrickTable.values`, :attr:`TrickTable.per_trick`,
  :attr:`TrickTable.trick_at`, and what a seat scores for the number of
  tricks it took (:attr:`TrickTable.by_tricks`), for taking none of some
  cards (:attr:`TrickTable.none_of`) and a slam that replaces the hand's
  scores (:attr:`TrickTable.slam`; section 6, taking all or none);
* when a hand is decided, for the early-end ruling of section 1:
  :attr:`TrickTable.scoring_mask`, :attr:`TrickTable.last_scoring_trick`,
  :attr:`TrickTable.plays_out`;
* Ravage City tie shares (section 2, variant 9): :attr:`TrickTable.most`;
* lead bans, first-trick bans and shed-when-safe (sections 2 and 3), the
  forced plays of a void player (section 6: ``must trump``, ``discard …
  when void``) as masks;
* domino adjacency with aces high or low, placings (section 2, variant 7),
  an ace that plays again and the end at the first out (section 6):
  :class:`DominoTable`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .. import cards as C
from ..language import model as m
from ..language.rules import card_values
from .facts import (
    LeadBanMask,
    fixed_trump,
    last_scoring_index,
    lead_ban_masks,
    most_parts,
    none_of_masks,
    part_facts,
    per_trick_value,
    placing_values,
    plays_out,
    resolved_scoring,
    selector_mask,
    tie_shares,
    trick_values,
    tricks_taken_values,
    trump_mode,
)
from .masks import mask_of


@dataclass(frozen=True)
class MostShares:
    """A Ravage City part for one player count: ``shares[k]`` is what each
    of ``k`` tied players scores (index 0 unused)."""

    part: m.MostOfOneSuit
    shares: tuple[int, ...]


@dataclass(frozen=True)
class TrickTable:
    """Everything trick play needs, for one contract, player count, deck and trump."""

    players: int
    deck: int
    tricks: int
    trump: int | None
    must_win: bool
    must_overtrump: bool
    must_trump: bool
    inverted: bool
    ordered: bool  # a card order of its own (section 6): the bit order within a suit is not the rank order
    strength: tuple[int, ...]  # per card: its strength in its suit, 14 for the strongest (card_strengths)
    stronger: tuple[int, ...]  # per card: mask of the same suit's cards that beat it
    weaker: tuple[int, ...]  # per card: mask of the same suit's cards it beats
    values: tuple[int, ...]  # per card: points for taking it (0 when it does not score)
    scoring_mask: int  # the deck's cards whose value is not 0
    per_trick: int
    trick_at: tuple[int, ...]  # per trick index: points for taking that trick
    by_tricks: tuple[int, ...]  # per number of tricks a seat took: points (empty: none score so)
    none_of: tuple[tuple[int, int], ...]  # (mask, points for a seat that took none of its cards)
    slam: int | None  # a seat that took every trick scores this, every other seat 0
    last_scoring_trick: int  # index of the last trick with a trick_at value, -1 if none
    most: tuple[MostShares, ...]
    all_or_nothing: bool
    shoot_the_moon: bool
    plays_out: bool  # no early end: see facts.plays_out
    lead_bans: tuple[LeadBanMask, ...]
    opening_card: int | None  # None also when the card is not in the deck
    first_trick_ban: int
    shed: int
    discard: int  # the cards a void player must play when holding one (discard … when void)

    @property
    def scores_anything(self) -> bool:
        """Whether any card, trick or tie can score in this hand."""
        return bool(self.scoring_mask or self.per_trick or any(self.trick_at) or self.most or any(self.by_tricks)
                    or self.none_of or self.slam is not None)


@lru_cache(maxsize=32)
def card_strengths(inverted: bool, order: tuple[int, ...] | None) -> tuple[int, ...]:
    """Per card, its strength in its suit, 14 for the strongest rank: the
    rank (A 14 … 2), ``16 - rank`` when ``2 high`` (section 3), or by an
    ``order`` listed strongest first (section 6, Card orders; a rank the
    order does not list, outside the pack, ranks below every listed one)."""
    if order is not None:
        by_rank = {rank: 14 - index for index, rank in enumerate(order)}
        return tuple(by_rank.get(C.rank_of(c), C.rank_of(c) - 13) for c in range(52))
    return tuple(16 - C.rank_of(c) if inverted else C.rank_of(c) for c in range(52))


@lru_cache(maxsize=32)
def _rank_order(strength: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card, the masks of the same suit's cards above and below it."""
    stronger, weaker = [], []
    for c in range(52):
        same = [d for d in range(C.suit_of(c) * 13, C.suit_of(c) * 13 + 13) if d != c]
        mine = strength[c]
        stronger.append(mask_of(d for d in same if strength[d] > mine))
        weaker.append(mask_of(d for d in same if strength[d] < mine))
    return tuple(stronger), tuple(weaker)


def rank_masks(play: m.TrickPlay) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card, the masks of the same suit's cards that beat it and that it
    beats, by the play's rank order (natural, ``2 high`` or its own)."""
    return _rank_order(card_strengths(play.inverted, play.order))


@lru_cache(maxsize=512)
def trick_table(rules: m.Rules, players: int, deck: tuple[int, ...], trump: int | None) -> TrickTable:
    """Compile trick-play ``rules`` for ``players`` holding ``deck`` (sorted
    cards); ``trump`` is the suit named at play when the rules do not fix it
    (ignored for no-trump contracts and fixed suits)."""
    play = rules.play
    assert isinstance(play, m.TrickPlay)
    mode = trump_mode(play)
    if mode == "fixed":
        trump = fixed_trump(play)
    elif mode == "none":
        trump = None
    deck_set = frozenset(deck)
    deck_mask = mask_of(deck)
    tricks = len(deck) // players
    strength = card_strengths(play.inverted, play.order)
    stronger, weaker = _rank_order(strength)
    scoring = resolved_scoring(rules, players, deck, trump)

    by_card = card_values(scoring, trump, deck_set)
    values = tuple(by_card.get(c, 0) for c in range(52))
    scoring_cards = [c for c in deck if values[c]]
    trick_at = trick_values(scoring, tricks)
    trumps = play.trumps
    return TrickTable(
        players=players,
        deck=deck_mask,
        tricks=tricks,
        trump=trump,
        must_win=bool(trumps and trumps.must_win),
        must_overtrump=bool(trumps and trumps.must_overtrump),
        must_trump=bool(trumps and trumps.must_trump),
        inverted=play.inverted,
        ordered=play.order is not None,
        strength=strength,
        stronger=stronger,
        weaker=weaker,
        values=values,
        scoring_mask=mask_of(scoring_cards),
        per_trick=per_trick_value(scoring),
        trick_at=trick_at,
        by_tricks=tricks_taken_values(scoring, tricks),
        none_of=none_of_masks(scoring, trump, scoring_cards, deck_mask),
        slam=part_facts(scoring).slam,
        last_scoring_trick=last_scoring_index(trick_at),
        most=tuple(MostShares(part, tie_shares(part, players)) for part in most_parts(scoring)),
        all_or_nothing=scoring.all_or_nothing,
        shoot_the_moon=scoring.shoot_the_moon,
        plays_out=plays_out(rules),
        lead_bans=lead_ban_masks(play),
        opening_card=play.opening_card if play.opening_card in deck_set else None,
        first_trick_ban=selector_mask(play.first_trick_bans, trump, scoring_cards) & deck_mask,
        shed=selector_mask(play.shed_when_safe, trump, scoring_cards) & deck_mask,
        discard=selector_mask(play.discard_when_void, trump, scoring_cards) & deck_mask,
    )


@dataclass(frozen=True)
class DominoTable:
    """Everything domino play needs, for one contract, player count and deck.

    A card's *position* in its suit is its rank, except that with aces low
    the ace sits at 1, below the 2.  ``below[s][p]`` / ``above[s][p]`` is the
    deck's next card of suit ``s`` under / over position ``p`` (or -1): a
    card removed from the deck (docs/rules.md section 1, reduced decks) is
    skipped, so a suit never blocks on a card nobody holds.
    """

    players: int
    deck: int
    start: int | None  # a fixed or chosen rank; None: the declarer's first card sets it
    aces_low: bool
    ace_again: bool  # a player who plays an ace moves again
    first_out: bool  # the hand ends at the first out; the others are placed by the cards they hold
    opening: int  # the card whose holder moves first and plays it (``8♦ starts``), or -1
    play_on: m.PlayOn  # after a card (``always``) or an ace (``after-ace``) the player may play on or stop
    placings: tuple[int, ...]  # points for each place, 0 beyond the values given
    position: tuple[int, ...]  # per card
    below: tuple[tuple[int, ...], ...]
    above: tuple[tuple[int, ...], ...]


def domino_position(card: int, aces_low: bool) -> int:
    """A card's position in its suit's run: its rank, or 1 for a low ace."""
    rank = C.rank_of(card)
    return 1 if aces_low and rank == C.ACE else rank


@lru_cache(maxsize=128)
def domino_table(rules: m.Rules, players: int, deck: tuple[int, ...], start_rank: int | None) -> DominoTable:
    """Compile domino ``rules``; ``start_rank`` is the rank named for a
    ``chosen`` start (ignored for a fixed one, None for ``first-card``)."""
    play = rules.play
    assert isinstance(play, m.DominoPlay)
    if isinstance(play.start, int):
        start_rank = play.start
    elif play.start == "first-card":
        start_rank = None
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
        ace_again=play.ace_again,
        first_out=play.end == "first-out",
        opening=-1 if play.opening_card is None else play.opening_card,
        play_on=play.play_on,
        placings=placing_values(rules.scoring, players),
        position=position,
        below=tuple(below),
        above=tuple(above),
    )
