"""Build a contract's :class:`~.model.Rules` from clauses, and take it apart.

:func:`build` checks what a grammar cannot: clauses that contradict (trumps
and domino, two values for one card in a group), clauses that need another
(``must overtrump`` without trumps, ``Q♠ breaks ♥`` without ``no ♥ lead
until broken``), clauses given twice, lead rules that leave no opening lead
(``2♥ leads, no ♥ opening lead``; bans on all four suits), parts that
score nothing (``+0 per trick``).  Each problem points at the clause
that caused it.  :func:`clauses` is the inverse, used by the printer and by
overlays that add or remove clauses.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, assert_never

from .. import cards as C
from ..runtime import scoring
from . import model as m
from .unexpressible import NOT_EXPRESSIBLE

if TYPE_CHECKING:
    from .parser import Groups, LineProblem

@dataclass
class _Line:
    """A rule line's clauses sorted out: the mechanics (each once) and the
    scoring groups, every clause with its offset in the line."""

    mechanics: list[tuple[m.Mechanic, int]] = field(default_factory=list)
    groups: list[tuple[m.Part, ...]] = field(default_factory=list)
    offsets: dict[int, int] = field(default_factory=dict)  # id(part) -> its offset
    problems: list[tuple[int, str, str | None]] = field(default_factory=list)
    start: int = 0  # the offset of the line's first clause

    def first(self, kind: type) -> tuple[m.Mechanic, int] | None:
        """The mechanic of type ``kind`` and its offset, if the line has one."""
        return next(((c, o) for c, o in self.mechanics if type(c) is kind), None)

    def has(self, kind: type) -> bool:
        return self.first(kind) is not None

    @property
    def parts(self) -> list[m.Part]:
        return [part for group in self.groups for part in group]

    def at(self, part: m.Part) -> int:
        return self.offsets[id(part)]

    @property
    def domino(self) -> bool:
        return self.has(m.DominoClause)

    @property
    def trumps(self) -> bool:
        return self.has(m.TrumpsClause)


def _sorted_out(groups: Groups) -> _Line:
    """The clauses of ``groups`` as a :class:`_Line`; a mechanic given twice,
    or two that set one thing, is a problem (the later one)."""
    line = _Line(start=groups[0][0][1] if groups and groups[0] else 0)
    seen: dict[object, m.Clause] = {}
    for group in groups:
        parts: list[m.Part] = []
        for clause, offset in group:
            match clause:
                case (m.PerTrick() | m.NoTrick() | m.NoCards() | m.AllTricks() | m.PerCard() | m.TrickAt()
                      | m.Placings() | m.MostOfOneSuit() | m.Spread()):
                    parts.append(clause)
                    line.offsets[id(clause)] = offset
                case _:
                    key = _mechanic_key(clause)
                    if key in seen:
                        hint = ("a contract has one rank order: '2 high' or one 'order …' (docs/rules.md section 6, "
                                "Card orders)" if key == "rank order" else None)
                        line.problems.append((offset, f"'{clause_text(clause)}' is given twice" if seen[key] == clause
                                              else f"'{clause_text(clause)}' contradicts an earlier clause", hint))
                        continue
                    seen[key] = clause
                    line.mechanics.append((clause, offset))
        if parts:
            line.groups.append(tuple(parts))
    return line


# The checks of a rule line, each a small function of the sorted line that
# yields its problems (offset, message, hint), run in this order.  What a
# clause asks of the others is the data beside it in the model
# (``applies``, ``needs_trumps``, ``swept``, ``elsewhere``).

Found = Iterator[tuple[int, str, str | None]]


def _trumps_and_domino(line: _Line) -> Found:
    domino = line.first(m.DominoClause)
    if domino and line.trumps:
        yield domino[1], "a contract cannot be both trumps and domino", None
    again = [(c, o) for c, o in line.mechanics if isinstance(c, m.AceAgain | m.AceMayAgain | m.AnyNumber)]
    for clause, offset in again[1:]:
        yield offset, f"'{clause_text(clause)}' contradicts '{clause_text(again[0][0])}'", \
            "a player plays again by one rule: 'ace plays again', 'ace may play again' or 'any number of cards a turn'"
    starts = line.first(m.Starts)
    if domino and starts and isinstance(domino[0], m.DominoClause) and domino[0].start != "chosen":
        text = clause_text(starts[0])
        yield starts[1], f"'{text}' contradicts '{clause_text(domino[0])}': the rows grow from its rank", \
            f"write 'domino, {text}'"


def _needs_trumps(line: _Line) -> Found:
    if not line.trumps:
        for clause, offset in line.mechanics:
            if clause.needs_trumps:
                yield offset, f"'{clause_text(clause)}' needs 'trumps'", None


def _counts_trumps(line: _Line) -> Found:
    """``per trump``, ``spread over trumps`` and ``for no trump`` need ``trumps``."""
    if not line.trumps:
        for part in line.parts:
            if isinstance(part, (m.PerCard, m.Spread, m.NoCards)) and isinstance(part.cards, m.TrumpCards):
                what = {m.PerCard: "per trump", m.Spread: "spread over trumps", m.NoCards: "for no trump"}[type(part)]
                yield line.at(part), f"'{what}' needs 'trumps'", None


def _all_or_none(line: _Line) -> Found:
    """Taking all or none (docs/rules.md section 6): ``for no points``
    needs cards that score, and names no trumps (the suit named at play);
    one slam that replaces the hand's scores, and no slam bonus beside it
    (the replaced scores would not count)."""
    cards_score = any(isinstance(p, (m.PerCard, m.Spread)) and p.cards is not None for p in line.parts)
    slams = [p for p in line.parts if isinstance(p, m.AllTricks)]
    instead = [p for p in slams if p.instead]
    trumps_score = any(isinstance(p, (m.PerCard, m.Spread)) and isinstance(p.cards, m.TrumpCards)
                       for p in line.parts)
    for part in line.parts:
        if not isinstance(part, m.NoCards):
            continue
        if isinstance(part.cards, m.PointCards) and not cards_score:
            yield line.at(part), f"'{clause_text(part)}' needs cards that score", \
                "score some cards ('−1 per ♥'), or name the cards: '+5 for no ♥'"
        elif line.trumps and (isinstance(part.cards, m.TrumpCards) or isinstance(part.cards, m.PointCards)
                              and trumps_score):
            yield line.at(part), f"{NOT_EXPRESSIBLE}'{clause_text(part)}': a value for taking none of the trumps", \
                "name the suit: '+5 for no ♠'"
    if instead:
        alongside = next(group for group in line.groups if any(p is instead[0] for p in group))
        for part in slams:
            if not any(part is p for p in alongside):  # in its own group, _groups says it
                yield line.at(part), f"'{clause_text(part)}' contradicts '{clause_text(instead[0])}'", \
                    "a slam that replaces the hand's scores is given once, and alone"


def _where_it_applies(line: _Line) -> Found:
    """Each clause in the play it belongs to: domino rules with ``domino``,
    trick rules and trick scoring without it."""
    play: m.Applies = "domino" if line.domino else "tricks"
    for clause, offset in line.mechanics:
        if clause.applies == play or isinstance(clause, m.DominoClause | m.TrumpsClause) or clause.needs_trumps:
            continue  # trumps in domino, and clauses that need them, have their own words above
        text = clause_text(clause)
        if play == "domino":
            yield offset, f"'{text}' does not apply to domino", \
                "a domino opened by a card says 'starts' ('8♦ starts')" if isinstance(clause, m.Leads) else None
        elif clause.elsewhere:
            yield offset, f"'{text}' is a domino rule; {clause.elsewhere}", None
        else:
            yield offset, f"'{text}' is a domino rule", "add 'domino'"
    for part in line.parts:
        if part.applies == play:
            continue
        if play == "domino":
            yield line.at(part), f"'{clause_text(part)}' scores tricks, but domino has none", \
                "domino scores with 'placings'"
        else:
            yield line.at(part), "'placings' score domino; this contract plays tricks", \
                "add 'domino' or score tricks or cards"
    domino = line.first(m.DominoClause)
    if domino and not any(part.applies == "domino" for part in line.parts):
        yield domino[1], "domino needs 'placings' to score", None


def _scores_something(line: _Line) -> Found:
    if not line.parts:
        yield line.start, "this contract scores nothing", "add a scoring part such as '−2 per trick'"


def _sweeps(line: _Line) -> Found:
    """``all or nothing`` and ``shoot the moon``: not both, and only over
    parts a player can sweep."""
    moon = line.first(m.ShootTheMoon)
    if moon and line.has(m.AllOrNothing):
        yield moon[1], "'shoot the moon' contradicts 'all or nothing'", None
    for sweep in (line.first(m.AllOrNothing), moon):
        if sweep is not None:
            for part in line.parts:
                if not part.swept:
                    yield sweep[1], f"'{clause_text(sweep[0])}' cannot apply to '{clause_text(part)}'", None


def _breakers(line: _Line) -> Found:
    """``Q♠ breaks ♥`` needs ``no ♥ lead until broken``."""
    bans = {c.suit: c for c, _ in line.mechanics if isinstance(c, m.NoLead)}
    for clause, offset in line.mechanics:
        if isinstance(clause, m.Breaks):
            ban = bans.get(clause.suit)
            if ban is None or ban.scope != "until-broken":
                yield offset, f"'{clause_text(clause)}' needs 'no {C.suit_symbol(clause.suit)} lead until broken'", \
                    None


def _groups(line: _Line) -> Found:
    """Inside each group: no element with two values, no part worth nothing."""
    for group in line.groups:
        for message, part in _overlaps(group):
            yield line.at(part), message, "separate parts that add up with ';', or give the card its own value"
        for part in _scoring_nothing(group):
            yield line.at(part), f"'{clause_text(part)}' scores nothing", "give it a value, or leave it out"


def _leads(line: _Line) -> Found:
    yield from _lead_contradictions(line.mechanics)


CHECKS: tuple[Callable[[_Line], Found], ...] = (_trumps_and_domino, _needs_trumps, _where_it_applies, _counts_trumps,
                                                _scores_something, _sweeps, _all_or_none, _breakers, _groups,
                                                _leads)
"""The checks :func:`build` runs on every rule line, in order."""


def build(groups: Groups) -> tuple[m.Rules | None, list[LineProblem]]:
    """Rules from positioned clause groups, or None and the problems."""
    from .parser import LineProblem  # here, not above: reading a model never loads the parser (lark)

    line = _sorted_out(groups)
    found = list(line.problems)
    for check in CHECKS:
        found.extend(check(line))
    if found:
        return None, [LineProblem(offset, message, 1, hint) for offset, message, hint in found]
    scoring = m.Scoring(groups=tuple(line.groups), all_or_nothing=line.has(m.AllOrNothing),
                        shoot_the_moon=line.has(m.ShootTheMoon))
    return m.Rules(_play(line.mechanics), scoring), []


def _play(mechanics: Sequence[tuple[m.Mechanic, int]]) -> m.Play:  # noqa: C901 -- one small builder a clause
    """The play the mechanics of a checked line set out: each clause puts
    its rule into the :class:`~.model.TrickPlay` or :class:`~.model.DominoPlay`
    (a table of small builders, one ``case`` a clause)."""
    domino: m.DominoPlay | None = None
    tricks = m.TrickPlay()
    trumps: m.Trumps | None = None
    breakers: dict[int, list[int]] = {}
    for clause, _ in mechanics:
        match clause:
            case m.DominoClause(start=start):
                domino = replace(domino or m.DominoPlay(), start=start)
            case m.AcesLow():
                domino = replace(domino or m.DominoPlay(), aces_low=True)
            case m.AceAgain():
                domino = replace(domino or m.DominoPlay(), ace_again=True)
            case m.EndsAtFirstOut():
                domino = replace(domino or m.DominoPlay(), end="first-out")
            case m.Starts(card=card):
                domino = replace(domino or m.DominoPlay(), opening_card=card)
            case m.AceMayAgain():
                domino = replace(domino or m.DominoPlay(), play_on="after-ace")
            case m.AnyNumber():
                domino = replace(domino or m.DominoPlay(), play_on="always")
            case m.TrumpsClause(suit=suit):
                trumps = replace(trumps or m.Trumps(), suit=suit)
            case m.MustWinWithTrump():
                trumps = replace(trumps or m.Trumps(), must_win=True)
            case m.MustOvertrump():
                trumps = replace(trumps or m.Trumps(), must_overtrump=True)
            case m.MustTrump():
                trumps = replace(trumps or m.Trumps(), must_trump=True)
            case m.Inverted():
                tricks = replace(tricks, inverted=True)
            case m.Order(ranks=ranks):
                tricks = replace(tricks, order=ranks)
            case m.PlayEveryTrick():
                tricks = replace(tricks, play_every_trick=True)
            case m.NoLead(suit=suit, scope=scope):
                tricks = replace(tricks, lead_bans=(*tricks.lead_bans, m.LeadBan(suit, scope)))
            case m.Breaks(card=card, suit=suit):
                breakers.setdefault(suit, []).append(card)
            case m.Leads(card=card):
                tricks = replace(tricks, opening_card=card)
            case m.NotOnFirstTrick(cards=cards):
                tricks = replace(tricks, first_trick_bans=(*tricks.first_trick_bans, cards))
            case m.ShedWhenSafe(cards=cards):
                tricks = replace(tricks, shed_when_safe=(*tricks.shed_when_safe, cards))
            case m.DiscardWhenVoid(cards=cards):
                tricks = replace(tricks, discard_when_void=(*tricks.discard_when_void, cards))
            case m.AllOrNothing() | m.ShootTheMoon():
                pass  # scoring switches (see build)
            case _:
                assert_never(clause)
    if domino is not None and domino.opening_card is not None:
        return replace(domino, start=C.rank_of(domino.opening_card))  # the rows grow from its rank
    if domino is not None:
        return domino
    bans = tuple(replace(ban, broken_by=tuple(sorted(breakers.get(ban.suit, ())))) for ban in tricks.lead_bans)
    return replace(tricks, trumps=trumps, lead_bans=bans)


def _scoring_nothing(group: Sequence[m.Part]) -> list[m.Part]:
    """Parts of a group whose value is 0 (``+0 per trick``), except a single
    card's 0 that takes the card out of a wider part (``−2 per ♥, A♥ 0``)."""
    wider = [p.cards for p in group if isinstance(p, (m.PerCard, m.Spread)) and p.cards is not None
             and not isinstance(p.cards, m.OneCard)]

    def worth_nothing(part: m.Part) -> bool:
        match part:
            case m.Placings(values=values):
                return not any(values)
            case m.PerCard(value=0, cards=m.OneCard() as card):
                return not any(_may_overlap(card, cards) for cards in wider)
            case m.AllTricks(instead=True):
                return False  # a slam that cancels the hand's scores says something even at 0
            case (m.PerTrick() | m.NoTrick() | m.NoCards() | m.AllTricks() | m.PerCard() | m.TrickAt()
                  | m.MostOfOneSuit() | m.Spread()):
                return part.value == 0
            case _:
                assert_never(part)

    return [part for part in group if worth_nothing(part)]


