"""Prove, by analysis of the model, what each contract's hands add up to.

A contract's *hand total* is the sum of every player's raw score in one hand
(before doubling, which only moves points between players).  The verifier
works it out from the rules alone, never by dealing or playing, for each
player count a spec allows (docs/rules.md sections 2 and 3), with
:func:`barbu_dsl.compiled.hand_totals`: per trick times the tricks, every
scoring card of the deck (a ``per trump`` part for each suit the declarer
may name: removed cards make suits unequal), trick positions, domino
placings, Ravage City tie shares with the declared rounding, all or nothing
and shoot the moon.

The contracts a game plays are those of its game plan
(:func:`barbu_dsl.compiled.game_plan`), the same plan explain and play
follow, each as often as a list, series or rubber plays it (``times``,
docs/rules.md section 6).  A game sums to zero when the totals of the contracts
it plays add up to 0 whatever happens.  A game to a target score (section 6)
has as many hands as the scores take, so it is proved per deal only: what
one hand adds up to, whichever contract it plays; it sums to zero when
every hand does, and the report says that the game's length, and so its
total, is not proved.  When they do not, the report says why: for a spec built
on another (a house file, or a spec with overlays applied), which contract
totals changed and by how much; otherwise which contracts give and which
take.  Then it lists every one change that would make the sum zero: a
contract put back as the base has it, or one value of one scoring part
moved by a whole number of points (each checked by proving the changed
spec's totals), or says that there is none.  :func:`verify` builds the :class:`Report`;
:func:`render` prints it for the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from . import cards as C
from .compiled import GamePlan, HandTotals, Pick, game_contracts, game_plan, hand_totals
from .language import model as m
from .language.overlays import with_twins
from .language.rules import clause_text, negate, value_text
from .words import join_words, plural, range_text


@dataclass(frozen=True, kw_only=True)
class ContractTotal(HandTotals):
    """The possible hand totals of one contract of a game, by name, and how
    many hands of a game always play it (0 for a contract only the
    players' choices, or a draw, may bring in)."""

    name: str
    times: int = 1


@dataclass(frozen=True)
class PickTotal:
    """Hands of a game whose contracts the players choose (or a draw
    gives): ``hands`` of the contracts ``among``, counted ``weight`` times,
    and the least and most they can add up to."""

    hands: int
    among: tuple[str, ...]
    weight: int
    drawn: bool
    min: int
    max: int

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "among": list(self.among), **({"weight": self.weight} if self.weight != 1 else {}),
                "drawn": self.drawn, "min": self.min, "max": self.max}


