"""What a player knows of the cards they cannot see, and deals drawn to fit it.

A player sees their own cards and everything played in public.  From the
play they also learn what others cannot hold, because every move had to be
legal (docs/rules.md sections 1 and 2):

* a player who did not follow suit holds no card of the suit led;
* a player who, void in the suit led, did not win the trick with a trump
  under "must win with a trump" holds no trump that would have won it;
* a player who did not overtrump a trump lead under "must overtrump"
  holds no trump higher than the one winning the trick;
* a player who led a suit that was banned at that lead holds nothing else;
* under shed-when-safe (no-trump contracts), a void player who did not
  throw the card holds none of the cards to shed, and a player following
  under a higher card who did not play the card holds none of it in that suit;
* in domino, a player who passed holds none of the cards that fitted then.

:class:`Knowledge` holds those facts for one seat; :func:`draw` deals the
unseen cards to the other seats at random, each seat getting as many
cards as it holds and none it cannot hold.  Draws take their randomness
only from the generator they are given.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..compiled import FULL_MASK, SUIT_MASKS, cards_of, mask_of
from .base import PASS
from .playouts import DominoPlayouts
from .views import PublicHand


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows: its own cards, the cards it has not seen, how
    many cards each seat holds, and per seat the cards it cannot hold."""

    seat: int
    mine: int
    unseen: int
    counts: tuple[int, ...]
    excluded: tuple[int, ...]


def knowledge(hand: PublicHand, seat: int, mine: int, unseen: int | None = None) -> Knowledge:
    """What ``seat``, holding the cards ``mine`` (a mask), knows in ``hand``
    (a trick or domino hand, as the table sees it).  ``unseen``: the cards
    the seat has not seen (:attr:`~.views.SeatView.unseen`, an unseen
    widow's among them); by default the hand's cards not played and not
    the seat's."""
    known = _domino_knowledge(hand, seat, mine) if hand.is_domino else _trick_knowledge(hand, seat, mine)
    if unseen is None:
        return known
    return Knowledge(seat, mine, unseen, known.counts, known.excluded)


def fresh_knowledge(seat: int, mine: int, deck: int, players: int) -> Knowledge:
    """What a player knows before any card is played: the deck is dealt evenly."""
    each = deck.bit_count() // players
    return Knowledge(seat, mine, deck & ~mine, (each,) * players, (0,) * players)


def _trick_knowledge(hand: PublicHand, seat: int, mine: int) -> Knowledge:  # noqa: C901 -- every inference a trick allows about who holds what, one branch a rule
    t = hand.table
    players = t.players
    excluded = [0] * players
    trump_mask = SUIT_MASKS[t.trump] if t.trump is not None else 0
    played = 0
    tricks = [(trick.leader, trick.cards) for trick in hand.tricks]
    if hand.current_trick:
        assert hand.leader is not None
        tricks.append((hand.leader, tuple(hand.current_trick)))
    position = hand.position()
    after = position.after
    for index, (leader, cards) in enumerate(tricks):
        led = cards[0] // 13
        win = best_led = cards[0]
        for ban in t.lead_bans if index or t.opening_card is None else ():
            active = (ban.scope == "every" or (ban.scope == "opening" and index == 0)
                      or (ban.scope == "until-broken" and not played & ban.broken_by))
            if active and ban.suit_mask >> cards[0] & 1:
                excluded[leader] |= FULL_MASK & ~ban.suit_mask  # led the banned suit: holds only it
        who = leader
        for card in cards[1:]:
            who = after[who]
            follows = card // 13 == led
            if not follows:
                excluded[who] |= SUIT_MASKS[led]
            if trump_mask:
                if follows and led == t.trump and t.must_overtrump and not t.stronger[win] >> card & 1:
                    excluded[who] |= t.stronger[win]
                elif not follows and (t.must_win or t.must_trump):
                    winning = trump_mask & t.stronger[win] if trump_mask >> win & 1 else trump_mask
                    if t.must_win and not winning >> card & 1:
                        excluded[who] |= winning
                    if t.must_trump and not trump_mask >> card & 1:
                        excluded[who] |= trump_mask  # void and no trump played: holds none
            elif t.shed and not t.shed >> card & 1:
                excluded[who] |= t.shed & (SUIT_MASKS[led] & t.weaker[best_led] if follows else FULL_MASK)
            elif (t.discard and not t.shed and not follows and not t.discard >> card & 1
                  and not (index == 0 and t.first_trick_ban)):
                excluded[who] |= t.discard  # void, and threw no card it must discard: holds none
            if follows:
                if t.weaker[card] >> best_led & 1:
                    if win == best_led:
                        win = card
                    best_led = card
            elif trump_mask >> card & 1 and (not trump_mask >> win & 1 or t.weaker[card] >> win & 1):
                win = card
        played |= mask_of(cards)
    return Knowledge(seat, mine, t.deck & ~played & ~mine, position.counts, tuple(excluded))