def _lead_contradictions(mechanics: Sequence[tuple[m.Clause, int]]) -> list[tuple[int, str, str]]:
    """Lead rules that leave the opening lead impossible: a card that must
    lead whose suit is banned from it (``2♥ leads, no ♥ opening lead``), or
    bans on all four suits.  Every kind of ban (every lead, the opening
    lead, until broken) bans the opening lead.  (A first-trick ban such as
    ``no points on first trick`` does not contradict ``Q♠ leads``: it holds
    only when the player has a choice, and the leader of Q♠ has none.)"""
    found: list[tuple[int, str, str]] = []
    bans = [(clause, offset) for clause, offset in mechanics if isinstance(clause, m.NoLead)]
    for lead in (clause for clause, _ in mechanics if isinstance(clause, m.Leads)):
        for ban, offset in bans:
            if ban.suit == C.suit_of(lead.card):
                message = f"'{clause_text(ban)}' forbids the opening lead that '{clause_text(lead)}' requires"
                found.append((offset, message, "lift the ban, or let another card lead"))
    if {ban.suit for ban, _ in bans} == set(C.SUITS):
        found.append((bans[-1][1], "the lead bans cover all four suits, so no card may open the hand",
                      "leave one suit free to lead"))
    return found


def _mechanic_key(clause: m.Clause) -> object:
    """Clauses with the same key may appear once: the same switch, or two
    values for one thing (two lead bans on one suit, two opening cards)."""
    match clause:
        case m.NoLead(suit=suit):
            return ("lead", suit)
        case m.TrumpsClause() | m.DominoClause() | m.Leads() | m.Starts():
            return type(clause)
        case m.Inverted() | m.Order():
            return "rank order"
        case _:
            return clause


