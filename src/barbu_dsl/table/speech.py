"""What the table says, in the player's language: seats, cards, contracts, scores.

Seat names: with four players the compass points, in seat order North,
East, South, West (seat 1 sits on the left of seat 0, docs/rules.md section 1);
with two, three or five to ten players given names, the same in every
language (Anna, Bruno, Carla, Dario, Elena, Franco, Giulia, Hugo, Irene,
Jonas), so that a seat is never a number that could be mistaken for a
choice.  ``--names`` gives others.  When one person plays, their seat is
"you" and sentences about them take the second person ("You play", not
"North plays"); with several people at one keyboard every seat keeps its
name.

Cards are said in words with their article where a sentence needs one
("the queen of spades", "la donna di picche"), and in a list of choices as
short as they can be: grouped by suit, each rank by its letter ("hearts 2
5 K"); suits and cards in the project's fixed order (clubs, diamonds,
hearts, spades; two up to ace).  Contracts and the game's title are said
by their names in the player's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import cards as C
from ..compiled import score_sign
from ..i18n import Translator
from ..i18n.cards import card_words, rank_letter, rank_words, suit_words
from ..language import model as m

GIVEN_NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Hugo", "Irene", "Jonas")
"""Seat names for every count but four, up to the ten players a spec may have
(:data:`barbu_dsl.limits.PLAYERS`)."""

COMPASS = ("north", "east", "south", "west")


def seat_names(players: int, t: Translator, names: Sequence[str] | None = None) -> list[str]:
    """The name of each seat (see the module docstring)."""
    if names:
        return list(names)
    if players == 4:
        return [t(f"table.seat.{point}") for point in COMPASS]
    return list(GIVEN_NAMES[:players])


class Speech:
    """Sentences about seats, cards and scores, in one language.  ``you``
    is the one person's seat (None when several people or nobody play)."""

    def __init__(self, t: Translator, names: Sequence[str], you: int | None):
        self.t = t
        self.names = list(names)
        self.you = you

    def __call__(self, key: str, **fields: object) -> str:
        return self.t(key, **fields)

    @property
    def language(self) -> str:
        return self.t.language

    # ---- seats ----------------------------------------------------------------

    def seat(self, seat: int) -> str:
        """A seat as a subject or in a list of names: "you" or its name."""
        return self.t("table.you") if seat == self.you else self.names[seat]

    def seat_object(self, seat: int) -> str:
        """A seat as the object of a verb ("Est contra te")."""
        return self.t("table.you.object") if seat == self.you else self.names[seat]

    def about(self, key: str, seat: int, **fields: object) -> str:
        """The sentence ``key`` about ``seat``: its second-person form
        ``key.you`` for the person's own seat, else ``key`` with the name."""
        if seat == self.you:
            return self.t(key + ".you", **fields)
        return self.t(key, seat=self.names[seat], **fields)

    def seats(self, seats: Iterable[int]) -> str:
        return self.join([self.seat(s) for s in seats])

    def objects(self, seats: Iterable[int]) -> str:
        """Seats as the objects of a verb: ``te, Sud e Ovest``."""
        return self.join([self.seat_object(s) for s in seats])

    def doubles(self, key: str, doubles: Iterable[tuple[int, int]]) -> list[str]:
        """The sentence ``key`` for each doubler, with the seats they doubled
        (``whom``), in the order the doublers spoke; ``key.redouble`` for
        those they redoubled (doubled back after being doubled,
        docs/rules.md section 2)."""
        pairs = [(doubler, doubled) for doubler, doubled in doubles]
        by: dict[tuple[int, bool], list[int]] = {}
        for index, (doubler, doubled) in enumerate(pairs):
            by.setdefault((doubler, (doubled, doubler) in pairs[:index]), []).append(doubled)
        return [self.about(key + ".redouble" if redouble else key, doubler, whom=self.objects(whom))
                for (doubler, redouble), whom in by.items()]

    # ---- words ----------------------------------------------------------------

    def join(self, items: Sequence[str]) -> str:
        """``a, b and c`` in this language."""
        if len(items) <= 1:
            return "".join(items)
        return self.t("answers.and", items=", ".join(items[:-1]), last=items[-1])

    def either(self, items: Sequence[str]) -> str:
        """``a, b or c`` in this language."""
        if len(items) <= 1:
            return "".join(items)
        return self.t("answers.or", items=", ".join(items[:-1]), last=items[-1])

    def card(self, card: int) -> str:
        """``queen of spades``: a card in words, as in a list."""
        return card_words(card, self.t)

    def the_card(self, card: int) -> str:
        """``the queen of spades``, ``la donna di picche``: a card in a sentence."""
        return self.t(f"cards.article.{C.rank_of(card)}") + self.card(card)

    def cards(self, cards: Iterable[int]) -> str:
        return ", ".join(self.card(c) for c in sorted(cards))

    def suit(self, suit: int) -> str:
        return suit_words(suit, self.t)

    def rank(self, rank: int) -> str:
        return rank_words(rank, self.t)

    def from_rank(self, rank: int) -> str:
        """``from the eight``: "dall'otto", "de l'as", "da dama" (the
        preposition and article as they join before each rank)."""
        return self.t(f"cards.from.{rank}") + self.rank(rank)

    def to_rank(self, rank: int) -> str:
        """``to the ace``: "all'asso", "à la dame", "ao ás"."""
        return self.t(f"cards.to.{rank}") + self.rank(rank)

    def letters(self, cards: Iterable[int]) -> str:
        """Cards as short as they are said in a list: by suit, each rank by
        its letter in this language: ``hearts 2 5 K, spades 3``."""
        held = sorted(cards)
        groups = []
        for suit in C.SUITS:
            of_suit = [c for c in held if C.suit_of(c) == suit]
            if of_suit:
                groups.append(f"{self.suit(suit)} {self.rank_letters(of_suit)}")
        return ", ".join(groups)

    def rank_letters(self, cards: Iterable[int]) -> str:
        """``2 5 K``: the cards' ranks by their letters, low to high."""
        return " ".join(rank_letter(C.rank_of(c), self.language) for c in sorted(cards))

    def aim(self, spec: m.Spec) -> str:
        """The game's aim and what is good for a player, in words that fit
        its scores: in a game whose every score is a plus (Hearts) a point
        counts against you, never "a minus is good for you"."""
        sign = {1: ".plus", -1: ".minus"}.get(score_sign(spec), "")
        return self(f"table.aim.good.{spec.game.aim}{sign}")

    def contract(self, contract: m.Contract) -> str:
        """A contract by its name in this language."""
        return contract.name_in(self.language)

    def points(self, value: float) -> str:
        """``+5``, ``−6``, ``0`` (a typographic minus, as the rules write
        it); an average with one decimal, a decimal comma but in English."""
        if isinstance(value, float) and not value.is_integer():
            text = f"{abs(value):.1f}"
            if self.t.language != "en":
                text = text.replace(".", ",")
        else:
            text = str(abs(int(value)))
        return ("−" if value < 0 else "+" if value > 0 else "") + text

    def scores(self, values: Sequence[float]) -> str:
        """``you −6, East 0, South −12, West −6``."""
        return ", ".join(f"{self.seat(s)} {self.points(v)}" for s, v in enumerate(values))

    def hand_lines(self, cards: Iterable[int]) -> list[str]:
        """A hand grouped by suit, a line a suit: ``hearts: queen, two``."""
        held = sorted(cards)
        lines = []
        for suit in C.SUITS:
            ranks = [self.rank(C.rank_of(c)) for c in held if C.suit_of(c) == suit]
            words = ", ".join(ranks) if ranks else self.t("table.hand.none")
            lines.append(self.t("table.hand.suit", suit=self.suit(suit), cards=words))
        return lines

    def choices(self, labels: Sequence[str], numbers: Sequence[int] | None = None) -> str:
        """``1 No tricks, 2 No queens, ...``: numbered choices (``numbers``:
        each one's number, when they are not 1, 2, 3...)."""
        numbered = numbers if numbers is not None else range(1, len(labels) + 1)
        return ", ".join(f"{number} {label}" for number, label in zip(numbered, labels, strict=True))