def _domino_knowledge(hand: PublicHand, seat: int, mine: int) -> Knowledge:
    t = hand.table
    rows = DominoPlayouts(t)
    excluded = [0] * t.players
    start = t.start
    low, high = rows.opened(start)
    played = 0
    for who, move in zip(hand.seats, hand.moves, strict=True):
        if move == PASS:
            excluded[who] |= rows.ends(start, low, high)
        else:
            start = rows.place(start, low, high, move)
            played |= 1 << move
    return Knowledge(seat, mine, t.deck & ~played & ~mine, hand.counts, tuple(excluded))


def holds(known: Knowledge, seat: int, card: int, unseen_only: bool = False) -> Knowledge:
    """``known`` with ``card`` in ``seat``'s hand: no other seat may hold it
    (with ``unseen_only``, only while the card is unseen)."""
    if unseen_only and not known.unseen >> card & 1:
        return known
    excluded = tuple(mask | (1 << card) if other != seat else mask & ~(1 << card)
                     for other, mask in enumerate(known.excluded))
    return Knowledge(known.seat, known.mine, known.unseen, known.counts, excluded)


def with_passed(known: Knowledge, receiver: int | None, given: tuple[int, ...]) -> Knowledge:
    """``known`` with the cards the seat passed (``given``) in ``receiver``'s
    hand until they are played (docs/rules.md section 6, Passing); as it
    is when nothing was passed (``receiver`` None)."""
    if receiver is None:
        return known
    for card in given:
        known = holds(known, receiver, card, unseen_only=True)
    return known


def draw(known: Knowledge, rng: random.Random) -> list[int]:
    """One deal of the unseen cards that fits ``known``: a card mask per
    seat, ``known.mine`` for the player's own seat.  A hand seen in part
    (docs/rules.md section 6, Choosing after part of the hand) has the rest
    of it drawn first; unseen cards beyond what the others hold are then an
    unseen widow's (section 6, Packs, decks and player counts): any card
    may be among them."""
    missing = known.counts[known.seat] - known.mine.bit_count()
    if missing > 0:
        rest = mask_of(rng.sample(cards_of(known.unseen), missing))
        known = Knowledge(known.seat, known.mine | rest, known.unseen & ~rest, known.counts, known.excluded)
    spare = known.unseen.bit_count() - sum(n for s, n in enumerate(known.counts) if s != known.seat)
    if spare > 0:
        widow = Knowledge(known.seat, known.mine, known.unseen, (*known.counts, spare), (*known.excluded, 0))
        return _draw(widow, rng)[:-1]
    return _draw(known, rng)


def _draw(known: Knowledge, rng: random.Random) -> list[int]:
    others = [s for s in range(len(known.counts)) if s != known.seat and known.counts[s]]
    cards = cards_of(known.unseen)
    rng.shuffle(cards)
    hands = [0] * len(known.counts)
    hands[known.seat] = known.mine
    if not any(known.excluded[s] & known.unseen for s in others):
        at = 0
        for s in others:
            hands[s] = mask_of(cards[at:at + known.counts[s]])
            at += known.counts[s]
        return hands
    allowed = {c: [s for s in others if not known.excluded[s] >> c & 1] for c in cards}
    cards.sort(key=lambda c: len(allowed[c]))  # the most constrained first; ties stay shuffled
    for _ in range(8):
        dealt = _greedy(cards, allowed, known.counts, hands, rng)
        if dealt is not None:
            return dealt
    dealt = _matching(cards, allowed, known.counts, hands, others)
    if dealt is not None:
        return dealt
    # The facts contradict each other (they cannot, for a legal history): deal freely.
    return _draw(Knowledge(known.seat, known.mine, known.unseen, known.counts, (0,) * len(known.counts)), rng)


def _greedy(cards: list[int], allowed: dict[int, list[int]], counts: tuple[int, ...], base: list[int],
            rng: random.Random) -> list[int] | None:
    """Each card to a seat that may hold it, chosen with odds in proportion
    to the cards it still needs; None at a dead end."""
    hands = list(base)
    need = [0 if hand else count for hand, count in zip(base, counts, strict=True)]  # the player's own seat needs none
    for c in cards:
        seats = [s for s in allowed[c] if need[s]]
        if not seats:
            return None
        pick = rng.randrange(sum(need[s] for s in seats))
        for s in seats:
            pick -= need[s]
            if pick < 0:
                break
        hands[s] |= 1 << c
        need[s] -= 1
    return hands


def _matching(cards: list[int], allowed: dict[int, list[int]], counts: tuple[int, ...], base: list[int],
              others: list[int]) -> list[int] | None:
    """A deal that fits, found by augmenting paths (cards to seat slots); None if there is none."""
    owner: dict[tuple[int, int], int] = {}  # (seat, slot) -> card
    slots = {s: [(s, k) for k in range(counts[s])] for s in others}

    def place(c: int, seen: set[tuple[int, int]]) -> bool:
        for s in allowed[c]:
            for slot in slots[s]:
                if slot in seen:
                    continue
                seen.add(slot)
                if slot not in owner or place(owner[slot], seen):
                    owner[slot] = c
                    return True
        return False

    for c in cards:
        if not place(c, set()):
            return None
    hands = list(base)
    for (s, _), c in owner.items():
        hands[s] |= 1 << c
    return hands
