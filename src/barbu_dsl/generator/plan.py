"""From the model to the facts the templates write out.

The generator reads a :class:`~barbu_dsl.language.model.Spec` and the
facts the compiled-rules layer (:mod:`barbu_dsl.compiled`) works out from
it: card masks, value classes, trick-position tables, tie shares, hand
totals, lead bans and their rule codes.  This module only arranges those
facts the way the templates lay out code (grouped by trump suit and hand
size), so the generated package never reads or interprets a model at run
time.

Every collection handed to a template is a tuple or a list in a fixed order
(card order, spec order, player counts ascending), never a set or a dict
iterated in hashing order: the output is the same bytes whatever
``PYTHONHASHSEED`` is.

The rules each fact implements are those of the engine (docs/rules.md sections
1–3); the engine's play is not used, so the generated code is an
independent implementation of the moves that the differential tests
compare with the interpreter.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import assert_never

from .. import __version__
from .. import cards as C
from ..compiled import (
    announcement,
    hand_totals,
    lead_ban_masks,
    lead_ban_rule,
    mask_of,
    placing_values,
    plays_out,
    rank_masks,
    resolved_scoring,
    seat_after,
    selector_mask,
    tie_shares,
    trick_values,
    trump_mode,
    value_sum,
)
from ..compiled.facts import fixed_trump, most_parts, none_of_masks, part_facts, per_trick_value
from ..explain.contract import rule_summary
from ..language import model as m
from ..language import print_spec
from ..language.rules import card_values
from ..verifier import dealt_cards, verify
from .identity import package_id, regenerate_reference
from .naming import module_names, package_name
from .sheet_plan import SheetRow, problem_messages, sheet_rows

GENERATOR_VERSION = "5"
"""Bumped whenever the templates change what they write for the same spec."""

FULL = frozenset(range(52))


# --------------------------------------------------------------------------
# The facts, as the templates see them.


@dataclass(frozen=True)
class ByTrump:
    """A value that may depend on the trump suit named at play: ``single``
    when it does not, else ``per_suit[s]`` for trump suit ``s``."""

    single: object
    per_suit: tuple[object, ...] | None = None

    @property
    def varies(self) -> bool:
        return self.per_suit is not None


@dataclass(frozen=True)
class LeadBan:
    suit: int
    scope: str  # every, opening, until-broken
    mask: int
    broken_by: int
    rule: str  # the code of the rule a banned lead breaks
    fields: tuple[tuple[str, str], ...]  # the words of its message
    text: str  # the message, for comments


@dataclass(frozen=True)
class TrickRules:
    """One rule set of trick play (a contract may have one per player count)."""

    cls: str
    players: tuple[int, ...]
    trumps: str  # "none", "named" or "fixed"
    trump_suit: int | None
    must_win: bool
    must_overtrump: bool
    must_trump: bool
    inverted: bool
    # A card order of its own (docs/rules.md section 6, Card orders): per
    # card, the masks of its suit's cards that beat it and that it beats;
    # None when the bit order within a suit is the rank order (or inverted).
    order_masks: tuple[tuple[int, ...], tuple[int, ...]] | None
    opening: int | None
    first_trick_ban: ByTrump  # of masks
    lead_bans: tuple[LeadBan, ...]
    shed: ByTrump  # of masks
    discard: ByTrump  # of masks: the cards a void player must play when holding one
    values: ByTrump  # of tuples of (value, mask), card order of their lowest card
    per_trick: int
    positions: tuple[tuple[int, int], ...]  # (position, value) as written
    trick_at: tuple[tuple[int, tuple[int, ...]], ...]  # (tricks in a hand, value per trick index)
    most: tuple[tuple[int, ...], ...]  # per Ravage City part: share by number tied (index 0 unused)
    by_tricks: tuple[tuple[int, int], ...]  # (a seat's number of tricks, -1 every trick, points): ``+10 for no trick``
    none_of: tuple[tuple[int, int], ...]  # (mask, points for a seat that took none of its cards): ``+5 for no ♥``
    slam: int | None  # a seat that took every trick scores this, every other seat 0
    most_text: tuple[str, ...]
    all_or_nothing: bool
    shoot_the_moon: bool
    plays_out: bool
    totals: tuple[tuple[int, int | None, int], ...]  # (players, trump, hand total)
    summary: tuple[str, ...]

    kind = "tricks"

    @property
    def has_values(self) -> bool:
        return bool(self.values.per_suit) or bool(self.values.single)

    @property
    def has_positions(self) -> bool:
        return any(any(values) for _, values in self.trick_at) or bool(self.positions)

    @property
    def needs_won(self) -> bool:
        return (bool(self.most) or bool(self.by_tricks) or bool(self.none_of) or self.slam is not None
                or self.all_or_nothing or self.shoot_the_moon)

    @property
    def by_all_tricks(self) -> bool:
        """Whether a seat scores for taking every trick (``+20 for all tricks``, key -1)."""
        return any(taken < 0 for taken, _ in self.by_tricks)

    @property
    def has_ftb(self) -> bool:
        return self.first_trick_ban.varies or bool(self.first_trick_ban.single)

    @property
    def has_shed(self) -> bool:
        return self.shed.varies or bool(self.shed.single)

    @property
    def has_discard(self) -> bool:
        return self.discard.varies or bool(self.discard.single)

    @property
    def legal_reads(self) -> list[str]:
        """The trick state the legal-move cascade reads besides the hand and ``led``."""
        reads = []
        if self.opening is not None or self.has_ftb or self.opening_ban:
            reads.append("done")
        if self.has_shed:
            reads.append("best")
        if self.must_win or self.must_overtrump:
            reads.append("win")
        if (self.must_win or self.must_overtrump or self.must_trump) and self.trumps == "named":
            reads.append("tmask")
        return reads

    @property
    def final_reads(self) -> list[str]:
        """What the final scores read besides ``points``."""
        moon = self.all_or_nothing or self.shoot_the_moon
        reads = []
        if self.needs_won:
            reads.append("won")
        if moon:
            reads.append("winners")
        if moon and self.per_trick or self.by_all_tricks or self.slam is not None:
            reads.append("tricks")
        return reads

    @property
    def follow_narrows(self) -> bool:
        """Whether any rule narrows a follower's choice beyond following suit."""
        return (self.must_overtrump or self.must_win or self.must_trump or self.has_ftb or self.has_shed
                or self.has_discard)

    @property
    def needs_taken(self) -> bool:
        """Whether a rollout collects the cards of each trick."""
        return self.has_values or self.needs_won or self.ends_on_cards or bool(self.until_bans)

    @property
    def ends_on_cards(self) -> bool:
        """Whether the early end waits for the scoring cards (so reads ``played``)."""
        return not self.plays_out and self.has_values

    @property
    def rollout_end(self) -> str | None:
        """The test, after the trick at index ``done``, that ends a rollout
        early (docs/rules.md section 1), or None when the hand plays out."""
        if self.plays_out:
            return None
        parts = []
        if self.has_values:
            parts.append("not left")
        if self.has_positions:
            parts.append("done >= last_scoring")
        return " and ".join(parts) or "True"

    def relevant(self, name: str) -> bool:
        """Whether the per-deal table ``name`` exists for these rules."""
        return {
            "trump": self.trumps == "named",
            "tmask": self.trumps == "named",
            "values": self.values.varies,
            "scoring": self.has_values,
            "trick_at": self.has_positions,
            "last_scoring": self.has_positions,
            "ftb": self.first_trick_ban.varies,
            "shed": self.shed.varies,
            "discard": self.discard.varies,
            "opening": self.opening is not None,
            "played": bool(self.until_bans),
        }[name]

    def locals_for(self, where: str) -> list[str]:
        """The per-deal tables the code at ``where`` reads, in a fixed order."""
        final = self.all_or_nothing or self.shoot_the_moon
        ends = not self.plays_out
        wanted = {
            "init": ["tmask", "values", "scoring", "trick_at", "last_scoring", "ftb", "shed", "discard", "opening"],
            "legal": ["played", "opening", "ftb", "shed", "discard"],
            "finish": ["values"] + (["scoring"] if ends else []) + ["trick_at"]
            + (["last_scoring"] if ends else []),
            "final": (["scoring", "trick_at"] if final else []),
            "rollout": ["tmask", "values"] + (["scoring"] if ends or final else [])
            + ["trick_at"] + (["last_scoring"] if ends else []) + ["ftb", "shed", "discard", "opening"],
            "score": ["values"] + (["scoring"] if final else []) + ["trick_at"],
        }[where]
        return [name for name in wanted if self.relevant(name)]

    @property
    def every_ban(self) -> int:
        return mask_of_bans(b for b in self.lead_bans if b.scope == "every")

    @property
    def opening_ban(self) -> int:
        return mask_of_bans(b for b in self.lead_bans if b.scope == "opening")

    @property
    def until_bans(self) -> tuple[LeadBan, ...]:
        return tuple(b for b in self.lead_bans if b.scope == "until-broken")

    def _order_table(self, name: str, bit: str) -> str:
        """A lookup in the table ``name`` of a card order of its own, by the
        card of the one-bit mask ``bit`` (``card_index``: Python and numba alike)."""
        prefix = "" if self.cls == "Hand" else self.cls.upper() + "_"
        return f"{prefix}{name}[card_index({bit})]"

    def stronger(self, bit: str) -> str:
        """A mask of the cards that beat the card ``bit`` (a one-bit mask)
        among cards of its suit: the higher bits, or the lower when inverted,
        or the order's table."""
        if self.order_masks is not None:
            return self._order_table("STRONGER", bit)
        return f"({bit} - 1)" if self.inverted else f"~(2 * {bit} - 1)"

    def weaker(self, bit: str) -> str:
        """A mask of the cards the card ``bit`` beats among cards of its suit."""
        if self.order_masks is not None:
            return self._order_table("WEAKER", bit)
        return f"~(2 * {bit} - 1)" if self.inverted else f"({bit} - 1)"

    def beats(self, a: str, b: str) -> str:
        """Whether the card ``a`` beats the card ``b`` of its suit, both one-bit masks."""
        if self.order_masks is not None:
            return f"{a} & {self.stronger(b)}"
        return f"{a} {'<' if self.inverted else '>'} {b}"


