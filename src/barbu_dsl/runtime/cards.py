"""Cards as small ints, sets of cards as bit masks, and every notation a
player or a record may write them in.

A card is an int ``0..51``: ``suit * 13 + rank - 2``, with suits ordered
clubs, diamonds, hearts, spades (``C D H S``) and ranks ``2..14`` (ace 14).
Sorting cards as ints sorts them by suit (♣ ♦ ♥ ♠), then by rank from low
to high: the fixed order of every card list (docs/rules.md section 1 gives
the rank order).  A set of cards is an int used as a 52-bit mask, bit ``c``
for card ``c``; taking a mask's cards from its lowest bit gives them in
that order.

Records write a card as a rank ``A K Q J T 9..2`` (``10`` for ``T``) and a
suit ``S H D C`` or a suit symbol (docs/records.md); the canonical form is
two characters, ``TS``, ``QH``.  Specs and players may also write ranks in
Italian (A R D F) or French/Portuguese (A R D V) letters, and suits as
words.  Inside a card the rank comes first, so ``DD`` is the queen (dame)
of diamonds and ``AD`` the ace of diamonds.  A suit symbol may be followed
by an emoji variation selector (``♥️``, as phones write it): it is ignored.
"""

from __future__ import annotations

from collections.abc import Iterable

Card = int
Suit = int
Rank = int

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS: tuple[Suit, ...] = (CLUBS, DIAMONDS, HEARTS, SPADES)
RANKS: tuple[Rank, ...] = tuple(range(2, 15))
JACK, QUEEN, KING, ACE = 11, 12, 13, 14

PASS = -1
"""The domino move of a player with no playable card (written ``"pass"``)."""

SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SINGULAR = ("club", "diamond", "heart", "spade")
RANK_LETTERS = {r: str(r) for r in range(2, 10)} | {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_TEXT = RANK_LETTERS | {10: "10"}
"""A rank as specs and messages write it: ``10`` where records write ``T``."""
RANK_NAMES = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}

# Every spelling of a suit, lower-cased.  Words in English, Italian, French
# and Portuguese, singular and plural.
SUIT_WORDS: dict[str, Suit] = {
    word: suit
    for suit, words in (
        (CLUBS, "c ♣ club clubs fiori fiore trèfle trèfles trefle trefles paus"),
        (DIAMONDS, "d ♦ diamond diamonds quadri quadro carreau carreaux ouros"),
        (HEARTS, "h ♥ heart hearts cuori cuore cœur cœurs coeur coeurs copas"),
        (SPADES, "s ♠ spade spades picche picca pique piques espadas"),
    )
    for word in words.split()
}

# Every spelling of a rank as a card prefix (letters and digits), lower-cased.
RANK_PREFIXES: dict[str, Rank] = {str(r): r for r in range(2, 11)} | {
    "t": 10,
    "j": 11,
    "f": 11,
    "v": 11,
    "q": 12,
    "d": 12,
    "k": 13,
    "r": 13,
    "a": 14,
}
# Rank words, singular and plural (``queen``, ``queens``; ``dame``, ``donne``...).
RANK_WORDS: dict[str, Rank] = {
    word: rank
    for rank, words in (
        (10, "ten tens dieci dix dez"),
        (11, "jack jacks knave knaves fante fanti valet valets valete valetes"),
        (12, "queen queens donna donne dame dames dama damas"),
        (13, "king kings re roi rois rei reis"),
        (14, "ace aces asso assi as ases"),
    )
    for word in words.split()
}
for _rank, _word in RANK_NAMES.items():
    RANK_WORDS.setdefault(_word, _rank)
    RANK_WORDS.setdefault(_word + "s", _rank)
RANK_WORDS["sixes"] = 6
del _rank, _word


def card(rank: Rank, suit: Suit) -> Card:
    """The card of ``rank`` (2..14) in ``suit`` (0..3)."""
    return suit * 13 + rank - 2


def suit_of(c: Card) -> Suit:
    return c // 13


def rank_of(c: Card) -> Rank:
    return c % 13 + 2


