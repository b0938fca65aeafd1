"""Seeded, reproducible deals (docs/rules.md section 1 and section 3's decks).

A deal shuffles the spec's deck for the player count with
:class:`random.Random` seeded by the caller, so the same seed always gives
the same hands on every platform, then gives the shuffled deck out in equal
blocks: seat 0 the first block, seat 1 (on seat 0's left) the next, and so
on.  Each hand is returned sorted in card order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..language import model as m

Deal = tuple[tuple[int, ...], ...]


def deal_deck(deck: Sequence[int], players: int, seed: int | str, widow: bool = False) -> Deal:
    """``deck`` shuffled with ``seed`` and dealt evenly to ``players``
    seats; with ``widow`` the cards left over after the last full block go
    to the widow (:func:`widow_of`) rather than being refused."""
    if players < 1 or (len(deck) % players and not widow):
        raise ValueError(f"{len(deck)} cards do not deal evenly to {players} players")
    cards = list(deck)
    random.Random(seed).shuffle(cards)
    size = len(cards) // players
    return tuple(tuple(sorted(cards[i * size:(i + 1) * size])) for i in range(players))


def deal(spec: m.Spec, players: int, seed: int | str) -> Deal:
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
