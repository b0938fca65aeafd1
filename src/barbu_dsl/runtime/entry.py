"""A score-sheet hand's facts, checked and scored (docs/sheet.md, "A hand").

A scorer at a real table does not write down every card played, only who
took what: the tricks each seat took, how many cards of each counted set,
who took each card that has a value of its own and each scored trick
position, the domino placings, each seat's longest suit for Ravage City.
An :class:`EntryPlan` says which of those facts one hand of a contract
needs and what each is worth (the interpreter works it out from the
rules, ``barbu_dsl.compiled.entry``; a generated package carries its
plans as data), so that every scorer scores them the same way.

:func:`score_took` takes the ``took`` object of a hand and the plan, and
returns each seat's raw score, or every :class:`Problem` it finds: a key
missing or not used, facts that do not add up (tricks that do not sum to
the hand's tricks, set counts that do not sum to the set's cards, a card or
trick position without its one taker, placings that are not the seats;
a widow set aside lets the counts fall short and as many cards go
without a taker, docs/rules.md section 6),
and facts that contradict each other (the taker of A♥ took no heart, a seat
with no trick that took cards).  :func:`check_raw` checks scores entered
directly against the totals the contract can reach; :func:`read_trump`,
:func:`read_start_rank` and :func:`read_doubles` check what else a hand
says; :func:`whole_numbers` reads ``1.0`` as ``1``, as JSON and the page do.

A problem is a code, the field it is about and the words of its message,
so each scorer says it in its own words (docs/sheet.md lists the codes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from .announcement import Announcement
from .cards import (
    RANK_TEXT,
    SUIT_LETTERS,
    SUIT_MASKS,
    card_str,
    cards_of,
    cards_str,
    parse_rank,
    parse_record_card,
    parse_suit,
)
from .records import contract_key
from .suggestion import closest

HAND_KEYS = ("contract", "declarer", "trump", "start_rank", "took", "raw", "doubles")
"""The keys of a hand object, in docs/sheet.md order."""

KEYS = ("tricks", "cards", "card", "trick", "placings", "longest")
"""The keys of a hand's ``took``, in the order docs/sheet.md lists them."""


@dataclass(frozen=True)
class CountedSet:
    """A set of cards counted per seat: its docs/sheet.md name (``H``,
    ``Q``, ``T``, ``trump``, ``card``, ``QS+KH``), its cards in the deck,
    its points per card taken, and how many of its cards must be counted in
    all (fewer than the set when some of its cards score nothing and the
    hand may end before they are taken)."""

    name: str
    mask: int
    value: int
    required: int

    @property
    def size(self) -> int:
        return self.mask.bit_count()


@dataclass(frozen=True)
class Single:
    """A card with a value of its own: its record name and what taking it
    adds to what its counted sets give."""

    card: int
    name: str
    adjust: int


@dataclass(frozen=True)
class NoneOf:
    """``+5 for no ♥``: ``value`` for a seat whose count of each set named
    in ``sets`` is 0 and that took none of the ``cards`` with a value of
    their own (docs/rules.md section 6, taking all or none).  ``free``:
    cards with a value of their own that score nothing (``−2 per ♥, A♥ 0,
    +5 for no points``), left out of the counts of the sets holding them."""

    sets: tuple[str, ...]
    cards: tuple[int, ...]
    value: int
    free: tuple[int, ...] = ()

    def took_none(self, plan: EntryPlan, facts: Facts, seat: int) -> bool:
        """Whether ``seat`` took none of these cards, by the facts."""
        mine = {card for card, taker in (facts.takers or {}).items() if taker == seat}
        if mine.intersection(self.cards):
            return False
        for counted in plan.sets:
            if counted.name in self.sets:
                free = sum(1 for card in self.free if card in mine and counted.mask >> card & 1)
                if (facts.cards or {})[counted.name][seat] > free:
                    return False
        return True