def _overlaps(group: Sequence[m.Part]) -> list[tuple[str, m.Part]]:
    """Parts of one group that give one element two values."""
    found: list[tuple[str, m.Part]] = []
    kinds: dict[object, m.Part] = {}
    general: list[m.PerCard | m.Spread] = []
    for part in group:
        key: object
        match part:
            case m.Spread(cards=None):
                key = m.PerTrick  # a share of a total per trick is a per-trick value
            case m.PerCard(cards=m.OneCard(card=card)) | m.Spread(cards=m.OneCard(card=card)):
                key = ("card", card)
            case m.PerCard(cards=cards) | m.Spread(cards=cards) if cards is not None:
                for other in general:
                    if other.cards is not None and _may_overlap(other.cards, cards):
                        message = f"'{clause_text(part)}' and '{clause_text(other)}' both score some cards in one group"
                        found.append((message, part))
                general.append(part)
                continue
            case m.TrickAt(position=position):
                key = ("trick", position)
            case m.NoCards(cards=cards):
                key = ("none of", cards)
            case (m.PerTrick() | m.NoTrick() | m.AllTricks() | m.Placings() | m.MostOfOneSuit() | m.PerCard()
                  | m.Spread()):
                key = type(part)
            case _:
                assert_never(part)
        if key in kinds:
            found.append((f"'{clause_text(part)}' contradicts '{clause_text(kinds[key])}'", part))
        kinds[key] = part
    return found


