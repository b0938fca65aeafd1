"""Prove, by analysis of the model, what each contract's hands add up to.

A contract's *hand total* is the sum of every player's raw score in one hand
(before doubling, which only moves points between players).  The verifier
works it out from the rules alone, never by dealing or playing, for each
player count a spec allows (RULES.md sections 2 and 3), with
:func:`barbu_dsl.compiled.hand_totals`: per trick times the tricks, every
scoring card of the deck (a ``per trump`` part for each suit the declarer
may name: removed cards make suits unequal), trick positions, domino
placings, Ravage City tie shares with the declared rounding, all or nothing
and shoot the moon.

The contracts a game plays are those of its game plan
(:func:`barbu_dsl.compiled.game_plan`), the same plan explain and play
follow.  A game sums to zero when the totals of the contracts it plays add
up to 0 whatever happens.  When they do not, the report says why: for a spec with
overlays applied, what the overlays changed; otherwise which contracts give
and which take.  :func:`verify` builds the :class:`Report`;
:func:`render` prints it for the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from . import cards as C
from .compiled import HandTotals, game_plan, hand_totals
from .errors import BarbuError
from .language import load_spec
from .language import model as m
from .language.rules import value_text
from .words import range_text


@dataclass(frozen=True, kw_only=True)
class ContractTotal(HandTotals):
    """The possible hand totals of one contract of a game, by name."""

    name: str


@dataclass(frozen=True)
class CountReport:
    """Everything proved for one player count."""

    players: int
    cards: int
    contracts: tuple[ContractTotal, ...]
    problems: tuple[str, ...] = ()
    miss: tuple[str, ...] = ()

    @property
    def tricks(self) -> int:
        return self.cards // self.players

    @property
    def sum_min(self) -> int:
        return sum(total.min for total in self.contracts)

    @property
    def sum_max(self) -> int:
        return sum(total.max for total in self.contracts)

    @property
    def zero_sum(self) -> bool:
        return self.sum_min == 0 and self.sum_max == 0

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
            "contracts": [
                {"name": t.name, "min": t.min, "max": t.max, **({"notes": list(t.notes)} if t.notes else {})}
                for t in self.contracts
            ],
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

    When a count does not sum to zero and ``spec`` has overlays applied, the
    miss is explained against ``base`` (by default the spec loaded without
    its overlays); ``explain_miss=False`` skips that explanation.
    """
    counts = spec.players if players is None else (players,)
    reports = []
    base_reports: dict[int, CountReport] | None = None
    for n in counts:
        report = verify_count(spec, n)
        if explain_miss and not report.zero_sum:
            if spec.applied and base_reports is None:
                base_reports = _base_reports(spec, base)
            miss = _explain_miss(report, (base_reports or {}).get(n), _base_name(spec, base))
            report = replace(report, miss=miss)
        reports.append(report)
    return Report(spec.full_name, tuple(reports))


def verify_count(spec: m.Spec, players: int) -> CountReport:
    """The totals of the contracts a game of ``spec`` plays with ``players``
    players, without explaining a miss."""
    problems: list[str] = []
    if players not in spec.players:
        allowed = ", ".join(str(n) for n in spec.players)
        problems.append(f"{spec.full_name} is not played by {players} players (it allows {allowed})")
    deck = dealt_cards(spec, players)
    if players not in dict(spec.removed):
        problems.append(f"no deck is given for {players} players; counting all 52 cards")
    if len(deck) % players:
        problems.append(f"{len(deck)} cards do not deal evenly to {players} players "
                        f"({len(deck) % players} left over)")
    plan = game_plan(spec, players)
    if plan.draw != "none":
        problems.append(f"each game draws {plan.per_player} of these contracts at random; "
                        "its sum depends on the draw")
    totals = []
    for contract in plan.round:
        total = contract_total(contract, deck, players)
        problems.extend(f"{contract.name}: {text}" for text in total.problems)
        totals.append(ContractTotal(name=contract.name, totals=total.totals, notes=total.notes))
    return CountReport(players, len(deck), tuple(totals), tuple(problems))


def dealt_cards(spec: m.Spec, players: int) -> frozenset[int]:
    """The cards dealt to ``players`` players (all 52 when the spec gives
    no deck for that count)."""
    try:
        return frozenset(spec.deck_for(players))
    except KeyError:
        return C.FULL_DECK


