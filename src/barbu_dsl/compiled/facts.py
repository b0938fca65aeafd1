"""The facts of one contract's rules that do not depend on the deal.

Each function here answers one question about a :class:`~barbu_dsl.language.model.Rules`
(or a part of it) and is the only place that answers it; the tables of
:mod:`.tables`, the totals of :mod:`.totals`, the explainer, the bots and
the generator all ask here.

* :func:`trump_mode` — no trumps, trumps the declarer names, or a fixed suit;
* :func:`trick_values` — points for taking each trick of a hand by its
  position (docs/rules.md sections 2 and 3: ``−20 last trick``), trick values
  adding up inside a group (section 1, values that add up);
* :func:`placing_values` — domino points for each place (section 2);
* :func:`tie_shares` — what each tied player scores in Ravage City
  (section 2, variant 9 and its ruling);
* :func:`lead_ban_masks` and :func:`selector_mask` — lead bans, first-trick
  bans and shed-when-safe cards as masks (sections 2 and 3);
* :func:`plays_out` — whether a hand plays every trick instead of ending
  early (section 1, early end and playing out);
* :func:`score_sign` — whether every score a spec's hands give is a plus,
  every one a minus, or either (how the table says what is good for a
  player);
* :func:`nothing_chosen` — whether a spec's hands choose nothing (one
  contract, nothing to announce): nobody declares or chooses there;
* :func:`resolved_scoring` — a contract's scoring for one deck, every
  ``spread`` written as the share it gives each trick or card (section 6),
  and :func:`rules_in_play`, a contract's rules as a game of its spec plays
  them (the shares of the spec's deck).

Card values (a single card's value replacing a wider part's inside one
group) are :func:`barbu_dsl.language.rules.card_values`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, assert_never, cast

from ..language import model as m
from ..language.rules import resolve_spreads, select, split_share
from ..runtime.announcement import Announcement
from ..runtime.scoring import last_scoring_index, position_values
from .masks import SUIT_MASKS, mask_of

__all__ = [
    "LeadBanMask", "PartFacts", "TrumpMode", "announcement", "fixed_trump", "last_scoring_index", "lead_ban_masks",
    "most_parts", "none_of_masks", "nothing_chosen", "part_facts", "per_trick_value",
    "placing_values", "plays_out", "resolved_scoring", "rules_in_play", "score_sign",
    "selector_mask", "tie_shares", "trick_values", "tricks_taken_values", "trump_mode",
]

TrumpMode = Literal["none", "named", "fixed"]


@lru_cache(maxsize=256)
def announcement(play: m.Play) -> Announcement:
    """What the declarer announces before a hand of ``play`` — a trump suit,
    a starting rank, or nothing — and what the rules fix instead
    (docs/rules.md section 2, Trumps and Domino).  The one place this is
    worked out: a record's reader, a game, a bot, a score sheet and the
    generator all ask here."""
    match play:
        case m.TrickPlay(trumps=trumps):
            if trumps is None:
                return Announcement()
            return Announcement("named") if trumps.suit is None else Announcement("fixed", trumps.suit)
        case m.DominoPlay(start=start):
            if isinstance(start, int):
                return Announcement(start="fixed", start_rank=start)
            return Announcement(start=start)
        case _:
            assert_never(play)


def trump_mode(play: m.Play) -> TrumpMode:
    """``none`` (no trumps, or domino), ``named`` (the declarer names the
    suit at play) or ``fixed`` (the contract fixes it)."""
    return cast(TrumpMode, announcement(play).trumps)


def fixed_trump(play: m.Play) -> int | None:
    """The trump suit the contract fixes, or None."""
    return announcement(play).trump_suit


@dataclass(frozen=True)
class PartFacts:
    """What a contract's scoring parts give, read once, one ``case`` a
    part (:func:`part_facts`): every reader of the scoring asks here, so a
    new kind of part is one more ``case`` and, where it scores a new kind of
    element, one more field."""

    per_trick: int = 0  # points for each trick taken, every ``per trick`` added up
    cards: bool = False  # cards score (``per …``, ``A♥ −6``): see language.rules.card_values
    positions: tuple[tuple[int, int], ...] = ()  # (trick position, points): ``−20 last trick``
    placings: tuple[tuple[int, ...], ...] = ()  # domino: points by place
    most: tuple[m.MostOfOneSuit, ...] = ()  # Ravage City
    spreads: tuple[m.Spread, ...] = ()  # values shared out over the deck (docs/rules.md section 6)
    by_tricks: tuple[tuple[int, int], ...] = ()  # (a seat's number of tricks, points): see tricks_taken_values
    none_of: tuple[tuple[m.Cards, int], ...] = ()  # (cards, points for a seat that took none of them)
    slam: int | None = None  # a seat that took every trick scores this and every other seat 0


@lru_cache(maxsize=512)
def part_facts(scoring: m.Scoring) -> PartFacts:
    """The :class:`PartFacts` of ``scoring``."""
    per_trick, cards = 0, False
    positions: list[tuple[int, int]] = []
    placings: list[tuple[int, ...]] = []
    most: list[m.MostOfOneSuit] = []
    spreads: list[m.Spread] = []
    by_tricks: list[tuple[int, int]] = []
    none_of: list[tuple[m.Cards, int]] = []
    slam: int | None = None
    for part in scoring.parts:
        match part:
            case m.PerTrick(value=value):
                per_trick += value
            case m.NoTrick(value=value):
                by_tricks.append((0, value))
            case m.AllTricks(value=value, instead=False):
                by_tricks.append((-1, value))  # -1: every trick of the hand
            case m.AllTricks(value=value):
                slam = value  # instead: it replaces the hand's scores
            case m.NoCards(value=value, cards=selector):
                none_of.append((selector, value))
            case m.PerCard():
                cards = True
            case m.TrickAt(value=value, position=position):
                positions.append((position, value))
            case m.Placings(values=values):
                placings.append(values)
            case m.MostOfOneSuit():
                most.append(part)
            case m.Spread():
                spreads.append(part)
            case _:
                assert_never(part)
    return PartFacts(per_trick, cards, tuple(positions), tuple(placings), tuple(most), tuple(spreads),
                     tuple(by_tricks), tuple(none_of), slam)


def score_sign(spec: m.Spec) -> int:
    """``1`` when no hand of ``spec`` can give a player less than zero (Hearts:
    every point counts against the taker), ``-1`` when none can give more
    than zero, ``0`` when a score may be either.  Doubling (section 2,
    settling the doubles moves points from one player to another),
    ``all or nothing`` (points negated), a pot and totals that go back
    (section 6) make either possible."""
    game = spec.game
    if spec.doubling.allowed or game.pot or game.reset or game.payout:
        return 0
    values: set[int] = set()
    for contract in spec.contracts:
        for rules in (contract.rules, *(rules for _, rules in contract.by_players)):
            if rules.scoring.all_or_nothing:
                return 0
            for part in rules.scoring.parts:
                values.update(part.values if isinstance(part, m.Placings) else (part.value,))
    if all(value >= 0 for value in values):
        return 1
    return -1 if all(value <= 0 for value in values) else 0


def nothing_chosen(spec: m.Spec) -> bool:
    """Whether no hand of ``spec`` has anything to choose: it has one
    contract (Hearts), which names no trump suit and no starting rank to
    announce (docs/rules.md section 2).  Then nobody declares or chooses,
    and the table does not say that anybody does."""
    if len(spec.contracts) != 1:
        return False
    contract = spec.contracts[0]
    return all(announcement(rules.play).names is None
               for rules in (contract.rules, *(rules for _, rules in contract.by_players)))


def per_trick_value(scoring: m.Scoring) -> int:
    """Points for each trick taken, every ``per trick`` part added up."""
    return part_facts(scoring).per_trick


@lru_cache(maxsize=512)
def trick_values(scoring: m.Scoring, tricks: int) -> tuple[int, ...]:
    """Points for taking each trick of a hand of ``tricks`` tricks by its
    position, by 0-based index.  Positions count from 1 (first) or from the
    end (``-1`` last); a position the hand does not have never scores."""
    return position_values(part_facts(scoring).positions, tricks)


@lru_cache(maxsize=512)
def tricks_taken_values(scoring: m.Scoring, tricks: int) -> tuple[int, ...]:
    """What a seat scores for the number of tricks it took, by that number
    (0 to ``tricks``), beyond ``per trick``: ``+10 for no trick`` is 10 at
    0, ``+20 for all tricks`` 20 at ``tricks`` (written -1: every trick of
    the hand, whatever its size).  Empty when nothing scores so (the common
    case, read as all zeros)."""
    by_tricks = part_facts(scoring).by_tricks
    if not by_tricks:
        return ()
    values = [0] * (tricks + 1)
    for taken, value in by_tricks:
        count = taken if taken >= 0 else tricks + 1 + taken
        if 0 <= count <= tricks:
            values[count] += value
    return tuple(values)


@lru_cache(maxsize=256)
def placing_values(scoring: m.Scoring, players: int) -> tuple[int, ...]:
    """Domino: the points for each place (1st, 2nd, ...) with ``players``
    players; places beyond the values given score 0."""
    values = [0] * players
    for placings in part_facts(scoring).placings:
        for place, value in enumerate(placings[:players]):
            values[place] += value
    return tuple(values)


def most_parts(scoring: m.Scoring) -> tuple[m.MostOfOneSuit, ...]:
    """The Ravage City parts of a contract."""
    return part_facts(scoring).most


@lru_cache(maxsize=256)
def tie_shares(part: m.MostOfOneSuit, players: int) -> tuple[int, ...]:
    """What each tied player scores from a Ravage City part when ``k``
    players tie, at index ``k`` (1..players; index 0 is unused and 0):
    the whole value with ``ties full``, else an equal share rounded as the
    spec declares (:func:`~barbu_dsl.language.rules.split_share`)."""
    shares = [0]
    for k in range(1, players + 1):
        shares.append(part.value if part.ties == "full" else split_share(part.value, k, part.rounding))
    return tuple(shares)


def plays_out(rules: m.Rules) -> bool:
    """Whether a trick hand plays every trick (docs/rules.md section 1): the
    contract says ``play every trick``, or it scores per trick (a spread
    over the tricks too), for the most cards of one suit, for the number of
    tricks a seat took, for taking none of some cards or every trick
    (section 6, taking all or none), which the last trick can still change."""
    match rules.play:
        case m.DominoPlay():
            return False
        case m.TrickPlay(play_every_trick=every):
            facts = part_facts(rules.scoring)
            spread_tricks = any(p.cards is None and p.value for p in facts.spreads)
            return (every or bool(facts.per_trick) or spread_tricks or bool(facts.most) or bool(facts.by_tricks)
                    or bool(facts.none_of) or facts.slam is not None)
        case _:
            assert_never(rules.play)


def rules_in_play(spec: m.Spec, contract: m.Contract, players: int, trump: int | None = None) -> m.Rules:
    """The rules a hand of ``contract`` is played with by ``players`` (with
    ``trump`` when the declarer names one): its rules for that count, each
    spread written as the share it gives with the spec's deck for that
    count (docs/rules.md section 6), so that a deal of any size scores as the
    game does."""
    rules = contract.rules_for(players)
    if not part_facts(rules.scoring).spreads:
        return rules
    if trump is None:
        trump = fixed_trump(rules.play)
    scoring = resolved_scoring(rules, players, tuple(sorted(spec.deck_for(players))), trump)
    return m.Rules(rules.play, scoring)


def resolved_scoring(rules: m.Rules, players: int, deck: tuple[int, ...], trump: int | None) -> m.Scoring:
    """``rules``' scoring for ``players`` holding ``deck`` with ``trump``:
    each spread replaced by the ``per trick`` or ``per …`` part of its
    share (docs/rules.md section 6), so that every reader counts the same
    values; any other scoring is returned as it is."""
    return resolve_spreads(rules.scoring, len(deck) // players, frozenset(deck), trump)


@dataclass(frozen=True)
class LeadBanMask:
    """A :class:`~barbu_dsl.language.model.LeadBan` as masks: the banned
    suit, and (for ``until-broken``) every card whose play breaks it — the
    suit's own cards and the named breakers (``Q♠ breaks ♥``)."""

    suit: int
    scope: m.LeadScope
    suit_mask: int
    broken_by: int


