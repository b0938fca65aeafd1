"""Packs and decks as a spec writes them (docs/rules.md sections 3 and 6).

A spec plays from a *pack* — the full 52 cards, or a short pack from some
lowest rank up to the ace (``deck: piquet``, 7 to A, 32 cards) — and, for
each player count, sets some of its cards aside so that it deals evenly
(``decks: {5: [2♣, 2♦]}``).  The model keeps, for each count, every card
of the 52 that is not dealt (:attr:`~.model.Spec.removed`); this module
turns what a spec writes into those cards and back:

* :func:`read_pack` — ``full``, ``piquet``, ``32``, ``7-A``;
* :func:`read_removals` — the items of a ``decks`` entry: cards (``2♣``),
  whole ranks (``2-6``: every card of ranks 2 to 6 in the pack) and
  ``highest N`` / ``highest N each`` (keep the N, or N per player,
  highest cards: the lowest ranks go first, clubs, diamonds, hearts, then
  spades within a rank);
* :func:`default_removed` — what the default deck of a count sets aside;
* :func:`removals_text` — the shortest canonical form of a removal list.
"""

from __future__ import annotations

import re

from .. import cards as C

PACK_NAMES = {"full": 2, "52": 2, "piquet": 7, "32": 7}
"""Packs by name: the lowest rank each runs from."""

PACK_HINT = "a pack is 'full' (52 cards), 'piquet' (32 cards, 7 to A) or a lowest rank to the ace, such as '6-A'"


def read_pack(text: str) -> int | None:
    """The lowest rank of the pack ``text`` names, or None."""
    key = text.strip().lower()
    if key in PACK_NAMES:
        return PACK_NAMES[key]
    match = re.fullmatch(r"(\w+)\s*(?:-|to)\s*(?:a|ace)", key)
    if match:
        rank = C.parse_rank(match.group(1))
        if rank is not None and 2 <= rank <= 10:
            return rank
    return None


def pack_text(low: int) -> str:
    """The canonical name of the pack from ``low`` to the ace."""
    return {2: "full", 7: "piquet"}.get(low, f"{C.rank_str(low)}-A")


def outside_pack(low: int) -> frozenset[int]:
    """The cards of the 52 that a pack from ``low`` does not hold."""
    return frozenset(c for c in range(52) if C.rank_of(c) < low)


def default_removed(players: int, low: int = 2, widow: bool = False) -> tuple[int, ...]:
    """Every card not dealt to ``players`` by default: those outside the
    pack and the pack's lowest clubs and diamonds that make it deal evenly,
    none of those when a widow takes what is left over (docs/rules.md
    section 6, Packs, decks and player counts)."""
    if widow:
        return tuple(sorted(outside_pack(low)))
    return tuple(sorted(outside_pack(low) | C.default_removals(players, low)))


def highest_removed(keep: int, low: int) -> list[int]:
    """The cards set aside to keep the ``keep`` highest of the pack: the
    lowest ranks first, and within a rank clubs, diamonds, hearts, spades."""
    order = sorted(C.pack(low), key=lambda c: (C.rank_of(c), C.suit_of(c)))
    return order[: max(0, len(order) - keep)]


_HIGHEST = re.compile(r"(?:keep\s+)?(?:the\s+)?highest\s+(\d+)(\s+(?:cards?\s+)?each)?(?:\s+cards?)?", re.IGNORECASE)
_RANGE = re.compile(r"(\w+)-(\w+)")


