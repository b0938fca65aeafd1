"""What a scorer enters for one hand: the facts of play a contract's scoring needs.

A scorer at a real table does not write down every card played, only who
took what (docs/sheet.md): the tricks each seat took, how many cards of
each counted set, who took each card that has a value of its own and each
scored trick position, the domino placings, each seat's longest suit for
Ravage City.  :func:`entry_plan` reads a contract's compiled rules for one
player count, deck and trump and says which of those facts it needs and
what each is worth, so that every scorer (the Python sheet, the generated
package's ``score_hand``, the web page) scores them the same way.

How the facts score (docs/rules.md sections 1–3):

* each trick taken: :attr:`EntryPlan.per_trick`;
* each card of a counted set: the set's value (the sum of every ``per …``
  part naming that set, over all groups, so Salade's groups add up);
* a card with a value of its own (``A♥ −6``, ``K♥ +60``): its
  :attr:`Single.adjust`, the difference between the card's whole value and
  what its sets already give it (``−2 per ♥, A♥ −6``: the hearts count
  gives the ace −2, the ace adds −4);
* each scored trick position, the domino places, Ravage City shares by the
  number tied;
* all or nothing and shoot the moon, applied by themselves from the facts;
* taking all or none (section 6): a seat with no card of a set (``+5 for
  no ♥``: the set is counted, worth nothing in itself when nothing else
  counts it), and a slam that replaces the hand's scores, from the tricks.

The plan is plain data (:meth:`EntryPlan.to_json`), so a page can carry it;
its classes, and the checks and scoring of the facts, are the runtime's
(:mod:`barbu_dsl.runtime.entry`), which a generated package carries too.
"""

from __future__ import annotations

from functools import lru_cache

from .. import cards as C
from ..language import model as m
from ..language.rules import select
from ..runtime.entry import KEYS, CountedSet, EntryPlan, NoneOf, Single
from .facts import fixed_trump, most_parts, placing_values, resolved_scoring, tie_shares, trump_mode
from .masks import mask_of
from .tables import TrickTable, trick_table

__all__ = ["KEYS", "CountedSet", "EntryPlan", "Single", "entry_plan", "set_name"]

def set_name(selector: m.Cards) -> str:
    """The docs/sheet.md name of a counted set of cards."""
    if isinstance(selector, m.SuitCards):
        return C.SUIT_LETTERS[selector.suit]
    if isinstance(selector, m.RankCards):
        return C.RANK_LETTERS[selector.rank]
    if isinstance(selector, m.AllCards):
        return "card"
    if isinstance(selector, m.TrumpCards):
        return "trump"
    if isinstance(selector, m.CardSet):
        return "+".join(C.card_str(c) for c in selector.cards)
    raise ValueError(f"{selector} is not a counted set")


@lru_cache(maxsize=512)
def entry_plan(rules: m.Rules, players: int, deck: tuple[int, ...], trump: int | None = None,
               aside: int = 0) -> EntryPlan:
    """What a scorer enters for a hand of ``rules``, ``players`` holding ``deck`` (sorted cards); ``trump``: the
    suit the declarer named, where they name one; ``aside`` cards lie in a widow nobody takes (docs/rules.md
    section 6): a counted set may fall that short, and as many cards of a value of their own lack a taker."""
    deck_mask = mask_of(deck)
    tricks = len(deck) // players
    if isinstance(rules.play, m.DominoPlay):
        return EntryPlan(players, tricks, deck_mask, True, 0, (), (), (), placing_values(rules.scoring, players),
                         (), False, False)
    if trump_mode(rules.play) == "fixed":
        trump = fixed_trump(rules.play)
    table = trick_table(rules, players, deck, trump)

    set_values: dict[str, int] = {}
    set_masks: dict[str, int] = {}
    single_cards: list[int] = []
    for part in resolved_scoring(rules, players, deck, table.trump).parts:
        if not isinstance(part, m.PerCard):
            continue
        if isinstance(part.cards, m.OneCard):
            if part.cards.card in deck and part.cards.card not in single_cards:
                single_cards.append(part.cards.card)
            continue
        name = set_name(part.cards)
        set_values[name] = set_values.get(name, 0) + part.value
        set_masks[name] = mask_of(select(part.cards, table.trump)) & deck_mask
    sets = tuple(
        CountedSet(name, set_masks[name], value,
                   max(0, ((set_masks[name] & table.scoring_mask).bit_count() if not table.plays_out
                           else set_masks[name].bit_count()) - aside))
        for name, value in set_values.items()
    )
    singles = tuple(
        Single(card, C.card_str(card),
               table.values[card] - sum(s.value for s in sets if s.mask >> card & 1))
        for card in sorted(single_cards)
    )
    none_of = _none_of(rules, table, sets, singles, deck_mask)
    sets += tuple(CountedSet(name, mask, 0, max(0, mask.bit_count() - aside))
                  for name, mask in _uncounted(rules, sets, table.trump, deck_mask))
    positions = tuple((index + 1, value) for index, value in enumerate(table.trick_at) if value)
    return EntryPlan(
        players=players,
        tricks=tricks,
        deck=deck_mask,
        domino=False,
        per_trick=table.per_trick,
        sets=sets,
        singles=singles,
        positions=positions,
        placings=(),
        most=tuple(tie_shares(part, players) for part in most_parts(rules.scoring)),
        all_or_nothing=rules.scoring.all_or_nothing,
        shoot_the_moon=rules.scoring.shoot_the_moon,
        by_tricks=table.by_tricks,
        none_of=none_of,
        slam=table.slam,
        aside=aside,
    )


def _uncounted(rules: m.Rules, sets: tuple[CountedSet, ...], trump: int | None,
               deck: int) -> list[tuple[str, int]]:
    """The sets a ``+5 for no ♥`` names that no part counts yet: the scorer
    counts them too (worth nothing in themselves)."""
    counted = {s.name for s in sets}
    found: list[tuple[str, int]] = []
    for part in rules.scoring.parts:
        if isinstance(part, m.NoCards) and not isinstance(part.cards, m.PointCards):
            name = _none_set_name(part.cards)
            if name not in counted:
                counted.add(name)
                found.append((name, mask_of(select(part.cards, trump)) & deck))
    return found


def _none_set_name(cards: m.Cards) -> str:
    """The counted set a ``+5 for no …`` reads: one card is a set of one."""
    return set_name(m.CardSet((cards.card,)) if isinstance(cards, m.OneCard) else cards)


def _none_of(rules: m.Rules, table: TrickTable, sets: tuple[CountedSet, ...], singles: tuple[Single, ...],
             deck: int) -> tuple[NoneOf, ...]:
    """Each ``+5 for no …`` as the facts that show a seat took none of its
    cards: the count of its set, or, for ``no points``, the count of every
    set that scores and each card with a value of its own."""
    found = []
    for part in rules.scoring.parts:
        if not isinstance(part, m.NoCards):
            continue
        if isinstance(part.cards, m.PointCards):
            scoring = table.scoring_mask & deck
            names = tuple(s.name for s in sets if s.mask & scoring)
            cards = tuple(s.card for s in singles if scoring >> s.card & 1)
            free = tuple(s.card for s in singles if not scoring >> s.card & 1)  # A♥ 0 in a counted set
            found.append(NoneOf(names, cards, part.value, free))
        else:
            found.append(NoneOf((_none_set_name(part.cards),), (), part.value))
    return tuple(found)
