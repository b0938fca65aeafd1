"""A game sheet: a spec, the players, and the hands entered (docs/sheet.md).

:class:`SheetGame` holds a game in the exchange format's terms and scores
it: each hand is checked in full — the flow of the game (whose turn, which
contracts are left, the game not over), the trump or starting rank the
contract asks for, the doubles (docs/rules.md section 2), and the facts of
play or the raw scores — then scored (raw from the facts, the doubling
settlement, the not-played split of variant 4) and added to the running
totals.  A hand that breaks a rule is refused with every :class:`Problem`
found, each naming the hand and the field.

The spec is kept as its canonical text (``barbu fmt``), so a game scored
under a house scale reopens under that scale.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import cards as C
from ..compiled import hand_totals
from ..compiled.entry import entry_plan
from ..engine.doubling import Pair, hand_terms
from ..errors import BarbuError, RecordError, SpecError
from ..i18n import Translator
from ..language import load_spec, parse_spec, print_spec
from ..language import model as m
from .facts import Problem, check_raw, problem, score_took
from .flow import Entered, SheetFlow, SheetTurn

FORMAT = "barbu-sheet 1"
HAND_KEYS = ("contract", "declarer", "trump", "start_rank", "took", "raw", "doubles")


class SheetError(BarbuError):
    """A sheet hand (or a game file) that breaks a rule: exit 1.
    ``problems`` holds (hand number from 1, or None for the game, problem)."""

    exit_code = 1

    def __init__(self, problems: Sequence[tuple[int | None, Problem]]):
        self.problems = list(problems)
        super().__init__(self.describe())

    def describe(self, t: Translator | None = None) -> str:
        t = t or Translator("en")
        lines = []
        for number, found in self.problems:
            where = t("sheet.hand", number=number) + ", " if number is not None else ""
            lines.append(where + found.message(t))
        return "\n".join(lines)


class SheetFileError(BarbuError):
    """A game file that cannot be read at all: exit 2."""


@dataclass(frozen=True)
class ScoredHand:
    """A hand on the sheet, scored.  ``status`` is ``played``, ``raw``
    (scores entered directly) or ``not_played``; ``against`` is, per seat,
    the doubles made against this hand's declarer in their series (or the
    game) up to and including this hand: the advisory count, never enforced."""

    number: int  # 0-based
    entry: dict[str, Any]  # the hand as entered (docs/sheet.md), normalised
    contract: str
    declarer: int
    trump: int | None
    start_rank: int | None
    doubles: tuple[Pair, ...]
    status: str
    raw: tuple[int, ...]
    transfers: tuple[int, ...]
    final: tuple[int, ...]
    totals: tuple[int, ...]
    against: tuple[int, ...]


@dataclass
class SheetGame:
    """One game of a spec at a real table."""

    spec_ref: str
    spec: m.Spec
    players: list[str]
    scored: list[ScoredHand] = field(default_factory=list)

    # ---- building ------------------------------------------------------------
    @classmethod
    def new(cls, spec_ref: str, players: Sequence[str], spec: m.Spec | None = None) -> SheetGame:
        """A game with no hands yet.  Raise :class:`SheetFileError` for a
        player count the spec does not allow or unusable names."""
        model = spec if spec is not None else load_spec(spec_ref)
        names = [str(name).strip() for name in players]
        if len(names) not in model.players:
            allowed = ", ".join(map(str, model.players))
            raise SheetFileError(f"{model.full_name} is played by {allowed} players, not {len(names)}")
        if any(not name for name in names) or len(set(names)) != len(names):
            raise SheetFileError("every player needs a name of their own")
        return cls(spec_ref, model, names)

    @classmethod
    def from_json(cls, data: Any) -> SheetGame:
        """A game from the docs/sheet.md game object; every hand is checked.
        Raise :class:`SheetFileError` when it cannot be read, and
        :class:`SheetError` naming each impossible hand."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SheetFileError(f"not a score sheet: expected an object with \"format\": \"{FORMAT}\"")
        ref, text, names, hands = data.get("spec"), data.get("spec_text"), data.get("players"), data.get("hands")
        if not isinstance(ref, str) or not ref:
            raise SheetFileError("a score sheet names its spec in \"spec\"")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise SheetFileError("\"players\" is the list of the players' names")
        if not isinstance(hands, list):
            raise SheetFileError("\"hands\" is the list of the hands played")
        try:
            spec = parse_spec(text, f"{ref} (spec_text)") if isinstance(text, str) else load_spec(ref)
        except SpecError as error:
            raise SheetFileError(f"the spec of this sheet cannot be used:\n{error}") from None
        game = cls.new(ref, names, spec)
        problems: list[tuple[int | None, Problem]] = []
        for hand in hands:
            try:
                game.add(hand)
            except SheetError as error:
                problems.extend(error.problems)
                break  # later hands depend on this one's place in the game
        if problems:
            raise SheetError(problems)
        return game

    def to_json(self) -> dict[str, Any]:
        """The docs/sheet.md game object (always with ``spec_text``)."""
        return {"format": FORMAT, "spec": self.spec_ref, "spec_text": print_spec(self.spec),
                "players": list(self.players), "hands": [hand.entry for hand in self.scored]}

    # ---- the flow ------------------------------------------------------------
    @property
    def flow(self) -> SheetFlow:
        return SheetFlow(self.spec, len(self.players))

    def next_turn(self) -> SheetTurn:
        return self.flow.turn([Entered(h.contract, h.declarer) for h in self.scored])

    @property
    def over(self) -> bool:
        return self.next_turn().over

    @property
    def totals(self) -> tuple[int, ...]:
        return self.scored[-1].totals if self.scored else (0,) * len(self.players)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best total by the spec's aim (all seats while no hand is scored)."""
        best = (max if self.spec.game.aim == "highest" else min)(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def against_declarer(self) -> tuple[int | None, tuple[int, ...]]:
        """The next hand's declarer (None when free) and, per seat, the
        doubles made against them in their current series (or the game)."""
        turn = self.next_turn()
        if turn.declarer is None:
            return None, (0,) * len(self.players)
        return turn.declarer, self._against(turn.declarer, turn.series_start, len(self.scored))

    def _against(self, declarer: int, start: int, end: int) -> tuple[int, ...]:
        counts = [0] * len(self.players)
        for hand in self.scored[start:end]:
            for doubler, doubled in hand.doubles:
                if doubled == declarer and hand.declarer == declarer:
                    counts[doubler] += 1
        return tuple(counts)

    # ---- adding, editing ---------------------------------------------------------
    def add(self, hand: Any) -> ScoredHand:
        """Check ``hand`` as the next hand and add it; raise :class:`SheetError`."""
        scored = self.score(hand, len(self.scored))
        self.scored.append(scored)
        return scored

    def replace_hands(self, hands: Sequence[Any]) -> None:
        """Re-enter every hand (after an edit or a deletion): all of them are
        checked again; on any problem the sheet is left as it was."""
        game = SheetGame(self.spec_ref, self.spec, list(self.players))
        for hand in hands:
            game.add(hand)
        self.scored = game.scored

    def score(self, hand: Any, number: int) -> ScoredHand:
        """Check and score ``hand`` as hand ``number`` (0-based) after the
        hands before it; raise :class:`SheetError` with every problem."""
        label = number + 1
        found: list[Problem] = []
        if not isinstance(hand, dict):
            raise SheetError([(label, problem("hand", "hand_object"))])
        for key in hand:
            if key not in HAND_KEYS:
                found.append(problem(str(key), "hand_key", key=key, keys=", ".join(HAND_KEYS)))
        turn = self.flow.turn([Entered(h.contract, h.declarer) for h in self.scored[:number]])
        if turn.over:
            raise SheetError([(label, problem("hand", "game_over", hands=self.flow.plan.hands))])
        contract = self._contract(hand.get("contract"), turn, found)
        declarer = self._declarer(hand.get("declarer"), turn, found)
        if contract is None or declarer is None:
            raise SheetError([(label, p) for p in found])
        players = len(self.players)
        rules = contract.rules_for(players)
        trump = _trump(contract, rules, hand.get("trump"), found)
        start_rank = _start_rank(contract, rules, hand.get("start_rank"), found)
        doubles = _doubles(hand.get("doubles"), players, found)
        if found:
            raise SheetError([(label, p) for p in found])
        deck = tuple(sorted(self.spec.deck_for(players)))
        terms = hand_terms(self.spec, rules, players, deck, trump)
        try:
            terms.check(declarer, doubles)
        except RecordError as error:
            doubler, doubled = error.details["pair"]
            raise SheetError([(label, problem("doubles", f"double.{error.rule}", doubler=doubler, doubled=doubled,
                                              **dict(error.rule_fields)))]) from None
        took, raw_given = hand.get("took"), hand.get("raw")
        if terms.not_played(declarer, doubles):
            if took is not None or raw_given is not None:
                raise SheetError([(label, problem("took" if took is not None else "raw", "not_played"))])
            raw, transfers, status = terms.not_played_scores(declarer), [0] * players, "not_played"
            final = list(raw)
        else:
            if took is not None and raw_given is not None:
                raise SheetError([(label, problem("raw", "took_and_raw"))])
            if took is None and raw_given is None:
                raise SheetError([(label, problem("took", "no_facts"))])
            raw_scores: list[int] | None = None
            if took is not None:
                raw_scores, problems = score_took(entry_plan(rules, players, deck, trump), took)
                status = "played"
            else:
                problems = check_raw(raw_given, players, hand_totals(rules, players, deck, trump))
                raw_scores, status = (None if problems or raw_given is None else [int(v) for v in raw_given]), "raw"
            if problems or raw_scores is None:
                raise SheetError([(label, p) for p in problems])
            raw = raw_scores
            transfers, final = terms.settle(raw, doubles)
        previous = self.scored[number - 1].totals if number else (0,) * players
        totals = tuple(a + b for a, b in zip(previous, final))
        entry = _entry(contract, declarer, trump, start_rank, hand, doubles)
        against = list(self._against(declarer, turn.series_start, number))
        for doubler, doubled in doubles:
            if doubled == declarer:
                against[doubler] += 1
        return ScoredHand(number, entry, contract.name, declarer, trump, start_rank, tuple(doubles), status,
                          tuple(raw), tuple(transfers), tuple(final), totals, tuple(against))

    def _contract(self, name: Any, turn: SheetTurn, found: list[Problem]) -> m.Contract | None:
        if not isinstance(name, str) or not name.strip():
            found.append(problem("contract", "contract_missing"))
            return None
        try:
            contract = self.spec.contract(name)
        except KeyError:
            names = [c.name for c in self.spec.contracts]
            close = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
            if close:
                found.append(problem("contract", "contract_close", name=name, close=close[0]))
            else:
                found.append(problem("contract", "contract_unknown", name=name, contracts=", ".join(names)))
            return None
        if contract not in turn.options:
            options = ", ".join(c.name for c in turn.options)
            found.append(problem("contract", "contract_not_now", name=contract.name, options=options))
            return None
        return contract

    def _declarer(self, value: Any, turn: SheetTurn, found: list[Problem]) -> int | None:
        n = len(self.players)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
            found.append(problem("declarer", "not_a_seat", last=n - 1))
            return None
        if turn.declarer is not None and value != turn.declarer:
            found.append(problem("declarer", "not_their_turn", seat=value, expected=turn.declarer,
                                 name=self.players[turn.declarer]))
            return None
        return value


def _trump(contract: m.Contract, rules: m.Rules, value: Any, found: list[Problem]) -> int | None:
    play = rules.play
    trumps = play.trumps if isinstance(play, m.TrickPlay) else None
    if value is None:
        if trumps is not None and trumps.suit is None:
            found.append(problem("trump", "trump_missing", contract=contract.name))
        return None
    suit = C.parse_suit(value) if isinstance(value, str) else None
    if suit is None:
        found.append(problem("trump", "trump_unknown", value=value))
    elif trumps is None:
        found.append(problem("trump", "trump_unused", contract=contract.name))
    elif trumps.suit is not None and trumps.suit != suit:
        found.append(problem("trump", "trump_fixed", contract=contract.name, suit=C.SUIT_LETTERS[trumps.suit]))
    return suit


def _start_rank(contract: m.Contract, rules: m.Rules, value: Any, found: list[Problem]) -> int | None:
    play = rules.play
    if value is None:
        if isinstance(play, m.DominoPlay) and play.start == "chosen":
            found.append(problem("start_rank", "rank_missing", contract=contract.name))
        return None
    rank = (value if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 14
            else C.parse_rank(value) if isinstance(value, str) else None)
    if rank is None:
        found.append(problem("start_rank", "rank_unknown", value=value))
    elif not isinstance(play, m.DominoPlay) or play.start == "first-card":
        found.append(problem("start_rank", "rank_unused", contract=contract.name))
    elif isinstance(play.start, int) and play.start != rank:
        found.append(problem("start_rank", "rank_fixed", contract=contract.name, rank=C.rank_str(play.start)))
    return rank


def _doubles(value: Any, players: int, found: list[Problem]) -> list[Pair]:
    if value is None:
        return []
    pairs: list[Pair] = []
    ok = isinstance(value, list)
    for pair in value if ok else []:
        if (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in pair)):
            pairs.append((pair[0], pair[1]))
        else:
            ok = False
    if not ok:
        found.append(problem("doubles", "doubles_shape", last=players - 1))
    return pairs


def _entry(contract: m.Contract, declarer: int, trump: int | None, start_rank: int | None,
           hand: dict[str, Any], doubles: Sequence[Pair]) -> dict[str, Any]:
    """The hand as the exchange format writes it: canonical names and letters."""
    entry: dict[str, Any] = {"contract": contract.name, "declarer": declarer,
                             "trump": None if trump is None else C.SUIT_LETTERS[trump],
                             "start_rank": None if start_rank is None else C.RANK_LETTERS[start_rank]}
    if hand.get("took") is not None:
        entry["took"] = hand["took"]
    if hand.get("raw") is not None:
        entry["raw"] = list(hand["raw"])
    entry["doubles"] = [list(pair) for pair in doubles]
    return entry


__all__ = ["FORMAT", "ScoredHand", "SheetError", "SheetFileError", "SheetGame"]