def mask_of_bans(bans: object) -> int:
    mask = 0
    for ban in bans:  # type: ignore[attr-defined]
        mask |= ban.mask
    return mask


@dataclass(frozen=True)
class DominoRules:
    cls: str
    players: tuple[int, ...]
    start: str  # "chosen", "first-card" or "fixed"
    start_rank: int | None
    aces_low: bool
    ace_again: bool  # a player who plays an ace moves again
    first_out: bool  # the hand ends at the first out; the others are placed by the cards they hold
    opening: int | None  # the card whose holder moves first and plays it (``8♦ starts``)
    play_on: str  # "no", "after-ace" or "always": the player may play on or stop
    placings: tuple[tuple[int, tuple[int, ...]], ...]  # (players, points by place)
    totals: tuple[tuple[int, int | None, int], ...]
    summary: tuple[str, ...]

    kind = "domino"


Rules = TrickRules | DominoRules


@dataclass(frozen=True)
class ContractPlan:
    index: int
    name: str
    key: str
    module: str
    description: str | None
    twin: str | None
    derived: bool
    rules: tuple[Rules, ...]
    by_players: tuple[tuple[int, str], ...]  # player count → class name
    verified: tuple[tuple[int, int, int], ...]  # (players, min, max) from the verifier

    @property
    def main(self) -> Rules:
        return self.rules[0]

    @property
    def kind(self) -> str:
        return self.main.kind

    @property
    def trumps(self) -> str:
        main = self.main
        return main.trumps if isinstance(main, TrickRules) else "none"