CARD_STRS: tuple[str, ...] = tuple(RANK_LETTERS[c % 13 + 2] + SUIT_LETTERS[c // 13] for c in range(52))
"""Each card's canonical form (:func:`card_str`), by card number."""
CARD_STR = CARD_STRS
CARD_INDEX: dict[str, Card] = {text: c for c, text in enumerate(CARD_STRS)}
"""The card of each canonical form, and of nothing else (``QH``, not ``qh`` or ``Q♥``)."""
MOVE_STR = (*CARD_STRS, "pass")
"""A move as records write it, by move: ``MOVE_STR[PASS]`` (index -1) is ``pass``."""


def card_str(c: Card) -> str:
    """Canonical two-character form used in records: ``TS``, ``QH``."""
    return CARD_STRS[c]


def move_str(move: int) -> str:
    """A move as records write it: ``QH`` or ``pass`` (anything else, which
    only a caller of the Python API can pass, as a number)."""
    if move == PASS:
        return "pass"
    return CARD_STRS[move] if 0 <= move < 52 else str(move)


def cards_str(cards: Iterable[Card]) -> list[str]:
    """Canonical strings of ``cards`` in the fixed order (♣ ♦ ♥ ♠, low to high)."""
    return [CARD_STRS[c] for c in sorted(cards)]


def card_symbol(c: Card) -> str:
    """Spec form with a suit symbol: ``A♥``, ``10♣``."""
    return RANK_TEXT[rank_of(c)] + SUIT_SYMBOLS[suit_of(c)]


def suit_symbol(s: Suit) -> str:
    return SUIT_SYMBOLS[s]


def rank_str(r: Rank) -> str:
    """Rank letter for specs: ``A K Q J 10 9 .. 2``."""
    return RANK_TEXT[r]


FULL_DECK: frozenset[Card] = frozenset(range(52))

# --------------------------------------------------------------------------
# Masks.

FULL_MASK = (1 << 52) - 1
"""Every card of the deck, as a mask."""
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in SUITS)
"""The mask of each suit, in suit order (clubs, diamonds, hearts, spades)."""


def mask_of(cards: Iterable[Card]) -> int:
    """The mask holding ``cards``."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, in card order (♣ ♦ ♥ ♠, low to high)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# --------------------------------------------------------------------------
# Reading cards, suits and ranks.

VARIATION_SELECTORS = "\ufe0e\ufe0f"
"""Text and emoji presentation selectors: ``♥️`` is ``♥`` followed by U+FE0F."""

_NO_SELECTORS = {ord(ch): None for ch in VARIATION_SELECTORS}

# Rank letters that only Italian and French (or Portuguese) players write:
# R (re, roi, rei), D (donna, dame, dama), F (fante), V (valet, valete).  In
# those languages the suit letter C is hearts (cuori, cœur, copas), while in
# the S H D C letters the project reads it is clubs, so a card such as RC is
# the king of clubs to one player and the king of hearts to another: it is
# refused as ambiguous.  No other suit letter collides (none of the three
# languages writes a suit as S, H or D), so DD, RS or FH are clear; and with
# a rank every language writes alike (A, digits) or an English one (K Q J T),
# C is clubs.
_FOREIGN_RANK_LETTERS = "rdfv"


def _key(text: str) -> str:
    """``text`` folded for lookup: trimmed, lower case, no variation selectors."""
    return text.translate(_NO_SELECTORS).strip().lower()


def parse_suit(text: str) -> Suit | None:
    """A suit written as a symbol, letter or word, or None."""
    return SUIT_WORDS.get(_key(text))


def parse_rank(text: str) -> Rank | None:
    """A rank written as a letter, a number or a word, or None."""
    key = _key(text)
    if key in RANK_PREFIXES:
        return RANK_PREFIXES[key]
    return RANK_WORDS.get(key)


def ambiguous_card(text: str) -> Rank | None:
    """The rank of a card written with an Italian or French rank letter and
    the suit letter C (``RC``, ``DC``, ``FC``, ``VC``): clubs in English
    letters, hearts in the writer's own; None for any other text."""
    key = _key(text)
    if len(key) == 2 and key[0] in _FOREIGN_RANK_LETTERS and key[1] == "c":
        return RANK_PREFIXES[key[0]]
    return None


def parse_card(text: str) -> Card | None:
    """A card in any accepted notation (``AH``, ``a♥``, ``10♣``, ``DD``), or
    None (also for an :func:`ambiguous_card`)."""
    key = _key(text)
    if len(key) < 2 or ambiguous_card(key) is not None:
        return None
    rank = RANK_PREFIXES.get(key[:-1])
    suit = SUIT_WORDS.get(key[-1]) if len(key[-1]) == 1 else None
    if rank is None or suit is None:
        return None
    return card(rank, suit)


_RECORD_RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "10": 10, **{str(r): r for r in range(2, 10)}}
_RECORD_SUITS = {
    "S": SPADES,
    "H": HEARTS,
    "D": DIAMONDS,
    "C": CLUBS,
    "♠": SPADES,
    "♥": HEARTS,
    "♦": DIAMONDS,
    "♣": CLUBS,
}
CARD_OF: dict[str, Card] = {
    rank_text + suit_text: card(rank, suit)
    for rank_text, rank in _RECORD_RANKS.items()
    for suit_text, suit in _RECORD_SUITS.items()
}
"""Every card as records write it, in upper and in lower case (``QH``,
``10♣``, ``qh``): the parse table, built once."""
CARD_OF.update({text.lower(): c for text, c in list(CARD_OF.items())})


def parse_record_card(text: str) -> Card | None:
    """A card as records write it: ``A K Q J T 9..2`` (``10`` for ``T``)
    followed by ``S H D C`` or ``♠ ♥ ♦ ♣``, case-insensitive; or None."""
    found = CARD_OF.get(text)
    return found if found is not None else CARD_OF.get(_key(text).upper())