@dataclass(frozen=True)
class EntryPlan:
    """The facts one hand of a contract needs, and what they are worth."""

    players: int
    tricks: int  # tricks in a hand
    deck: int
    domino: bool
    per_trick: int
    sets: tuple[CountedSet, ...]
    singles: tuple[Single, ...]
    positions: tuple[tuple[int, int], ...]  # (trick number from 1, points)
    placings: tuple[int, ...]
    most: tuple[tuple[int, ...], ...]  # per Ravage City part: share by number tied
    all_or_nothing: bool
    shoot_the_moon: bool
    by_tricks: tuple[int, ...] = ()  # per number of tricks a seat took: points (empty: none score so)
    none_of: tuple[NoneOf, ...] = ()  # ``+5 for no ♥``
    slam: int | None = None  # a seat that took every trick scores this, every other seat 0
    aside: int = 0  # cards a widow sets aside (docs/rules.md section 6): as many single cards may have no taker

    @cached_property  # read for every key of every hand entered: worked out once a plan
    def keys(self) -> tuple[str, ...]:
        """The keys of ``took`` this contract needs, in docs/sheet.md order."""
        needed = {
            "tricks": bool(self.per_trick or any(self.by_tricks) or self.slam is not None),
            "cards": bool(self.sets),
            "card": bool(self.singles),
            "trick": bool(self.positions),
            "placings": self.domino,
            "longest": bool(self.most),
        }
        return tuple(key for key in KEYS if needed[key])

    def to_json(self) -> dict[str, Any]:
        """The plan as JSON data (cards as record names)."""
        return {
            "players": self.players,
            "tricks": self.tricks,
            "deck": cards_str(cards_of(self.deck)),
            "keys": list(self.keys),
            "per_trick": self.per_trick,
            "sets": [
                {"name": s.name, "cards": cards_str(cards_of(s.mask)), "value": s.value, "required": s.required}
                for s in self.sets
            ],
            "singles": [{"card": s.name, "adjust": s.adjust} for s in self.singles],
            "positions": [list(p) for p in self.positions],
            "placings": list(self.placings),
            "most": [list(shares) for shares in self.most],
            "all_or_nothing": self.all_or_nothing,
            "shoot_the_moon": self.shoot_the_moon,
            "by_tricks": list(self.by_tricks),
            "none_of": [
                {
                    "sets": list(n.sets),
                    "cards": [card_str(c) for c in n.cards],
                    "value": n.value,
                    "free": [card_str(c) for c in n.free],
                }
                for n in self.none_of
            ],
            "slam": self.slam,
            "aside": self.aside,
        }


class Problem(NamedTuple):
    """One thing wrong with a hand: ``field`` is where (``took.cards.H``,
    ``raw``), ``code`` which rule of docs/sheet.md it breaks, ``fields`` the
    words of its message (``sheet.problem.<code>``)."""

    field: str
    code: str
    fields: tuple[tuple[str, str], ...] = ()


def problem(field: str, code: str, **fields: object) -> Problem:
    """The problem ``code`` at ``field``, with the words of its message."""
    return Problem(field, code, tuple((key, str(value)) for key, value in fields.items()))