def _may_overlap(a: m.Cards, b: m.Cards) -> bool:
    if isinstance(a, m.TrumpCards) or isinstance(b, m.TrumpCards):
        return True  # the trump suit is named at play: it may be any suit
    return bool(select(a, None) & select(b, None))


def select(cards: m.Cards, trump: int | None, points: frozenset[int] = frozenset()) -> frozenset[int]:
    """The cards a selector names, out of all 52 (``trump`` for ``per trump``,
    ``points`` for ``points``)."""
    match cards:
        case m.AllCards():
            return C.FULL_DECK
        case m.SuitCards(suit=suit):
            return frozenset(C.card(r, suit) for r in C.RANKS)
        case m.RankCards(rank=rank):
            return frozenset(C.card(rank, s) for s in C.SUITS)
        case m.OneCard(card=card):
            return frozenset((card,))
        case m.CardSet(cards=members):
            return frozenset(members)
        case m.TrumpCards():
            return frozenset(C.card(r, trump) for r in C.RANKS) if trump is not None else frozenset()
        case m.PointCards():
            return points
        case _:
            assert_never(cards)


def card_values(scoring: m.Scoring, trump: int | None, deck: frozenset[int] = C.FULL_DECK) -> dict[int, int]:
    """Points each card of ``deck`` is worth when taken, all groups added up,
    a single card's value replacing a wider part's inside its group."""
    values: dict[int, int] = {}
    for group in scoring.groups:
        group_values: dict[int, int] = {}
        for part in group:
            if isinstance(part, m.PerCard) and not isinstance(part.cards, m.OneCard):
                for c in select(part.cards, trump) & deck:
                    group_values[c] = part.value
        for part in group:
            if isinstance(part, m.PerCard) and isinstance(part.cards, m.OneCard) and part.cards.card in deck:
                group_values[part.cards.card] = part.value
        for c, v in group_values.items():
            values[c] = values.get(c, 0) + v
    return {c: v for c, v in values.items() if v}