def lead_ban_masks(play: m.TrickPlay) -> tuple[LeadBanMask, ...]:
    """The lead bans of ``play`` as masks, in the order written."""
    return tuple(
        LeadBanMask(ban.suit, ban.scope, SUIT_MASKS[ban.suit], SUIT_MASKS[ban.suit] | mask_of(ban.broken_by))
        for ban in play.lead_bans
    )


def none_of_masks(scoring: m.Scoring, trump: int | None, points: Iterable[int],
                  deck: int) -> tuple[tuple[int, int], ...]:
    """Each ``+5 for no ♥`` of ``scoring`` as (the mask of its cards in
    ``deck``, its points), with ``trump`` for ``trumps`` and ``points`` the
    cards that score, for ``points`` (docs/rules.md section 6)."""
    scoring_cards = tuple(points)
    return tuple((selector_mask((cards,), trump, scoring_cards) & deck, value)
                 for cards, value in part_facts(scoring).none_of)


def selector_mask(selectors: Iterable[m.Cards], trump: int | None, points: Iterable[int] = ()) -> int:
    """The mask of every card the selectors name, out of all 52 (``trump``
    for ``trumps``; ``points`` the cards that score, for ``points``)."""
    scoring = frozenset(points)
    mask = 0
    for selector in selectors:
        mask |= mask_of(select(selector, trump, scoring))
    return mask
