"""A hand's facts of play, checked and scored (docs/sheet.md, "A hand").

:func:`score_took` takes the ``took`` object of a score-sheet hand — who took
what — and the contract's :class:`~barbu_dsl.compiled.entry.EntryPlan`, and
returns each seat's raw score, or every :class:`Problem` it finds: a key
missing or not used, facts that do not add up (tricks that do not sum to
the hand's tricks, set counts that do not sum to the set's cards, a card or
trick position without its one taker, placings that are not the seats),
and facts that contradict each other (the taker of A♥ took no heart, a seat
with no trick that took cards).  :func:`check_raw` checks scores entered
directly against the totals the contract can reach.

A problem is a code, the field it is about and the words of its message,
so each scorer says it in the table's language (messages in
:mod:`barbu_dsl.i18n.en.sheet`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..compiled.entry import KEYS, CountedSet, EntryPlan
from ..compiled.masks import SUIT_MASKS
from ..compiled.totals import HandTotals
from ..i18n import Translator


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a hand: ``field`` is where (``took.cards.H``,
    ``raw``), ``code`` which rule of docs/sheet.md it breaks, ``fields`` the
    words of its message (``sheet.problem.<code>``)."""

    field: str
    code: str
    fields: tuple[tuple[str, str], ...] = ()

    def message(self, t: Translator | None = None) -> str:
        """The problem in words, in ``t``'s language (English by default)."""
        t = t or Translator("en")
        return t(f"sheet.problem.{self.code}", field=self.field, **dict(self.fields))