def spread_size(part: m.Spread, tricks: int, deck: frozenset[int], trump: int | None) -> int:
    """How many elements a spread shares its value over: the tricks of a
    hand, or its cards in the deck (those of the trump suit for ``trumps``)."""
    return tricks if part.cards is None else len(select(part.cards, trump) & deck)


def spread_share(part: m.Spread, tricks: int, deck: frozenset[int], trump: int | None) -> Fraction | None:
    """Each element's share of a spread (docs/rules.md section 6), or None when
    there is nothing to share it over."""
    size = spread_size(part, tricks, deck, trump)
    return Fraction(part.value, size) if size else None


def resolve_spreads(scoring: m.Scoring, tricks: int, deck: frozenset[int], trump: int | None) -> m.Scoring:
    """``scoring`` with every spread written as the per-trick or per-card part
    of its share for a hand of ``tricks`` tricks dealt from ``deck``; a share
    that is not whole (refused when the spec is read) is rounded to the
    nearest, halves away from zero."""
    if not any(isinstance(part, m.Spread) for part in scoring.parts):
        return scoring

    def resolved(part: m.Part) -> m.Part:
        if not isinstance(part, m.Spread):
            return part
        share = spread_share(part, tricks, deck, trump)
        value = round_half_away(share) if share is not None else 0
        return m.PerTrick(value) if part.cards is None else m.PerCard(value, part.cards)

    return replace(scoring, groups=tuple(tuple(resolved(part) for part in group) for group in scoring.groups))


