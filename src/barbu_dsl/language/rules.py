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
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from .. import cards as C
from ..runtime import scoring
from . import model as m

if TYPE_CHECKING:
    from .parser import Groups, LineProblem

_TRICK_PARTS = (m.PerTrick, m.PerCard, m.TrickAt, m.MostOfOneSuit, m.Spread)
_PARTS = (m.PerTrick, m.PerCard, m.TrickAt, m.Placings, m.MostOfOneSuit, m.Spread)


def build(groups: Groups) -> tuple[m.Rules | None, list[LineProblem]]:
    """Rules from positioned clause groups, or None and the problems."""
    from .parser import LineProblem  # here, not above: reading a model never loads the parser (lark)

    problems: list[LineProblem] = []

    def problem(offset: int, message: str, hint: str | None = None) -> None:
        problems.append(LineProblem(offset, message, 1, hint))

    seen: dict[object, int] = {}
    mechanics: list[tuple[m.Clause, int]] = []
    scoring_groups: list[tuple[m.Part, ...]] = []
    part_offsets: dict[int, int] = {}
    for group in groups:
        parts: list[m.Part] = []
        for clause, offset in group:
            if isinstance(clause, _PARTS):
                parts.append(clause)
                part_offsets[id(clause)] = offset
                continue
            key = _mechanic_key(clause)
            if key in seen:
                problem(offset, f"'{clause_text(clause)}' is given twice" if key == clause
                        else f"'{clause_text(clause)}' contradicts an earlier clause")
                continue
            seen[key] = offset
            mechanics.append((clause, offset))
        if parts:
            scoring_groups.append(tuple(parts))

    by_type = {type(c): (c, o) for c, o in mechanics}
    trumps_clause = by_type.get(m.TrumpsClause)
    domino_clause = by_type.get(m.DominoClause)
    all_parts = [p for g in scoring_groups for p in g]

    if trumps_clause and domino_clause:
        problem(domino_clause[1], "a contract cannot be both trumps and domino")
    for needs_trumps in (m.MustWinWithTrump, m.MustOvertrump, m.MustTrump):
        if needs_trumps in by_type and not trumps_clause:
            problem(by_type[needs_trumps][1], f"'{clause_text(needs_trumps())}' needs 'trumps'")
    if m.AcesLow in by_type and not domino_clause:
        problem(by_type[m.AcesLow][1], "'aces low' is a domino rule; trick play inverts with '2 high'")
    for domino_only in (m.AceAgain, m.EndsAtFirstOut):
        if domino_only in by_type and not domino_clause:
            problem(by_type[domino_only][1], f"'{clause_text(domino_only())}' is a domino rule", "add 'domino'")
    if domino_clause:
        for kind in (m.Inverted, m.PlayEveryTrick, m.NoLead, m.Leads, m.NotOnFirstTrick, m.ShedWhenSafe,
                     m.DiscardWhenVoid, m.Breaks, m.AllOrNothing, m.ShootTheMoon):
            for clause, offset in mechanics:
                if isinstance(clause, kind):
                    problem(offset, f"'{clause_text(clause)}' does not apply to domino")
        for part in all_parts:
            if isinstance(part, _TRICK_PARTS):
                problem(part_offsets[id(part)], f"'{clause_text(part)}' scores tricks, but domino has none",
                        "domino scores with 'placings'")
        if not any(isinstance(p, m.Placings) for p in all_parts):
            problem(domino_clause[1], "domino needs 'placings' to score")
    else:
        for part in all_parts:
            if isinstance(part, m.Placings):
                problem(part_offsets[id(part)], "'placings' score domino; this contract plays tricks",
                        "add 'domino' or score tricks or cards")
    for part in all_parts:
        if isinstance(part, (m.PerCard, m.Spread)) and isinstance(part.cards, m.TrumpCards) and not trumps_clause:
            what = "per trump" if isinstance(part, m.PerCard) else "spread over trumps"
            problem(part_offsets[id(part)], f"'{what}' needs 'trumps'")
    if not all_parts:
        offset = groups[0][0][1] if groups and groups[0] else 0
        problem(offset, "this contract scores nothing", "add a scoring part such as '−2 per trick'")
    if m.AllOrNothing in by_type and m.ShootTheMoon in by_type:
        problem(by_type[m.ShootTheMoon][1], "'shoot the moon' contradicts 'all or nothing'")
    for kind in (m.AllOrNothing, m.ShootTheMoon):
        if kind in by_type:
            for part in all_parts:
                if isinstance(part, (m.Placings, m.MostOfOneSuit)):
                    problem(by_type[kind][1], f"'{clause_text(kind())}' cannot apply to '{clause_text(part)}'")
    bans = {c.suit: c for c, _ in mechanics if isinstance(c, m.NoLead)}
    breakers: dict[int, list[int]] = {}
    for clause, offset in mechanics:
        if isinstance(clause, m.Breaks):
            ban = bans.get(clause.suit)
            if ban is None or ban.scope != "until-broken":
                problem(offset, f"'{clause_text(clause)}' needs 'no {C.suit_symbol(clause.suit)} lead until broken'")
            breakers.setdefault(clause.suit, []).append(clause.card)
    for scoring_group in scoring_groups:
        for message, part in _overlaps(scoring_group):
            problem(part_offsets[id(part)], message,
                    "separate parts that add up with ';', or give the card its own value")
        for part in _scoring_nothing(scoring_group):
            problem(part_offsets[id(part)], f"'{clause_text(part)}' scores nothing",
                    "give it a value, or leave it out")
    for offset, message, hint in _lead_contradictions(mechanics):
        problem(offset, message, hint)
    if problems:
        return None, problems

    play: m.Play
    if domino_clause:
        play = m.DominoPlay(start=domino_clause[0].start, aces_low=m.AcesLow in by_type,  # type: ignore[union-attr]
                            ace_again=m.AceAgain in by_type,
                            end="first-out" if m.EndsAtFirstOut in by_type else "last")
    else:
        trumps = None
        if trumps_clause:
            trumps = m.Trumps(
                suit=trumps_clause[0].suit,  # type: ignore[union-attr]
                must_win=m.MustWinWithTrump in by_type,
                must_overtrump=m.MustOvertrump in by_type,
                must_trump=m.MustTrump in by_type,
            )
        play = m.TrickPlay(
            trumps=trumps,
            inverted=m.Inverted in by_type,
            play_every_trick=m.PlayEveryTrick in by_type,
            lead_bans=tuple(
                m.LeadBan(c.suit, c.scope, tuple(sorted(breakers.get(c.suit, ()))))
                for c, _ in mechanics if isinstance(c, m.NoLead)
            ),
            opening_card=by_type[m.Leads][0].card if m.Leads in by_type else None,  # type: ignore[union-attr]
            first_trick_bans=tuple(c.cards for c, _ in mechanics if isinstance(c, m.NotOnFirstTrick)),
            shed_when_safe=tuple(c.cards for c, _ in mechanics if isinstance(c, m.ShedWhenSafe)),
            discard_when_void=tuple(c.cards for c, _ in mechanics if isinstance(c, m.DiscardWhenVoid)),
        )
    scoring = m.Scoring(
        groups=tuple(scoring_groups),
        all_or_nothing=m.AllOrNothing in by_type,
        shoot_the_moon=m.ShootTheMoon in by_type,
    )
    return m.Rules(play, scoring), []