@dataclass(frozen=True)
class CountReport:
    """Everything proved for one player count: each contract's hand total,
    how often a game plays it, the hands the players' choices decide, and
    the game's total."""

    players: int
    cards: int
    contracts: tuple[ContractTotal, ...]
    problems: tuple[str, ...] = ()
    miss: tuple[str, ...] = ()
    hands: int | None = 0
    picks: tuple[PickTotal, ...] = ()
    target: int | None = None  # a game to a target score: proved per deal (``hands`` None when not known)
    reset: tuple[tuple[int, int], ...] = ()  # totals that go back (docs/rules.md section 6, "Running totals")
    payout: tuple[int, ...] = ()  # what each place receives at the end (section 6, "Payments by place")
    pot: bool = False  # what the hands take goes into a pot and back to the players (section 6, "A pot")

    @property
    def tricks(self) -> int:
        return self.cards // self.players

    @property
    def per_deal(self) -> bool:
        """Whether the totals are one hand's, not a whole game's (a game to
        a target score, whose length depends on the scores)."""
        return self.target is not None

    @property
    def sum_min(self) -> int:
        """The least a whole game can add up to (one hand, per deal)."""
        if self.per_deal:
            return min((total.min for total in self.contracts), default=0)
        return sum(total.times * total.min for total in self.contracts) + sum(pick.min for pick in self.picks)

    @property
    def sum_max(self) -> int:
        """The most a whole game can add up to (one hand, per deal)."""
        if self.per_deal:
            return max((total.max for total in self.contracts), default=0)
        return sum(total.times * total.max for total in self.contracts) + sum(pick.max for pick in self.picks)

    @property
    def zero_sum(self) -> bool:
        """Whether the game adds up to 0: its hands and its payments by
        place; with a pot, the totals and the pot always do (every point a
        hand takes is in the pot or back with a player), so only the
        payments count."""
        return self.hands_zero and self.payout_zero

    @property
    def hands_zero(self) -> bool:
        """Whether the hands add up to 0 (with a pot: whether every hand only
        takes, what it takes going into the pot)."""
        return self.sum_max <= 0 if self.pot else self.sum_min == 0 and self.sum_max == 0

    @property
    def payout_zero(self) -> bool:
        """Whether the payments by place add up to 0 (true without any)."""
        return sum(self.payout) == 0

    @property
    def chosen(self) -> int:
        """How many hands of a game the players' choices (or a draw) decide."""
        return sum(pick.hands * pick.weight for pick in self.picks)

    def total(self, name: str) -> ContractTotal:
        """The total of the contract called ``name`` (matched like
        :meth:`Spec.contract <barbu_dsl.language.model.Spec.contract>`)."""
        key = m.contract_key(name)
        for total in self.contracts:
            if m.contract_key(total.name) == key:
                return total
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "cards": self.cards,
            "tricks": self.tricks,
            "hands": self.hands,
            "contracts": [
                {"name": t.name, "min": t.min, "max": t.max, "times": t.times,
                 **({"notes": list(t.notes)} if t.notes else {})}
                for t in self.contracts
            ],
            **({"picks": [pick.to_json() for pick in self.picks]} if self.picks else {}),
            **({"target": self.target, "per_deal": True, "unproved": UNPROVED} if self.per_deal else {}),
            **({"reset": [list(pair) for pair in self.reset], "reset_note": reset_note(self.reset)}
               if self.reset else {}),
            **({"payout": list(self.payout), "payout_sum": sum(self.payout)} if self.payout else {}),
            **({"pot": True, "pot_note": POT_NOTE} if self.pot else {}),
            "sum_min": self.sum_min,
            "sum_max": self.sum_max,
            "zero_sum": self.zero_sum,
            "problems": list(self.problems),
            "miss": list(self.miss),
        }


@dataclass(frozen=True)
class Report:
    """The verifier's findings for a spec, one :class:`CountReport` per
    player count checked."""

    spec: str
    counts: tuple[CountReport, ...]

    @property
    def ok(self) -> bool:
        """True when the game sums to zero for every count checked."""
        return all(count.zero_sum for count in self.counts)

    def count(self, players: int) -> CountReport:
        for count in self.counts:
            if count.players == players:
                return count
        raise KeyError(players)

    def to_json(self) -> dict[str, Any]:
        return {"spec": self.spec, "ok": self.ok, "counts": [count.to_json() for count in self.counts]}


# --------------------------------------------------------------------------
# Analysis


def verify(spec: m.Spec, players: int | None = None, *, base: m.Spec | None = None,
           explain_miss: bool = True) -> Report:
    """Prove each contract's hand total for every player count ``spec``
    allows (or only ``players``; a count the spec does not allow is checked
    all the same and reported as a problem).

    When a count does not sum to zero, the miss is explained: compared with
    ``base`` (by default what ``spec`` was built from: what a house file
    extends, or the spec without its overlays), and with the one changes
    that would make it zero; ``explain_miss=False`` skips that explanation.
    """
    counts = spec.players if players is None else (players,)
    reports = []
    base_reports: dict[int, CountReport] | None = None
    for n in counts:
        report = verify_count(spec, n)
        if explain_miss and not report.hands_zero and not report.per_deal:  # not only the payments by place
            if base_reports is None:
                base_reports = _base_reports(spec, base)
            miss = _explain_miss(spec, report, base_reports.get(n), _base_name(spec, base))
            report = replace(report, miss=miss)
        reports.append(report)
    return Report(spec.full_name, tuple(reports))