class DeckProblem(ValueError):
    """What is wrong with one item of a ``decks`` entry, with a hint."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint


def read_removals(text: str, players: int, low: int) -> list[int]:
    """The cards one item of a ``decks`` entry sets aside for ``players``
    from the pack of ``low``: ``2♣ 2♦``, ``2-6``, ``highest 40``,
    ``highest 10 each`` (a leading ``remove`` is allowed).  Raise
    :class:`DeckProblem` for what cannot be read."""
    from .parser import card_problem

    words = text.strip()
    if words.lower().startswith("remove "):
        words = words[len("remove "):].strip()
    highest = _HIGHEST.fullmatch(words)
    if highest:
        keep = int(highest.group(1)) * (players if highest.group(2) else 1)
        size = len(C.pack(low))
        if not 0 < keep <= size:
            each = size // players
            hint = (f"a pack of {size} cards gives {players} players at most {each} each: write "
                    f"'highest {each} each'" if highest.group(2) else f"write a number from 1 to {size}, e.g. "
                    f"'highest {each * players}' ({each} each for {players} players)")
            raise DeckProblem(f"cannot keep the highest {keep} of a pack of {size} cards", hint if each else None)
        return highest_removed(keep, low)
    removed: list[int] = []
    for word in words.replace(",", " ").split():
        span = _RANGE.fullmatch(word)
        if span and C.parse_card(word) is None:
            first, last = C.parse_rank(span.group(1)), C.parse_rank(span.group(2))
            if first is None or last is None or first > last:
                raise DeckProblem(f"'{word}' is not a range of ranks", "write the lowest rank first, e.g. '2-6'")
            ranks = range(first, last + 1)
            if first < low:
                raise DeckProblem(f"'{word}' reaches below the pack, which starts at {C.rank_str(low)}")
            removed.extend(c for c in C.pack(low) if C.rank_of(c) in ranks)
            continue
        card = C.parse_card(word)
        if card is None:
            message, hint = card_problem(word)
            raise DeckProblem(message, hint)
        if C.rank_of(card) < low:
            raise DeckProblem(f"{C.card_symbol(card)} is not in the pack, which starts at {C.rank_str(low)}")
        removed.append(card)
    return removed


def highest_words(text: str) -> str | None:
    """``highest 8 each`` (or ``highest 40``) in its canonical words, when
    ``text`` is written so; None otherwise."""
    words = text.strip()
    if words.lower().startswith("remove "):
        words = words[len("remove "):].strip()
    highest = _HIGHEST.fullmatch(words)
    if highest is None:
        return None
    return f"highest {int(highest.group(1))}" + (" each" if highest.group(2) else "")


def removals_text(cards: tuple[int, ...] | list[int], low: int) -> str:
    """A removal list in its shortest canonical form, as a YAML flow list:
    runs of two or more whole ranks as ``2-6``, other cards one by one."""
    gone = set(cards) - outside_pack(low)
    whole = [r for r in range(low, C.ACE + 1) if all(C.card(r, s) in gone for s in C.SUITS)]
    runs: list[tuple[int, int]] = []
    for rank in whole:
        if runs and runs[-1][1] == rank - 1:
            runs[-1] = (runs[-1][0], rank)
        else:
            runs.append((rank, rank))
    items: list[str] = []
    for first, last in runs:
        if last > first:
            items.append(f"{C.rank_str(first)}-{C.rank_str(last)}")
            gone -= {c for c in gone if first <= C.rank_of(c) <= last}
    items.extend(C.card_symbol(c) for c in sorted(gone))
    return "[" + ", ".join(items) + "]"


def even_deck_hint(removed: tuple[int, ...], players: int, low: int) -> str:
    """How to make a deck that sets ``removed`` aside deal evenly to
    ``players``, as a ``decks`` entry to write: the next lowest cards set
    aside too (the lowest clubs and diamonds first, as the default decks
    do, then the lowest hearts and spades), or, when that would leave less
    than a card each, a number of the highest cards for each player."""
    gone = set(removed)
    order = sorted(C.pack(low), key=lambda c: (C.suit_of(c) in (C.HEARTS, C.SPADES), C.rank_of(c), C.suit_of(c)))
    dealt = [c for c in order if c not in gone]
    extra = len(dealt) % players
    if len(dealt) - extra >= players:
        more = sorted(gone - outside_pack(low) | set(dealt[:extra]))
        cards = "card" if extra == 1 else "cards"
        return f"set {extra} more {cards} aside: 'decks: {{{players}: {removals_text(more, low)}}}'"
    each = max(1, min(len(dealt), len(C.pack(low)) // players))
    return f"keep the same number of cards for each player, e.g. 'decks: {{{players}: highest {each} each}}'"


__all__ = [
    "PACK_HINT",
    "DeckProblem",
    "default_removed",
    "even_deck_hint",
    "highest_removed",
    "highest_words",
    "outside_pack",
    "pack_text",
    "read_pack",
    "read_removals",
    "removals_text",
]