def round_half_away(value: Fraction) -> int:
    """``value`` rounded to the nearest integer, halves away from zero (the
    runtime's :func:`~barbu_dsl.runtime.scoring.round_half_away`)."""
    return scoring.round_half_away(value.numerator, value.denominator)


def split_share(value: int, ways: int, rounding: m.Rounding | None) -> int:
    """One tied player's share of ``value`` split ``ways`` ways (Ravage
    City, docs/rules.md section 2 variant 9).  ``down`` and ``up`` round towards
    minus and plus infinity; ``nearest`` (also used when the spec declares
    no rounding, which the verifier reports) rounds halves away from zero."""
    share = Fraction(value, ways)
    if share.denominator == 1:
        return int(share)
    if rounding == "down":
        return math.floor(share)
    if rounding == "up":
        return math.ceil(share)
    return round_half_away(share)


# --------------------------------------------------------------------------
# Taking rules apart again.


def clauses(rules: m.Rules) -> tuple[tuple[m.Clause, ...], ...]:
    """Clause groups that :func:`build` turns back into ``rules``: play-type
    clauses first, then the scoring groups, then restrictions and the
    all-or-nothing / shoot-the-moon switches (attached to the last group)."""
    head, tail = _play_clauses(rules.play)
    if rules.scoring.all_or_nothing:
        tail.append(m.AllOrNothing())
    if rules.scoring.shoot_the_moon:
        tail.append(m.ShootTheMoon())
    groups: list[list[m.Clause]] = [list(g) for g in rules.scoring.groups] or [[]]
    groups[0][:0] = head
    groups[-1].extend(tail)
    return tuple(tuple(g) for g in groups)