def verify_count(spec: m.Spec, players: int) -> CountReport:
    """The totals of the contracts a whole game of ``spec`` plays with
    ``players`` players (:func:`~barbu_dsl.compiled.game_contracts`),
    without explaining a miss."""
    problems: list[str] = []
    if players not in spec.players:
        allowed = ", ".join(str(n) for n in spec.players)
        problems.append(f"{spec.full_name} is not played by {players} players (it allows {allowed})")
    deck = dealt_cards(spec, players)
    if players not in dict(spec.removed):
        problems.append(f"no deck is given for {players} players; counting all 52 cards")
    if len(deck) % players and not spec.widow:
        problems.append(f"{len(deck)} cards do not deal evenly to {players} players "
                        f"({len(deck) % players} left over)")
    plan = game_plan(spec, players)
    payout = spec.game.payout_for(players)
    if plan.target is not None:
        return _with_payout(replace(_per_deal(plan, deck, tuple(problems), spec.aside(players)), reset=plan.reset),
                            payout)
    played = game_contracts(plan)
    fixed = {m.contract_key(c.name): times for c, times in played.fixed}
    totals: dict[str, ContractTotal] = {}
    for contract in played.contracts():
        total = contract_total(contract, deck, players, spec.aside(players))
        problems.extend(f"{contract.name}: {text}" for text in total.problems)
        key = m.contract_key(contract.name)
        totals[key] = ContractTotal(name=contract.name, totals=total.totals, notes=total.notes,
                                    times=fixed.get(key, 0))
    picks = tuple(_pick_total(pick, totals) for pick in played.picks)
    return _with_payout(CountReport(players, len(deck), tuple(totals.values()), tuple(problems), hands=played.hands,
                                    picks=picks, reset=plan.reset, pot=plan.pot), payout)


def _with_payout(report: CountReport, payout: tuple[int, ...]) -> CountReport:
    """``report`` with the game's payments by place, and the miss they make
    when they do not add up to 0 while the hands do (docs/rules.md section
    6, "Payments by place")."""
    report = replace(report, payout=payout)
    if report.payout_zero or not report.hands_zero:
        return report
    return replace(report, miss=(f"the payments by place add up to {value_text(sum(payout))} "
                                 f"({', '.join(value_text(a) for a in payout)})",))


UNPROVED = "the number of hands of a game to a target score depends on the scores, so its total is not proved"
"""What :func:`verify` cannot prove about a game to a target score."""


POT_NOTE = ("what the hands take goes into the pot and back to the players who take no points, so the totals and "
            "the pot add up to 0 after every hand; at the end the totals add up to minus what is left in the pot")
"""What :func:`verify` proves about a game with a pot (docs/rules.md section 6, "A pot")."""


def reset_note(reset: tuple[tuple[int, int], ...]) -> str:
    """What a game with resets adds to what :func:`verify` proves: the
    hands' scores add up as proved, but a reset moves a running total
    (docs/rules.md section 6, "Running totals")."""
    moves = ", ".join(f"exactly {exactly} becomes {to}" for exactly, to in reset).replace("-", "−")
    return (f"a running total that a hand brings to a reset's number goes back ({moves}), so the final totals "
            "need not add up to the hands' scores proved here")


def _per_deal(plan: GamePlan, deck: frozenset[int], problems: tuple[str, ...], aside: int) -> CountReport:
    """A game to a target score, proved per deal (docs/rules.md section 6):
    the hand total of each contract its hands may play (``times`` 0: how
    often depends on the scores)."""
    found = list(problems)
    totals: dict[str, ContractTotal] = {}
    for contract in plan.pool:
        key = m.contract_key(contract.name)
        if key in totals:
            continue
        total = contract_total(contract, deck, plan.players, aside)
        found.extend(f"{contract.name}: {text}" for text in total.problems)
        totals[key] = ContractTotal(name=contract.name, totals=total.totals, notes=total.notes, times=0)
    report = CountReport(plan.players, len(deck), tuple(totals.values()), tuple(found), hands=plan.known_hands,
                         target=plan.target, pot=plan.pot)
    if report.zero_sum:
        return report
    return replace(report, miss=(f"each hand adds {range_text(report.sum_min, report.sum_max)}",))


