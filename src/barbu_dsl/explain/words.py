"""The words the rules are told in, in one language: values, counts,
lists, ordinals, cards, suits, ranks and who chooses.

Every sentence is a ``rules.*`` message of :mod:`barbu_dsl.i18n`; this
module gives them their fields, each in the words its language needs: a
suit as a noun (``hearts``, ``cuori``, ``cœur``, ``copas``) or one card of
it (``heart``, ``cuore``, ``cœur``, ``copa``), a card with its article
(``the K♥``, ``il R♥``, ``le R♥``, ``o R♥``), the one who chooses with
and without an article.  Values keep the rules' typographic minus
(``−2``) in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from .. import cards as C
from ..i18n import Translator
from ..i18n.cards import card_text
from ..language import model as m
from ..language.rules import value_text


class RuleWords:
    """The words of the rules in ``language`` (``w("key", ...)`` says ``rules.key``)."""

    def __init__(self, language: str = "en"):
        self.t = Translator(language)
        self.language = language

    def __call__(self, key: str, /, **fields: object) -> str:
        return self.t(f"rules.{key}", **fields)

    # ---- numbers and lists ------------------------------------------------------

    @staticmethod
    def value(value: int) -> str:
        """``−2``, ``+5``, ``0``."""
        return value_text(value)

    def range(self, low: int, high: int) -> str:
        """``−26``, or ``−65 to −60`` when a total is not fixed."""
        return value_text(low) if low == high else self("range", low=value_text(low), high=value_text(high))

    def join(self, items: Sequence[str], word: str = "and") -> str:
        """``a``, ``a and b``, ``a, b and c`` (``word``: ``and`` or ``or``)."""
        if len(items) < 2:
            return "".join(items)
        return self.t(f"answers.{word}", items=", ".join(items[:-1]), last=items[-1])

    def count(self, number: int, noun: str) -> str:
        """``1 hand``, ``28 hands`` (``rules.count.<noun>.one``/``.many``)."""
        return self(f"count.{noun}.{'one' if number == 1 else 'many'}", n=number)

    def times(self, number: int) -> str:
        """``once``, ``twice``, ``3 times``."""
        return self(f"times.{number}") if number in (1, 2) else self("times.n", n=number)

    def ordinal(self, number: int, kind: str = "trick") -> str:
        """``first`` (of a trick: ``prima``, ``premier``, ``primeira``; of a
        place: ``primo``, ``premier``, ``primeiro``), ``11th``."""
        if number <= 10:
            return self(f"ordinal.{kind}.{number}")
        last = number % 10 if not 10 <= number % 100 <= 20 and number % 10 in (1, 2, 3) else 0
        return self(f"ordinal.{kind}.n{last}", n=number)

    @staticmethod
    def capital(text: str) -> str:
        return text[:1].upper() + text[1:]

    # ---- cards -----------------------------------------------------------------

    def card(self, card: int) -> str:
        """``R♥``: the language's letter and the suit symbol."""
        return card_text(card, self.language)

    def the_card(self, card: int) -> str:
        """``the K♥``, ``il R♥``, ``l'A♥``, ``le R♥``, ``o R♥``."""
        return self.t(f"cards.article.{C.rank_of(card)}") + self.card(card)

    def cards(self, cards: Sequence[int]) -> str:
        return self.join([self.card(c) for c in cards])

    def suit(self, suit: int) -> str:
        """The suit as a noun: ``hearts``, ``cuori``, ``cœur``, ``copas``."""
        return self.t(f"cards.suit.{suit}")

    def one_of_suit(self, suit: int) -> str:
        """One card of the suit: ``heart``, ``cuore``, ``cœur``, ``copa``."""
        return self.t(f"cards.one_suit.{suit}")

    def rank(self, rank: int) -> str:
        """``queen``, ``donna``, ``dame``, ``dama``."""
        return self.t(f"cards.rank.{rank}")

    def ranks(self, rank: int) -> str:
        """``queens``, ``donne``, ``dames``, ``damas``."""
        return self.t(f"cards.ranks.{rank}")

    def selection(self, cards: m.Cards) -> dict[str, str]:
        """A kind of cards a rule names (a suit, a rank, the trumps, the cards
        that score, every card) as ``one`` (``heart``, ``queen``, ``trump``),
        ``many`` (``hearts``, ``queens``), ``a`` (``a heart``, ``una donna``)
        and ``the_many`` (``the hearts``, ``le donne``): each language takes
        the form its sentence needs."""
        match cards:
            case m.SuitCards(suit=suit):
                return {"one": self.one_of_suit(suit), "many": self.t(f"cards.suits.{suit}"),
                        "a": self.t(f"cards.a_suit.{suit}"), "the_many": self.t(f"cards.the_suits.{suit}")}
            case m.RankCards(rank=rank):
                return {"one": self.rank(rank), "many": self.ranks(rank), "a": self.t(f"cards.a_rank.{rank}"),
                        "the_many": self.t(f"cards.the_ranks.{rank}")}
            case m.TrumpCards():
                kind = "trump"
            case m.PointCards():
                kind = "points"
            case m.AllCards() | m.OneCard() | m.CardSet():
                kind = "any"
            case _:
                assert_never(cards)
        return {form: self(f"cards.{kind}.{form}") for form in ("one", "many", "a", "the_many")}

    def the_rank(self, rank: int) -> str:
        """``the seven``, ``il sette``, ``la donna``, ``l'asso``."""
        return self.t(f"cards.article.{rank}") + self.rank(rank)

    # ---- who chooses -------------------------------------------------------------

    def role(self, role: str) -> dict[str, str]:
        """The one who names the contract (``declarer`` or ``chooser``) as
        ``role`` (a bare noun), ``the_role`` (with its article) and
        ``of_role`` (``the declarer's``, ``del dichiarante``); ``the_role_cap``
        begins a sentence."""
        the_role = self(f"role.{role}.the")
        return {"role": self(f"role.{role}"), "the_role": the_role, "the_role_cap": self.capital(the_role),
                "of_role": self(f"role.{role}.of")}

    def side(self, direction: str) -> str:
        """``left`` (play goes clockwise) or ``right``."""
        return self("side.left" if direction == "clockwise" else "side.right")


def players_text(w: RuleWords, counts: Sequence[int]) -> str:
    """``4 players``, ``3 to 7 players``, ``3 or 4 players``."""
    if len(counts) == 1:
        return w("players.one", n=counts[0])
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return w("players.range", low=counts[0], high=counts[-1])
    return w("players.list", counts=w.join([str(n) for n in counts], "or"))


def by_count(w: RuleWords, texts: dict[int, str]) -> str:
    """One text when every count agrees, else each text with its counts."""
    if len(set(texts.values())) == 1:
        return next(iter(texts.values()))
    grouped: dict[str, list[int]] = {}
    for n, text in texts.items():
        grouped.setdefault(text, []).append(n)
    return ", ".join(w("with_counts", text=text, counts=w.join([str(n) for n in ns], "or"))
                     for text, ns in grouped.items())


__all__ = ["RuleWords", "by_count", "players_text"]