def whole_numbers(value: Any) -> Any:
    """``value`` with each whole-valued float (``1.0``, ``4e0``, ``-0.0``)
    the integer it is: JSON does not tell ``1.0`` from ``1``, nor can the
    web scorer's JavaScript, so a hand means the same to every scorer
    (docs/sheet.md, "A hand").  Other floats stay, to be refused."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [whole_numbers(item) for item in value]
    if isinstance(value, dict):
        return {key: whole_numbers(item) for key, item in value.items()}
    return value


def hand_key_problems(hand: dict[Any, Any]) -> list[Problem]:
    """A problem for each key of ``hand`` that a hand object does not have."""
    return [problem(str(key), "hand_key", key=key, keys=", ".join(HAND_KEYS)) for key in hand if key not in HAND_KEYS]


def unknown_contract(name: Any, names: Sequence[str], found: list[Problem]) -> None:
    """Say in ``found`` that ``name`` names none of the contracts ``names``
    (with the closest name, when one is close)."""
    if not isinstance(name, str) or not name.strip():
        found.append(problem("contract", "contract_missing"))
        return
    close = closest(name, names, contract_key)
    if close is not None:
        found.append(problem("contract", "contract_close", name=name, close=close))
    else:
        found.append(problem("contract", "contract_unknown", name=name, contracts=", ".join(names)))


def read_trump(contract: str, announcement: Announcement, value: Any, found: list[Problem]) -> int | None:
    """The trump suit of the hand: required when the declarer names it,
    refused when the contract has no trumps or a fixed other suit."""
    if value is None:
        if announcement.trumps == "named":
            found.append(problem("trump", "trump_missing", contract=contract))
        return None
    suit = parse_suit(value) if isinstance(value, str) else None
    fixed = announcement.trump_suit
    if suit is None:
        found.append(problem("trump", "trump_unknown", value=value))
    elif announcement.trumps == "none":
        found.append(problem("trump", "trump_unused", contract=contract))
    elif fixed is not None and fixed != suit:
        found.append(problem("trump", "trump_fixed", contract=contract, suit=SUIT_LETTERS[fixed]))
    return suit


def read_start_rank(contract: str, announcement: Announcement, value: Any, found: list[Problem]) -> int | None:
    """The domino starting rank of the hand: required when the declarer
    names it, refused otherwise (or when it differs from a fixed one)."""
    start, fixed = announcement.start, announcement.start_rank
    if value is None:
        if start == "chosen":
            found.append(problem("start_rank", "rank_missing", contract=contract))
        return None
    rank = value if is_count(value) and 2 <= value <= 14 else parse_rank(value) if isinstance(value, str) else None
    if rank is None:
        found.append(problem("start_rank", "rank_unknown", value=value))
    elif start is None or start == "first-card":
        found.append(problem("start_rank", "rank_unused", contract=contract))
    elif fixed is not None and fixed != rank:
        found.append(problem("start_rank", "rank_fixed", contract=contract, rank=RANK_TEXT[fixed]))
    return rank


def read_doubles(value: Any, players: int, found: list[Problem]) -> list[tuple[int, int]]:
    """The ``[doubler, doubled]`` pairs of the hand (none when absent)."""
    if value is None:
        return []
    pairs: list[tuple[int, int]] = []
    ok = isinstance(value, list)
    for pair in value if ok else []:
        if isinstance(pair, list) and len(pair) == 2 and all(is_seat(s, players) for s in pair):
            pairs.append((pair[0], pair[1]))
        else:
            ok = False
    if not ok:
        found.append(problem("doubles", "doubles_shape", last=players - 1))
    return pairs


def is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def is_seat(value: Any, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _per_seat(value: Any, field: str, players: int, found: list[Problem]) -> list[int] | None:
    """A list of one whole number (0 or more) per seat, or None after a problem."""
    if not isinstance(value, list) or len(value) != players or not all(is_count(v) for v in value):
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
class Facts:
    """The facts of one hand as read, each None when missing or unreadable."""

    tricks: list[int] | None = None
    cards: dict[str, list[int]] | None = None
    takers: dict[int, int] | None = None
    positions: dict[int, int] | None = None
    placings: list[int] | None = None
    longest: list[int] | None = None


def read_took(plan: EntryPlan, took: Any) -> tuple[Facts, list[Problem]]:
    """Read and check the ``took`` object against ``plan``."""
    found: list[Problem] = []
    facts = Facts()
    if not isinstance(took, dict):
        return facts, [problem("took", "not_an_object")]
    for key in KEYS:
        if key in plan.keys and key not in took:
            found.append(problem(f"took.{key}", "missing_key", key=key))
        elif key not in plan.keys and key in took:
            found.append(problem(f"took.{key}", "unused_key", key=key))
    for key in took:
        if key not in KEYS:
            found.append(problem(f"took.{key}", "unknown_key", key=key, keys=", ".join(plan.keys) or "—"))
    facts = Facts(
        *(read(plan, took[key], found) if key in plan.keys and key in took else None for key, read in _FACT_READERS)
    )
    found.extend(_contradictions(plan, facts))
    return facts, found


def _read_tricks(plan: EntryPlan, value: Any, found: list[Problem]) -> list[int] | None:
    tricks = _per_seat(value, "took.tricks", plan.players, found)
    if tricks is not None and sum(tricks) != plan.tricks:
        found.append(problem("took.tricks", "tricks_sum", total=sum(tricks), tricks=plan.tricks))
        return None
    return tricks


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
            expected = str(counted.size) if counted.required == counted.size else f"{counted.required}–{counted.size}"
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
        card = parse_record_card(given) if isinstance(given, str) else None
        field = f"took.card.{given}"
        if card not in wanted:
            found.append(problem(field, "unknown_card", card=given, cards=", ".join(s.name for s in plan.singles)))
        elif card in takers:
            found.append(problem(field, "card_twice", card=card_str(card)))
        elif not is_seat(seat, plan.players):
            found.append(problem(field, "not_a_seat", last=plan.players - 1))
        else:
            takers[card] = seat
    # A card a widow set aside has no taker (docs/rules.md section 6): the widow holds so many cards at most.
    named = {parse_record_card(str(given)) for given in value}
    untaken = [single for single in plan.singles if single.card not in takers and single.card not in named]
    for single in untaken if len(untaken) > plan.aside else ():
        found.append(problem(f"took.card.{single.name}", "missing_card", card=single.name))
    return takers if len(takers) + len(untaken) == len(plan.singles) and len(untaken) <= plan.aside else None


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
            found.append(problem(field, "unknown_position", number=given, numbers=", ".join(map(str, wanted))))
        elif not is_seat(seat, plan.players):
            found.append(problem(field, "not_a_seat", last=plan.players - 1))
        else:
            positions[number] = seat
    for number in wanted:
        if number not in positions and str(number) not in value:
            found.append(problem(f"took.trick.{number}", "missing_position", number=number))
    return positions if len(positions) == len(wanted) else None


def _read_placings(plan: EntryPlan, value: Any, found: list[Problem]) -> list[int] | None:
    n = plan.players
    ok = (
        isinstance(value, list)
        and len(value) in (n - 1, n)
        and all(is_seat(v, n) for v in value)
        and len(set(value)) == len(value)
    )
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


_FACT_READERS: tuple[tuple[str, Any], ...] = (
    ("tricks", _read_tricks),
    ("cards", _read_sets),
    ("card", _read_takers),
    ("trick", _read_positions),
    ("placings", _read_placings),
    ("longest", _read_longest),
)
"""Each key of ``took``, in :class:`Facts` order, and its reader."""


def _contradictions(plan: EntryPlan, facts: Facts) -> list[Problem]:
    """Facts that cannot all be true together."""
    return [
        *_takers_without_their_sets(plan, facts),
        *_more_than_their_superset(plan, facts),
        *_more_than_their_tricks(plan, facts),
    ]


def _takers_without_their_sets(plan: EntryPlan, facts: Facts) -> list[Problem]:
    """The taker of a card with a value of its own took none of its set."""
    found: list[Problem] = []
    if facts.cards is not None and facts.takers is not None:
        for card, seat in sorted(facts.takers.items()):
            for counted in plan.sets:
                if counted.mask >> card & 1 and facts.cards[counted.name][seat] == 0:
                    found.append(
                        problem(
                            f"took.card.{card_str(card)}",
                            "taker_without_set",
                            card=card_str(card),
                            seat=seat,
                            set=counted.name,
                        )
                    )
    return found


def _more_than_their_superset(plan: EntryPlan, facts: Facts) -> list[Problem]:
    """A seat took more cards of a set than of a set holding it."""
    found: list[Problem] = []
    if facts.cards is not None:
        for small in plan.sets:
            for big in plan.sets:
                if small is not big and small.mask & ~big.mask == 0:
                    found.extend(
                        problem(f"took.cards.{small.name}", "subset", seat=seat, small=small.name, big=big.name)
                        for seat in range(plan.players)
                        if facts.cards[small.name][seat] > facts.cards[big.name][seat]
                    )
    return found


def _more_than_their_tricks(plan: EntryPlan, facts: Facts) -> list[Problem]:
    """A seat took more cards than its tricks hold, or took something with no trick."""
    found: list[Problem] = []
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


def score_facts(plan: EntryPlan, facts: Facts) -> list[int]:
    """The raw scores of facts already read and checked."""
    if plan.domino:
        assert facts.placings is not None
        scores = [0] * plan.players
        for place, seat in enumerate(facts.placings):
            scores[seat] += plan.placings[place] if place < len(plan.placings) else 0
        return scores
    scores = [0] * plan.players
    for seat in range(plan.players):
        if facts.tricks is not None:
            scores[seat] += plan.per_trick * facts.tricks[seat]
            scores[seat] += plan.by_tricks[facts.tricks[seat]] if plan.by_tricks else 0
        for counted in plan.sets:
            scores[seat] += counted.value * (facts.cards or {})[counted.name][seat]
    adjusts = {single.card: single.adjust for single in plan.singles}
    for card, seat in (facts.takers or {}).items():  # a card that lay in a widow set aside has no taker
        scores[seat] += adjusts[card]
    for number, value in plan.positions:
        scores[(facts.positions or {})[number]] += value
    for shares in plan.most:
        assert facts.longest is not None
        top = max(facts.longest)
        tied = [seat for seat, count in enumerate(facts.longest) if count == top]
        for seat in tied:
            scores[seat] += shares[len(tied)]
    for none in plan.none_of:
        for seat in range(plan.players):
            scores[seat] += none.value if none.took_none(plan, facts, seat) else 0
    return _slam(plan, facts, _swept(plan, facts, scores))


def _slam(plan: EntryPlan, facts: Facts, scores: list[int]) -> list[int]:
    """``scores``, or the slam's when one seat took every trick and the
    slam replaces the hand's scores (docs/rules.md section 6)."""
    if plan.slam is None or facts.tricks is None or plan.tricks not in facts.tricks:
        return scores
    slammed = [0] * plan.players
    slammed[facts.tricks.index(plan.tricks)] = plan.slam
    return slammed