def _pick_total(pick: Pick, totals: dict[str, ContractTotal]) -> PickTotal:
    """The least and most ``pick`` adds up to: its hands played with the
    contracts of lowest totals, or of highest."""
    among = [totals[m.contract_key(c.name)] for c in pick.among]
    low = sum(sorted(t.min for t in among)[:pick.hands])
    high = sum(sorted((t.max for t in among), reverse=True)[:pick.hands])
    names = tuple(dict.fromkeys(t.name for t in among))
    return PickTotal(pick.hands, names, pick.weight, pick.drawn, pick.weight * low, pick.weight * high)


def dealt_cards(spec: m.Spec, players: int) -> frozenset[int]:
    """The cards dealt to ``players`` players (all 52 when the spec gives
    no deck for that count)."""
    try:
        return frozenset(spec.deck_for(players))
    except KeyError:
        return C.FULL_DECK


def contract_total(contract: m.Contract, deck: frozenset[int], players: int, aside: int = 0) -> HandTotals:
    """Every hand total ``contract`` can reach with ``deck`` and ``players``
    (:func:`barbu_dsl.compiled.hand_totals` of its rules for that count),
    ``aside`` cards of it in a widow nobody takes (docs/rules.md section 6)."""
    return hand_totals(contract.rules_for(players), players, deck, aside=aside)


# --------------------------------------------------------------------------
# Explaining a miss


def _base_name(spec: m.Spec, base: m.Spec | None) -> str:
    """How the miss explanation names the base: as given, as the spec's
    ``extends`` wrote it, or by the spec's name."""
    if base is not None:
        return base.full_name
    return spec.extends.base if spec.extends is not None else spec.name


def _base_reports(spec: m.Spec, base: m.Spec | None) -> dict[int, CountReport]:
    """Totals of the spec ``spec`` was built from, or nothing when there is
    none (then the miss is explained by the contracts alone)."""
    from .language.loader import load_base  # here: a verifier that needs no base never loads the reader

    base = base or load_base(spec)
    return {} if base is None else {n: verify_count(base, n) for n in base.players}


def _explain_miss(spec: m.Spec, report: CountReport, base: CountReport | None, base_name: str) -> tuple[str, ...]:
    """Why a count misses: what changed from the base (or, without one,
    which contracts give and which take), then what one change would make
    the sum zero."""
    lines = [_sum_text(report, "misses by")]
    if base is not None:
        lines.extend(_comparison(base, report, base_name))
    else:
        played = [t for t in report.contracts if t.times]
        for label, group, key in (("positive", [t for t in played if t.max > 0], "max"),
                                  ("negative", [t for t in played if t.min < 0], "min")):
            if group:
                items = ", ".join(f"{_times_name(t)} {range_text(t.min, t.max)}" for t in group)
                subtotal = sum(t.times * getattr(t, key) for t in group)
                lines.append(f"{label}: {items} = {value_text(subtotal)}")
        for pick in report.picks:
            lines.append(f"{_pick_name(pick)}: {range_text(pick.min, pick.max)}")
    lines.extend(_fix_lines(spec, report, base, base_name))
    return tuple(lines)


def _comparison(base: CountReport, report: CountReport, base_name: str) -> list[str]:
    """``compared with tournament: No hearts −30 → −43 (−13)``, one line per
    change when there are several."""
    header = f"compared with {base_name}"
    if not base.zero_sum:
        header += f" (which {_sum_text(base, 'misses by')})"
    changes = _changes(base, report)
    if not changes:
        return [f"{header}: nothing in the game's total changed"]
    if len(changes) == 1:
        return [f"{header}: {changes[0]}"]
    return [f"{header}:", *(f"  {change}" for change in changes)]


