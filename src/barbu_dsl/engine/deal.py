"""Seeded, reproducible deals (docs/rules.md section 1 and section 3's decks),
and the misdeals that void one (section 6, Misdeals).

A deal shuffles the spec's deck for the player count with
:class:`random.Random` seeded by the caller, so the same seed always gives
the same hands on every platform, then gives the shuffled deck out in equal
blocks: seat 0 the first block, seat 1 (on seat 0's left) the next, and so
on.  A block in the order it was dealt is a seat's *packet*
(:func:`deal_packets`: its first cards are those a declarer who chooses
after seeing part of the hand sees, section 6); each hand is otherwise
returned sorted in card order.  Cards that do not deal out evenly go to a
widow when the spec has one (section 6, Packs, decks and player counts).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import cards as C
from ..language import model as m

Deal = tuple[tuple[int, ...], ...]

Source = int | str | random.Random
"""Where a deal or a playout draws its chance: a seed, from which a new
:class:`random.Random` is made, or a generator already drawn from (a lab
game's, :class:`NumberSeeds`)."""


def generator(source: Source) -> random.Random:
    """The generator ``source`` draws from: itself, or one seeded with it."""
    return source if isinstance(source, random.Random) else random.Random(source)


def deal_packets(deck: Sequence[int], players: int, seed: Source, widow: bool = False) -> Deal:
    """``deck`` shuffled with ``seed`` (:data:`Source`) and dealt evenly to ``players`` seats,
    each seat's cards in the order they were dealt; with ``widow`` the
    cards left over after the last full block go to the widow
    (:func:`widow_of`) rather than being refused."""
    if players < 1 or (len(deck) % players and not widow):
        raise ValueError(f"{len(deck)} cards do not deal evenly to {players} players")
    cards = list(deck)
    generator(seed).shuffle(cards)
    size = len(cards) // players
    return tuple(tuple(cards[i * size:(i + 1) * size]) for i in range(players))


def sorted_hands(packets: Deal) -> Deal:
    """Each seat's cards in card order."""
    return tuple(tuple(sorted(packet)) for packet in packets)


def deal_deck(deck: Sequence[int], players: int, seed: Source, widow: bool = False) -> Deal:
    """``deck`` shuffled with ``seed`` and dealt evenly to ``players`` seats
    (with ``widow``, the cards left over to the widow)."""
    return sorted_hands(deal_packets(deck, players, seed, widow))


def deal(spec: m.Spec, players: int, seed: Source) -> Deal:
    """A deal of ``spec``'s deck for ``players`` (docs/rules.md section 3
    removals; section 6: the cards left over go to the widow)."""
    return deal_deck(spec.deck_for(players), players, seed, spec.widow)


def widow_of(spec: m.Spec, hands: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The widow of a deal of ``spec`` (docs/rules.md section 6, Packs,
    decks and player counts): the cards of the deck in no hand, when the
    hands hold all the cards dealt (else none: a position of a few cards,
    or a spec without a widow)."""
    players = len(hands)
    deck = spec.deck_for(players) if players and spec.widow else ()
    held = {c for cards in hands for c in cards}
    if not deck or len(held) != len(deck) - spec.widow_size(players):
        return ()
    return tuple(c for c in deck if c not in held)


def redeal_seed(seed: str, again: int) -> str:
    """The seed of the deal after ``again`` redeals of the hand dealt with
    ``seed``: the first deal keeps ``seed`` itself, so a game in which no
    deal is void deals as a game without a misdeal rule."""
    return f"{seed}/redeal {again}" if again else seed


MASK64 = (1 << 64) - 1


def mixed_seed(seed: int, *path: int) -> int:
    """A seed below 2**63 drawn from the int ``seed`` and the steps of
    ``path`` (a SplitMix64 step each): the lab's number seeds, cheap to
    make and to give to ``random.Random`` (no hashing of text), and small
    enough for native code to seed its own generator with them."""
    x = seed & MASK64
    for step in path:
        x = (x + 0x9E3779B97F4A7C15 * (step + 1)) & MASK64
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
        x ^= x >> 31
    return x >> 1


class Seeds:
    """Where a game's chance comes from, drawn from its seed: the game's
    own draws (the first declarer, random contract lists), hand ``n``'s
    deal (and its redeals) and a hand played out in one go, each a
    :data:`Source`.  These are text seeds (``f"{seed}/hand {n}"``), the
    same for every front end and saved with a game."""

    def __init__(self, seed: int | str):
        self.seed = seed

    def game(self) -> int | str:
        return f"{self.seed}/game"

    def deal(self, number: int, again: int = 0) -> Source:
        """Hand ``number``'s deal after ``again`` redeals."""
        return redeal_seed(f"{self.seed}/hand {number}", again)

    def play(self, number: int) -> Source:
        """Hand ``number``'s cards played out in one go (random hands)."""
        return f"{self.seed}/play {number}"

    def seat(self, seat: int) -> int | str:
        """The bot at ``seat``."""
        return f"{self.seed}/seat {seat}"


class NumberSeeds(Seeds):
    """:class:`Seeds` drawn as numbers from an int seed
    (:func:`mixed_seed`): the balance lab's, which plays millions of hands
    and seeds native code with them.  The game's draws, the deals and the
    bots are as independent of each other as with text seeds, but not the
    same numbers.

    Seeding a generator costs more than dealing and playing a hand in
    native code, so a lab game seeds two for all its hands: its deals are
    drawn one after another from one (hand ``n``'s first deal is the
    ``n``-th, whatever was chosen and played before it; a redeal has a seed
    of its own, so that a misdeal in one spec does not move the later deals
    of another), and its hands played out in one go draw from the other."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.seed: int = seed
        self._deals: random.Random | None = None
        self._plays: random.Random | None = None

    def game(self) -> int:
        return mixed_seed(self.seed, 0)

    def deal(self, number: int, again: int = 0) -> Source:
        if again:
            return mixed_seed(self.seed, 1, number, again)
        if self._deals is None:
            self._deals = random.Random(self.deals())
        return self._deals

    def play(self, number: int) -> Source:
        if self._plays is None:
            self._plays = random.Random(self.plays())
        return self._plays

    def deals(self) -> int:
        """The seed of the generator the game's first deals are drawn from."""
        return mixed_seed(self.seed, 1)

    def plays(self) -> int:
        """The seed of the generator the game's hands played out in one go draw from."""
        return mixed_seed(self.seed, 2)

    def seat(self, seat: int) -> int:
        return mixed_seed(self.seed, 3, seat)


def void_at_deal(hands: Deal, redeal: m.Redeal) -> int | None:
    """The first seat whose hand holds no card above ``redeal.above`` (no
    honour), which voids the deal as soon as it is dealt; None when the
    deal stands (docs/rules.md section 6, Misdeals)."""
    above = redeal.above
    if above is None:
        return None
    return next((seat for seat, hand in enumerate(hands) if all(C.rank_of(card) <= above for card in hand)), None)


def void_for_trump(hands: Deal, redeal: m.Redeal, trump: int | None) -> int | None:
    """The first seat whose hand holds no card of the trump suit ``trump``
    (with ``no trump``), which voids the deal once the suit is known; None
    when the deal stands or the hand has no trumps."""
    if not redeal.trump or trump is None:
        return None
    return next((seat for seat, hand in enumerate(hands) if all(C.suit_of(card) != trump for card in hand)), None)


__all__ = ["Deal", "NumberSeeds", "Seeds", "Source", "deal", "deal_deck", "deal_packets", "generator", "mixed_seed",
           "redeal_seed", "sorted_hands", "void_at_deal", "void_for_trump", "widow_of"]