def problem(field: str, code: str, **fields: object) -> Problem:
    return Problem(field, code, tuple((key, str(value)) for key, value in fields.items()))


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_seat(value: Any, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _per_seat(value: Any, field: str, players: int, found: list[Problem]) -> list[int] | None:
    """A list of one whole number (0 or more) per seat, or None after a problem."""
    if not isinstance(value, list) or len(value) != players or not all(_is_count(v) for v in value):
        found.append(problem(field, "per_seat", players=players))
        return None
    return list(value)


def _set_matches(given: str, counted: CountedSet) -> bool:
    """Whether the name ``given`` names the set (a card list in any order)."""
    if given == counted.name:
        return True
    if "+" not in given and "+" not in counted.name:
        return given.upper() == counted.name.upper()
    wanted = {c.strip().upper() for c in counted.name.split("+")}
    return {c.strip().upper() for c in given.split("+")} == wanted


@dataclass
class _Facts:
    """The facts of one hand as read, each None when missing or unreadable."""

    tricks: list[int] | None = None
    cards: dict[str, list[int]] | None = None
    takers: dict[int, int] | None = None
    positions: dict[int, int] | None = None
    placings: list[int] | None = None
    longest: list[int] | None = None


def read_took(plan: EntryPlan, took: Any) -> tuple[_Facts, list[Problem]]:
    """Read and check the ``took`` object against ``plan``."""
    found: list[Problem] = []
    facts = _Facts()
    if not isinstance(took, dict):
        return facts, [problem("took", "not_an_object")]
    n = plan.players
    for key in KEYS:
        if key in plan.keys and key not in took:
            found.append(problem(f"took.{key}", "missing_key", key=key))
        elif key not in plan.keys and key in took:
            found.append(problem(f"took.{key}", "unused_key", key=key))
    for key in took:
        if key not in KEYS:
            found.append(problem(f"took.{key}", "unknown_key", key=key, keys=", ".join(plan.keys) or "—"))
    if "tricks" in plan.keys and "tricks" in took:
        facts.tricks = _per_seat(took["tricks"], "took.tricks", n, found)
        if facts.tricks is not None and sum(facts.tricks) != plan.tricks:
            found.append(problem("took.tricks", "tricks_sum", total=sum(facts.tricks), tricks=plan.tricks))
            facts.tricks = None
    if "cards" in plan.keys and "cards" in took:
        facts.cards = _read_sets(plan, took["cards"], found)
    if "card" in plan.keys and "card" in took:
        facts.takers = _read_takers(plan, took["card"], found)
    if "trick" in plan.keys and "trick" in took:
        facts.positions = _read_positions(plan, took["trick"], found)
    if "placings" in plan.keys and "placings" in took:
        facts.placings = _read_placings(plan, took["placings"], found)
    if "longest" in plan.keys and "longest" in took:
        facts.longest = _read_longest(plan, took["longest"], found)
    found.extend(_contradictions(plan, facts))
    return facts, found


def _read_sets(plan: EntryPlan, value: Any, found: list[Problem]) -> dict[str, list[int]] | None:
    if not isinstance(value, dict):
        found.append(problem("took.cards", "not_an_object"))
        return None
    counts: dict[str, list[int]] = {}
    for given, per_seat in value.items():
        counted = next((s for s in plan.sets if isinstance(given, str) and _set_matches(given, s)), None)
        field = f"took.cards.{given}"
        if counted is None:
            found.append(problem(field, "unknown_set", set=given, sets=", ".join(s.name for s in plan.sets)))
            continue
        seats = _per_seat(per_seat, field, plan.players, found)
        if seats is None:
            continue
        total = sum(seats)
        if any(v > counted.size for v in seats) or not counted.required <= total <= counted.size:
            expected = (str(counted.size) if counted.required == counted.size
                        else f"{counted.required}–{counted.size}")
            found.append(problem(field, "set_sum", set=counted.name, total=total, expected=expected))
            continue
        counts[counted.name] = seats
    for counted in plan.sets:
        if counted.name not in counts and not any(p.field == f"took.cards.{g}" for g in value for p in found):
            found.append(problem(f"took.cards.{counted.name}", "missing_set", set=counted.name))
    return counts if len(counts) == len(plan.sets) else None


def _read_takers(plan: EntryPlan, value: Any, found: list[Problem]) -> dict[int, int] | None:
    if not isinstance(value, dict):
        found.append(problem("took.card", "not_an_object"))
        return None
    takers: dict[int, int] = {}
    wanted = {s.card: s for s in plan.singles}
    for given, seat in value.items():
        card = C.parse_record_card(given) if isinstance(given, str) else None
        field = f"took.card.{given}"
        if card not in wanted:
            found.append(problem(field, "unknown_card", card=given,
                                 cards=", ".join(s.name for s in plan.singles)))
        elif card in takers:
            found.append(problem(field, "card_twice", card=C.card_str(card)))
        elif not _is_seat(seat, plan.players):
            found.append(problem(field, "not_a_seat", last=plan.players - 1))
        else:
            takers[card] = seat
    for single in plan.singles:
        if single.card not in takers and not any(C.parse_record_card(str(g)) == single.card for g in value):
            found.append(problem(f"took.card.{single.name}", "missing_card", card=single.name))
    return takers if len(takers) == len(plan.singles) else None


def _read_positions(plan: EntryPlan, value: Any, found: list[Problem]) -> dict[int, int] | None:
    if not isinstance(value, dict):
        found.append(problem("took.trick", "not_an_object"))
        return None
    wanted = [number for number, _ in plan.positions]
    positions: dict[int, int] = {}
    for given, seat in value.items():
        field = f"took.trick.{given}"
        number = int(given) if isinstance(given, str) and given.isascii() and given.isdigit() else None
        if number not in wanted:
            found.append(problem(field, "unknown_position", number=given,
                                 numbers=", ".join(map(str, wanted))))
        elif not _is_seat(seat, plan.players):
            found.append(problem(field, "not_a_seat", last=plan.players - 1))
        else:
            positions[number] = seat
    for number in wanted:
        if number not in positions and str(number) not in value:
            found.append(problem(f"took.trick.{number}", "missing_position", number=number))
    return positions if len(positions) == len(wanted) else None


def _read_placings(plan: EntryPlan, value: Any, found: list[Problem]) -> list[int] | None:
    n = plan.players
    ok = (isinstance(value, list) and len(value) in (n - 1, n) and all(_is_seat(v, n) for v in value)
          and len(set(value)) == len(value))
    if not ok:
        found.append(problem("took.placings", "placings", last=n - 1))
        return None
    placings = list(value)
    if len(placings) == n - 1:
        placings.append(next(s for s in range(n) if s not in placings))
    return placings


def _read_longest(plan: EntryPlan, value: Any, found: list[Problem]) -> list[int] | None:
    longest = _per_seat(value, "took.longest", plan.players, found)
    if longest is None:
        return None
    suits = [(plan.deck & mask).bit_count() for mask in SUIT_MASKS]
    biggest = max(suits)
    least = -(-biggest // plan.players)  # some seat took at least this many of the biggest suit
    if any(v > biggest for v in longest) or max(longest) < least or sum(longest) > plan.deck.bit_count():
        found.append(problem("took.longest", "longest", least=least, most=biggest))
        return None
    return longest


def _contradictions(plan: EntryPlan, facts: _Facts) -> list[Problem]:
    """Facts that cannot all be true together."""
    found: list[Problem] = []
    if facts.cards is not None and facts.takers is not None:
        for card, seat in sorted(facts.takers.items()):
            for counted in plan.sets:
                if counted.mask >> card & 1 and facts.cards[counted.name][seat] == 0:
                    found.append(problem(f"took.card.{C.card_str(card)}", "taker_without_set",
                                         card=C.card_str(card), seat=seat, set=counted.name))
    if facts.cards is not None:
        for small in plan.sets:
            for big in plan.sets:
                if small is not big and small.mask & ~big.mask == 0:
                    for seat in range(plan.players):
                        if facts.cards[small.name][seat] > facts.cards[big.name][seat]:
                            found.append(problem(f"took.cards.{small.name}", "subset", seat=seat,
                                                 small=small.name, big=big.name))
    if facts.tricks is not None:
        for seat, taken in enumerate(facts.tricks):
            cards_taken = [counts[seat] for counts in (facts.cards or {}).values()]
            if any(count > taken * plan.players for count in cards_taken):
                found.append(problem("took.tricks", "cards_over_tricks", seat=seat, tricks=taken))
            held = [c for c, s in (facts.takers or {}).items() if s == seat]
            held += [p for p, s in (facts.positions or {}).items() if s == seat]
            if taken == 0 and held:
                found.append(problem("took.tricks", "took_without_tricks", seat=seat))
    return found


# --------------------------------------------------------------------------
# Scores


def score_took(plan: EntryPlan, took: Any) -> tuple[list[int] | None, list[Problem]]:
    """Each seat's raw score from the facts ``took``, or None and every
    problem found."""
    facts, found = read_took(plan, took)
    if found:
        return None, found
    return score_facts(plan, facts), []


def score_facts(plan: EntryPlan, facts: _Facts) -> list[int]:
    """The raw scores of facts already read and checked."""
    n = plan.players
    if plan.domino:
        assert facts.placings is not None
        scores = [0] * n
        for place, seat in enumerate(facts.placings):
            scores[seat] += plan.placings[place] if place < len(plan.placings) else 0
        return scores
    scores = [0] * n
    for seat in range(n):
        if facts.tricks is not None:
            scores[seat] += plan.per_trick * facts.tricks[seat]
        for counted in plan.sets:
            scores[seat] += counted.value * (facts.cards or {})[counted.name][seat]
    for single in plan.singles:
        scores[(facts.takers or {})[single.card]] += single.adjust
    for number, value in plan.positions:
        scores[(facts.positions or {})[number]] += value
    for shares in plan.most:
        assert facts.longest is not None
        top = max(facts.longest)
        tied = [seat for seat, count in enumerate(facts.longest) if count == top]
        for seat in tied:
            scores[seat] += shares[len(tied)]
    if plan.all_or_nothing or plan.shoot_the_moon:
        sole = sole_taker(plan, facts)
        if sole is not None:
            if plan.all_or_nothing:
                scores[sole] = -scores[sole]
            else:
                total = scores[sole]
                scores = [total] * n
                scores[sole] = 0
    return scores


def sole_taker(plan: EntryPlan, facts: _Facts) -> int | None:
    """The seat that took every scoring element (every trick when tricks
    score, every card of each counted set, each card with a value of its
    own, each scored trick), or None."""
    seats = set(range(plan.players))
    if facts.tricks is not None and plan.per_trick:
        seats &= {s for s, taken in enumerate(facts.tricks) if taken == plan.tricks}
    for counted in plan.sets:
        seats &= {s for s, count in enumerate((facts.cards or {})[counted.name]) if count == counted.size}
    for single in plan.singles:
        seats &= {(facts.takers or {})[single.card]}
    for number, _ in plan.positions:
        seats &= {(facts.positions or {})[number]}
    return seats.pop() if len(seats) == 1 else None


def check_raw(raw: Any, players: int, totals: HandTotals) -> list[Problem]:
    """Scores entered directly: one whole number per seat, adding up to a
    total the contract can have (``barbu verify``'s totals)."""
    if (not isinstance(raw, list) or len(raw) != players
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)):
        return [problem("raw", "raw_scores", players=players)]
    if sum(raw) not in totals.totals:
        return [problem("raw", "raw_sum", total=sum(raw), totals=" / ".join(map(str, totals.totals)))]
    return []


def facts_of_hand(plan: EntryPlan, won: Sequence[int], winners: Sequence[int],
                  placings: Sequence[int] = ()) -> dict[str, Any]:
    """The ``took`` object a scorer would enter for a hand played out in
    the engine: ``won`` the cards each seat took (masks), ``winners`` who
    took each trick, ``placings`` the domino order of going out."""
    took: dict[str, Any] = {}
    keys = plan.keys
    if "tricks" in keys:
        took["tricks"] = [sum(1 for w in winners if w == seat) for seat in range(plan.players)]
    if "cards" in keys:
        took["cards"] = {s.name: [(w & s.mask).bit_count() for w in won] for s in plan.sets}
    if "card" in keys:
        took["card"] = {s.name: next(seat for seat, w in enumerate(won) if w >> s.card & 1) for s in plan.singles}
    if "trick" in keys:
        took["trick"] = {str(number): winners[number - 1] for number, _ in plan.positions}
    if "placings" in keys:
        took["placings"] = list(placings)
    if "longest" in keys:
        took["longest"] = [max((w & mask).bit_count() for mask in SUIT_MASKS) for w in won]
    return took


__all__ = ["Problem", "check_raw", "facts_of_hand", "read_took", "score_facts", "score_took", "sole_taker"]