def _changes(old: CountReport, new: CountReport) -> list[str]:
    """What changed in a game's total: its number of hands, each contract
    whose total or number of hands changed, was dropped or was added (with
    what that adds to the game's total when it is fixed), and hands the
    players now choose."""
    old_length = f"a game to {old.target}" if old.per_deal else str(old.hands)
    lines = [f"a game of {plural(new.hands or 0, 'hand')}, not {old_length}"] if new.hands != old.hands else []
    old_by_key = {m.contract_key(t.name): t for t in old.contracts if t.times}
    new_by_key = {m.contract_key(t.name): t for t in new.contracts if t.times}
    for key, before in old_by_key.items():
        after = new_by_key.get(key)
        if after is None:
            lines.append(f"{_times_name(before)} {range_text(before.min, before.max)} dropped "
                         f"({range_text(-before.times * before.max, -before.times * before.min)})")
        elif after.totals != before.totals or after.times != before.times:
            name = _times_name(after) if after.times == before.times else \
                f"{before.name} ×{before.times} → ×{after.times}"
            values = range_text(after.min, after.max) if after.totals == before.totals else \
                f"{range_text(before.min, before.max)} → {range_text(after.min, after.max)}"
            line = f"{name} {values}"
            if before.fixed is not None and after.fixed is not None:
                line += f" ({value_text(after.times * after.min - before.times * before.min)})"
            lines.append(line)
    for key, after in new_by_key.items():
        if key not in old_by_key:
            lines.append(f"{_times_name(after)} added ({range_text(after.times * after.min, after.times * after.max)})")
    if new.picks != old.picks:
        lines.extend(f"{_pick_name(pick)} ({range_text(pick.min, pick.max)})" for pick in new.picks)
    return lines


# --------------------------------------------------------------------------
# Suggesting a fix: one change that makes a missing count sum to zero.


def _fix_lines(spec: m.Spec, report: CountReport, base: CountReport | None, base_name: str) -> list[str]:
    """What one change would make the count sum to zero: a contract put
    back as the base has it, or one value of one scoring part changed by a
    whole number of points; or that no such change exists."""
    if report.sum_min != report.sum_max:
        return ["no one change of a value makes it zero: the game's total is not fixed"]
    fixes = [*(_restores(base, report, base_name) if base is not None else []), *_value_changes(spec, report)]
    if not fixes:
        return [f"no one change of a value makes it zero for {report.players} players"]
    return ["any one of these changes makes it zero:", *(f"  {fix}" for fix in fixes)]


def _restores(base: CountReport, report: CountReport, base_name: str) -> list[str]:
    """Contracts that, put back as the base has them, make the sum zero."""
    miss = report.sum_min
    picked = _picked(base) | _picked(report)
    old_by_key = {m.contract_key(t.name): t for t in base.contracts}
    new_by_key = {m.contract_key(t.name): t for t in report.contracts}
    fixes = []
    for key, before in old_by_key.items():
        after = new_by_key.get(key)
        if key in picked or before.fixed is None or after is not None and after.fixed is None:
            continue
        if after is None and before.times * before.min == -miss:
            fixes.append(f"put back {before.name} ({value_text(before.min)}, as in {base_name})")
        elif (after is not None and after.totals != before.totals
              and after.times * after.min - before.times * before.min == miss):
            fixes.append(f"restore {after.name} to {value_text(before.min)}, as in {base_name}")
    for key, after in new_by_key.items():
        if key not in old_by_key and key not in picked and after.fixed is not None and after.times * after.min == miss:
            fixes.append(f"leave out {after.name} ({base_name} has none)")
    return fixes


def _picked(report: CountReport) -> frozenset[str]:
    """The contracts (folded names) that the players' choices or a draw may
    bring into a game."""
    return frozenset(m.contract_key(name) for pick in report.picks for name in pick.among)


@dataclass(frozen=True)
class _Miss:
    """A count that misses: the spec, the player count, the miss, the cards
    dealt and the contracts a game plays (folded names, with how often)."""

    spec: m.Spec
    players: int
    miss: int
    deck: frozenset[int]
    played: dict[str, int]
    picked: frozenset[str]  # contracts the players' choices (or a draw) may bring in


def _value_changes(spec: m.Spec, report: CountReport) -> list[str]:
    """For each contract, the scoring parts whose value, changed by a whole
    number of points, makes the count sum to zero (each change checked by
    proving the changed spec's totals again)."""
    count = _Miss(spec, report.players, report.sum_min, dealt_cards(spec, report.players),
                  {m.contract_key(t.name): t.times for t in report.contracts}, _picked(report))
    lines = []
    for contract in spec.contracts:
        if contract.derived:
            continue
        rules = contract.rules_for(count.players)
        now = _played_total(count, contract, rules)
        options = [_part_fix(count, contract, rules, now, g, i)
                   for g, group in enumerate(rules.scoring.groups) for i in range(len(group))]
        found = [option for option in options if option]
        if found:
            lines.append(f"{contract.name}: " + ", or ".join(found))
    return lines