def _scoring_nothing(group: Sequence[m.Part]) -> list[m.Part]:
    """Parts of a group whose value is 0 (``+0 per trick``), except a single
    card's 0 that takes the card out of a wider part (``−2 per ♥, A♥ 0``)."""
    found: list[m.Part] = []
    wider = [p.cards for p in group if isinstance(p, (m.PerCard, m.Spread)) and p.cards is not None
             and not isinstance(p.cards, m.OneCard)]
    for part in group:
        if isinstance(part, m.Placings):
            if not any(part.values):
                found.append(part)
        elif part.value == 0 and not (isinstance(part, m.PerCard) and isinstance(part.cards, m.OneCard)
                                      and any(_may_overlap(part.cards, cards) for cards in wider)):
            found.append(part)
    return found


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
    if isinstance(clause, m.NoLead):
        return ("lead", clause.suit)
    if isinstance(clause, (m.TrumpsClause, m.DominoClause, m.Leads)):
        return type(clause)
    return clause


def _overlaps(group: Sequence[m.Part]) -> list[tuple[str, m.Part]]:
    """Parts of one group that give one element two values."""
    found: list[tuple[str, m.Part]] = []
    kinds: dict[object, m.Part] = {}
    general: list[m.PerCard | m.Spread] = []
    for part in group:
        if isinstance(part, m.Spread) and part.cards is None:
            key: object = m.PerTrick  # a share of a total per trick is a per-trick value
        elif isinstance(part, (m.PerCard, m.Spread)):
            assert part.cards is not None
            if isinstance(part.cards, m.OneCard):
                key = ("card", part.cards.card)
            else:
                for other in general:
                    if _may_overlap(other.cards, part.cards):  # type: ignore[arg-type]
                        message = f"'{clause_text(part)}' and '{clause_text(other)}' both score some cards in one group"
                        found.append((message, part))
                general.append(part)
                continue
        elif isinstance(part, m.TrickAt):
            key = ("trick", part.position)
        else:
            key = type(part)
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
    if isinstance(cards, m.AllCards):
        return C.FULL_DECK
    if isinstance(cards, m.SuitCards):
        return frozenset(C.card(r, cards.suit) for r in C.RANKS)
    if isinstance(cards, m.RankCards):
        return frozenset(C.card(cards.rank, s) for s in C.SUITS)
    if isinstance(cards, m.OneCard):
        return frozenset((cards.card,))
    if isinstance(cards, m.CardSet):
        return frozenset(cards.cards)
    if isinstance(cards, m.TrumpCards):
        return frozenset(C.card(r, trump) for r in C.RANKS) if trump is not None else frozenset()
    return points


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
    head: list[m.Clause] = []
    tail: list[m.Clause] = []
    play = rules.play
    if isinstance(play, m.DominoPlay):
        head.append(m.DominoClause(play.start))
        if play.aces_low:
            head.append(m.AcesLow())
        if play.ace_again:
            head.append(m.AceAgain())
        if play.end == "first-out":
            head.append(m.EndsAtFirstOut())
    else:
        if play.trumps is not None:
            head.append(m.TrumpsClause(play.trumps.suit))
            if play.trumps.must_win:
                head.append(m.MustWinWithTrump())
            if play.trumps.must_overtrump:
                head.append(m.MustOvertrump())
            if play.trumps.must_trump:
                head.append(m.MustTrump())
        if play.inverted:
            head.append(m.Inverted())
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
    if rules.scoring.all_or_nothing:
        tail.append(m.AllOrNothing())
    if rules.scoring.shoot_the_moon:
        tail.append(m.ShootTheMoon())
    groups: list[list[m.Clause]] = [list(g) for g in rules.scoring.groups] or [[]]
    groups[0][:0] = head
    groups[-1].extend(tail)
    return tuple(tuple(g) for g in groups)