def _play_clauses(play: m.Play) -> tuple[list[m.Clause], list[m.Clause]]:
    """The clauses that set ``play`` out: those written first (the kind of
    play and its switches) and those written last (restrictions)."""
    head: list[m.Clause] = []
    tail: list[m.Clause] = []
    match play:
        case m.DominoPlay():
            head.append(m.DominoClause("chosen" if play.opening_card is not None else play.start))
            head.extend(clause for on, clause in ((play.aces_low, m.AcesLow()), (play.ace_again, m.AceAgain()),
                                                  (play.play_on == "after-ace", m.AceMayAgain()),
                                                  (play.play_on == "always", m.AnyNumber()),
                                                  (play.end == "first-out", m.EndsAtFirstOut())) if on)
            if play.opening_card is not None:
                head.append(m.Starts(play.opening_card))
        case m.TrickPlay():
            if play.trumps is not None:
                trumps = play.trumps
                head.append(m.TrumpsClause(trumps.suit))
                head.extend(clause for on, clause in ((trumps.must_win, m.MustWinWithTrump()),
                                                      (trumps.must_overtrump, m.MustOvertrump()),
                                                      (trumps.must_trump, m.MustTrump())) if on)
            if play.inverted:
                head.append(m.Inverted())
            if play.order is not None:
                head.append(m.Order(play.order))
            if play.opening_card is not None:
                tail.append(m.Leads(play.opening_card))
            tail.extend(m.NotOnFirstTrick(c) for c in play.first_trick_bans)
            for ban in play.lead_bans:
                tail.append(m.NoLead(ban.suit, ban.scope))
                tail.extend(m.Breaks(card, ban.suit) for card in ban.broken_by)
            tail.extend(m.ShedWhenSafe(c) for c in play.shed_when_safe)
            tail.extend(m.DiscardWhenVoid(c) for c in play.discard_when_void)
            if play.play_every_trick:
                tail.append(m.PlayEveryTrick())
        case _:
            assert_never(play)
    return head, tail


def negate(rules: m.Rules) -> m.Rules:
    """The twin of ``rules``: the same play, every value negated."""

    def flip(part: m.Part) -> m.Part:
        match part:
            case m.Placings(values=values):
                return m.Placings(tuple(-v for v in values))
            case (m.PerTrick() | m.NoTrick() | m.NoCards() | m.AllTricks() | m.PerCard() | m.TrickAt()
                  | m.MostOfOneSuit() | m.Spread()):
                return replace(part, value=-part.value)
            case _:
                assert_never(part)

    groups = tuple(tuple(flip(p) for p in g) for g in rules.scoring.groups)
    return m.Rules(rules.play, replace(rules.scoring, groups=groups))


# --------------------------------------------------------------------------
# Canonical text of a clause (the printer writes lines from these).


def value_text(value: int) -> str:
    """``−2``, ``+5``, ``0`` with the typographic minus of the rules."""
    if value < 0:
        return f"−{-value}"
    return f"+{value}" if value > 0 else "0"


def cards_text(cards: m.Cards, plural: bool = False) -> str:
    """A selector's canonical text: ``♥``, ``queen`` (``queens``), ``A♥``."""
    match cards:
        case m.AllCards():
            return "cards" if plural else "card"
        case m.SuitCards(suit=suit):
            return C.suit_symbol(suit)
        case m.RankCards(rank=rank):
            name = C.RANK_NAMES[rank]
            return (name + ("es" if name == "six" else "s")) if plural else name
        case m.OneCard(card=card):
            return C.card_symbol(card)
        case m.CardSet(cards=members):
            return "{" + ", ".join(C.card_symbol(c) for c in members) + "}"
        case m.TrumpCards():
            return "trumps" if plural else "trump"
        case m.PointCards():
            return "points"
        case _:
            assert_never(cards)


_POSITION_WORDS = {1: "first", 2: "second", 3: "third", -3: "antepenultimate", -2: "penultimate", -1: "last"}