def _part_fix(count: _Miss, contract: m.Contract, rules: m.Rules, now: int | None, group: int,
              index: int) -> str | None:
    """The change of part ``index`` of group ``group`` that makes the count
    zero, in words, or None (``now``: what the contract adds to the game as
    it is).  The total moves by a fixed step for each point of the part's
    value (the number of tricks, of cards, ...), so the change is the miss
    divided by that step, when that is a whole number."""
    part = rules.scoring.groups[group][index]
    if isinstance(part, m.Spread):
        return None  # a spread moves by whole shares, not by one point
    if {m.contract_key(contract.name), m.contract_key(contract.twin or "")} & count.picked:
        return None  # a change to a contract the players may choose makes the total depend on their choice
    step = _played_total(count, contract, _with_part(rules, group, index, _shifted(part, 1)))
    if now is None or step is None or step == now or count.miss % (step - now):
        return None
    shift = -count.miss // (step - now)
    changed = _shifted(part, shift)
    if (changed is not None and not isinstance(part, m.Placings) and not isinstance(changed, m.Placings)
            and (changed.value > 0) != (part.value > 0)):
        return None  # a penalty turned into a prize (or back) is not a change a club would make
    new_rules = _with_part(rules, group, index, changed)
    if new_rules is None:
        return None
    spec = replace(count.spec, contracts=with_twins([_with_rules(c, count.players, new_rules) if c is contract else c
                                                     for c in count.spec.contracts if not c.derived]))
    if not verify_count(spec, count.players).zero_sum:
        return None
    if changed is None:
        return f"leave out '{clause_text(part)}'"
    if isinstance(part, m.Placings):
        direction = "raise" if shift > 0 else "lower"
        return f"{direction} any one placing by {abs(shift)} (e.g. {clause_text(changed)})"
    return f"{clause_text(part)} → {clause_text(changed)}"


def _shifted(part: m.Part, shift: int) -> m.Part | None:
    """``part`` with its value moved by ``shift`` (placings: the first
    place's); None when the value becomes 0, which scores nothing."""
    if isinstance(part, m.Placings):
        return m.Placings((part.values[0] + shift, *part.values[1:]))
    value = part.value + shift
    return replace(part, value=value) if value else None  # type: ignore[type-var]


def _with_part(rules: m.Rules, group: int, index: int, part: m.Part | None) -> m.Rules | None:
    """``rules`` with one part replaced (or left out when ``part`` is None);
    None when nothing would be left to score."""
    groups = [list(g) for g in rules.scoring.groups]
    if part is None:
        del groups[group][index]
    else:
        groups[group][index] = part
    kept = tuple(tuple(g) for g in groups if g)
    return replace(rules, scoring=replace(rules.scoring, groups=kept)) if kept else None


def _with_rules(contract: m.Contract, players: int, rules: m.Rules) -> m.Contract:
    """``contract`` played by ``players`` with ``rules``."""
    if players in dict(contract.by_players):
        return replace(contract, by_players=tuple((n, rules if n == players else r) for n, r in contract.by_players))
    return replace(contract, rules=rules)


def _played_total(count: _Miss, contract: m.Contract, rules: m.Rules | None) -> int | None:
    """What ``contract`` and its twin add to the game when the contract has
    ``rules``; None when that is not fixed."""
    if rules is None:
        return None
    sides = [(contract.name, rules)] + ([(contract.twin, negate(rules))] if contract.twin else [])
    total = 0
    for name, side in sides:
        times = count.played.get(m.contract_key(name), 0)
        if times:
            result = hand_totals(side, count.players, count.deck, aside=count.spec.aside(count.players))
            if result.fixed is None:
                return None
            total += times * result.fixed
    return total