@dataclass(frozen=True)
class SpecPlan:
    package: str
    name: str
    full_name: str
    variants: tuple[str, ...]
    title: str
    source: str
    sha256: str
    version: str
    players: tuple[int, ...]
    decks: tuple[tuple[int, int, int], ...]  # (players, deck mask, mask of the cards removed)
    first_lead: str  # declarer, left or right
    direction: str  # clockwise or anticlockwise: the way play passes
    after: tuple[tuple[int, tuple[int, ...]], ...]  # (players, the seat after each seat)
    aim: str
    doubling: m.Doubling
    passing: tuple[int, tuple[str, ...]]  # the cards each seat passes and the cycle; (0, ()) without passing
    leftover: str  # removed, widow aside or widow to first trick (docs/rules.md section 6)
    contracts: tuple[ContractPlan, ...]
    suit_words: tuple[tuple[str, int], ...]
    rank_prefixes: tuple[tuple[str, int], ...]
    rank_words: tuple[tuple[str, int], ...]
    sheet_rows: tuple[SheetRow, ...] = ()  # the score sheet's entry plans (sheet_plan.py)
    sheet_messages: tuple[tuple[str, tuple[str, ...]], ...] = ()
    package_id: str = ""  # identity.package_id: how barbu generate knows its own files
    regenerate: str = ""  # the spec reference of the header's "Regenerate with:" line