def _swept(plan: EntryPlan, facts: Facts, scores: list[int]) -> list[int]:
    """``scores`` after all or nothing or shoot the moon, when one seat took
    every scoring element."""
    sole = sole_taker(plan, facts) if plan.all_or_nothing or plan.shoot_the_moon else None
    if sole is None:
        return scores
    if plan.all_or_nothing:
        return [-score if seat == sole else score for seat, score in enumerate(scores)]
    return [0 if seat == sole else scores[sole] for seat in range(plan.players)]


def sole_taker(plan: EntryPlan, facts: Facts) -> int | None:
    """The seat that took every scoring element (every trick when tricks
    score, every card of each counted set, each card with a value of its
    own, each scored trick), or None."""
    seats = set(range(plan.players))
    if facts.tricks is not None and plan.per_trick:
        seats &= {s for s, taken in enumerate(facts.tricks) if taken == plan.tricks}
    for counted in plan.sets:
        seats &= {s for s, count in enumerate((facts.cards or {})[counted.name]) if count == counted.size}
    for single in plan.singles:
        seats &= {(facts.takers or {}).get(single.card)}  # nobody, when it lay in a widow set aside
    for number, _ in plan.positions:
        seats &= {(facts.positions or {})[number]}
    return seats.pop() if len(seats) == 1 else None