def _sum_text(report: CountReport, fixed: str) -> str:
    """``misses by −171``, or ``sums to between −86 and +20``."""
    if report.sum_min == report.sum_max:
        return f"{fixed} {value_text(report.sum_min)}"
    return f"sums to between {value_text(report.sum_min)} and {value_text(report.sum_max)}"


# --------------------------------------------------------------------------
# Rendering


def render(report: Report) -> str:
    """The report as plain text for a terminal: a table per player count
    (each contract's hand total and how often a game plays it, the hands the
    players choose, the game's total), a ✓ or ✗ line, and what makes a
    count miss."""
    out = [f"{report.spec}: hand totals (every player's raw score in one hand, added up)"]
    for count in report.counts:
        out.append("")
        length = (f"{plural(count.hands or 0, 'hand')} a game" if not count.per_deal else
                  f"a game to {str(count.target).replace('-', '−')}"
                  + (f" or {plural(count.hands, 'hand')}, whichever comes first" if count.hands is not None else ""))
        out.append(f"{count.players} players: {count.cards} cards, {count.tricks} tricks, {length}")
        rows = [(t.name if count.per_deal else _times_name(t), range_text(t.min, t.max))
                for t in count.contracts if t.times or count.per_deal]
        rows.extend((_pick_name(pick), range_text(pick.min, pick.max)) for pick in count.picks)
        rows.append(("each hand" if count.per_deal else "game", range_text(count.sum_min, count.sum_max)))
        name_width = max(len(name) for name, _ in rows)
        value_width = max(len(value) for _, value in rows)
        for name, value in rows[:-1]:
            out.append(f"  {name:<{name_width}}  {value:>{value_width}}")
        out.append(f"  {'─' * name_width}  {'─' * value_width}")
        out.append(f"  {rows[-1][0]:<{name_width}}  {rows[-1][1]:>{value_width}}")
        for total in count.contracts:
            for note in total.notes:
                out.append(f"  note: {total.name} {note}")
        out.extend(f"  note: {line}" for line in _pick_notes(count))
        if count.per_deal:
            out.append(f"  note: proved per deal: {UNPROVED}")
        if count.reset:
            out.append(f"  note: {reset_note(count.reset)}")
        if count.pot:
            out.append(f"  note: {POT_NOTE}")
        if count.payout:
            out.append(f"  payments by place: {', '.join(value_text(a) for a in count.payout)} "
                       f"(add up to {value_text(sum(count.payout))})")
        if count.zero_sum:
            out.append("✓ sums to zero")
        else:
            out.append(f"✗ does not sum to zero: {count.miss[0] if count.miss else _sum_text(count, 'misses by')}")
            out.extend(f"    {line}" for line in count.miss[1:])
        for problem in count.problems:
            out.append(f"  problem: {problem}")
    return "\n".join(out) + "\n"


def _times_name(total: ContractTotal) -> str:
    """``No tricks ×4``: a contract and how many hands of a game play it."""
    return total.name + (f" ×{total.times}" if total.times != 1 else "")


def _pick_name(pick: PickTotal) -> str:
    """``3 hands chosen``, ``2 × 7 hands drawn``: a row for hands that the
    players' choices or a draw decide."""
    text = f"{plural(pick.hands, 'hand')} {'drawn' if pick.drawn else 'chosen'}"
    return f"{pick.weight} × {text}" if pick.weight != 1 else text


def _pick_notes(count: CountReport) -> list[str]:
    """What the rows of chosen or drawn hands stand for, once per count."""
    notes = []
    for drawn in (False, True):
        picks = [pick for pick in count.picks if pick.drawn == drawn]
        if not picks:
            continue
        hands = plural(sum(pick.hands * pick.weight for pick in picks), "hand")
        among = join_words(list(dict.fromkeys(name for pick in picks for name in pick.among)), "or")
        note = (f"the contracts of {hands} are drawn at random for each game: {among}" if drawn
                else f"the players choose the contracts of {hands} among {among}")
        if count.sum_min != count.sum_max:
            note += f"; the game's total depends on {'the draw' if drawn else 'their choice'}, " \
                    "so a score sheet cannot check it"
        notes.append(note)
    return notes