def negate(rules: m.Rules) -> m.Rules:
    """The twin of ``rules``: the same play, every value negated."""

    def flip(part: m.Part) -> m.Part:
        if isinstance(part, m.Placings):
            return m.Placings(tuple(-v for v in part.values))
        return replace(part, value=-part.value)  # type: ignore[type-var]

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
    if isinstance(cards, m.AllCards):
        return "cards" if plural else "card"
    if isinstance(cards, m.SuitCards):
        return C.suit_symbol(cards.suit)
    if isinstance(cards, m.RankCards):
        name = C.RANK_NAMES[cards.rank]
        return (name + ("es" if name == "six" else "s")) if plural else name
    if isinstance(cards, m.OneCard):
        return C.card_symbol(cards.card)
    if isinstance(cards, m.CardSet):
        return "{" + ", ".join(C.card_symbol(c) for c in cards.cards) + "}"
    if isinstance(cards, m.TrumpCards):
        return "trumps" if plural else "trump"
    return "points"


_POSITION_WORDS = {1: "first", 2: "second", 3: "third", -3: "antepenultimate", -2: "penultimate", -1: "last"}


def ordinal_text(n: int) -> str:
    """``4th``, ``21st``, ``12th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def clause_text(clause: m.Clause) -> str:
    """The canonical written form of one clause."""
    if isinstance(clause, m.PerTrick):
        return f"{value_text(clause.value)} per trick"
    if isinstance(clause, m.PerCard):
        if isinstance(clause.cards, m.OneCard):
            return f"{cards_text(clause.cards)} {value_text(clause.value)}"
        return f"{value_text(clause.value)} per {cards_text(clause.cards)}"
    if isinstance(clause, m.TrickAt):
        if clause.position in _POSITION_WORDS:
            return f"{value_text(clause.value)} {_POSITION_WORDS[clause.position]} trick"
        if clause.position < 0:
            return f"{value_text(clause.value)} {ordinal_text(-clause.position)} from last trick"
        return f"{value_text(clause.value)} trick {clause.position}"
    if isinstance(clause, m.Spread):
        over = "tricks" if clause.cards is None else cards_text(clause.cards, plural=True)
        return f"{value_text(clause.value)} spread over {over}"
    if isinstance(clause, m.Placings):
        return "placings " + " ".join(value_text(v) for v in clause.values)
    if isinstance(clause, m.MostOfOneSuit):
        text = f"{value_text(clause.value)} most of one suit"
        if clause.ties == "full":
            return text + " ties full"
        if clause.rounding:
            return text + f" ties split rounding {clause.rounding}"
        return text
    if isinstance(clause, m.TrumpsClause):
        return "trumps" if clause.suit is None else f"trumps {C.suit_symbol(clause.suit)}"
    if isinstance(clause, m.DominoClause):
        if clause.start == "chosen":
            return "domino"
        if clause.start == "first-card":
            return "domino from first card"
        return f"domino from {C.rank_str(clause.start)}"
    if isinstance(clause, m.NoLead):
        suit = C.suit_symbol(clause.suit)
        return {"every": f"no {suit} lead", "opening": f"no {suit} opening lead",
                "until-broken": f"no {suit} lead until broken"}[clause.scope]
    if isinstance(clause, m.Breaks):
        return f"{C.card_symbol(clause.card)} breaks {C.suit_symbol(clause.suit)}"
    if isinstance(clause, m.Leads):
        return f"{C.card_symbol(clause.card)} leads"
    if isinstance(clause, m.NotOnFirstTrick):
        return f"no {cards_text(clause.cards, plural=True)} on first trick"
    if isinstance(clause, m.ShedWhenSafe):
        return f"shed {cards_text(clause.cards, plural=True)} when safe"
    if isinstance(clause, m.DiscardWhenVoid):
        return f"discard {cards_text(clause.cards, plural=True)} when void"
    fixed = {
        m.MustWinWithTrump: "must win with a trump", m.MustOvertrump: "must overtrump", m.MustTrump: "must trump",
        m.AcesLow: "aces low", m.AceAgain: "ace plays again", m.EndsAtFirstOut: "ends at first out",
        m.Inverted: "2 high", m.AllOrNothing: "all or nothing",
        m.ShootTheMoon: "shoot the moon", m.PlayEveryTrick: "play every trick",
    }
    return fixed[type(clause)]


def rules_text(rules: m.Rules) -> str:
    """The canonical rule line of ``rules``."""
    return "; ".join(", ".join(clause_text(c) for c in group) for group in clauses(rules))