# --------------------------------------------------------------------------


def plan(spec: m.Spec, reference: str | None = None) -> SpecPlan:
    """Everything the templates need to write ``spec``'s package;
    ``reference``: how the spec was named on the command line (for the
    "Regenerate with:" line of a spec that is not bundled)."""
    source = print_spec(spec)
    decks = tuple((n, mask_of(spec.deck_for(n)), mask_of(spec.removed_for(n))) for n in spec.players)
    modules = module_names([c.name for c in spec.contracts])
    report = verify(spec, explain_miss=False)
    contracts = tuple(
        _contract(spec, index, contract, module, report)
        for index, (contract, module) in enumerate(zip(spec.contracts, modules, strict=True))
    )
    return SpecPlan(
        package=package_name(spec.full_name),
        package_id=package_id(package_name(spec.full_name), spec.full_name),
        regenerate=regenerate_reference(spec, reference),
        name=spec.name,
        full_name=spec.full_name,
        variants=spec.applied,
        title=spec.title,
        source=source,
        sha256=hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest(),
        version=f"barbu_dsl {__version__}, generator {GENERATOR_VERSION}",
        players=spec.players,
        decks=decks,
        first_lead=spec.game.first_lead,
        direction=spec.game.direction,
        after=tuple((n, seat_after(n, spec.game.direction)) for n in spec.players),
        aim=spec.game.aim,
        doubling=spec.doubling,
        passing=(spec.passing.cards, spec.passing.cycle) if spec.passing.on else (0, ()),
        leftover=spec.leftover,
        contracts=contracts,
        suit_words=tuple(sorted(C.SUIT_WORDS.items())),
        rank_prefixes=tuple(sorted(C.RANK_PREFIXES.items())),
        rank_words=tuple(sorted(C.RANK_WORDS.items())),
        sheet_rows=sheet_rows(spec),
        sheet_messages=problem_messages(),
    )


def _resolved(spec: m.Spec, rules: m.Rules, players: int) -> tuple[m.Rules, ...]:
    """``rules`` as a deal of ``players`` scores them, for each trump suit a
    hand may have: spreads written as their shares (docs/rules.md section 6)."""
    deck = tuple(sorted(spec.deck_for(players)))
    mode = trump_mode(rules.play)
    trumps = C.SUITS if mode == "named" else (fixed_trump(rules.play),)
    return tuple(m.Rules(rules.play, resolved_scoring(rules, players, deck, trump)) for trump in trumps)