def check_raw(raw: Any, players: int, totals: Sequence[int]) -> list[Problem]:
    """Scores entered directly: one whole number per seat, adding up to a
    total the contract can have (``barbu verify``'s totals)."""
    if (
        not isinstance(raw, list)
        or len(raw) != players
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)
    ):
        return [problem("raw", "raw_scores", players=players)]
    if sum(raw) not in totals:
        return [problem("raw", "raw_sum", total=sum(raw), totals=" / ".join(map(str, totals)))]
    return []


def facts_of_hand(
    plan: EntryPlan, won: Sequence[int], winners: Sequence[int], placings: Sequence[int] = ()
) -> dict[str, Any]:
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
        taken = {s.name: [seat for seat, w in enumerate(won) if w >> s.card & 1] for s in plan.singles}
        took["card"] = {name: seats[0] for name, seats in taken.items() if seats}  # none: in a widow set aside
    if "trick" in keys:
        took["trick"] = {str(number): winners[number - 1] for number, _ in plan.positions}
    if "placings" in keys:
        took["placings"] = list(placings)
    if "longest" in keys:
        took["longest"] = [max((w & mask).bit_count() for mask in SUIT_MASKS) for w in won]
    return took


__all__ = [
    "HAND_KEYS",
    "KEYS",
    "CountedSet",
    "EntryPlan",
    "Facts",
    "Problem",
    "Single",
    "check_raw",
    "facts_of_hand",
    "hand_key_problems",
    "is_count",
    "is_seat",
    "problem",
    "read_doubles",
    "read_start_rank",
    "read_took",
    "read_trump",
    "score_facts",
    "score_took",
    "sole_taker",
    "unknown_contract",
    "whole_numbers",
]