def ordinal_text(n: int) -> str:
    """``4th``, ``21st``, ``12th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _position_text(position: int) -> str:
    """A trick position as a rule line writes it: ``last trick``, ``trick 7``."""
    if position in _POSITION_WORDS:
        return f"{_POSITION_WORDS[position]} trick"
    if position < 0:
        return f"{ordinal_text(-position)} from last trick"
    return f"trick {position}"


def _most_text(clause: m.MostOfOneSuit) -> str:
    text = f"{value_text(clause.value)} most of one suit"
    if clause.ties == "full":
        return text + " ties full"
    return text + f" ties split rounding {clause.rounding}" if clause.rounding else text


def _domino_text(start: m.DominoStart) -> str:
    if start == "chosen":
        return "domino"
    if start == "first-card":
        return "domino from first card"
    return f"domino from {C.rank_str(start)}"


_LEAD_SCOPES = {"every": "no {} lead", "opening": "no {} opening lead", "until-broken": "no {} lead until broken"}


def clause_text(clause: m.Clause) -> str:  # noqa: C901 -- one case a clause: mypy names a clause missing here
    """The canonical written form of one clause."""
    match clause:
        case m.PerTrick(value=value):
            return f"{value_text(value)} per trick"
        case m.NoTrick(value=value):
            return f"{value_text(value)} for no trick"
        case m.NoCards(value=value, cards=cards):
            return f"{value_text(value)} for no {cards_text(cards)}"
        case m.AllTricks(value=value, instead=instead):
            return f"{value_text(value)} for all tricks" + (" instead" if instead else "")
        case m.PerCard(value=value, cards=m.OneCard() as card):
            return f"{cards_text(card)} {value_text(value)}"
        case m.PerCard(value=value, cards=cards):
            return f"{value_text(value)} per {cards_text(cards)}"
        case m.TrickAt(value=value, position=position):
            return f"{value_text(value)} {_position_text(position)}"
        case m.Spread(value=value, cards=cards):
            return f"{value_text(value)} spread over {'tricks' if cards is None else cards_text(cards, plural=True)}"
        case m.Placings(values=values):
            return "placings " + " ".join(value_text(v) for v in values)
        case m.MostOfOneSuit():
            return _most_text(clause)
        case m.TrumpsClause(suit=suit):
            return "trumps" if suit is None else f"trumps {C.suit_symbol(suit)}"
        case m.DominoClause(start=start):
            return _domino_text(start)
        case m.NoLead(suit=suit, scope=scope):
            return _LEAD_SCOPES[scope].format(C.suit_symbol(suit))
        case m.Breaks(card=card, suit=suit):
            return f"{C.card_symbol(card)} breaks {C.suit_symbol(suit)}"
        case m.Leads(card=card):
            return f"{C.card_symbol(card)} leads"
        case m.NotOnFirstTrick(cards=cards):
            return f"no {cards_text(cards, plural=True)} on first trick"
        case m.ShedWhenSafe(cards=cards):
            return f"shed {cards_text(cards, plural=True)} when safe"
        case m.DiscardWhenVoid(cards=cards):
            return f"discard {cards_text(cards, plural=True)} when void"
        case m.MustWinWithTrump():
            return "must win with a trump"
        case m.MustOvertrump():
            return "must overtrump"
        case m.MustTrump():
            return "must trump"
        case m.AcesLow():
            return "aces low"
        case m.AceAgain():
            return "ace plays again"
        case m.Starts(card=card):
            return f"{C.card_symbol(card)} starts"
        case m.AceMayAgain():
            return "ace may play again"
        case m.AnyNumber():
            return "any number of cards a turn"
        case m.EndsAtFirstOut():
            return "ends at first out"
        case m.Inverted():
            return "2 high"
        case m.Order(ranks=ranks):
            return "order " + " ".join(C.rank_str(rank) for rank in ranks)
        case m.AllOrNothing():
            return "all or nothing"
        case m.ShootTheMoon():
            return "shoot the moon"
        case m.PlayEveryTrick():
            return "play every trick"
        case _:
            assert_never(clause)


def rules_text(rules: m.Rules) -> str:
    """The canonical rule line of ``rules``."""
    return "; ".join(", ".join(clause_text(c) for c in group) for group in clauses(rules))