def _contract(spec: m.Spec, index: int, contract: m.Contract, module: str, report: object) -> ContractPlan:
    # Distinct rule sets, in order of first use by the ascending player counts.  Rules whose spreads
    # share out differently for two counts are two rule sets.
    distinct: list[tuple[m.Rules, ...]] = []
    users: list[list[int]] = []
    for n in spec.players:
        resolved = _resolved(spec, contract.rules_for(n), n)
        if resolved not in distinct:
            distinct.append(resolved)
            users.append([])
        users[distinct.index(resolved)].append(n)
    names = ["Hand"] + [f"Hand{'_'.join(map(str, players))}" for players in users[1:]]
    planned = tuple(
        _rules(spec, rules, name, tuple(players))
        for rules, name, players in zip(distinct, names, users, strict=True)
    )
    by_players = tuple((n, names[i]) for i, players in enumerate(users) for n in players)
    verified = []
    for n in spec.players:
        try:
            total = report.count(n).total(contract.name)  # type: ignore[attr-defined]
        except KeyError:  # not in the game's order: ask for it alone
            total = hand_totals(contract.rules_for(n), n, dealt_cards(spec, n), aside=spec.aside(n))
        verified.append((n, total.min, total.max))
    return ContractPlan(
        index=index,
        name=contract.name,
        key=m.contract_key(contract.name),
        module=module,
        description=contract.description,
        twin=contract.twin,
        derived=contract.derived,
        rules=planned,
        by_players=tuple(sorted(by_players)),
        verified=tuple(verified),
    )


def _rules(spec: m.Spec, resolved: tuple[m.Rules, ...], cls: str, players: tuple[int, ...]) -> Rules:
    """One rule set: ``resolved`` holds its rules for each trump suit a hand
    may have (one when the declarer names none)."""
    rules = resolved[0]
    match rules.play:
        case m.DominoPlay() as play:
            return _domino(spec, rules, play, cls, players)
        case m.TrickPlay() as play:
            return _tricks(spec, resolved, play, cls, players)
        case _:
            assert_never(rules.play)


def _by_trump(trumps: str, fixed: int | None, make: object) -> ByTrump:
    """``make(trump)`` for the trump of a hand: once for no trumps or a fixed
    suit, for each suit when the declarer names it (collapsed when equal)."""
    if trumps == "named":
        per = tuple(make(s) for s in C.SUITS)  # type: ignore[operator]
        if all(value == per[0] for value in per):
            return ByTrump(per[0])
        return ByTrump(None, per)
    return ByTrump(make(fixed))  # type: ignore[operator]


def _value_classes(values: dict[int, int]) -> tuple[tuple[int, int], ...]:
    """Cards grouped by value: ``(value, mask)`` in the order of each class's lowest card."""
    classes: dict[int, int] = {}
    for c in sorted(values):
        classes[values[c]] = classes.get(values[c], 0) | 1 << c
    return tuple(sorted(classes.items(), key=lambda item: (item[1] & -item[1], item[0])))