def contract_total(contract: m.Contract, deck: frozenset[int], players: int) -> HandTotals:
    """Every hand total ``contract`` can reach with ``deck`` and ``players``
    (:func:`barbu_dsl.compiled.hand_totals` of its rules for that count)."""
    return hand_totals(contract.rules_for(players), players, deck)


# --------------------------------------------------------------------------
# Explaining a miss


def _base_name(spec: m.Spec, base: m.Spec | None) -> str:
    return base.full_name if base is not None else spec.name


def _base_reports(spec: m.Spec, base: m.Spec | None) -> dict[int, CountReport]:
    """Totals of the spec without its overlays, or nothing when it cannot be
    loaded (then the miss is explained by the contracts alone)."""
    if base is None:
        try:
            base = load_spec(spec.name)
        except BarbuError:  # no base to compare with: explain by contracts alone
            return {}
    return {n: verify_count(base, n) for n in base.players}


def _explain_miss(report: CountReport, base: CountReport | None, base_name: str) -> tuple[str, ...]:
    lines = [_sum_text(report, "misses by")]
    if base is not None:
        lines[0] += f"; compared with {base_name} ({'zero-sum' if base.zero_sum else _sum_text(base, 'sums to')}):"
        lines.extend(_changes(base, report))
        return tuple(lines)
    gains = [t for t in report.contracts if t.max > 0]
    losses = [t for t in report.contracts if t.min < 0]
    for label, group, key in (("positive", gains, "max"), ("negative", losses, "min")):
        if group:
            items = ", ".join(f"{t.name} {range_text(t.min, t.max)}" for t in group)
            subtotal = sum(getattr(t, key) for t in group)
            lines.append(f"{label}: {items} = {value_text(subtotal)}")
    return tuple(lines)


def _changes(old: CountReport, new: CountReport) -> list[str]:
    old_by_key = {m.contract_key(t.name): t for t in old.contracts}
    new_by_key = {m.contract_key(t.name): t for t in new.contracts}
    lines = []
    for key, before in old_by_key.items():
        after = new_by_key.get(key)
        if after is None:
            lines.append(f"{before.name} {range_text(before.min, before.max)} dropped "
                         f"({range_text(-before.max, -before.min)})")
        elif after.totals != before.totals:
            line = f"{after.name} {range_text(before.min, before.max)}→{range_text(after.min, after.max)}"
            if before.fixed is not None and after.fixed is not None:
                line += f" ({value_text(after.min - before.min)})"
            lines.append(line)
    for key, after in new_by_key.items():
        if key not in old_by_key:
            lines.append(f"{after.name} added {range_text(after.min, after.max)}")
    return lines


def _sum_text(report: CountReport, fixed: str) -> str:
    """``misses by −171``, or ``sums to between −86 and +20``."""
    if report.sum_min == report.sum_max:
        return f"{fixed} {value_text(report.sum_min)}"
    return f"sums to between {value_text(report.sum_min)} and {value_text(report.sum_max)}"


# --------------------------------------------------------------------------
# Rendering


def render(report: Report) -> str:
    """The report as plain text for a terminal: a table per player count,
    a ✓ or ✗ line, and what makes a count miss."""
    out = [f"{report.spec}: hand totals (every player's raw score in one hand, added up)"]
    for count in report.counts:
        out.append("")
        out.append(f"{count.players} players: {count.cards} cards, {count.tricks} tricks")
        rows = [(t.name, range_text(t.min, t.max)) for t in count.contracts]
        rows.append(("game", range_text(count.sum_min, count.sum_max)))
        name_width = max(len(name) for name, _ in rows)
        value_width = max(len(value) for _, value in rows)
        for name, value in rows[:-1]:
            out.append(f"  {name:<{name_width}}  {value:>{value_width}}")
        out.append(f"  {'─' * name_width}  {'─' * value_width}")
        out.append(f"  {rows[-1][0]:<{name_width}}  {rows[-1][1]:>{value_width}}")
        for total in count.contracts:
            for note in total.notes:
                out.append(f"  note: {total.name} {note}")
        if count.zero_sum:
            out.append("✓ sums to zero")
        else:
            out.append(f"✗ does not sum to zero: {count.miss[0] if count.miss else _sum_text(count, 'misses by')}")
            out.extend(f"    {line}" for line in count.miss[1:])
        for problem in count.problems:
            out.append(f"  problem: {problem}")
    return "\n".join(out) + "\n"