def _tricks(spec: m.Spec, resolved: tuple[m.Rules, ...], play: m.TrickPlay, cls: str,  # long: one field a line
            players: tuple[int, ...]) -> TrickRules:
    rules = resolved[0]
    scoring = rules.scoring
    trumps, fixed = announcement(play).trumps, announcement(play).trump_suit

    def values_for(trump: int | None) -> dict[int, int]:
        scored = resolved[trump].scoring if trumps == "named" and trump is not None else scoring
        return card_values(scored, trump, FULL)

    def selected(selectors: tuple[m.Cards, ...]) -> object:
        def make(trump: int | None) -> int:
            return selector_mask(selectors, trump, values_for(trump))
        return make

    trick_at: list[tuple[int, tuple[int, ...]]] = []
    for n in players:
        tricks = len(spec.deck_for(n)) // n
        if tricks not in [t for t, _ in trick_at]:
            trick_at.append((tricks, trick_values(scoring, tricks)))
    most = most_parts(scoring)
    bans = []
    for ban in lead_ban_masks(play):
        rule = lead_ban_rule(ban.suit, ban.scope)
        bans.append(LeadBan(ban.suit, ban.scope, ban.suit_mask, ban.broken_by, rule.rule, rule.fields, rule.message))
    totals = tuple(
        (n, trump, value_sum(resolved[trump] if trumps == "named" and trump is not None else rules, n,
                             spec.deck_for(n), trump))
        for n in players for trump in _trump_keys(trumps, fixed)
    )
    per_trick = per_trick_value(scoring)
    return TrickRules(
        cls=cls,
        players=players,
        trumps=trumps,
        trump_suit=fixed,
        must_win=bool(play.trumps and play.trumps.must_win),
        must_overtrump=bool(play.trumps and play.trumps.must_overtrump),
        must_trump=bool(play.trumps and play.trumps.must_trump),
        inverted=play.inverted,
        order_masks=rank_masks(play) if play.order is not None else None,
        opening=play.opening_card,
        first_trick_ban=_by_trump(trumps, fixed, selected(play.first_trick_bans)),
        lead_bans=tuple(bans),
        shed=_by_trump(trumps, fixed, selected(play.shed_when_safe)),
        discard=_by_trump(trumps, fixed, selected(play.discard_when_void)),
        values=_by_trump(trumps, fixed, lambda t: _value_classes(values_for(t))),
        per_trick=per_trick,
        positions=part_facts(scoring).positions,
        trick_at=tuple(trick_at),
        most=tuple(tie_shares(part, max(spec.players)) for part in most),
        by_tricks=_by_tricks(scoring),
        none_of=none_of_masks(scoring, fixed, [c for c, v in values_for(fixed).items() if v], (1 << 52) - 1),
        slam=part_facts(scoring).slam,
        most_text=tuple(_most_text(p) for p in most),
        all_or_nothing=scoring.all_or_nothing,
        shoot_the_moon=scoring.shoot_the_moon,
        plays_out=plays_out(rules),
        totals=totals,
        summary=rule_summary(spec, rules, players[0]),
    )


def _by_tricks(scoring: m.Scoring) -> tuple[tuple[int, int], ...]:
    """What a seat scores for the number of tricks it took, each number once."""
    points: dict[int, int] = {}
    for taken, value in part_facts(scoring).by_tricks:
        points[taken] = points.get(taken, 0) + value
    return tuple(sorted((taken, value) for taken, value in points.items() if value))


def _trump_keys(trumps: str, fixed: int | None) -> tuple[int | None, ...]:
    """The ``trump`` a record may give: none, each suit, or none and the fixed suit."""
    if trumps == "named":
        return tuple(C.SUITS)
    if trumps == "fixed":
        return (None, fixed)
    return (None,)


def _domino(spec: m.Spec, rules: m.Rules, play: m.DominoPlay, cls: str, players: tuple[int, ...]) -> DominoRules:
    placings = [(n, placing_values(rules.scoring, n)) for n in players]
    announced = announcement(play)
    start, rank = announced.start, announced.start_rank
    assert start is not None
    return DominoRules(
        cls=cls,
        players=players,
        start=start,
        start_rank=rank,
        aces_low=play.aces_low,
        ace_again=play.ace_again,
        first_out=play.end == "first-out",
        opening=play.opening_card,
        play_on=play.play_on,
        placings=tuple(placings),
        totals=tuple((n, None, value_sum(rules, n, spec.deck_for(n), None)) for n in players),
        summary=rule_summary(spec, rules, players[0]),
    )


# --------------------------------------------------------------------------
# Plain-English lines for comments: our own words, never spec text (the
# rules in words are explain's: barbu_dsl.explain.contract.rule_summary).


def _most_text(part: m.MostOfOneSuit) -> str:
    ties = "each tied player pays it whole" if part.ties == "full" else (
        f"tied players split it, rounding {part.rounding or 'nearest'}")
    return f"{part.value:+d} for the most cards of one suit; {ties}"


